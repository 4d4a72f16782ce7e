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
from tests.ui.presses import presses_to
from tests.ui.test_screens_as_a_player import two_seats

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
    play(
        g,
        s,
        "p1 place d6 y1",
        "p2 place d6 b2",
        "p3 place d12 train",
        "p4 place d6 order",
        "p5 place d6 train",
        "p1 place d4 y1",
        "p2 place d4 order",
        "p3 place d4 gold",
        "p4 place d4 train",
        "p5 place d4 train",
        "p3 place d4 train",
        "chance reveal goblin",
    )
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
    play(
        g,
        s,
        "p1 place d6 order",
        "p2 place d6 prisoner1",
        "p3 place d6 train",
        "p1 place d4 train",
        "p2 place d4 treasure1",
        "p3 place d4 train",
        "p1 ok",
    )
    assert screen_for(build_model(g, s, viewer=None)) == "allies_step"
    matches(frame(g, s), "step")


def test_the_end_says_which_crystal_broke_the_tie():
    g = engine()
    s = set_up(g, players=3)
    clear_tiles(s, 27, keep=("y1",), spare=("goblin",))
    for seat in s.seats:
        seat.gold = 12
    s.seat("p2").crystals["green"] = 1
    events = play(
        g,
        s,
        "p1 place d6 y1",
        "p2 place d6 train",
        "p3 place d6 train",
        "p1 place d4 train",
        "p2 place d4 train",
        "p3 place d4 train",
        "chance reveal goblin",
        "chance roll 1",
    )
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
    s.removed = 2  # the state counts the tiles gone, as rules.remove_tile does
    play(
        g,
        s,
        "p1 place red peek",
        "p1 look y5",
        "chance reveal goblin",
        "p1 look b2",
        "chance reveal dragon",
        "p1 ok",
        "p1 place d6 y2",
        "p2 place d6 y7",
        "p3 place d6 treasure1",
    )
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
    model, image = placing_frame(g, s, ("down", "down", "down"))
    assert screen_for(model) == "allies_place" and model["ui"]["space"] == "y5"
    matches(image, "place")
    from companion.games.dungeon_allies.words import space_says

    view, pack = model["view"], model["pack"]

    def says(space):
        return space_says(space, view, pack, "p1", "d4")

    assert (
        says("y5") == "Yellow 5: Goblin: needs 4, gives 1 gold, weak to melee"
    )  # what the red crystal showed
    assert says("y7") == "Yellow 7: P2 fights here"
    assert says("y2") == "Yellow 2: your d6 here; face down: needs 3-12, gives 1-7 gold"
    assert says("treasure3") == "Treasure 3: 1 green crystal; guarded: needs a fight won"
    assert says("sorcerer2") == "Sorcerer card 2: Crown of echoes: 5 points; costs 1 blue"
    assert says("tavern") == "Tavern: hire Archer (d6) if all your dice are over d6; free if no one outbids"
    assert says("prisoner3") == "Prisoner 3: pay 3 gold, get 1 red, 1 yellow crystals"
    assert says("order") == "Turn order: go 1st next turn, +1 red crystal"
    assert says("train") == "Trainer: your d4 becomes a d6 for good"
    assert says("trade") == "Trade: either way: 2 red=1 blue, 2 blue=1 yellow, 3 yellow=1 green"
    other = g.public_view(s, "p2")
    assert space_says("y5", other, pack, "p2").startswith("Yellow 5: face down")  # p2 never sees it


def test_the_tavern_says_when_its_follower_would_be_forfeited():
    """Any die may go on the tavern, and the follower joins at step 5 only if his die is lower than
    the player's lowest: the space said "hire Archer (d6), free" to a player holding a d4."""
    from companion.games.dungeon_allies.words import space_gives

    pack = {"followers": {"archer": "d6"}, "ladder": ["d4", "d6", "d8", "d10", "d12"]}
    view = {
        "follower_top": "archer",
        "placed": [{"seat": "p2", "die": "d4", "space": "tavern", "gold": 2}],
        "seats": {
            "p1": {"id": "p1", "allies": [{"die": "d8"}, {"die": "d10"}]},
            "p2": {"id": "p2", "allies": [{"die": "d6"}, {"die": "d12"}]},
        },
    }
    assert space_gives("tavern", view, pack, "p1") == "hire Archer (d6), bid over 2 gold"
    assert (
        space_gives("tavern", view, pack, "p2")
        == "hire Archer (d6) if all your dice are over d6; bid over 2 gold"
    )
    assert space_gives("tavern", view, pack, "") == "hire Archer (d6), bid over 2 gold"  # a watcher


