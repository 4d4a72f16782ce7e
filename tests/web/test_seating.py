"""Join codes and seat tokens: a seat needs its code, a held seat needs the device's OK, and
wrong codes are limited per page and per address, never for the whole table."""

import pytest

from companion.web.seating import (
    ADDRESS_BURST,
    CODE_DIGITS,
    PAGE_BURST,
    REFILL_SECONDS,
    ClaimRefused,
    Request,
    Seating,
    address_key,
)


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_each_seat_has_its_own_six_digit_code_and_a_new_game_makes_new_ones():
    seating = Seating()
    seating.reset(("p1", "p2", "p3"))
    codes = seating.codes
    assert sorted(codes) == ["p1", "p2", "p3"]
    assert all(len(c) == 6 and c.isdigit() for c in codes.values())
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


def wrong_for(seating, seat):
    return "0" * CODE_DIGITS if seating.codes[seat] != "0" * CODE_DIGITS else "1" * CODE_DIGITS


def test_wrong_codes_slow_down_their_own_page_and_address_only():
    clock = Clock()
    seating = Seating(clock)
    seating.reset(("p1", "p2"))
    right, wrong = seating.codes["p1"], wrong_for(seating, "p1")
    for _ in range(PAGE_BURST):
        with pytest.raises(ClaimRefused, match="wrong code"):
            seating.check_claim("p1", wrong, page=1, address="10.0.0.66")
    with pytest.raises(ClaimRefused, match="too many wrong codes from this phone"):
        seating.check_claim("p1", right, page=1, address="10.0.0.66")  # not even the right one
    assert seating.check_claim("p1", right, page=2, address="10.0.0.7") == "p1", (
        "the table's phones still join"
    )
    for page in (3, 4):  # the same address from new pages: the address's bucket
        for _ in range(ADDRESS_BURST - PAGE_BURST if page == 3 else 0):
            with pytest.raises(ClaimRefused, match="wrong code"):
                seating.check_claim("p1", wrong, page=page, address="10.0.0.66")
    with pytest.raises(ClaimRefused, match="too many wrong codes"):
        seating.check_claim("p1", right, page=4, address="10.0.0.66")
    clock.t += REFILL_SECONDS
    assert seating.check_claim("p1", right, page=4, address="10.0.0.66") == "p1"


def test_a_strangers_chance_of_guessing_a_seat_in_a_whole_game_is_below_a_thousandth():
    """Guess as fast as the limits let, from one address (a new IPv6 address in its /64 and a new page for every guess) for
    12 hours: the guesses the seating even looks at, over the codes there are, stay < 0.1 %."""
    clock = Clock()
    seating = Seating(clock)
    seating.reset(("p1", "p2", "p3", "p4"))
    looked_at, page = 0, 0
    end = clock.t + 12 * 3600
    while clock.t < end:
        page += 1
        seat = ("p1", "p2", "p3", "p4")[page % 4]
        try:
            seating.check_claim(
                seat, wrong_for(seating, seat), page=page, address=address_key(f"2001:db8::1:{page:x}")
            )
        except ClaimRefused as exc:
            looked_at += "wrong code for" in str(exc)
        clock.t += 5.0  # a claim every 5 s, faster than the refill
    assert (
        ADDRESS_BURST + 12 * 3600 // REFILL_SECONDS - 2
        <= looked_at
        <= ADDRESS_BURST + 12 * 3600 // REFILL_SECONDS
    )
    assert looked_at / (10**CODE_DIGITS - looked_at) < 0.001
    assert len(seating.wrong.buckets) < 50, "buckets refilled to the brim are forgotten"


def test_an_ipv6_address_counts_by_its_64_and_a_mapped_ipv4_by_itself():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("::ffff:10.0.0.5") == "10.0.0.5" == address_key("10.0.0.5")
    assert address_key(None) is None


@pytest.mark.parametrize("code, token", [("０１２３４５", "é"), ("é" * 6, "\ud800"), ("\x00", "０")])
def test_codes_and_tokens_that_are_not_ascii_are_wrong_codes_and_unknown_tokens(code, token):
    seating = Seating(Clock())
    seating.reset(("p1",))
    seating.grant("p1")
    with pytest.raises(ClaimRefused, match="wrong code for P1"):
        seating.check_claim("p1", code, page=1)
    assert seating.seat_of(token) is None
    assert seating.wrong.left(("page", 1)) == PAGE_BURST - 1, "counted as a wrong code"


def test_the_devices_questions_name_the_seat():
    assert "P2" in Request("seat", "p2", 1).question()[0]
    assert "undo" in Request("undo", "p1", 1).question()[1]
    assert "dice" in Request("correct", "p1", 1).question()[1]
    for kind in ("seat", "undo", "correct"):
        assert len(Request(kind, "p12", 1).question()[1]) <= 50, "two lines of the panel's small font"
