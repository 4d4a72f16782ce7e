"""Real Raspberry Pi hardware. Skipped unless run with --hardware (tests/conftest.py).

Environment: COMPANION_OLED_TYPE (ssd1306|sh1106, default ssd1306), COMPANION_OLED_ADDRESS
(default 0x3C), COMPANION_OLED_PORT (default 1).
"""

import os
import queue

import pytest
from PIL import Image, ImageDraw

from drivers import open_display, open_inputs
from drivers.probe import probe_gpio, probe_i2c

pytestmark = pytest.mark.hardware


def oled_cfg():
    return {
        "type": os.environ.get("COMPANION_OLED_TYPE", "ssd1306"),
        "address": os.environ.get("COMPANION_OLED_ADDRESS", "0x3C"),
        "port": int(os.environ.get("COMPANION_OLED_PORT", "1")),
    }


def test_real_oled_answers_probe_and_shows_frames():
    cfg = oled_cfg()
    r = probe_i2c()
    assert any(
        d.get("responding") and d["address"] == f"0x{int(str(cfg['address']), 0):02X}" for d in r["devices"]
    ), r
    d = open_display(cfg)
    img = Image.new("1", (128, 64))
    ImageDraw.Draw(img).rectangle((2, 2, 125, 61), outline=1)
    assert d.show(img) is True
    assert d.show(img) is False
    assert d.error is None
    d.close("hardware test ok")


def test_real_gpio_buttons_open_with_the_default_factory():
    assert probe_gpio()["gpiochips"], "no /dev/gpiochip*"
    inp = open_inputs({"type": "gpiozero"}, queue.Queue())
    try:
        factory = type(inp.devices["ok"].pin_factory).__name__
        assert factory != "MockFactory"
        assert all(not b.is_pressed for b in inp.devices.values()), (
            "a button reads pressed at rest: wiring/pull-up?"
        )
    finally:
        inp.close()
