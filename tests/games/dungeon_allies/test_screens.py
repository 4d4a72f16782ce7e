"""Dungeon Allies' screens against their golden PNGs (tests/ui/golden/dungeon-allies-*.png):
the table at a new turn, a fight before and after the roll, its result, a resolution step on
the real board and the end with its tie-break. ``UPDATE_GOLDEN=1`` rewrites them (and a 4x copy
in $TMPDIR to look at before committing)."""

import pytest
from PIL import Image

from companion.games.dungeon_allies.screens import dice_sum, screen_after, screen_for
from companion.games.dungeon_allies.state import Ally
from companion.ui import PromptController, prompt_dict
from companion.ui.model import build_model
from companion.ui.screens import render

from tests.ui.golden_check import check_golden
from .table import engine, give, play, set_up
from .test_rounds_and_end import clear_tiles



def frame(g, s, screen=None, events=None):
    ctl = PromptController(game=g.name)
    ctl.sync(prompt_dict(g.prompt(s)))
    return render(build_model(g, s, viewer=None, ui=ctl.ui, screen=screen, events=events))


def matches(image: Image.Image, name: str) -> None:
    check_golden(image, f"dungeon-allies-{name}")


@pytest.fixture
def fight():
    """Five players; P1 fights a goblin on y1 with a d6 and a d4, a yellow and a blue in hand."""
    g = engine()
    s = set_up(g, players=5)
    s.seat("p2").gold = 17
    give(s, "p1", red=2, blue=1, yellow=1)
    give(s, "p4", white=1, green=2)
    s.seat("p3").allies[0].die = "d12"
    s.seat("p3").allies.append(Ally("squire", "d4", follower=True))
    play(g, s, "p1 place d6 y1", "p2 place d6 b2", "p3 place d12 train", "p4 place d6 order", "p5 place d6 train",
         "p1 place d4 y1", "p2 place d4 order", "p3 place d4 gold", "p4 place d4 train", "p5 place d4 train",
         "p3 place d4 train", "chance reveal goblin")
    return g, s


def test_the_table_shows_round_turn_and_each_players_gold_crystals_and_dice(fight):
    g, s = fight
    matches(frame(g, s, screen="allies_table"), "table")


def test_a_fight_shows_the_number_the_dice_and_the_spells(fight):
    g, s = fight
    assert screen_for(build_model(g, s, viewer=None)) == "allies_fight"
    matches(frame(g, s), "fight")
    play(g, s, "p1 roll", "chance roll 1 1")
    matches(frame(g, s), "fight-sum")


def test_a_fights_result_is_shown_with_its_sum(fight):
    g, s = fight
    events = play(g, s, "p1 roll", "chance roll 1 1", "p1 reroll d4", "chance roll 3")
    assert screen_after(events) == "allies_result"
    matches(frame(g, s, screen="allies_result", events=events), "result")


def test_the_real_board_walks_the_resolution_one_step_at_a_time():
    g = engine()
    s = set_up(g, players=3, board="real")
    s.seat("p2").gold = 1
    play(g, s, "p1 place d6 order", "p2 place d6 prisoner1", "p3 place d6 train", "p1 place d4 train",
         "p2 place d4 treasure1", "p3 place d4 train", "p1 ok")
    assert screen_for(build_model(g, s, viewer=None)) == "allies_step"
    matches(frame(g, s), "step")


def test_the_end_says_which_crystal_broke_the_tie():
    g = engine()
    s = set_up(g, players=3)
    clear_tiles(s, 27, keep=("y1",), spare=("goblin",))
    for seat in s.seats:
        seat.gold = 12
    s.seat("p2").crystals["green"] = 1
    events = play(g, s, "p1 place d6 y1", "p2 place d6 train", "p3 place d6 train", "p1 place d4 train",
                  "p2 place d4 train", "p3 place d4 train", "chance reveal goblin", "chance roll 1")
    assert screen_after(events) == "allies_over"
    matches(frame(g, s, screen="allies_over", events=events), "over")


def test_the_combat_sum_is_written_with_its_doubled_dice():
    assert dice_sum(["d6", "d4"], [], ["weak", ""]) == "d6x2 d4"
    assert dice_sum(["d6", "d4", "d20"], [3, 2, 11], ["weak", "bless", ""]) == "3x2+2x2+11=21"
    assert screen_after([{"event": "turn", "turn": 2}]) == "allies_table"
    assert screen_after([{"event": "placed"}]) is None


