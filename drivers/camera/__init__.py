"""Camera: ``read()`` -> BGR uint8 numpy frame (H, W, 3), ``close()``.

Backends (opened by drivers.factory.open_camera): Picamera2Camera (drivers.camera.picam),
OpenCVCamera (drivers.camera.opencv), FolderCamera (drivers.camera.folder), NullCamera; any of
them turned by quarter turns (``rotate``): TurnedCamera (drivers.camera.turned).
"""

from drivers.camera.base import Camera, NullCamera

__all__ = ["Camera", "NullCamera"]
