"""Dungeonbowl's screens: golden PNGs (tests/ui/golden/dungeonbowl_*.png; ``UPDATE_GOLDEN=1``
rewrites them, look at them at 4x before committing), the words they say, and whole games
played by random button presses that render on every frame and only ever produce actions the
engine accepts."""

from __future__ import annotations

import random

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dungeonbowl.screens import DICE, OVER, PLACE, ROLL, TURN, screen_after, screen_for
from companion.games.dungeonbowl.screens_text import event_label, move_words, roll_results
from companion.ui import PromptController, build_model, prompt_dict, render
from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn
from tests.games.dungeonbowl.table import SETUP as SETUP_LINES
from tests.ui.golden_check import check_golden


def turn_start():
    s = to_first_turn()
    s.team("p1").where["8"] = "ko"
    return build_model(ENGINE, s, ui={"cursor": 0})


def turn_later():
    s = to_first_turn()
    play(
        s,
        "p1 chest",
        "p1 open 3",
        "p1 opener p1#2",
        "chance open ball",
        "p1 holder",
        "p1 holds p1#2",
        "p1 trap",
        "p1 trap-counter 4",
        "p1 victim p2#3",
        "p1 how pushed",
        "chance roll 2",
    )
    s.team("p2").where["5"], s.team("p2").where["6"] = "ko", "cas"
    return build_model(ENGINE, s, ui={"cursor": 10})


def after(*actions, screen=ROLL, setup=()):
    s = to_first_turn()
    play(s, *setup)
    events = play(s, *actions)
    return build_model(ENGINE, s, screen=screen, events=events)


def placing(n_actions):
    from tests.games.dungeonbowl.table import SETUP, new

    s = new()
    play(s, *SETUP[:n_actions])
    return build_model(ENGINE, s, ui={"cursor": 0})


def entering(*actions):
    """A roll entered on the buttons, its first die entered."""
    s = to_first_turn()
    play(s, *actions)
    ctl = PromptController(game=ENGINE.name)
    ctl.sync(prompt_dict(ENGINE.prompt(s)))
    for button in ("down", "down", "down", "ok"):
        ctl.press(button)
    return build_model(ENGINE, s, ui=ctl.ui)


