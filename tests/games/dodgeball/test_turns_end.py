"""Every turn ends: organising cannot go round in circles (a ball dropped and given back, a
player moved forward and back, a ball passed to and fro), a compulsory throw can always still
be made, and whole games under every rule set end, whoever plays them."""
import pytest

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.games.dodgeball.policies import CoachPolicy, RandomPolicy
from companion.games.dodgeball.state import OUT
from companion.games.dodgeball.turns import MOVES, start_turn
from tests.games.dodgeball.court import ENGINE, court, play, refused

ORG, THROW = "Organize", "Throw balls"
PER_PLAYER = 5            # one zone change, two balls given before the first put down, two put down


def organising(g, s) -> list[str]:
    return [o for o in g.prompt(s).options if o.split()[1] in MOVES]


def bound(s) -> int:
    return PER_PLAYER * len(s.coach(s.active).on_court())


def small_court(on_court=("rita", "pip"), strays=3):
    """p1's turn with only ``on_court`` left (rita forward, the others behind), ``strays`` balls."""
    g, s = court(strays=(strays, 3))
    me = s.coach("p1")
    for p in me.players:
        if p not in on_court:
            me.zone[p] = OUT
            me.out.append(p)
    start_turn(g, s, "p1", [])
    return g, s


def test_a_ball_dropped_is_not_given_back_the_same_turn():
    g, s = court(strays=(3, 3))
    assert s.must_throw
    play(g, s, "p1 give rita", "p1 drop rita")
    refused(g, s, "p1 give rita", "rita put a ball down this turn: no ball is given back to them", ORG)
    assert "p1 give rita" not in g.prompt(s).options
    play(g, s, "p1 give tomas", "p1 give tomas", "p1 drop tomas")       # given, then put down: allowed
    refused(g, s, "p1 give tomas", "tomas put a ball down this turn", ORG)


def test_a_ball_passed_to_and_fro_stops():
    g, s = court(strays=(1, 3))
    s.coach("p1").balls["rita"] = 2
    start_turn(g, s, "p1", [])
    play(g, s, "p1 drop rita", "p1 give tomas", "p1 drop tomas")
    refused(g, s, "p1 give rita", "rita put a ball down this turn", ORG)
    play(g, s, "p1 give hook", "p1 drop hook")
    refused(g, s, "p1 give tomas", "tomas put a ball down this turn", ORG)


def test_a_player_changes_zone_once_a_turn_and_again_the_next():
    g, s = court(strays=(3, 3))
    play(g, s, "p1 forward tomas")
    refused(g, s, "p1 back tomas", "tomas has already changed zone this turn", ORG)
    play(g, s, "p1 back rita")
    refused(g, s, "p1 forward rita", "rita has already changed zone this turn", ORG)
    play(g, s, "p1 give tomas", "p1 throw tomas vix", "p1 play +1", "p2 play +3", "p2 dodge",
         "chance draw +4", "chance draw +4", "p1 end")
    if g.prompt(s).kind == "retreat":
        play(g, s, "p1 stay")
    assert s.active == "p2" and s.coach("p1").moved == []
    play(g, s, "p2 give vix", "p2 throw vix pip", "p2 play +1", "p1 play +4", "p1 dodge",
         "chance draw +1", "chance draw +1", "p2 end")
    if g.prompt(s).kind == "retreat":
        play(g, s, "p2 stay")
    assert s.active == "p1"
    play(g, s, "p1 back tomas", "p1 forward rita")                     # a new turn: both may move again


def test_a_move_that_would_leave_no_one_able_to_throw_is_refused_while_a_throw_is_due():
    g, s = small_court(("rita", "pip"), strays=3)
    assert s.must_throw
    play(g, s, "p1 give rita", "p1 drop rita", "p1 give pip")
    refused(g, s, "p1 drop pip", "a throw is compulsory this turn: after 'drop pip' no player of p1 could throw",
            THROW)
    play(g, s, "p1 back rita")
    refused(g, s, "p1 drop pip", "no player of p1 could throw", THROW)
    play(g, s, "p1 forward pip", "p1 throw pip vix")                   # the throw that was due


def test_no_sequence_of_organising_moves_goes_round_in_a_circle():
    """Every sequence of legal organising moves from these positions, searched exhaustively:
    none returns to a position already seen in that turn, each ends within five moves a
    player, and every position reached still offers a throw or the end of the step."""
    for on_court, strays in ((("rita", "pip"), 3), (("rita", "tomas", "pip"), 3), (("rita", "tomas", "pip"), 2)):
        g, s = small_court(on_court, strays)
        longest = _longest(g, s, {}, set())
        assert 0 < longest <= bound(s), (on_court, strays, longest)


def _key(c) -> tuple:
    return (tuple(sorted(c.zone.items())), tuple(sorted(c.balls.items())), c.strays,
            tuple(sorted(getattr(c, "moved", ()))), tuple(sorted(getattr(c, "dropped", ()))))


def _longest(g, s, memo: dict, path: set) -> int:
    key = _key(s.coach(s.active))
    if key in memo:
        return memo[key]
    assert key not in path, "an organising move returns to a position already seen this turn"
    options = g.prompt(s).options
    assert any(o.split()[1] in ("throw", "end") for o in options) or organising(g, s), "the turn is stuck"
    path.add(key)
    best = 0
    for o in organising(g, s):
        t = g.from_json(g.to_json(s))
        g.apply(t, o)
        best = max(best, 1 + _longest(g, t, memo, path))
        assert best <= bound(s) + 1, "organising goes on"
    path.discard(key)
    memo[key] = best
    return best


class Dawdler(RandomPolicy):
    """Organises whenever it may: any organising move, at random, before anything else."""

    def __call__(self, engine, view, prompt):
        moves = [o for o in prompt.options or () if o.split()[1] in MOVES]
        return moves[int(self.rng.random() * len(moves))] if moves else super().__call__(engine, view, prompt)


ADVANCED = {k: True for k in ("abilities", "group_throws", "counter_attack", "mascots", "coach_cards")}
RULESETS = ({}, {"cards": "table"}, ADVANCED, {**ADVANCED, "draft": True}, {**ADVANCED, "cards": "table", "build": True})
SEATS = ((RandomPolicy, RandomPolicy), (Dawdler, RandomPolicy), (RandomPolicy, Dawdler), (Dawdler, Dawdler),
         (CoachPolicy, Dawdler), (Dawdler, CoachPolicy), (CoachPolicy, RandomPolicy), (CoachPolicy, CoachPolicy))
GAMES, STEP_CAP = 300, 3000


@pytest.mark.slow
def test_300_seeded_games_of_random_dawdling_and_computer_coaches_all_end():
    """Random legal play, a coach who organises whenever it may, and the computer coach, under
    every rule set: each game ends with a winner within the step cap, and no turn organises
    more than five moves a player."""
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
                assert organised <= bound(s), (seed, options, [c.__name__ for c in seats], action)
            g.apply(s, action)
            actions += 1
            longest_turn, longest_organising = max(longest_turn, actions), max(longest_organising, organised)
        assert s.over and s.winner in ("p1", "p2"), (seed, options, [c.__name__ for c in seats])
    assert longest_organising <= PER_PLAYER * 6 and longest_turn < 100
