"""check_config: validating a driver section without opening any hardware."""

import pytest


def test_check_config_validates_without_opening_anything():
    from drivers import ConfigError, check_config

    check_config("display", {"type": "ssd1306", "address": "0x3D"})  # no I2C bus needed
    check_config("inputs", {"type": "gpiozero", "pin_factory": "lgpio"})  # no pin factory made
    check_config("inputs", [{"type": "null"}, {"type": "script", "path": "x"}])
    check_config("link", {"type": "serial", "port": "/dev/does-not-exist"})  # no thread started
    check_config("camera", {"type": "picamera2"})
    with pytest.raises(ConfigError, match=r"^display.address: "):
        check_config("display", {"type": "ssd1306", "address": 300})
    with pytest.raises(ConfigError, match=r"^inputs.debounce: unknown key"):
        check_config("inputs", {"type": "gpiozero", "debounce": 3})
    with pytest.raises(ConfigError, match=r"^camera.type"):
        check_config("camera", {"type": "webcam"})
