"""Where each creature may go: the rulebook's "Playing a card" and each card's own rule. Every
refusal names the rule and leaves the state's bytes unchanged."""

from tests.games.dungeon_days.table import pile, play, refused, table

PLAYING = "Playing a card"


def test_a_creature_goes_on_an_empty_day_of_your_own_board():
    s = table(hands={"p1": ["human", "human"]})
    play(s, "p1 play human p1 mon")
    assert pile(s, "p1", "mon") == ["human"] and s.seat("p1").hand == ["human"]
    refused(s, "p1 play human p1 tue", "turn order", "p2's turn")  # one action a turn
    assert s.turn == 1


def test_a_creature_may_not_go_on_another_board_unless_it_says_on_any_board():
    s = table(hands={"p1": ["human"]})
    refused(s, "p1 play human p2 mon", PLAYING, "ON ANY BOARD")


def test_a_creature_may_not_go_on_a_day_that_is_not_empty():
    s = table(boards={"p1": {"mon": ["elf"]}}, hands={"p1": ["human"]})
    refused(s, "p1 play human p1 mon", PLAYING, "not empty")


def test_a_card_not_in_hand_is_refused():
    s = table(hands={"p1": ["human"]})
    refused(s, "p1 play dragon p1 mon", PLAYING, "no Dragon in hand")


def test_a_dwarf_is_not_placed_next_to_an_elf_and_the_reverse():
    s = table(boards={"p1": {"tue": ["elf"], "fri": ["dwarf"]}}, hands={"p1": ["dwarf", "elf"]})
    refused(s, "p1 play dwarf p1 mon", "The Cards: DWARF", "next to an Elf")
    refused(s, "p1 play dwarf p1 wed", "The Cards: DWARF")
    refused(s, "p1 play elf p1 sat", "The Cards: ELF", "next to a Dwarf")
    play(s, "p1 play dwarf p1 thu")  # two days from the Elf: fine
    assert pile(s, "p1", "thu") == ["dwarf"]


def test_dwarf_and_elf_only_matter_when_first_placed():
    """'when first placed': an Elf moved beside a Dwarf later stays."""
    s = table(boards={"p1": {"mon": ["dwarf"]}, "p2": {"tue": ["elf"]}}, hands={"p1": ["transportation"]})
    play(s, "p1 play transportation p2 tue")
    assert pile(s, "p1", "tue") == ["elf"] and pile(s, "p1", "mon") == ["dwarf"]


def test_a_pixie_goes_beside_a_human_or_a_halfling():
    boards = {"p1": {"tue": ["human"], "sat": ["elf", "halfling"]}}
    for day in ("mon", "wed", "thu", "fri", "sun"):
        t = table(boards=boards, hands={"p1": ["pixie"]})
        if day == "thu":
            refused(t, f"p1 play pixie p1 {day}", "The Cards: PIXIE", "Human or a Halfling")
        else:
            play(t, f"p1 play pixie p1 {day}")
            assert pile(t, "p1", day) == ["pixie"]


def test_a_halfling_gives_yourself_the_ability_to_play_a_pixie():
    s = table(boards={"p1": {"wed": ["orc"]}}, hands={"p1": ["halfling", "pixie"]})
    refused(s, "p1 play pixie p1 thu", "The Cards: PIXIE")
    play(s, "p1 play halfling p1 wed")
    s.turn = 0
    play(s, "p1 play pixie p1 thu")
    assert pile(s, "p1", "thu") == ["pixie"]


def test_an_orc_goes_immediately_left_of_another_creature_a_troll_immediately_right():
    s = table(boards={"p1": {"wed": ["elf"]}}, hands={"p1": ["orc", "troll"]})
    refused(s, "p1 play orc p1 mon", "The Cards: ORC", "immediately left")
    refused(s, "p1 play orc p1 thu", "The Cards: ORC")
    refused(s, "p1 play troll p1 tue", "The Cards: TROLL", "immediately right")
    play(s, "p1 play orc p1 tue")
    s.turn = 0
    play(s, "p1 play troll p1 thu")
    assert pile(s, "p1", "tue") == ["orc"] and pile(s, "p1", "thu") == ["troll"]


