"""An audit of the engine against the rulebook's own words, as a player holding only the rulebook
would check it: set-up, turns, where each card goes, what it does, the end and the scoring. Each
test quotes the rule it checks."""

import pytest

from companion.engine.core import Header
from tests.games.dungeon_days.table import (
    DAYS,
    ENGINE,
    day_points,
    full_week,
    pile,
    play,
    refused,
    score,
    table,
)

PLAYING = "Playing a card"


def options(s) -> tuple[str, ...]:
    return ENGINE.prompt(s).options


# ---------------------------------------------------------------------------- set up and turns


def test_each_board_is_the_seven_days_monday_to_sunday_and_starts_empty():
    """'Lay out the 7 days of the week cards in front of each player from Monday to Sunday.'"""
    s = ENGINE.new_state(Header("dungeon-days", options={"players": 3}))
    assert DAYS == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    assert [len(x.board) for x in s.seats] == [7, 7, 7]
    assert all(p == [] for x in s.seats for p in x.board)
    assert [d["day"] for d in ENGINE.days(s, "p1")] == DAYS


def test_one_deck_of_39_play_cards_for_two_players():
    """'39 play cards.' ... 'using 1 deck for 2 players, more if you have more players.'"""
    two = ENGINE.new_state(Header("dungeon-days", options={"players": 2}))
    three = ENGINE.new_state(Header("dungeon-days", options={"players": 3}))
    assert len(two.deck) == 39
    assert len(three.deck) > 39 and len(three.deck) % 39 == 0


def test_a_draw_is_the_whole_turn():
    """'Each turn, you take one action: 1. Draw a card OR 2. Play a card'."""
    s = table(hands={"p1": ["human"]})
    play(s, "p1 draw")
    play(s, "chance draw elf")
    assert sorted(s.seat("p1").hand) == ["elf", "human"]
    assert ENGINE.prompt(s).actor == "p2"
    refused(s, "p1 play human p1 mon", "turn order")


def test_there_is_no_hand_limit():
    """'There is no hand limit.'"""
    big = ["human"] * 4 + ["orc"] * 3 + ["troll"] * 3 + ["elf"] * 3 + ["dwarf"] * 3 + ["halfling"] * 3
    s = table(hands={"p1": big})
    assert "p1 draw" in options(s)
    play(s, "p1 draw")
    play(s, "chance draw dragon")
    assert len(s.seat("p1").hand) == len(big) + 1


# ---------------------------------------------------------------------------- which board


@pytest.mark.parametrize("card", ["human", "dwarf", "elf", "pixie", "orc", "troll", "goblin", "mimic"])
def test_a_creature_without_on_any_board_is_refused_on_another_board(card):
    """'Only when a card says ON ANY BOARD can it also be played on another player's board'."""
    # the opponent's board would satisfy every placement condition on Wednesday
    s = table(boards={"p2": {"tue": ["human"], "thu": ["human"]}}, hands={"p1": [card]})
    refused(s, f"p1 play {card} p2 wed", PLAYING, "ON ANY BOARD")
    assert not [o for o in options(s) if " p2 " in o]


@pytest.mark.parametrize(
    "card, day, pile_after",
    [
        ("dragon", "wed", ["dragon"]),
        ("medusa", "wed", ["medusa"]),
        ("halfling", "tue", ["elf", "halfling"]),
    ],
)
def test_cards_that_say_any_board_go_on_an_opponents_board(card, day, pile_after):
    """'Only when a card says ON ANY BOARD can it also be played on another player's board'
    (Dragon, Medusa, Halfling: 'on any board')."""
    s = table(boards={"p2": {"tue": ["elf"]}}, hands={"p1": [card]})
    play(s, f"p1 play {card} p2 {day}")
    assert pile(s, "p2", day) == pile_after and card not in s.seat("p1").hand


def test_a_card_that_does_not_say_on_top_goes_on_an_empty_day():
    """'If it does not say ON TOP OF or ON, then it must usually be placed on an eligible empty day.'"""
    s = table(
        boards={"p1": {"mon": ["elf"], "tue": ["human"], "wed": ["boulder"]}},
        hands={"p1": ["mimic", "medusa", "goblin"]},
    )
    refused(s, "p1 play mimic p1 tue", PLAYING, "not empty")
    refused(s, "p1 play medusa p1 mon", PLAYING, "not empty")
    refused(s, "p1 play goblin p1 wed", "The Cards: BOULDER TRAP", "blocked")


