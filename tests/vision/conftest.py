"""Shared fixtures for the vision tests."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("DICE_DATA", ROOT.parent / "shared" / "data"))  # the labelled sets
REAL = DATA / "dice-real"


@pytest.fixture(scope="session")
def real_dir():
    if not (REAL / "labels_yolo").is_dir():
        pytest.skip(f"real dice photos not found at {REAL} (../shared/data/dice-real from the repo root)")
    return REAL
