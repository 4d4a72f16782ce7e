"""Display: ``show(image)`` a 128x64 mode "1" PIL image, ``close(message=None)``.

Backends (opened by drivers.factory.open_display): LumaOled (ssd1306/sh1106 over I2C),
TerminalDisplay, PngFrames, NullDisplay. All skip unchanged frames; the OLEDs shift pixels
slowly against burn-in.
"""

from drivers.display.base import HEIGHT, SIZE, WIDTH, Display, NullDisplay, PixelShift, message_image

__all__ = ["HEIGHT", "SIZE", "WIDTH", "Display", "NullDisplay", "PixelShift", "message_image"]
