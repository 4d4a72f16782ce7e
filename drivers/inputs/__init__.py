"""Inputs: every source puts :class:`ButtonEvent` into the caller's queue.

Backends (imported lazily by drivers.factory.open_inputs):
- ``GpioButtons``   (drivers.inputs.gpio)     gpiozero buttons, own debounce/long/repeat
- ``RotaryInput``   (drivers.inputs.rotary)   gpiozero RotaryEncoder -> "cw"/"ccw"
- ``KeyboardInput`` (drivers.inputs.keyboard) terminal keys
- ``ScriptedInput`` (drivers.inputs.scripted) a key script file, for headless runs
- ``NullInput``     (drivers.inputs.base)
"""

from drivers.inputs.base import InputBackend, MultiInput, NullInput
from drivers.inputs.events import ALL_BUTTONS, BUTTONS, ENCODER_BUTTONS, KINDS, ButtonEvent
from drivers.inputs.logic import ButtonLogic

__all__ = [
    "ALL_BUTTONS",
    "BUTTONS",
    "ENCODER_BUTTONS",
    "KINDS",
    "ButtonEvent",
    "ButtonLogic",
    "InputBackend",
    "MultiInput",
    "NullInput",
]
