"""The table's own dice photos, labelled by the players.

A reader learned on other tables reads a new camera less surely (docs/vision.md, "What is
weak"); what helps most is that table's photos among the labelled ones. With ``[vision]
keep_frames = N`` the device keeps the frame of each pip roll the camera was asked to read,
with the values the table recorded for it: the camera's reading as confirmed, the faces a
person entered instead, or a later "Correct last dice". The folder has the layout of the
labelled sets in ``../shared/data`` (``images/``, ``labels.csv``, ``labels_yolo/``), so

    .venv/bin/python bench/eval_dice.py --folder ~/table-frames          # how well it reads your table
    .venv/bin/python bench/vision_train_net.py --table ~/table-frames ... # fine-tune the face network

read it as they read those. ``labels.csv`` lists every kept frame; a die whose face is not a
pip face is a 0. ``labels_yolo/`` gives the boxes only where the reader found exactly the dice
rolled and which box holds which value is certain (the reader's boxes, re-valued where the
table said otherwise). ``readings/`` keeps what the reader said, to compare. The newest ``N``
frames are kept; ``labels.csv`` is replaced whole (write, fsync, rename), so a pulled plug
loses at most the frame being written, never the list.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
from collections import Counter
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LABELS = "labels.csv"


def assign_boxes(dice: list[dict], values: list[int]) -> list[tuple[int, list[int]]] | None:
    """Which of the reader's boxes holds which of the recorded ``values``, or None when that is
    not certain: another number of dice than rolled, or two or more boxes read otherwise than
    recorded with different values to share out (``[3, 3]`` read, ``[4, 5]`` recorded)."""
    if len(dice) != len(values) or any(v < 1 for v in values):
        return None
    left = Counter(values)
    placed: list[tuple[int, list[int]]] = []
    unplaced = []
    for d in sorted(dice, key=lambda d: -float(d.get("confidence", 0.0))):
        v = d.get("value")
        if isinstance(v, int) and left[v] > 0:
            left[v] -= 1
            placed.append((v, list(d["box"])))
        else:
            unplaced.append(d)
    rest = sorted(left.elements())
    if len(set(rest)) > 1:
        return None
    placed += [(v, list(d["box"])) for v, d in zip(rest, unplaced)]
    return placed


def pip_values(values: list[str]) -> list[int]:
    """The recorded faces as pip values; a face that is not 1-6 (a skull) is 0."""
    return [int(v) if v in ("1", "2", "3", "4", "5", "6") else 0 for v in values]


class FrameKeeper:
    """The newest ``limit`` labelled frames in ``directory`` (nothing kept when ``limit`` is 0).

    >>> import numpy as np, tempfile
    >>> keeper = FrameKeeper(Path(tempfile.mkdtemp()), limit=2)
    >>> dice = [{"value": 3, "box": [10, 10, 20, 20], "confidence": 0.97}]
    >>> keeper.keep("game1-0003", np.zeros((48, 64, 3), np.uint8), dice, ["4"])
    True
    >>> keeper.labels()
    {'game1-0003': [4]}
    """

    def __init__(self, directory: Path, limit: int):
        self.directory = Path(directory)
        self.limit = int(limit)

    @property
    def enabled(self) -> bool:
        return self.limit > 0

    def labels(self) -> dict[str, list[int]]:
        """{frame name: recorded values}, oldest first."""
        path = self.directory / LABELS
        if not path.exists():
            return {}
        out: dict[str, list[int]] = {}
        try:
            with path.open(newline="", encoding="utf-8") as f:
                for line, row in enumerate(csv.DictReader(f), start=2):
                    try:
                        out[Path(row["image"]).stem] = [int(v) for v in row["die_values"].split()]
                    except (KeyError, TypeError, AttributeError, ValueError):
                        raise ValueError(f"{path}:{line}: not 'images/NAME.jpg,VALUES': {row}") from None
        except (UnicodeDecodeError, csv.Error) as exc:
            raise ValueError(f"{path}: not a labels file: {exc}") from None
        return out

    def keep(self, name: str, frame: Any, dice: list[dict], values: list[str]) -> bool:
        """Keep ``frame`` as ``name`` with the recorded ``values`` and the reader's ``dice``
        (``Die.to_json()`` dicts). False (and a log line) when it cannot be written: a full
        card must not stop the game."""
        if not self.enabled or frame is None:
            return False
        import cv2

        try:
            labels = self.labels()
            for sub in ("images", "labels_yolo", "readings"):
                (self.directory / sub).mkdir(parents=True, exist_ok=True)
            ok, jpg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
            if not ok:
                raise OSError("the frame could not be encoded")
            _write(self.directory / "images" / f"{name}.jpg", jpg.tobytes())
            _write(
                self.directory / "readings" / f"{name}.json",
                json.dumps({"dice": dice, "size": [int(frame.shape[1]), int(frame.shape[0])]}).encode(),
            )
            labels.pop(name, None)
            labels[name] = sorted(pip_values(values))
            self._label(name, labels[name], dice, frame.shape[1], frame.shape[0])
            for old in list(labels)[: max(0, len(labels) - self.limit)]:
                del labels[old]
                self._forget(old)
            self._write_labels(labels)
        except (OSError, ValueError, cv2.error) as exc:  # a broken labels.csv is left as it is, to be mended
            log.warning("dice frames: cannot keep %s in %s: %s", name, self.directory, exc)
            return False
        return True

    def relabel(self, name: str, values: list[str]) -> bool:
        """The table corrected the roll kept as ``name``: its label follows. False if not kept."""
        try:
            labels = self.labels()
        except ValueError as exc:
            log.warning("dice frames: cannot relabel %s: %s", name, exc)
            return False
        if not self.enabled or name not in labels:
            return False
        try:
            reading = json.loads((self.directory / "readings" / f"{name}.json").read_text())
            labels[name] = sorted(pip_values(values))
            self._label(name, labels[name], reading["dice"], *reading["size"])
            self._write_labels(labels)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("dice frames: cannot relabel %s in %s: %s", name, self.directory, exc)
            return False
        return True

    # ------------------------------------------------------------------ files
    def _label(self, name: str, values: list[int], dice: list[dict], w: int, h: int) -> None:
        path = self.directory / "labels_yolo" / f"{name}.txt"
        boxes = assign_boxes(dice, values)
        if boxes is None:
            path.unlink(missing_ok=True)
            return
        lines = [
            f"{v - 1} {(x + bw / 2) / w:.6f} {(y + bh / 2) / h:.6f} {bw / w:.6f} {bh / h:.6f}"
            for v, (x, y, bw, bh) in boxes
        ]
        _write(path, ("\n".join(lines) + "\n").encode())

    def _forget(self, name: str) -> None:
        for sub, ext in (("images", ".jpg"), ("labels_yolo", ".txt"), ("readings", ".json")):
            (self.directory / sub / f"{name}{ext}").unlink(missing_ok=True)

    def _write_labels(self, labels: dict[str, list[int]]) -> None:
        buf = io.StringIO()
        out = csv.writer(buf, lineterminator="\n")
        out.writerow(["image", "die_values"])
        for name, values in labels.items():
            out.writerow([f"images/{name}.jpg", " ".join(map(str, values))])
        _write(self.directory / LABELS, buf.getvalue().encode())


def _write(path: Path, data: bytes) -> None:
    """Replace ``path`` whole: a reader sees the old file or the new one, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
