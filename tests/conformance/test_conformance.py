"""The conformance harness: every registered game (and the tests' toy game) is held to the
Engine contract alike, so a new game gets these checks by registering.

* the fast path (``apply_trusted``, and ``advance`` where a game has it) and the slow path
  (``apply``) give the same prompts;
* a JSON round trip mid-game, and replay, give the identical state;
* an illegal action changes nothing (the state's bytes are identical);
* no seat's view and no event shows another seat's secrets;
* random games always end, with the common summary;
* the sim's JSON has the fixed keys, in order.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.engine.core import IllegalAction
from companion.engine.dice import SeededDice
from companion.engine.gamefile import loads
from companion.engine.registry import games
from companion.engine.runner import play_out, replay
from tests.conformance.harness import alternatives, copy, header_for, illegal_candidates, play, player_counts
from tests.conformance.secrets import event_leaks, leaks
from tests.toygame import GAME as TOY
from tests.toygame.testing import ROOT, use_toy

GAMES = {g.id: g for g in games()} | {TOY.id: TOY}
SEEDS = range(1, 21)
SIM_KEYS = [
    "game",
    "seed",
    "policy",
    "players",
    "games",
    "seconds",
    "games_per_second",
    "actions_per_second",
    "mean_actions_per_game",
    "wins",
    "draws",
]
COMMON_SUMMARY = ("players", "scores", "over", "winner", "draw")


@pytest.fixture(params=sorted(GAMES))
def game(request, monkeypatch):
    use_toy(monkeypatch)
    return GAMES[request.param]


@pytest.fixture
def engine(game):
    return game.load_engine()


# The first seeds play in the quick tier, the rest in the slow tier: the whole suite plays all
# twenty (forty for the endings). The quick tier plays as many seeds as the game has player
# counts (two at least), which seats every count once.
def quick_seed_count(game) -> int:
    return max(2, len(player_counts(game)))


@pytest.fixture(
    params=[
        pytest.param("first", id="first-seeds"),
        pytest.param("more", id="more-seeds", marks=pytest.mark.slow),
    ]
)
def seeds(request, game):
    count = quick_seed_count(game)
    return SEEDS[:count] if request.param == "first" else SEEDS[count:]


QUICK_ENDINGS = range(0, 5)


@pytest.fixture(
    params=[
        pytest.param(QUICK_ENDINGS, id="first-seeds"),
        pytest.param(range(QUICK_ENDINGS.stop, 40), id="more-seeds", marks=pytest.mark.slow),
    ]
)
def ending_seeds(request):
    return request.param


def test_the_fast_path_and_the_slow_path_give_the_same_prompts(game, engine, seeds):
    advance = getattr(engine, "advance", None)  # the fast path without events, where a game has it

    def same_on_the_fast_path(before, prompt, action, events, state):
        quiet = copy(engine, before) if advance is not None else None
        fast_events, fast_prompt = engine.apply_trusted(before, action, prompt)
        assert fast_prompt == (None if engine.is_over(state) else engine.prompt(state)), action
        assert fast_events == events, action
        assert engine.to_json(before) == engine.to_json(state), action
        if quiet is not None:
            assert advance(quiet, action, prompt) == fast_prompt, action
            assert engine.to_json(quiet) == engine.to_json(state), action

    for seed in seeds:
        play(game, engine, seed, after=same_on_the_fast_path)


def test_replay_and_a_json_round_trip_mid_game_give_the_identical_state(game, engine, seeds):
    for seed in seeds:
        played = play(game, engine, seed)
        _, again = replay(loads(played.record.dumps()))
        assert engine.to_json(again) == engine.to_json(played.state)
        cut = random.Random(seed).randrange(1, len(played.record.actions))
        _, mid = replay(played.record, engine, upto=cut)
        restored = engine.from_json(engine.to_json(mid))
        assert engine.to_json(restored) == engine.to_json(mid)
        for action in played.record.actions[cut:]:
            engine.apply(restored, action)
        assert engine.to_json(restored) == engine.to_json(played.state)


def test_an_illegal_action_changes_nothing(game, engine, seeds):
    rng = random.Random(7)
    refused = 0

    def probe(before, prompt, action, events, state):
        nonlocal refused
        if rng.random() > 0.3:
            return
        seats = list(engine.summary(before)["players"])
        legal = None if prompt.is_chance else set(engine.legal_actions(before))
        for candidate in illegal_candidates(prompt, seats, action):
            if legal is not None and candidate in legal:
                continue
            if (
                prompt.is_chance
                and candidate.startswith("chance ")
                and candidate.split()[1:2] == [prompt.chance.verb]
                and prompt.chance.refusal(candidate.split()[2:]) is None
            ):
                continue
            saved = engine.to_json(before)
            with pytest.raises(IllegalAction) as refusal:
                engine.apply(before, candidate)
            assert refusal.value.reason, candidate
            assert engine.to_json(before) == saved, candidate
            refused += 1

    for seed in seeds:
        play(game, engine, seed, after=probe)
    assert refused > 5 * len(seeds)  # over a hundred in the twenty seeds


def test_no_view_and_no_event_shows_another_seats_secrets(game, engine, seeds):
    def check_views(before, prompt, action, events, state):
        assert event_leaks(game.id, engine, state, events) == [], action
        for viewer in [None, *engine.summary(state)["players"]]:
            view = engine.public_view(state, viewer)
            json.dumps(view)  # a view is plain data
            assert leaks(game.id, engine, state, viewer, view) == [], (viewer, action)

    for seed in seeds:
        play(game, engine, seed, after=check_views)


def test_a_private_draw_or_secret_choice_reaches_no_other_seat_or_event(game, engine, seeds):
    """Two different answers to a private prompt (a hidden draw, a card chosen face down) look
    the same to every other seat, the spectator, the summary and the events. Only the last of a
    round of secret choices (the next prompt is not private) may reveal them, to all at once."""
    rng = random.Random(3)
    compared = 0

    def compare(before, prompt, action, events, state):
        nonlocal compared
        owner = prompt.chance.private if prompt.is_chance else prompt.actor if prompt.private else None
        if owner is None:
            return
        outcomes = []
        for answer in alternatives(engine, before, prompt, rng):
            s = copy(engine, before)
            ev = engine.apply(s, answer, engine.prompt(s))
            outcomes.append((s, ev))
        if len(outcomes) < 2:
            return
        (a, ev_a), (b, ev_b) = outcomes
        ends_round = not prompt.is_chance and (engine.is_over(a) or not engine.prompt(a).private)
        if ends_round and engine.public_view(a, None) != engine.public_view(b, None):
            return  # revealed to everyone at once
        assert engine.public_view(a, None) == engine.public_view(b, None), action
        assert engine.summary(a) == engine.summary(b), action
        assert ev_a == ev_b, (action, ev_a, ev_b)
        for seat in engine.summary(a)["players"]:
            if seat != owner:
                assert engine.public_view(a, seat) == engine.public_view(b, seat), (seat, action)
        compared += 1

    for seed in seeds:
        play(game, engine, seed, after=compare)
    if any(p.private or (p.chance and p.chance.private) for p in play(game, engine, 1).prompts):
        assert compared > 0


class Watched:
    """A policy as ``play_out`` calls it, checking it is handed its seat's view and no secret."""

    def __init__(self, game, policy):
        self.game, self.policy, self.calls = game, policy, 0

    def __call__(self, engine, view, prompt):
        assert isinstance(view, dict), f"a policy was handed {type(view).__name__}, not the seat's view"
        assert leaks(self.game.id, engine, None, prompt.actor, view) == []
        self.calls += 1
        return self.policy(engine, view, prompt)


