"""Shared test set-up: hardware tests are skipped unless asked for, and say so."""
from __future__ import annotations

import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--hardware", action="store_true", default=False,
                     help="run tests that need real Raspberry Pi hardware (camera, I2C display, GPIO)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--hardware") or os.environ.get("COMPANION_HARDWARE_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="needs real Pi hardware: run with --hardware on a Pi")
    for item in items:
        if "hardware" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def mock_factory():
    """gpiozero's MockFactory as the pin factory for one test (pins driven with drive_low/high)."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    old = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = old


@pytest.fixture
def unreadable(monkeypatch):
    """``unreadable(path)``: the file may no longer be read (chmod 0). Root reads any file, so
    there the refusal every other user gets is made by hand."""
    from pathlib import Path

    def lock(path: Path) -> None:
        path.chmod(0)
        if os.geteuid() == 0:
            real = Path.read_bytes

            def refused(self):
                if self == path:
                    raise PermissionError(13, "Permission denied", str(self))
                return real(self)
            monkeypatch.setattr(Path, "read_bytes", refused)
    return lock
