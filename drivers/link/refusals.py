"""Refused peer lines and failed writes, logged at a bounded rate.

Every refused line is still answered ``ERR <reason>`` on the link; the log only needs to say
that a peer sends garbage, not repeat it a thousand times. In each window of ``window_s``
seconds the first ``burst`` refusals are logged one by one; the rest are counted and logged as
one line, "N more lines refused in the last T s", when the window is over (``flush``, called
from the reader loop) or the connection ends (``flush(final=True)``). So a flood costs at most
``burst + 1`` log lines per window.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

BURST = 5
WINDOW_S = 60.0


class RefusalLog:
    def __init__(
        self,
        log: logging.Logger,
        port: str,
        *,
        burst: int = BURST,
        window_s: float = WINDOW_S,
        clock: Callable[[], float] | None = None,
        level: int = logging.WARNING,
    ):
        if burst < 0 or window_s <= 0:
            raise ValueError("burst must be >= 0 and window_s > 0")
        self.log = log
        self.port = port
        self.burst = burst
        self.window_s = window_s
        self.clock = clock or time.monotonic
        self.level = level
        self._start: float | None = None  # when the current window began (its first refusal)
        self._logged = 0  # refusals logged one by one in this window
        self._held = 0  # refusals counted, not yet logged
        self._last_reason = ""

    SUMMARY = "lines refused"

    def refused(self, line: str | None, reason: object) -> None:
        """One refused line (``line`` None when it could not be decoded or was too long)."""
        if line is None:
            self.note(str(reason), "serial link %s: refused a line: %s", self.port, reason)
        else:
            self.note(str(reason), "serial link %s: refused %r: %s", self.port, line[:60], reason)

    def note(self, reason: str, message: str, *args: object) -> None:
        """Log ``message % args`` while this window's burst lasts; else count it."""
        self.flush()
        if self._start is None:
            self._start, self._logged, self._held = self.clock(), 0, 0
        if self._logged < self.burst:
            self._logged += 1
            self.log.log(self.level, message, *args)
        else:
            self._held += 1
            self._last_reason = reason

    def flush(self, final: bool = False) -> None:
        """Log the count held back once the window is over (or now, when ``final``)."""
        if self._start is None:
            return
        elapsed = self.clock() - self._start
        if not final and elapsed < self.window_s:
            return
        if self._held:
            self.log.log(
                self.level,
                "serial link %s: %d more %s in the last %.0f s (last: %s)",
                self.port,
                self._held,
                self.SUMMARY,
                elapsed,
                self._last_reason[:80],
            )
        self._start = None
        self._logged = self._held = 0


class WriteFailureLog(RefusalLog):
    """Failed writes (a peer that never reads makes every write time out), logged the same way."""

    SUMMARY = "writes failed"

    def failed(self, why: str) -> None:
        self.note(why, "serial link %s: %s", self.port, why)
