#!/usr/bin/env python3
"""Presses on the device to reach a typical decision of each game, from the main menu.

    .venv/bin/python bench/device_presses.py [--json]

The app is driven as a person would: menu keys to start the game (P2 a computer, or a second
person), then at each of P1's and P2's decisions a seeded random choice (counted once, however
many presses its controls take), and OK on every screen a person reads first (a pass screen, a
result, the neutral screen after a secret; results also go by themselves after a few seconds).
Counts: menu keys, decisions, OKs (of which pass screens and results) up to P1's n-th decision.
Run on an older checkout too (PYTHONPATH=that checkout) to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# game -> P1's decision to reach (the README's device pictures show these)
TYPICAL = {"dungeon-ball": 9, "dodgeball": 6, "dungeon-days": 8, "dungeon-allies": 2, "dungeonbowl": 40}


def device_app():
    try:
        from companion.device.app import DeviceApp
    except ImportError:  # a checkout from before companion/device/
        from companion.app import DeviceApp
    return DeviceApp


def choose(app, wanted: str, count: dict) -> None:
    ids = [it["id"] for it in app.menu.menu["items"]]
    while ids[app.menu.ui["cursor"]] != wanted:
        app.press("down")
        count["menu"] += 1
    app.press("ok")
    count["menu"] += 1


def presses(game: str, mix: dict[str, str], nth: int, seed: int = 7) -> dict:
    from companion.engine.dice import SeededDice
    from companion.engine.runner import RandomPolicy
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    session = RefereeSession(Journal(Path(tempfile.mkdtemp()) / "j.sqlite"))
    app = device_app()(session, open_display({"type": "null"}), seed_source=lambda: seed, clock=lambda: 0.0)
    count = {"menu": 0, "decisions": 0, "ok": 0, "pass": 0, "results": 0}
    choose(app, "new", count)
    choose(app, game, count)
    for seat, kind in mix.items():
        item = f"seat-{seat}"
        while (
            kind == "computer"
            and "computer"
            not in next(it["label"] for it in app.menu.menu["items"] if it["id"] == item).lower()
        ):
            choose(app, item, count)
    choose(app, "start", count)
    policy, dice, mine = RandomPolicy(seed), SeededDice(seed), 0
    for _ in range(3000):
        while app.message is not None or app.interstitial is not None or app.hidden_after is not None:
            count["results"] += app.interstitial is not None
            app.press("ok")
            count["ok"] += 1
        s = app.session
        if s.engine.is_over(s.state):
            break
        prompt = s.prompt()
        if prompt.is_chance:
            app.act(dice.answer(prompt))
            continue
        if app.awaiting_pass() is not None:
            app.press("ok")
            count["ok"] += 1
            count["pass"] += 1
        if prompt.actor == "p1":
            mine += 1
            if mine == nth:
                break
        app.act(policy(s.engine, s.engine.public_view(s.state, prompt.actor), prompt))
        count["decisions"] += 1
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for game, nth in TYPICAL.items():
        for mix in ({"p1": "human", "p2": "computer"}, {"p1": "human", "p2": "human"}):
            rows.append(
                {"game": game, "seats": "/".join(mix.values()), "decision": nth, **presses(game, mix, nth)}
            )
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        print(
            f"{r['game']:15s} {r['seats']:15s} P1's decision {r['decision']:2d}: menu keys {r['menu']:2d}, "
            f"decisions {r['decisions']:3d}, OK {r['ok']:3d} (pass {r['pass']}, results {r['results']})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
