"""Dungeon Days' hand as a player at the table reads it: each card's points and rule on the
device (the card under the cursor) and on the phone, and why a card cannot be played, on the
device by moving the cursor onto it and on the phone under the buttons."""

from __future__ import annotations

from companion.engine.registry import get_game
from companion.games.dungeon_days import hand
from companion.ui.controls import PromptController
from companion.ui.model import build_model, prompt_dict
from companion.ui.recording import recording
from companion.ui.screens import render
from companion.web import payloads
from tests.conformance.harness import play
from tests.ui.textcheck import frame_faults


def _turns(seed: int):
    """(state, prompt) of every turn of a whole computer game."""
    game = get_game("dungeon-days")
    engine = game.load_engine()
    out = []
    play(
        game,
        engine,
        seed,
        after=lambda before, prompt, action, events, state: (
            out.append((before, prompt)) if prompt.kind == "turn" else None
        ),
    )
    return game, engine, out


def _walk(engine, state, prompt):
    """The texts of each frame as the cursor moves down the hand (OK on a card with no play)."""
    c = PromptController("dungeon-days")
    c.start(prompt_dict(prompt))
    frames = []
    for _ in range(len(c.ui["words"]) + len(c.ui["idle"])):
        with recording() as drawn:
            render(build_model(engine, state, viewer=prompt.actor, ui=c.ui))
        assert frame_faults(drawn) == []
        frames.append(" | ".join(d.text for d in drawn if d.kind == "text"))
        assert c.press("down") is None
    return c, frames


def test_the_card_under_the_cursor_says_its_points_and_rule_on_the_device():
    _, engine, turns = _turns(2)
    pack = engine.pack
    seen = set()
    for state, prompt in turns[:20]:
        _, frames = _walk(engine, state, prompt)
        for kind in set(state.actor().hand):
            card = pack.cards[kind]
            line = f"{kind.capitalize()}: " + (
                f"{card.points} point" if card.type == "creature" else card.type
            )
            shown = [f for f in frames if line in f]
            assert shown, (kind, frames)
            seen.add(kind)
    assert len(seen) >= 8


def test_a_card_with_no_play_now_is_reached_by_the_cursor_and_says_why():
    _, engine, turns = _turns(2)
    asked = 0
    for state, prompt in turns:
        why = prompt.choice.get("why_not") or {}
        if not why:
            continue
        c, frames = _walk(engine, state, prompt)
        for kind, reason in why.items():
            assert reason == hand.why_not(engine.pack, state, kind)
            assert any(
                f"{kind.capitalize()}: no play now" in f or ("no play now" in f and kind.capitalize() in f)
                for f in frames
            ), frames
            asked += 1
        c.ui["cursor"] = len(c.ui["words"])  # on the first card with no play: OK does nothing
        assert c.press("ok") is None and c.ui["chosen"] == []
    assert asked >= 3


def test_why_not_names_the_one_reason_or_the_cards_rule():
    _, _, turns = _turns(5)
    said = {reason for state, prompt in turns for reason in (prompt.choice.get("why_not") or {}).values()}
    assert said and all(r and not r.startswith("'") for r in said)
    for _state, prompt in turns:
        legal = set(prompt.options)
        for kind in prompt.choice.get("why_not") or {}:
            assert not any(line.split()[2:3] == [kind] for line in legal if " play " in line)


def test_the_phone_shows_each_cards_points_and_rule_and_why_one_cannot_be_played():
    game, engine, turns = _turns(2)
    pack = payloads.pack_for(game, engine)
    checked = 0
    for state, prompt in turns:
        page = payloads.build(game, engine, state, prompt.actor, seats_held={}, computers=set(), pack=pack)
        cards = next(b for b in page["blocks"] if b["kind"] == "cards" and b["title"] == "Your hand")
        for item, kind in zip(cards["items"], state.actor().hand):
            card = engine.pack.cards[kind]
            assert card.text in item["sub"]
            if card.type == "creature":
                assert f"{card.points} point" in item["sub"]
        assert page["prompt"]["choice"].get("why_not", {}) == (prompt.choice.get("why_not") or {})
        checked += 1
    assert checked > 10


def test_every_play_and_every_draw_is_shown_by_name_as_a_result():
    """A computer seat's turn went by unseen unless its play removed a card."""
    from companion.games.dungeon_days.screens import pack_info
    from companion.ui.model import screen_after

    engine = get_game("dungeon-days").load_engine()
    summary = {"players": ["p1", "p2"], "scores": {"p1": 0, "p2": 0}}
    play = [{"event": "play", "seat": "p2", "card": "orc", "board": "p2", "day": "tue", "removed": []}]
    drew = [{"event": "drew", "seat": "p2", "deck": 1}]
    for events, said in ((play, ["P2 played", "Orc on P2 Tue"]), (drew, ["P2 drew a card", "1 card left"])):
        assert screen_after(events, "dungeon-days") == "days_result"
        with recording() as drawn:
            render(
                {
                    "game": "dungeon-days",
                    "screen": "days_result",
                    "pack": pack_info(engine),
                    "events": events,
                    "summary": summary,
                }
            )
        texts = [d.text for d in drawn if d.kind == "text"]
        assert all(s in texts for s in said) and frame_faults(drawn) == []


def test_the_card_just_drawn_is_shown_to_its_owner_before_the_device_is_passed_on(tmp_path):
    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from companion.ui.screens import screen_name
    from drivers import open_display

    now = [0.0]
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="digital")
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1, clock=lambda: now[0])
    app.start_game("dungeon-days", {"players": 2, "seats": {"p2": "computer"}})
    shown = 0
    for _ in range(30):
        prompt = session.prompt()
        if app.message is not None or app.interstitial is not None or app.awaiting_pass():
            assert (app.message or {}).get("title") != "P2: your card"  # a computer's card stays hidden
            app.press("ok")
            continue
        assert prompt.actor == "p1"
        count = len(session.actions)
        app.act("p1 draw")
        drawn = session.actions[count + 1].split()[2]  # the device's draw for P1
        model = app.model()
        assert model["message"]["title"] == "P1: your card"
        assert model["message"]["text"].startswith(f"You drew {drawn.capitalize()}")
        with recording() as seen:
            render(model)
        assert frame_faults(seen) == [] and screen_name(model) == "message"
        shown += 1
        if shown == 3:
            break
    assert shown == 3
