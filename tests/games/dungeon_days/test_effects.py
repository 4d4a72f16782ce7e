"""What each card does when played: the rulebook's "The Cards", with its own examples."""

from tests.games.dungeon_days.table import ENGINE, full_week, pile, play, refused, score, table

PLAYING = "Playing a card"


def test_the_dragon_clears_the_days_next_to_it_on_its_board_only():
    s = table(
        boards={
            "p2": {"tue": ["elf"], "thu": ["human", "sprite"], "fri": ["orc"]},
            "p1": {"tue": ["dwarf"], "thu": ["troll"]},
        },
        hands={"p1": ["dragon"]},
    )
    events = play(s, "p1 play dragon p2 wed")
    assert pile(s, "p2", "tue") == [] and pile(s, "p2", "thu") == [] and pile(s, "p2", "fri") == ["orc"]
    assert pile(s, "p1", "tue") == ["dwarf"] and pile(s, "p1", "thu") == ["troll"]
    assert sorted(s.discard) == ["elf", "human", "sprite"]
    assert events[0]["removed"] == ["elf", "human", "sprite"]


def test_the_dragon_on_monday_clears_only_tuesday():
    s = table(boards={"p1": {"tue": ["elf"], "sun": ["orc"]}}, hands={"p1": ["dragon"]})
    play(s, "p1 play dragon p1 mon")
    assert pile(s, "p1", "tue") == [] and pile(s, "p1", "sun") == ["orc"]


def test_the_rulebooks_dragon_may_stop_an_opponent_finishing_but_gives_them_7_points():
    s = table(boards={"p2": full_week("wed", card="elf")}, hands={"p1": ["dragon"]})
    before = score(s, "p2")
    play(s, "p1 play dragon p2 wed")
    assert not s.over  # two days emptied: their week is not full
    assert score(s, "p2") == before - 8 + 7


def test_the_dragon_leaves_a_boulder_trap():
    s = table(boards={"p2": {"mon": ["boulder"]}}, hands={"p1": ["dragon"]})
    play(s, "p1 play dragon p2 tue")
    assert pile(s, "p2", "mon") == ["boulder"]


def test_the_goblin_scares_the_same_day_on_all_other_boards():
    s = table(
        players=4,
        boards={
            "p2": {"fri": ["dragon"]},
            "p3": {"fri": ["elf", "halfling"]},
            "p4": {"thu": ["orc"], "fri": ["boulder"]},
        },
        hands={"p1": ["goblin"]},
    )
    play(s, "p1 play goblin p1 fri")
    assert pile(s, "p1", "fri") == ["goblin"]
    assert pile(s, "p2", "fri") == [] and pile(s, "p3", "fri") == []
    assert pile(s, "p4", "fri") == ["boulder"] and pile(s, "p4", "thu") == ["orc"]


def test_the_medusa_removes_every_human_and_halfling_from_her_board():
    """'Can be played on your day to free up scores under halflings and remove low-scoring humans.'"""
    s = table(
        boards={
            "p1": {"mon": ["human"], "tue": ["dragon", "halfling"], "thu": ["elf", "invisibility", "human"]},
            "p2": {"mon": ["human"]},
        },
        hands={"p1": ["medusa"]},
    )
    assert score(s, "p1") == 1 + 0 + 4 + 1
    play(s, "p1 play medusa p1 wed")
    assert pile(s, "p1", "mon") == [] and pile(s, "p1", "tue") == ["dragon"]
    assert pile(s, "p1", "thu") == ["elf", "invisibility"]  # the Invisibility still makes room
    assert pile(s, "p2", "mon") == ["human"]  # other boards keep theirs
    assert score(s, "p1") == 7 + 2 + 4


def test_the_medusa_on_an_opponents_board_may_give_them_points():
    s = table(boards={"p2": {"mon": ["dragon", "halfling"]}}, hands={"p1": ["medusa"]})
    play(s, "p1 play medusa p2 sun")
    assert score(s, "p2") == 7 + 2


def test_terror_clears_that_day_on_every_board():
    s = table(
        players=3,
        boards={
            "p1": {"tue": ["human"]},
            "p2": {"tue": ["dragon"]},
            "p3": {"tue": ["boulder"], "wed": ["elf"]},
        },
        hands={"p1": ["terror"]},
    )
    play(s, "p1 play terror p1 tue")
    assert [pile(s, x, "tue") for x in ("p1", "p2", "p3")] == [[], [], ["boulder"]]
    assert pile(s, "p3", "wed") == ["elf"]
    assert sorted(s.discard) == ["dragon", "human", "terror"]  # the spell is discarded after use


def test_terror_on_an_empty_day_removes_opponents_creatures():
    s = table(boards={"p2": {"sat": ["dragon"]}}, hands={"p1": ["terror"]})
    play(s, "p1 play terror p1 sat")
    assert pile(s, "p2", "sat") == []


def test_terror_goes_on_your_own_board():
    s = table(hands={"p1": ["terror"]})
    refused(s, "p1 play terror p2 sat", PLAYING)


def test_transportation_swaps_whole_stacks():
    s = table(
        players=3,
        boards={"p1": {"wed": ["human"]}, "p3": {"wed": ["elf", "invisibility", "orc"]}},
        hands={"p1": ["transportation"]},
    )
    play(s, "p1 play transportation p3 wed")
    assert pile(s, "p1", "wed") == ["elf", "invisibility", "orc"] and pile(s, "p3", "wed") == ["human"]
    assert s.discard == ["transportation"]


