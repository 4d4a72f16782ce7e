"""Write each distinct frame as DIR/000001.png, 000002.png, ... (tests, docs, headless runs).

On open, earlier frames in DIR (files named exactly six digits + .png) are removed so a run's
frames are never mixed with an older run's; other files are left alone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from drivers.display.base import Display
from drivers.errors import DisplayError

_FRAME = re.compile(r"^\d{6}\.png$")


class PngFrames(Display):
    kind = "png"

    def __init__(self, directory: str | Path, *, scale: int = 1, **shift: Any):
        super().__init__(**shift)
        self.dir = Path(directory)
        self.scale = scale
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            for p in self.dir.iterdir():
                if _FRAME.match(p.name):
                    p.unlink()
        except OSError as e:
            raise DisplayError(f"png frames: cannot use directory {self.dir}: {e.strerror or e}") from e
        self.count = 0
        self.paths: list[Path] = []

    def _push(self, frame: Any) -> bool:
        from PIL import Image

        self.count += 1
        path = self.dir / f"{self.count:06d}.png"
        img = (
            frame
            if self.scale == 1
            else frame.resize((frame.width * self.scale, frame.height * self.scale), Image.Resampling.NEAREST)
        )
        img.save(path)
        self.paths.append(path)
        return True