# ---------------------------------------------------------------------------- the spells


def test_terror_on_your_full_day_clears_it_and_the_same_day_elsewhere_and_is_discarded():
    """SPELL OF TERROR: 'It can be played on a full day to remove an annoying low scoring creature
    from your board whilst also causing creatures to be removed from other boards ... Discard this
    card after use.'"""
    s = table(
        players=3,
        boards={
            "p1": {"thu": ["human"], "fri": ["elf"]},
            "p2": {"thu": ["elf", "invisibility", "orc"]},
            "p3": {"thu": ["dragon"], "wed": ["troll"]},
        },
        hands={"p1": ["terror"]},
    )
    play(s, "p1 play terror p1 thu")
    assert [pile(s, x, "thu") for x in ("p1", "p2", "p3")] == [[], [], []]
    assert pile(s, "p1", "fri") == ["elf"] and pile(s, "p3", "wed") == ["troll"]
    assert "terror" in s.discard and "terror" not in s.seat("p1").hand
    assert score(s, "p2") == 0 and score(s, "p3") == 3


def test_transportation_swaps_with_any_other_board_only_that_day_and_is_discarded():
    """SPELL OF TRANSPORTATION: 'You swap all creatures on any day on your board with all creatures
    on the same day on any other board.  Discard this card after use.'"""
    s = table(
        players=4,
        boards={"p1": {"fri": ["human"], "sat": ["elf"]}, "p4": {"fri": ["dragon"], "sat": ["orc"]}},
        hands={"p1": ["transportation"]},
    )
    play(s, "p1 play transportation p4 fri")
    assert pile(s, "p1", "fri") == ["dragon"] and pile(s, "p4", "fri") == ["human"]
    assert pile(s, "p1", "sat") == ["elf"] and pile(s, "p4", "sat") == ["orc"]
    assert score(s, "p1") == 7 + 4 and score(s, "p4") == 1 + 3
    assert s.discard == ["transportation"]


def test_transformation_steals_a_high_creature_and_the_opponent_scores_the_one_given():
    """SPELL OF TRANSFORMATION: 'On an opponent, can steal a high value creature to your hand.'"""
    s = table(boards={"p2": {"sun": ["dragon"]}}, hands={"p1": ["transformation", "human"]})
    assert score(s, "p2") == 7
    play(s, "p1 play transformation p2 sun dragon human")
    assert score(s, "p2") == 1 and s.seat("p1").hand == ["dragon"]
    assert s.discard == ["transformation"]


def test_transformation_then_dragon_steals_the_dragon_back():
    """DRAGON: 'If you have the means to steal the dragon back with a spell, this could be a
    powerful combination of moves.'"""
    s = table(
        boards={"p1": {"tue": ["human"]}, "p2": {"mon": ["dragon"], "wed": ["elf"]}},
        hands={"p1": ["transformation", "human"]},
    )
    play(s, "p1 play transformation p2 mon dragon human")
    s.turn = 0
    play(s, "p1 play dragon p2 tue")
    assert pile(s, "p2", "mon") == [] and pile(s, "p2", "wed") == []  # a human given back is cleared too
    assert pile(s, "p1", "tue") == ["human"]


def test_invisibility_stays_on_the_board_and_is_not_discarded():
    """SPELL OF INVISIBILITY: 'Play on top of any creature on your own board, leaving the card there.'"""
    s = table(boards={"p1": {"mon": ["orc"]}}, hands={"p1": ["invisibility"]})
    play(s, "p1 play invisibility p1 mon")
    assert pile(s, "p1", "mon") == ["orc", "invisibility"] and s.discard == []
    assert score(s, "p1") == 3


def test_invisibility_needs_a_creature_not_a_boulder():
    """SPELL OF INVISIBILITY: 'Play on top of any creature on your own board'."""
    s = table(boards={"p1": {"mon": ["boulder"]}}, hands={"p1": ["invisibility"]})
    refused(s, "p1 play invisibility p1 mon", "The Cards: SPELL OF INVISIBILITY")


