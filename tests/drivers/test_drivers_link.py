"""Serial link: the line protocol, then the real link over loop://, socket:// (a local TCP
server) and a pty pair, with garbage, overlong lines and reconnects."""

import json
import os
import queue
import select
import socket
import sys
import time

import pytest
from drivers_helpers import kinds

from drivers import ConfigError, open_link, open_link_with_fallback
from drivers.inputs import ButtonEvent
from drivers.link import LineSplitter, LinkAction, LinkStatus, NullLink, ProtocolError, parse_peer_line
from drivers.link.protocol import (
    LINK_SCOPES,
    Action,
    Echo,
    Key,
    Ping,
    check_scope,
    error_line,
    hello_line,
    state_line,
)
from drivers.link.refusals import RefusalLog
from drivers.link.serial_link import SerialLink
from tests.pty_reader import drain

FAST = {"reconnect_min_s": 0.05, "reconnect_max_s": 0.2}


def open_full_link(cfg, q):
    """A link whose peer may also press the buttons (scope "full"), started."""
    link = open_link(cfg, q, start=False)
    link.scope = "full"
    link.start()
    return link


def wait_for(pred, timeout=5.0, step=0.01):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(step)
    raise AssertionError("condition not met in time")


def get_until(q, pred, timeout=5.0):
    """Pop queue items until one matches pred; return (match, skipped)."""
    skipped = []
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no matching item; saw {skipped}")
        try:
            item = q.get(timeout=left)
        except queue.Empty:
            continue
        if pred(item):
            return item, skipped
        skipped.append(item)


# ------------------------------------------------------------------------------ protocol
def test_parse_peer_lines():
    assert parse_peer_line("KEY up") == Key("up")
    assert parse_peer_line("  key   OK ") == Key("ok")
    assert parse_peer_line("ACTION run left 3") == Action("run left 3")
    assert parse_peer_line("PING") == Ping()
    assert parse_peer_line("") is None and parse_peer_line("   ") is None
    assert parse_peer_line("STATE {}") == Echo("STATE")
    for bad, why in [
        ("KEY jump", "unknown key"),
        ("KEY", "needs a key"),
        ("ACTION", "needs a text"),
        ("PING now", "no argument"),
        ("FOO bar", "unknown command 'FOO'"),
        ("KEY up\x07", "control character 0x07"),
    ]:
        with pytest.raises(ProtocolError, match=why):
            parse_peer_line(bad)


def test_device_lines_are_single_line_json():
    assert state_line({"b": 1, "a": "é"}) == 'STATE {"a":"é","b":1}'
    h = hello_line(max_line=256)
    assert h.startswith("HELLO ") and json.loads(h[6:]) == {
        "device": "dungeon-companion",
        "protocol": 1,
        "max_line": 256,
    }
    assert error_line("bad\nthing  here") == "ERR bad thing here"


def test_splitter_lines_crlf_partial_and_utf8():
    s = LineSplitter(8)
    assert s.feed(b"abc\nde") == ["abc"]
    assert s.feed(b"f\r\n") == ["def"]
    assert s.feed("KEY é\n".encode()) == ["KEY é"]
    out = s.feed(b"\xff\xfe\nok\n")
    assert isinstance(out[0], ProtocolError) and "UTF-8" in str(out[0]) and out[1] == "ok"


def test_splitter_discards_overlong_line_until_newline_with_one_error():
    s = LineSplitter(8)
    out = s.feed(b"123456789") + s.feed(b"abcdefghijkl" * 10) + s.feed(b"tail\nKEY ok\n")
    assert [type(x) for x in out] == [ProtocolError, str]
    assert "too long (max 8 bytes)" in str(out[0]) and out[1] == "KEY ok"
    assert s.feed(b"12345678\r") == [] and s.feed(b"\n") == ["12345678"]  # exactly max: accepted
    out = s.feed(b"123456789\n")
    assert len(out) == 1 and isinstance(out[0], ProtocolError)


