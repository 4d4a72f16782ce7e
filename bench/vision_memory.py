"""Memory of the learned dice reader: a Python with OpenCV and one 1280x960 frame, then with
the two networks loaded, then the peak while reading the frame (VmHWM, the resident set's
high-water mark, of a fresh process: ru_maxrss would carry the parent's over exec).

    .venv/bin/python bench/vision_memory.py
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status (Linux only)")


def main() -> int:
    import subprocess
    import cv2
    from vision import synth
    sc = synth.dice_scene(seed=7, kind="pips", face_px=72, n_dice=7, size=(1280, 960), effects=False)
    with tempfile.TemporaryDirectory() as td:
        frame = Path(td) / "seven.png"
        cv2.imwrite(str(frame), sc.image)
        # a fresh process, so rendering the scene does not count
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / 'bench')!r})\n"
                "import cv2, vision_memory as m\n"
                f"img = cv2.imread({str(frame)!r})\n"
                "from vision import net, pips\n"
                "a = m.peak_mb(); net.model(); b = m.peak_mb()\n"
                "for _ in range(5): r = pips.read_dice(img)\n"
                "print(f'python + OpenCV + one frame: {a:.0f} MB; networks loaded: {b:.0f} MB; "
                "peak while reading: {m.peak_mb():.0f} MB; read {r.values}')\n")
        return subprocess.call([sys.executable, "-c", code])


if __name__ == "__main__":
    sys.exit(main())
