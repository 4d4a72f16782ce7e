#!/usr/bin/env python3
"""Input latency: a mock GPIO edge -> ButtonEvent in the caller's queue, through the real
gpiozero Button, our callback, the worker thread and ButtonLogic; and the cost of the pure
logic per edge.

    python3 dev.py bench drivers_inputs [--n N]
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from drivers import open_inputs  # noqa: E402
from drivers.inputs.logic import ButtonLogic  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300)
    a = ap.parse_args(argv)
    q = queue.Queue()
    inp = open_inputs({"type": "gpiozero", "pins": {"ok": 24}, "pin_factory": "mock", "debounce_ms": 0}, q)
    pin = inp.devices["ok"].pin_factory.pin(24)
    lat = []
    for i in range(a.n):
        t0 = time.perf_counter()
        (pin.drive_low if i % 2 == 0 else pin.drive_high)()
        q.get(timeout=2)
        lat.append(time.perf_counter() - t0)
    inp.close()
    lat.sort()
    print(
        f"gpio edge -> event in queue (threaded worker, mock pins), {a.n} edges: "
        f"median {statistics.median(lat) * 1e3:.3f} ms, p95 {lat[int(len(lat) * 0.95) - 1] * 1e3:.3f} ms, "
        f"max {lat[-1] * 1e3:.3f} ms"
    )
    lg = ButtonLogic(["up", "down", "left", "right", "ok", "back"])
    n = 100_000
    t0 = time.perf_counter()
    for i in range(n):
        lg.edge("ok", i % 2 == 0, i * 0.05)
        lg.tick(i * 0.05 + 0.01)
    dt = time.perf_counter() - t0
    print(f"ButtonLogic edge+tick (6 buttons): {dt / n * 1e6:.2f} us per pair")
    return 0


if __name__ == "__main__":
    sys.exit(main())
