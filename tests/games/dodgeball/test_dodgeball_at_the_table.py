"""The Dodgeball Card Game as two coaches at the table meet it with the device and a phone:
the opening rush's result on the device (it hid behind "P2 done"), each player's SPD on the
rush list, the stars after a team's name explained, and a player by one short name on the
court, in the prompts and on the phone."""

from __future__ import annotations

import re

from companion.device.app import DeviceApp
from companion.engine.registry import get_game
from companion.games.dodgeball.labels import short_name
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.recording import recording
from companion.ui.screens import render, screen_name
from companion.web import payloads
from drivers import open_display
from tests.ui.whole_games import frames, phone_pages


def _device(tmp_path):
    now = [0.0]
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="digital")
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1, clock=lambda: now[0])
    return app, session, now


def _shown(app, now) -> tuple[str, list[str]]:
    """The screen the coaches see after a while (the run loop's refresh), and its texts."""
    now[0] += 30.0  # longer than any result stays by itself
    app.refresh()
    with recording() as drawn:
        model = app.model()
        render(model)
    return screen_name(model), [d.text for d in drawn if d.kind == "text"]


def test_the_opening_rushs_result_is_shown_on_the_device_after_the_pass_screen(tmp_path):
    app, session, now = _device(tmp_path)
    app.start_game("dodgeball", {})
    app.act("p1 team falcons")
    app.act("p2 team moles")
    seen = []
    for _ in range(40):
        prompt = session.prompt()
        if prompt.kind == "turn" and not (app.hidden_after or app.interstitial or app.awaiting_pass()):
            break
        screen, texts = _shown(app, now)
        seen.append((screen, texts))
        if app.hidden_after or app.interstitial or app.awaiting_pass():
            app.press("ok")
        elif prompt.kind == "line":
            coach = session.state.coach(prompt.actor)
            app.act(f"{prompt.actor} forward {coach.players[0]} {coach.players[1]}")
        else:
            app.act(prompt.options[0])
    rush = [texts for screen, texts in seen if screen == "dodge_result" and any("begins" in t for t in texts)]
    assert rush, [s for s, _ in seen]
    assert any(t.startswith("P1 ") for t in rush[-1]) and any(
        t.startswith("P2 ") for t in rush[-1]
    )  # the sums


def test_the_rush_list_shows_each_players_spd(tmp_path):
    app, session, now = _device(tmp_path)
    app.start_game("dodgeball", {})
    app.act("p1 team falcons")
    app.act("p2 team moles")
    app.press("ok")  # the device is with P1
    screen, texts = _shown(app, now)
    pack = session.engine.pack
    assert screen == "multi"
    for pid in ("rita", "tomas", "hook"):
        p = pack.by_player[pid]
        assert f"{short_name(p)} SPD {p.attrs['SPD']}" in " ".join(texts)


def test_the_stars_after_a_team_or_a_player_are_explained_on_the_device_and_the_phone(tmp_path):
    app, session, now = _device(tmp_path)
    app.start_game("dodgeball", {})
    _, texts = _shown(app, now)
    assert "Harbor Falcons 20*" in texts and "*: stars of its players" in texts
    game = get_game("dodgeball")
    engine = session.engine
    page = payloads.build(
        game,
        engine,
        session.state,
        "p1",
        seats_held={},
        computers=set(),
        pack=payloads.pack_for(game, engine),
    )
    assert "stars of its players" in page["prompt"]["text"]


def test_a_player_has_one_short_name_on_the_court_in_the_prompts_and_on_the_phone():
    """No frame and no page says a player by the id the engine uses ("tomas", lower case), and
    the full name only where a player card is named in full (the draft, the attributes' title)."""
    engine = get_game("dodgeball").load_engine()
    ids = {p.id for p in engine.pack.players}
    full = {p.name for p in engine.pack.players}
    shorts = {short_name(p) for p in engine.pack.players}
    said = 0
    for frame in frames("dodgeball", 3):
        with recording() as drawn:
            render(frame.model)
        for d in drawn:
            if d.kind != "text":
                continue
            words = set(re.findall(r"[A-Za-z]+", d.text))
            assert not words & ids, (d.text, frame.label)
            assert not any(name in d.text for name in full), (d.text, frame.label)
            said += bool(words & shorts)
    assert said > 100
    for label, page in phone_pages("dodgeball", 3):
        for block in page["blocks"]:
            if block.get("title") == "Players on court":
                continue  # the roster: the full name as each row's title
            text = str(block)
            assert not any(name in text for name in full), (block["title"], label)
        for option in (page["prompt"] or {}).get("options") or []:
            assert not set(re.findall(r"[a-z]+", option["label"])) & ids, option


def test_a_turns_first_words_on_the_phone_say_what_they_do():
    """The page chose a turn word by word with the engine's verbs as buttons: "back", "give"."""
    game = get_game("dodgeball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    seen = 0
    for label, page in phone_pages("dodgeball", 3):
        prompt = page["prompt"] or {}
        if not prompt.get("mine") or prompt.get("kind") != "turn":
            continue
        verbs = {o["action"].split()[1] for o in prompt["options"]} - {
            "throw",
            "pass",
            "retreat",
        }  # words already
        for verb in verbs:
            assert prompt["names"].get(verb, verb) != verb, (verb, label)
            seen += 1
    assert seen > 10 and pack