SCENARIOS = {
    "dungeonbowl_place_chest": lambda: placing(5),
    "dungeonbowl_place_trap": lambda: placing(len(SETUP_LINES)),
    "dungeonbowl_turn_start": turn_start,
    "dungeonbowl_turn_ball_held": turn_later,
    "dungeonbowl_roll_armour": lambda: after(
        "p2 av 8", "chance roll 4 5", setup=("p1 wall", "p1 pushed p2#4")
    ),
    "dungeonbowl_roll_casualty": lambda: after(
        "chance roll 5 5",
        "chance roll 6 2",
        setup=("p1 wall", "p1 pushed p2#4", "p2 av 7", "chance roll 6 6"),
    ),
    "dungeonbowl_roll_lost_in_space": lambda: after(
        "chance roll 3", setup=("p1 pad", "p1 onto-pad 3", "p1 mover p1#4")
    ),
    "dungeonbowl_roll_chest_ball": lambda: after(
        "chance open ball", setup=("p1 chest", "p1 open 2", "p1 opener p1#5")
    ),
    "dungeonbowl_roll_chest_boom": lambda: after(
        "chance open blast",
        "p1 nobody",
        "p1 av 9",
        "chance roll 2 3",
        setup=("p1 chest", "p1 open 2", "p1 opener p1#5"),
    ),
    "dungeonbowl_roll_spiked_pit": lambda: after(
        "chance roll 6", setup=("p1 trap", "p1 trap-counter 1", "p1 victim p1#3", "p1 how moved")
    ),
    "dungeonbowl_dice_armour": lambda: entering("p1 wall", "p1 pushed p2#4", "p2 av 8"),
    "dungeonbowl_game_over": lambda: after(
        "p1 touchdown",
        screen=OVER,
        setup=("p1 chest", "p1 open 1", "p1 opener p1#6", "chance open ball", "p1 holder", "p1 holds p1#6"),
    ),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden(name):
    check_golden(render(SCENARIOS[name]()), name)


def test_the_screens_are_chosen_by_prompt_and_by_events():
    assert screen_for(turn_start()) == TURN
    assert screen_for(placing(5)) == PLACE
    assert screen_for(entering("p1 wall", "p1 pushed p2#4", "p2 av 8")) == DICE
    assert (
        screen_after(
            [{"event": "armour", "player": "p2#1", "av": 8, "dice": [1, 2], "broken": False, "why": "wall"}]
        )
        == ROLL
    )
    assert (
        screen_after([{"event": "touchdown", "seat": "p1", "player": "p1#2", "winner": "p1", "turn": 3}])
        == OVER
    )
    assert screen_after([{"event": "turn", "seat": "p2", "turn": 2}]) is None


def test_every_event_label_fits_the_chooser():
    s = to_first_turn()
    s.team("p1").where["8"] = "ko"
    labels = [event_label(o) for o in ENGINE.prompt(s).options]
    assert "send in #7" in labels and "sponge #8" in labels and "open chest" in labels
    assert all(len(label) <= 11 for label in labels), labels


def test_roll_results_say_what_each_roll_meant():
    events = play(to_first_turn(), "p1 pad", "p1 onto-pad 2", "p1 mover p1#1", "chance roll 5")
    assert roll_results(events) == [{"what": "teleport P1 #1 pad 2", "dice": [5], "result": "TO PAD 5"}]


@pytest.mark.parametrize("seed", range(4))
def test_random_presses_play_whole_games_with_only_legal_actions(seed):
    """Buttons pressed at random through whole games: every frame renders; every action the
    controller returns is accepted."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    s = ENGINE.new_state(Header("dungeonbowl", seed=seed))
    ctl = PromptController(game=ENGINE.name)
    for _ in range(6000):
        if ENGINE.is_over(s):
            break
        p = ENGINE.prompt(s)
        if p.is_chance:
            ENGINE.apply(s, dice.answer(p))
            continue
        ctl.sync(prompt_dict(p))
        for _ in range(40):
            if p.kind == "turn" and f"{p.actor} touchdown" in p.options:
                action = f"{p.actor} touchdown"
                break
            action = ctl.press(rng.choice(["up", "down", "down", "ok", "ok", "left", "right"]))
            render(build_model(ENGINE, s, ui=ctl.ui))
            if action:
                break
        else:
            action = (p.options or ENGINE.legal_actions(s))[0]
        if p.kind == "turn" and action.endswith(" concede"):
            action = f"{p.actor} end-turn"
        ENGINE.apply(s, action)
    assert ENGINE.is_over(s)


def test_a_long_counter_name_is_drawn_whole(monkeypatch):
    """With pits bought a coach may place 10 traps: "10 TRAPS LEFT" does not fit the big font,
    so it is drawn bold, whole ("10 TRAPS LE." before)."""
    from companion.games.dungeonbowl.screens import place
    from companion.ui import fonts

    cut = []
    fit = fonts.Font.fit

    def recording_fit(self, text, pixels):
        out = fit(self, text, pixels)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(fonts.Font, "fit", recording_fit)
    m = placing(len(SETUP_LINES))
    rule = m["prompt"]["text"].partition(": ")[2]
    m["prompt"]["text"] = "10 traps left: " + rule
    place(m)
    assert cut == []
    m["prompt"]["text"] = "1 trap left: " + rule  # a short one stays in the big font, whole too
    place(m)
    assert cut == []


def test_a_move_is_said_as_the_table_reads_it():
    """The computer's moves (and the phones' log) say what was done, not an answer alone."""
    opener = {"actor": "p2", "kind": "opener", "text": "who opens chest 3?", "options": ["p2 opener p2#4"]}
    assert move_words(opener, "p2 opener p2#4") == "who opens chest 3? P2 #4"
    zone = {"actor": "p2", "kind": "end_zone", "text": "your end zone?", "options": ["p2 end-zone left"]}
    assert move_words(zone, "p2 end-zone left") == "end zone left"
    done = {
        "actor": "p2",
        "kind": "inducements",
        "text": "inducements: none bought yet",
        "options": ["p2 done"],
    }
    assert move_words(done, "p2 done") == "no more inducements"
    turn = {"actor": "p2", "kind": "turn", "text": "P2 turn 2: what happened?", "options": ["p2 block"]}
    assert move_words(turn, "p2 block") == "block"
