"""A computer seat that searches says so: the session calls ``on_thinking`` before a planner's
move (never before an instant policy's), the device shows it on the panel, and the phones'
page says the computer seat is thinking."""

from __future__ import annotations

from companion.device.app import DeviceApp
from companion.engine.core import Header, Prompt
from companion.engine.registry import get_game
from companion.journal import Journal
from companion.session import RefereeSession
from companion.web.payloads import prompt_for
from drivers import open_display


def days(seats: dict) -> Header:
    return Header("dungeon-days", seed=4, options={"seats": seats})


def test_the_session_says_a_planner_is_thinking_and_the_panel_shows_it(tmp_path, monkeypatch):
    planner = get_game("dungeon-days").load_policy("planner")
    monkeypatch.setattr(planner, "iterations", 3)
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)
    shown = []
    says = app.say
    monkeypatch.setattr(app, "say", lambda text, seconds=3.0: (shown.append(text), says(text, seconds)))
    session.new_game(days({"p2": "computer:planner"}))
    for _ in range(30):
        if session.engine.is_over(session.state):
            break
        prompt = session.prompt()
        session.submit(prompt.options[0])
    assert any(a.startswith("p2 ") for a in session.actions)
    assert "P2 is thinking" in shown
    assert app.notice == "P2 is thinking"


def test_an_instant_policy_is_not_announced(tmp_path):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    called = []
    session.on_thinking = called.append
    session.new_game(days({"p2": "computer:greedy"}))
    for _ in range(10):
        session.submit(session.prompt().options[0])
    assert any(a.startswith("p2 ") for a in session.actions)
    assert called == []


def test_the_phones_see_a_computer_seat_thinking():
    prompt = Prompt("p2", "turn", "p2: play a card or draw", ("p2 draw",))
    assert prompt_for(prompt, "p1", {"p2"})["text"].startswith("P2 (computer) is thinking")
    assert "thinking" not in prompt_for(prompt, "p1", set())["text"]
