"""Keyboard input for the emulator: a terminal (or any file descriptor) becomes the button pad.

Keys: arrows or w/a/s/d = directions, Enter/Space/o = ok, Backspace/Esc/b = back.
Shift gives a long press: W/A/S/D, O (ok) and B (back), and Shift+arrows; u is a long BACK
(undo) without Shift (a terminal sends Shift+Backspace and Shift+Esc as the plain keys); q
(or Q) quits the emulator: it sets
the ``quit_pressed`` event, which the service's loop watches. A terminal sends no key-up, so
each key is a "press" then a "release" at once (plus "long" in between for the Shift keys); the
terminal's own key repeat gives repeated presses. Other printable keys (q too) go to the
optional ``on_other_key(char)`` callback (called on the reader thread: only enqueue there).

On a tty the terminal is put in non-canonical, no-echo mode with termios (imported only then),
keeping signals so Ctrl-C still works, and restored on close() and at exit. When the fd is not
a tty (CI, a pipe) it is simply read. Nothing here touches the terminal at import time.
"""

from __future__ import annotations

import atexit
import logging
import os
import select
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from drivers.inputs.base import Clock, InputBackend
from drivers.inputs.events import ButtonEvent

log = logging.getLogger(__name__)

ESC = 0x1B
# escape sequences (CSI and SS3 forms) -> button
_SEQUENCES: dict[bytes, str] = {
    b"\x1b[A": "up",
    b"\x1b[B": "down",
    b"\x1b[C": "right",
    b"\x1b[D": "left",
    b"\x1bOA": "up",
    b"\x1bOB": "down",
    b"\x1bOC": "right",
    b"\x1bOD": "left",
}
# xterm's Shift+arrows (modifier 2): a long press of that direction
_SHIFTED: dict[bytes, str] = {
    b"\x1b[1;2" + k: v for k, v in ((b"A", "up"), (b"B", "down"), (b"C", "right"), (b"D", "left"))
}
# single bytes -> (button, long?)
KEYMAP: dict[int, tuple[str, bool]] = {
    ord("w"): ("up", False),
    ord("s"): ("down", False),
    ord("a"): ("left", False),
    ord("d"): ("right", False),
    ord("W"): ("up", True),
    ord("S"): ("down", True),
    ord("A"): ("left", True),
    ord("D"): ("right", True),
    ord("\r"): ("ok", False),
    ord("\n"): ("ok", False),
    ord(" "): ("ok", False),
    ord("o"): ("ok", False),
    ord("O"): ("ok", True),
    0x7F: ("back", False),
    0x08: ("back", False),
    ord("b"): ("back", False),
    ord("B"): ("back", True),
    ord("u"): ("back", True),
    ord("U"): ("back", True),  # u: undo, a long BACK without Shift
}

QUIT_KEYS = ("q", "Q")


class KeyParser:
    """Pure byte-stream parser: feed(bytes) -> [(button, long)], flush() for a lone Esc.
    Unmapped printable keys come out as (character, None)."""

    def __init__(self) -> None:
        self._pending = b""

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def feed(self, data: bytes) -> list[tuple[str, bool | None]]:
        out: list[tuple[str, bool | None]] = []
        buf = self._pending + data
        i = 0
        while i < len(buf):
            c = buf[i]
            if c == ESC:
                rest = buf[i : i + 3]
                if len(rest) < 3 and (len(rest) == 1 or rest[1:2] in (b"[", b"O")):
                    # maybe the start of a sequence: wait for more bytes (or flush())
                    self._pending = rest
                    return out
                if rest in _SEQUENCES:
                    out.append((_SEQUENCES[rest], False))
                    i += 3
                    continue
                if rest[1:2] in (b"[", b"O"):
                    # another CSI/SS3 sequence (Shift+arrows, F-keys, Home...): to its final byte
                    j = i + 2
                    while j < len(buf) and not (0x40 <= buf[j] <= 0x7E):
                        j += 1
                    if j >= len(buf):  # cut between two reads: wait for the rest
                        self._pending = buf[i:]
                        return out
                    if buf[i : j + 1] in _SHIFTED:
                        out.append((_SHIFTED[buf[i : j + 1]], True))
                    i = j + 1
                    continue
                out.append(("back", False))  # Esc followed by an ordinary key
                i += 1
                continue
            if c == 0x0A and i > 0 and buf[i - 1] == 0x0D:
                i += 1  # CR LF is one Enter
                continue
            hit = KEYMAP.get(c)
            if hit:
                out.append(hit)
            elif 0x20 < c < 0x7F:
                out.append((chr(c), None))  # another printable key: see on_other_key
            i += 1
        self._pending = b""
        return out

    def flush(self) -> list[tuple[str, bool]]:
        """No more bytes came: a pending lone Esc is the back key."""
        p, self._pending = self._pending, b""
        return [("back", False)] if p == b"\x1b" else []