def test_transportation_may_swap_with_an_empty_day_but_not_with_a_blocked_one_or_own_board():
    s = table(
        boards={"p2": {"mon": ["dragon"], "tue": ["boulder"]}, "p1": {"tue": ["elf"]}},
        hands={"p1": ["transportation"]},
    )
    refused(s, "p1 play transportation p2 tue", "The Cards: SPELL OF TRANSPORTATION", "Boulder")
    refused(s, "p1 play transportation p2 wed", "The Cards: SPELL OF TRANSPORTATION", "no creatures")
    refused(s, "p1 play transportation p1 mon", "The Cards: SPELL OF TRANSPORTATION", "another board")
    play(s, "p1 play transportation p2 mon")
    assert pile(s, "p1", "mon") == ["dragon"] and pile(s, "p2", "mon") == []


def test_transformation_may_take_any_card_in_a_stack():
    s = table(boards={"p2": {"thu": ["dragon", "halfling"]}}, hands={"p1": ["transformation", "human"]})
    play(s, "p1 play transformation p2 thu dragon human")
    assert pile(s, "p2", "thu") == ["human", "halfling"]
    assert s.seat("p1").hand == ["dragon"] and s.discard == ["transformation"]


def test_transformation_on_your_own_board_returns_a_low_creature_to_hand():
    s = table(boards={"p1": {"mon": ["human"]}}, hands={"p1": ["transformation", "elf"]})
    play(s, "p1 play transformation p1 mon human elf")
    assert pile(s, "p1", "mon") == ["elf"] and s.seat("p1").hand == ["human"]


def test_transformation_needs_a_creature_to_take_and_one_in_hand():
    s = table(boards={"p2": {"thu": ["dragon"]}}, hands={"p1": ["transformation", "lava", "elf"]})
    rule = "The Cards: SPELL OF TRANSFORMATION"
    refused(s, "p1 play transformation p2 thu dragon lava", rule, "not a creature")
    refused(s, "p1 play transformation p2 thu dragon orc", rule, "no Orc in hand")
    refused(s, "p1 play transformation p2 thu elf elf", rule, "no Elf on that thu")
    refused(s, "p1 play transformation p2 thu dragon", rule, "a Transformation play is")
    t = table(boards={"p2": {"thu": ["dragon"]}}, hands={"p1": ["transformation"]})
    assert not [o for o in ENGINE.prompt(t).options if "transformation" in o]  # no creature to give


def test_the_lava_trap_removes_only_the_top_card():
    s = table(boards={"p2": {"sun": ["elf", "halfling"]}}, hands={"p1": ["lava"]})
    play(s, "p1 play lava p2 sun")
    assert pile(s, "p2", "sun") == ["elf"] and sorted(s.discard) == ["halfling", "lava"]


def test_the_lava_trap_removes_any_top_creature_but_the_dragon():
    s = table(
        boards={"p1": {"mon": ["human"]}, "p2": {"mon": ["dragon"], "tue": ["elf", "invisibility"]}},
        hands={"p1": ["lava"]},
    )
    refused(s, "p1 play lava p2 mon", "The Cards: LAVA TRAP", "the Dragon")
    refused(s, "p1 play lava p2 tue", "The Cards: LAVA TRAP", "none on top")
    refused(s, "p1 play lava p2 wed", "The Cards: LAVA TRAP", "none on top")
    play(s, "p1 play lava p1 mon")  # a low creature of your own
    assert pile(s, "p1", "mon") == []


def test_the_lava_trap_may_uncover_a_dragon():
    s = table(boards={"p2": {"mon": ["dragon", "halfling"]}}, hands={"p1": ["lava"]})
    play(s, "p1 play lava p2 mon")
    assert pile(s, "p2", "mon") == ["dragon"]


def test_the_boulder_trap_blocks_an_opponents_empty_day_for_the_game():
    s = table(boards={"p2": {"mon": ["elf"]}}, hands={"p1": ["boulder"], "p2": ["human", "dragon"]})
    rule = "The Cards: BOULDER TRAP"
    refused(s, "p1 play boulder p1 tue", rule, "opponent's board")
    refused(s, "p1 play boulder p2 mon", rule, "empty day")
    play(s, "p1 play boulder p2 tue")
    assert pile(s, "p2", "tue") == ["boulder"]
    refused(s, "p2 play human p2 tue", rule, "blocked")
    refused(s, "p2 play dragon p2 tue", rule, "blocked")


def test_invisibility_lets_one_more_creature_onto_a_day():
    s = table(
        boards={"p1": {"wed": ["elf"]}, "p2": {"wed": ["orc"]}},
        hands={"p1": ["invisibility", "human", "orc"]},
    )
    refused(s, "p1 play invisibility p1 tue", "The Cards: SPELL OF INVISIBILITY", "on top of a creature")
    refused(s, "p1 play invisibility p2 wed", PLAYING, "ON ANY BOARD")
    play(s, "p1 play invisibility p1 wed")
    s.turn = 0
    play(s, "p1 play human p1 wed")
    assert pile(s, "p1", "wed") == ["elf", "invisibility", "human"]
    s.turn = 0
    refused(s, "p1 play orc p1 wed", PLAYING, "not empty")  # one more, not two
