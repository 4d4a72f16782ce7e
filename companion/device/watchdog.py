"""Tell systemd the service is up and still alive (sd_notify, without a dependency).

The unit is ``Type=notify`` with ``WatchdogSec=``: systemd waits for ``READY=1`` before it
counts the service as started, and restarts it when no ``WATCHDOG=1`` arrives within the
interval, so a main loop that hangs (a stuck driver, a deadlock) is noticed. The messages are
datagrams on the AF_UNIX socket named by ``$NOTIFY_SOCKET`` (a leading "@" means Linux's
abstract namespace). Outside systemd the variables are unset and every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


class Watchdog:
    def __init__(
        self,
        address: str | None = None,
        interval_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        """``address``: $NOTIFY_SOCKET (None: notify nobody); ``interval_s``: the watchdog
        interval (None: no watchdog, ``ping`` does nothing)."""
        self.address = address or None
        self.interval_s = interval_s if interval_s and interval_s > 0 else None
        self.clock = clock
        self._sock: socket.socket | None = None
        self._last_ping: float | None = None
        self._failed = False

    @classmethod
    def from_environment(
        cls, env: Mapping[str, str] | None = None, clock: Callable[[], float] = time.monotonic
    ) -> Watchdog:
        """Read NOTIFY_SOCKET and WATCHDOG_USEC (honouring WATCHDOG_PID, as sd_watchdog_enabled
        does: a watchdog meant for another process is not ours)."""
        env = os.environ if env is None else env
        interval = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            interval = int(usec) / 1_000_000
        return cls(env.get("NOTIFY_SOCKET"), interval, clock)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, message: str) -> bool:
        """Send one message ("READY=1", "STATUS=..."); False when there is nobody to tell or
        the send failed (logged once: the game never stops for the watchdog)."""
        if self.address is None:
            return False
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(message.encode("utf-8"), target)
        except OSError as exc:
            if not self._failed:
                log.warning("cannot notify systemd at %s: %s", self.address, exc)
            self._failed = True
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """The service is up (call it once the first frame is on the display)."""
        return self.notify("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def ping(self) -> bool:
        """Say the main loop is alive; sent at most every half interval, so it is cheap to
        call on every pass of the loop. True when a ping was sent."""
        if self.interval_s is None or self.address is None:
            return False
        now = self.clock()
        if self._last_ping is not None and now - self._last_ping < self.interval_s / 2:
            return False
        if self.notify("WATCHDOG=1"):
            self._last_ping = now
            return True
        return False

    def stopping(self) -> bool:
        """The service is shutting down on purpose (SIGTERM): not a hang."""
        return self.notify("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
