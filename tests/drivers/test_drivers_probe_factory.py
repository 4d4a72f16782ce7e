"""drivers.probe (never raises, plain dicts) and the factories' lazy imports and fallbacks."""

import json
import os
import subprocess
import sys

import pytest

import drivers.probe as probe
from drivers import ConfigError, open_display, open_inputs_with_fallback, open_link_with_fallback


class FakeBus:
    def __init__(self, n, present=(0x3C,)):
        self.n, self.present, self.closed = n, present, False

    def write_quick(self, addr):
        if addr not in self.present:
            raise OSError(121, "Remote I/O error")

    def close(self):
        self.closed = True


def test_probe_i2c_finds_buses_and_responding_address(tmp_path):
    for name in ("i2c-1", "i2c-20", "i2c-2"):
        (tmp_path / name).touch()
    opened = []

    def factory(n):
        if n == 20:
            raise PermissionError(13, "Permission denied", f"/dev/i2c-{n}")
        opened.append(FakeBus(n))
        return opened[-1]

    r = probe.probe_i2c(dev_dir=str(tmp_path), smbus_factory=factory)
    assert r["buses"] == [str(tmp_path / "i2c-1"), str(tmp_path / "i2c-2"), str(tmp_path / "i2c-20")]
    assert {"bus": 1, "address": "0x3C", "responding": True} in r["devices"]
    assert {"bus": 1, "address": "0x3D", "responding": False} in r["devices"]
    assert any(d["bus"] == 20 and "Permission denied" in d["error"] for d in r["devices"])
    assert all(b.closed for b in opened)
    json.dumps(r)


def test_probe_i2c_falls_back_to_read_byte_without_quick_write(tmp_path):
    import errno

    class NoQuick(FakeBus):
        def write_quick(self, addr):
            raise OSError(errno.EOPNOTSUPP, "Operation not supported")

        def read_byte(self, addr):
            if addr != 0x3D:
                raise OSError(121, "Remote I/O error")
            return 0

    (tmp_path / "i2c-1").touch()
    r = probe.probe_i2c(dev_dir=str(tmp_path), smbus_factory=NoQuick)
    assert [d["responding"] for d in r["devices"]] == [False, True]


def test_probe_i2c_without_buses_says_how_to_enable(tmp_path):
    r = probe.probe_i2c(dev_dir=str(tmp_path), smbus_factory=FakeBus)
    assert r["buses"] == [] and "raspi-config" in r["error"]


def test_probe_gpio_and_camera_on_a_fake_dev_dir(tmp_path, monkeypatch):
    for name in ("gpiochip0", "gpiochip4", "video0", "video10"):
        (tmp_path / name).touch()
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    g = probe.probe_gpio(dev_dir=str(tmp_path), model_path=str(model))
    assert g["gpiochips"] == [str(tmp_path / "gpiochip0"), str(tmp_path / "gpiochip4")]
    assert g["board"] == "Raspberry Pi 5 Model B Rev 1.0"
    assert g["likely_factory"] in ("lgpio", "rpigpio", "pigpio", "native")
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert probe.probe_gpio(dev_dir=str(tmp_path))["likely_factory"] == "mock"
    c = probe.probe_camera(dev_dir=str(tmp_path))
    assert c["video_devices"] == [str(tmp_path / "video0"), str(tmp_path / "video10")]
    assert isinstance(c["picamera2"], bool)
    if not c["picamera2"]:
        assert "picamera2" in c["errors"]
    json.dumps(g), json.dumps(c)


def test_probe_serial_lists_ports_as_dicts():
    r = probe.probe_serial()
    assert isinstance(r["ports"], list)
    for p in r["ports"]:
        assert set(p) == {"device", "description", "hwid"}


def test_probe_all_never_raises(monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(probe.glob, "glob", boom)
    r = probe.probe_all()
    assert set(r) == {"i2c", "camera", "gpio", "serial"}
    assert (
        "kaboom" in r["i2c"]["error"] and "kaboom" in r["gpio"]["error"] and "kaboom" in r["camera"]["error"]
    )
    json.dumps(r)


def test_probe_all_runs_in_a_clean_process():
    r = subprocess.run(
        [sys.executable, "-m", "drivers.probe"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 0, r.stderr
    assert set(json.loads(r.stdout)) == {"i2c", "camera", "gpio", "serial"}


# ------------------------------------------------------------------------------ factories
def test_backends_are_imported_lazily():
    code = """
import sys, queue
from drivers import open_display, open_inputs, open_link, open_camera
heavy = ('luma', 'gpiozero', 'serial', 'cv2', 'picamera2', 'termios', 'numpy')
open_display({'type': 'null'}); open_inputs({'type': 'null'}, queue.Queue())
open_link({'type': 'null'}); open_camera({'type': 'null'})
bad = sorted(m for m in sys.modules if m.split('.')[0] in heavy)
print(bad); sys.exit(1 if bad else 0)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stdout + r.stderr


def test_gpiozero_without_a_pin_factory_falls_back_with_reason():
    code = """
import json, queue, os, warnings
warnings.simplefilter('ignore')
os.environ.pop('GPIOZERO_PIN_FACTORY', None)
from drivers import open_inputs_with_fallback
d, reason = open_inputs_with_fallback({'type': 'gpiozero', 'pins': {'ok': 24}}, queue.Queue())
print(json.dumps([type(d).__name__, reason]))
"""
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"},
    )
    assert r.returncode == 0, r.stderr
    name, reason = json.loads(r.stdout.strip().splitlines()[-1])
    if reason is None:
        pytest.fail(
            "a pin factory loaded here; this machine has GPIO, so the fallback path was not exercised"
        )
    assert name == "NullInput" and "pin 24" in reason and "gpiozero" in reason


def test_fallback_can_be_another_real_backend(tmp_path):
    keys = tmp_path / "k.txt"
    keys.write_text("ok\n")
    d, reason = open_inputs_with_fallback(
        {"type": "script", "path": str(tmp_path / "missing.txt")},
        fallback={"type": "script", "path": str(keys)},
        threaded=False,
    )
    assert "missing.txt" in reason and d.steps[0].button == "ok"


def test_fallback_reraises_config_errors():
    with pytest.raises(ConfigError, match="inputs.pins.ok"):
        open_inputs_with_fallback({"type": "gpiozero", "pins": {"ok": -1}})
    with pytest.raises(ConfigError, match="link.port"):
        open_link_with_fallback({"type": "serial"})


def test_section_name_appears_in_errors():
    with pytest.raises(ConfigError, match=r"^devices\.oled\.contrast:"):
        open_display({"type": "ssd1306", "contrast": -1}, section="devices.oled")
    with pytest.raises(ConfigError, match=r"^display: expected a table"):
        open_display("ssd1306")
