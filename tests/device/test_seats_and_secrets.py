"""Seats, computer players and hidden information in the session and on the device, through
the three-seat toy game (tests/toygame): computer seats play themselves from their own view,
replay and resume play the same moves, undo steps over a computer's secret choice and stops at
its public move, a private prompt is passed on and hidden again, and nothing secret leaves
through events, the state line or the serial link."""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import threading

import pytest

from companion.device.app import DeviceApp
from companion.engine.core import Header
from companion.journal import Journal
from companion.session import RefereeSession, UndoRefused
from drivers import open_display, open_link
from tests.pty_reader import drain, wait_connected
from tests.toygame.testing import use_toy

SEEN_VIEWS: list[tuple[str, object]] = []


class SpyPolicy:
    """A computer player that writes down everything it is handed, then bids nothing and plays
    its first card."""

    def __init__(self, seed: int):
        self.seed = seed

    def __call__(self, engine, view, prompt):
        SEEN_VIEWS.append((prompt.actor, view))
        if prompt.options:
            return prompt.options[0]
        return f"{prompt.actor} {prompt.choice['number']['verb']} {prompt.choice['number']['min']}"


@pytest.fixture
def toy(monkeypatch):
    return use_toy(monkeypatch)


def human_choice(prompt) -> str:
    """A person's plain choice: the first card, the lowest bid."""
    if prompt.options:
        return prompt.options[0]
    number = prompt.choice["number"]
    return f"{prompt.actor} {number['verb']} {number['min']}"


def play_humans(session: RefereeSession, limit: int = 200) -> None:
    for _ in range(limit):
        if session.engine.is_over(session.state):
            return
        session.submit(human_choice(session.prompt()))
    raise AssertionError("the game never ended")


def header(seed=3, **seats):
    return Header("toy", seed=seed, options={"players": 3, "seats": seats or {"p2": "computer:random"}})


def test_computer_seats_play_themselves_and_are_journaled(tmp_path, toy):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(header())
    play_humans(s)
    moves = [a for a in s.actions if a.startswith("p2 ")]
    assert moves, "the computer seat never moved"
    assert s.journal.actions(s.game_id) == s.actions
    # a person never answered for p2: every p2 line came from the session itself
    assert s.engine.summary(s.state)["over"]


def test_replay_and_resume_play_the_same_computer_moves(tmp_path, toy):
    first = RefereeSession(Journal(tmp_path / "a.sqlite"))
    first.new_game(header(seed=8))
    for _ in range(9):
        first.submit(human_choice(first.prompt()))
    again = RefereeSession(Journal(tmp_path / "b.sqlite"))
    again.new_game(header(seed=8))
    for _ in range(9):
        again.submit(human_choice(again.prompt()))
    assert again.actions == first.actions  # the same seed: the same moves
    resumed = RefereeSession(Journal(tmp_path / "a.sqlite"))
    assert resumed.resume()
    assert resumed.actions == first.actions
    assert resumed.engine.to_json(resumed.state) == first.engine.to_json(first.state)
    play_humans(first)
    play_humans(resumed)
    assert resumed.actions == first.actions  # and the rest of the game too


def test_a_computer_seat_sees_only_its_own_view(tmp_path, toy, monkeypatch):
    from companion.engine import registry

    spy = dataclasses.replace(toy, policies=(("spy", f"{__name__}:SpyPolicy"),))
    monkeypatch.setitem(registry._REGISTERED, toy.id, spy)
    SEEN_VIEWS.clear()
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(header(p2="computer:spy"))
    play_humans(s)
    assert SEEN_VIEWS
    for seat, view in SEEN_VIEWS:
        assert isinstance(view, dict) and seat == "p2"
        for other in view["seats"]:
            if other["id"] != "p2":
                assert "hand" not in other, f"p2 was shown {other['id']}'s hand"
        mine = next(x for x in view["seats"] if x["id"] == "p2")
        assert isinstance(mine["hand"], list)  # its own cards it may see


def test_undo_steps_over_a_computer_secret_choice_but_not_its_public_move(tmp_path, toy):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(header(seed=3))
    s.submit("p1 bid 0")  # p2, a computer, bids after it: public
    assert s.actions[-1].startswith("p2 bid ")
    with pytest.raises(UndoRefused, match="the computer has answered it"):
        s.undo()
    while not (s.prompt().kind == "pick" and s.prompt().actor == "p1"):
        s.submit(human_choice(s.prompt()))
    before = s.engine.to_json(s.state)
    n = len(s.actions)
    s.submit(human_choice(s.prompt()))  # p1 picks face down, then p2 does
    assert s.actions[n].startswith("p1 play ") and s.actions[n + 1].startswith("p2 play ")
    dropped = s.undo()  # both go: p2's choice answered nothing
    assert len(dropped) == 2 and s.actions == s.journal.actions(s.game_id) == s.actions[:n]
    assert s.engine.to_json(s.state) == before
    assert s.last_undone == "undone: P1's secret"  # the card itself is not shown


def device(tmp_path, link=None):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), link=link, seed_source=lambda: 5)
    return session, app


def read_results(app) -> None:
    """OK through the result screens (public: what the table saw happen)."""
    while app.interstitial is not None:
        app.press("ok")


