"""The shared parts of the odds advisor, which name no game: exact distributions against
brute force, chance outcomes summing to one, the running error, the best option's ties."""

from __future__ import annotations

from collections import Counter
from itertools import product
from statistics import stdev

import pytest

from companion.engine.core import ChanceSpec, DieSpec
from companion.odds import dice, lookahead
from companion.odds.advice import OptionOdds
from companion.odds.advisor import best_of
from companion.odds.sampling import Tally

FACES = ("ball", "ball", "ball", "cleat", "time", "lightning")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_multisets_weigh_each_as_its_ordered_rolls(n):
    ordered = Counter(tuple(sorted(roll)) for roll in product(FACES, repeat=n))
    total = len(FACES) ** n
    got = dict(dice.multisets(FACES, n))
    assert got.keys() == ordered.keys()
    for combo, k in ordered.items():
        assert got[combo] == pytest.approx(k / total)


def test_sums_counts_and_scaling_match_brute_force():
    d4, d6 = dice.die(range(1, 5)), dice.die(range(1, 7))
    both = dice.total([dice.scale(d4, 2), d6])
    brute = Counter(2 * a + b for a, b in product(range(1, 5), range(1, 7)))
    assert both == pytest.approx({v: k / 24 for v, k in brute.items()})
    assert dice.at_least(both, 10) == pytest.approx(sum(k for v, k in brute.items() if v >= 10) / 24)
    assert dice.mean(dice.repeat(d6, 3)) == pytest.approx(10.5)


@pytest.mark.parametrize(
    "spec",
    [
        ChanceSpec("roll", FACES, 3),
        ChanceSpec("roll", ("1", "2", "3"), 2, ordered=True),
        ChanceSpec("roll", (), 2, dice=(DieSpec("d4", tuple("1234")), DieSpec("d6", tuple("123456")))),
        ChanceSpec("draw", ("a", "a", "b", "c"), 1, distinct=True),
        ChanceSpec("toss", ("good", "no-good"), 1, weights=(0.6, 0.4)),
    ],
)
def test_chance_outcomes_are_the_specs_own_and_sum_to_one(spec):
    got = lookahead.outcomes(spec)
    assert sum(p for _, p in got) == pytest.approx(1.0)
    legal = set(spec.outcomes())
    assert all(action in legal or spec.refusal(action.split()[2:]) is None for action, _ in got)
    if spec.weights:
        assert dict(got)["chance toss good"] == pytest.approx(0.6)
    if spec.distinct:
        assert dict(got)["chance draw a"] == pytest.approx(0.5)


def test_a_draw_of_several_cards_is_left_to_sampling():
    with pytest.raises(lookahead.TooBig):
        lookahead.outcomes(ChanceSpec("draw", ("a", "b", "c"), 2, distinct=True))


def test_the_running_error_is_the_standard_error_of_the_mean():
    values = [1, 0, 0, 1, 1, 1, 0, 1]
    tally = Tally()
    for v in values:
        tally.add(v)
    assert tally.mean == pytest.approx(sum(values) / len(values))
    assert tally.error == pytest.approx(stdev(values) / len(values) ** 0.5)


def test_the_best_option_ignores_unrated_ones_and_keeps_the_first_of_equals():
    opts = [
        OptionOdds("a", None),
        OptionOdds("b", 0.5, 1.0),
        OptionOdds("c", 0.5 + 1e-12, 1.0),
        OptionOdds("d", 0.4, 3.0),
    ]
    assert best_of(opts, lambda o: (o.p, o.mean)).action == "b"  # b and c equal but for rounding
    assert best_of(opts, lambda o: o.p, lowest=True).action == "d"
    assert best_of([OptionOdds("x", None)], lambda o: o.p).action == "x"
