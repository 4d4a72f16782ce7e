"""Shared test set-up: hardware tests are skipped unless asked for, and say so."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--hardware",
        action="store_true",
        default=False,
        help="run tests that need real Raspberry Pi hardware (camera, I2C display, GPIO)",
    )


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
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


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A data folder of our own and no system configuration layer."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "no-system.toml"))
    return tmp_path


@pytest.fixture
def drawn(monkeypatch):
    """What the screens draw: ``texts`` (every string drawn) and ``cut`` (every string cut to
    fit, whole as it was asked)."""
    from companion.ui import fonts
    from companion.ui.draw import Canvas

    seen = {"texts": [], "cut": []}
    fit, text = fonts.Font.fit, Canvas.text

    def recording_fit(self, s, pixels):
        out = fit(self, s, pixels)
        if out != s:
            seen["cut"].append(s)
        return out

    def recording_text(self, x, y, s, font=None, fill=1):
        seen["texts"].append(s)
        return text(self, x, y, s, font, fill)

    monkeypatch.setattr(fonts.Font, "fit", recording_fit)
    monkeypatch.setattr(Canvas, "text", recording_text)

    def clear():
        seen["texts"].clear()
        seen["cut"].clear()

    seen["clear"] = clear
    return seen


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, one for a test process (its pages are the phones; each
    test opens pages of its own). A test that asks for it is marked ``browser``."""
    from playwright.sync_api import sync_playwright

    from tests.web.browser import chromium_path

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()
