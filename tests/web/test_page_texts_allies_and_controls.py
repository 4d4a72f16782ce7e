"""Dungeon Allies' page in words a player reads (crystal colours by name, the monsters a look
found, the treasure's refill), "Ask to fix dice" only where the table has rolled dice (and a
reason on the phone where it has not), and no 404 for the browser's icon request."""

from __future__ import annotations

import random
import urllib.request

import pytest

from companion.engine.core import Header
from companion.engine.dice import PositionalDice
from companion.engine.registry import get_game
from companion.games.dungeon_allies import page as allies_page
from companion.web import payloads
from tests.web.browser import PHONE, skip_reason
from tests.web.rig import Device

GAME = "dungeon-allies"


def _build(game, engine, state, viewer):
    return payloads.build(
        game, engine, state, viewer, seats_held={}, computers=set(), pack=payloads.pack_for(game, engine)
    )


def _until(kind: str, seed: int = 4, limit: int = 3000):
    """A random 3-player game played until a decision of this kind: (game, engine, state, prompt)."""
    game = get_game(GAME)
    engine = game.load_engine()
    state = engine.new_state(Header(GAME, seed=seed, options={"players": 3}))
    dice, rng = PositionalDice(seed), random.Random(seed)
    for n in range(limit):
        prompt = engine.prompt(state)
        if not prompt.is_chance and prompt.kind == kind:
            return game, engine, state, prompt
        engine.apply(
            state,
            dice.answer(prompt, n)
            if prompt.is_chance
            else rng.choice(list(prompt.options) if prompt.options else engine.legal_actions(state)),
        )
    raise AssertionError(f"no {kind} decision in {limit} moves")


# ------------------------------------------------------------------ Dungeon Allies' words
def test_a_trade_names_the_crystals_and_the_rates_not_the_panels_letters():
    game, engine, state, prompt = _until("trade", seed=12)
    assert prompt.text.startswith("7 trade: ")  # the panel keeps its short form
    seat = state.seat(prompt.actor)
    mine = _build(game, engine, state, prompt.actor)["prompt"]["text"]
    have = ", ".join(
        f"{seat.crystals[c]} {c}" for c in ("red", "blue", "yellow", "green", "white") if seat.crystals[c]
    )
    assert have == "2 red, 2 blue"  # none of yellow, green or white
    assert mine.startswith(f"Trade crystals with the merchants (you have {have}).")
    assert "2 red = 1 blue, 2 blue = 1 yellow, 3 yellow = 1 green" in mine
    assert "0R" not in mine and "7 trade" not in mine
    buttons = {
        o["action"].split(" ", 1)[1]: o["label"]
        for o in _build(game, engine, state, prompt.actor)["prompt"]["options"]
    }
    assert buttons["trade red blue"] == "2 red for 1 blue"  # each button says what goes and comes
    assert buttons["trade blue red"] == "1 blue for 2 red"
    assert buttons["done"] == "done trading"
    other = next(s for s in ("p1", "p2", "p3") if s != prompt.actor)
    theirs = _build(game, engine, state, other)["prompt"]["text"]
    assert theirs.startswith(f"{prompt.actor.upper()}: trades crystals with the merchants (has {have})")


def test_the_die_token_question_is_asked_in_words_on_the_phone():
    """It read "d6 goes on which ally?" over "d6 runa" / "d6 ember"."""
    game, engine, state, prompt = _until("tokens")
    mine = _build(game, engine, state, prompt.actor)["prompt"]
    assert mine["text"] == "Which ally gets the d6?"
    assert all(o["label"].startswith("d6 on ") and o["label"][6].isupper() for o in mine["options"])
    other = next(s for s in ("p1", "p2", "p3") if s != prompt.actor)
    assert (
        _build(game, engine, state, other)["prompt"]["text"]
        == f"{prompt.actor.upper()}: chooses which ally gets the d6"
    )


def test_a_fights_questions_are_asked_in_words_on_the_phone():
    """They read "y1 Goblin: need 4" and "5 of 8: reroll?"."""
    from companion.games.dungeon_allies.page import page_text

    said = page_text({"kind": "spells", "text": "y1 Goblin: need 4", "mine": True}, {})
    assert said == "Fight at yellow 1: Goblin, needs 4. Cast a crystal spell first, or roll"
    assert (
        page_text({"kind": "reroll", "text": "5 of 8: reroll?", "mine": True}, {})
        == "Rolled 5, needs 8: reroll a die with a blue crystal?"
    )
    game, engine, state, prompt = _until("spells", seed=1)
    assert _build(game, engine, state, prompt.actor)["prompt"]["text"].startswith("Fight at ")


