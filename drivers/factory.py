"""Open a driver from a config mapping (as loaded from TOML): ``{"type": "...", ...}``.

Every backend module is imported only when its type is chosen. A wrong type, an unknown key or
a bad value raises :class:`drivers.errors.ConfigError` (a ValueError) naming the key, e.g.
``display.address: 300 is outside 3..119``. A device that cannot be opened raises a
:class:`drivers.errors.DriverError` (or OSError) whose message names the device.

The ``*_with_fallback`` helpers try the configured backend and, if it cannot open, log the
reason and return the fallback backend (null by default) with the reason, so the service can
carry on and say what is missing. Config errors are NOT swallowed by them.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from drivers._config import Cfg, CheckOnly, Validated
from drivers.errors import ConfigError

log = logging.getLogger(__name__)

INPUT_TYPES = ("gpiozero", "rotary", "keyboard", "script", "null")
DISPLAY_TYPES = ("ssd1306", "sh1106", "terminal", "png", "null")
LINK_TYPES = ("serial", "null")
CAMERA_TYPES = ("picamera2", "opencv", "folder", "null")


class Opened(NamedTuple):
    """What a ``*_with_fallback`` helper returns: the device, and why the configured backend
    could not be used (None when it was)."""

    device: Any
    reason: str | None


def _type(c: Cfg, types: tuple[str, ...]) -> str:
    return c.str("type", choices=types)


def _ms(c: Cfg, key: str, default: float, lo: float = 0.0, hi: float = 60_000.0) -> float:
    return c.float(key, default, lo, hi) / 1000.0


# ---------------------------------------------------------------------------------- inputs
def _pin(c: Cfg, key: str, v: Any) -> int | str:
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise c.error(key, f"expected a GPIO number or name like 'GPIO17', got {v!r}")
    if isinstance(v, int) and not 0 <= v <= 53:
        raise c.error(key, f"GPIO {v} is outside 0..53")
    return v


def _pin_factory(c: Cfg, given: Any) -> Any:
    if given is not None:
        return given
    name = c.str("pin_factory", "")
    if name == "" or (c.check_only and name in ("mock", "lgpio", "rpigpio", "pigpio", "native")):
        return None
    if name == "mock":
        from gpiozero.pins.mock import MockFactory

        return MockFactory()
    if name in ("lgpio", "rpigpio", "pigpio", "native"):
        import importlib

        mod, cls = {
            "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
            "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
            "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
            "native": ("gpiozero.pins.native", "NativeFactory"),
        }[name]
        return getattr(importlib.import_module(mod), cls)()
    raise c.error("pin_factory", f"{name!r} is not one of '', 'mock', 'lgpio', 'rpigpio', 'pigpio', 'native'")


def _logic_kw(c: Cfg) -> dict[str, Any]:
    from drivers.inputs.events import BUTTONS

    return dict(
        debounce_s=_ms(c, "debounce_ms", 30, 0, 1000),
        long_press_s=_ms(c, "long_press_ms", 800, 50, 10_000),
        repeat_delay_s=_ms(c, "repeat_delay_ms", 500, 50, 10_000),
        repeat_interval_s=_ms(c, "repeat_interval_ms", 120, 20, 10_000),
        repeat_buttons=c.str_list("repeat_buttons", ["up", "down", "left", "right"], BUTTONS),
    )


def open_inputs(
    cfg: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    queue: Any = None,
    *,
    clock: Any = None,
    section: str = "inputs",
    pin_factory: Any = None,
    **extra: Any,
):
    """Open an input backend; it puts ButtonEvents into ``queue``.

    ``cfg`` may also be a list of mappings: all are opened into one queue (a MultiInput).
    ``extra`` is passed to the backend (e.g. ``threaded=False``, ``fd=``, ``sleep=``).
    """
    import queue as _queue

    from drivers.inputs.base import MultiInput, NullInput

    if queue is None:
        queue = _queue.Queue()
    if isinstance(cfg, Sequence) and not isinstance(cfg, (str, bytes, Mapping)):
        opened = []
        try:
            for i, one in enumerate(cfg):
                opened.append(
                    open_inputs(
                        one, queue, clock=clock, section=f"{section}[{i}]", pin_factory=pin_factory, **extra
                    )
                )
        except BaseException:
            for b in opened:
                b.close()
            raise
        return MultiInput(opened, queue)
    c = Cfg(cfg, section)
    kind = _type(c, INPUT_TYPES)
    if kind == "null":
        c.check_unknown()
        return NullInput(queue, clock)
    if kind == "gpiozero":
        from drivers.inputs.events import BUTTONS
        from drivers.inputs.gpio import DEFAULT_PINS

        pins_raw = c.table("pins", DEFAULT_PINS)
        pins: dict[str, int | str] = {}
        for name, v in pins_raw.items():
            if name not in BUTTONS:
                raise c.error(f"pins.{name}", f"unknown button; expected one of {', '.join(BUTTONS)}")
            pins[name] = _pin(c, f"pins.{name}", v)
        if len(set(pins.values())) != len(pins):
            raise c.error("pins", "two buttons share a pin")
        pull_up = c.bool("pull_up", True)
        kw = _logic_kw(c)
        enc = c.table("encoder", {}) if c.has("encoder") else None
        pf = _pin_factory(c, pin_factory)
        enc_kw = _encoder_kw(Cfg(enc, f"{section}.encoder")) if enc is not None else None
        c.check_unknown()
        from drivers.inputs.gpio import GpioButtons

        buttons = GpioButtons(pins, queue, pull_up=pull_up, clock=clock, pin_factory=pf, **kw, **extra)
        if enc_kw is None:
            return buttons
        from drivers.inputs.rotary import RotaryInput

        try:
            rot = RotaryInput(queue=queue, clock=clock, pin_factory=pf, **enc_kw, **extra)
        except BaseException:
            buttons.close()
            raise
        return MultiInput([buttons, rot], queue)
    if kind == "rotary":
        kw = _encoder_kw(c)
        pf = _pin_factory(c, pin_factory)
        c.check_unknown()
        from drivers.inputs.rotary import RotaryInput

        return RotaryInput(queue=queue, clock=clock, pin_factory=pf, **kw, **extra)
    if kind == "keyboard":
        raw = c.bool("raw", True)
        esc = _ms(c, "esc_timeout_ms", 50, 1, 1000)
        c.check_unknown()
        from drivers.inputs.keyboard import KeyboardInput

        return KeyboardInput(queue, clock=clock, raw=raw, esc_timeout_s=esc, **extra)
    # script
    path = c.str("path")
    delay = _ms(c, "delay_ms", 0, 0, 60_000)
    c.check_unknown()
    from drivers.inputs.scripted import ScriptedInput

    return ScriptedInput(path, queue, clock=clock, delay_s=delay, **extra)


def _encoder_kw(c: Cfg) -> dict[str, Any]:
    kw: dict[str, Any] = dict(a=_pin(c, "a", c.raw("a")), b=_pin(c, "b", c.raw("b")))
    if c.has("button"):
        kw["button"] = _pin(c, "button", c.raw("button"))
    kw["pull_up"] = c.bool("pull_up", True)
    kw["reverse_lockout_s"] = _ms(c, "reverse_lockout_ms", 20, 0, 1000)
    kw["debounce_s"] = _ms(c, "debounce_ms", 30, 0, 1000)
    kw["long_press_s"] = _ms(c, "long_press_ms", 800, 50, 10_000)
    if c.section.endswith(".encoder"):
        c.check_unknown()
    if kw["a"] == kw["b"]:
        raise c.error("b", "encoder pins a and b must differ")
    return kw


# --------------------------------------------------------------------------------- display
def open_display(
    cfg: Mapping[str, Any],
    *,
    clock: Any = None,
    section: str = "display",
    serial_interface: Any = None,
    stream: Any = None,
):
    """Open a display backend: ``show(image)`` of a 128x64 mode "1" image, ``close(message)``.

    ``serial_interface`` replaces luma's i2c() (tests, benches); ``stream`` is the terminal
    backend's output (sys.stdout by default).
    """
    c = Cfg(cfg, section)
    kind = _type(c, DISPLAY_TYPES)
    oled = kind in ("ssd1306", "sh1106")
    shift = dict(
        pixel_shift=c.bool("pixel_shift", oled),
        shift_period_s=c.float("shift_period_s", 300.0, 1.0, 86_400.0),
        shift_max_px=c.int("shift_max_px", 2, 0, 4),
        clock=clock,
    )
    if oled:
        port = c.int("port", 1, 0, 99)
        address = c.int("address", 0x3C, 0x03, 0x77)
        rotate = c.int("rotate", 0, 0, 3)
        if rotate not in (0, 2):
            raise c.error("rotate", f"{rotate} would make the screen 64x128; use 0 or 2 (upside down)")
        contrast = c.int("contrast", 0xCF, 0, 255)
        retry_s = c.float("retry_s", 5.0, 0.1, 3600.0)
        c.check_unknown()
        from drivers.display.oled import LumaOled

        return LumaOled(
            kind,
            port=port,
            address=address,
            rotate=rotate,
            contrast=contrast,
            retry_s=retry_s,
            serial_interface=serial_interface,
            **shift,
        )
    if kind == "terminal":
        style = c.str("style", "halfblock", ("halfblock", "braille"))
        border = c.bool("border", True)
        c.check_unknown()
        from drivers.display.terminal import TerminalDisplay

        return TerminalDisplay(stream, style=style, border=border, **shift)
    if kind == "png":
        directory = c.str("dir")
        scale = c.int("scale", 1, 1, 16)
        c.check_unknown()
        from drivers.display.png import PngFrames

        return PngFrames(directory, scale=scale, **shift)
    c.check_unknown()
    from drivers.display.base import NullDisplay

    return NullDisplay(**shift)


# ------------------------------------------------------------------------------------ link
def open_link(
    cfg: Mapping[str, Any], queue: Any = None, *, section: str = "link", clock: Any = None, start: bool = True
):
    """Open the serial link. Incoming KEY lines become ButtonEvents (press+release), ACTION
    lines LinkAction, connection changes LinkStatus, all put into ``queue`` (``link.queue``)."""
    c = Cfg(cfg, section)
    kind = _type(c, LINK_TYPES)
    if kind == "null":
        c.check_unknown()
        from drivers.link.serial_link import NullLink

        return NullLink(queue)
    port = c.str("port")
    if not port.strip():
        raise c.error(
            "port", "must not be empty (a device like /dev/ttyUSB0 or a URL like socket://host:port)"
        )
    if "://" in port:
        scheme = port.split("://", 1)[0]
        import importlib.util

        try:
            known = importlib.util.find_spec(f"serial.urlhandler.protocol_{scheme}") is not None
        except (ImportError, ValueError):
            known = False
        if not known:
            raise c.error(
                "port", f"unknown URL scheme {scheme!r} (pyserial knows e.g. socket://, rfc2217://, loop://)"
            )
    kw: dict[str, Any] = dict(
        baudrate=c.int("baudrate", 115200, 50, 4_000_000),
        max_line=c.int("max_line", 256, 16, 4096),
        max_out_line=c.int("max_out_line", 4096, 1024, 65536),  # a STATE is about 600 bytes
        reconnect_min_s=c.float("reconnect_min_s", 0.5, 0.01, 60.0),
        reconnect_max_s=c.float("reconnect_max_s", 10.0, 0.01, 3600.0),
        write_timeout_s=c.float("write_timeout_s", 1.0, 0.01, 60.0),
        hello=c.bool("hello", True),
        scope=c.str("scope", "game", ("game", "full")),
        max_pending=c.int("max_pending", 64, 1, 100_000),
    )
    if kw["reconnect_max_s"] < kw["reconnect_min_s"]:
        raise c.error("reconnect_max_s", "must be >= reconnect_min_s")
    c.check_unknown()
    from drivers.link.serial_link import SerialLink

    return SerialLink(port, queue, clock=clock, start=start, **kw)


# ---------------------------------------------------------------------------------- camera
def open_camera(cfg: Mapping[str, Any], *, section: str = "camera"):
    """Open a camera: ``read()`` -> BGR uint8 numpy array (H, W, 3), ``close()``.

    ``rotate`` (0-3, quarter turns clockwise, every type) turns each frame so the table's far
    side is at its top (``drivers.camera.turned``)."""
    c = Cfg(cfg, section)
    kind = _type(c, CAMERA_TYPES)
    turns = c.int("rotate", 0, 0, 3)
    camera = _open_camera(c, kind)
    if turns and camera.available:
        from drivers.camera.turned import TurnedCamera

        return TurnedCamera(camera, turns)
    return camera


def _open_camera(c: Cfg, kind: str):
    if kind == "picamera2":
        kw: dict[str, Any] = dict(
            size=(c.int("width", 1280, 64, 9152), c.int("height", 960, 64, 6944)),
            camera_num=c.int("camera", 0, 0, 15),
            settle_s=c.float("settle_s", 1.0, 0.0, 30.0),
            lock_controls=c.bool("lock_controls", True),
        )
        c.check_unknown()
        from drivers.camera.picam import Picamera2Camera

        return Picamera2Camera(**kw)
    if kind == "opencv":
        src = c.raw("source", 0)
        if isinstance(src, bool) or not isinstance(src, (int, str)) or (isinstance(src, int) and src < 0):
            raise c.error(
                "source", f"expected a camera index (0, 1, ...) or a device/video path, got {src!r}"
            )
        w, h = c.int("width", 0, 0, 9152), c.int("height", 0, 0, 6944)
        loop = c.bool("loop", True)
        c.check_unknown()
        from drivers.camera.opencv import OpenCVCamera

        return OpenCVCamera(src, size=(w, h) if w and h else None, loop=loop)
    if kind == "folder":
        path = c.str("path")
        loop = c.bool("loop", True)
        c.check_unknown()
        from drivers.camera.folder import FolderCamera

        return FolderCamera(path, loop=loop)
    c.check_unknown()
    from drivers.camera.base import NullCamera

    return NullCamera()


# -------------------------------------------------------------------------------- fallback
def check_config(kind: str, cfg: Any, section: str | None = None) -> None:
    """Validate a configuration section without opening anything: raise ConfigError naming the
    key, or return. Lets the service refuse a wrong value even when it emulates the hardware."""
    openers = {"inputs": open_inputs, "display": open_display, "link": open_link, "camera": open_camera}
    if kind not in openers:
        raise ValueError(f"unknown driver kind {kind!r}")
    wrapped = [CheckOnly(m) for m in cfg] if isinstance(cfg, (list, tuple)) else CheckOnly(cfg or {})
    items = wrapped if isinstance(wrapped, list) else [wrapped]
    for item in items:
        try:
            openers[kind](item, section=section or kind)
        except Validated:
            continue


def _with_fallback(kind: str, opener: Any, cfg: Any, fallback_cfg: Any, *args: Any, **kw: Any) -> Opened:
    try:
        return Opened(opener(cfg, *args, **kw), None)
    except ConfigError:
        raise
    except Exception as e:  # noqa: BLE001 - any failure to open means: carry on without it
        t = cfg.get("type", "?") if isinstance(cfg, Mapping) else "?"
        reason = f"{kind} {t!r} unavailable: {type(e).__name__}: {e}"
        log.warning("%s; using %r instead", reason, fallback_cfg.get("type"))
        return Opened(opener(fallback_cfg, *args, **kw), reason)


def open_inputs_with_fallback(
    cfg: Any, queue: Any = None, *, fallback: Mapping[str, Any] | None = None, **kw: Any
) -> Opened:
    return _with_fallback("inputs", open_inputs, cfg, dict(fallback or {"type": "null"}), queue, **kw)


def open_display_with_fallback(
    cfg: Mapping[str, Any], *, fallback: Mapping[str, Any] | None = None, **kw: Any
) -> Opened:
    return _with_fallback("display", open_display, cfg, dict(fallback or {"type": "null"}), **kw)


def open_link_with_fallback(
    cfg: Mapping[str, Any], queue: Any = None, *, fallback: Mapping[str, Any] | None = None, **kw: Any
) -> Opened:
    return _with_fallback("link", open_link, cfg, dict(fallback or {"type": "null"}), queue, **kw)


def open_camera_with_fallback(
    cfg: Mapping[str, Any], *, fallback: Mapping[str, Any] | None = None, **kw: Any
) -> Opened:
    return _with_fallback("camera", open_camera, cfg, dict(fallback or {"type": "null"}), **kw)
