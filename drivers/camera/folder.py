"""A folder of images as a camera: read() returns them in sorted name order, cycling.

``read_image(path)`` is how every photo file becomes a frame (``companion dice read`` uses it
too): the bytes are read by Python and decoded from memory, so a file that cannot be a frame
is named with what is wrong with it, and OpenCV never sees a file name (it crashes on one that
is not UTF-8, as a camera's card can hold).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from drivers.camera.base import Camera
from drivers.errors import CameraError

EXTENSIONS = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
HEIC = (".heic", ".heif", ".hif")
HEIC_BRANDS = (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1")
UNDECODABLE = "not a JPEG or PNG OpenCV can decode"
HEIC_HINT = (
    "a HEIC photo, which OpenCV cannot decode: save it as JPEG (on an iPhone, Settings > Camera > "
    "Formats > Most Compatible)"
)


def read_image(path: str | Path) -> Any:
    """The image file as a BGR uint8 frame (H, W, 3), turned upright by its EXIF orientation as
    a phone's photo is shown. OSError when the file cannot be read (FileNotFoundError,
    IsADirectoryError, PermissionError); ValueError saying what is wrong with its content."""
    import cv2
    import numpy as np

    data = _file_bytes(path)
    if not data:
        raise ValueError(f"an empty file (0 bytes), {UNDECODABLE}")
    if _jpeg_cut_short(data):
        raise ValueError(
            "a JPEG cut short or damaged (its picture has no end): copy it again from the camera"
        )
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        raise ValueError(HEIC_HINT if _heic(path, data) else UNDECODABLE)
    return frame


def _file_bytes(path: str | Path) -> bytes:
    """The file's bytes; a folder or a pipe is refused before reading (a pipe would block)."""
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(mode):
        raise ValueError("not a regular file (a device or a pipe)")
    return Path(path).read_bytes()


def _heic(path: str | Path, data: bytes) -> bool:
    """An iPhone's HEIC/HEIF photo, by its name or its ``ftyp`` brand."""
    return Path(path).suffix.lower() in HEIC or (data[4:8] == b"ftyp" and data[8:12] in HEIC_BRANDS)


def _jpeg_cut_short(data: bytes) -> bool:
    """A JPEG whose segments run past the file's end before the end-of-image marker: a copy
    cut short, or damaged. OpenCV decodes such a file without an error, the missing part
    grey, and a die there is missed or misread. What a phone appends after the picture (a
    motion photo's video) is never looked at."""
    if data[:2] != b"\xff\xd8":
        return False
    pos, end = 2, len(data)
    while True:
        pos = data.find(b"\xff", pos)  # stray bytes between segments: libjpeg skips them
        if pos < 0:
            return True
        while pos < end and data[pos] == 0xFF:  # fill bytes before a marker
            pos += 1
        if pos >= end:
            return True
        marker = data[pos]
        pos += 1
        if marker == 0xD9:  # end of image
            return False
        if 0xD0 <= marker <= 0xD7 or marker in (0x00, 0x01):
            continue  # markers without a length, or a stray 0xFF00
        if pos + 2 > end:
            return True
        pos += int.from_bytes(data[pos : pos + 2], "big")
        if pos > end:
            return True
        if marker == 0xDA:  # start of scan: skip its coded data
            pos = _after_scan(data, pos)


def _after_scan(data: bytes, pos: int) -> int:
    """Where a scan's coded data ends: at the first 0xFF that is neither a stuffed 0xFF00
    nor a restart marker (or the file's end)."""
    while True:
        pos = data.find(b"\xff", pos)
        if pos < 0 or pos + 1 >= len(data):
            return len(data)
        nxt = data[pos + 1]
        if nxt != 0x00 and not 0xD0 <= nxt <= 0xD7:
            return pos
        pos += 2


class FolderCamera(Camera):
    kind = "folder"

    def __init__(self, path: str | Path, loop: bool = True):
        self.path = Path(path)
        self.loop = loop
        if self.path.is_file():
            raise CameraError(
                f"image folder {self.path}: a file, not a folder; give the folder that holds the images"
            )
        if not self.path.is_dir():
            raise CameraError(f"image folder {self.path}: not found")
        try:
            names = list(self.path.iterdir())
        except OSError as e:
            raise CameraError(f"image folder {self.path}: cannot list it: {e.strerror or e}") from None
        self.files = sorted(p for p in names if p.suffix.lower() in EXTENSIONS and p.is_file())
        if not self.files:
            raise CameraError(
                f"image folder {self.path}: no images ({', '.join(EXTENSIONS)})" + _heic_note(names)
            )
        self.index = 0
        self.current: Path | None = None

    @property
    def name(self) -> str:
        return f"image folder {self.path}"

    def read(self) -> Any:
        if self.index >= len(self.files):
            if not self.loop:
                raise CameraError(f"{self.name}: no more images")
            self.index = 0
        p = self.files[self.index]
        self.index += 1  # a bad image is named once; the next read goes on past it
        try:
            img = read_image(p)
        except FileNotFoundError:
            raise CameraError(f"{self.name}: cannot read {p.name}: no longer there") from None
        except OSError as e:
            raise CameraError(f"{self.name}: cannot read {p.name}: {e.strerror or e}") from None
        except ValueError as e:
            raise CameraError(f"{self.name}: cannot read {p.name}: {e}") from None
        self.current = p
        return img


def _heic_note(names: list[Path]) -> str:
    """Why a folder of iPhone photos has no images."""
    heic = sorted(p.name for p in names if p.suffix.lower() in HEIC)
    return f"; {heic[0]} is {HEIC_HINT}" if heic else ""
