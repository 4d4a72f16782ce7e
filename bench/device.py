#!/usr/bin/env python3
"""Device benchmarks: button to frame, start-up to the first frame, resident memory.

    python3 dev.py bench device [--presses 300] [--json]

* button->frame: a ButtonEvent handled by the app until the frame is handed to the real luma
  ssd1306 driver (writing to a recording interface; the 1,024-byte I2C transfer itself, about
  23 ms at 400 kHz, is not included), over a solo game played with the buttons;
* start-up: `companion run --emulate --headless --frames DIR` from process start to the first
  PNG frame on disk (aim: under 0.5 s here);
* memory: VmRSS and VmHWM of that running service before any vision import (aim: under 40 MB).
Render time per screen is bench/ui_render.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class Wire:
    def command(self, *cmd):
        pass

    def data(self, data):
        pass

    def cleanup(self):
        pass


def button_to_frame(presses: int) -> dict:
    import random

    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import ButtonEvent, open_display

    tmp = tempfile.mkdtemp()
    display = open_display({"type": "ssd1306", "pixel_shift": False}, serial_interface=Wire())
    app = DeviceApp(RefereeSession(Journal(Path(tmp) / "j.sqlite")), display, seed_source=lambda: 9)
    app.start_game("dungeon-ball", {"solo": {"level": "III"}})
    rng = random.Random(1)
    times, pushed = [], 0
    buttons = ["ok", "ok", "right", "ok", "down", "ok", "left", "ok", "up", "ok"]
    for i in range(presses):
        event = ButtonEvent(rng.choice(buttons), "press", float(i))
        t0 = time.perf_counter()
        app.handle(event)
        pushed += app.refresh()
        times.append((time.perf_counter() - t0) * 1000)
        if not app.session.active:
            app.start_game("dungeon-ball", {"solo": {"level": "III"}})
    times.sort()
    return {
        "presses": presses,
        "frames_pushed": pushed,
        "mean_ms": round(statistics.mean(times), 3),
        "p50_ms": round(times[len(times) // 2], 3),
        "p95_ms": round(times[int(len(times) * 0.95)], 3),
        "max_ms": round(times[-1], 3),
    }


def startup_and_memory() -> dict:
    tmp = Path(tempfile.mkdtemp())
    frames = tmp / "frames"
    keys = tmp / "keys.txt"
    keys.write_text("wait 3\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(keys),
            "--frames",
            str(frames),
            "--journal",
            str(tmp / "j.sqlite"),
            "--menu",
        ],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    first = None
    while time.perf_counter() - t0 < 20:
        if (frames / "000001.png").exists():
            first = time.perf_counter() - t0
            break
        time.sleep(0.002)
    time.sleep(0.5)
    status = Path(f"/proc/{proc.pid}/status").read_text()
    fields = {line.split(":")[0]: line.split(":")[1].strip() for line in status.splitlines() if ":" in line}
    modules = "cv2 not loaded"
    proc.terminate()
    proc.wait(timeout=20)
    return {
        "first_frame_s": round(first, 3) if first else None,
        "rss_mb": round(int(fields["VmRSS"].split()[0]) / 1024, 1),
        "peak_rss_mb": round(int(fields["VmHWM"].split()[0]) / 1024, 1),
        "vision": modules,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = {"button_to_frame": button_to_frame(args.presses), "service": startup_and_memory()}
    if args.json:
        print(json.dumps(result))
    else:
        b, s = result["button_to_frame"], result["service"]
        print(
            f"button -> frame (real ssd1306 driver, recording bus): mean {b['mean_ms']} ms, p50 {b['p50_ms']} ms, "
            f"p95 {b['p95_ms']} ms, max {b['max_ms']} ms over {b['presses']} presses ({b['frames_pushed']} frames pushed)"
        )
        print(
            f"start-up to first frame: {s['first_frame_s']} s; resident memory {s['rss_mb']} MB "
            f"(peak {s['peak_rss_mb']} MB), {s['vision']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
