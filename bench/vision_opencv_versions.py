"""Check that the learned dice reader reads the same under another OpenCV (the Pi's 4.6).

Raspberry Pi OS ships OpenCV 4.6; the development machines have 5.x. Run the reader under each
and compare:

    python3 -m venv /tmp/cv46 && /tmp/cv46/bin/pip install "numpy<2" opencv-python-headless==4.6.0.66
    /tmp/cv46/bin/python bench/vision_opencv_versions.py --dump /tmp/cv46.json
    .venv/bin/python bench/vision_opencv_versions.py --dump /tmp/cv5.json --compare /tmp/cv46.json

Prints how many dice got the same value and box, and the largest confidence difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import net  # noqa: E402

REAL = ROOT.parent / "shared" / "data" / "dice-real" / "images"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dump", type=Path, required=True, help="write this OpenCV's readings here")
    ap.add_argument("--compare", type=Path, help="readings from another OpenCV to compare with")
    ap.add_argument("--every", type=int, default=10, help="use every n-th real photo")
    a = ap.parse_args(argv)
    cv2.setNumThreads(1)
    out = {"opencv": cv2.__version__, "images": {}}
    for p in sorted(REAL.glob("*.jpg"))[:: a.every]:
        r = net.read_dice(cv2.imread(str(p)))
        out["images"][p.name] = [[d.value, list(d.box), round(d.confidence, 4)] for d in r.dice]
    a.dump.write_text(json.dumps(out))
    n = sum(len(v) for v in out["images"].values())
    print(f"OpenCV {cv2.__version__}: {len(out['images'])} photos, {n} dice")
    if a.compare:
        other = json.loads(a.compare.read_text())
        same = total = 0
        worst = 0.0
        for name, dice in out["images"].items():
            theirs = other["images"].get(name, [])
            total += max(len(dice), len(theirs))
            for d, t in zip(dice, theirs):
                if d[0] == t[0] and d[1] == t[1]:
                    same += 1
                    worst = max(worst, abs(d[2] - t[2]))
        print(
            f"against OpenCV {other['opencv']}: {same} of {total} dice with the same value and box; "
            f"largest confidence difference {worst:.3f}"
        )
        return 0 if same == total else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
