"""A folder of images as a camera: read() returns them in sorted name order, cycling."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from drivers.camera.base import Camera
from drivers.errors import CameraError

EXTENSIONS = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class FolderCamera(Camera):
    kind = "folder"

    def __init__(self, path: str | Path, loop: bool = True):
        self.path = Path(path)
        self.loop = loop
        if not self.path.is_dir():
            raise CameraError(f"image folder {self.path}: not found")
        self.files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in EXTENSIONS and p.is_file())
        if not self.files:
            raise CameraError(f"image folder {self.path}: no images ({', '.join(EXTENSIONS)})")
        self.index = 0
        self.current: Path | None = None

    @property
    def name(self) -> str:
        return f"image folder {self.path}"

    def read(self) -> Any:
        import cv2

        if self.index >= len(self.files):
            if not self.loop:
                raise CameraError(f"{self.name}: no more images")
            self.index = 0
        p = self.files[self.index]
        self.index += 1
        img = cv2.imread(str(p), cv2.IMREAD_COLOR)
        if img is None:
            raise CameraError(f"{self.name}: cannot read {p.name}")
        self.current = p
        return img
