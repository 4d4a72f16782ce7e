"""Inputs: the pure button logic, gpiozero buttons on the mock pin factory, rotary encoder,
keyboard and key scripts."""

import os
import queue
import subprocess
import sys
import termios

import pytest
from drivers_helpers import FakeClock, drain, kinds

from drivers import ConfigError, open_inputs
from drivers.inputs import ButtonEvent, ButtonLogic
from drivers.inputs.keyboard import KeyboardInput, KeyParser
from drivers.inputs.scripted import ScriptedInput, parse_script

MS = 0.001


# ------------------------------------------------------------------------------ event type
def test_event_rejects_unknown_button_and_kind():
    assert ButtonEvent("ok", "press", 1.0).source == ""
    with pytest.raises(ValueError, match="unknown button"):
        ButtonEvent("start", "press", 1.0)
    with pytest.raises(ValueError, match="unknown event kind"):
        ButtonEvent("ok", "click", 1.0)


# ------------------------------------------------------------------------------ pure logic
def logic(**kw):
    kw.setdefault("debounce_s", 30 * MS)
    return ButtonLogic(["up", "down", "ok", "back"], **kw)


def test_press_and_release_are_immediate():
    lg = logic()
    assert kinds(lg.edge("ok", True, 10.0)) == [("ok", "press")]
    assert lg.is_pressed("ok")
    evs = lg.edge("ok", False, 10.2)
    assert kinds(evs) == [("ok", "release")] and evs[0].t == 10.2


def test_chatter_on_press_and_release_gives_one_of_each():
    lg = logic()
    out = []
    t = 5.0
    for i, level in enumerate([True, False, True, False, True]):  # bouncing contact
        out += lg.edge("ok", level, t + i * 2 * MS)
    out += lg.tick(t + 40 * MS)
    assert kinds(out) == [("ok", "press")]
    t = 5.3
    for i, level in enumerate([False, True, False, True, False]):
        out += lg.edge("ok", level, t + i * 2 * MS)
    out += lg.tick(t + 100 * MS)
    assert kinds(out) == [("ok", "press"), ("ok", "release")]


def test_release_inside_lockout_is_delivered_when_lockout_ends():
    lg = logic()
    lg.edge("back", True, 1.0)
    assert lg.edge("back", False, 1.0 + 10 * MS) == []  # within the 30 ms lockout
    assert lg.tick(1.0 + 20 * MS) == []
    evs = lg.tick(1.0 + 35 * MS)
    assert kinds(evs) == [("back", "release")]
    assert evs[0].t == pytest.approx(1.0 + 30 * MS)


def test_glitch_shorter_than_lockout_still_ends_in_release():
    lg = logic()
    out = lg.edge("ok", True, 0.0) + lg.edge("ok", False, 1 * MS) + lg.tick(50 * MS)
    assert kinds(out) == [("ok", "press"), ("ok", "release")]
    assert not lg.is_pressed("ok")


def test_long_press_fires_once_at_threshold():
    lg = logic(long_press_s=0.8)
    lg.edge("ok", True, 0.0)
    assert lg.tick(0.79) == []
    evs = lg.tick(0.81)
    assert kinds(evs) == [("ok", "long")] and evs[0].t == pytest.approx(0.8)
    assert lg.tick(3.0) == []
    assert kinds(lg.edge("ok", False, 3.1)) == [("ok", "release")]


def test_short_press_has_no_long():
    lg = logic(long_press_s=0.8)
    out = lg.edge("ok", True, 0.0) + lg.tick(0.5) + lg.edge("ok", False, 0.6) + lg.tick(2.0)
    assert kinds(out) == [("ok", "press"), ("ok", "release")]


def test_repeat_on_direction_buttons_only():
    lg = logic(repeat_delay_s=0.5, repeat_interval_s=0.1, long_press_s=5.0)
    lg.edge("up", True, 0.0)
    lg.edge("ok", True, 0.0)
    times = []
    t = 0.0
    while t < 0.95:
        t += 0.01
        times += [e.t for e in lg.tick(t) if e.kind == "repeat" and e.button == "up"]
        assert not [e for e in lg.tick(t) if e.button == "ok"]
    assert times == pytest.approx([0.5, 0.6, 0.7, 0.8, 0.9])
    assert kinds(lg.edge("up", False, 0.96)) == [("up", "release")]
    assert lg.tick(2.0) == []  # no repeat after release


def test_stalled_loop_gives_one_repeat_not_a_burst():
    lg = logic(repeat_delay_s=0.5, repeat_interval_s=0.1, long_press_s=10)
    lg.edge("down", True, 0.0)
    assert kinds(lg.tick(5.0)) == [("down", "repeat")]
    assert lg.tick(5.01) == []
    assert kinds(lg.tick(5.06)) == [("down", "repeat")]


