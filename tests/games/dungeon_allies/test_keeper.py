"""The keeper for a game on the real board: tiles, cards and crystals are entered as they are
revealed (never drawn by the device), the dice are the table's (typed, or the camera for pip
d6), and the resolution walks step by step, waiting for an OK."""

from companion.engine.core import TABLE
from companion.engine.registry import get_game

from .table import engine, give, play, set_up


def test_every_draw_is_entered_by_the_table_never_rolled_digitally():
    g = engine()
    s = set_up(g, board="real")
    play(g, s, "p1 place d6 y1", "p2 place d6 treasure1", "p1 place d4 y1")
    p = g.prompt(s)
    assert p.kind == "place"
    play(g, s, "p2 place d4 train")
    spec = g.prompt(s).chance
    assert spec.verb == "reveal" and spec.by == TABLE and spec.digital is False and spec.die == "monster"


def test_combat_dice_are_table_dice_and_the_d6_is_read_by_the_camera():
    g = engine()
    s = set_up(g, board="real")
    play(
        g,
        s,
        "p1 place d6 y1",
        "p2 place d6 train",
        "p1 place d4 y1",
        "p2 place d4 train",
        "chance reveal ogre",
    )
    spec = g.prompt(s).chance
    assert spec.by == TABLE and spec.digital is True and [d.kind for d in spec.dice] == ["d6", "d4"]
    kinds = {k.name: k.reader for k in get_game("dungeon-allies").die_kinds}
    assert kinds["d6"] == "pips" and kinds["d4"] == "none"
    events = play(g, s, "chance roll 6 2")
    assert events[0]["total"] == 8 and events[0]["need"] == 8


def test_the_resolution_waits_for_an_ok_at_each_step_that_has_work():
    g = engine()
    s = set_up(g, board="real")
    s.seat("p2").gold = 1
    play(g, s, "p1 place d6 order", "p2 place d6 prisoner1", "p1 place d4 train", "p2 place d4 treasure1")
    texts = []
    while g.prompt(s).kind == "resolve":
        texts.append(g.prompt(s).text)
        play(g, s, g.prompt(s).options[0])
    assert texts == ["2 order: P1 first", "3 treasure: P2 pile 1", "4 trainer: P1 d4", "6 prisoner: P2"]
    assert g.prompt(s).chance.by == TABLE and g.prompt(s).text == "draw 4 crystals for the treasure"


def test_a_person_says_each_step_is_done_when_a_computer_is_first_in_turn_order():
    """The computer moves no pieces on the real board: its OK would skip the step unseen."""
    g = engine()
    s = set_up(g, players=3, board="real", seats={"p1": "computer", "p3": "computer:planner"})
    assert s.order[0] == "p1"
    play(g, s, "p1 place d6 order", "p2 place d6 train", "p3 place d6 treasure1")
    play(g, s, "p1 place d4 train", "p2 place d4 treasure2", "p3 place d4 gold")
    asked = []
    while g.prompt(s).kind == "resolve":
        asked.append(g.prompt(s).actor)
        play(g, s, "p2 ok" if len(asked) > 1 else "p1 ok")  # p1's: as games saved before said it
    assert len(asked) > 1 and set(asked) == {"p2"}


def test_a_red_crystal_on_the_real_board_is_spent_with_no_draw():
    g = engine()
    s = set_up(g, board="real")
    give(s, "p1", red=1)
    events = play(g, s, "p1 place red peek")
    assert events == [{"event": "illuminate", "seat": "p1"}] and g.prompt(s).kind == "place"
    assert s.seat("p1").crystals["red"] == 0 and all(not t.monster for t in s.tiles)


def test_a_whole_game_on_the_real_board_is_kept_to_its_end():
    from companion.engine.core import Header
    from companion.engine.dice import SeededDice
    from companion.engine.runner import play_out
    from companion.games.dungeon_allies.policies import SensiblePolicy

    g = engine()
    for players in (2, 5):
        s = g.new_state(Header("dungeon-allies", seed=players, options={"players": players, "board": "real"}))
        seats = {f"p{i}": SensiblePolicy(i) for i in range(1, players + 1)}
        taken = play_out(g, s, seats, SeededDice(players), check=True)
        assert g.is_over(s) and s.removed == 28 and s.round == 3
        assert sum(a.endswith(" ok") for a in taken) > 10  # the table confirmed each step