@pytest.fixture
def placing():
    """P1 to place his second die after a red crystal showed him y5 (a goblin) and b2; p2 fights
    on y7; two monsters are gone."""
    g = engine()
    s = set_up(g, players=3, crystals="red red green blue")
    give(s, "p1", red=1)
    s.tiles[20].removed = s.tiles[3].removed = True
    play(g, s, "p1 place red peek", "p1 look y5", "chance reveal goblin", "p1 look b2", "chance reveal dragon",
         "p1 ok", "p1 place d6 y2", "p2 place d6 y7", "p3 place d6 treasure1")
    return g, s


def placing_frame(g, s, presses):
    ctl = PromptController(game=g.name)
    ctl.sync(prompt_dict(g.prompt(s)))
    for button in presses:
        ctl.press(button)
    model = build_model(g, s, viewer="p1", ui=ctl.ui)
    return model, render(model)


def test_placing_shows_the_board_and_what_the_highlighted_space_holds(placing):
    g, s = placing
    model, image = placing_frame(g, s, ("ok", "down", "down", "down"))
    assert screen_for(model) == "allies_place"
    matches(image, "place")
    from companion.games.dungeon_allies.screens_place import describe
    assert describe(model, "y5", ["d4"]) == "Goblin 4+ 1g melee"          # what the red crystal showed
    assert describe(model, "y7", ["d4"]) == "y7: P2's fight"
    assert describe(model, "treasure3", ["d4"]) == "treasure3: green (guarded)"
    assert describe(model, "sorcerer2", ["d4"]) == "Crown of echoes 5pt, blue"
    assert describe(model, "tavern", ["d4"]) == "archer d6, free"
    assert describe(model, "prisoner3", ["d4"]) == "offer 3g: red+yellow"
    assert describe(model, "d4", []) == "d4: tidus (water)"
    other, _ = placing_frame(g, s, ())
    other["view"] = g.public_view(s, "p2")
    assert describe(other, "y5", ["d4"]) == "y5: face down"               # p2 never sees it


def test_fights_resolved_together_are_listed_one_line_each():
    g = engine()
    s = set_up(g, players=3)
    play(g, s, "p1 place d6 y1", "p2 place d6 b2", "p3 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    events = play(g, s, "p3 place d4 train", "chance reveal goblin", "chance roll 5 2", "chance reveal ogre",
                  "chance roll 3")
    assert screen_after(events) == "allies_result"
    matches(frame(g, s, screen="allies_result", events=events), "results")
    from companion.games.dungeon_allies.screens import fight_line
    model = build_model(g, s, viewer=None)
    assert [fight_line(model, e) for e in events if e["event"] == "combat"] == \
        ["Y1 P1 Goblin 7 vs 4 +1g", "B2 P2 Ogre 3 vs 12 lost"]
    long = {"event": "combat", "square": "y11", "seat": "p1", "monster": "giant-spider", "total": 3, "need": 15,
            "won": False}
    model["pack"]["monsters"]["giant-spider"] = "Giant spider"
    from companion.games.dungeon_allies.screens import fight_lines
    ogre = next(e for e in events if e["event"] == "combat" and e["monster"] == "ogre")
    lines = fight_lines(model, [long, ogre])                  # one form on the whole screen
    assert lines[0].startswith("Y11 P1 Giant") and lines[0].endswith(" 3/15 lost") and lines[1].endswith(" 3/12 lost")
    assert all(len(line) <= 25 for line in lines)             # whole, never 'los.'
    assert fight_lines(model, [ogre]) == ["B2 P2 Ogre 3 vs 12 lost"]


def test_what_a_red_crystal_showed_is_drawn_for_its_player_alone():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=1)
    play(g, s, "p1 place red peek", "p1 look y5", "chance reveal goblin", "p1 look b2", "chance reveal dragon")
    assert g.prompt(s).private and screen_for(build_model(g, s, viewer="p1")) == "allies_seen"
    ctl = PromptController(game=g.name)
    ctl.sync(prompt_dict(g.prompt(s)))
    matches(render(build_model(g, s, viewer="p1", ui=ctl.ui)), "seen")
    spectator = render(build_model(g, s, viewer=None, ui=ctl.ui, screen="allies_seen"))
    assert spectator.tobytes() != render(build_model(g, s, viewer="p1", ui=ctl.ui)).tobytes()
