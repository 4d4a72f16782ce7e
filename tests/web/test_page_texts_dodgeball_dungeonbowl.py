"""What two games' pages say: the Dodgeball Card Game's attributes table names every player
in full and fits a 320 px phone (a browser test, skipped without Chromium or Playwright), and
Dungeonbowl says its players "P2 #10" on the option buttons, in its blocks and in the log,
never as the action lines' ``p2#10``.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from companion.engine.registry import get_game
from companion.games.dodgeball.labels import short_name
from companion.games.dungeonbowl.page import ball_words, chests_and_traps, game_facts
from companion.web import payloads
from tests.web.browser import skip_reason
from tests.web.rig import Device
from tests.web.test_browser import Phone
from tests.web.test_payloads import _events_of_a_game, positions

ATTRS = ("THR", "COU", "BLO", "DOD", "CTH", "SPD", "CON")
RAW = re.compile(r"[pP]\d+#\d+")  # a player as an action line names him: p2#10


def _payload(game_id: str, engine, state, viewer) -> dict:
    game = get_game(game_id)
    return payloads.build(
        game, engine, state, viewer, seats_held={}, computers=set(), pack=payloads.pack_for(game, engine)
    )


def _attributes_block(blocks: list[dict]) -> dict:
    return next(b for b in blocks if b["title"] == "Players on court")


# ------------------------------------------------------------------ Dodgeball, the page's blocks
def test_dodgeballs_attributes_name_every_player_on_court_in_full_with_each_value_said():
    engine, state, _, _ = list(positions("dodgeball", 3, {}, limit=60))[-1]
    block = _attributes_block(_payload("dodgeball", engine, state, "p2")["blocks"])
    players = {p.id: p for p in engine.pack.players}
    on_court = [(c, p) for c in state.coaches for p in c.players if c.zone.get(p) != "out"]
    assert len(block["rows"]) == len(on_court) >= 8
    for row, (coach, pid) in zip(block["rows"], on_court):
        name, *values = row
        assert name["text"].split("\n") == [short_name(players[pid]), coach.id.upper()]  # one name everywhere
        assert name["title"] == f"{coach.id.upper()} {players[pid].name}"
        assert name["cls"] == ("you" if coach.id == "p2" else "")
        said = [line for cell in values for line in cell["text"].split("\n")]
        assert said == [f"{a} {players[pid].attrs[a]}" for a in ATTRS]
        assert len(row) <= 4  # a name and three columns: room for the name on a phone


def test_dodgeballs_end_on_the_phone_says_who_won_and_by_how_many_opponents_out():
    summary = {"over": True, "winner": "p2", "draw": False, "scores": {"p1": 1, "p2": 6}}
    pack = payloads.pack_for(get_game("dodgeball"), get_game("dodgeball").load_engine())
    assert payloads.result_text(summary, pack) == "P2 wins, 6 opponents out to 1"
    bowl = payloads.pack_for(get_game("dungeonbowl"), get_game("dungeonbowl").load_engine())
    assert payloads.result_text({**summary, "scores": {"p1": 0, "p2": 1}}, bowl) == "P2 wins"


# ------------------------------------------------------------------ Dungeonbowl, the page's words
def test_dodgeballs_log_says_draws_choices_reveals_and_the_end_in_words_with_players_by_name():
    """The log said "P2 drew: cards 1", "rita +4 vs moss catch +5" (ids) and "game over:
    winner P2": a whole game's lines now say them in words, each player by the name the court
    shows, and no line is an event's field list."""
    game = get_game("dodgeball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    ids = set(pack["names"])
    said = {}
    for _, _, events in _events_of_a_game("dodgeball", 5, {}, limit=600):
        for e in events:
            said.setdefault(e["event"], []).append(payloads.log_line(game, e, pack))
    assert said["drew"][0].endswith(("draws 1 card", "cards")) and ":" not in said["drew"][0]
    assert all(line.startswith("cards: ") for line in said["reveal"])
    assert not any(w in ids for line in said["reveal"] for w in line.split()), said["reveal"][:3]
    assert said["chose"][0].endswith("chooses a card, face down")
    assert re.fullmatch(r"Game over: P[12] wins", said["game_over"][0]), said["game_over"]


def test_dungeonbowls_touchdowns_are_counted_in_words_a_player_reads():
    teams = [
        {"seat": "p1", "touchdowns": 0, "end_zone": "left"},
        {"seat": "p2", "touchdowns": 1, "end_zone": "right"},
    ]
    rows = dict(game_facts({"teams": teams})["rows"])
    assert rows["P1"] == "0 touchdowns, end zone left"
    assert rows["P2"] == "1 touchdown, end zone right"


def test_dungeonbowls_last_roll_says_a_chests_reveal_without_a_dash_for_dice_it_has_none_of():
    chest = {"what": "chest 2: P2 #3", "dice": [], "result": "THE BALL!"}
    assert dict(game_facts({"last": chest})["rows"])["last"] == "chest 2: P2 #3: THE BALL!"
    armour = {"what": "armour P1 #4 AV8", "dice": [4, 5], "result": "BROKEN"}
    assert dict(game_facts({"last": armour})["rows"])["last"] == "armour P1 #4 AV8: 4, 5 BROKEN"


def test_dungeonbowls_option_buttons_say_its_players_as_the_rest_of_its_page_does():
    said = 0
    for engine, state, _, _ in positions("dungeonbowl", 4, {}, limit=300):
        prompt = None if engine.is_over(state) else engine.prompt(state)
        if prompt is None or prompt.is_chance:
            continue
        shown = _payload("dungeonbowl", engine, state, prompt.actor)["prompt"]
        names = shown.get("names") or {}
        for option in shown["options"]:
            words = option["label"].split()
            button = " ".join(names.get(w, w) for w in words)  # as the page's script says it
            assert not RAW.search(button), button
            said += len(re.findall(r"\bP[12] #\d+\b", button))
    assert said > 50


def test_dungeonbowls_blocks_and_log_say_its_players_as_p2_space_number():
    game = get_game("dungeonbowl")
    lines, opened = 0, 0
    for engine, state, events in _events_of_a_game("dungeonbowl", 4, {}):
        pack = payloads.pack_for(game, engine)
        for event in events:
            if any(isinstance(v, str) and RAW.fullmatch(v) for v in event.values()):
                line = payloads.log_line(game, event, pack)
                lines += 1
                assert not RAW.search(line), line
                assert re.search(r"P\d #\d+", line), line
        blocks = json.dumps(_payload("dungeonbowl", engine, state, None)["blocks"])
        assert not RAW.search(blocks), [b for b in RAW.findall(blocks)]
        opened += sum(bool(c.opener) for c in state.chests)
    assert lines > 20 and opened > 0
    assert ball_words("p2#10") == "held by P2 #10"
    assert dict(game_facts({"ball": "p1#5"})["rows"])["ball"] == "held by P1 #5"
    chests = [{"no": 2, "state": "ball", "opener": "p1#8"}]
    assert chests_and_traps({"chests": chests})["rows"][0]["items"][0]["sub"] == "ball, P1 #8"
    assert (
        payloads.log_line(game, {"event": "block", "attacker": "p1#1", "defender": "p2#10"}, {})
        == "block: attacker P1 #1, defender P2 #10"
    )


# ------------------------------------------------------------------ Dodgeball's table in a browser
LAYOUT = """
(block) => {
  const cells = [...block.querySelectorAll('td')];
  const rect = (e) => e.getBoundingClientRect();
  const overflowing = cells.filter((c) => c.scrollWidth > c.clientWidth + 0.5 || c.scrollHeight > c.clientHeight + 0.5)
    .map((c) => c.innerText);
  const overlaps = [];
  // each cell's text against every other cell: the text's own box (a Range), not the cell's
  const boxes = cells.map((c) => { const r = document.createRange(); r.selectNodeContents(c); return r.getBoundingClientRect(); });
  cells.forEach((c, i) => cells.forEach((d, j) => {
    if (i === j) return;
    const a = boxes[i], b = rect(d);
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      overlaps.push([c.innerText, d.innerText]);
  }));
  const table = rect(block.querySelector('table')), box = rect(block);
  return {names: [...block.querySelectorAll('tr')].map((tr) => tr.cells[0].innerText.replace(/\\s+/g, ' ').trim()),
          overflowing, overlaps, inside: table.left >= box.left && table.right <= box.right,
          hscroll: document.documentElement.scrollWidth - window.innerWidth};
}
"""


@pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))
@pytest.mark.parametrize("width, height", [(320, 568), (390, 844)])
def test_dodgeballs_attributes_table_shows_every_name_in_full_on_a_small_phone(
    tmp_path, browser, width, height
):  # noqa: F811
    dev = Device(tmp_path, "dodgeball", {}, seed=5)
    s, rng = dev.session, random.Random(2)
    for _ in range(400):  # random legal moves on the device until the teams are on court
        if s.state.active and all(len(c.hand) == 3 for c in s.state.coaches):
            break
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    dev.app.interstitial = None
    with dev:
        phone = Phone(browser, dev, "p1")
        try:
            phone.page.set_viewport_size({"width": width, "height": height})
            block = phone.page.locator("section.block[data-kind=grid]", has_text="Players on court")
            block.wait_for()
            names = {p.id: short_name(p) for p in s.engine.pack.players}  # the one short name
            expected = [
                f"{names[p]} {c.id.upper()}"
                for c in s.state.coaches
                for p in c.players
                if c.zone.get(p) != "out"
            ]
            seen = block.evaluate(LAYOUT)
            assert seen["names"] == expected
            assert seen["overflowing"] == [] and seen["overlaps"] == [], seen
            assert seen["inside"] and seen["hscroll"] <= 0, seen
        finally:
            phone.close()