def test_random_games_always_end_with_the_common_summary(game, engine, ending_seeds):
    """Every policy the game has, in every seat, through the sim's own loop (``play_out``),
    each handed only its seat's view."""
    for name in game.policy_names():
        policy = game.load_policy(name)
        if hasattr(policy, "choose"):  # a planner: it searches the state through its belief module,
            continue  # not a view; tests/search plays whole games with it
        for seed in ending_seeds:
            header = header_for(game, seed)
            state = engine.new_state(header)
            seats = {
                seat: Watched(game, policy(seed + i))
                for i, seat in enumerate(engine.summary(state)["players"])
            }
            play_out(engine, state, seats, SeededDice(seed), max_actions=20_000)
            summary = engine.summary(state)
            assert engine.is_over(state) and summary["over"] is True, (name, seed)
            assert all(key in summary for key in COMMON_SUMMARY), sorted(summary)
            assert set(summary["scores"]) == set(summary["players"]) == set(seats)
            assert summary["draw"] is (summary["winner"] is None)
            assert summary["winner"] is None or summary["winner"] in summary["players"]
            json.dumps(summary)
            # every seat the header seats decided something (a solo game's other side is the game's own)
            seated = header.options.get("players", game.default_players())
            decided = [seat for seat, watched in seats.items() if watched.calls]
            assert len(decided) >= min(seated, len(seats)), ("every seat decided something", decided)


def test_the_harness_plays_every_player_count(game):
    """Twenty seeds reach every number of seats the game takes (Dungeon Days: 2 to 6), and so do
    the quick tier's first seeds."""
    for seeds in (SEEDS, SEEDS[: quick_seed_count(game)], QUICK_ENDINGS):
        seated = {header_for(game, seed).options.get("players", game.default_players()) for seed in seeds}
        assert seated == set(player_counts(game)), seeds


def test_the_sim_json_has_the_fixed_keys_in_order(game):
    done = subprocess.run(
        [sys.executable, "-m", "companion", "sim", game.id, "--games", "6", "--seed", "2", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    keys = list(result)
    assert keys[: len(SIM_KEYS)] == SIM_KEYS
    assert result["game"] == game.id and result["games"] == 6 and result["seed"] == 2
    assert sum(result["wins"].values()) + result["draws"] == 6
    assert set(result["wins"]) <= set(game.seats())
    if game.stats:
        assert keys[len(SIM_KEYS) :], "the game's own statistics follow the fixed keys"
