"""Random-simulation conformance: thousands of seeded games, invariants after every action,
replays identical to the original, JSON round trips mid-game, illegal actions changing nothing."""

import random

import msgspec
import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.dice import SeededDice
from companion.engine.gamefile import GameRecord, loads
from companion.engine.runner import replay
from companion.games.dungeon_ball.policies import POLICIES
from tests.games.dungeon_ball_table import engine

POINTS = {"touchdown": 6, "field_goal": 3, "extra_point": 1, "two_point": 2}


def play_checked(seed: int, policy: str, probe_illegal: bool = False, compare_trusted: bool = False):
    """Play one game, checking every invariant after every action; return (record, state).
    ``compare_trusted``: each action also goes through the fast path on a copy of the state,
    which must give the same events, prompt and state."""
    g = engine()
    rules = g.rules
    kicking = random.Random(seed).choice(["skill", "luck"])
    header = Header("dungeon-ball", seed=seed, options={"kicking": {"p1": kicking, "p2": "luck"}})
    s = g.new_state(header)
    record = GameRecord(header)
    player = POLICIES[policy](seed)
    dice = SeededDice(seed)
    rng = random.Random(seed * 7 + 1)
    last_scores = [0, 0]
    while not s.over:
        p = g.prompt(s)
        action = dice.answer(p) if p.is_chance else player(g, g.public_view(s, p.actor), p)
        if probe_illegal and rng.random() < 0.05:
            probe(g, s, p, rng)
        twin = g.from_json(g.to_json(s)) if compare_trusted else None
        events, next_prompt = g.apply_and_prompt(s, action, p)
        assert next_prompt == (None if s.over else g.prompt(s))  # the prompt returned is the next prompt
        if twin is not None:
            assert g.apply_trusted(twin, action, p) == (events, next_prompt)
            assert g.to_json(twin) == g.to_json(s)
        record.actions.append(action)
        for e in events:
            if e["event"] == "score":
                assert e["points"] == POINTS[e["how"]], e
        scores = [pl.score for pl in s.players]
        gained = [a - b for a, b in zip(scores, last_scores)]
        assert all(x in (0, 1, 2, 3, 6, 7) for x in gained), (seed, gained)
        last_scores = scores
        assert 0 <= s.clock <= s.clock_start == rules.clock_start
        assert 1 <= s.down <= 4
        assert 0 <= s.ball < g.field.n
        assert all(pl.momentum >= 0 for pl in s.players)
        assert sum(pl.momentum for pl in s.players) <= rules.momentum_supply
        assert s.half in (1, 2)
    assert s.winner in ("p1", "p2")
    a, b = (pl.score for pl in s.players)
    assert a != b and (a > b) == (s.winner == "p1")
    return record, s


def probe(g, s, p, rng):
    """Offer actions that are not legal now; each must be refused and change nothing."""
    before = msgspec.json.encode(s)
    legal = set(g.legal_actions(s)) if p.options is None and not p.is_chance else set(p.options or ())
    other = "p2" if p.actor == "p1" else "p1"
    candidates = [
        "",
        "nonsense",
        f"{other} pass",
        f"{p.actor} defend purple-9",
        f"{p.actor} move sideways",
        f"{p.actor} card no-such-card",
        f"{p.actor} reroll 0",
        "chance roll skull skull",
        f"{p.actor} punt",
        f"{p.actor} hail-mary",
    ]
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            g.apply(s, action)
        assert msgspec.json.encode(s) == before, action


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 2000, 500))  # four runs of 500 spread over the workers
def test_two_thousand_random_games_keep_every_invariant(first):
    wins = {"p1": 0, "p2": 0}
    for seed in range(first, first + 500):
        _, s = play_checked(seed, "random", probe_illegal=seed < 100, compare_trusted=seed < 200)
        wins[s.winner] += 1
    assert min(wins.values()) > 150  # neither seat wins nearly always (in every 500, so in the 2,000)


@pytest.mark.slow
def test_uniform_random_games_keep_every_invariant():
    for seed in range(60):
        play_checked(10_000 + seed, "uniform", probe_illegal=seed < 20, compare_trusted=seed < 10)


@pytest.mark.slow
def test_saving_and_replaying_gives_the_identical_state():
    g = engine()
    for seed in range(150):
        record, s = play_checked(20_000 + seed, "random")
        text = record.dumps()
        _, again = replay(loads(text))
        assert g.to_json(again) == g.to_json(s)


def test_state_json_round_trip_mid_game_continues_identically():
    g = engine()
    for seed in range(40):
        record, final = play_checked(30_000 + seed, "random")
        cut = random.Random(seed).randrange(1, len(record.actions))
        _, mid = replay(record, g, upto=cut)
        restored = g.from_json(g.to_json(mid))
        assert restored == mid
        for action in record.actions[cut:]:
            g.apply(restored, action)
        assert g.to_json(restored) == g.to_json(final)


def test_replay_reports_the_action_that_was_refused():
    from companion.engine.runner import ReplayError

    record, _ = play_checked(5, "random")
    record.actions.insert(12, "p1 defend purple-9")
    with pytest.raises(ReplayError, match=r"action 13 \('p1 defend purple-9'\) was refused"):
        replay(record)