def test_invisibility_lets_a_further_creature_with_conditions_onto_the_day():
    """SPELL OF INVISIBILITY: 'This then enables a further creature to be played on this day on
    future turns.'  (A Pixie beside a Human, on the day the Invisibility made room on.)"""
    s = table(boards={"p1": {"mon": ["human"], "tue": ["elf"]}}, hands={"p1": ["invisibility", "pixie"]})
    refused(s, "p1 play pixie p1 tue", PLAYING, "not empty")
    play(s, "p1 play invisibility p1 tue")
    s.turn = 0
    play(s, "p1 play pixie p1 tue")
    assert pile(s, "p1", "tue") == ["elf", "invisibility", "pixie"]
    assert score(s, "p1") == 1 + 4 + 5


# ---------------------------------------------------------------------------- the traps


def test_the_lava_trap_removes_an_opponents_high_creature_and_is_discarded():
    """LAVA TRAP: 'Can remove a low value creature from your board, or a high value one from an
    opponent.  Discard this card after use.'"""
    s = table(boards={"p2": {"wed": ["pixie"]}}, hands={"p1": ["lava"]})
    play(s, "p1 play lava p2 wed")
    assert pile(s, "p2", "wed") == [] and score(s, "p2") == 0
    assert sorted(s.discard) == ["lava", "pixie"] and s.seat("p1").hand == []


def test_the_lava_trap_needs_a_creature_not_a_boulder_or_an_empty_day():
    """LAVA TRAP: 'Play on top of any top creature on any board other than the dragon'."""
    s = table(boards={"p2": {"wed": ["boulder"]}}, hands={"p1": ["lava"]})
    refused(s, "p1 play lava p2 wed", "The Cards: LAVA TRAP")
    refused(s, "p1 play lava p2 thu", "The Cards: LAVA TRAP")


def test_the_lava_trap_removes_a_sprite_lying_on_the_dragon():
    """LAVA TRAP: 'Play on top of any top creature on any board other than the dragon, removing it'
    (the top creature here is the Sprite, not the Dragon)."""
    s = table(boards={"p2": {"wed": ["dragon", "sprite"]}}, hands={"p1": ["lava"]})
    play(s, "p1 play lava p2 wed")
    assert pile(s, "p2", "wed") == ["dragon"]


def test_a_boulder_stays_and_blocks_the_day_for_the_whole_game():
    """BOULDER TRAP: 'Play on any empty day on an opponent's board leaving it there.  This blocks
    this day for the whole game'."""
    s = table(
        players=3, boards={"p2": {"mon": ["elf"]}}, hands={"p1": ["boulder", "terror"], "p3": ["goblin"]}
    )
    play(s, "p1 play boulder p2 tue")
    assert pile(s, "p2", "tue") == ["boulder"] and "boulder" not in s.discard
    play(s, "p2 draw")
    play(s, "chance draw transportation")
    play(s, "p3 play goblin p3 tue")
    assert pile(s, "p2", "tue") == ["boulder"]
    play(s, "p1 play terror p1 tue")
    assert pile(s, "p2", "tue") == ["boulder"]
    s.turn = 1
    refused(s, "p2 play transportation p3 tue", "The Cards: SPELL OF TRANSPORTATION", "Boulder")


def test_two_boulders_mean_five_creatures_complete_the_week():
    """BOULDER TRAP: 'they need one less card than usual to complete their week because of this
    card blocking a day.'  Game End: 'unless they have days blocked by the Boulder Trap.'"""
    board = {**full_week("tue", "thu", "sun", card="orc"), "tue": ["boulder"], "thu": ["boulder"]}
    s = table(boards={"p1": board}, hands={"p1": ["human"]})
    play(s, "p1 play human p1 sun")
    assert s.over and s.ended == "p1 filled the week"
    assert score(s, "p1") == 4 * 3 + 1


# ---------------------------------------------------------------------------- the creatures


