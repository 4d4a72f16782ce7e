"""The serial protocol as a peer's maker sees it: only docs/serial-protocol.md in hand, a real
device (companion.device.app.DeviceApp with a real RefereeSession and journal, or `companion run
--emulate` with a [link] section) on the other end of socket://, a pty pair or loop://.

Each test names, in its docstring, the promise of the doc it checks."""

import json
import logging
import os
import queue
import re
import select
import socket
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import ConfigError, open_display, open_link
from drivers.inputs import ButtonEvent
from drivers.link import LinkAction, LinkStatus

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "serial-protocol.md").read_text(encoding="utf-8")
FAST = {"reconnect_min_s": 0.05, "reconnect_max_s": 0.2}
GAME = ("dungeon-ball", {"solo": {"level": "I"}})
SEED = 5
KEY_REFUSED = (
    "ERR KEY {} refused: this link takes game actions only (ACTION <text>); "
    'buttons need [link] scope = "full"'
)
HELLO_GAME = 'HELLO {"device":"dungeon-companion","max_line":256,"protocol":1,"scope":"game"}'


def compact(payload: str) -> str:
    """The doc's JSON form: compact, keys sorted, non-ASCII kept."""
    return json.dumps(json.loads(payload), separators=(",", ":"), sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------------------------ peers
class Peer:
    """The peer's end: bytes out, device lines in (read by a thread, so the device's writes
    never block on us). Every line read is checked against the doc's device -> peer rules."""

    def __init__(self):
        self.buf = bytearray()
        self.cv = threading.Condition()
        self.seen: list[str] = []
        self._stop = threading.Event()
        self._thread = None

    def _start_reader(self):
        self._stop.clear()
        self._thread = threading.Thread(target=self._read_loop, daemon=True)
        self._thread.start()

    def _feed(self, data: bytes):
        with self.cv:
            self.buf += data
            self.cv.notify_all()

    def line(self, timeout=8.0) -> str:
        end = time.monotonic() + timeout
        with self.cv:
            while b"\n" not in self.buf:
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no line from the device; have {bytes(self.buf)[:200]!r}")
                self.cv.wait(left)
            raw, _, rest = bytes(self.buf).partition(b"\n")
            self.buf[:] = rest
        assert len(raw) <= 4096, "device line longer than max_out_line"
        text = raw.decode("utf-8")  # strict: device lines are UTF-8
        assert "\r" not in text and text == text.strip() or text.startswith("ERR ")
        verb = text.split(" ", 1)[0]
        assert verb in ("HELLO", "STATE", "EVENT", "PONG", "ERR"), text  # upper case, known verbs
        if verb in ("HELLO", "STATE", "EVENT"):
            payload = text[len(verb) + 1 :]
            assert payload == compact(payload), f"not compact sorted JSON: {text}"
        self.seen.append(text)
        return text

    def until(self, pred, timeout=8.0) -> list[str]:
        """Lines up to and including the first one matching ``pred``."""
        out = []
        end = time.monotonic() + timeout
        while True:
            out.append(self.line(max(0.01, end - time.monotonic())))
            if pred(out[-1]):
                return out

    def quiet(self, seconds=0.4) -> None:
        time.sleep(seconds)
        with self.cv:
            assert b"\n" not in self.buf, f"unexpected lines: {bytes(self.buf)[:300]!r}"

    def sync(self) -> list[str]:
        """PING and return the lines the reader thread sent before its PONG."""
        self.write(b"PING\n")
        return self.until(lambda s: s == "PONG")[:-1]

    def close(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)


class SocketPeer(Peer):
    """A TCP server: the device connects to socket://127.0.0.1:PORT."""

    def __init__(self):
        super().__init__()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(10)
        self.url = f"socket://127.0.0.1:{self.sock.getsockname()[1]}"
        self.conn = None

    def accept(self):
        self.conn, _ = self.sock.accept()
        self.buf.clear()
        self._start_reader()
        return self

    def _read_loop(self):
        conn = self.conn
        while not self._stop.is_set():
            try:
                if select.select([conn], [], [], 0.05)[0]:
                    data = conn.recv(65536)
                    if not data:
                        return
                    self._feed(data)
            except (OSError, ValueError):
                return

    def write(self, data: bytes):
        self.conn.sendall(data)

    def hang_up(self):
        self._stop.set()
        self._thread.join(2)
        self.conn.close()

    def close(self):
        super().close()
        if self.conn is not None:
            self.conn.close()
        self.sock.close()


class PtyPeer(Peer):
    """A pty pair; the device opens a by-id-like symlink to the slave side."""

    def __init__(self, tmp_path):
        super().__init__()
        self.url = str(tmp_path / "ttyPEER")
        self.master = self.slave = None

    def plug_in(self):
        self.master, self.slave = os.openpty()
        tmp = self.url + ".new"
        os.symlink(os.ttyname(self.slave), tmp)
        os.replace(tmp, self.url)
        self.buf.clear()
        self._start_reader()
        return self

    def accept(self):
        return self

    def _read_loop(self):
        fd = self.master
        while not self._stop.is_set():
            try:
                if select.select([fd], [], [], 0.05)[0]:
                    self._feed(os.read(fd, 65536))
            except (OSError, ValueError):
                return

    def write(self, data: bytes):
        view = memoryview(data)
        while view:
            n = os.write(self.master, view)
            view = view[n:]

    def pull_out(self):
        """The USB adapter is pulled: the tty and its symlink vanish."""
        self._stop.set()
        self._thread.join(2)
        os.close(self.master)
        os.close(self.slave)
        self.master = self.slave = None
        os.unlink(self.url)

    def close(self):
        super().close()
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)