# ----------------------------------------------------------------------- gpiozero, mock pins
PINS = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25}


def gpio_inputs(q, clock, **cfg):
    c = {"type": "gpiozero", "pins": PINS, **cfg}
    return open_inputs(c, q, clock=clock, threaded=False)


def test_gpio_press_release_through_mock_pins(mock_factory):
    q, clock = queue.Queue(), FakeClock()
    with gpio_inputs(q, clock) as inp:
        pin = mock_factory.pin(24)
        assert pin.state is True  # pull-up: idle high
        pin.drive_low()
        assert drain(q) == []  # the callback only enqueued a raw edge
        inp.pump()
        ev = drain(q)
        assert kinds(ev) == [("ok", "press")] and ev[0].source == "gpio" and ev[0].t == clock.t
        clock.advance(0.2)
        pin.drive_high()
        inp.pump()
        assert kinds(drain(q)) == [("ok", "release")]


def test_gpio_chatter_is_debounced_by_our_logic(mock_factory):
    q, clock = queue.Queue(), FakeClock()
    with gpio_inputs(q, clock, debounce_ms=30) as inp:
        pin = mock_factory.pin(17)
        for i in range(6):
            clock.advance(0.002)
            (pin.drive_low if i % 2 == 0 else pin.drive_high)()
        pin.drive_low()
        inp.pump()
        clock.advance(0.05)
        inp.pump()
        assert kinds(drain(q)) == [("up", "press")]
        for i in range(5):
            clock.advance(0.002)
            (pin.drive_high if i % 2 == 0 else pin.drive_low)()
        inp.pump()
        clock.advance(0.05)
        inp.pump()
        assert kinds(drain(q)) == [("up", "release")]


def test_gpio_long_press_and_repeat(mock_factory):
    q, clock = queue.Queue(), FakeClock()
    with gpio_inputs(q, clock, long_press_ms=800, repeat_delay_ms=500, repeat_interval_ms=100) as inp:
        ok, up = mock_factory.pin(24), mock_factory.pin(17)
        ok.drive_low()
        up.drive_low()
        for _ in range(105):  # 1.05 s in 10 ms ticks
            clock.advance(0.01)
            inp.pump()
        ev = drain(q)
        assert ev.count(ev[0]) == 1
        assert [e for e in ev if e.button == "ok"] and kinds(e for e in ev if e.button == "ok") == [
            ("ok", "press"),
            ("ok", "long"),
        ]
        up_kinds = [e.kind for e in ev if e.button == "up"]
        assert up_kinds[0] == "press" and up_kinds.count("repeat") == 6 and "long" in up_kinds


def test_gpio_worker_thread_delivers_events(mock_factory):
    q = queue.Queue()
    inp = open_inputs({"type": "gpiozero", "pins": {"ok": 24}}, q)
    try:
        mock_factory.pin(24).drive_low()
        ev = q.get(timeout=2)
        assert (ev.button, ev.kind) == ("ok", "press")
    finally:
        inp.close()
    assert not inp._thread.is_alive()


def test_gpio_pin_factory_from_config():
    q = queue.Queue()
    inp = open_inputs({"type": "gpiozero", "pins": {"back": 5}, "pin_factory": "mock"}, q, threaded=False)
    try:
        inp.devices["back"].pin_factory.pin(5).drive_low()
        inp.pump()
        assert kinds(drain(q)) == [("back", "press")]
    finally:
        inp.close()


@pytest.mark.parametrize(
    "cfg, key",
    [
        ({"type": "gpiozero", "pins": {"start": 5}}, "inputs.pins.start"),
        ({"type": "gpiozero", "pins": {"ok": 99}}, "inputs.pins.ok"),
        ({"type": "gpiozero", "pins": {"ok": 5, "back": 5}}, "inputs.pins"),
        ({"type": "gpiozero", "debounce_ms": "30"}, "inputs.debounce_ms"),
        ({"type": "gpiozero", "pull_up": 1}, "inputs.pull_up"),
        ({"type": "gpiozero", "pinz": {}}, "inputs.pinz"),
        ({"type": "gpiozero", "repeat_buttons": ["up", "sideways"]}, "inputs.repeat_buttons"),
        ({"type": "gpiozero", "encoder": {"a": 5}}, "inputs.encoder.b"),
        ({"type": "buttons"}, "inputs.type"),
        ({}, "inputs.type"),
        ({"type": "script"}, "inputs.path"),
    ],
)
def test_bad_input_config_names_the_key(cfg, key):
    with pytest.raises(ConfigError) as e:
        open_inputs(cfg, queue.Queue(), threaded=False)
    assert str(e.value).startswith(key + ":")
    assert isinstance(e.value, ValueError)