def test_the_days_run_in_a_line_sunday_is_not_next_to_monday():
    s = table(boards={"p1": {"tue": ["elf"]}}, hands={"p1": ["troll"]})
    refused(s, "p1 play troll p1 mon", "The Cards: TROLL", "line")  # nothing beyond Monday to its left
    t = table(boards={"p1": {"sun": ["elf"]}}, hands={"p1": ["troll", "orc"]})
    refused(t, "p1 play troll p1 mon", "The Cards: TROLL", "line")  # Sunday is not left of Monday
    t = table(boards={"p1": {"mon": ["elf"]}}, hands={"p1": ["orc"]})
    refused(t, "p1 play orc p1 sun", "The Cards: ORC", "line")  # Monday is not right of Sunday
    t = table(boards={"p1": {"mon": ["elf"]}}, hands={"p1": ["dwarf"]})
    play(t, "p1 play dwarf p1 sun")  # the Elf on Monday is not beside Sunday
    t = table(boards={"p1": {"mon": ["human"]}}, hands={"p1": ["pixie"]})
    refused(t, "p1 play pixie p1 sun", "The Cards: PIXIE")


def test_a_sprite_goes_on_top_of_a_creature_on_your_own_board():
    s = table(boards={"p1": {"mon": ["elf"]}, "p2": {"mon": ["elf"]}}, hands={"p1": ["sprite"]})
    refused(s, "p1 play sprite p1 tue", "The Cards: SPRITE", "on top of a creature")
    refused(s, "p1 play sprite p2 mon", PLAYING, "ON ANY BOARD")
    play(s, "p1 play sprite p1 mon")
    assert pile(s, "p1", "mon") == ["elf", "sprite"]


def test_a_halfling_goes_on_top_of_a_creature_on_any_board():
    s = table(boards={"p2": {"fri": ["dragon"]}}, hands={"p1": ["halfling"]})
    refused(s, "p1 play halfling p2 thu", "The Cards: HALFLING", "on top of a creature")
    refused(s, "p1 play halfling p1 fri", "The Cards: HALFLING")
    play(s, "p1 play halfling p2 fri")
    assert pile(s, "p2", "fri") == ["dragon", "halfling"]


def test_a_medusa_goes_on_an_empty_day_of_any_board():
    s = table(boards={"p2": {"mon": ["elf"]}}, hands={"p1": ["medusa"]})
    refused(s, "p1 play medusa p2 mon", PLAYING, "not empty")
    play(s, "p1 play medusa p2 tue")
    assert pile(s, "p2", "tue") == ["medusa"]


def test_the_dragon_goes_on_any_empty_day_of_any_board_not_an_occupied_one():
    """'Play on any day on any board': any day a creature may take (docs: Rulings)."""
    s = table(boards={"p2": {"wed": ["human"]}}, hands={"p1": ["dragon"]})
    refused(s, "p1 play dragon p2 wed", PLAYING, "not empty")
    play(s, "p1 play dragon p2 thu")
    assert pile(s, "p2", "thu") == ["dragon"]


def test_the_goblin_goes_on_an_empty_day_of_your_own_board():
    s = table(boards={"p1": {"wed": ["human"]}}, hands={"p1": ["goblin"]})
    refused(s, "p1 play goblin p1 wed", PLAYING, "not empty")
    refused(s, "p1 play goblin p2 wed", PLAYING, "ON ANY BOARD")


def test_a_mimic_goes_on_any_empty_day_of_your_own_board():
    s = table(hands={"p1": ["mimic"]})
    refused(s, "p1 play mimic p2 sun", PLAYING)
    play(s, "p1 play mimic p1 sun")
    assert pile(s, "p1", "sun") == ["mimic"]


def test_a_refusal_names_a_bad_board_or_day():
    s = table(hands={"p1": ["human"]})
    refused(s, "p1 play human p3 mon", PLAYING, "not a board")
    refused(s, "p1 play human p1 someday", PLAYING, "not a day")
    refused(s, "p1 play human p1", PLAYING, "a play is")
    refused(s, "p1 play goblet p1 mon", PLAYING, "not a Dungeon Days card")


def test_refusals_say_a_or_an_as_the_card_name_needs():
    """ "an Elf", "a Troll", "an Orc", "a Dwarf", never "a Elf" or "an Troll"."""
    s = table(boards={"p1": {"tue": ["dwarf"]}}, hands={"p1": ["elf", "troll", "orc", "invisibility"]})
    assert "an Elf is not placed next to a Dwarf" in refused(s, "p1 play elf p1 wed", "The Cards: ELF").reason
    assert refused(s, "p1 play troll p1 mon", "The Cards: TROLL").reason.startswith(
        "a Troll goes immediately right"
    )
    assert refused(s, "p1 play orc p1 wed", "The Cards: ORC").reason.startswith(
        "an Orc goes immediately left"
    )
    assert refused(s, "p1 play elf p2 mon", "Playing a card").reason.startswith(
        "an Elf goes on your own board"
    )
