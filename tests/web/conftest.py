import pytest

from tests.toygame.testing import use_toy
from tests.web.browser import chromium_path


@pytest.fixture
def toy(monkeypatch):
    """Crystal Auction registered for this test: hidden hands and secret choices."""
    return use_toy(monkeypatch)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless, one for a test module (its pages are the phones)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()
