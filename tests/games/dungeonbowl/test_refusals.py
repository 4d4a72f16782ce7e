"""A refusal names the rule the action breaks, not the turn order when the coach's counters or
inducements are what is spent."""

from tests.games.dungeonbowl.table import (
    SETUP,
    new,
    play,
    prompt,
    refused,
    to_first_turn,
)

PITS = "PIT TRAPS OR BOTTOMLESS PITS"


def test_a_fourth_trap_is_refused_as_a_spent_counter():
    """ "each coach gets 3 pit trap counters": once P1's are down, another is refused naming the
    pit traps' rule, whoever is being asked."""
    s = new()
    play(s, *SETUP)
    while prompt(s).kind == "place_trap":
        play(s, prompt(s).options[0])
    assert prompt(s).kind == "starters" and prompt(s).actor == "p1"
    refused(s, "p1 place-trap 9", "p1 has placed all 3 of its pit trap counters", PITS)
    refused(s, "p2 place-trap 9", "p2 has placed all", PITS)  # P2 bought two more: five in all
    refused(s, "p1 buy apothecary", "inducements are bought once", "INDUCEMENTS")


def test_a_second_apothecary_is_refused_as_none_left():
    s = to_first_turn(inducements=["p1 buy apothecary"])
    play(
        s,
        "p1 end-turn",
        "p2 wall",
        "p2 pushed p1#2",
        "p1 av 7",
        "chance roll 4 4",
        "chance roll 4 4",
        "p1 apothecary",
    )
    play(s, "p2 wall", "p2 pushed p1#3", "p1 av 7", "chance roll 4 4", "chance roll 4 4")
    refused(s, "p1 apothecary", "p1 has no apothecary left (1 used, 1 bought)", "INJURED PLAYERS")


def test_regeneration_for_a_team_without_it_is_refused_naming_the_option():
    """P2 has an apothecary and no Regeneration: the question offers the apothecary, and a typed
    "regenerate" (or "igor") says why not rather than listing the legal lines."""
    s = to_first_turn()
    s.team("p2").apothecaries = 1
    play(s, "p1 wall", "p1 pushed p2#2", "p2 av 7", "chance roll 4 4", "chance roll 6 6", "chance roll 6 1")
    assert prompt(s).options == ("p2 apothecary", "p2 accept")
    for line in ("p2 regenerate", "p2 igor"):
        refused(s, line, "p2's team has no players with Regeneration", "INJURED PLAYERS (Regeneration)")
