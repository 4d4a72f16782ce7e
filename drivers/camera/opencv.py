"""OpenCV VideoCapture: a USB camera (index or /dev/videoN) or a video file (looped)."""
from __future__ import annotations

import os
import sys
from typing import Any

from drivers.camera.base import Camera
from drivers.errors import CameraError


class OpenCVCamera(Camera):
    kind = "opencv"

    def __init__(self, source: int | str = 0, size: tuple[int, int] | None = None, loop: bool = True):
        if isinstance(source, str) and source.isdigit():
            source = int(source)
        self.source = source
        self.loop = loop
        self.is_file = isinstance(source, str) and not source.startswith("/dev/") and "://" not in source
        dev = f"/dev/video{source}" if isinstance(source, int) else source
        self.device = dev
        if sys.platform.startswith("linux") and (isinstance(source, int) or source.startswith("/dev/")) \
                and not os.path.exists(dev):
            raise CameraError(f"camera {dev} (opencv): not found; is the USB camera plugged in? (ls /dev/video*)")
        if self.is_file and not os.path.isfile(source):
            raise CameraError(f"video file {source} (opencv): not found")
        try:
            import cv2
        except ImportError as e:  # pragma: no cover - a dependency
            raise CameraError(f"{self.name}: OpenCV is not importable: {e}") from e
        self._cv2 = cv2
        cap = cv2.VideoCapture(source)
        if not cap.isOpened():
            cap.release()
            raise CameraError(f"{self.name}: cannot open")
        if size and not self.is_file:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)      # the newest frame, not a stale one
        self._cap = cap
        self.frames_read = 0

    @property
    def name(self) -> str:
        return f"{'video file' if getattr(self, 'is_file', False) else 'camera'} {self.device} (opencv)"

    def read(self) -> Any:
        if self._cap is None:
            raise CameraError(f"{self.name}: closed")
        ok, frame = self._cap.read()
        if not ok and self.is_file and self.loop and self.frames_read:
            self._cap.set(self._cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._cap.read()
        if not ok or frame is None:
            raise CameraError(f"{self.name}: " + ("end of video" if self.is_file else "no frame (unplugged?)"))
        self.frames_read += 1
        if frame.ndim == 2:
            frame = self._cv2.cvtColor(frame, self._cv2.COLOR_GRAY2BGR)
        return frame

    def close(self) -> None:
        cap, self._cap = getattr(self, "_cap", None), None
        if cap is not None:
            cap.release()