PLACINGS = ("y5", "b3", "r4", "order", "treasure2", "train", "trade", "sorcerer4")


def test_placing_goes_area_by_area(placing):
    """LEFT/RIGHT go from area to area, UP/DOWN within one, OK places: every typical space is
    a few presses away (down one list of every space, the red dungeon took 17)."""
    g, s = placing
    prompt = prompt_dict(g.prompt(s))
    counts = {sp: presses_to(g.name, prompt, f"p1 place d4 {sp}") for sp in PLACINGS}
    assert max(counts.values()) <= 6, counts
    # every die may go on the tavern (its follower is checked at step 5), so the trainer is the
    # fourth area to the LEFT: sorcerer, trade, tavern, trainer, OK
    assert counts["train"] == 5 and counts["sorcerer4"] == 4, counts  # LEFT, then UP UP, OK
    model, _ = placing_frame(g, s, ("left", "up", "up"))
    assert model["ui"]["space"] == "sorcerer4" and model["ui"]["areas"][model["ui"]["area"]][0] == "sorcerer"
    generic = {sp: presses_to_in_words(prompt, f"p1 place d4 {sp}") for sp in PLACINGS}
    assert sum(counts.values()) * 2 < sum(generic.values()), (counts, generic)


def presses_to_in_words(prompt: dict, action: str) -> int:
    """The same count through the word chooser the placing prompt had before (die, then space
    down one list)."""
    return presses_to("", prompt, action)


def test_fights_resolved_together_are_said_in_words():
    """A fight read "Y1 P1 Slime 8 vs 4 +2g"; now "rolled 7, needed 4: won, +1 gold"."""
    g = engine()
    s = set_up(g, players=3)
    play(g, s, "p1 place d6 y1", "p2 place d6 b2", "p3 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    events = play(
        g,
        s,
        "p3 place d4 train",
        "chance reveal goblin",
        "chance roll 5 2",
        "chance reveal ogre",
        "chance roll 3",
    )
    assert screen_after(events) == "allies_result"
    matches(frame(g, s, screen="allies_result", events=events), "results")
    from companion.games.dungeon_allies.words import fight_said

    assert [fight_said(e) for e in events if e["event"] == "combat"] == [
        "rolled 7, needed 4: won, +1 gold",
        "rolled 3, needed 12: lost",
    ]
    from companion.games.dungeon_allies.screens import fight_line

    model = build_model(g, s, viewer=None)
    long = {
        "event": "combat",
        "square": "y11",
        "seat": "p1",
        "monster": "giant-spider",
        "total": 3,
        "need": 15,
        "won": False,
    }
    model["pack"]["monsters"]["giant-spider"] = "Giant spider"
    assert fight_line(model, long) == "Y11 P1 Giant 3/15 lost"  # the name gives way by whole words
    wraith = {
        "event": "combat",
        "square": "b4",
        "seat": "p2",
        "monster": "wraith",
        "total": 16,
        "need": 12,
        "won": True,
        "gold": 6,
    }
    model["pack"]["monsters"]["wraith"] = "Wraith"
    assert fight_line(model, wraith) == "B4 P2 Wraith 16/12 +6g"  # it was "B4 P2 Wrait 16/12 won +6g"


def test_what_a_red_crystal_showed_is_drawn_for_its_player_alone():
    g = engine()
    s = set_up(g)
    give(s, "p1", red=1)
    play(
        g, s, "p1 place red peek", "p1 look y5", "chance reveal goblin", "p1 look b2", "chance reveal dragon"
    )
    assert g.prompt(s).private and screen_for(build_model(g, s, viewer="p1")) == "allies_seen"
    ctl = PromptController(game=g.name)
    ctl.sync(prompt_dict(g.prompt(s)))
    matches(render(build_model(g, s, viewer="p1", ui=ctl.ui)), "seen")
    spectator = render(build_model(g, s, viewer=None, ui=ctl.ui, screen="allies_seen"))
    assert spectator.tobytes() != render(build_model(g, s, viewer="p1", ui=ctl.ui)).tobytes()


