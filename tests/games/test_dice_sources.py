"""Dice sources answer every chance shape: bags with repeats, mixed dice, fair dice, weights."""

import random
from collections import Counter

import pytest

from companion.engine.core import ChanceSpec, DieSpec, Prompt
from companion.engine.dice import ForcedDice, PositionalDice, SeededDice

BAG = ("red",) * 3 + ("blue",) * 2 + ("gold",)  # six crystals, three of them red


def test_a_bag_with_repeats_is_drawn_without_replacement():
    spec = ChanceSpec("draw", BAG, 4, die="bag", distinct=True, by="device")
    seen = Counter()
    for seed in range(300):
        values = SeededDice(seed).draw(spec)
        assert len(values) == 4 and spec.refusal(values) is None
        counts = Counter(values)
        assert counts["red"] <= 3 and counts["blue"] <= 2 and counts["gold"] <= 1
        seen[counts["red"]] += 1
    assert seen[2] and seen[3]  # a face listed more than once is drawn more than once


def test_the_whole_bag_comes_out_exactly():
    spec = ChanceSpec("draw", BAG, len(BAG), distinct=True)
    assert Counter(SeededDice(11).draw(spec)) == Counter(BAG)


def test_a_bag_refuses_more_of_a_face_than_it_holds_and_faces_it_lacks():
    spec = ChanceSpec("draw", BAG, 3, die="bag", distinct=True)
    assert spec.refusal(["gold", "gold", "red"]) == "no 'gold' left in the bag to draw"
    assert spec.refusal(["red", "green", "red"]) == "'green' is not in the bag now"
    assert spec.refusal(["red", "red", "red"]) is None


def test_mixed_dice_give_each_die_a_face_of_its_own():
    d4 = DieSpec("d4", tuple("1234"))
    d6 = DieSpec("d6", tuple("123456"))
    d12 = DieSpec("d12", tuple(str(n) for n in range(1, 13)))
    spec = ChanceSpec("roll", (), 3, dice=(d4, d6, d12))
    highs = Counter()
    for seed in range(400):
        values = SeededDice(seed).draw(spec)
        assert spec.refusal(values) is None
        assert values[0] in d4.faces and values[1] in d6.faces and values[2] in d12.faces
        highs[values[2]] += int(values[2]) > 6
    assert sum(highs.values()) > 100  # the d12 reaches past six: its own faces, not the d6's
    assert spec.refusal(["5", "1", "1"]) == "'5' is not a face of the d4 (1, 2, 3, 4)"


def test_mixed_dice_are_answered_by_prompt_and_forced_in_tests():
    spec = ChanceSpec("roll", (), 2, dice=(DieSpec("d4", tuple("1234")), DieSpec("d8", tuple("12345678"))))
    prompt = Prompt("chance", "roll", "roll a d4 and a d8", chance=spec)
    line = SeededDice(3).answer(prompt)
    assert line.startswith("chance roll ") and spec.refusal(line.split()[2:]) is None
    assert ForcedDice(["4 8"]).answer(prompt) == "chance roll 4 8"
    assert PositionalDice(9).answer(prompt, 5) == PositionalDice(9).answer(prompt, 5)


def test_fair_dice_keep_their_random_sequence():
    """Dungeon Ball's sims depend on it: die i is faces[int(random() * len(faces))] in turn."""
    faces = ("ball", "ball", "cleat", "time", "lightning", "ball+cleat")
    spec = ChanceSpec("roll", faces, 5, die="white")
    rng = random.Random(42)
    expected = [faces[int(rng.random() * len(faces))] for _ in range(5)]
    assert SeededDice(42).draw(spec) == expected


def test_a_drawn_bag_keeps_the_sampling_sequence():
    deck = tuple(f"ai-{n:02}" for n in range(1, 25))
    spec = ChanceSpec("remove", deck, 6, distinct=True, by="device")
    assert SeededDice(8).draw(spec) == random.Random(8).sample(deck, 6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_weighted_outcomes_follow_their_weights(seed):
    spec = ChanceSpec("toss", ("good", "no-good"), 1, weights=(1.0, 0.0), digital=False)
    assert SeededDice(seed).draw(spec) == ["good"]
