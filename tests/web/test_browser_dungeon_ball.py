"""Dungeon Ball on a phone in a real browser: each play board drawn as its 3x3 colours with
the pawn on its play, the dice drawn as the icons the device shows, each beside its words.
Skips, saying why, without Chromium or Playwright."""

from __future__ import annotations

import os
import random

import pytest

from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import Phone

pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))
COLOURS = {"R": "red", "Y": "yellow", "B": "blue"}


def test_the_play_board_and_the_dice_are_drawn_beside_their_words(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=4)
    s, rng = dev.session, random.Random(1)
    while s.prompt().kind != "keep":  # a play rolled: dice on the table, pawns on plays
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    dev.app.interstitial = None
    rows = s.engine.pack.board.rows
    with dev:
        phone = Phone(browser, dev, "p1")
        page = phone.page
        try:
            page.wait_for_selector(".playboard .square")
            boards = page.locator(".playboard")
            assert boards.count() == 2
            for i, player in enumerate(s.state.players):
                board = boards.nth(i)
                squares = board.locator(".square")
                assert squares.count() == 9
                for k in range(9):
                    colour = COLOURS[rows[k // 3][k % 3]]
                    assert colour in squares.nth(k).get_attribute("class").split()
                token = board.locator(".square .pawn-token")
                assert token.count() == 1 and token.inner_text() == player.id.upper()
                assert token.locator("xpath=..").get_attribute("data-cell") == player.pawn
                caption = board.locator(".caption").inner_text()
                assert caption.startswith(f"pawn on {player.pawn}: a ") and "needs" in caption
            dice = page.locator(".icondice .die")
            faces = list(s.state.play.dice)
            assert dice.count() == len(faces) > 0
            for k, face in enumerate(faces):
                die = dice.nth(k)
                assert die.get_attribute("data-face") == face
                assert die.locator("canvas.icon").count() == 1  # the device's icon, drawn
                assert die.locator("figcaption").inner_text().startswith(face)
                lit = die.locator("canvas.icon").evaluate(
                    "c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                    " let n = 0; for (let i = 3; i < d.length; i += 4) n += d[i] > 0; return n; }"
                )
                assert lit > 0 or face == "blank"
            shots = os.environ.get("PAGE_SHOTS")
            if shots:
                page.locator(".playboard").first.scroll_into_view_if_needed()
                page.screenshot(path=os.path.join(shots, "dungeon_ball_phone.png"), full_page=True)
        finally:
            phone.close()