def test_two_fights_are_said_whole_however_long_the_names_and_numbers(drawn):  # noqa: F811
    """ "B1 P1 Giant spider+4 gold" ran into its gold and "rolled 12, needed 13: lo." was cut."""
    spider = {
        "event": "combat",
        "square": "b1",
        "seat": "p1",
        "monster": "giant-spider",
        "total": 8,
        "need": 8,
        "won": True,
        "gold": 4,
    }
    naga = {
        "event": "combat",
        "square": "b2",
        "seat": "p1",
        "monster": "water-naga",
        "total": 12,
        "need": 13,
        "won": False,
    }
    m = {
        "game": "dungeon-allies",
        "screen": "allies_result",
        "summary": two_seats(),
        "events": [spider, naga],
        "pack": {"monsters": {"giant-spider": "Giant spider", "water-naga": "Water naga"}},
    }
    render(m)
    assert {
        "B1 P1 Giant",
        "+4 gold",
        "rolled 8, needed 8: won",
        "B2 P1 Water naga",
        "rolled 12, need 13: lost",
    } <= set(drawn["texts"]) and drawn["cut"] == []


def test_three_fights_or_more_are_a_line_each_with_the_numbers_in_a_column(drawn):  # noqa: F811
    names = {"bandit": "Bandit", "wraith": "Wraith", "giant-spider": "Giant spider"}
    fights = [
        {
            "event": "combat",
            "square": "y9",
            "seat": "p1",
            "monster": "bandit",
            "total": 3,
            "need": 4,
            "won": False,
        },
        {
            "event": "combat",
            "square": "b4",
            "seat": "p2",
            "monster": "wraith",
            "total": 16,
            "need": 12,
            "won": True,
            "gold": 6,
        },
        {
            "event": "combat",
            "square": "r10",
            "seat": "p1",
            "monster": "giant-spider",
            "total": 22,
            "need": 24,
            "won": False,
        },
    ]
    render(
        {
            "game": "dungeon-allies",
            "screen": "allies_result",
            "summary": two_seats(),
            "events": fights,
            "pack": {"monsters": names},
        }
    )
    assert {
        "rolled/needed",
        "Y9 P1 Bandit",
        "3/4 lost",
        "B4 P2 Wraith",
        "16/12 +6g",
        "R10 P1 Giant",
        "22/24 lost",
    } <= set(drawn["texts"]) and drawn["cut"] == []


def test_a_red_crystals_look_is_chosen_area_by_area_too():
    """ "look under a tile" listed the 28 squares one under the other (blue 3: 15 presses)."""
    g = engine()
    s = set_up(g, players=3)
    give(s, "p1", red=1)
    play(g, s, "p1 place red peek")
    prompt = prompt_dict(g.prompt(s))
    assert presses_to(g.name, prompt, "p1 look b3") == 4 < presses_to("", prompt, "p1 look b3")
    model, _ = placing_frame(g, s, ("right", "down"))
    assert screen_for(model) == "allies_place" and model["ui"]["space"] == "b2"


def test_five_fights_stay_clear_of_the_score_strip():
    """The fifth of five fights was drawn across the score strip's rule ("Wolf pack")."""
    fight = {
        "event": "combat",
        "square": "b10",
        "seat": "p2",
        "monster": "wolf-pack",
        "total": 14,
        "need": 8,
        "won": True,
        "gold": 4,
    }
    image = render(
        {
            "game": "dungeon-allies",
            "screen": "allies_result",
            "summary": two_seats(),
            "events": [fight] * 5,
            "pack": {"monsters": {"wolf-pack": "Wolf pack"}},
        }
    )
    assert not any(
        image.getpixel((x, y)) for x in range(128) for y in range(50, 55)
    )  # the gap above the rule
    assert any(image.getpixel((x, y)) for x in range(128) for y in range(42, 50))  # the fifth line is there


def test_a_trade_on_the_device_says_the_rates_as_the_phone_does(drawn):  # noqa: F811
    """The device listed "trade red blue"; the phone "give 2 red, get 1 blue": one wording now."""
    from tests.web.test_page_texts_allies_and_controls import _until

    _, g, s, prompt = _until("trade", seed=2)  # 2 red, 1 blue: red for blue both ways, and done
    ctl = PromptController(game=g.name)
    ctl.sync(prompt_dict(prompt))
    render(build_model(g, s, viewer=prompt.actor, ui=ctl.ui))
    assert {"2 red for 1 blue", "1 blue for 2 red", "done trading"} <= set(drawn["texts"]) and drawn[
        "cut"
    ] == []


