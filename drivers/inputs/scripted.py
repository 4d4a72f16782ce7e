"""Scripted input for headless runs: a key script file played into the queue.

Script format (UTF-8 text, one item per line; '#' starts a comment; blank lines ignored):

    up                 a press and a release of "up" (any of up down left right ok back cw ccw)
    long ok            press, long, release (a long press of "ok")
    repeat down 3      press, 3 repeats, release
    wait 0.5           pause 0.5 s before the next line (also: sleep 0.5)

Errors in the script raise ScriptError (a ValueError) naming the file and line at open time,
before anything is played: a missing file, a binary one, an unknown key. ``delay_s`` is added between keys (0 by default). Sleeping uses an injectable
``sleep`` so tests play scripts instantly. ``finished`` is set when the script is done.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drivers.inputs.base import Clock, InputBackend
from drivers.inputs.events import ALL_BUTTONS, ButtonEvent


@dataclass(frozen=True)
class Step:
    op: str  # "key" | "long" | "repeat" | "wait"
    button: str = ""
    n: int = 0
    seconds: float = 0.0
    line: int = 0


class ScriptError(ValueError):
    """A key script that cannot be played; the message is ``FILE:LINE: what is wrong``."""


def read_script(path: str | Path) -> list[Step]:
    """Read and parse a key script file; raise ScriptError naming the file and line, or an
    OSError naming the file when it cannot be read."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise OSError(f"{path}: cannot read the key script: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise ScriptError(
            f"{path}:{line}: not UTF-8 text (byte {raw[e.start]:#04x}); a key script is text, "
            "one button per line"
        ) from None
    return parse_script(text, str(path))


def parse_script(text: str, name: str = "<script>") -> list[Step]:
    steps: list[Step] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        head = words[0].lower()

        def bad(msg: str, no: int = no, raw: str = raw) -> ScriptError:
            return ScriptError(f"{name}:{no}: {msg}: {raw.strip()[:40]!r}")

        if head in ("wait", "sleep"):
            if len(words) != 2:
                raise bad("expected 'wait SECONDS'")
            try:
                secs = float(words[1])
            except ValueError:
                raise bad("bad number of seconds") from None
            if not 0 <= secs <= 3600:
                raise bad("wait must be between 0 and 3600 s")
            steps.append(Step("wait", seconds=secs, line=no))
        elif head in ("long", "repeat"):
            want = 2 if head == "long" else 3
            if len(words) != want:
                raise bad("expected 'long BUTTON'" if head == "long" else "expected 'repeat BUTTON N'")
            button = words[1].lower()
            if button not in ALL_BUTTONS:
                raise bad(f"unknown button {button!r}")
            n = 0
            if head == "repeat":
                try:
                    n = int(words[2])
                except ValueError:
                    raise bad("bad repeat count") from None
                if not 1 <= n <= 1000:
                    raise bad("repeat count must be 1..1000")
            steps.append(Step(head, button=button, n=n, line=no))
        elif head in ALL_BUTTONS and len(words) == 1:
            steps.append(Step("key", button=head, line=no))
        else:
            raise bad("unknown key or command")
    return steps


class ScriptedInput(InputBackend):
    source = "script"

    def __init__(
        self,
        script: str | Path,
        queue: Any = None,
        *,
        text: str | None = None,
        clock: Clock | None = None,
        sleep: Callable[[float], None] | None = None,
        delay_s: float = 0.0,
        threaded: bool = True,
        on_finished: Callable[[], None] | None = None,
    ):
        super().__init__(queue, clock)
        self.steps = read_script(script) if text is None else parse_script(text, str(script))
        self.delay_s = delay_s
        self._sleep = sleep or self._interruptible_sleep
        self.finished = threading.Event()
        self.on_finished = on_finished
        if threaded:
            self._start(self.play, "key-script")

    def _interruptible_sleep(self, s: float) -> None:
        self._stop.wait(s)

    def events_for(self, step: Step, t: float) -> list[ButtonEvent]:
        b, src = step.button, self.source
        if step.op == "key":
            return [ButtonEvent(b, "press", t, src), ButtonEvent(b, "release", t, src)]
        if step.op == "long":
            return [
                ButtonEvent(b, "press", t, src),
                ButtonEvent(b, "long", t, src),
                ButtonEvent(b, "release", t, src),
            ]
        if step.op == "repeat":
            return (
                [ButtonEvent(b, "press", t, src)]
                + [ButtonEvent(b, "repeat", t, src)] * step.n
                + [ButtonEvent(b, "release", t, src)]
            )
        return []

    def play(self) -> list[ButtonEvent]:
        """Play the whole script (blocking); returns the events it queued."""
        out: list[ButtonEvent] = []
        try:
            first = True
            for step in self.steps:
                if self._stop.is_set():
                    break
                if step.op == "wait":
                    self._sleep(step.seconds)
                    continue
                if not first and self.delay_s:
                    self._sleep(self.delay_s)
                first = False
                evs = self.events_for(step, self.clock())
                for ev in evs:
                    self._put(ev)
                out += evs
        finally:
            self.finished.set()
            if self.on_finished is not None:
                self.on_finished()
        return out

    def pump(self) -> list[ButtonEvent]:
        return [] if self.finished.is_set() else self.play()