# -------------------------------------------------------------------------------- loop://
def test_loop_url_key_action_ping_and_garbage():
    q = queue.Queue()
    link = open_full_link({"type": "serial", "port": "loop://", **FAST}, q)
    try:
        st, _ = get_until(q, lambda x: isinstance(x, LinkStatus))
        assert st.connected and st.port == "loop://"
        # loop:// echoes what the device writes: HELLO comes back and is ignored (no ERR storm)
        wait_for(lambda: link.stats["echo"] >= 1)
        assert link.send_line("KEY left")
        ev, _ = get_until(q, lambda x: isinstance(x, ButtonEvent))
        assert (ev.button, ev.kind, ev.source) == ("left", "press", "link")
        assert q.get(timeout=2).kind == "release"
        link.send_line("ACTION pass deep")
        act, _ = get_until(q, lambda x: isinstance(x, LinkAction))
        assert act.text == "pass deep"
        link.send_line("PING")
        wait_for(lambda: "PONG" in link.sent)
        link.send_line("JUMP")
        wait_for(lambda: any(s.startswith("ERR unknown command 'JUMP'") for s in link.sent))
        link.send_line("x" * 300)  # overlong for max_line=256
        wait_for(lambda: any("line too long (max 256 bytes)" in s for s in link.sent))
        link.send_line("KEY ok")
        ev, skipped = get_until(q, lambda x: isinstance(x, ButtonEvent))
        assert ev.button == "ok" and skipped == []  # garbage put nothing in the queue
        time.sleep(0.2)
        assert link.stats["errors"] == 2 and link.connects == 1  # and no storm, no reconnect
    finally:
        link.close()
    assert not link.connected


# ------------------------------------------------------------------------------ socket://
class Server:
    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.sock.settimeout(5)
        self.port = self.sock.getsockname()[1]
        self.buf = b""

    def accept(self):
        conn, _ = self.sock.accept()
        conn.settimeout(5)
        self.buf = b""
        return conn

    def readline(self, conn):
        while b"\n" not in self.buf:
            chunk = conn.recv(4096)
            if not chunk:
                raise EOFError
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode()

    def close(self):
        self.sock.close()


def test_socket_url_protocol_and_reconnect():
    srv = Server()
    q = queue.Queue()
    link = open_full_link({"type": "serial", "port": f"socket://127.0.0.1:{srv.port}", **FAST}, q)
    try:
        conn = srv.accept()
        assert srv.readline(conn).startswith("HELLO {")
        conn.sendall(b"PING\r\nKEY down\nbogus\n")
        assert srv.readline(conn) == "PONG"
        assert srv.readline(conn) == "ERR unknown command 'bogus'"
        ev, _ = get_until(q, lambda x: isinstance(x, ButtonEvent))
        assert ev.button == "down"
        conn.sendall(b"A" * 1000 + b"\nACTION kick\n")
        assert srv.readline(conn) == "ERR line too long (max 256 bytes)"
        act, _ = get_until(q, lambda x: isinstance(x, LinkAction))
        assert act.text == "kick"
        assert link.send_state({"score": [7, 3]})
        assert srv.readline(conn) == 'STATE {"score":[7,3]}'
        conn.close()  # the peer goes away ...
        st, _ = get_until(q, lambda x: isinstance(x, LinkStatus) and not x.connected)
        assert "disconnected" in st.reason
        conn = srv.accept()  # ... and comes back
        assert srv.readline(conn).startswith("HELLO ")
        assert srv.readline(conn) == 'STATE {"score":[7,3]}'  # brought up to date
        get_until(q, lambda x: isinstance(x, LinkStatus) and x.connected)
        assert link.send_event({"type": "touchdown"})
        assert srv.readline(conn) == 'EVENT {"type":"touchdown"}'
        conn.close()
    finally:
        link.close()
        srv.close()