class KeyboardInput(InputBackend):
    source = "keyboard"

    def __init__(
        self,
        queue: Any = None,
        *,
        fd: int | None = None,
        clock: Clock | None = None,
        raw: bool = True,
        esc_timeout_s: float = 0.05,
        threaded: bool = True,
        on_other_key: Callable[[str], None] | None = None,
    ):
        super().__init__(queue, clock)
        self.on_other_key = on_other_key
        self.quit_pressed = threading.Event()
        if fd is None:
            try:
                fd = sys.stdin.fileno()
            except (AttributeError, ValueError, OSError) as e:
                raise OSError(f"keyboard input: stdin has no file descriptor ({e})") from e
        self.fd = fd
        self.parser = KeyParser()
        self.esc_timeout_s = esc_timeout_s
        self._saved_attrs: Any = None
        self.is_tty = os.isatty(fd)
        if raw and self.is_tty:
            self._enter_raw()
        self.eof = threading.Event()
        if threaded:
            self._start(self._run, "keyboard")

    # -- terminal mode ----------------------------------------------------------------------
    def _enter_raw(self) -> None:
        import termios

        self._saved_attrs = termios.tcgetattr(self.fd)
        attrs = termios.tcgetattr(self.fd)
        attrs[3] &= ~(termios.ICANON | termios.ECHO)  # lflag: no line editing, no echo
        attrs[6][termios.VMIN] = 1
        attrs[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        atexit.register(self.restore_terminal)

    def restore_terminal(self) -> None:
        if self._saved_attrs is None:
            return
        import termios

        try:
            termios.tcsetattr(self.fd, termios.TCSANOW, self._saved_attrs)
        except (termios.error, OSError):  # the terminal may be gone already
            pass
        self._saved_attrs = None

    # -- events -----------------------------------------------------------------------------
    def _emit(self, keys: Sequence[tuple[str, bool | None]]) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        for button, long in keys:
            if long is None:
                if button in QUIT_KEYS:
                    self.quit_pressed.set()
                if self.on_other_key is not None:
                    self.on_other_key(button)
                continue
            t = self.clock()
            out.append(ButtonEvent(button, "press", t, self.source))
            if long:
                out.append(ButtonEvent(button, "long", t, self.source))
            out.append(ButtonEvent(button, "release", t, self.source))
        for ev in out:
            self._put(ev)
        return out

    def feed(self, data: bytes) -> list[ButtonEvent]:
        return self._emit(self.parser.feed(data))

    def pump(self, timeout: float = 0.0) -> list[ButtonEvent]:
        """Read what is available on the fd (waiting up to timeout) and emit its events."""
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return self._emit(self.parser.flush()) if self.parser.pending else []
        try:
            data = os.read(self.fd, 64)
        except OSError as e:
            log.warning("keyboard input: read failed: %s", e)
            data = b""
        if not data:
            self.eof.set()
            return self._emit(self.parser.flush())
        out = self.feed(data)
        if self.parser.pending:
            out += self.pump(self.esc_timeout_s)
        return out

    def _run(self) -> None:
        while not self._stop.is_set() and not self.eof.is_set():
            try:
                self.pump(0.1)
            except (OSError, ValueError):  # fd closed under us
                break

    def _release(self) -> None:
        self.restore_terminal()
