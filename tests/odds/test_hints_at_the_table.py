"""Hints at the table: the device's game menu and settings, a seated phone (for its own seat
only), and ``odds`` at the terminal."""

from __future__ import annotations

import io
import json
import random

from companion.odds import hint
from companion.web.bridge import WebMessage
from tests.web.rig import Device


def _to_pawn(device):
    """Play a Dungeon Ball game on until the offense moves its pawn."""
    session, app = device.session, device.app
    rng = random.Random(4)
    while session.prompt().kind != "pawn":
        p = session.prompt()
        app.act(
            rng.choice(p.options) if p.options else rng.choice(session.engine.legal_actions(session.state))
        )
    return session.prompt().actor


def _seat_phones(device, said):
    bridge, app = device.web.bridge, device.app
    bridge.attach(lambda conn, data: said.setdefault(conn, []).append(json.loads(data.decode())))
    for conn, seat in ((1, "p1"), (2, "p2")):
        bridge.handle(app, WebMessage(conn, {"t": "open"}))
        bridge.handle(app, WebMessage(conn, {"t": "claim", "seat": seat, "code": bridge.seating.codes[seat]}))
    bridge.handle(app, WebMessage(3, {"t": "open"}))


def test_a_phone_gets_the_hint_for_its_own_seat_only(tmp_path):
    device = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=3)
    try:
        offense = _to_pawn(device)
        said: dict[int, list] = {}
        _seat_phones(device, said)
        mine, theirs = (1, 2) if offense == "p1" else (2, 1)
        for conn in (1, 2, 3):
            device.web.bridge.handle(device.app, WebMessage(conn, {"t": "hint"}))
        got = said[mine][-1]
        assert got["t"] == "hint" and got["seat"] == offense and got["best"].startswith(offense)
        assert all(o["action"].startswith(offense + " move") and "%" in o["shown"] for o in got["options"])
        assert said[theirs][-1] == {
            "t": "error",
            "text": f"no hint: {offense.upper()} decides now, "
            f"not {('p2' if offense == 'p1' else 'p1').upper()}",
        }
        assert said[3][-1]["t"] == "error" and "claim a seat" in said[3][-1]["text"]
        # a competitive table turned hints off: no phone gets one
        device.journal.set_setting(hint.SETTING, "solo")
        device.web.bridge.handle(device.app, WebMessage(mine, {"t": "hint"}))
        assert said[mine][-1]["t"] == "error" and "off" in said[mine][-1]["text"]
    finally:
        device.journal.close()


def test_the_game_menu_offers_a_hint_the_settings_can_turn_off(tmp_path):
    device = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=3)
    app = device.app
    try:
        offense = _to_pawn(device)
        app.open_game_menu()
        assert "hint" in [item["id"] for item in app.menu.items]
        app.menu_choice("hint")
        assert app.message["title"] == f"Hint {offense.upper()}"
        assert app.message["text"].count("%") == 3 and app.message["text"].endswith("exact")
        app.message = None
        app.open_settings()
        assert any(i["id"] == "hints" and i["label"] == "Hints: all" for i in app.menu.items)
        app.menu_choice("hints")
        assert hint.device_mode(app) == "solo"
        app.open_game_menu()
        assert "hint" not in [item["id"] for item in app.menu.items], "two people at the table: off"
    finally:
        device.journal.close()


def test_solo_games_keep_their_hint_when_competitive_ones_are_off():
    assert hint.allowed("solo", 1) and not hint.allowed("solo", 2)
    assert hint.allowed("all", 3) and not hint.allowed("off", 1)
    assert [hint.next_mode(m) for m in hint.MODES] == ["solo", "off", "all"]


def test_odds_at_the_terminal_prompt(tmp_path):
    """The short game resumed at p1's reroll: ``odds`` lists the rerolls, best first."""
    from companion.engine.gamefile import load
    from companion.engine.registry import get_game
    from companion.terminal import TerminalGame
    from tests.odds.helpers import EXAMPLES

    record = load(EXAMPLES / "short-game.game")
    record.actions, record.lines = record.actions[:30], record.lines[:30]
    path = tmp_path / "g.game"
    record.save(path)
    record = load(path)
    engine = get_game("dungeon-ball").load_engine()
    out = io.StringIO()
    TerminalGame(
        engine, record.header, path, "digital", inp=io.StringIO("odds\nq\n"), out=out, record=record
    ).run()
    shown = out.getvalue().splitlines()
    at = next(
        i for i, line in enumerate(shown) if line.endswith("  p1: choose dice to reroll, or keep these")
    )
    assert shown[at + 2].split() == ["p1", "reroll", "1", "2", "4", "5", "7", "100.0%", "mean", "1.83"]
    assert shown[at + 3].split() == ["p1", "reroll", "1", "2", "4", "5", "100.0%", "mean", "1.67"]
    assert "  best: p1 reroll 1 2 4 5 7: keeps every die that helps and rerolls the rest" in shown
