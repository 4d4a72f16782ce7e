"""Crystal Auction's result screen: what the auction, the roll and the duel did, in words, with
the scores in sight; its golden PNG is the frame a person reads (regenerate with
``TOY_GOLDEN=1``, look at it at 4x, and say why in the commit)."""

import os
from pathlib import Path

from PIL import Image

from companion.engine.core import Header
from companion.engine.gamefile import load
from companion.ui.model import build_model
from companion.ui.screens import render
from tests.toygame.engine import CrystalAuction
from tests.toygame.screens import RESULT, result_lines, screen_after
from tests.toygame.testing import ROOT, use_toy

GOLDEN = Path(__file__).parent / "golden"
EXAMPLE = load(ROOT / "docs" / "examples" / "toy.game")


def first_round():
    """The example's first round up to its reveal; return the engine, the state and the events
    of the roll's action and of the last duel card's action."""
    g = CrystalAuction()
    s = g.new_state(Header("toy", options=EXAMPLE.header.options))
    events = [g.apply(s, a) for a in EXAMPLE.actions[:11]]
    return g, s, events[7], events[10]


def test_the_roll_and_the_reveal_are_said_in_short_lines():
    _, _, rolled, revealed = first_round()
    assert result_lines(rolled) == ["4+6+2=12 x2: P1 +8"]
    assert result_lines(revealed) == ["P1:9 P2:10 P3:3", "P2 wins the duel +2"]
    assert screen_after(rolled) == screen_after(revealed) == RESULT
    assert result_lines([{"event": "auction", "seat": "p1", "paid": 2, "crystals": ["red", "gold"]}]) == [
        "P1 pays 2: red+gold"
    ]
    assert screen_after([{"event": "bid", "seat": "p1", "coins": 2}]) is None
    assert all(len(line) <= 21 for line in result_lines(rolled + revealed))


def test_the_result_screen_after_the_duel_matches_its_golden(monkeypatch):
    use_toy(monkeypatch)
    g, s, _, revealed = first_round()
    image = render(build_model(g, s, viewer=None, screen=RESULT, events=revealed))
    assert image.size == (128, 64) and image.mode == "1"
    golden = GOLDEN / "result_duel.png"
    if os.environ.get("TOY_GOLDEN") == "1":
        image.save(golden)
        image.resize((512, 256), Image.NEAREST).save(
            Path(os.environ.get("TMPDIR", "/tmp")) / "result_duel_4x.png"
        )
    assert image.tobytes() == Image.open(golden).convert("1").tobytes()