def test_state_is_deduplicated_and_resent_after_reconnect():
    srv = Server()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": f"socket://127.0.0.1:{srv.port}", **FAST}, q, start=False)
    try:
        assert link.send_state({"down": 1}) is False  # not connected yet: kept for later
        link.start()
        conn = srv.accept()
        assert srv.readline(conn).startswith("HELLO ")
        assert srv.readline(conn) == 'STATE {"down":1}'  # the latest state follows HELLO
        get_until(q, lambda x: isinstance(x, LinkStatus) and x.connected)
        assert link.send_state({"down": 1}) is False  # unchanged: not sent again
        assert link.send_state({"down": 2}) is True
        assert srv.readline(conn) == 'STATE {"down":2}'
        conn.close()
        get_until(q, lambda x: isinstance(x, LinkStatus) and not x.connected)
        conn = srv.accept()
        assert srv.readline(conn).startswith("HELLO ")
        assert srv.readline(conn) == 'STATE {"down":2}'  # a returning peer is up to date
        conn.close()
    finally:
        link.close()
        srv.close()


def test_port_that_fails_right_after_opening_backs_off():
    from drivers.link.serial_link import SerialLink

    class Flaky:
        in_waiting = 0

        def read(self, n):
            raise OSError(5, "Input/output error")

        def write(self, data):
            return len(data)

        def close(self):
            pass

    opens = []
    link = SerialLink(
        "/dev/ttyFLAKY",
        queue.Queue(),
        reconnect_min_s=0.05,
        reconnect_max_s=0.4,
        opener=lambda port: opens.append(port) or Flaky(),
    )
    time.sleep(1.2)
    link.close()
    # 0.05 + 0.1 + 0.2 + 0.4 + 0.4 ... : about 5 opens, not the 24 a fixed 50 ms retry would give
    assert 3 <= len(opens) <= 8, len(opens)
    assert "Input/output error" in link.last_error


def test_port_missing_at_start_keeps_retrying_with_backoff_then_connects():
    srv = Server()
    port = srv.port
    srv.close()  # nothing listens yet
    q = queue.Queue()
    link = open_link({"type": "serial", "port": f"socket://127.0.0.1:{port}", **FAST}, q)
    try:
        wait_for(lambda: link.last_error)
        assert f"127.0.0.1:{port}" in link.last_error and not link.connected
        assert link.send_state({"x": 1}) is False  # sending never blocks the game
        srv2 = socket.socket()
        srv2.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv2.bind(("127.0.0.1", port))
        srv2.listen(1)
        srv2.settimeout(5)
        conn, _ = srv2.accept()
        wait_for(lambda: link.connected)
        conn.close()
        srv2.close()
    finally:
        link.close()


# ------------------------------------------------------------------------------------ pty
def read_line(fd, buf, timeout=5.0):
    end = time.monotonic() + timeout
    while b"\n" not in buf[0]:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no line from the device; have {buf[0]!r}")
        r, _, _ = select.select([fd], [], [], left)
        if r:
            buf[0] += os.read(fd, 4096)
    line, _, buf[0] = buf[0].partition(b"\n")
    return line.decode()


def new_pty(link_path):
    master, slave = os.openpty()
    target = os.ttyname(slave)  # our slave fd stays open so the master sees no hang-up
    tmp = str(link_path) + ".new"
    os.symlink(target, tmp)
    os.replace(tmp, link_path)  # like a udev /dev/serial/by-id symlink moving
    return master, slave


def test_pty_pair_protocol_and_reconnect_when_the_port_vanishes_and_returns(tmp_path):
    port = tmp_path / "ttyCOMPANION"
    master, slave = new_pty(port)
    q = queue.Queue()
    link = open_full_link({"type": "serial", "port": str(port), "baudrate": 9600, **FAST}, q)
    buf = [b""]
    try:
        assert read_line(master, buf).startswith("HELLO ")
        os.write(master, b"KEY right\nPING\n\x00\x01garbage\nKEY up\n")
        assert read_line(master, buf) == "PONG"
        assert read_line(master, buf) == "ERR control character 0x00 in line"
        evs = [get_until(q, lambda x: isinstance(x, ButtonEvent))[0] for _ in range(4)]
        assert kinds(evs) == [("right", "press"), ("right", "release"), ("up", "press"), ("up", "release")]
        os.write(master, b"K" * 600 + b"\nKEY back\n")
        assert read_line(master, buf) == "ERR line too long (max 256 bytes)"
        assert get_until(q, lambda x: isinstance(x, ButtonEvent))[0].button == "back"
        assert link.send_state({"half": 1})
        assert read_line(master, buf) == 'STATE {"half":1}'

        os.close(master)  # the USB adapter is pulled:
        os.close(slave)
        os.unlink(port)  # udev removes its by-id symlink
        master = slave = None
        st, _ = get_until(q, lambda x: isinstance(x, LinkStatus) and not x.connected)
        assert st.port == str(port)
        time.sleep(0.3)  # a few failed reopen attempts
        assert not link.connected

        master, slave = new_pty(port)  # ... and plugged back in
        buf = [b""]
        assert read_line(master, buf).startswith("HELLO ")
        get_until(q, lambda x: isinstance(x, LinkStatus) and x.connected)
        os.write(master, b"ACTION resume\n")
        assert get_until(q, lambda x: isinstance(x, LinkAction))[0].text == "resume"
        assert link.connects == 2
    finally:
        link.close()
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)