@pytest.mark.parametrize(
    "card, points",
    [
        ("dragon", 7),
        ("dwarf", 4),
        ("elf", 4),
        ("pixie", 5),
        ("human", 1),
        ("medusa", 2),
        ("orc", 3),
        ("troll", 3),
        ("goblin", 2),
    ],
)
def test_each_creature_scores_its_printed_points(card, points):
    """'A seven-point creature' (Dragon), 'A four-point creature' (Dwarf, Elf), 'A five-point
    creature' (Pixie), 'A one-point creature' (Human), 'A two-point creature' (Medusa, Goblin),
    'A three-point creature' (Orc, Troll)."""
    s = table(boards={"p1": {"wed": [card]}})
    assert day_points(s, "p1", "wed")[0] == points
    assert score(s, "p1") == points


def test_the_dragon_on_your_own_board_removes_low_creatures_you_were_given():
    """DRAGON: 'Play on any day on any board.  Removes creatures from adjacent days.  On your own
    board, best played early or to remove low scoring creatures you may have been given.'"""
    s = table(
        boards={"p1": {"mon": ["human"], "wed": ["elf", "halfling"], "fri": ["orc"]}},
        hands={"p1": ["dragon"]},
    )
    play(s, "p1 play dragon p1 tue")
    assert pile(s, "p1", "mon") == [] and pile(s, "p1", "wed") == [] and pile(s, "p1", "fri") == ["orc"]
    assert score(s, "p1") == 7 + 3
    assert sorted(s.discard) == ["elf", "halfling", "human"]


def test_a_dragon_beside_two_blocked_days_completes_the_opponents_week():
    """DRAGON: 'may stop them finishing by removing both adjacent days' creatures' - but a
    blocked day has no creature to remove, and Game End: 'every day of the week possible'."""
    board = {**full_week("fri", "sat", "sun", card="elf"), "fri": ["boulder"], "sun": ["boulder"]}
    s = table(boards={"p2": board}, hands={"p1": ["dragon"]})
    play(s, "p1 play dragon p2 sat")
    assert pile(s, "p2", "fri") == ["boulder"] and pile(s, "p2", "sun") == ["boulder"]
    assert s.over and s.ended == "p2 filled the week" and s.winner == "p2"


def test_dwarf_and_elf_are_checked_only_against_your_own_board():
    """DWARF: 'Play on any day on your own board but not next to an Elf when first placed.'
    (An Elf on the same day of an opponent's board is not next to it.)"""
    s = table(boards={"p2": {"mon": ["elf"], "tue": ["elf"], "wed": ["elf"]}}, hands={"p1": ["dwarf"]})
    play(s, "p1 play dwarf p1 tue")
    assert pile(s, "p1", "tue") == ["dwarf"]


def test_an_elf_is_refused_between_two_dwarves_but_fine_two_days_away():
    """ELF: 'Play on any day on your own board but not next to a Dwarf when first placed.'"""
    s = table(boards={"p1": {"mon": ["dwarf"], "wed": ["dwarf"]}}, hands={"p1": ["elf"]})
    refused(s, "p1 play elf p1 tue", "The Cards: ELF", "next to a Dwarf")
    refused(s, "p1 play elf p1 thu", "The Cards: ELF", "next to a Dwarf")
    play(s, "p1 play elf p1 fri")
    assert pile(s, "p1", "fri") == ["elf"]


def test_a_pixie_needs_the_human_on_its_own_board():
    """PIXIE: 'can be played on your own board.  Must be placed to the immediate left or right of a
    human or halfling.'"""
    s = table(boards={"p2": {"tue": ["human"]}, "p1": {"thu": ["elf"]}}, hands={"p1": ["pixie"]})
    refused(s, "p1 play pixie p1 wed", "The Cards: PIXIE")  # p2's Tuesday Human does not count
    refused(s, "p1 play pixie p2 wed", PLAYING, "ON ANY BOARD")


def test_a_halfling_cancels_an_opponents_high_score():
    """HALFLING: 'Play on top of any creature on any board, cancelling their score ... Play to
    reduce an opponent's score down'."""
    s = table(boards={"p2": {"thu": ["pixie"], "fri": ["human"]}}, hands={"p1": ["halfling"]})
    assert score(s, "p2") == 6
    play(s, "p1 play halfling p2 thu")
    assert pile(s, "p2", "thu") == ["pixie", "halfling"] and score(s, "p2") == 1


