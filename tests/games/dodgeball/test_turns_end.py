"""Organising is free until the coach is done, and only the arrangement then is held to the
limits; whole games under every rule set end, whoever plays them."""

import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dodgeball.policies import CoachPolicy, RandomPolicy
from companion.games.dodgeball.turns import MOVES
from tests.games.dodgeball.court import ENGINE, court, play, refused

ORG = "Organize"
DAWDLE = 12  # the organising moves a dawdling coach makes before it lets itself finish


def test_organising_is_free_until_the_coach_is_done():
    """ "The coach can freely move around all their players": a player goes forward and back
    again, a ball is given, put down and given again; only the arrangement at the throw counts."""
    g, s = court(strays=(4, 3))
    play(g, s, "p1 forward tomas", "p1 back tomas", "p1 forward tomas")
    play(
        g,
        s,
        "p1 give rita",
        "p1 drop rita",
        "p1 give rita",
        "p1 give tomas",
        "p1 give tomas",
        "p1 give tomas",
    )
    refused(g, s, "p1 end", "tomas holds 3 balls: at most 2 a player when organising is done", ORG)
    play(g, s, "p1 drop tomas", "p1 back rita", "p1 forward rita", "p1 throw tomas vix")
    assert s.coach("p1").balls == {**s.coach("p1").balls, "rita": 1, "tomas": 1}


class Dawdler(RandomPolicy):
    """Organises whenever it may, up to DAWDLE moves a turn (a person does finish), then plays
    at random."""

    turn, made = -1, 0

    def __call__(self, engine, view, prompt):
        if view.get("turn") != self.turn:
            self.turn, self.made = view.get("turn"), 0
        moves = [o for o in prompt.options or () if o.split()[1] in MOVES]
        if moves and (self.made < DAWDLE or len(moves) == len(prompt.options)):
            self.made += 1
            return moves[int(self.rng.random() * len(moves))]
        return super().__call__(engine, view, prompt)


ADVANCED = {k: True for k in ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards")}
RULESETS = (
    {},
    {"cards": "table"},
    ADVANCED,
    {**ADVANCED, "draft": True},
    {**ADVANCED, "cards": "table", "build": True},
)
SEATS = (
    (RandomPolicy, RandomPolicy),
    (Dawdler, RandomPolicy),
    (RandomPolicy, Dawdler),
    (Dawdler, Dawdler),
    (CoachPolicy, Dawdler),
    (Dawdler, CoachPolicy),
    (CoachPolicy, RandomPolicy),
    (CoachPolicy, CoachPolicy),
)
GAMES, STEP_CAP = 300, 3000


@pytest.mark.slow
def test_300_seeded_games_of_random_dawdling_and_computer_coaches_all_end():
    """Random legal play, a coach who organises at length, and the computer coach, under every
    rule set: each game ends with a winner within the step cap."""
    g = ENGINE
    longest_turn = longest_organising = 0
    for seed in range(GAMES):
        options = RULESETS[seed % len(RULESETS)]
        seats = SEATS[seed % len(SEATS)]
        if "draft" not in options and "build" not in options:
            options = {**options, "teams": ("falcons,foxes", "moles,bears", "foxes,moles")[seed % 3]}
        s = g.new_state(Header("dodgeball", seed=seed, options=options))
        dice = SeededDice(seed)
        players = {"p1": seats[0](seed), "p2": seats[1](seed + 1)}
        turn, actions, organised = s.turn, 0, 0
        for _ in range(STEP_CAP):
            if s.over:
                break
            p = g.prompt(s)
            action = dice.answer(p) if p.is_chance else players[p.actor](g, g.public_view(s, p.actor), p)
            if s.turn != turn:
                turn, actions, organised = s.turn, 0, 0
            if p.kind == "turn" and action.split()[1] in MOVES:
                organised += 1
            g.apply(s, action)
            actions += 1
            longest_turn, longest_organising = max(longest_turn, actions), max(longest_organising, organised)
        assert s.over and s.winner in ("p1", "p2"), (seed, options, [c.__name__ for c in seats])
    assert DAWDLE <= longest_organising and longest_turn < 300
