"""The chest's secret: what a chest holds is decided only when it opens, by a device draw from
the chests still closed that no seed predicts. Before then it is in no view, event, serial-link
line, journal row, game file or screen: a game whose chest turns out to hold the ball and one
whose chest explodes are byte for byte the same up to the moment it opens."""

from __future__ import annotations

import json
import os
import queue
import threading

from companion.device.app import DeviceApp
from companion.engine.core import ChanceSpec, Prompt
from companion.engine.dice import FreshDice, PositionalDice, SeededDice
from companion.engine.gamefile import GameRecord
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import render
from drivers import open_display, open_link
from tests.pty_reader import drain, wait_connected


class Fixed(SeededDice):
    """The fresh draw forced to one outcome, so two runs can differ in the chest alone."""

    def __init__(self, value: str):
        self.value = value

    def answer(self, prompt: Prompt) -> str:
        return prompt.chance.outcome([self.value])


def choice(prompt) -> str:
    """A coach's plain report: to the first turn, then open chest 1 with the first player."""
    if prompt.kind == "turn":
        return f"{prompt.actor} chest"
    if prompt.options:
        return prompt.options[0]
    if "number" in prompt.choice:
        return f"{prompt.actor} av {prompt.choice['number']['default']}"
    multi = prompt.choice["multi"]
    if multi["min"]:
        return f"{prompt.actor} start {' '.join(multi['items'][: multi['min']])}"
    return f"{prompt.actor} nobody"


def wait_for_lines(link, received, stop):
    """Until the peer has read the last line the device sent."""
    last = (link.sent[-1] + "\n").encode()
    for _ in range(500):
        if b"".join(received).endswith(last):
            return
        stop.wait(0.01)
    raise AssertionError("the peer never read the device's last line")


def play_to_the_chest(tmp_path, content: str) -> dict:
    """A device game over a real serial link (a pty pair) to the moment chest 1 opens, the
    chest's draw forced to ``content``; what every channel held before it opened."""
    master, slave = os.openpty()
    link = open_link(
        {"type": "serial", "port": os.ttyname(slave), "reconnect_min_s": 0.05, "reconnect_max_s": 0.2},
        queue.Queue(),
    )
    received: list[bytes] = []
    stop = threading.Event()
    reader = threading.Thread(target=drain, args=(master, stop, received), daemon=True)
    reader.start()
    seen: dict = {"views": [], "screens": [], "events": []}
    try:
        wait_connected(link, stop)
        session = RefereeSession(Journal(tmp_path / f"{content}.sqlite"))
        app = DeviceApp(session, open_display({"type": "null"}), link=link, seed_source=lambda: 5)
        app.start_game("dungeonbowl", {})
        session.dice.fresh = Fixed(content)
        for _ in range(300):
            while app.awaiting_pass() or app.hidden_after or app.interstitial:
                app.press("ok")
            prompt = session.prompt()
            g = session.engine
            seen["views"] += [g.public_view(session.state, v) for v in (None, "p1", "p2")]
            seen["views"].append(g.summary(session.state))
            seen["screens"].append(render(app.model()).tobytes())
            if prompt.kind == "opener":
                break
            app.act(choice(prompt))
        else:
            raise AssertionError("never reached a chest")
        wait_for_lines(link, received, stop)
        seen["link"] = b"".join(received).decode()
        seen["journal"] = list(session.journal.actions(session.game_id))
        seen["game_file"] = GameRecord(session.header, seen["journal"]).dumps()
        seen["state"] = session.engine.to_json(session.state)
        app.act(choice(session.prompt()))  # the opener: now the chest opens
        wait_for_lines(link, received, stop)
        seen["after_link"] = b"".join(received).decode()[len(seen["link"]) :]
        seen["after_journal"] = session.journal.actions(session.game_id)[len(seen["journal"]) :]
        seen["opened"] = session.state.chests[0].state
    finally:
        link.close()
        stop.set()
        reader.join()
        os.close(master)
        os.close(slave)
    return seen


def test_nothing_before_the_chest_opens_depends_on_what_it_holds(tmp_path):
    ball = play_to_the_chest(tmp_path, "ball")
    blast = play_to_the_chest(tmp_path, "blast")
    assert ball["opened"] == "ball" and blast["opened"] == "blast"
    for channel in ("views", "screens", "link", "journal", "game_file", "state"):
        assert ball[channel] == blast[channel], channel
    # and none of it names a chest's content
    before = json.dumps(ball["views"]) + ball["link"] + "\n".join(ball["journal"]) + ball["game_file"]
    assert "content" not in before and "open ball" not in before and "open blast" not in before
    assert "STATE " in ball["link"] and "EVENT " in ball["link"]  # the link did carry the game
    # once open, the reveal is public: the journal and the serial link say it
    assert "chance open ball" in ball["after_journal"] and "chance open blast" in blast["after_journal"]
    assert '"content":"ball"' in ball["after_link"] and '"content":"blast"' in blast["after_link"]


def test_no_seed_predicts_a_chest_the_device_draws_it_when_it_opens():
    spec = ChanceSpec("open", ("ball",) + ("blast",) * 5, 1, die="chest", by="device", unseeded=True)
    prompt = Prompt("chance", "chest_open", "chest 1 opens", chance=spec)
    dice = PositionalDice(7, fresh=Fixed("ball"))
    assert dice.answer(prompt, 40) == "chance open ball"
    dice = PositionalDice(7, fresh=Fixed("blast"))
    assert dice.answer(prompt, 40) == "chance open blast"  # same seed, same position
    assert isinstance(PositionalDice(7).fresh, FreshDice)
    seen = {FreshDice().answer(prompt) for _ in range(200)}
    assert seen == {"chance open ball", "chance open blast"}
    d6 = Prompt("chance", "roll", "d6", chance=ChanceSpec("roll", tuple("123456")))
    assert PositionalDice(7, fresh=Fixed("x")).answer(d6, 3) == PositionalDice(7).answer(
        d6, 3
    )  # dice stay seeded


def test_a_closed_chest_is_only_closed_in_the_state_and_every_view(tmp_path):
    from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn

    s = to_first_turn()
    play(s, "p1 chest", "p1 open 2", "p1 opener p1#1")
    state = json.loads(ENGINE.to_json(s))
    assert [c["state"] for c in state["chests"]] == ["closed"] * 6
    for viewer in (None, "p1", "p2"):
        chests = ENGINE.public_view(s, viewer)["chests"]
        assert all(c == {"no": c["no"], "state": "closed", "opener": None} for c in chests)
