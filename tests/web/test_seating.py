"""Join codes and seat tokens: a seat needs its code, a held seat needs the device's OK, and
wrong codes are limited for the whole table."""
import pytest

from companion.web.seating import MAX_WRONG, ClaimRefused, Request, Seating


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_each_seat_has_its_own_four_digit_code_and_a_new_game_makes_new_ones():
    seating = Seating()
    seating.reset(("p1", "p2", "p3"))
    codes = seating.codes
    assert sorted(codes) == ["p1", "p2", "p3"]
    assert all(len(c) == 4 and c.isdigit() for c in codes.values())
    assert len(set(codes.values())) == 3
    token = seating.grant(seating.check_claim("p1", codes["p1"]))
    seating.reset(("p1", "p2"))
    assert seating.seat_of(token) is None, "a token does not outlive its game"


def test_a_claim_needs_the_seats_code_and_names_what_was_wrong():
    seating = Seating()
    seating.reset(("p1", "p2"))
    with pytest.raises(ClaimRefused, match="wrong code for P2"):
        seating.check_claim("p2", seating.codes["p1"] if seating.codes["p1"] != seating.codes["p2"] else "x")
    with pytest.raises(ClaimRefused, match="no seat 'p9'"):
        seating.check_claim("p9", "1234")
    with pytest.raises(ClaimRefused, match="wrong code"):
        seating.check_claim("p1", 1234)
    assert seating.check_claim("p1", " " + seating.codes["p1"] + " ") == "p1"


def test_a_token_names_its_seat_until_the_seat_is_given_to_another_phone():
    seating = Seating()
    seating.reset(("p1", "p2"))
    first = seating.grant("p1")
    assert seating.seat_of(first) == "p1" and seating.held("p1") and not seating.held("p2")
    second = seating.grant("p1")
    assert seating.seat_of(second) == "p1" and seating.seat_of(first) is None
    assert seating.seat_of(None) is None and seating.seat_of(["x"]) is None and seating.seat_of("") is None
    assert seating.release(second) == "p1" and not seating.held("p1")


def test_wrong_codes_lock_claims_for_a_minute_for_the_whole_table():
    clock = Clock()
    seating = Seating(clock)
    seating.reset(("p1", "p2"))
    right = seating.codes["p1"]
    wrong = "0000" if right != "0000" else "1111"
    for _ in range(MAX_WRONG):
        with pytest.raises(ClaimRefused, match="wrong code"):
            seating.check_claim("p1", wrong)
    with pytest.raises(ClaimRefused, match="too many wrong codes"):
        seating.check_claim("p1", right)
    clock.t += 61
    assert seating.check_claim("p1", right) == "p1"


def test_the_devices_questions_name_the_seat():
    assert "P2" in Request("seat", "p2", 1).question()[0]
    assert "undo" in Request("undo", "p1", 1).question()[1]
    assert "dice" in Request("correct", "p1", 1).question()[1]
    for kind in ("seat", "undo", "correct"):
        assert len(Request(kind, "p12", 1).question()[1]) <= 50, "two lines of the panel's small font"
