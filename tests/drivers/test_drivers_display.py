"""Display: the real luma ssd1306/sh1106 classes driving a recording interface, the skip of
unchanged frames, the burn-in shift, terminal and PNG backends, config errors."""

import io
import warnings

import pytest
from drivers_helpers import FakeClock
from PIL import Image

from drivers import ConfigError, DisplayError, open_display, open_display_with_fallback
from drivers.display import NullDisplay
from drivers.display.base import shift_offsets
from drivers.display.oled import LumaOled, filter_luma_getdata_warning
from drivers.display.terminal import render_braille, render_halfblock


class RecordingSerial:
    """Stands in for luma's i2c(): any object with command(*bytes), data(bytes), cleanup()."""

    def __init__(self):
        self.log = []
        self.cleanups = 0
        self.fail = False

    def command(self, *cmd):
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.log.append(("cmd", tuple(cmd)))

    def data(self, data):
        if self.fail:
            raise OSError(121, "Remote I/O error")
        self.log.append(("data", bytes(data)))

    def cleanup(self):
        self.cleanups += 1

    def take(self):
        out, self.log = self.log, []
        return out


def frame(*pixels):
    img = Image.new("1", (128, 64), 0)
    for xy in pixels:
        img.putpixel(xy, 1)
    return img


# SSD1306 datasheet init as luma 3.x sends it for 128x64
SSD1306_INIT = [
    (
        "cmd",
        (
            0xAE,
            0xD5,
            0x80,
            0xA8,
            0x3F,
            0xD3,
            0x00,
            0x40,
            0x8D,
            0x14,
            0x20,
            0x00,
            0xA1,
            0xC8,
            0xDA,
            0x12,
            0xD9,
            0xF1,
            0xDB,
            0x40,
            0xA4,
            0xA6,
        ),
    ),
    ("cmd", (0x81, 0xCF)),  # luma's default contrast
    ("cmd", (0x21, 0x00, 0x7F, 0x22, 0x00, 0x07)),  # column 0..127, page 0..7
    ("data", bytes(1024)),  # clear()
    ("cmd", (0xAF,)),  # display on
    ("cmd", (0x81, 0x40)),  # our configured contrast
]


def open_ssd1306(clock=None, **cfg):
    rec = RecordingSerial()
    d = open_display(
        {"type": "ssd1306", "contrast": 0x40, "pixel_shift": False, **cfg}, serial_interface=rec, clock=clock
    )
    return d, rec


def test_ssd1306_exact_init_bytes():
    d, rec = open_ssd1306()
    assert rec.take() == SSD1306_INIT
    assert isinstance(d, LumaOled) and d.device.__class__.__name__ == "ssd1306"


def test_ssd1306_frame_is_1024_bytes_in_page_order_and_unchanged_frame_sends_nothing():
    d, rec = open_ssd1306()
    rec.take()
    img = frame((0, 0), (5, 9), (127, 63))
    assert d.show(img) is True
    log = rec.take()
    assert log[0] == ("cmd", (0x21, 0x00, 0x7F, 0x22, 0x00, 0x07))
    assert log[1][0] == "data" and len(log[1][1]) == 1024 and len(log) == 2
    data = log[1][1]
    assert data[0] == 0x01  # x=0, y=0: page 0, bit 0
    assert data[128 + 5] == 0x02  # x=5, y=9: page 1, bit 1
    assert data[1023] == 0x80  # x=127, y=63: page 7, bit 7
    assert sum(bin(b).count("1") for b in data) == 3
    assert d.show(img.copy()) is False  # same bytes: nothing on the bus
    assert rec.take() == []
    assert (d.pushed, d.skipped) == (1, 1)
    assert d.show(frame((1, 0))) is True
    assert rec.take()[1][1][1] == 0x01


def test_ssd1306_rotate_180_flips_the_frame():
    d, rec = open_ssd1306(rotate=2)
    rec.take()
    d.show(frame((0, 0)))
    data = rec.take()[1][1]
    assert data[1023] == 0x80 and sum(data) == 0x80


def test_sh1106_pages_with_column_offset():
    rec = RecordingSerial()
    d = open_display({"type": "sh1106", "pixel_shift": False}, serial_interface=rec)
    init = rec.take()
    assert init[0][1][0] == 0xAE and init[-1] == ("cmd", (0x81, 0xCF))
    d.show(frame((0, 0), (127, 63)))
    log = rec.take()
    assert [e for e in log if e[0] == "cmd"] == [("cmd", (0xB0 + p, 0x02, 0x10)) for p in range(8)]
    datas = [e[1] for e in log if e[0] == "data"]
    assert [len(x) for x in datas] == [128] * 8
    assert datas[0][0] == 0x01 and datas[7][127] == 0x80