def test_a_look_under_tiles_names_the_monsters_to_that_seat_alone():
    from companion.games.dungeon_allies.words import space_name

    game, engine, state, prompt = _until("seen", seed=5)
    squares = prompt.text.removeprefix("you saw ").split()
    names = payloads.pack_for(game, engine)["monsters"]
    mine = _build(game, engine, state, prompt.actor)["prompt"]["text"]
    assert mine.startswith(
        "You looked under "
        + "; ".join(f"{space_name(sq)}: {names[state.tile(sq).monster]}" for sq in squares)
    )
    for viewer in [s for s in ("p1", "p2", "p3") if s != prompt.actor] + [None]:
        data = _build(game, engine, state, viewer)
        assert data["prompt"]["text"] == f"{prompt.actor.upper()} is choosing in secret"


def test_a_resolution_step_is_named_not_numbered():
    said = allies_page.page_text({"actor": "p1", "kind": "resolve", "text": "7 trade: P1", "mine": True}, {})
    assert said == "Resolution step 7, trade: P1"
    said = allies_page.page_text(
        {"actor": "p2", "kind": "resolve", "text": "6 prisoner: P2, P3", "mine": False}, {}
    )
    assert said == "Resolution step 6, free the prisoner: P2, P3"


def test_the_log_says_what_the_treasure_and_the_crystal_events_are_about():
    game = get_game(GAME)
    pack = payloads.pack_for(game, game.load_engine())
    line = payloads.log_line(game, {"event": "treasure", "crystals": ["red", "blue", "red"], "gold": 2}, pack)
    assert line == "Treasure refilled: red on pile 1, blue on pile 2, red on pile 3; the gold pile is 2"
    assert (
        payloads.log_line(game, {"event": "treasure", "crystals": [], "gold": 3}, pack)
        == "No crystals left for the treasure; the gold pile is 3"
    )
    assert (
        payloads.log_line(
            game,
            {
                "event": "treasure",
                "seat": "p2",
                "space": "treasure3",
                "crystals": ["yellow", "red", "yellow"],
            },
            pack,
        )
        == "P2 took treasure pile 3: 1 red, 2 yellow crystals"
    )
    assert (
        payloads.log_line(game, {"event": "treasure", "seat": "p1", "space": "gold", "gold": 4}, pack)
        == "P1 took the gold pile: 4 gold"
    )
    assert (
        payloads.log_line(
            game, {"event": "traded", "seat": "p1", "gave": ["red", "red"], "got": ["blue"]}, pack
        )
        == "P1 traded 2 red for 1 blue crystal"
    )
    assert (
        payloads.log_line(
            game, {"event": "prisoner freed", "seat": "p3", "offering": 5, "crystals": ["green"]}, pack
        )
        == "P3 freed a prisoner (offering 5): 1 green crystal"
    )


def test_every_event_of_whole_games_is_said_in_the_games_words():
    """Random 2- and 3-player games to their end: no log line falls back to the generic words
    ("P1 tokens: dice ember d4, fern d6"), and none shows a monster's, card's or follower's id
    ("hedge-witch") for its name, nor a space by its code ("placed the d6 on y5": "on yellow 5")."""
    import re

    codes = re.compile(r"\b([ybr]\d+|treasure\d|prisoner\d|sorcerer\d)\b")
    game = get_game(GAME)
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    ids = [k for key in ("monsters", "cards", "followers") for k in pack[key] if "-" in k]
    kinds, generic = set(), {}
    for seed, players in ((1, 2), (2, 3), (3, 2)):
        state = engine.new_state(Header(GAME, seed=seed, options={"players": players}))
        dice, rng = PositionalDice(seed), random.Random(seed)
        for n in range(4000):
            if engine.is_over(state):
                break
            prompt = engine.prompt(state)
            action = (
                dice.answer(prompt, n)
                if prompt.is_chance
                else rng.choice(list(prompt.options) if prompt.options else engine.legal_actions(state))
            )
            for event in engine.apply(state, action):
                kinds.add(event["event"])
                line = payloads.log_line(game, event, pack)
                if line == payloads.event_words(event) or any(i in line for i in ids) or codes.search(line):
                    generic.setdefault(event["event"], line)
        assert engine.is_over(state), f"seed {seed} did not end"
    assert {"dealt", "rolled", "placed", "turn", "over"} <= kinds
    assert generic == {}, generic
    rolled = {
        "event": "rolled",
        "seat": "p2",
        "dice": ["d4", "d6"],
        "values": [2, 5],
        "doubled": ["", "weak"],
        "total": 12,
        "need": 8,
    }
    assert payloads.log_line(game, rolled, pack) == "P2 rolled d4 2, d6 5 (doubled: weak): 12, needed 8"


def test_the_purse_names_each_crystal_colour_and_the_bag_is_the_crystal_bag():
    game, engine, state, prompt = _until("trade", seed=12)
    blocks = _build(game, engine, state, None)["blocks"]
    facts = dict(next(b for b in blocks if b["kind"] == "facts")["rows"])
    assert "crystal bag" in facts and "dice bag" not in facts
    for seat in state.seats:
        block = next(b for b in blocks if b["title"].startswith(seat.id.upper()))
        chips = block["rows"][0]["items"][1:]
        assert [(c["text"], c["sub"], c["cls"]) for c in chips] == [
            (str(seat.crystals[c]), c, c) for c in ("red", "blue", "yellow", "green", "white")
        ]


