"""What hardware is there? Plain-dict answers for ``companion doctor``. Nothing here raises:
every failure becomes an ``"error"`` string in the result. Nothing is opened for longer than
the probe, and no gpiozero pin factory is created (that would claim the GPIO chip).

    from drivers.probe import probe_all
    probe_all()  # {"i2c": {...}, "camera": {...}, "gpio": {...}, "serial": {...}}
"""

from __future__ import annotations

import errno
import functools
import glob
import importlib
import os
import re
from collections.abc import Callable, Iterable
from typing import Any

OLED_ADDRESSES = (0x3C, 0x3D)


def _safe(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(fn)
    def wrapper(*a: Any, **kw: Any) -> dict[str, Any]:
        try:
            return fn(*a, **kw)
        except Exception as e:  # noqa: BLE001 - the doctor must always get an answer
            return {"error": f"{type(e).__name__}: {e}"}

    return wrapper


def _err(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"


def _devices(dev_dir: str, pattern: str) -> list[str]:
    def key(p: str) -> tuple[str, int]:
        m = re.search(r"(\d+)$", p)
        return (re.sub(r"\d+$", "", p), int(m.group(1)) if m else -1)

    return sorted(glob.glob(os.path.join(dev_dir, pattern)), key=key)


def _importable(name: str) -> tuple[bool, str | None]:
    try:
        importlib.import_module(name)
        return True, None
    except Exception as e:  # noqa: BLE001 - ImportError, or a native library failing to load
        return False, _err(e)


@_safe
def probe_i2c(
    addresses: Iterable[int] = OLED_ADDRESSES,
    *,
    dev_dir: str = "/dev",
    smbus_factory: Callable[[int], Any] | None = None,
) -> dict[str, Any]:
    """I2C buses, and which of ``addresses`` answer on each (needs smbus2).

    {"buses": ["/dev/i2c-1"], "smbus2": True, "devices": [{"bus": 1, "address": "0x3C",
     "responding": True}], "error": None}
    """
    buses = _devices(dev_dir, "i2c-*")
    out: dict[str, Any] = {"buses": buses, "smbus2": None, "devices": [], "error": None}
    if smbus_factory is None:
        try:
            from smbus2 import SMBus

            smbus_factory = SMBus
            out["smbus2"] = True
        except Exception as e:  # noqa: BLE001
            out["smbus2"] = False
            out["error"] = f"smbus2 not importable ({_err(e)}): buses listed, addresses not probed"
            return out
    if not buses:
        out["error"] = f"no {dev_dir}/i2c-* (enable I2C: raspi-config > Interface Options > I2C)"
    for path in buses:
        m = re.search(r"(\d+)$", path)
        if not m:
            continue
        n = int(m.group(1))
        try:
            bus = smbus_factory(n)
        except Exception as e:  # noqa: BLE001 - e.g. permission denied: not in the i2c group
            out["devices"].append({"bus": n, "error": _err(e)})
            continue
        try:
            for addr in addresses:
                try:
                    bus.write_quick(addr)
                    ok = True
                except OSError as e:
                    ok = False
                    if e.errno in (errno.EOPNOTSUPP, errno.EINVAL):  # adapter without quick write
                        try:
                            bus.read_byte(addr)
                            ok = True
                        except OSError:
                            ok = False
                out["devices"].append({"bus": n, "address": f"0x{addr:02X}", "responding": ok})
        finally:
            try:
                bus.close()
            except Exception:  # noqa: BLE001
                pass
    return out


@_safe
def probe_camera(*, dev_dir: str = "/dev", list_cameras: bool = True) -> dict[str, Any]:
    """V4L2 nodes, and whether libcamera/picamera2 import (and which cameras libcamera sees).

    {"video_devices": [...], "libcamera": bool, "picamera2": bool, "cameras": [...], "errors": {...}}
    """
    out: dict[str, Any] = {"video_devices": _devices(dev_dir, "video*"), "errors": {}}
    for mod in ("libcamera", "picamera2"):
        ok, err = _importable(mod)
        out[mod] = ok
        if err:
            out["errors"][mod] = err
    out["cameras"] = []
    if out["picamera2"] and list_cameras:
        try:
            from picamera2 import Picamera2

            out["cameras"] = [
                {
                    k: (v if isinstance(v, (int, float, str, bool)) or v is None else str(v))
                    for k, v in dict(c).items()
                }
                for c in Picamera2.global_camera_info()
            ]
        except Exception as e:  # noqa: BLE001
            out["errors"]["cameras"] = _err(e)
    return out


@_safe
def probe_gpio(*, dev_dir: str = "/dev", model_path: str = "/proc/device-tree/model") -> dict[str, Any]:
    """GPIO chips, the board model, and which gpiozero pin-factory libraries import.

    {"gpiochips": [...], "board": "Raspberry Pi 5 Model B Rev 1.0" | None,
     "pin_factory_env": os.environ GPIOZERO_PIN_FACTORY, "libraries": {"lgpio": bool, ...},
     "likely_factory": "lgpio" | "rpigpio" | "pigpio" | "native" | "mock" | None}
    """
    out: dict[str, Any] = {"gpiochips": _devices(dev_dir, "gpiochip*"), "board": None, "errors": {}}
    try:
        with open(model_path, "rb") as f:
            out["board"] = f.read().rstrip(b"\x00\n").decode("utf-8", "replace")
    except OSError:
        pass
    env = os.environ.get("GPIOZERO_PIN_FACTORY")
    out["pin_factory_env"] = env
    libs = {}
    for name, mod in (("lgpio", "lgpio"), ("rpigpio", "RPi.GPIO"), ("pigpio", "pigpio")):
        ok, err = _importable(mod)
        libs[name] = ok
        if err and out["gpiochips"]:
            out["errors"][name] = err
    out["libraries"] = libs
    if env:
        out["likely_factory"] = env
    elif not out["gpiochips"]:
        out["likely_factory"] = None  # no GPIO here: buttons need the keyboard or mock
    else:
        out["likely_factory"] = next((n for n in ("lgpio", "rpigpio", "pigpio") if libs[n]), "native")
    return out


@_safe
def probe_serial() -> dict[str, Any]:
    """Serial ports pyserial can list: {"ports": [{"device", "description", "hwid"}]}."""
    from serial.tools import list_ports

    return {
        "ports": [
            {"device": p.device, "description": p.description, "hwid": p.hwid} for p in list_ports.comports()
        ]
    }


def probe_all() -> dict[str, Any]:
    """Everything above, each part independent of the others' failures."""
    return {"i2c": probe_i2c(), "camera": probe_camera(), "gpio": probe_gpio(), "serial": probe_serial()}


if __name__ == "__main__":  # python -m drivers.probe
    import json

    print(json.dumps(probe_all(), indent=2))
