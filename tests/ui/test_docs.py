"""docs/screens.md shows every golden PNG and names every screen."""

from __future__ import annotations

from pathlib import Path

from companion.ui import screens

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "screens.md"
GOLDEN = Path(__file__).parent / "golden"


def test_every_golden_is_in_the_docs():
    text = DOC.read_text(encoding="utf-8")
    for png in sorted(GOLDEN.glob("*.png")):
        if png.name.endswith(".new.png"):
            continue
        assert f"../tests/ui/golden/{png.name}" in text, f"docs/screens.md does not show {png.name}"


def test_linked_goldens_exist():
    import re

    text = DOC.read_text(encoding="utf-8")
    for name in re.findall(r"\.\./tests/ui/golden/([\w.-]+\.png)", text):
        assert (GOLDEN / name).exists(), name


def test_every_button_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for word in ("up / down", "left / right", "OK", "BACK", "MenuController", "PromptController"):
        assert word in text
    assert set(screens.all_screen_names())
