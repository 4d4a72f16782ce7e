"""Memory of the learned dice reader: a Python with OpenCV and one 1280x960 frame, then with
the two networks loaded, then the peak while reading the frame, then the peak after reading a
12 MP phone photo from its file (``vision.photo``: decoded at the size its dice need) (VmHWM,
the resident set's high-water mark, of a fresh process: ru_maxrss would carry the parent's
over exec).

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

    from vision import synth, synth_photo

    sc = synth.dice_scene(seed=7, kind="pips", face_px=72, n_dice=7, size=(1280, 960), effects=False)
    with tempfile.TemporaryDirectory() as td:
        frame = Path(td) / "seven.png"
        cv2.imwrite(str(frame), sc.image)
        big = Path(td) / "phone.jpg"  # a 12 MP roll of plain pip dice
        cv2.imwrite(str(big), synth_photo.custom_photo(5, face=None).image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        # a fresh process, so rendering the scene does not count
        code = (
            f"import sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / 'bench')!r})\n"
            "import cv2, vision_memory as m\n"
            f"img = cv2.imread({str(frame)!r})\n"
            "from vision import net, pips\n"
            "a = m.peak_mb(); net.model(); b = m.peak_mb()\n"
            "for _ in range(5): r = pips.read_dice(img)\n"
            "c = m.peak_mb()\n"
            "from vision import photo\n"
            f"p, _ = photo.read_photo({str(big)!r}, pips.read_dice)\n"
            "print(f'python + OpenCV + one frame: {a:.0f} MB; networks loaded: {b:.0f} MB; "
            "peak while reading: {c:.0f} MB; read {r.values}; after a 12 MP photo file: "
            "{m.peak_mb():.0f} MB, read {p.values}')\n"
        )
        return subprocess.call([sys.executable, "-c", code])


if __name__ == "__main__":
    sys.exit(main())
