"""Dungeon Allies' board on a phone, in a real browser: the board drawn by its areas with the
dice placed and the monsters this seat has seen, a space tapped says what it needs and gives,
and a die is placed by tapping a space. A monster only the other seat looked under never
reaches this phone, in the page or in any socket frame. Skips, saying why, without Chromium
or Playwright."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import table_of_phones
from tests.web.test_browser_games import play_until

pytestmark = [pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason())), pytest.mark.slow]

AREAS = [
    "yellow dungeon",
    "blue dungeon",
    "red dungeon",
    "turn order",
    "treasure",
    "trainer",
    "tavern",
    "prisoners",
    "trade",
    "sorcerer",
]


def p2_looked_and_p1_places(s) -> bool:
    """P1 to place a die, with a monster face down that P2 alone looked under."""
    p = s.prompt()
    return (
        p.kind == "place"
        and p.actor == "p1"
        and any(t.known == ["p2"] and not t.revealed and not t.removed for t in s.state.tiles)
    )


@pytest.fixture
def allies(tmp_path, browser):  # noqa: F811
    dev = Device(
        tmp_path, "dungeon-allies", {"players": 2}, seed=4
    )  # seed 5's game now ends before this position
    play_until(dev, p2_looked_and_p1_places, seed=0)
    with dev, table_of_phones(browser, dev) as phones:
        yield dev, phones


def test_the_board_is_drawn_by_areas_and_a_die_is_placed_by_tapping_a_space(allies):
    dev, phones = allies
    page = phones["p1"].page
    page.wait_for_selector(".ab-board")
    assert (
        page.locator(".ab-area h3").all_inner_texts() == [a.upper() for a in AREAS]
        or [t.lower() for t in page.locator(".ab-area h3").all_inner_texts()] == AREAS
    )
    assert page.locator("#prompt .pick").count() == 0  # no wall of y1..sorcerer5 buttons
    display = page.eval_on_selector(".ab-spaces", "e => getComputedStyle(e).display")
    assert display == "grid", "the board's own rules are applied"
    state = dev.session.state
    for p in state.placed:  # the dice placed, on their spaces
        chip = page.locator(f".ab-space[data-space='{p.space}'] .ab-die")
        assert f"{p.seat.upper()} {p.die}" in chip.all_inner_texts()
    prompt = dev.session.prompt()
    lines = [o for o in prompt.options if o.split()[3] not in ("peek", "pass")]
    line = next((o for o in lines if o.split()[3] == "train"), lines[0])
    _, _, die, space = line.split()
    pick = page.locator(f"#prompt .ab-dice button[data-die='{die}']")
    if pick.count():
        pick.click()
    page.locator(f".ab-space[data-space='{space}']").click()
    assert "open" in page.locator(f".ab-space[data-space='{space}']").get_attribute("class")
    said = page.locator(".ab-says").inner_text()
    assert said.startswith(f"Trainer: your {die} becomes a ") if space == "train" else said
    shots = Path(os.environ.get("TMPDIR", "/tmp"))
    page.screenshot(path=str(shots / "dungeon-allies-board-p1.png"), full_page=True)
    go = page.locator(".ab-board button.send")
    assert go.get_attribute("data-action") == line and go.inner_text().startswith(f"Place {die} on ")
    count = len(dev.session.actions)
    go.click()
    dev.until(lambda: len(dev.session.actions) > count)
    assert dev.session.actions[count] == line


def test_a_monster_only_the_other_seat_looked_under_never_reaches_this_phone(allies):
    dev, phones = allies
    engine, state = dev.session.engine, dev.session.state
    secret = [t for t in state.tiles if t.known == ["p2"] and not t.revealed and not t.removed]
    assert secret, "the position has a monster only P2 has seen: the check means something"
    for phone in phones.values():
        phone.page.wait_for_selector(".ab-board")
    for tile in secret:
        name = engine.monsters[tile.monster].name
        seen_by_p2 = phones["p2"].page.locator(f".ab-space[data-space='{tile.square}']").inner_text()
        assert name in seen_by_p2 and "(seen)" in seen_by_p2
        for seat in ("p1", None):
            space = phones[seat].page.locator(f".ab-space[data-space='{tile.square}']").inner_text()
            assert name not in space
            if not any(t.monster == tile.monster and (t.revealed or "p1" in t.known) for t in state.tiles):
                assert tile.monster not in "".join(phones[seat].frames), f"{seat}'s socket got {tile.monster}"


def test_a_red_crystals_look_is_chosen_by_tapping_a_monster(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeon-allies", {"players": 2}, seed=5)
    play_until(dev, lambda s: s.prompt().kind == "peek" and s.prompt().actor == "p1", seed=0)
    with dev, table_of_phones(browser, dev) as phones:
        page = phones["p1"].page
        page.wait_for_selector(".ab-space.open")
        assert "tap a lit one on the board" in page.locator("#prompt").inner_text()
        assert page.locator("#prompt .pick button").count() == 0  # not 28 buttons
        line = dev.session.prompt().options[0]
        square = line.split()[2]
        page.locator(f".ab-space[data-space='{square}']").click()
        go = page.locator(".ab-board button.send")
        assert go.get_attribute("data-action") == line and go.inner_text().startswith("Look under ")
        count = len(dev.session.actions)
        go.click()
        dev.until(lambda: len(dev.session.actions) > count)
        assert dev.session.actions[count] == line