def test_a_private_prompt_is_passed_on_then_hidden_again(tmp_path, toy):
    session, app = device(tmp_path)
    app.start_game("toy", {"players": 3, "seats": {"p2": "computer"}})
    while session.prompt().kind != "pick":
        app.act(human_choice(session.prompt()))
    read_results(app)
    assert session.prompt().actor == "p1" and session.prompt().private
    model = app.model()
    assert model["seat"] == "p1" and model["title"] == "Pass to P1"
    assert model["prompt"] == {"actor": "p1", "kind": "pick"}  # nothing private is drawn yet: no options,
    assert model["view"] == session.engine.public_view(session.state, None)  # the spectator's view
    app.press("down")  # any other button: still waiting
    assert app.model()["title"] == "Pass to P1"
    app.press("ok")
    model = app.model()
    assert model.get("viewer", "p1") == "p1" and "prompt" in model
    app.act(human_choice(session.prompt()))  # p1 picks; p2 (computer) picks
    assert app.viewer() is None  # p3's cards wait for p3 to hold it
    read_results(app)
    model = app.model()  # p3 next, in secret: pass to p3
    assert session.prompt().actor == "p3" and model["title"] == "Pass to P3"
    app.press("ok")
    app.act(human_choice(session.prompt()))  # the cards are revealed together
    model = app.model()  # hidden again before the next screen:
    assert app.hidden_after is None and app.interstitial is not None  # by the reveal, public to all
    assert model["view"] == session.engine.public_view(session.state, None)
    read_results(app)
    assert "prompt" in app.model() and app.viewer() is None  # a public prompt: no one's secrets


def test_nothing_secret_leaves_through_events_or_the_state_line(tmp_path, toy):
    """Over a real serial link on a pty pair: every EVENT and STATE line the peer reads is
    public; no hand dealt by the device appears in any of them."""
    master, slave = os.openpty()
    link = open_link(
        {"type": "serial", "port": os.ttyname(slave), "reconnect_min_s": 0.05, "reconnect_max_s": 0.2},
        queue.Queue(),
    )
    received: list[bytes] = []
    stop = threading.Event()
    reader = threading.Thread(target=drain, args=(master, stop, received), daemon=True)
    reader.start()
    try:
        wait_connected(link, stop)
        session, app = device(tmp_path, link)
        app.start_game("toy", {"players": 3, "seats": {"p2": "computer", "p3": "computer"}})
        for _ in range(200):
            if session.engine.is_over(session.state):
                break
            while app.awaiting_pass() or app.hidden_after or app.interstitial:
                app.press("ok")
            app.act(human_choice(session.prompt()))
        assert session.engine.is_over(session.state)
        sent = len(link.sent)
        for _ in range(500):  # until the peer has read every line
            if b"".join(received).count(b"\n") >= sent:
                break
            stop.wait(0.01)
    finally:
        link.close()
        stop.set()
        reader.join()
        os.close(master)
        os.close(slave)
    lines = b"".join(received).decode().splitlines()
    dealt = [a.split()[2:] for a in session.actions if a.startswith("chance deal ")]
    assert len(dealt) == 3
    out = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith(("EVENT ", "STATE "))]
    assert any(e.get("event") == "dealt" for e in out) and any("scores" in e for e in out)
    for data in out:
        for key, value in _walk(data):
            assert key != "hand", data  # no seat's hand
            if isinstance(value, list):
                items = {str(v) for v in value}
                assert not any(set(hand) <= items for hand in dealt), data  # no dealt hand listed


def _walk(x, key=""):
    """Every (key, value) pair in a JSON value, nested ones too."""
    yield key, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _walk(v, k)
    elif isinstance(x, list):
        for v in x:
            yield from _walk(v, key)


def test_correct_last_dice_never_reopens_a_draw_the_device_made(tmp_path, toy):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"))
    s.new_game(header(seed=3))
    assert s.actions[0].startswith("chance deal ")  # p1's hidden hand, dealt by the device
    assert s.last_chance_index() is None  # nothing the table rolled yet
    with pytest.raises(ValueError, match="not a recorded roll"):
        s.correct(0, "chance deal 1 2 3")
    while not any(a.startswith("chance roll ") for a in s.actions):
        s.submit(human_choice(s.prompt()))
    roll = next(i for i, a in enumerate(s.actions) if a.startswith("chance roll "))
    assert s.last_chance_index() == roll  # the table's dice can be corrected
    assert s.journal.actions(s.game_id)[0] == s.actions[0]  # and the refused correction changed nothing


@pytest.mark.parametrize("mode", ["manual", "camera", "digital"])
def test_the_device_answers_its_own_draws_and_the_table_rolls_only_digitally(tmp_path, toy, mode):
    s = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode=mode)
    s.new_game(header(seed=3, p2="human"))
    assert [a.split()[1] for a in s.actions] == ["deal", "deal", "deal", "draw"]  # by="device"
    while not s.prompt().is_chance and not any(a.startswith("chance roll ") for a in s.actions):
        s.submit(human_choice(s.prompt()))
    if mode == "digital":  # the session rolled the mixed dice
        roll = next(a for a in s.actions if a.startswith("chance roll "))
        assert s.journal.actions(s.game_id).count(roll) >= 1
        return
    spec = s.prompt().chance  # a person or the camera answers it
    assert spec.by == "table" and spec.dice is not None
    assert not any(a.startswith("chance roll ") for a in s.actions)
    s.submit(spec.outcome([d.faces[0] for d in spec.dice]))
    assert any(a.startswith("chance roll ") for a in s.actions)
