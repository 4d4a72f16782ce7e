"""Every move of a computer seat is seen: on the device in words, a page at a time, before the
game's own result screen for what came of them (the table moves the computer's pieces by
them), and in the phones' log; a secret choice is said as one, never shown."""

from collections import deque

import pytest

from companion.engine.registry import games
from companion.ui.screens import render
from tests.device.secrets_on_the_panel import play, said_moves, table


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_the_computers_moves_show_on_the_panel_and_in_the_phones_log(tmp_path, game_id):
    t = table(tmp_path, game_id, {"p1": "human", "p2": "computer"}, 11)
    t.bridge.log = deque()  # the whole log, not the phones' last lines
    app, s = t.app, t.app.session
    shown = []
    original = app.show_events

    def watching(events, from_link):
        original(events, from_link)
        if s.computer_moves:
            assert app.interstitial is not None, (game_id, s.computer_moves)
            queue = [app.interstitial, *app.results_next]  # read one after the other, OK between
            said = said_moves(app)
            shown.append((said, list(s.computer_moves)))
            while app.interstitial is not None:
                assert render(app.model()).size == (128, 64)
                app.next_result()
            app.interstitial, app.results_next = queue[0], queue[1:]

    app.show_events = watching
    play(t, 11, limit=30)
    assert shown, "the computer never moved"
    for said, moves in shown:  # every move, whatever the game's own result screen shows
        assert len(said) == len(moves), (said, moves)
        for line, (prompt, action) in zip(said, moves):
            assert line.startswith(prompt.actor.upper())
            assert ("in secret" in line) == prompt.private
            if prompt.private:
                assert action.split()[-1] not in line
    log = list(t.bridge.log)
    assert any(isinstance(x, str) and x.endswith("(computer)") for x in log), log


def bowl_at_p1s_first_turn(tmp_path, p2: str):
    """Dungeonbowl on the device, P2 the computer (``p2``: its policy), P1 at the buttons, played
    through the set-up to P1's first turn; the clock stands still."""
    from companion.device.app import DeviceApp
    from companion.games.dungeonbowl.policies import RandomReporter
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    session = RefereeSession(Journal(tmp_path / "bowl.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 5, clock=lambda: 0.0)
    app.start_game("dungeonbowl", {"seats": {"p2": f"computer:{p2}"}})
    s = session
    while not (s.prompt().kind == "turn" and s.state.active == "p1"):
        p = s.prompt()
        assert p.actor == "p1", p
        app.act(RandomReporter(1)(s.engine, s.engine.public_view(s.state, "p1"), p))
    return app


def test_a_planners_thinking_is_not_said_once_it_has_moved(tmp_path):
    app = bowl_at_p1s_first_turn(tmp_path, "planner")
    app.act("p1 end-turn")  # P2 plans its turn; the clock has not moved since it began
    assert app.session.computer_moves
    assert app.model().get("notice") is None


def test_the_table_reads_its_own_roll_then_every_computer_move_then_what_came_of_them(tmp_path):
    """P1 falls (his armour is rolled, a turnover) and P2, the computer, plays its turn in the
    same press: P1's roll is shown on its own, then each of P2's moves in words that say what
    it did, then P2's rolls, without P1's turnover."""
    app = bowl_at_p1s_first_turn(tmp_path, "random")
    s = app.session
    app.act("p1 falls")
    faller = s.prompt().options[0].split()[-1]  # a player of P1's in the dungeon
    app.act(f"p1 fell {faller}")
    app.act("p1 av 8")
    assert s.computer_moves
    queue = [app.interstitial, *app.results_next]
    screens = [screen for screen, _ in queue]
    assert screens[0] == "bowl_roll" and screens[1] == "computer_moves", screens
    first = queue[0][1]
    assert any(e["event"] == "armour" and e["player"] == faller for e in first)
    assert any(e["event"] == "turnover" for e in first)
    assert not any(e["event"] == "turn" and e["seat"] == "p1" for e in first)
    pages = [e for _, evs in queue for e in evs if e.get("event") == "computer_moves"]
    assert [e["page"] for e in pages] == [[n, len(pages)] for n in range(1, len(pages) + 1)]
    lines = [line for e in pages for line in e["lines"]]
    assert len(lines) == len(s.computer_moves)
    for line, (prompt, _) in zip(lines, s.computer_moves):
        if prompt.kind in ("attacker", "defender", "opener", "victim", "holds", "mover", "fell"):
            assert prompt.text in line, (line, prompt.text)  # "who opens chest 3? P2 #4"
    for screen, evs in queue[2:]:
        if screen != "computer_moves":
            assert not any(e["event"] in ("armour", "turnover") and e.get("seat", "p2") == "p1" for e in evs)
            assert not any(e.get("player") == faller and e["event"] == "armour" for e in evs)


def test_a_page_of_the_computers_moves_turns_by_itself_when_nobody_presses_ok(tmp_path):
    """A table whose people all play on phones presses no OK on the panel: the pages turn by
    themselves (twice a result's time), then the game's screen is back."""
    app = bowl_at_p1s_first_turn(tmp_path, "random")
    now = [0.0]
    app.clock = lambda: now[0]
    app.act("p1 end-turn")
    queue = [app.interstitial, *app.results_next]
    assert sum(screen == "computer_moves" for screen, _ in queue) > 1  # pages
    for _ in queue:
        assert app.interstitial is not None
        now[0] += app.result_seconds * 2
        app.refresh()
    assert app.interstitial is None


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_the_phones_log_says_a_computers_move_before_what_came_of_it(tmp_path, game_id):
    """Live and when rebuilt from the journal, a computer's move in words comes before the
    events it caused: the game's end after the move that ended it, never the move after it."""
    t = table(tmp_path, game_id, {"p1": "human", "p2": "computer"}, 11)
    t.bridge.log = deque()  # the whole log, not the phones' last lines
    play(t, 11, limit=400)
    s = t.app.session
    logs = {"live": list(t.bridge.log)}
    t.bridge.log.clear()
    t.bridge.rebuild_log(s)
    logs["rebuilt"] = list(t.bridge.log)
    for how, log in logs.items():
        said = [k for k, x in enumerate(log) if isinstance(x, str) and x.endswith("(computer)")]
        ends = [k for k, x in enumerate(log) if isinstance(x, dict) and x.get("event") == "game_over"]
        assert said, (how, "the computer never moved")
        if ends:
            assert said[-1] < ends[0], (how, log[ends[0] - 3 :])
        for k in said:  # the line is followed by its events (or the next move), never first an event
            assert k + 1 == len(log) or isinstance(log[k + 1], str) or log[k + 1].get("event") != "game_over"
