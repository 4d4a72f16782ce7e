"""OpenCV VideoCapture: a USB camera (index or /dev/videoN) or a video file (looped)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

from drivers.camera.base import Camera
from drivers.errors import CameraError


def is_device(source: int | str) -> bool:
    """A camera device rather than a video file: an index, a character device, or a name under
    /dev/ without a suffix that is not there (an unplugged /dev/video2). A video kept in memory
    under /dev/shm is a file."""
    if isinstance(source, int):
        return True
    if not source.startswith("/dev/"):
        return False
    try:
        return stat.S_ISCHR(os.stat(source).st_mode)
    except OSError:
        return not Path(source).suffix


class OpenCVCamera(Camera):
    kind = "opencv"

    def __init__(self, source: int | str = 0, size: tuple[int, int] | None = None, loop: bool = True):
        if isinstance(source, str) and source.isdigit():
            source = int(source)
        self.source = source
        self.loop = loop
        device = is_device(source)
        self.is_file = isinstance(source, str) and not device and "://" not in source
        dev = f"/dev/video{source}" if isinstance(source, int) else source
        self.device = dev
        if sys.platform.startswith("linux") and device and not os.path.exists(dev):
            raise CameraError(
                f"camera {dev} (opencv): not found; is the USB camera plugged in? (ls /dev/video*)"
            )
        if isinstance(source, str) and self.is_file:
            _check_video_path(source)
        try:
            import cv2
        except ImportError as e:  # pragma: no cover - a dependency
            raise CameraError(f"{self.name}: OpenCV is not importable: {e}") from e
        self._cv2 = cv2
        cap = cv2.VideoCapture(source)
        if not cap.isOpened():
            cap.release()
            raise CameraError(
                f"{self.name}: cannot open"
                + (_unopened(source) if isinstance(source, str) and self.is_file else "")
            )
        if size and not self.is_file:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not a stale one
        self._cap: cv2.VideoCapture | None = cap  # None once closed
        self.frames_read = 0

    @property
    def name(self) -> str:
        return f"{'video file' if getattr(self, 'is_file', False) else 'camera'} {self.device} (opencv)"

    def read(self) -> Any:
        if self._cap is None:
            raise CameraError(f"{self.name}: closed")
        ok, frame = self._cap.read()
        if not ok and self.is_file and self.loop and self.frames_read:
            ok, frame = self._rewound(self._cap)
        if not ok or frame is None:
            raise CameraError(f"{self.name}: " + self._no_frame())
        self.frames_read += 1
        if frame.ndim == 2:
            frame = self._cv2.cvtColor(frame, self._cv2.COLOR_GRAY2BGR)
        return frame

    def _rewound(self, cap: Any) -> tuple[bool, Any]:
        """The first frame again: seek back, or open the file anew where it cannot seek (a
        still image given as the video plays once otherwise)."""
        cap.set(self._cv2.CAP_PROP_POS_FRAMES, 0)
        ok, frame = cap.read()
        if not ok:
            cap.release()
            self._cap = cap = self._cv2.VideoCapture(self.source)
            ok, frame = cap.read()
        return ok, frame

    def _no_frame(self) -> str:
        """Why read() got nothing: a camera unplugged, a video that ended or never gave a frame."""
        if not self.is_file:
            return "no frame (unplugged?)"
        if not self.frames_read:
            return "no frame in it: an empty video, or one OpenCV cannot decode"
        return "end of video"

    def close(self) -> None:
        cap, self._cap = getattr(self, "_cap", None), None
        if cap is not None:
            cap.release()


def _check_video_path(source: str) -> None:
    """Refuse, by name, a video path that is not a readable file before OpenCV sees it (it
    crashes on a name that is not UTF-8)."""
    if os.path.isdir(source):
        raise CameraError(
            f'video file {source} (opencv): a folder; for a folder of images use type = "folder"'
        )
    if not os.path.isfile(source):
        raise CameraError(f"video file {source} (opencv): not found")
    try:
        source.encode("utf-8")
    except UnicodeEncodeError:
        raise CameraError(
            f"video file {os.fsencode(source).decode('utf-8', 'backslashreplace')} (opencv): "
            "the name is not UTF-8, which OpenCV cannot open; rename the file"
        ) from None


def _unopened(source: str) -> str:
    """Why OpenCV could not open a video file that is there."""
    try:
        with open(source, "rb") as f:
            empty = not f.read(1)
    except OSError as e:
        return f": {e.strerror or e}"
    return ": an empty file (0 bytes)" if empty else ": not a video OpenCV can decode"
