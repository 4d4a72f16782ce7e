"""The page's pictures in docs/web/: Dungeon Ball as P1 and as a spectator, a Dodgeball coach's
hidden hand, and each of the other games as a seat, on a phone-sized Chromium (apt's; see
tests/web/browser.py).

    .venv/bin/python -m tests.web.screenshots
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from companion.engine import registry
from tests.web.browser import PHONE, chromium_path
from tests.web.rig import Device

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"


def _turn_with_cards(seat: str):
    """Dungeon Days: the seat to play, holding two cards or more (its hand and its choices show)."""
    return lambda s: s.prompt().actor == seat and len(s.state.seat(seat).hand) >= 2


def _actor(seat: str):
    return lambda s: s.prompt().actor == seat


# (game, options, random moves first, then until this holds, the seat shown, the file)
GAMES = (
    ("dodgeball", {}, 40, _actor("p1"), "p1", "dodgeball-p1.png"),
    ("dungeon-days", {"players": 3}, 30, _turn_with_cards("p2"), "p2", "dungeon-days-p2.png"),
    ("dungeon-allies", {"players": 3}, 50, _actor("p1"), "p1", "dungeon-allies-p1.png"),
    ("dungeonbowl", {}, 70, _actor("p1"), "p1", "dungeonbowl-p1.png"),
)

HAND = (6, _actor("p2"))  # Dodgeball: P2's throw card, chosen face down from its hand


def play(dev: Device, moves: int, seed: int = 2, until=None) -> None:
    """Random legal moves before the loop starts, as the device takes them (the log fills);
    then more, up to 300, until ``until(session)`` holds."""
    rng, s = random.Random(seed), dev.session
    for n in range(moves + (300 if until else 0)):
        if s.engine.is_over(s.state) or (n >= moves and until(s)):
            break
        p = s.prompt()
        lines = list(p.options) if p.options else s.engine.legal_actions(s.state)
        playing = [line for line in lines if not line.endswith(" concede")]  # the game goes on
        dev.app.act(rng.choice(playing or lines))
    dev.app.interstitial = None


def shoot(dev: Device, browser, name: str, seat: str | None, full_page: bool = True) -> Path:
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(dev.url + (f"J/{seat.upper()}/{dev.code(seat)}" if seat else ""))
    page.wait_for_selector(f"text=You are {seat.upper()}" if seat else "#seats li")
    page.evaluate("document.getElementById('toast').hidden = true")
    path = DOCS / name
    page.screenshot(path=str(path), full_page=full_page)
    ctx.close()
    return path


def main() -> int:
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        print("no Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    registry.games()
    DOCS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        ball = Device(Path(tempfile.mkdtemp()), "dungeon-ball", {"kicking": "luck"}, seed=4)
        play(ball, 40)
        with ball:
            print(shoot(ball, browser, "dungeon-ball-p1.png", "p1"))
            print(shoot(ball, browser, "dungeon-ball-spectator.png", None))
        hand = Device(Path(tempfile.mkdtemp()), "dodgeball", seed=4)  # a secret choice from a hidden hand
        play(hand, HAND[0], until=HAND[1])
        with hand:
            print(shoot(hand, browser, "dodgeball-p2-hand.png", "p2", full_page=False))
        for game, options, moves, until, seat, name in GAMES:
            dev = Device(Path(tempfile.mkdtemp()), game, options, seed=4)
            play(dev, moves, until=until)
            with dev:
                print(shoot(dev, browser, name, seat))
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
