"""The page in a real browser: Debian's Chromium, headless, driven by Playwright through its
executable path. Two phones sit as P1 and P2 of Crystal Auction (hidden hands, secret picks)
and a third watches. Without Chromium or Playwright these tests skip, saying which is missing.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from tests.web.browser import PHONE, skip_reason
from tests.web.rig import Device

pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))


class Phone:
    """A browser context (its own storage: one phone) on the page, every socket frame kept."""

    def __init__(self, browser, dev: Device, seat: str | None):
        self.context = browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda payload: self.frames.append(payload if isinstance(payload, str) else payload.decode()),
            ),
        )
        self.page.goto(dev.url + (f"J/{seat.upper()}/{dev.code(seat)}" if seat else ""))
        self.page.wait_for_selector(f"#me-title:has-text('You are {seat.upper()}')" if seat else "#seats li")

    def hand(self) -> list[str]:
        return self.page.locator(".block.private .chip").all_inner_texts()

    def states(self) -> list[dict]:
        return [m for m in map(json.loads, self.frames) if m.get("t") == "state"]

    def close(self) -> None:
        self.context.close()


@contextmanager
def table_of_phones(browser, dev: Device):
    """P1's phone, P2's phone and a watcher's, closed after."""
    phones = {
        "p1": Phone(browser, dev, "p1"),
        "p2": Phone(browser, dev, "p2"),
        None: Phone(browser, dev, None),
    }
    try:
        yield phones
    finally:
        for phone in phones.values():
            phone.close()


def play_to_the_hands(dev: Device) -> None:
    """Bid until the auction's first lot is settled: the hands are dealt by then."""
    dev.until(lambda: all(seat.hand for seat in dev.session.state.seats))


@pytest.fixture
def table(toy, tmp_path, browser):
    with Device(tmp_path, "toy", seed=3) as dev:
        play_to_the_hands(dev)
        with table_of_phones(browser, dev) as phones:
            yield dev, phones


def test_each_seat_sees_its_own_hand_never_the_others_in_the_page_and_the_socket(table):
    dev, phones = table
    hands = {seat.id: list(seat.hand) for seat in dev.session.state.seats}
    assert phones["p1"].hand() == hands["p1"]
    assert phones["p2"].hand() == hands["p2"]
    assert phones[None].hand() == []
    for seat, phone in phones.items():
        states = phone.states()
        assert states, "the page received its state over the socket"
        for state in states:
            assert state["seat"] in (None, seat)  # watching until the claim, then the seat
            held = [i["text"] for b in state["blocks"] if b["kind"] == "cards" for i in b["items"]]
            assert held == (hands[seat] if state["seat"] else [])
        for other, cards in hands.items():
            if other == seat:
                continue
            mine = set(hands.get(seat, []))
            for card in set(cards) - mine:  # the other's cards this page does not hold itself
                assert f'"text":"{card}"' not in "".join(phone.frames), (
                    f"{seat} received {other}'s card {card}"
                )
        dom = phone.page.locator(".block.private").all_inner_texts()
        assert bool(dom) == (seat is not None)


def test_an_action_from_a_page_reaches_the_journal_the_other_pages_and_the_panel(table):
    dev, phones = table
    prompt = dev.session.prompt()
    actor = prompt.actor
    assert actor in ("p1", "p2")
    phone = phones[actor].page
    panel_before = dev.display.last_image.tobytes()
    count = len(dev.session.actions)
    phone.wait_for_selector("#prompt.mine")
    if prompt.choice.get("number"):
        phone.locator("#prompt .number button", has_text="+1").click()
        phone.locator("#prompt button", has_text="Send").click()
        expected = f"{actor} {prompt.choice['number']['verb']} {prompt.choice['number'].get('default', prompt.choice['number']['min']) + 1}"
    else:
        first = phone.locator("#prompt .options button").first
        expected = first.get_attribute("data-action")
        first.click()
    dev.until(lambda: len(dev.session.actions) > count)
    assert dev.journal.record(dev.session.game_id).actions[count] == expected
    said = f"{actor.upper()} {expected.split()[1]}"  # "P1 bid: coins 3", from the event
    for other in phones.values():
        other.page.wait_for_selector(f"#log li:has-text('{said}')")
    dev.until(lambda: dev.display.last_image.tobytes() != panel_before)


def test_a_reload_rejoins_the_seat(table):
    dev, phones = table
    page = phones["p2"].page
    page.reload()
    page.wait_for_selector("#me-title:has-text('You are P2')")
    assert phones["p2"].hand() == list(dev.session.state.seats[1].hand)


def test_a_secret_pick_is_made_on_the_phone_and_stays_secret(table):
    dev, phones = table
    for _ in range(40):  # bid until the pick (a private prompt) comes
        prompt = dev.until(lambda: (lambda p: None if p.is_chance else p)(dev.session.prompt()))
        if prompt.private:
            break
        page = phones[prompt.actor].page
        page.wait_for_selector("#prompt.mine")
        count = len(dev.session.actions)
        buttons = page.locator("#prompt .options button")
        (buttons.first if buttons.count() else page.locator("#prompt button", has_text="Send")).click()
        dev.until(lambda count=count: len(dev.session.actions) > count)
    assert prompt.private, "the auction reaches the secret pick"
    actor, other = prompt.actor, "p2" if prompt.actor == "p1" else "p1"
    phones[other].page.wait_for_selector("#prompt p:has-text('is choosing in secret')")
    phones[None].page.wait_for_selector("#prompt p:has-text('is choosing in secret')")
    page = phones[actor].page
    page.wait_for_selector("#prompt.mine")
    pick = page.locator("#prompt .options button").first
    action = pick.get_attribute("data-action")
    card = action.split()[-1]
    pick.click()
    dev.until(lambda: action in dev.session.actions)
    phones[None].page.wait_for_selector(f"#log li:has-text('{actor.upper()} chose')")
    log = phones[None].page.locator("#log li").all_inner_texts()
    assert f"{actor.upper()} chose" in log and not any(
        "reveal" in line or f"play {card}" in line for line in log
    )
    assert all(action not in frame for frame in phones[other].frames + phones[None].frames)


def test_a_watcher_is_offered_a_seat_and_no_seat_buttons(table):
    dev, phones = table
    page = phones[None].page
    assert page.locator("#claim").is_visible() and not page.locator("#seated").is_visible()
    seated = phones["p1"].page
    assert seated.locator("#seated").is_visible() and not seated.locator("#claim").is_visible()
    assert page.locator("#claim-seat option").all_inner_texts() == ["P1 (on a phone)", "P2 (on a phone)"]


def test_dungeon_balls_reroll_is_chosen_die_by_die_on_the_page(tmp_path, browser):
    import random

    dev = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=4)
    s, rng = dev.session, random.Random(1)
    while s.prompt().kind != "keep":
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    actor, rerollable = s.prompt().actor, s.prompt().choice["rerollable"]
    with dev:
        phone = Phone(browser, dev, actor)
        page = phone.page
        page.wait_for_selector("#prompt.mine")
        count = len(dev.session.actions)
        page.locator("#prompt .options button", has_text=f"die {rerollable[-1]}:").click()
        page.locator("#prompt button.send").click()
        dev.until(lambda count=count: len(dev.session.actions) > count)
        assert dev.session.actions[count] == f"{actor} reroll {rerollable[-1]}"
        phone.close()
