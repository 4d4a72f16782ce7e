"""Dungeon Days' hand on a phone in a real browser: the card just drawn is marked for its
owner, and a card with no play now is listed with why under the buttons. Skips, saying why,
without Chromium or Playwright."""

from __future__ import annotations

import pytest

from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import Phone
from tests.web.test_browser_games import play_until

pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))


def test_the_card_just_drawn_is_marked_on_its_owners_phone_and_why_a_card_cannot_be_played(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-days", {"players": 2}, seed=3)
    play_until(
        dev,
        lambda s: (
            s.prompt().kind == "turn"
            and s.prompt().actor == "p1"
            and (s.prompt().choice.get("why_not") or {})
            and s.state.deck
        ),
    )
    s = dev.session
    why = s.prompt().choice["why_not"]
    with dev:
        phone = Phone(browser, dev, "p1")
        try:
            phone.page.wait_for_selector("#prompt.mine")
            notes = phone.page.locator("#prompt .why-not li").all_inner_texts()
            assert notes == [f"{kind.capitalize()}: {reason}" for kind, reason in why.items()]
            assert phone.page.locator(".block.private .chip.new").count() == 0
            count = len(s.actions)
            phone.page.locator(
                "#prompt button[data-action='p1 draw'], #prompt .pick button[data-word='draw']"
            ).first.click()
            if phone.page.locator("#prompt button.send").count():  # chosen word by word: send it
                phone.page.locator("#prompt button.send").click()
            dev.until(lambda: len(s.actions) > count + 1)  # the draw and the card the device dealt
            drawn = s.actions[count + 1].split()[2]
            phone.page.wait_for_selector(".block.private .chip.new")
            fresh = phone.page.locator(".block.private .chip.new").all_inner_texts()
            assert len(fresh) == 1 and fresh[0].splitlines()[:2] == [
                f"{drawn.capitalize()} ({s.engine.pack.code(drawn)})",
                "just drawn",
            ]
        finally:
            phone.close()
