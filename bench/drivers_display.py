#!/usr/bin/env python3
"""Display push cost: the real luma ssd1306/sh1106 classes writing to a recording interface
(no bus), the skip of unchanged frames, the pixel shift, and the terminal renderer.

    python3 dev.py bench drivers_display [--frames N] [--json]

The time printed is CPU time in Python on this machine (luma's packing of 8192 pixels into
1,024 bytes + our checks); the I2C transfer itself adds ~23 ms per frame at 400 kHz on a Pi
(1,024 data bytes + addressing, 9 bits per byte), which is why unchanged frames are skipped.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from PIL import Image, ImageDraw  # noqa: E402

from drivers import open_display  # noqa: E402


class CountingSerial:
    """luma's serial interface contract; counts instead of talking to a bus."""

    def __init__(self):
        self.data_bytes = 0
        self.commands = 0

    def command(self, *cmd):
        self.commands += 1

    def data(self, data):
        self.data_bytes += len(data)

    def cleanup(self):
        pass


def frames():
    out = []
    for i in range(2):
        img = Image.new("1", (128, 64), 0)
        d = ImageDraw.Draw(img)
        d.rectangle((2, 2, 125, 61), outline=1)
        d.text((10, 10 + i * 20), f"HALF 2  DOWN {i + 1}", fill=1)
        d.ellipse((90, 30, 110, 50), fill=1)
        out.append(img)
    return out


def timeit(fn, n):
    ts = []
    for i in range(n):
        t0 = time.perf_counter()
        fn(i)
        ts.append(time.perf_counter() - t0)
    return ts


def ms(ts):
    ts = sorted(ts)
    return {
        "median_ms": round(statistics.median(ts) * 1e3, 3),
        "p95_ms": round(ts[int(len(ts) * 0.95) - 1] * 1e3, 3),
        "mean_ms": round(statistics.fmean(ts) * 1e3, 3),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=500)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    n = a.frames
    A, B = frames()
    results = {}

    for kind in ("ssd1306", "sh1106"):
        ser = CountingSerial()
        d = open_display({"type": kind, "pixel_shift": False}, serial_interface=ser)
        ser.data_bytes = ser.commands = 0
        changed = timeit(lambda i, d=d: d.show(A if i % 2 else B), n)
        assert d.pushed == n and ser.data_bytes == 1024 * n, (d.pushed, ser.data_bytes)
        d.show(A)  # make sure A is what the panel holds
        before, skipped = ser.data_bytes, d.skipped
        same = timeit(lambda i, d=d: d.show(A), n)
        assert ser.data_bytes == before and d.skipped == skipped + n  # nothing reached the bus
        results[f"{kind} changed frame"] = ms(changed)
        results[f"{kind} unchanged frame (skipped)"] = ms(same)

    ser = CountingSerial()
    d = open_display(
        {"type": "ssd1306", "pixel_shift": True, "shift_period_s": 1.0, "shift_max_px": 2},
        serial_interface=ser,
        clock=lambda: 7.5,
    )  # offset index 7: a shifted frame
    results["ssd1306 changed frame, pixel shift on"] = ms(timeit(lambda i: d.show(A if i % 2 else B), n))
    results["ssd1306 unchanged frame, pixel shift on"] = ms(timeit(lambda i: d.show(A), n))

    for style in ("halfblock", "braille"):
        d = open_display({"type": "terminal", "style": style}, stream=io.StringIO())
        results[f"terminal {style} changed frame"] = ms(
            timeit(lambda i, d=d: d.show(A if i % 2 else B), max(50, n // 5))
        )

    if a.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"display push, {n} frames each (Python {sys.version.split()[0]}, {os.uname().machine})")
    w = max(len(k) for k in results)
    print(f"{'':{w}}  {'median':>9} {'p95':>9} {'mean':>9}")
    for k, v in results.items():
        print(f"{k:{w}}  {v['median_ms']:>7.3f}ms {v['p95_ms']:>7.3f}ms {v['mean_ms']:>7.3f}ms")
    print("bus time not included: ~23 ms per pushed frame at 400 kHz I2C, 0 for a skipped frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