def test_a_lost_fight_says_so_within_the_panel(drawn):  # noqa: F811
    """ "lost: the monster leaves" ran 16 pixels past the panel's edges."""
    from companion.ui import fonts

    ogre = {
        "event": "combat",
        "square": "b2",
        "seat": "p2",
        "monster": "ogre",
        "dice": ["d6"],
        "values": [3],
        "doubled": [""],
        "total": 3,
        "need": 12,
        "won": False,
    }
    render(
        {
            "game": "dungeon-allies",
            "screen": "allies_result",
            "summary": two_seats(),
            "events": [ogre],
            "pack": {"monsters": {"ogre": "Ogre"}},
        }
    )
    assert "rolled 3, needed 12" in drawn["texts"] and "lost: monster is out" in drawn["texts"]
    assert all(fonts.body().measure(t) <= 128 for t in drawn["texts"] if t.startswith("lost"))


def test_a_real_boards_draw_says_whose_tiles_or_which_squares_monster():
    """Entered on the buttons, the bar said only "DEAL character" (whose?), "REVEAL monster"
    (under which square?), "FOLLOWER follower": the table could not tell what to enter."""
    from companion.ui.recording import recording
    from tests.ui.textcheck import frame_faults

    from .table import new_game

    g = engine()

    def bar(s) -> str:
        with recording() as drawn:
            frame(g, s)
        assert frame_faults(drawn) == []
        return next(d.text for d in drawn if d.kind == "text" and d.box[1] < 9)

    s = new_game(g, players=2, board="real")
    play(g, s, "chance deal pyra blade")
    assert bar(s) == "DEAL P2's characters"
    play(g, s, "chance deal ember runa", "p1 d6 pyra", "p2 d6 ember", "chance roll 90 10")
    assert bar(s) == "DRAW for the treasure"
    play(g, s, "chance draw red red blue blue")
    assert bar(s) == "DEAL sorcerer row"
    play(g, s, "chance deal staff-of-embers crown-of-echoes orb-of-ages rod-of-storms red-prism")
    assert bar(s) == "TURN UP follower"
    play(g, s, "chance follower archer")
    play(g, s, "p1 place d6 y12", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    assert bar(s) == "REVEAL monster on Y12"


def test_a_look_under_a_square_with_the_players_die_is_said_whole():
    """ "your d6 here; face down: needs 3-12, gives 1-7 gold; 2 left to look under" ran to a
    fourth line and was cut to "... 2 left to look."."""
    from companion.ui.recording import recording
    from tests.ui.textcheck import frame_faults

    g = engine()
    s = set_up(g, players=2)
    give(s, "p1", red=2)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place red peek")
    with recording() as drawn:
        model, _ = placing_frame(g, s, ())
    assert model["ui"]["space"] == "y1" and frame_faults(drawn) == []
    said = " ".join(d.text for d in drawn if d.kind == "text" and 29 <= d.box[1] < 54)
    assert said.startswith("your d6 here; face down:") and said.endswith("2 looks left"), said


def test_the_percentile_rolls_are_shown_with_who_goes_first_or_who_rolls_again():
    """The device rolled everyone's d% and showed nothing: the table never saw why P3 went
    first."""
    from companion.ui.recording import recording
    from tests.ui.textcheck import frame_faults

    from .table import new_game

    g = engine()
    s = new_game(g, players=3)
    play(g, s, "chance deal pyra blade", "chance deal ember runa", "chance deal tidus fern")
    play(g, s, "p1 d6 pyra", "p2 d6 ember", "p3 d6 tidus")

    def said(events) -> str:
        assert screen_after(events) == "allies_rolls"
        with recording() as drawn:
            frame(g, s, screen="allies_rolls", events=events)
        assert frame_faults(drawn) == []
        return " ".join(d.text for d in drawn if d.kind == "text" and 9 < d.box[1] < 54)

    assert said(play(g, s, "chance roll 40 90 40")) == "P2 90, P1 40, P3 40 P1 and P3 tied: they roll again"
    assert said(play(g, s, "chance roll 10 50")) == "P3 50, P1 10 P2 goes first order: P2 P3 P1"
    # a tie rolled again by the device in the same go: both rolls are shown
    s = new_game(g, players=3)
    play(g, s, "chance deal pyra blade", "chance deal ember runa", "chance deal tidus fern")
    play(g, s, "p1 d6 pyra", "p2 d6 ember", "p3 d6 tidus")
    both = play(g, s, "chance roll 40 90 40", "chance roll 10 50")
    assert said(both) == "P2 90, P1 40, P3 40 again: P3 50, P1 10 P2 goes first order: P2 P3 P1"