class Device:
    """A real device: DeviceApp + RefereeSession + journal + SerialLink, its loop in a thread."""

    def __init__(self, tmp_path, port, game=True, name="j", **link_cfg):
        self.events = queue.Queue()
        self.link = open_link({"type": "serial", "port": port, **FAST, **link_cfg}, self.events, start=False)
        self.session = RefereeSession(Journal(tmp_path / f"{name}.sqlite"))
        self.app = DeviceApp(
            self.session, open_display({"type": "null"}), link=self.link, seed_source=lambda: SEED
        )
        if game:
            self.app.start_game(*GAME)
        self.link.start()
        self.thread = threading.Thread(
            target=self.app.run, args=(self.events,), kwargs={"tick": 0.05}, daemon=True
        )
        self.thread.start()

    def summary_line(self) -> str:
        return "STATE " + compact(json.dumps(self.session.engine.summary(self.session.state)))

    def press(self, button):
        """A person at the box presses a real button."""
        self.events.put(ButtonEvent(button, "press", time.monotonic(), "gpio"))
        self.events.put(ButtonEvent(button, "release", time.monotonic(), "gpio"))

    def close(self):
        self.app.running = False
        self.thread.join(5)
        self.link.close()


@pytest.fixture(params=["socket", "pty"])
def transport(request, tmp_path):
    peer = SocketPeer() if request.param == "socket" else PtyPeer(tmp_path).plug_in()
    yield peer
    peer.close()


@pytest.fixture
def connect(transport, tmp_path):
    """connect(**link_cfg) -> (device, peer) with the peer past HELLO (and STATE, in a game)."""
    made = []

    def _connect(game=True, **cfg):
        dev = Device(tmp_path, transport.url, game=game, **cfg)
        made.append(dev)
        transport.accept()
        assert transport.line().startswith("HELLO ")
        if game:
            assert transport.line() == dev.summary_line()
        return dev, transport

    yield _connect
    for dev in made:
        dev.close()