def test_close_without_message_turns_the_panel_off_and_atexit_is_neutralised():
    d, rec = open_ssd1306()
    rec.take()
    dev = d.device
    d.close()
    log = rec.take()
    assert ("cmd", (0xAE,)) in log  # display off
    assert rec.cleanups == 1
    dev.cleanup()  # what luma's atexit hook would call
    assert rec.cleanups == 1 and rec.take() == []
    assert d.show(frame((3, 3))) is False  # closed: ignored


def test_close_with_message_leaves_it_lit():
    d, rec = open_ssd1306()
    rec.take()
    d.close("paused")
    log = rec.take()
    datas = [e[1] for e in log if e[0] == "data"]
    assert len(datas) == 1 and any(datas[0])  # the message frame was sent
    assert ("cmd", (0xAE,)) not in log  # and not switched off
    assert rec.cleanups == 1


def test_failing_panel_does_not_raise_and_is_reinitialised_after_retry_s():
    clock = FakeClock()
    d, rec = open_ssd1306(clock=clock, retry_s=5)
    rec.take()
    rec.fail = True
    assert d.show(frame((1, 1))) is False
    assert "Remote I/O" in d.error and "0x3C" in d.error
    rec.fail = False
    assert d.show(frame((1, 1))) is False and rec.take() == []  # waiting for retry_s
    clock.advance(6)
    assert d.show(frame((1, 1))) is True
    log = rec.take()
    assert log[0] == SSD1306_INIT[0] and log[-1][0] == "data"  # init again, then the frame
    assert d.error is None


def test_luma_getdata_warning_is_filtered_narrowly():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        filter_luma_getdata_warning()
        d, _ = open_ssd1306()
        d.show(frame((2, 2)))
        assert not [w for w in caught if "getdata" in str(w.message)]
        if hasattr(Image.Image, "getdata"):
            Image.new("1", (8, 8)).getdata()  # the same call from our code still warns
            assert [w for w in caught if "getdata" in str(w.message)]
        warnings.warn("something else", DeprecationWarning, stacklevel=1)
        assert [w for w in caught if "something else" in str(w.message)]


def test_missing_i2c_bus_is_a_clear_error(monkeypatch):
    with pytest.raises(DisplayError, match=r"ssd1306 on /dev/i2c-7 at 0x3D.*(not found|cannot open)"):
        open_display({"type": "ssd1306", "port": 7, "address": 0x3D})


def test_fallback_returns_null_display_and_reason():
    d, reason = open_display_with_fallback({"type": "sh1106", "port": 7})
    assert isinstance(d, NullDisplay)
    assert "sh1106" in reason and "/dev/i2c-7" in reason
    assert d.show(frame((0, 0))) is True


def test_fallback_to_terminal(tmp_path):
    d, reason = open_display_with_fallback(
        {"type": "ssd1306", "port": 7}, fallback={"type": "png", "dir": str(tmp_path)}
    )
    assert reason and d.kind == "png"


def test_fallback_does_not_swallow_config_errors():
    with pytest.raises(ConfigError, match="display.address"):
        open_display_with_fallback({"type": "ssd1306", "address": 0x99})


# ------------------------------------------------------------------------- burn-in shift
def test_shift_offsets_cycle():
    offs = shift_offsets(2)
    assert offs[0] == (0, 0) and len(offs) == 25 and len(set(offs)) == 25
    assert max(max(abs(x), abs(y)) for x, y in offs) == 2


def test_pixel_shift_moves_the_frame_slowly():
    clock = FakeClock()
    d, rec = open_ssd1306(clock=clock, pixel_shift=True, shift_period_s=60, shift_max_px=1)
    rec.take()
    img = frame((10, 10))
    assert d.show(img)
    assert d.last_frame.getpixel((10, 10)) == 1
    assert len(rec.take()) == 2
    clock.advance(59)
    assert d.refresh() is False and rec.take() == []
    clock.advance(2)  # next step of the cycle: (-1, -1)
    assert d.refresh() is True
    assert d.last_frame.getpixel((9, 9)) == 1 and d.last_frame.getpixel((10, 10)) == 0
    assert len(rec.take()[1][1]) == 1024
    assert d.last_image is img  # the caller's image is untouched


def test_oled_shifts_by_default_emulators_do_not():
    rec = RecordingSerial()
    assert open_display({"type": "ssd1306"}, serial_interface=rec).shift is not None
    assert open_display({"type": "null"}).shift is None


# ------------------------------------------------------------------------------ terminal
def test_halfblock_and_braille_rendering():
    img = frame((0, 0), (1, 1), (127, 63))
    hb = render_halfblock(img)
    assert len(hb) == 32 and all(len(x) == 128 for x in hb)
    assert hb[0][0] == "\u2580" and hb[0][1] == "\u2584" and hb[31][127] == "\u2584" and hb[0][2] == " "
    br = render_braille(img)
    assert len(br) == 16 and all(len(x) == 64 for x in br)
    assert br[0][0] == chr(0x2800 + 0x01 + 0x10) and br[15][63] == chr(0x2800 + 0x80)


