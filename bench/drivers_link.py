#!/usr/bin/env python3
"""Serial link round trips over a real pty pair: PING -> PONG (answered by the reader thread)
and KEY -> ButtonEvent in the queue.

    python3 dev.py bench drivers_link [--n N]
"""

from __future__ import annotations

import argparse
import os
import queue
import select
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from drivers import open_link  # noqa: E402
from drivers.inputs import ButtonEvent  # noqa: E402


def readline(fd, buf):
    while b"\n" not in buf[0]:
        r, _, _ = select.select([fd], [], [], 5)
        if not r:
            raise TimeoutError
        buf[0] += os.read(fd, 4096)
    line, _, buf[0] = buf[0].partition(b"\n")
    return line


def stats(ts):
    ts = sorted(ts)
    return f"median {statistics.median(ts) * 1e3:.3f} ms, p95 {ts[int(len(ts) * 0.95) - 1] * 1e3:.3f} ms"


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300)
    a = ap.parse_args(argv)
    master, slave = os.openpty()
    q = queue.Queue()
    link = open_link({"type": "serial", "port": os.ttyname(slave), "baudrate": 115200}, q)
    buf = [b""]
    readline(master, buf)  # HELLO
    ping = []
    for _ in range(a.n):
        t0 = time.perf_counter()
        os.write(master, b"PING\n")
        assert readline(master, buf) == b"PONG"
        ping.append(time.perf_counter() - t0)
    key = []
    for _ in range(a.n):
        t0 = time.perf_counter()
        os.write(master, b"KEY ok\n")
        while not isinstance(q.get(timeout=5), ButtonEvent):
            pass
        key.append(time.perf_counter() - t0)
        q.get(timeout=5)  # the release
    link.close()
    os.close(master)
    os.close(slave)
    print(f"pty PING -> PONG, {a.n} round trips: {stats(ping)}")
    print(f"pty KEY ok -> ButtonEvent in queue, {a.n}: {stats(key)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