def twin_actions(tmp_path, n=5):
    """The first legal actions of the device's game (same game, same seed), from a twin."""
    session = RefereeSession(Journal(tmp_path / "twin.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: SEED)
    app.start_game(*GAME)
    sent = []
    for i in range(n):
        p = session.prompt()
        a = p.options[-1] if i % 2 else p.options[0]
        sent.append(a)
        app.link_action(a)
    return sent, list(session.actions), session.engine.summary(session.state)


def wait_for(pred, timeout=8.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.01)
    raise AssertionError("condition not met in time")


# ------------------------------------------------------------------------------ HELLO, JSON
def test_hello_first_then_latest_state_literally(connect):
    """Device -> peer: `HELLO {json}` after each (re)connect, exactly the doc's example for the
    default config; the latest STATE is re-sent right after HELLO; JSON compact, keys sorted."""
    dev, peer = connect(game=False)
    assert peer.seen == [HELLO_GAME]
    assert HELLO_GAME.split(" ", 1)[1] in DOC.replace("`", " ")
    peer.quiet(0.2)  # no game: no STATE


def test_state_follows_hello_and_is_the_games_summary(connect):
    """`STATE {json}` "the latest one is re-sent right after HELLO": a game in progress when
    the peer connects is announced at once, as one line of compact JSON."""
    dev, peer = connect()
    hello, state = peer.seen
    assert hello == HELLO_GAME
    assert state == dev.summary_line() and json.loads(state[6:])["step"] == "team"


def test_full_scope_hello_says_so(connect):
    """ "`HELLO` tells the peer its scope", and its max_line."""
    _, peer = connect(game=False, scope="full", max_line=100)
    assert json.loads(peer.seen[0][6:]) == {
        "device": "dungeon-companion",
        "max_line": 100,
        "protocol": 1,
        "scope": "full",
    }


def test_doc_examples_of_device_lines_are_what_the_link_writes(connect):
    """Device -> peer table: the `STATE`, `EVENT`, `PONG` and `ERR` examples are the lines the
    link writes for those objects (JSON compact, keys sorted, non-ASCII kept as UTF-8)."""
    dev, peer = connect(game=False)
    examples = dict(re.findall(r"^\| `(STATE|EVENT) \{json\}` \|.*\| `(\S+ \{.*\})` \|$", DOC, re.M))
    assert set(examples) == {"STATE", "EVENT"}
    for verb, line in examples.items():
        obj = json.loads(line.split(" ", 1)[1])
        assert (dev.link.send_state if verb == "STATE" else dev.link.send_event)(obj)
        assert peer.line() == line, f"the doc's {verb} example is not what the device sends"
    assert dev.link.send_event({"é": "ünï", "a": [1, 2]})
    assert peer.line() == 'EVENT {"a":[1,2],"é":"ünï"}'
    peer.write(b"KEY jump\n")
    assert peer.line().startswith("ERR unknown key 'jump' (expected up|down|")
    assert peer.sync() == []


# ---------------------------------------------------------------------------- PING, verbs
def test_ping_pong_and_case_insensitive_verbs(connect):
    """`PING` -> `PONG` (no argument allowed: `ERR`); verbs are case-insensitive; the device
    sends upper case."""
    _, peer = connect(game=False)
    peer.write(b"PING\nping\nPiNg\n  PING  \nPING now\n")
    assert [peer.line() for _ in range(5)] == ["PONG"] * 4 + ["ERR PING takes no argument"]
    assert peer.sync() == []


def test_ping_is_answered_by_the_reader_thread_even_when_the_game_is_busy(connect):
    """ "`PING` and refusals are answered by the reader thread directly": the device's game
    loop need not run for PONG / ERR."""
    dev, peer = connect()
    dev.app.running = False
    dev.thread.join(5)
    peer.write(b"PING\nFOO\n")
    assert [peer.line(), peer.line()] == ["PONG", "ERR unknown command 'FOO'"]


# -------------------------------------------------------------------------------- garbage
def test_every_refusal_is_answered_once_in_order_and_changes_nothing(connect):
    """Peer -> device: "Anything else is answered `ERR <reason>` and changes nothing": unknown
    verbs, missing/unknown key, KEY in scope game, empty ACTION, argument after PING, over-long
    lines, control characters, invalid UTF-8."""
    dev, peer = connect()
    actions = list(dev.session.actions)
    garbage = [
        (b"FOO\n", "ERR unknown command 'FOO'"),
        (b"foo bar\n", "ERR unknown command 'foo'"),
        (b"KEY\n", "ERR KEY needs a key name"),
        (b"KEY jump\n", None),
        (b"KEY ok\n", KEY_REFUSED.format("ok")),
        (b"ACTION\n", "ERR ACTION needs a text"),
        (b"ACTION    \n", "ERR ACTION needs a text"),
        (b"PING x\n", "ERR PING takes no argument"),
        (b"A" * 300 + b"\n", "ERR line too long (max 256 bytes)"),
        (b"PI\x01NG\n", "ERR control character 0x01 in line"),
        (b"ACTION p1 team\x1btrolls\n", "ERR control character 0x1B in line"),
        (b"\x7f\n", "ERR control character 0x7F in line"),
        (b"\xff\xfe\n", "ERR invalid UTF-8"),
        (b"ACTION p1 team trolls \xc3\n", "ERR invalid UTF-8"),
    ]
    peer.write(b"".join(data for data, _ in garbage))
    got = peer.sync()
    assert len(got) == len(garbage), got
    for (data, want), line in zip(garbage, got):
        if want is None:
            assert line.startswith("ERR unknown key 'jump' (expected up|down|"), line
        else:
            assert line == want, (data, line)
    peer.quiet(0.3)  # no STATE, no EVENT: nothing changed
    assert dev.session.actions == actions and dev.link.stats["errors"] == len(garbage)


def test_control_characters_anywhere_in_the_line_are_refused(connect):
    """ "Control characters other than tab are refused (`ERR control character 0xNN in line`)":
    also at the start or end of a line (where Python's str.strip would eat \\x0b, \\x0c,
    \\x1c..\\x1f), and a lone one is not a blank line."""
    _, peer = connect(game=False)
    cases = [
        (b"PING\x0c\n", 0x0C),
        (b"\x1fPING\n", 0x1F),
        (b"PING\x0b\n", 0x0B),
        (b"\x1c\n", 0x1C),
        (b"PING\r\r\n", 0x0D),
    ]
    peer.write(b"".join(c for c, _ in cases))
    assert peer.sync() == [f"ERR control character 0x{n:02X} in line" for _, n in cases]


def test_tab_is_not_refused(connect):
    """ "Control characters other than tab": a tab inside an ACTION's text is accepted (the
    session reads the action's words)."""
    dev, peer = connect()
    peer.write(b"ACTION p1\tteam  trolls\t\n")
    lines = peer.until(lambda s: s.startswith("STATE "))
    assert not any(s.startswith("ERR") for s in lines)
    assert dev.session.actions[-1] == "p1 team trolls"


def test_blank_lines_are_ignored(connect):
    """Lines: "Blank lines are ignored" (empty, CRLF-only, spaces, tabs): no answer at all."""
    _, peer = connect(game=False)
    peer.write(b"\n\r\n   \n\t\n \t \r\n\n\n")
    assert peer.sync() == []


def test_crlf_and_lf_both_work(connect):
    """ "A `\\r` just before the `\\n` is dropped, so `\\r\\n` terminals work": the same ACTION
    text reaches the session whether the line ends in LF or CRLF."""
    dev, peer = connect()
    peer.write(b"PING\r\nPING\n")
    assert [peer.line(), peer.line()] == ["PONG", "PONG"]
    peer.write(b"ACTION p1 team trolls\r\n")
    peer.until(lambda s: s.startswith("STATE "))
    assert dev.session.actions[-1] == "p1 team trolls"
    assert dev.session.journal.actions(dev.session.game_id)[-1] == "p1 team trolls"


def test_max_line_counts_bytes_without_terminator(connect):
    """ "at most `max_line` bytes (256 by default) not counting the terminator. A longer line is
    discarded up to its next `\\n` and answered once with `ERR line too long (max 256 bytes)`
    ... The line after it is read normally." Bytes, not characters."""
    _, peer = connect(game=False)
    exact = b"ACTION " + b"x" * 249  # 256 bytes: accepted (no game: the
    assert len(exact) == 256  # service refuses it, not the link)
    peer.write(exact + b"\n")
    assert peer.line() == "ERR no game in progress: " + "x" * 249
    peer.write(exact + b"\r\n")  # CRLF is terminator too
    assert peer.line() == "ERR no game in progress: " + "x" * 249
    peer.write(exact + b"y\nPING\n")  # 257 bytes
    assert [peer.line(), peer.line()] == ["ERR line too long (max 256 bytes)", "PONG"]
    accents = ("ACTION " + "é" * 125).encode()  # 132 characters, 257 bytes
    peer.write(accents + b"\nPING\n")
    assert [peer.line(), peer.line()] == ["ERR line too long (max 256 bytes)", "PONG"]
    for chunk in (b"K" * 200, b"K" * 200, b"K" * 5000):  # one long line in pieces, with pauses
        peer.write(chunk)
        time.sleep(0.1)
    peer.write(b"tail\nPING\n")
    assert [peer.line(), peer.line()] == ["ERR line too long (max 256 bytes)", "PONG"]
    assert peer.sync() == []


def test_half_a_line_then_a_pause(connect):
    """One message per line, terminated by `\\n`: half a line is held (no answer, no timeout)
    until the rest arrives, however long the pause."""
    dev, peer = connect()
    peer.write(b"PI")
    peer.quiet(0.6)
    peer.write(b"NG\nACTION p1 te")
    assert peer.line() == "PONG"
    peer.quiet(0.6)
    assert len(dev.session.actions) == 0
    peer.write(b"am trolls")
    time.sleep(0.3)
    peer.write(b"\n")
    peer.until(lambda s: s.startswith("STATE "))
    assert dev.session.actions[-1] == "p1 team trolls"


def test_echo_of_device_verbs_is_ignored(connect):
    """Echo safety: lines starting with `HELLO`, `STATE`, `EVENT`, `PONG`, `ERR` (any case)
    "are ignored when received, never answered"."""
    dev, peer = connect()
    peer.write(
        HELLO_GAME.encode() + b"\n" + dev.summary_line().encode() + b"\n"
        b'EVENT {"type":"touchdown"}\nPONG\nERR unknown command \'FOO\'\npong\nerr x\nState {}\nERR\n'
    )
    assert peer.sync() == []
    assert dev.link.stats["echo"] == 9 and dev.link.stats["errors"] == 0


def test_loop_url_device_talks_to_itself_without_an_err_storm(tmp_path):
    """Transport `loop://` and echo safety: on loop:// the device's HELLO, STATE, EVENT, PONG
    come back and are ignored (no ERR storm); a line written into the loop is a peer line and a
    game ACTION reaches the real session."""
    dev = Device(tmp_path, "loop://")
    try:
        wait_for(lambda: dev.link.stats["echo"] >= 2)  # HELLO and STATE came back
        assert dev.link.send_line("ACTION p1 team trolls")
        wait_for(lambda: dev.session.actions[-1:] == ["p1 team trolls"])
        assert dev.link.send_line("PING")
        wait_for(lambda: "PONG" in dev.link.sent)
        time.sleep(0.5)
        settled = (dev.link.stats["tx"], dev.link.stats["rx"])
        time.sleep(0.5)
        assert (dev.link.stats["tx"], dev.link.stats["rx"]) == settled  # quiet: no storm
        assert dev.link.stats["errors"] == 0 and not any(s.startswith("ERR") for s in dev.link.sent)
        assert len(dev.link.sent[1]) > 256  # the STATE that came back was over-long
        assert dev.link.sent[0].startswith("HELLO ") and dev.link.connects == 1
    finally:
        dev.close()


# ---------------------------------------------------------------------------------- scope
def test_scope_game_refuses_every_key_literally_and_nothing_happens(connect):
    """Scope "game" (default): "every `KEY` line is answered `ERR KEY ok refused: ...` and
    nothing happens" (the menu stays where it is: no new game, no settings)."""
    dev, peer = connect(game=False)
    assert ("`" + KEY_REFUSED.format("ok") + "`") in DOC.replace("\n", " ")
    before = dev.app.model()
    keys = ["up", "down", "left", "right", "ok", "back", "cw", "ccw"]
    peer.write(b"".join(f"KEY {k}\n".encode() for k in keys) + b"key OK\n")
    assert peer.sync() == [KEY_REFUSED.format(k) for k in keys] + [KEY_REFUSED.format("ok")]
    time.sleep(0.2)
    assert dev.app.model() == before and dev.app.menu_kind == "main" and not dev.session.active


def test_action_needs_a_game_in_progress(connect):
    """ "An `ACTION` only applies inside a game in progress (otherwise `ERR no game in
    progress: ...`)"."""
    dev, peer = connect(game=False)
    peer.write(b"ACTION p1 team trolls\n")
    assert peer.line() == "ERR no game in progress: p1 team trolls"
    assert not dev.session.active and dev.session.journal.games() == []


def test_starting_leaving_or_configuring_a_game_is_not_an_action(connect):
    """ "only the game's own actions exist there: starting, leaving or configuring a game is not
    an action": each is refused with ERR and the same game goes on unchanged."""
    dev, peer = connect()
    game_id, actions = dev.session.game_id, list(dev.session.actions)
    texts = [
        "new game",
        "leave",
        "menu",
        "main menu",
        "settings",
        "start dungeon-ball",
        "quit",
        "undo",
        "resume",
        "dice manual",
        "p1 leave",
    ]
    for t in texts:
        peer.write(f"ACTION {t}\n".encode())
        line = peer.line()
        assert line.startswith("ERR ") and len(line) > 4, (t, line)
    peer.quiet(0.3)
    assert dev.session.active and dev.session.game_id == game_id and dev.session.actions == actions


def test_scope_full_keys_press_the_buttons_as_a_person_would(connect):
    """Scope "full": "`KEY up|down|left|right|ok|back` (also `cw`, `ccw`): a button press and
    release, as if on the device's buttons": a peer starts a game from the main menu and plays
    its first choice; the device sends STATE after each change."""
    dev, peer = connect(game=False, scope="full")
    peer.write(b"KEY cw\nKEY ccw\n")  # the wheel: down then up, no ERR
    peer.write(b"KEY ok\nkey OK\nKEY up\nKEY ok\n")  # New game, first game, Start (wraps), Start
    state = peer.until(lambda s: s.startswith("STATE "))[-1]
    assert not any(s.startswith("ERR") for s in peer.seen)
    assert dev.session.active and state == dev.summary_line()
    assert json.loads(state[6:])["step"] == "team"
    peer.write(b"KEY ok\n")  # the first team
    peer.until(lambda s: s.startswith('EVENT {"event":"team","player":"p1"'))
    assert dev.session.actions[0].startswith("p1 team ")
    peer.quiet(0.4)  # two players: still the "team" step, the STATE is unchanged: not re-sent
    assert dev.link.send_state(dev.session.engine.summary(dev.session.state)) is False


def test_link_key_events_are_press_then_release_with_source_link(tmp_path):
    """Inside the device: "`ButtonEvent(button, "press", t, source="link")` then
    `ButtonEvent(button, "release", ...)` for `KEY` (scope "full" only); `LinkAction(text, t)`
    for `ACTION`; `LinkStatus(connected, port, reason, t)` when the port opens or is lost"."""
    peer = SocketPeer()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": peer.url, "scope": "full", **FAST}, q)
    try:
        peer.accept()
        peer.line()
        st = q.get(timeout=5)
        assert isinstance(st, LinkStatus) and st.connected and st.port == peer.url
        peer.write(b"KEY left\nACTION  pass  deep \nPING\n")
        assert peer.line() == "PONG"
        items = [q.get(timeout=5) for _ in range(3)]
        assert [(e.button, e.kind, e.source) for e in items[:2]] == [
            ("left", "press", "link"),
            ("left", "release", "link"),
        ]
        assert isinstance(items[2], LinkAction) and items[2].text == "pass  deep"
        peer.hang_up()
        st = q.get(timeout=5)
        assert isinstance(st, LinkStatus) and not st.connected and st.reason and isinstance(st.t, float)
    finally:
        link.close()
        peer.close()


# --------------------------------------------------------------------------- game and STATE
def test_action_events_state_and_refused_action(connect):
    """`ACTION <text>` is "handed to the session as-is"; `EVENT {json}` then `STATE {json}`
    follow a change; "The service may also answer an `ACTION` the game refuses with
    `ERR <rule broken>`", and then nothing changed (no STATE, no EVENT)."""
    dev, peer = connect()
    peer.write(b"ACTION p1 team trolls\n")
    lines = peer.until(lambda s: s.startswith("STATE "))
    assert 'EVENT {"event":"team","player":"p1","team":"trolls"}' in lines
    assert lines[-1] == dev.summary_line() and json.loads(lines[-1][6:])["step"] == "call_coin"
    assert dev.session.journal.actions(dev.session.game_id) == ["p1 team trolls"]
    peer.write(b"ACTION p1 fly away\n")
    err = peer.line()
    assert err.startswith("ERR ") and "legal" in err
    peer.quiet(0.4)
    assert dev.session.actions == ["p1 team trolls"]


def test_unchanged_state_is_not_sent_twice(connect):
    """STATE: "an unchanged one is not sent twice", but a changed one is sent."""
    dev, peer = connect()
    summary = dev.session.engine.summary(dev.session.state)
    assert dev.link.send_state(summary) is False
    peer.quiet(0.3)
    assert dev.link.send_state({**summary, "half": 2}) is True
    assert json.loads(peer.line()[6:])["half"] == 2


# ------------------------------------------------------------------------------- reconnect
class BusyService(queue.Queue):
    """A service that sends a STATE and an EVENT the moment it hears the port is open."""

    link = None

    def put(self, item, *a, **kw):
        super().put(item, *a, **kw)
        if isinstance(item, LinkStatus) and item.connected and self.link is not None:
            t = threading.Thread(
                target=lambda: (self.link.send_state({"n": 2}), self.link.send_event({"e": 1}))
            )
            t.start()
            t.join(0.3)


def test_hello_comes_first_even_when_the_service_sends_at_connect_time(tmp_path):
    """ "After every (re)connect the device sends `HELLO`" and then the latest STATE; "an
    unchanged one is not sent twice" - also when the service sends while the port opens."""
    peer = SocketPeer()
    q = BusyService()
    link = open_link({"type": "serial", "port": peer.url, **FAST}, q, start=False)
    q.link = link
    assert link.send_state({"n": 1}) is False  # kept for the connection
    link.start()
    try:
        peer.accept()
        lines = peer.until(lambda s: s.startswith("EVENT "))
        assert lines[0].startswith("HELLO ")
        assert lines[1:] == ['STATE {"n":1}', 'STATE {"n":2}', 'EVENT {"e":1}']
        peer.quiet(0.3)
    finally:
        link.close()
        peer.close()


def test_socket_peer_goes_away_and_comes_back_up_to_date(tmp_path):
    """Transport: the device "reopens it when it vanishes (socket closed) ... After every
    (re)connect the device sends `HELLO`", then the latest STATE, including a change made at
    the box while the peer was away; the game goes on over the new connection."""
    peer = SocketPeer()
    dev = Device(tmp_path, peer.url)
    try:
        peer.accept()
        assert [peer.line(), peer.line()] == [HELLO_GAME, dev.summary_line()]
        peer.write(b"ACTION p1 team trolls\n")
        peer.until(lambda s: s.startswith("STATE "))
        peer.hang_up()
        wait_for(lambda: not dev.link.connected)
        peer.sock.settimeout(0.05)
        dev.press("ok")  # a person plays while the peer is away
        wait_for(lambda: len(dev.session.actions) > 1)
        peer.sock.settimeout(10)
        peer.accept()
        assert peer.line() == HELLO_GAME
        assert peer.line() == dev.summary_line()  # up to date at once
        peer.quiet(0.3)  # and only once
        peer.write(b"PING\n")
        assert peer.line() == "PONG"
        assert dev.link.connects == 2
    finally:
        dev.close()
        peer.close()


def test_pty_port_vanishes_and_comes_back(tmp_path):
    """Transport: the device "reopens it when it vanishes (USB pulled)": the tty and its
    by-id symlink disappear, come back as a new pty, and the peer gets HELLO and the latest
    STATE again; ACTIONs work again."""
    peer = PtyPeer(tmp_path).plug_in()
    dev = Device(tmp_path, peer.url, baudrate=9600)
    try:
        assert [peer.line(), peer.line()] == [HELLO_GAME, dev.summary_line()]
        peer.pull_out()
        wait_for(lambda: not dev.link.connected)
        time.sleep(0.3)  # a few failed reopen attempts
        assert not dev.link.connected
        peer.plug_in()
        assert [peer.line(), peer.line()] == [HELLO_GAME, dev.summary_line()]
        peer.write(b"ACTION p1 team trolls\r\n")
        peer.until(lambda s: s.startswith("STATE "))
        assert dev.session.actions[-1] == "p1 team trolls"
    finally:
        dev.close()
        peer.close()


def test_pty_is_8n1_without_flow_control_at_the_configured_baudrate(tmp_path):
    """Transport: "8N1, no flow control, `baudrate` from config (115200 by default)"."""
    for cfg, speed in (({}, termios.B115200), ({"baudrate": 9600}, termios.B9600)):
        peer = PtyPeer(tmp_path).plug_in()
        dev = Device(tmp_path, peer.url, game=False, name=f"j{speed}", **cfg)
        try:
            assert peer.line() == HELLO_GAME
            iflag, _, cflag, _, ispeed, ospeed, _ = termios.tcgetattr(peer.slave)
            assert (ispeed, ospeed) == (speed, speed)
            assert cflag & termios.CSIZE == termios.CS8
            assert not cflag & (termios.PARENB | termios.CSTOPB | termios.CRTSCTS)
            assert not iflag & (termios.IXON | termios.IXOFF)
        finally:
            dev.close()
            peer.close()


def test_reconnect_backoff_doubles_up_to_the_maximum_and_hello_each_time(tmp_path):
    """Transport: "first retry after `reconnect_min_s` (0.5 s), doubling up to
    `reconnect_max_s` (10 s). After every (re)connect the device sends `HELLO`" (a port that
    fails at once)."""
    q = queue.Queue()
    assert open_link({"type": "serial", "port": "loop://"}, q, start=False).reconnect_min_s == 0.5
    assert open_link({"type": "serial", "port": "loop://"}, q, start=False).reconnect_max_s == 10.0
    peer = SocketPeer()
    link = open_link({"type": "serial", "port": peer.url, "reconnect_min_s": 0.1, "reconnect_max_s": 0.4}, q)
    times = []
    try:
        for _ in range(5):
            conn, _ = peer.sock.accept()
            times.append(time.monotonic())
            conn.settimeout(5)
            assert conn.recv(4096).startswith(b"HELLO {")
            conn.close()  # hang up at once
    finally:
        link.close()
        peer.close()
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert gaps[0] >= 0.09 and gaps[1] >= 0.19 and gaps[2] >= 0.38 and gaps[3] >= 0.38, gaps
    assert max(gaps) < 1.2, gaps  # capped at reconnect_max_s


# ----------------------------------------------------------------------------------- flood
def test_flood_nothing_accepted_is_lost(connect, tmp_path):
    """Under a flood of lines: every PING gets its PONG, every refused line its ERR, and
    every accepted ACTION reaches the session in order ("nothing accepted is lost"). (The queue's
    bound, ERR busy, is test_link_busy.py's: here the bound is above the flood.)"""
    dev, peer = connect(max_pending=10_000)
    legal, journal_after, final = twin_actions(tmp_path)
    lines, pings, errs = [], 0, 0
    for i in range(2000):
        if i % 400 == 200:
            lines.append(f"ACTION {legal[i // 400]}")
        elif i % 5 == 0:
            lines.append("PING")
            pings += 1
        elif i % 5 == 1:
            lines.append(f"junk {i}")
            errs += 1
        elif i % 5 == 2:
            lines.append("")
        elif i % 5 == 3:
            lines.append("ACTION p1 fly away")  # refused by the game
            errs += 1
        else:
            lines.append(HELLO_GAME)  # echo: ignored
    peer.write(("\n".join(lines) + "\n").encode())
    counts = {"PONG": 0, "ERR": 0}

    def done(line):
        verb = line.split(" ", 1)[0]
        counts[verb] = counts.get(verb, 0) + 1
        return counts["PONG"] >= pings and counts["ERR"] >= errs

    got = peer.until(done, timeout=90)
    peer.quiet(0.5)
    assert got.count("PONG") == pings
    assert sum(s.startswith("ERR") for s in got) == errs
    assert dev.session.actions == journal_after
    assert [s for s in got if s.startswith("STATE ")][-1] == "STATE " + compact(json.dumps(final))
    assert dev.session.journal.actions(dev.session.game_id) == journal_after


def test_refused_lines_are_logged_at_a_bounded_rate(tmp_path, caplog):
    """Refused lines in the log: each answered ERR, but "in each minute the first 5 refusals are
    logged one by one (`serial link ...: refused 'FOO': unknown command 'FOO'`), the rest are
    counted, and one line sums them up when ... the connection ends: `serial link ...: 1995 more
    lines refused in the last N s (last: unknown command 'junk')`". An over-long line is logged."""
    caplog.set_level(logging.INFO, logger="drivers.link")
    peer = SocketPeer()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": peer.url, **FAST}, q)
    try:
        peer.accept()
        peer.line()
        peer.write(b"X" * 400 + b"\n")
        assert peer.line() == "ERR line too long (max 256 bytes)"
        assert any("line too long" in r.getMessage() and r.levelno >= logging.WARNING for r in caplog.records)
        peer.write(b"FOO\n" + b"junk\n" * 1999)
        got = peer.until(lambda s: len(peer.seen) >= 2 + 2000, timeout=30)
        assert got[0] == "ERR unknown command 'FOO'" and set(got[1:]) == {"ERR unknown command 'junk'"}
        peer.hang_up()
        wait_for(lambda: not link.connected)
        wait_for(lambda: any("more lines refused" in r.getMessage() for r in caplog.records))
    finally:
        link.close()
        peer.close()
    msgs = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    one = f"serial link {peer.url}: refused 'junk': unknown command 'junk'"
    assert msgs[0] == f"serial link {peer.url}: refused a line: line too long (max 256 bytes)"
    assert msgs[1:5] == [f"serial link {peer.url}: refused 'FOO': unknown command 'FOO'"] + [one] * 3
    assert len(msgs) == 6, msgs  # 2,001 garbage lines, 6 log lines
    assert re.fullmatch(
        rf"serial link {re.escape(peer.url)}: 1996 more lines refused in the last \d+ s "
        r"\(last: unknown command 'junk'\)",
        msgs[5],
    ), msgs[5]


# -------------------------------------------------------------------------------- sending
def test_sending_returns_false_when_not_connected_and_never_blocks_long(tmp_path):
    """Inside the device: "Sending (`send_state`, `send_event`, `send_error`, `send_line`)
    never blocks the game for more than `write_timeout_s`; it returns False when the port is not
    connected" (a peer that stops reading)."""
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nobody listens there
    link = open_link({"type": "serial", "port": f"socket://127.0.0.1:{port}", **FAST}, queue.Queue())
    try:
        t0 = time.monotonic()
        assert link.send_state({"a": 1}) is False and link.send_event({"b": 2}) is False
        assert link.send_error("x") is False and link.send_line("PONG") is False
        assert time.monotonic() - t0 < 0.5
    finally:
        link.close()
    master, slave = os.openpty()  # a peer that never reads
    link = open_link(
        {"type": "serial", "port": os.ttyname(slave), "write_timeout_s": 0.2, **FAST}, queue.Queue()
    )
    try:
        wait_for(lambda: link.connected)
        worst, results = 0.0, []
        for i in range(60):  # until the buffer has refused three sends
            t0 = time.monotonic()
            results.append(link.send_event({"n": i, "pad": "x" * 3000}))
            worst = max(worst, time.monotonic() - t0)
            if results.count(False) == 3:
                break
        assert False in results  # the buffer filled up ...
        assert worst < 0.2 + 0.5, worst  # ... and no send waited long
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def test_a_state_longer_than_max_out_line_is_refused_and_the_link_lives_on(tmp_path):
    """Device -> peer: "at most `max_out_line` bytes": a STATE that does not fit is refused
    to the caller (ValueError), is never written, and does not become the state re-sent after
    HELLO (which used to kill the reader thread at the next connect). A max_out_line below the
    HELLO's length does not kill it either."""
    peer = SocketPeer()
    link = open_link({"type": "serial", "port": peer.url, **FAST}, queue.Queue(), start=False)
    link.max_out_line = 100  # below what the configuration accepts: the link's own guard
    try:
        assert link.send_state({"n": 1}) is False  # fits: kept for the connection
        with pytest.raises(ValueError, match="max_out_line"):
            link.send_state({"n": "x" * 100})
        link.start()
        peer.accept()
        assert [peer.line(), peer.line()] == [HELLO_GAME, 'STATE {"n":1}']
        assert peer.sync() == []  # the reader thread is alive
    finally:
        link.close()
        peer.close()
    peer = SocketPeer()
    events = queue.Queue()
    link = open_link({"type": "serial", "port": peer.url, **FAST}, events, start=False)
    link.max_out_line = 64
    link.start()
    try:
        peer.accept()
        # no HELLO to wait for: wait for the port to be open, since pyserial's socket:// open()
        # discards whatever arrived before it returned (a PING sent earlier would be lost)
        st = events.get(timeout=8)
        assert isinstance(st, LinkStatus) and st.connected
        assert peer.sync() == []  # no HELLO (79 bytes), but alive
        assert all(len(s.encode()) <= 64 for s in peer.seen)
    finally:
        link.close()
        peer.close()


def test_hello_is_sent_with_the_smallest_max_out_line_the_config_accepts(tmp_path):
    """Transport: "After every (re)connect the device sends `HELLO`", for every max_out_line
    the configuration accepts (1024..65536: a STATE is about 600 bytes); a smaller one is
    refused, naming the key."""
    with pytest.raises(ConfigError, match="max_out_line: 256 is outside 1024..65536"):
        open_link({"type": "serial", "port": "loop://", "max_out_line": 256}, queue.Queue(), start=False)
    peer = SocketPeer()
    link = open_link({"type": "serial", "port": peer.url, "max_out_line": 1024, **FAST}, queue.Queue())
    try:
        peer.accept()
        peer.write(b"PING\n")
        assert peer.line().startswith("HELLO ")
    finally:
        link.close()
        peer.close()


def test_a_state_longer_than_max_out_line_is_not_sent_and_the_device_plays_on(tmp_path, caplog):
    """Device -> peer: "at most `max_out_line` bytes": a STATE that does not fit is left out
    (the log says so), and the device plays on, not failing with an internal error."""
    peer = SocketPeer()
    dev = Device(tmp_path, peer.url, game=False, scope="full")
    dev.link.max_out_line = 256  # below a STATE's ~600 bytes
    try:
        peer.accept()
        peer.line()
        peer.write(b"KEY ok\nKEY ok\nKEY up\nKEY ok\n")  # start a game with the buttons
        wait_for(lambda: dev.session.active)
        time.sleep(0.3)
        assert "internal error" not in str(dev.app.model().get("notice"))
        assert "serial link: not sent: line of" in caplog.text
    finally:
        dev.close()
        peer.close()


# ---------------------------------------------------------------------- companion run, docs
def test_companion_run_emulate_with_a_link_section(tmp_path):
    """`companion run --emulate` with a [link] section (socket://, scope "full"): the device
    says HELLO, answers PING, refuses an ACTION outside a game, lets the peer start a game
    with KEYs and sends its STATE."""
    peer = SocketPeer()
    cfg = tmp_path / "link.toml"
    cfg.write_text(
        f'[link]\ntype = "serial"\nport = "{peer.url}"\nscope = "full"\n'
        "reconnect_min_s = 0.1\n[web]\nenabled = false\n",
        encoding="utf-8",
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_CONFIG=str(tmp_path / "none.toml"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--headless",
            "--no-web",
            "--menu",
            "--seed",
            "5",
            "--config",
            str(cfg),
            "--journal",
            str(tmp_path / "j.sqlite"),
        ],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        peer.sock.settimeout(30)
        peer.accept()
        assert peer.line(30) == HELLO_GAME.replace('"game"}', '"full"}')
        peer.write(b"PING\nACTION p1 team trolls\n")
        assert peer.line() == "PONG"
        assert peer.line() == "ERR no game in progress: p1 team trolls"
        peer.write(b"KEY ok\nKEY ok\nKEY up\nKEY ok\n")
        state = peer.until(lambda s: s.startswith("STATE "))[-1]
        assert json.loads(state[6:])["step"] == "team"
        peer.write(b"ACTION p1 team trolls\n")
        lines = peer.until(lambda s: s.startswith("EVENT "))
        assert lines == ['EVENT {"event":"team","player":"p1","team":"trolls"}']
        peer.write(b"ACTION p2 team trolls\n")  # taken: the game's rule, as ERR
        assert peer.line().startswith("ERR ")
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
        peer.close()
    assert proc.returncode == 0, err[-2000:]


def _doc_snippet(port: int) -> str:
    block = re.search(r"```sh\n(.*?)```", DOC, re.S).group(1)
    assert "nc -l 127.0.0.1 7777" in block
    code = re.search(r'-c "\n(.*?)\n"', block, re.S).group(1)
    return code.replace("7777", str(port))


@pytest.mark.parametrize("scope", ["game", "full"])
def test_trying_it_example_works_as_written(tmp_path, scope):
    """ "Trying it": the doc's device-side snippet against a TCP listener (the doc's `nc -l`):
    `PING`, `KEY ok`, `ACTION pass left`, `nonsense` give the answers and the queued events the
    doc describes (`KEY ok` refused unless `'scope': 'full'` is added to the mapping)."""
    peer = SocketPeer()
    port = int(peer.url.rsplit(":", 1)[1])
    code = _doc_snippet(port)
    if scope == "full":
        code = code.replace("'port': ", "'scope': 'full', 'port': ")
        assert "'scope': 'full'" in code
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    try:
        peer.sock.settimeout(30)
        peer.accept()
        assert json.loads(peer.line(30)[6:])["scope"] == scope
        peer.write(b"PING\nKEY ok\nACTION pass left\nnonsense\n")
        want = (
            ["PONG"]
            + ([KEY_REFUSED.format("ok")] if scope == "game" else [])
            + ["ERR unknown command 'nonsense'"]
        )
        assert [peer.line() for _ in want] == want
        time.sleep(0.5)
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
        peer.close()
    assert "LinkStatus(connected=True" in out
    assert "LinkAction(text='pass left'" in out
    assert ("ButtonEvent(button='ok', kind='press'" in out) == (scope == "full")
    assert ("ButtonEvent(button='ok', kind='release'" in out) == (scope == "full")
