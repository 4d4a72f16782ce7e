"""The hint panel on a seated phone, in a real browser: the seat to act taps Hint and sees its
options' chances, best first; the other seat's phone offers no Hint and its socket never
carries one. Skips, saying why, without Chromium or Playwright."""

from __future__ import annotations

import pytest

from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import table_of_phones
from tests.web.test_browser_games import play_until

pytestmark = [pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason())), pytest.mark.slow]


def test_the_seat_to_act_taps_hint_and_reads_its_own_odds(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=3)
    play_until(dev, lambda s: s.prompt().kind == "pawn")
    offense = dev.session.prompt().actor
    other = "p1" if offense == "p2" else "p2"
    with dev, table_of_phones(browser, dev) as phones:
        page = phones[offense].page
        page.wait_for_selector("#prompt.mine")
        page.locator("#prompt button.hint-ask").click()
        page.wait_for_selector("#hint li")
        rows = page.locator("#hint li").all_inner_texts()
        assert rows[0].startswith("move ") and rows[0].endswith("%")
        assert page.locator("#hint li.best").count() == 1
        page.screenshot(path=str(tmp_path / "hint.png"))
        assert phones[other].page.locator("button.hint-ask").count() == 0
        assert not any('"t": "hint"' in f or '"t":"hint"' in f for f in phones[other].frames)
