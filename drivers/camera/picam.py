"""Raspberry Pi camera through picamera2 (apt's python3-picamera2; imported only when opened).

Format "RGB888" gives pixels in B, G, R order in memory, which is what OpenCV wants.
After start the auto exposure and white balance run for ``settle_s``; then their values are
read with capture_metadata() and fixed with set_controls() (AeEnable/AwbEnable off), so
lighting thresholds do not drift between the empty-tray shot and the dice shot.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from drivers.camera.base import Camera
from drivers.errors import CameraError

log = logging.getLogger(__name__)

LOCKED = ("ExposureTime", "AnalogueGain", "ColourGains")


class Picamera2Camera(Camera):
    kind = "picamera2"

    def __init__(
        self,
        size: tuple[int, int] = (1280, 960),
        camera_num: int = 0,
        settle_s: float = 1.0,
        lock_controls: bool = True,
        sleep: Callable[[float], None] | None = None,
    ):
        self.size = tuple(size)
        self.camera_num = camera_num
        self.locked: dict[str, Any] = {}
        self._cam: Any = None
        sleep = sleep or time.sleep
        try:
            from picamera2 import Picamera2
        except Exception as e:  # ImportError, or libcamera failing to load
            raise CameraError(
                f"camera {camera_num} (picamera2): picamera2 is not importable ({type(e).__name__}: {e}); "
                "on the Pi: apt install python3-picamera2 and a venv made with --system-site-packages"
            ) from e
        try:
            cams = Picamera2.global_camera_info()
        except Exception as e:  # noqa: BLE001
            raise CameraError(f"camera {camera_num} (picamera2): cannot list cameras: {e}") from e
        if camera_num >= len(cams):
            raise CameraError(
                f"camera {camera_num} (picamera2): not found; libcamera sees {len(cams)} camera(s)"
                + (
                    f": {', '.join(str(c.get('Model', '?')) for c in cams)}"
                    if cams
                    else " (check the ribbon cable and `rpicam-hello --list-cameras`)"
                )
            )
        self.model = str(cams[camera_num].get("Model", "?"))
        try:
            cam = Picamera2(camera_num)
            self._cam = cam
            config = cam.create_still_configuration(main={"format": "RGB888", "size": self.size})
            cam.configure(config)
            cam.start()
            if lock_controls:
                sleep(settle_s)
                md = cam.capture_metadata()
                self.locked = {k: md[k] for k in LOCKED if k in md}
                cam.set_controls({**self.locked, "AeEnable": False, "AwbEnable": False})
                log.info(
                    "camera %d (%s): exposure/white balance locked at %s", camera_num, self.model, self.locked
                )
        except Exception as e:  # noqa: BLE001
            self.close()
            raise CameraError(
                f"camera {camera_num} ({self.model}, picamera2): cannot start: {type(e).__name__}: {e}"
            ) from e

    @property
    def name(self) -> str:
        return f"camera {self.camera_num} ({getattr(self, 'model', '?')}, picamera2)"

    def read(self) -> Any:
        if self._cam is None:
            raise CameraError(f"{self.name}: closed")
        try:
            frame = self._cam.capture_array("main")
        except Exception as e:  # noqa: BLE001
            raise CameraError(f"{self.name}: capture failed: {type(e).__name__}: {e}") from e
        if frame.ndim != 3 or frame.shape[2] < 3:
            raise CameraError(f"{self.name}: unexpected frame shape {frame.shape}")
        return frame[:, :, :3]  # RGB888 is already B, G, R in memory

    def close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is None:
            return
        for step in ("stop", "close"):
            try:
                getattr(cam, step)()
            except Exception as e:  # noqa: BLE001
                log.warning("camera %d: %s failed: %s", self.camera_num, step, e)