# ------------------------------------------------------------------ Dungeonbowl, a concession
def test_dungeonbowls_concession_alone_asks_a_second_tap_and_only_of_its_actor():
    from companion.games.dungeonbowl.engine import Dungeonbowl
    from tests.games.dungeonbowl.table import to_first_turn

    state = to_first_turn()
    engine = Dungeonbowl()
    mine = _payload("dungeonbowl", engine, state, "p1")["prompt"]
    confirms = {o["action"]: o.get("confirm") for o in mine["options"]}
    assert confirms.pop("p1 concede") == "Concede: P2 wins the game. Tap again to concede"
    assert set(confirms.values()) == {None}
    assert "options" not in _payload("dungeonbowl", engine, state, "p2")["prompt"]


@pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))
def test_a_concession_on_the_phone_is_sent_on_the_second_tap_only(tmp_path, browser):  # noqa: F811
    dev = Device(tmp_path, "dungeonbowl", {}, seed=3)
    s, rng = dev.session, random.Random(1)
    while not (s.prompt().actor == "p1" and "p1 concede" in (s.prompt().options or ())):
        p = s.prompt()
        dev.app.act(rng.choice(p.options) if p.options else rng.choice(s.engine.legal_actions(s.state)))
    dev.app.interstitial = None
    with dev:
        phone = Phone(browser, dev, "p1")
        page = phone.page
        page.wait_for_selector("#prompt.mine")
        count = len(s.actions)
        many = page.locator("#prompt .pick button[data-word='concede']")
        if many.count():  # word by word: the word, then Send
            many.click()
            button = page.locator("#prompt .send")
        else:
            button = page.locator("#prompt .options button[data-action='p1 concede']")
        button.click()
        assert "Tap again to concede" in button.inner_text()
        page.wait_for_timeout(600)
        assert len(s.actions) == count and not s.engine.is_over(s.state)  # nothing sent yet
        button.click()
        dev.until(lambda: len(s.actions) > count)
        assert s.actions[count] == "p1 concede" and s.engine.is_over(s.state)
        phone.close()


