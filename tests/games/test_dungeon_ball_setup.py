"""Setup (rulebook "SETUP", steps 1-10) and the engine contract around it."""

import pytest

from companion.engine.core import Header, IllegalAction
from tests.games.dungeon_ball_table import engine, new_game, snapshot


def test_the_younger_player_calls_and_the_winner_elects():
    g = engine()
    s = g.new_state(Header("dungeon-ball", options={"teams": {"p1": "orcs", "p2": "trolls"}}))
    assert g.prompt(s).options == ("p1 call heads", "p1 call tails")
    g.apply(s, "p1 call tails")
    assert g.prompt(s).chance.verb == "coin"
    g.apply(s, "chance coin heads")  # p1 called wrong: p2 won the toss
    assert g.prompt(s).actor == "p2"
    g.apply(s, "p2 start offense")  # p2 takes offense, so p1 starts on defense
    p = g.prompt(s)
    assert p.actor == "p1" and p.kind == "endzone"
    g.apply(s, "p1 endzone high")
    assert s.player("p1").end_zone == "high" and s.player("p2").end_zone == "low"
    assert s.started_on_defense == "p1"


def test_first_drive_starts_on_the_offense_circle_with_down_one_and_momentum():
    g, s = new_game()
    assert s.offense == "p1"
    # p2 took the low end zone, so p1 defends high and starts on the football circle nearest it.
    assert s.ball == g.pack.field.start_high == 22
    assert s.down == 1
    # Three tokens each, plus one each at the beginning of the first drive.
    assert [p.momentum for p in s.players] == [4, 4]
    assert s.clock == 29 and s.half == 1
    assert [p.pawn for p in s.players] == ["b2", "b2"]


def test_kicking_is_chosen_per_player_before_the_game():
    g = engine()
    s = g.new_state(Header("dungeon-ball", options={"teams": {"p1": "orcs", "p2": "trolls"}}))
    for a in ("p1 call heads", "chance coin heads", "p1 start defense", "p1 endzone low"):
        g.apply(s, a)
    assert g.prompt(s).options == ("p1 kicking skill", "p1 kicking luck")
    g.apply(s, "p1 kicking skill")
    g.apply(s, "p2 kicking luck")
    assert (s.player("p1").kicking, s.player("p2").kicking) == ("skill", "luck")
    assert s.offense == "p2" and s.ball == 22


def test_teams_are_chosen_when_not_preset_and_cannot_be_shared():
    g = engine()
    s = g.new_state(Header("dungeon-ball"))
    g.apply(s, "p1 team orcs")
    assert "p2 team orcs" not in g.prompt(s).options
    before = snapshot(s)
    with pytest.raises(IllegalAction) as err:
        g.apply(s, "p2 team orcs")
    assert err.value.rule.startswith("Setup, 4")
    assert snapshot(s) == before
    g.apply(s, "p2 team slimes")
    assert sorted(s.player("p2").hand) == sorted(c.id for c in g.pack.teams_by_id["slimes"].cards)


def test_bad_header_options_are_refused_with_the_key():
    g = engine()
    with pytest.raises(ValueError, match=r"options.teams.p1: no team 'elves'"):
        g.new_state(Header("dungeon-ball", options={"teams": {"p1": "elves"}}))
    with pytest.raises(ValueError, match=r"options.kicking.p2"):
        g.new_state(Header("dungeon-ball", options={"kicking": {"p2": "magic"}}))


def test_acting_out_of_turn_names_whose_turn_it_is():
    g, s = new_game()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="it is p2's turn"):
        g.apply(s, "p1 defend red-1")
    assert snapshot(s) == before


def test_public_view_hides_the_defense_card_and_the_other_hand():
    g, s = new_game()
    g.apply(s, "p2 defend blue-2")
    offense_view = g.public_view(s, "p1")
    assert offense_view["play"]["defense_card"] == "hidden"
    assert offense_view["players"][1]["hand"] == 5  # p2's cards: only their number
    assert isinstance(offense_view["players"][0]["hand"], list)
    assert g.public_view(s, "p2")["play"]["defense_card"] == "blue-2"
    g.apply(s, "p1 move up")  # the reveal
    assert g.public_view(s, "p1")["play"]["defense_card"] == "blue-2"