def test_a_halfling_must_go_on_a_creature():
    """'When a card says ON TOP OF or ON ... the card MUST be placed on top of another card'
    (HALFLING: 'Play on top of any creature')."""
    s = table(boards={"p2": {"thu": ["boulder"]}}, hands={"p1": ["halfling"]})
    refused(s, "p1 play halfling p2 thu", "The Cards: HALFLING")
    refused(s, "p1 play halfling p1 thu", "The Cards: HALFLING")


def test_the_medusa_frees_scores_under_halflings_and_removes_low_humans_only_on_her_board():
    """MEDUSA: 'Removes all humans and halflings from the board.  Can be played on your day to free
    up scores under halflings and remove low-scoring humans.'"""
    s = table(
        boards={
            "p1": {"mon": ["pixie", "halfling"], "tue": ["human"], "thu": ["elf"]},
            "p2": {"mon": ["human"], "tue": ["orc", "halfling"]},
        },
        hands={"p1": ["medusa"]},
    )
    assert score(s, "p1") == 0 + 1 + 4
    play(s, "p1 play medusa p1 wed")
    assert pile(s, "p1", "mon") == ["pixie"] and pile(s, "p1", "tue") == []
    assert score(s, "p1") == 5 + 2 + 4
    assert pile(s, "p2", "mon") == ["human"] and pile(s, "p2", "tue") == ["orc", "halfling"]
    assert sorted(s.discard) == ["halfling", "human"]


def test_orc_and_troll_need_a_creature_not_a_boulder_beside_them():
    """ORC: 'Play to the immediate left of any other creature on your board.'  TROLL: 'Play to the
    immediate right of any other creature on your board.'"""
    s = table(boards={"p1": {"wed": ["boulder"]}}, hands={"p1": ["orc", "troll"]})
    refused(s, "p1 play orc p1 tue", "The Cards: ORC")
    refused(s, "p1 play troll p1 thu", "The Cards: TROLL")


def test_orc_and_troll_need_the_creature_on_their_own_board():
    """ORC: 'Play to the immediate left of any other creature on your board.'"""
    s = table(boards={"p2": {"wed": ["elf"], "mon": ["elf"]}}, hands={"p1": ["orc", "troll"]})
    refused(s, "p1 play orc p1 tue", "The Cards: ORC")
    refused(s, "p1 play troll p1 tue", "The Cards: TROLL")


def test_a_sprite_adds_six_to_the_day_it_lies_on():
    """SPRITE: 'A six-point creature.  Play on top of any creature on your board to add its score to
    this day.'"""
    s = table(boards={"p1": {"sat": ["dwarf"]}}, hands={"p1": ["sprite"]})
    play(s, "p1 play sprite p1 sat")
    assert pile(s, "p1", "sat") == ["dwarf", "sprite"]
    assert day_points(s, "p1", "sat")[0] == 10 and score(s, "p1") == 10


def test_a_sprite_needs_a_creature_under_it():
    """SPRITE: 'Play on top of any creature on your board'."""
    s = table(boards={"p1": {"sat": ["boulder"]}}, hands={"p1": ["sprite"]})
    refused(s, "p1 play sprite p1 sat", "The Cards: SPRITE")
    refused(s, "p1 play sprite p1 sun", "The Cards: SPRITE")


def test_the_goblin_scares_other_boards_only_and_may_finish_your_own_week():
    """GOBLIN: 'Play on any day to scare away any creatures on the same day on all other boards.'
    Game End: 'The game ends when one player has creature, on every day of the week possible.'"""
    s = table(
        players=3,
        boards={
            "p1": full_week("sun", card="human"),
            "p2": {"sun": ["dragon"], "sat": ["elf"]},
            "p3": {"sun": ["pixie"]},
        },
        hands={"p1": ["goblin"]},
    )
    play(s, "p1 play goblin p1 sun")
    assert pile(s, "p1", "sat") == ["human"] and pile(s, "p1", "sun") == ["goblin"]
    assert pile(s, "p2", "sun") == [] and pile(s, "p3", "sun") == [] and pile(s, "p2", "sat") == ["elf"]
    assert s.over and s.ended == "p1 filled the week" and s.winner == "p1"


