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
