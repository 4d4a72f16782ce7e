"""Reading a pty's master side in a test, so the device's writes never block on a full buffer."""

from __future__ import annotations

import os
import select


def drain(fd: int, stop, out: list) -> None:
    """Append to ``out`` what arrives on ``fd`` until the ``stop`` event is set (run it in a
    thread)."""
    while not stop.is_set():
        if select.select([fd], [], [], 0.05)[0]:
            try:
                out.append(os.read(fd, 65536))
            except OSError:
                return


def wait_connected(link, stop, seconds: float = 5.0) -> None:
    """Until the link has opened its port: a line sent before that is not queued, so a test
    that reads every line starts its game only after this."""
    for _ in range(int(seconds / 0.01)):
        if link.connected:
            return
        stop.wait(0.01)
    raise AssertionError("the link never connected to the pty")