def test_the_mimic_scores_a_neighbour_at_scoring_time():
    """MIMIC: 'At scoring, you choose which creature to the immediate left or right is the mimic's
    score.'  (Its points follow what lies beside it when the scores are added.)"""
    s = table(boards={"p1": {"wed": ["mimic"], "thu": ["human"]}}, hands={"p1": ["troll"]})
    assert day_points(s, "p1", "wed")[0] == 1
    play(s, "p1 play troll p1 fri")  # not beside the Mimic: nothing changes
    assert day_points(s, "p1", "wed")[0] == 1
    s.turn = 0
    s.seat("p1").hand = ["orc"]
    play(s, "p1 play orc p1 tue")  # left of the Mimic: the Orc's 3 is the better choice
    assert day_points(s, "p1", "wed")[0] == 3
    assert score(s, "p1") == 3 + 3 + 1 + 3


# ---------------------------------------------------------------------------- the end


def test_the_player_who_fills_the_week_does_not_always_win():
    """Game End: 'The game ends when one player has creature, on every day ... You then add up the
    scores to see who wins.'"""
    s = table(
        boards={"p1": full_week("sun", card="human"), "p2": {"mon": ["dragon"], "tue": ["elf"]}},
        hands={"p1": ["human"]},
    )
    events = play(s, "p1 play human p1 sun")
    assert s.over and s.ended == "p1 filled the week"
    assert events[-1]["scores"] == {"p1": 7, "p2": 11} and s.winner == "p2"


def test_a_game_does_not_end_while_a_day_is_empty():
    """Game End: 'a creature on every day of the week possible.  Usually this is seven days'."""
    s = table(boards={"p1": full_week("sat", "sun", card="elf")}, hands={"p1": ["human"]})
    play(s, "p1 play human p1 sat")
    assert not s.over and ENGINE.prompt(s).actor == "p2"


def test_the_tie_break_is_among_the_tied_leaders_only():
    """Game End: 'In the event of a tie, the player with the most cards on their board wins.'
    (A third player with more cards but fewer points does not win.)"""
    s = table(
        players=3,
        boards={
            "p1": full_week("sun", card="human"),
            "p2": {"mon": ["human", "invisibility", "human"], "tue": ["elf"], "wed": ["human"]},
            "p3": {d: ["human", "halfling"] for d in ("mon", "tue", "wed", "thu", "fri")},
        },
        hands={"p1": ["human"]},
    )
    play(s, "p1 play human p1 sun")
    summary = ENGINE.summary(s)
    assert summary["scores"] == {"p1": 7, "p2": 7, "p3": 0}
    assert summary["cards_on_board"] == {"p1": 7, "p2": 5, "p3": 10}
    assert s.winner == "p1" and not s.draw


def test_the_game_ends_on_the_play_and_no_one_acts_after():
    """Game End: 'The game ends when one player has creature, on every day of the week possible.'"""
    s = table(
        boards={"p2": full_week("fri", card="orc")}, hands={"p2": ["troll"], "p1": ["human"]}, turn="p2"
    )
    play(s, "p2 play troll p2 fri")
    assert s.over and ENGINE.legal_actions(s) == []
    refused(s, "p1 play human p1 mon", "Game End")


# ---------------------------------------------------------------------------- the Mimic beside an Invisibility


def test_a_mimic_may_choose_the_uncovered_creature_under_an_invisibility():
    """MIMIC: 'At scoring, you choose which creature to the immediate left or right is the mimic's
    score.'  (The Elf under the Invisibility is uncovered and scores, so it is a creature beside
    the Mimic.)"""
    s = table(boards={"p1": {"mon": ["elf", "invisibility", "human"], "tue": ["mimic"]}})
    points, said = day_points(s, "p1", "tue")
    assert points == 4 and "=ELF" in said.upper(), said
    s = table(boards={"p1": {"mon": ["human", "invisibility", "elf"], "tue": ["mimic"]}})
    assert day_points(s, "p1", "tue")[0] == 4  # the better one, whichever lies on top