# --------------------------------------------------------------------------- rotary encoder
def turn(a, b, clockwise):
    seq = [(a, 0), (b, 0), (a, 1), (b, 1)] if clockwise else [(b, 0), (a, 0), (b, 1), (a, 1)]
    for pin, level in seq:
        (pin.drive_low if level == 0 else pin.drive_high)()


def test_rotary_encoder_steps_and_push_button(mock_factory):
    q, clock = queue.Queue(), FakeClock()
    cfg = {"type": "rotary", "a": 5, "b": 6, "button": 13, "reverse_lockout_ms": 20}
    with open_inputs(cfg, q, clock=clock, threaded=False) as inp:
        a, b, btn = mock_factory.pin(5), mock_factory.pin(6), mock_factory.pin(13)
        turn(a, b, True)
        clock.advance(0.1)
        turn(a, b, True)
        clock.advance(0.1)
        turn(a, b, False)
        inp.pump()
        assert kinds(drain(q)) == [("cw", "press"), ("cw", "release")] * 2 + [
            ("ccw", "press"),
            ("ccw", "release"),
        ]
        turn(a, b, True)  # a reversal 0 ms after the last step: contact bounce
        inp.pump()
        assert drain(q) == []
        btn.drive_low()
        inp.pump()
        assert kinds(drain(q)) == [("ok", "press")]


def test_gpio_with_encoder_table_gives_one_multi_input(mock_factory):
    q, clock = queue.Queue(), FakeClock()
    cfg = {"type": "gpiozero", "pins": {"ok": 24, "back": 25}, "encoder": {"a": 5, "b": 6}}
    with open_inputs(cfg, q, clock=clock, threaded=False) as inp:
        mock_factory.pin(25).drive_low()
        turn(mock_factory.pin(5), mock_factory.pin(6), False)
        inp.pump()
        assert kinds(drain(q)) == [("back", "press"), ("ccw", "press"), ("ccw", "release")]
    assert all(b.closed for b in inp.backends)


# --------------------------------------------------------------------------------- keyboard
def test_key_parser_maps_keys_and_sequences():
    p = KeyParser()
    assert p.feed(b"wasd") == [("up", False), ("left", False), ("down", False), ("right", False)]
    assert p.feed(b"\x1b[A\x1b[B\x1b[C\x1b[D") == [
        ("up", False),
        ("down", False),
        ("right", False),
        ("left", False),
    ]
    assert p.feed(b"\x1bOA") == [("up", False)]
    assert p.feed(b"\r\n\r \x7f\x08") == [("ok", False)] * 3 + [("back", False)] * 2
    assert p.feed(b"WOBx") == [("up", True), ("ok", True), ("back", True), ("x", None)]
    assert p.feed(b"\x1b[15~\x01") == []  # F5 and a control key: ignored


def test_key_parser_lone_escape_and_split_sequence():
    p = KeyParser()
    assert p.feed(b"\x1b") == [] and p.pending
    assert p.flush() == [("back", False)]
    assert p.feed(b"\x1b[") == []
    assert p.feed(b"A") == [("up", False)]
    assert p.feed(b"\x1bw") == [("back", False), ("up", False)]


def test_keyboard_reads_a_pipe_without_a_tty():
    r, w = os.pipe()
    q = queue.Queue()
    kb = KeyboardInput(q, fd=r, clock=FakeClock(7.0))
    try:
        assert kb.is_tty is False and kb._saved_attrs is None
        os.write(w, b"w\x1b[B\rO")
        got = [q.get(timeout=2) for _ in range(7)]
        assert kinds(got) == [
            ("up", "press"),
            ("up", "release"),
            ("down", "press"),
            ("down", "release"),
            ("ok", "press"),
            ("ok", "release"),
            ("ok", "press"),
        ]
        assert got[0].source == "keyboard" and got[0].t == 7.0
        assert kinds([q.get(timeout=2), q.get(timeout=2)]) == [("ok", "long"), ("ok", "release")]
        os.close(w)
        assert kb.eof.wait(2)
    finally:
        kb.close()
        os.close(r)


def test_keyboard_other_keys_go_to_the_callback_not_the_queue():
    r, w = os.pipe()
    q, other = queue.Queue(), []
    kb = KeyboardInput(q, fd=r, threaded=False, on_other_key=other.append)
    try:
        os.write(w, b"q?w")
        assert kinds(kb.pump(1.0)) == [("up", "press"), ("up", "release")]
        assert other == ["q", "?"]
    finally:
        kb.close()
        os.close(r)
        os.close(w)


