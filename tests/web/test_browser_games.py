"""The page in a real browser for the games with hidden hands: two phones sit as P1 and P2 of
Dungeon Days (and of the Dodgeball Card Game) and a third watches. Each sees its own hand and
never the other's, in the page and in every socket frame, and a play chosen word by word on
a phone is accepted. Skips, saying why, without Chromium or Playwright.
"""

from __future__ import annotations

import random

import pytest

from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import Phone, table_of_phones

pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))


def play_until(dev: Device, check, seed: int = 3, limit: int = 400) -> None:
    """Random legal moves taken on the device before the pages open, until ``check(session)``."""
    s, rng = dev.session, random.Random(seed)
    for _ in range(limit):
        if check(s):
            dev.app.interstitial = None
            return
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    raise AssertionError("the game never reached the position the test needs")


def shown_hand(phone: Phone) -> list[str]:
    """The names on the hand's cards (their first line; the second says what the card does)."""
    return [t.splitlines()[0] for t in phone.hand()]


def days_position(s) -> bool:
    """Both seats hold cards and the one to play has more lines than buttons the page shows at
    once (so it chooses word by word)."""
    p = s.prompt()
    hands = [seat.hand for seat in s.state.seats]
    return all(len(h) >= 2 for h in hands) and len(p.options or ()) > 10


@pytest.fixture
def days(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-days", {"players": 2}, seed=3)
    play_until(dev, days_position)
    with dev, table_of_phones(browser, dev) as phones:
        yield dev, phones


def test_dungeon_days_each_phone_sees_its_own_hand_never_the_others(days):
    dev, phones = days
    state = dev.session.state
    hands = {seat.id: list(seat.hand) for seat in state.seats}
    public = {c for seat in state.seats for pile in seat.board for c in pile} | set(state.discard)
    for seat in ("p1", "p2"):
        assert shown_hand(phones[seat]) == [
            f"{c.capitalize()} ({dev.session.engine.pack.code(c)})" for c in hands[seat]
        ]
    assert shown_hand(phones[None]) == [] and phones[None].page.locator(".block.private").count() == 0
    secret = 0
    for seat, phone in phones.items():
        frames = "".join(phone.frames)
        dom = phone.page.locator("#blocks").inner_text()
        for other, cards in hands.items():
            if other == seat:
                continue
            for card in set(cards) - set(hands.get(seat, [])) - public:
                secret += 1
                name = card.capitalize()
                assert name not in frames, f"{seat}'s socket received {other}'s {card}"
                assert name not in dom, f"{seat}'s page shows {other}'s {card}"
    assert secret > 0, "some card in a hand is nowhere on the table: the check means something"


def test_a_play_chosen_word_by_word_on_a_phone_is_accepted(days):
    dev, phones = days
    prompt = dev.session.prompt()
    line = next(o for o in prompt.options if " play " in o)
    page = phones[prompt.actor].page
    page.wait_for_selector("#prompt.mine")
    count = len(dev.session.actions)
    for word in line.split()[1:]:  # a word every line begins with is said, not offered
        button = page.locator(f"#prompt .pick button[data-word='{word}']")
        if button.count():
            button.click()
    send = page.locator("#prompt button.send")
    assert send.get_attribute("data-action") == line
    assert "Send: play" in send.inner_text() and line.split()[2].capitalize() in send.inner_text()
    send.click()
    dev.until(lambda: len(dev.session.actions) > count)
    assert dev.session.actions[count] == line
    phones[None].page.wait_for_selector(f"#log li:has-text('{prompt.actor.upper()}')")
    after = dev.session.prompt().actor
    for seat, phone in phones.items():
        phone.page.wait_for_selector("#prompt.mine" if seat == after else "#prompt:not(.mine)")


def test_dodgeball_each_coach_sees_its_own_hand_on_its_phone(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dodgeball", {}, seed=5)
    play_until(dev, lambda s: s.state.active and all(len(c.hand) == 3 for c in s.state.coaches), seed=2)
    with dev, table_of_phones(browser, dev) as phones:
        hands = {c.id: list(c.hand) for c in dev.session.state.coaches}
        for seat in ("p1", "p2"):
            assert shown_hand(phones[seat]) == hands[seat]
            for state in phones[seat].states():  # every frame: its own hand only, once seated
                hand = [
                    i["text"]
                    for b in state["blocks"]
                    if b["kind"] == "cards" and b["title"] == "Your hand"
                    for i in b["items"]
                ]
                assert hand == (hands[seat] if state["seat"] == seat else [])
        assert shown_hand(phones[None]) == []
        court = phones[None].page.locator("[data-kind=rows]").first.inner_text()
        assert "P1 defence" in court and "P2 offence" in court
