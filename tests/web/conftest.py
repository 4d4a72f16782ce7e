import pytest

from tests.toygame.testing import use_toy


@pytest.fixture
def toy(monkeypatch):
    """Crystal Auction registered for this test: hidden hands and secret choices."""
    return use_toy(monkeypatch)
