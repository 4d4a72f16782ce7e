"""One vocabulary: an action is said the same on the device's lists, the phones' buttons and
an undo's notice, from one place per game (``GameType.words``, companion.engine.words), and
never as the engine writes it ("teleport-in", "defend red-1", "p2#4")."""

from __future__ import annotations

import re

import pytest

from companion.engine.registry import GameType, get_game, registered
from companion.engine.words import describe, plain
from companion.ui.generic import shown_option
from companion.ui.model import build_model
from companion.web import payloads
from tests.conformance.harness import play

RAW = re.compile(r"\b[a-z]+-[a-z0-9]+\b|\bp\d+#\d+\b|^p\d+ |\bchance\b")
OURS = ("dodgeball", "dungeon-days", "dungeon-ball")


def test_the_generic_words_never_show_an_engine_verb_as_written():
    assert plain("p1 teleport-in 3") == "teleport in 3"
    assert plain("p2 defend red-1") == "defend red 1"
    assert plain("p1 defender p2#4") == "defender P2 #4"
    assert plain("chance roll 3 4") == "rolled 3 4"
    assert plain("p1 bid +2") == "bid +2"
    assert describe("no-such-game", "p1 end-turn") == "end turn"


def test_a_game_names_its_words_in_its_registry_entry_and_falls_back_to_the_generic_ones():
    said = []

    def words(action, view):
        said.append((action, view))
        return "" if action.endswith("quiet") else f"<{action}>"

    game = GameType(
        id="words-toy",
        title="Words Toy",
        players=(2, 2),
        engine="x:Y",
        words="tests.ui.test_words:_TOY_WORDS",
    )
    globals()["_TOY_WORDS"] = words
    from companion.engine.words import words_function

    words_function.cache_clear()
    try:
        with registered(game):
            assert describe("words-toy", "p1 go-left", {"a": 1}, {"names": {}}) == "<p1 go-left>"
            assert said[-1] == ("p1 go-left", {"a": 1, "pack": {"names": {}}})
            assert describe("words-toy", "p1 stay-quiet") == "stay quiet"  # "" -> the generic words
    finally:
        words_function.cache_clear()


def _choices(game_id: str, seed: int):
    """(engine, state, prompt) of every decision with options in one whole game."""
    game = get_game(game_id)
    engine = game.load_engine()
    out = []

    def after(before, prompt, action, events, state):
        if not prompt.is_chance and prompt.options:
            out.append((before, prompt))

    play(game, engine, seed, after=after)
    return game, engine, out


@pytest.mark.slow
@pytest.mark.parametrize(
    "game_id", ["dodgeball", "dungeon-days", "dungeon-ball", "dungeon-allies", "dungeonbowl"]
)
def test_no_option_is_shown_as_the_engine_writes_it_on_the_device_or_the_phone(game_id):
    game, engine, choices = _choices(game_id, 3)
    pack = payloads.pack_for(game, engine)
    seen = 0
    for state, prompt in choices:
        model = build_model(engine, state, viewer=prompt.actor)
        page = payloads.build(game, engine, state, prompt.actor, seats_held={}, computers=set(), pack=pack)
        buttons = {o["action"]: o["label"] for o in page["prompt"]["options"]}
        for option in prompt.options:
            device = shown_option(game_id, model["prompt"], option, model["view"], model["pack"])
            phone = buttons[option]
            assert not RAW.search(device), (option, device)
            assert not RAW.search(phone), (option, phone)
            if game_id in OURS:
                assert device == phone, (option, device, phone)  # one vocabulary
            seen += 1
    assert seen > 50


def test_dungeon_balls_defense_cards_and_rerolls_in_words():
    game = get_game("dungeon-ball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    assert describe("dungeon-ball", "p2 defend red-1", {}, pack) == "red defense, 1 die"
    assert describe("dungeon-ball", "p2 defend yellow-2", {}, pack) == "yellow defense, 2 dice"
    assert describe("dungeon-ball", "p1 reroll 1 6", {}, pack) == "reroll dice 1 and 6"
    assert describe("dungeon-ball", "p1 move-to b3", {}, pack) == "move the pawn to b3 (red)"


def test_dungeon_balls_pawn_moves_say_the_play_they_select():
    """The phone lists the pawn's moves as buttons, its play board far below them: each says
    the play it selects from where the pawn stands, as the device's pawn screen does."""
    game = get_game("dungeon-ball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    view = {"players": [{"id": "p1", "pawn": "b2"}, {"id": "p2", "pawn": "a1"}]}  # board YBY / RRR / BYB
    assert (
        describe("dungeon-ball", "p1 move up", view, pack) == "move the pawn up: a blue play, needs 3 balls"
    )
    assert (
        describe("dungeon-ball", "p1 move left", view, pack)
        == "move the pawn left: a red play, needs 1 cleat"
    )
    assert (
        describe("dungeon-ball", "p2 move down", view, pack)
        == "move the pawn down: a red play, needs 1 cleat"
    )
    assert (
        describe("dungeon-ball", "p2 move right", view, pack)
        == "move the pawn right: a blue play, needs 3 balls"
    )
    assert describe("dungeon-ball", "p1 move up", {}, pack) == "move the pawn up"  # no pawn in sight


def test_dodgeball_says_a_player_by_one_short_name():
    game = get_game("dodgeball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    assert describe("dodgeball", "p1 throw brick hook", {}, pack) == "Brick throws at Hook"
    assert describe("dodgeball", "p1 forward tomas rita", {}, pack) == "rush Tomas and Rita"


def test_dungeon_days_says_a_play_in_full():
    assert describe("dungeon-days", "p2 play mimic p1 tue", {}) == "play Mimic on P1's Tuesday"
    assert describe("dungeon-days", "chance draw lava", {}) == "drew a card"  # the card is a secret