def test_keyboard_puts_a_tty_in_raw_mode_and_restores_it():
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        assert before[3] & termios.ICANON and before[3] & termios.ECHO
        kb = KeyboardInput(queue.Queue(), fd=slave, threaded=False)
        during = termios.tcgetattr(slave)
        assert not during[3] & termios.ICANON and not during[3] & termios.ECHO
        os.write(master, b"d")  # one byte is enough in non-canonical mode
        assert kinds(kb.pump(1.0)) == [("right", "press"), ("right", "release")]
        kb.close()
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_keyboard_module_imports_without_tty_or_termios():
    code = (
        "import sys, drivers, drivers.inputs.keyboard, drivers.inputs.gpio;"
        "bad = [m for m in ('termios', 'gpiozero', 'luma', 'serial', 'cv2', 'PIL') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "CI": "true"},
    )
    assert r.returncode == 0, r.stdout + r.stderr


# ------------------------------------------------------------------------------- key script
SCRIPT = """\
# a solo game's opening
up
wait 0.5        # let the screen settle
long ok
repeat down 2
ccw
sleep 1
back
"""


def test_parse_script_and_play_with_fake_sleep(tmp_path):
    f = tmp_path / "keys.txt"
    f.write_text(SCRIPT)
    slept = []
    q = queue.Queue()
    s = ScriptedInput(f, q, sleep=slept.append, threaded=False, delay_s=0.1)
    s.play()
    assert s.finished.is_set()
    assert kinds(drain(q)) == [
        ("up", "press"),
        ("up", "release"),
        ("ok", "press"),
        ("ok", "long"),
        ("ok", "release"),
        ("down", "press"),
        ("down", "repeat"),
        ("down", "repeat"),
        ("down", "release"),
        ("ccw", "press"),
        ("ccw", "release"),
        ("back", "press"),
        ("back", "release"),
    ]
    assert slept == [0.5, 0.1, 0.1, 0.1, 1.0, 0.1]


@pytest.mark.parametrize(
    "text, line",
    [("up\njump\n", 2), ("wait x\n", 1), ("\n\nlong\n", 3), ("repeat up 0\n", 1), ("ok ok\n", 1)],
)
def test_script_errors_name_file_and_line(text, line):
    with pytest.raises(ValueError, match=rf"keys\.txt:{line}:"):
        parse_script(text, "keys.txt")


def test_script_from_config_runs_in_a_thread(tmp_path):
    f = tmp_path / "k.txt"
    f.write_text("left\nwait 0.01\nright\n")
    q = queue.Queue()
    s = open_inputs({"type": "script", "path": str(f)}, q)
    assert s.finished.wait(2)
    assert kinds(drain(q)) == [
        ("left", "press"),
        ("left", "release"),
        ("right", "press"),
        ("right", "release"),
    ]
    s.close()


def test_missing_script_names_the_file(tmp_path):
    with pytest.raises(OSError, match="nope.txt"):
        open_inputs({"type": "script", "path": str(tmp_path / "nope.txt")}, queue.Queue())


def test_list_config_opens_several_into_one_queue(tmp_path):
    f = tmp_path / "k.txt"
    f.write_text("ok\n")
    q = queue.Queue()
    inp = open_inputs([{"type": "null"}, {"type": "script", "path": str(f)}], q, threaded=False)
    inp.pump()
    assert kinds(drain(q)) == [("ok", "press"), ("ok", "release")]
    inp.close()
    assert inp.closed and all(b.closed for b in inp.backends)


def test_an_edge_worker_survives_an_error_and_close_stops_it():
    from drivers.inputs.base import EdgeInput
    from drivers.inputs.logic import ButtonLogic

    class Flaky(EdgeInput):
        source = "flaky"

        def __init__(self, q):
            super().__init__(q, None, poll_s=0.01)
            self.logic = ButtonLogic(["ok"], source=self.source)
            self.calls = 0
            self._start(self._run, "flaky")

        def _edge(self, what, level, t):
            self.calls += 1
            if self.calls == 1:
                raise RuntimeError("a bad edge")
            return self.logic.edge("ok", level, t)

    q = queue.Queue()
    inp = Flaky(q)
    inp._enqueue("ok", True)  # the worker logs this error and goes on
    inp._enqueue("ok", True)
    event = q.get(timeout=2)
    assert (event.button, event.kind) == ("ok", "press") and inp._thread.is_alive()
    inp.close()
    assert not inp._thread.is_alive() and inp.closed