def _dodgeball_at(tmp_path, wanted):
    """Dodgeball on a device, P2 the computer, P1 played at random until ``wanted(prompt)``."""
    from companion.engine.runner import RandomPolicy

    dev = Device(tmp_path, "dodgeball", {"seats": {"p2": "computer:coach"}}, seed=7)
    s, policy = dev.session, RandomPolicy(1)
    while not (s.prompt().actor == "p1" and wanted(s.prompt())):
        p = s.prompt()
        dev.app.act(policy(s.engine, s.engine.public_view(s.state, "p1"), p))
    dev.app.interstitial, dev.app.results_next = None, []
    return dev


@pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))
@pytest.mark.parametrize("kind", ["turn", "card"])
def test_dodgeballs_buttons_say_each_move_once_as_the_device_does(tmp_path, browser, kind):  # noqa: F811
    """A button reads as the device's list does ("give Brick a ball", not "give a ball Brick a
    ball"; "play +2", what a card does being said in the hand beside it)."""
    verb = "give" if kind == "turn" else "play"
    dev = _dodgeball_at(
        tmp_path,
        lambda p: p.kind == kind and len(p.options or ()) <= 10 and any(f" {verb} " in o for o in p.options),
    )
    s, game = dev.session, get_game("dodgeball")
    page = payloads.build(
        game, s.engine, s.state, "p1", seats_held={}, computers=set(), pack=payloads.pack_for(game, s.engine)
    )
    labels = {o["action"]: o["label"] for o in page["prompt"]["options"]}  # the device's words
    with dev:
        phone = Phone(browser, dev, "p1")
        buttons = phone.page.locator("#prompt .options button[data-action]")
        buttons.first.wait_for()
        said = dict(zip((b.get_attribute("data-action") for b in buttons.all()), buttons.all_inner_texts()))
        hand = phone.hand()
        phone.close()
    assert said == labels
    for action, text in said.items():
        words = action.split()
        if words[1] == "give":
            assert re.fullmatch(r"give [A-Z][a-z]+ a ball", text), text
        if words[1] == "forward":
            assert re.fullmatch(r"move [A-Z][a-z]+ forward", text), text
    assert any(action.split()[1] == verb for action in said), said
    assert kind != "card" or any("adds" in chip for chip in hand), hand
