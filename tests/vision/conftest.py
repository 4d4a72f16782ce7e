"""Shared fixtures for the vision tests."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent / "shared" / "data" / "dice-real"


@pytest.fixture(scope="session")
def real_dir():
    if not (REAL / "labels_yolo").is_dir():
        pytest.skip(f"real dice photos not found at {REAL} (../shared/data/dice-real from the repo root)")
    return REAL
