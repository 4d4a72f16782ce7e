"""The planner: a search over a small game finds the winning move, each game's planner plays
legal moves from what its seat has seen only, and plays the same moves under the same seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib import import_module

import pytest

from companion.engine.core import Prompt
from companion.engine.registry import get_game
from companion.search.evaluate import Rollout, lead_score
from companion.search.mcts import Search, SearchNode, choice_size
from companion.search.planner import Planner
from tests.search.test_belief import perturb, snapshots

GAMES = ("dungeon-ball", "dodgeball", "dungeonbowl", "dungeon-days", "dungeon-allies")


@dataclass
class Race:
    """Two seats take turns adding 1 or 2 to a count; whoever reaches ``goal`` wins."""

    count: int = 0
    turn: str = "p1"


class RaceEngine:
    goal = 10

    def prompt(self, s):
        opts = tuple(f"{s.turn} add {n}" for n in (1, 2) if s.count + n <= self.goal)
        return Prompt(s.turn, "add", "add", opts)

    def is_over(self, s):
        return s.count >= self.goal

    def apply_trusted(self, s, action, prompt):
        s.count += int(action.split()[2])
        if not self.is_over(s):
            s.turn = "p2" if s.turn == "p1" else "p1"
        return [], None if self.is_over(s) else self.prompt(s)

    def summary(self, s):
        return {
            "players": ["p1", "p2"],
            "scores": {"p1": 0, "p2": 0},
            "winner": s.turn if self.is_over(s) else None,
            "draw": False,
        }

    def public_view(self, s, seat, keys=None):
        return {}


class First:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def __call__(self, engine, view, prompt):
        return prompt.options[int(self.rng.random() * len(prompt.options))]


def race_search(iterations: int) -> Search:
    def copy(engine, s, seat, rng):
        return Race(s.count, s.turn)

    rollout = Rollout(lambda seat: First(1), lead_score(lambda e, s: {"p1": 0, "p2": 0}, 1.0), depth=100)
    return Search(copy, rollout, lambda seat: First(2), iterations)


@pytest.mark.parametrize(
    "count, winning", [(8, "p1 add 2"), (9, "p1 add 1"), (6, "p1 add 1"), (5, "p1 add 2")]
)
def test_the_search_finds_the_winning_move(count, winning):
    engine, state = RaceEngine(), Race(count, "p1")
    root = race_search(400).run(engine, state, "p1", random.Random(0))
    assert Search.best(root, list(engine.prompt(state).options)) == winning
    assert root.explore_count == 400
    assert sum(c.explore_count for c in root.children.values()) == 400


def test_a_node_is_small_plain_data():
    node = SearchNode("p1 add 1", "p1")
    assert not hasattr(node, "__dict__")
    with pytest.raises(AttributeError):
        node.other = 1


def test_the_size_of_a_choice_without_options():
    multi = Prompt("p1", "k", "", choice={"multi": {"items": list("abcd"), "min": 0, "max": 2, "verb": "v"}})
    assert choice_size(multi) == 1 + 4 + 6
    assert choice_size(Prompt("p1", "k", "", choice={"rerollable": [1, 2, 3]})) == 8
    assert choice_size(Prompt("p1", "k", "", choice={"number": {"min": 2, "max": 5}})) == 4


def small(game_id: str, iterations: int = 12) -> type:
    cls = get_game(game_id).load_policy("planner")
    assert issubclass(cls, Planner)
    return type("Small", (cls,), {"iterations": iterations})


@pytest.mark.parametrize("game_id", GAMES)
def test_the_planner_chooses_the_same_whatever_another_seat_hides(game_id):
    """Another seat's hidden cards (a face-down card, the hand, a looked-at monster) changed:
    the planner's choices do not change."""
    engine, found = snapshots(game_id, seeds=range(1, 5), every=5)
    planner = small(game_id)
    rng = random.Random(5)
    compared = 0
    for state, seat in found:
        pair = perturb(game_id, engine, state, seat, rng)
        if pair is None or engine.prompt(state).actor != seat:
            continue
        state, changed = pair
        prompt = engine.prompt(state)
        a = planner(11).choose(engine, state, prompt)
        b = planner(11).choose(engine, changed, engine.prompt(changed))
        assert a == b, (seat, prompt.text)
        compared += 1
        if compared == 6:
            break
    if game_id != "dungeonbowl":
        assert compared >= 3, f"only {compared} decisions with something hidden"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_planner_plays_legal_moves_and_the_same_ones_under_the_same_seed(game_id):
    engine, found = snapshots(game_id, seeds=range(7, 9), every=9)
    planner = small(game_id, 8)
    for n, (state, _seat) in enumerate(found[:6]):
        prompt = engine.prompt(state)
        before = engine.to_json(state)
        a = planner(n).choose(engine, state, prompt)
        assert engine.to_json(state) == before, "the search changed the real state"
        assert a == planner(n).choose(engine, state, prompt)
        assert a in engine.legal_actions(state) or prompt.options is None
        engine.apply(engine.from_json(before), a)  # legal: the checked path takes it


def test_every_game_offers_both_planners():
    for game_id in GAMES:
        names = get_game(game_id).policy_names()
        assert "planner" in names and "planner-strong" in names
        module = import_module(get_game(game_id).load_policy("planner").__module__)
        assert module.StrongPlanner.iterations > module.Planner.iterations


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_games_with_planners_in_every_seat_end_with_the_common_summary(game_id):
    """Planners (a small budget) in every seat, at every player count, through the sim's own
    loop: the games end, and the planners' actions replay on the checked path."""
    from companion.engine.core import Header
    from companion.engine.dice import SeededDice
    from companion.engine.runner import play_out

    game = get_game(game_id)
    engine = game.load_engine()
    planner = small(game_id, 3)
    for players in range(game.players[0], min(game.players[1], 4) + 1):
        if game_id == "dungeon-ball" and players == 1:
            continue  # solo: level VII below
        header = Header(game_id, seed=players, options={} if players == 2 else {"players": players})
        state = engine.new_state(header)
        seats = {seat: planner(i) for i, seat in enumerate(engine.summary(state)["players"])}
        actions = play_out(engine, state, seats, SeededDice(players), max_actions=20_000)
        summary = engine.summary(state)
        assert summary["over"] and set(summary["scores"]) == set(seats)
        again = engine.new_state(header)
        for action in actions:
            engine.apply(again, action)
        assert engine.to_json(again) == engine.to_json(state)


def test_the_sim_reports_each_seats_decision_times(monkeypatch):
    from companion.sim import decision_ms, simulate

    monkeypatch.setattr(get_game("dungeonbowl").load_policy("planner"), "iterations", 4)
    summary = simulate("dungeonbowl", 1, 3, policy="random", options={"seats": {"p1": "computer:planner"}})
    d = summary.as_dict()
    assert list(d)[list(d).index("draws") + 1] == "decision_ms"
    assert set(d["decision_ms"]) == {"p1", "p2"}
    for seat, ms in d["decision_ms"].items():
        assert list(ms) == ["mean", "p95", "max"] and 0 < ms["mean"] <= ms["max"] and ms["p95"] <= ms["max"]
        assert len(summary.times[seat]) > 10
    assert decision_ms([0.001, 0.002, 0.010]) == {"mean": 4.333, "p95": 10.0, "max": 10.0}
    assert decision_ms([]) == {"mean": 0.0, "p95": 0.0, "max": 0.0}
