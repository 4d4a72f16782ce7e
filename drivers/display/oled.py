"""SSD1306 / SH1106 128x64 OLEDs over I2C through luma.oled (imported when opened).

luma's ssd1306/sh1106 always send the whole 1,024-byte frame, so the base class's skip of
unchanged frames is what saves the ~23 ms a frame costs at 400 kHz. If the device fails while
running (loose wire, brown-out), show() logs it, returns False, sets ``error`` and tries to
re-initialise the panel every ``retry_s`` seconds; the game goes on meanwhile.

luma registers cleanup() with atexit, which SIGTERM skips: the service calls close().
"""

from __future__ import annotations

import logging
import warnings
from typing import Any

from drivers.display.base import HEIGHT, WIDTH, Display
from drivers.errors import DisplayError

log = logging.getLogger(__name__)

KINDS = ("ssd1306", "sh1106")


def filter_luma_getdata_warning() -> None:
    """Silence only Pillow 13's ``Image.getdata`` deprecation as raised from luma's code
    (luma.oled 3.16 calls it in display(); Pillow 14 removes it). Everything else still warns."""
    warnings.filterwarnings(
        "ignore",
        message=r"Image\.Image\.getdata is deprecated",
        category=DeprecationWarning,
        module=r"luma\.",
    )


class LumaOled(Display):
    def __init__(
        self,
        kind: str = "ssd1306",
        *,
        port: int = 1,
        address: int = 0x3C,
        rotate: int = 0,
        contrast: int = 0xCF,
        retry_s: float = 5.0,
        serial_interface: Any = None,
        **shift: Any,
    ):
        shift.setdefault("pixel_shift", True)
        super().__init__(**shift)
        if kind not in KINDS:
            raise ValueError(f"display.type: {kind!r} is not one of {KINDS}")
        self.kind = kind
        self.port, self.address, self.rotate, self.contrast = port, address, rotate, contrast
        self.retry_s = retry_s
        self._serial_interface = serial_interface
        self._next_retry = 0.0
        filter_luma_getdata_warning()
        self.device = self._open()

    @property
    def where(self) -> str:
        return f"{self.kind} on /dev/i2c-{self.port} at 0x{self.address:02X}"

    def _open(self) -> Any:
        try:
            from luma.core.error import DeviceNotFoundError, DevicePermissionError
            from luma.oled import device as luma_device
        except ImportError as e:
            raise DisplayError(
                f"{self.where}: luma.oled is not importable ({e}); pip install luma.oled"
            ) from e
        cls = getattr(luma_device, self.kind)
        try:
            serial = self._serial_interface
            if serial is None:
                from luma.core.interface.serial import i2c

                serial = i2c(port=self.port, address=self.address)
            dev = cls(serial, width=WIDTH, height=HEIGHT, rotate=self.rotate)
            dev.contrast(self.contrast)
        except DeviceNotFoundError as e:
            raise DisplayError(
                f"{self.where}: not found ({e}). Is I2C enabled (raspi-config), the wiring right, "
                f"and the address what `i2cdetect -y {self.port}` shows (0x3C or 0x3D)?"
            ) from e
        except DevicePermissionError as e:
            raise DisplayError(f"{self.where}: permission denied ({e}); add the user to the i2c group") from e
        except (OSError, ImportError) as e:
            raise DisplayError(f"{self.where}: cannot open: {type(e).__name__}: {e}") from e
        return dev

    def _push(self, frame: Any) -> bool:
        if self.device is None:
            if self.clock() < self._next_retry:
                return False
            try:
                self.device = self._open()
                log.info("%s: re-initialised", self.where)
                self.error = None
            except DisplayError as e:
                self._next_retry = self.clock() + self.retry_s
                self.error = str(e)
                return False
        try:
            self.device.display(frame)
            return True
        except Exception as e:  # noqa: BLE001 - a failing panel must not stop the game
            self.error = f"{self.where}: frame failed: {type(e).__name__}: {e}"
            log.warning("%s; retrying in %.0f s", self.error, self.retry_s)
            self._disown(self.device)
            self.device = None
            self._next_retry = self.clock() + self.retry_s
            return False

    @staticmethod
    def _disown(dev: Any) -> None:
        # luma's atexit hook calls dev.cleanup(); make it a no-op for a device we let go of
        try:
            dev._serial_interface.cleanup()
        except Exception:  # noqa: BLE001
            pass
        dev.cleanup = lambda: None

    def _close(self, persist: bool) -> None:
        dev = self.device
        if dev is None:
            return
        dev.persist = persist  # True: leave the last frame (the message) lit
        try:
            dev.cleanup()  # persist False: display off and cleared
        finally:
            dev.cleanup = lambda: None  # the atexit hook must not blank the message later