def test_set_port_switches_ports(tmp_path):
    m1, s1 = os.openpty()
    m2, s2 = os.openpty()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": os.ttyname(s1), **FAST}, q)
    try:
        assert read_line(m1, [b""]).startswith("HELLO")
        link.set_port(os.ttyname(s2))
        assert read_line(m2, [b""]).startswith("HELLO")
    finally:
        link.close()
        for fd in (m1, s1, m2, s2):
            os.close(fd)


# ----------------------------------------------------------------------- null and config
def test_null_link_and_fallback():
    n = open_link({"type": "null"})
    assert isinstance(n, NullLink) and n.send_state({}) is False and not n.connected
    link, reason = open_link_with_fallback({"type": "null"})
    assert reason is None


@pytest.mark.parametrize(
    "cfg, key",
    [
        ({"type": "serial"}, "link.port"),
        ({"type": "serial", "port": " "}, "link.port"),
        ({"type": "serial", "port": "sockt://127.0.0.1:1"}, "link.port"),
        ({"type": "serial", "port": "loop://", "baudrate": "fast"}, "link.baudrate"),
        ({"type": "serial", "port": "loop://", "max_line": 8}, "link.max_line"),
        (
            {"type": "serial", "port": "loop://", "reconnect_min_s": 5, "reconnect_max_s": 1},
            "link.reconnect_max_s",
        ),
        ({"type": "serial", "port": "loop://", "speed": 9600}, "link.speed"),
        ({"type": "uart"}, "link.type"),
        ({"type": "serial", "port": "loop://", "scope": "menus"}, "link.scope"),
    ],
)
def test_bad_link_config_names_the_key(cfg, key):
    with pytest.raises(ConfigError) as e:
        open_link(cfg, start=False)
    assert str(e.value).startswith(key + ":")


def test_missing_pyserial_falls_back(monkeypatch):
    monkeypatch.setitem(sys.modules, "serial", None)
    link, reason = open_link_with_fallback({"type": "serial", "port": "/dev/ttyUSB0"})
    assert isinstance(link, NullLink) and "pyserial is not importable" in reason and "/dev/ttyUSB0" in reason


def test_send_line_refuses_newlines_and_oversize():
    link = open_link({"type": "serial", "port": "loop://", "max_out_line": 1024}, start=False)
    with pytest.raises(ValueError):
        link.send_line("a\nb")
    with pytest.raises(ValueError, match="max_out_line"):
        link.send_state({"x": "y" * 1100})
    assert link.send_line("PONG") is False  # not started: not connected


# ---------------------------------------------------------------- scope and refused lines
class FakeClock:
    def __init__(self, t=0.0):
        self.t = t

    def __call__(self):
        return self.t


def test_check_scope_refuses_keys_unless_full():
    with pytest.raises(
        ProtocolError, match=r'KEY ok refused: this link takes game actions only .*scope = "full"'
    ):
        check_scope(Key("ok"), "game")
    for msg in (Action("pass deep"), Ping(), Echo("STATE"), None):
        check_scope(msg, "game")  # game actions and pings pass
    check_scope(Key("ok"), "full")
    assert LINK_SCOPES == ("game", "full")
    with pytest.raises(ValueError, match="'menus' is not one of game, full"):
        SerialLink("loop://", scope="menus", start=False)


