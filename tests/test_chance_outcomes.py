"""ChanceSpec.outcomes: every distinct outcome of a chance node, as the engines enumerate them."""

from companion.engine.core import ChanceSpec, DieSpec


def test_a_roll_of_like_dice_is_a_multiset():
    two = ChanceSpec("roll", ("1", "2", "3"), 2)
    assert two.outcomes() == [
        "chance roll 1 1",
        "chance roll 1 2",
        "chance roll 1 3",
        "chance roll 2 2",
        "chance roll 2 3",
        "chance roll 3 3",
    ]


def test_ordered_draws_tell_the_first_die_from_the_second():
    roll_off = ChanceSpec("roll", ("1", "2"), 2)
    assert roll_off.outcomes(ordered=True) == [
        "chance roll 1 1",
        "chance roll 1 2",
        "chance roll 2 1",
        "chance roll 2 2",
    ]


def test_mixed_dice_are_positional():
    spec = ChanceSpec(
        "roll", ("1", "2", "3"), 2, dice=(DieSpec("d2", ("1", "2")), DieSpec("d3", ("1", "2", "3")))
    )
    out = spec.outcomes()
    assert len(out) == 6 and "chance roll 2 3" in out and "chance roll 3 2" not in out


def test_a_bag_never_gives_more_of_a_face_than_it_holds():
    bag = ChanceSpec("draw", ("red", "red", "blue"), 2, distinct=True)
    assert bag.outcomes() == ["chance draw blue red", "chance draw red red"]
    assert all(bag.refusal(o.split()[2:]) is None for o in bag.outcomes())
