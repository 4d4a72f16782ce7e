"""Hardware drivers: one small interface per kind of hardware, each backend picked from config.

Importing this package is cheap: no gpiozero, luma, pyserial, OpenCV or picamera2 import happens
until a backend is opened. The core uses only:

- inputs:  ``open_inputs(cfg, queue)``  -> puts :class:`drivers.inputs.ButtonEvent` into ``queue``
- display: ``open_display(cfg)``        -> ``show(image)`` a 128x64 mode "1" PIL image, ``close()``
- link:    ``open_link(cfg, queue)``    -> lines to/from a serial peer (docs/serial-protocol.md)
- camera:  ``open_camera(cfg)``         -> ``read()`` a BGR numpy frame, ``close()``

and the ``*_with_fallback`` variants that never raise for a missing device. See docs/drivers.md.
"""

from __future__ import annotations

from drivers.errors import CameraError, ConfigError, DisplayError, DriverError, InputError, LinkError
from drivers.factory import (
    Opened,
    check_config,
    open_camera,
    open_camera_with_fallback,
    open_display,
    open_display_with_fallback,
    open_inputs,
    open_inputs_with_fallback,
    open_link,
    open_link_with_fallback,
)
from drivers.inputs.events import BUTTONS, ButtonEvent
from drivers.link.serial_link import LinkAction, LinkStatus

__all__ = [
    "BUTTONS",
    "ButtonEvent",
    "LinkAction",
    "LinkStatus",
    "CameraError",
    "ConfigError",
    "DisplayError",
    "DriverError",
    "InputError",
    "LinkError",
    "Opened",
    "check_config",
    "open_camera",
    "open_camera_with_fallback",
    "open_display",
    "open_display_with_fallback",
    "open_inputs",
    "open_inputs_with_fallback",
    "open_link",
    "open_link_with_fallback",
]
