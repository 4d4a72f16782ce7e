"""The page as players use it at the table, on phones down to a small one (320x568): what a
look at every game on phones found. Dungeon Ball's dice words fit their dice and its time
track fits a small phone; a double tap sends a decision once; the notice at the bottom never
takes a tap meant for a button under it; a phone whose seat a device restart let go is told
so. Skips, saying why, without Chromium or Playwright.
"""

from __future__ import annotations

import json
import time

import pytest

from companion.web.settings import WebSettings
from tests.web.browser import PHONE, skip_reason
from tests.web.rig import Device
from tests.web.test_browser import Phone
from tests.web.test_browser_games import play_until

pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))

SMALL = {**PHONE, "viewport": {"width": 320, "height": 568}}


def small_phone(browser, dev: Device, seat: str):  # noqa: F811
    context = browser.new_context(**SMALL)
    page = context.new_page()
    page.goto(dev.url + f"J/{seat.upper()}/{dev.code(seat)}")
    page.wait_for_selector(f"#me-title:has-text('You are {seat.upper()}')")
    return context, page


def rolled_lightning(s) -> bool:
    play = s.engine.public_view(s.state, None).get("play") or {}
    return "lightning" in (play.get("dice") or [])


def test_dungeon_ball_fits_a_small_phone_dice_words_whole(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=4)
    play_until(dev, rolled_lightning, seed=1)
    with dev:
        context, page = small_phone(browser, dev, "p1")
        page.wait_for_selector(".die:has-text('lightning')")
        cut = page.evaluate(
            "[...document.querySelectorAll('.die')]"
            ".filter((d) => d.scrollWidth > d.clientWidth).map((d) => d.textContent)"
        )
        assert cut == [], f"dice whose word is cut off: {cut}"
        track = page.locator("[data-kind=track]").first
        assert "time" in track.inner_text().lower()
        sticks_out = track.evaluate(
            "(b) => { const t = b.querySelector('.track');"
            " return t.getBoundingClientRect().right - b.getBoundingClientRect().right; }"
        )
        assert sticks_out <= 0, f"the time track sticks out of its block by {sticks_out} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, "the page scrolls sideways"
        context.close()


def test_a_double_tap_sends_a_decision_once(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=4)
    play_until(dev, lambda s: not s.prompt().is_chance and "move your pawn" in s.prompt().text, seed=1)
    actor = dev.session.prompt().actor
    with dev:
        phone = Phone(browser, dev, actor)
        sent: list[str] = []
        page = phone.page
        page.wait_for_selector("#prompt.mine")
        page.evaluate("document.getElementById('toast').hidden = true")
        count = len(dev.session.actions)
        move = page.locator("#prompt .options button", has_text="move").first
        line = move.get_attribute("data-action")
        # the socket is open already: read what the page sends from here on
        page.evaluate("""() => { window.__sent = []; const real = WebSocket.prototype.send;
            WebSocket.prototype.send = function (data) { window.__sent.push(data); return real.call(this, data); }; }""")
        move.dblclick()
        dev.until(lambda: len(dev.session.actions) > count)
        time.sleep(0.8)  # a second act would have arrived by now
        sent = [json.loads(m) for m in page.evaluate("window.__sent")]
        acts = [m["action"] for m in sent if m.get("t") == "act"]
        assert acts == [line], f"sent {acts}"
        assert dev.session.actions[count] == line
        assert [a for a in dev.session.actions[count:] if a.startswith(actor + " ")] == [line]
        assert not page.locator("#toast.bad").is_visible(), page.locator("#toast").inner_text()
        phone.close()


def test_the_notice_never_takes_a_tap_meant_for_a_button_under_it(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeonbowl", {}, seed=3)
    with dev:
        context, page = small_phone(browser, dev, "p1")
        page.wait_for_selector("#toast:has-text('You sit as P1')")
        box = page.locator("#toast").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = page.evaluate(f"document.elementFromPoint({x}, {y}).closest('#toast') === null")
        assert hit, "a tap on the notice does not reach the page under it"
        context.close()


def test_a_phone_whose_seat_a_restart_let_go_is_told_so(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeonbowl", {}, seed=3)
    dev.__enter__()
    port = dev.web.server.port
    try:
        phone = Phone(browser, dev, "p1")
        page = phone.page
        page.evaluate("document.getElementById('toast').hidden = true")
    finally:
        dev.__exit__(None, None, None)
    page.wait_for_selector("#link:has-text('reconnecting')")
    again = Device(tmp_path, None, seed=3)  # the same journal, the same port
    again.web.settings = WebSettings(port=port, bind="127.0.0.1", mdns=False)
    assert again.app.resume()
    again.web.bridge.sync_game(again.app)
    with again:
        assert again.web.server.port == port
        page.wait_for_selector("#me-title:has-text('Watching')", timeout=15000)
        toast = page.locator("#toast")
        # the welcome that says why is its own message: a busy server may send the first
        # state (a watcher's) before it
        deadline = time.monotonic() + 5
        while not toast.is_visible() and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert toast.is_visible(), "the phone that was P1 watches now and is not told why"
        assert "seat" in toast.inner_text() and "code" in toast.inner_text()
        phone.close()


def test_a_pick_of_several_says_what_its_send_waits_for(tmp_path, browser):  # noqa: F811
    """Dungeonbowl's six starters: a greyed-out Send says how many more to pick."""
    dev = Device(tmp_path, "dungeonbowl", {}, seed=3)
    play_until(dev, lambda s: s.prompt().kind == "starters" and s.prompt().actor == "p1", seed=1)
    with dev:
        context, page = small_phone(browser, dev, "p1")
        page.wait_for_selector("#prompt.mine .send")
        send = page.locator("#prompt .send")
        assert send.inner_text() == "Pick 6 more (0 of 6)" and send.is_disabled()
        page.locator("#prompt .options button", has_text="#1").first.click()
        assert send.inner_text() == "Pick 5 more (1 of 6)" and send.is_disabled()
        for n in range(2, 8):
            page.locator("#prompt .options button", has_text=f"#{n}").first.click()
        assert send.inner_text() == "Too many: pick at most 6" and send.is_disabled()
        page.locator("#prompt .options button", has_text="#7").first.click()
        assert send.inner_text() == "Send (6)" and send.is_enabled()
        count = len(dev.session.actions)
        send.click()
        dev.until(lambda: len(dev.session.actions) > count)
        assert dev.session.actions[count] == "p1 start 1 2 3 4 5 6"
        context.close()
