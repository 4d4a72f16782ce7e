"""The golden-PNG check every screen test uses.

``check_golden(image, name)`` compares a rendered 128x64 one-bit screen with
``tests/ui/golden/NAME.png``. On a mismatch the new render is written beside it as
``NAME.new.png`` and the test fails with the number of pixels that differ; a missing golden is
written and fails (look at it, then commit it). ``UPDATE_GOLDEN=1`` rewrites the goldens and
leaves a 4x copy of each in ``$TMPDIR`` to look at before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def check_golden(image: Image.Image, name: str) -> None:
    assert image.mode == "1" and image.size == (128, 64), (name, image.mode, image.size)
    path = GOLDEN / f"{name}.png"
    new = GOLDEN / f"{name}.new.png"
    if UPDATE or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
        image.resize((512, 256), Image.NEAREST).save(
            Path(os.environ.get("TMPDIR", "/tmp")) / f"{name}_4x.png"
        )
        new.unlink(missing_ok=True)
        if not UPDATE:
            pytest.fail(f"no golden for {name}: wrote {path}; look at it and commit it")
        return
    golden = Image.open(path).convert("1")
    if golden.tobytes() != image.tobytes():
        image.save(new)
        diff = sum(a != b for a, b in zip(golden.getdata(), image.getdata()))
        pytest.fail(f"{name}: {diff} pixels differ from {path}; the new render is {new}")
    new.unlink(missing_ok=True)
