"""The quick parts of a turn's prompt, held to the plain reading of the rules they replace:
``arrangement`` (one pass over the team) against the players forward and the first heavy
player on the court counted the long way, on random games and on made courts."""

from __future__ import annotations

import pytest

from companion.games.dodgeball.state import OFF, OUT
from companion.games.dodgeball.turns import arrangement
from tests.games.dodgeball.court import ENGINE, court, play
from tests.games.dodgeball.test_turn_options import ADVANCED, turn_prompts


def counted(g, coach) -> tuple[int, str]:
    """The players forward and the first player on court over the ball limit, the long way."""
    heavy = [p for p in coach.on_court() if coach.balls[p] > g.pack.rules.balls_max]
    return len(coach.in_zone(OFF)), heavy[0] if heavy else ""


@pytest.mark.parametrize("options", [{}, ADVANCED], ids=["basic", "advanced"])
def test_the_arrangement_is_the_players_forward_and_the_first_heavy_player_on_court(options):
    seen = 0
    for s, _ in turn_prompts(options):
        for coach in s.coaches:
            assert arrangement(ENGINE, coach) == counted(ENGINE, coach), s.turn
            seen += 1
    assert seen >= 100, seen


def test_a_player_out_holds_back_nothing_and_the_first_heavy_player_in_team_order_is_named():
    g, s = court(strays=(6, 3))
    me = s.coach("p1")
    first, second, gone = me.players[1], me.players[3], me.players[4]
    me.balls[gone], me.zone[gone] = 3, OUT  # made: an eliminated player holds no ball in play
    assert arrangement(g, me) == (1, "")
    play(g, s, *[f"p1 give {p}" for p in (second, second, second, first, first, first)])
    assert arrangement(g, me) == (1, first) == counted(g, me)
    assert g.prompt(s).text == f"{first}: 3 balls, max 2"
    play(g, s, *[f"p1 forward {p}" for p in me.players if p != gone and me.zone[p] != OFF])
    assert arrangement(g, me) == (5, first)
    assert g.prompt(s).text == "5 forward, max 4"  # the zone's limit is said first