# ------------------------------------------------------------------ the device: dice, icon
def _rolled(tmp_path) -> Device:
    """A Dungeon Allies device played (before its loop runs) until the table has rolled dice."""
    dev = Device(tmp_path, GAME, {"players": 3}, seed=4)
    s, rng = dev.session, random.Random(4)
    while s.last_chance_index() is None:
        prompt = s.prompt()
        dev.app.act(rng.choice(list(prompt.options) if prompt.options else s.engine.legal_actions(s.state)))
    dev.app.interstitial = None
    return dev


def _seat(dev: Device, seat: str = "p1"):
    page = dev.page()
    page.send({"t": "claim", "seat": seat, "code": dev.code(seat)})
    page.next("token")
    return page, page.next("state", where=lambda m: m["seat"] == seat)


def test_a_game_without_table_dice_offers_no_fix_and_says_why_when_asked(tmp_path):
    with Device(tmp_path, "dungeon-days", {"players": 3}) as dev:
        page, state = _seat(dev)
        assert state["dice"] is False
        page.send({"t": "correct"})  # a page that still asks: the device's OK, then why not
        page.next("wait")
        dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
        dev.press("ok")
        said = page.next("error")["text"]
        assert said.startswith("no dice to correct") and "rolled no dice" in said
        assert dev.app.correcting is None
        page.close()


def test_a_game_whose_table_rolled_dice_offers_the_fix(tmp_path):
    with _rolled(tmp_path) as dev:
        page, state = _seat(dev)
        assert state["dice"] is True
        page.send({"t": "correct"})
        page.next("wait")
        dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
        page.close()


def test_the_browsers_icon_request_gets_an_empty_answer_not_a_404(toy, tmp_path):
    with Device(tmp_path, "toy") as dev:
        with urllib.request.urlopen(dev.url + "favicon.ico") as r:
            assert r.status == 204 and r.read() == b""


# ------------------------------------------------------------------ in a browser
@pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))
@pytest.mark.parametrize(
    "game, options, shown", [("dungeon-days", {"players": 3}, False), (GAME, {"players": 3}, True)]
)
def test_the_fix_dice_button_shows_only_where_dice_were_rolled_and_a_load_logs_no_error(
    tmp_path, browser, game, options, shown
):
    with _rolled(tmp_path) if shown else Device(tmp_path, game, options) as dev:
        context = browser.new_context(**PHONE)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(dev.url + f"J/P1/{dev.code('p1')}")
            page.wait_for_selector("#me-title:has-text('You are P1')")
            page.wait_for_load_state("networkidle")
            assert page.locator("#ask-undo").is_visible()
            assert page.locator("#ask-correct").is_visible() is shown
            assert errors == []
            if not shown:  # a stale page that still asks is told why, on the phone
                page.evaluate("document.getElementById('ask-correct').hidden = false")
                page.click("#ask-correct")
                dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
                dev.press("ok")
                page.wait_for_selector("#toast.bad:has-text('no dice to correct')")
        finally:
            context.close()


def test_a_phone_acting_while_the_table_enters_a_draw_is_told_so_not_chance_is_to_decide(tmp_path):
    """On a real board the table enters each tile on the device: a phone's tap then was
    refused with "not your turn: CHANCE is to decide", the engine's word for it."""
    dev = Device(tmp_path, GAME, {"players": 3, "board": "real", "seats": {"p3": "computer"}}, seed=7)
    with dev:
        page = dev.page()
        page.next("welcome")
        page.send({"t": "claim", "seat": "p1", "code": dev.code("p1")})
        page.next("token")
        assert dev.session.prompt().is_chance
        before = dev.session.engine.to_json(dev.session.state)
        page.send({"t": "act", "action": "p1 d6 pyra"})
        said = page.next("error")["text"]
        assert said == "not your turn: the device waits for the table's roll or draw"
        assert dev.session.engine.to_json(dev.session.state) == before and not dev.session.actions


def test_the_end_on_a_phone_says_who_won_by_how_many_points_and_what_broke_a_tie():
    """The page said only "Game over: P2 wins" (the panel says the points and the tie-break)."""
    game = get_game(GAME)
    pack = payloads.pack_for(game, game.load_engine())
    summary = {
        "over": True,
        "winner": "p2",
        "draw": False,
        "tie_break": "",
        "scores": {"p1": 28, "p2": 45, "p3": 23},
    }
    assert payloads.result_text(summary, pack) == "P2 wins, 45 points to 28 and 23"
    tied = {**summary, "winner": "p1", "tie_break": "most white crystals", "scores": {"p1": 40, "p2": 40}}
    assert payloads.result_text(tied, pack) == "P1 wins on most white crystals, 40 points to 40"
    assert payloads.result_text({**summary, "draw": True, "winner": None}, pack) == "a draw"
