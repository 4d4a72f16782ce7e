"""The page's pictures in docs/web/: Dungeon Ball as P1 and as a spectator, Crystal Auction
with a hidden hand, on a phone-sized Chromium (apt's; see tests/web/browser.py).

    .venv/bin/python -m tests.web.screenshots
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from companion.engine import registry
from tests.toygame import GAME as TOY
from tests.web.browser import PHONE, chromium_path
from tests.web.rig import Device

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"


def play(dev: Device, moves: int, seed: int = 2) -> None:
    """Random legal moves before the loop starts, as the device takes them (the log fills)."""
    rng, s = random.Random(seed), dev.session
    for _ in range(moves):
        if s.engine.is_over(s.state):
            break
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    dev.app.interstitial = None


def shoot(dev: Device, browser, name: str, seat: str | None) -> Path:
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(dev.url + (f"J/{seat.upper()}/{dev.code(seat)}" if seat else ""))
    page.wait_for_selector(f"text=You are {seat.upper()}" if seat else "#seats li")
    page.evaluate("document.getElementById('toast').hidden = true")
    path = DOCS / name
    page.screenshot(path=str(path), full_page=True)
    ctx.close()
    return path


def main() -> int:
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        print("no Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    registry.games()
    registry.register(TOY)
    DOCS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        ball = Device(Path(tempfile.mkdtemp()), "dungeon-ball", {"kicking": "luck"}, seed=4)
        play(ball, 40)
        with ball:
            print(shoot(ball, browser, "dungeon-ball-p1.png", "p1"))
            print(shoot(ball, browser, "dungeon-ball-spectator.png", None))
        toy = Device(Path(tempfile.mkdtemp()), "toy", seed=3)
        play(toy, 4)
        with toy:
            print(shoot(toy, browser, "crystal-auction-p2.png", "p2"))
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