def test_terminal_redraws_in_place():
    out = io.StringIO()
    d = open_display({"type": "terminal"}, stream=out)
    d.show(frame((0, 0)))
    first = out.getvalue()
    assert first.count("\n") == 34 and "\x1b[" not in first  # 32 lines + border
    d.show(frame((0, 0)))
    assert out.getvalue() == first  # unchanged: nothing written
    d.show(frame((5, 5)))
    assert out.getvalue()[len(first) :].startswith("\x1b[34A\r")


# ----------------------------------------------------------------------------------- png
def test_png_frames_written_once_per_distinct_frame(tmp_path):
    (tmp_path / "000009.png").write_bytes(b"old")
    (tmp_path / "keep.txt").write_text("mine")
    d = open_display({"type": "png", "dir": str(tmp_path), "scale": 2})
    a, b = frame((0, 0)), frame((1, 1))
    for img in (a, a, b, b, a):
        d.show(img)
    d.close("bye")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["000001.png", "000002.png", "000003.png", "000004.png", "keep.txt"]
    with Image.open(tmp_path / "000002.png") as im:
        assert (
            im.size == (256, 128) and im.getpixel((2, 2)) and im.getpixel((3, 3)) and not im.getpixel((0, 0))
        )


def test_show_rejects_wrong_image():
    d = open_display({"type": "null"})
    with pytest.raises(ValueError, match="128x64 mode '1'"):
        d.show(Image.new("L", (128, 64)))
    with pytest.raises(ValueError, match="128x64"):
        d.show(Image.new("1", (64, 128)))


@pytest.mark.parametrize(
    "cfg, key",
    [
        ({"type": "ssd1309"}, "display.type"),
        ({"type": "ssd1306", "address": 300}, "display.address"),
        ({"type": "ssd1306", "address": "sixty"}, "display.address"),
        ({"type": "ssd1306", "rotate": 1}, "display.rotate"),
        ({"type": "sh1106", "contrast": 256}, "display.contrast"),
        ({"type": "sh1106", "adress": 0x3C}, "display.adress"),
        ({"type": "terminal", "style": "ascii"}, "display.style"),
        ({"type": "png"}, "display.dir"),
        ({"type": "null", "shift_max_px": 9}, "display.shift_max_px"),
    ],
)
def test_bad_display_config_names_the_key(cfg, key):
    with pytest.raises(ConfigError) as e:
        open_display(cfg)
    assert str(e.value).startswith(key + ":")


def test_address_accepts_hex_string():
    rec = RecordingSerial()
    d = open_display({"type": "ssd1306", "address": "0x3D"}, serial_interface=rec)
    assert d.address == 0x3D


def test_a_failing_output_does_not_raise_into_the_game(tmp_path):
    class Broken(io.StringIO):
        def write(self, s):
            raise BrokenPipeError(32, "Broken pipe")

    d = open_display({"type": "terminal"}, stream=Broken())
    assert d.show(frame((0, 0))) is False
    assert "BrokenPipeError" in d.error and d.pushed == 0
    png = open_display({"type": "png", "dir": str(tmp_path / "f")})
    (tmp_path / "f").rmdir()  # the directory vanished
    assert png.show(frame((0, 0))) is False and "frame failed" in png.error


CHILD = r"""
import json, signal, sys, time
from PIL import Image
from drivers import open_display

log = open(sys.argv[1], "w", buffering=1)

class FileSerial:
    def command(self, *c): log.write(json.dumps(["cmd", list(c)]) + "\n")
    def data(self, d): log.write(json.dumps(["data", sum(1 for b in d if b)]) + "\n")
    def cleanup(self): log.write(json.dumps(["cleanup"]) + "\n")

d = open_display({"type": "ssd1306", "pixel_shift": False}, serial_interface=FileSerial())

def on_term(signum, frame):
    d.close("paused")
    sys.exit(0)          # atexit (luma's cleanup hook) runs after this

signal.signal(signal.SIGTERM, on_term)
img = Image.new("1", (128, 64)); img.putpixel((0, 0), 1)
d.show(img)
print("ready", flush=True)
time.sleep(30)
"""


def test_sigterm_handler_leaves_paused_message_and_atexit_does_not_blank_it(tmp_path):
    import json
    import signal
    import subprocess
    import sys

    logf = tmp_path / "bus.jsonl"
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(logf)], stdout=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL
    )
    try:
        assert p.stdout.readline().strip() == "ready"
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=10) == 0
    finally:
        if p.poll() is None:
            p.kill()
    entries = [json.loads(x) for x in logf.read_text().splitlines()]
    datas = [i for i, e in enumerate(entries) if e[0] == "data"]
    assert len(datas) == 3  # clear() at init, the frame, "paused"
    last = datas[-1]
    assert entries[last][1] > 10  # the message has many lit pixels
    after = entries[last + 1 :]
    assert after == [["cleanup"]]  # no display-off, no clear, one cleanup