def test_by_default_a_peer_plays_the_game_but_cannot_press_the_buttons():
    """Over a real pty pair: KEY lines (menus, settings, a new game) get ERR and put nothing in
    the queue; ACTION lines reach the session; HELLO tells the peer its scope."""
    master, slave = os.openpty()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": os.ttyname(slave), **FAST}, q)
    buf = [b""]
    try:
        assert link.scope == "game"
        hello = read_line(master, buf)
        assert json.loads(hello.removeprefix("HELLO "))["scope"] == "game"
        os.write(master, b"KEY ok\nkey back\nACTION pass deep\nPING\n")
        assert read_line(master, buf).startswith("ERR KEY ok refused: this link takes game actions only")
        assert read_line(master, buf).startswith("ERR KEY back refused")
        assert read_line(master, buf) == "PONG"
        act, skipped = get_until(q, lambda x: isinstance(x, LinkAction))
        assert act.text == "pass deep"
        assert not any(isinstance(x, ButtonEvent) for x in skipped) and q.empty()
        assert link.stats["errors"] == 2
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def test_refused_lines_are_logged_at_a_bounded_rate(caplog):
    """2,000 garbage lines over a pty pair: every one is answered ERR, but the log (at -v's INFO
    level) gets the first five and then one summary line when the minute is over."""
    import logging
    import threading

    caplog.set_level(logging.INFO, logger="drivers.link.serial_link")
    clock = FakeClock(100.0)
    master, slave = os.openpty()
    q = queue.Queue()
    link = SerialLink(os.ttyname(slave), q, clock=clock, **FAST)
    stop, out = threading.Event(), []
    reader = threading.Thread(target=drain, args=(master, stop, out), daemon=True)
    reader.start()

    def refusals():
        return [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]

    try:
        wait_for(lambda: link.connected)
        garbage = b"".join(b"junk %d\n" % i if i % 100 else b"\xff\xfe\n" for i in range(2000))
        for i in range(0, len(garbage), 1024):
            os.write(master, garbage[i : i + 1024])
        wait_for(lambda: b"".join(out).count(b"\nERR ") >= 2000)
        assert link.stats["errors"] == 2000
        logged = refusals()
        assert len(logged) == 5 and all("refused" in m and "/dev/pts/" in m for m in logged)
        assert "refused a line: invalid UTF-8" in logged[0] and "'junk 1'" in logged[1]
        clock.t = 130.0  # half a minute: still held back
        time.sleep(0.3)
        assert len(refusals()) == 5
        clock.t = 161.0  # the minute is over
        wait_for(lambda: len(refusals()) == 6)
        assert refusals()[5].endswith(
            "1995 more lines refused in the last 61 s (last: unknown command 'junk')"
        )
        os.write(master, b"junk again\n")  # a new window logs at once
        wait_for(lambda: len(refusals()) == 7)
        assert "'junk again'" in refusals()[6]
    finally:
        link.close()
        stop.set()
        reader.join()
        os.close(master)
        os.close(slave)


def test_refusal_log_window_and_final_flush(caplog):
    import logging

    caplog.set_level(logging.INFO)
    clock = FakeClock()
    rl = RefusalLog(logging.getLogger("test.refusals"), "/dev/ttyX", burst=2, window_s=10, clock=clock)
    for i in range(5):
        rl.refused(f"bad {i}", "unknown command 'bad'")
    rl.flush()
    msgs = [r.getMessage() for r in caplog.records]
    assert msgs == [
        "serial link /dev/ttyX: refused 'bad 0': unknown command 'bad'",
        "serial link /dev/ttyX: refused 'bad 1': unknown command 'bad'",
    ]
    clock.t = 4.0
    rl.flush(final=True)  # the connection ends: say it now
    assert caplog.records[-1].getMessage() == (
        "serial link /dev/ttyX: 3 more lines refused in the last 4 s (last: unknown command 'bad')"
    )
    rl.flush(final=True)
    clock.t = 50.0
    rl.flush()
    assert len(caplog.records) == 3  # nothing held: nothing more said
