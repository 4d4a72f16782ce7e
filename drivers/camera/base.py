"""The camera interface: ``read()`` -> BGR uint8 numpy array of shape (H, W, 3); ``close()``."""

from __future__ import annotations

from typing import Any

from drivers.errors import CameraError


class Camera:
    kind = "camera"
    available = True

    @property
    def name(self) -> str:
        return self.kind

    def read(self) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class NullCamera(Camera):
    """No camera: every reading must go through the manual path on the buttons."""

    kind = "null"
    available = False

    def read(self) -> Any:
        raise CameraError("no camera is configured or available; enter the dice by hand")
