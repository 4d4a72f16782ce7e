"""Every move of a computer seat is seen: on the device as a result screen in words (unless the
game's own result screen shows what came of it), and in the phones' log; a secret choice is
said as one, never shown."""

import pytest

from companion.engine.registry import games
from companion.ui.screens import render
from tests.device.secrets_on_the_panel import play, table


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_the_computers_moves_show_on_the_panel_and_in_the_phones_log(tmp_path, game_id):
    t = table(tmp_path, game_id, {"p1": "human", "p2": "computer"}, 11)
    app, s = t.app, t.app.session
    shown = []
    original = app.show_events

    def watching(events, from_link):
        original(events, from_link)
        if s.computer_moves:
            assert app.interstitial is not None, (game_id, s.computer_moves)
            screen, evs = app.interstitial
            said = [line for e in evs if e.get("event") == "computer_moves" for line in e["lines"]]
            assert said or screen != "computer_moves"
            shown.append((screen, said, list(s.computer_moves)))
            frame = render(app.model())
            assert frame.size == (128, 64)

    app.show_events = watching
    play(t, 11, limit=30)
    assert shown, "the computer never moved"
    for _screen, said, moves in shown:
        if said:
            assert len(said) == len(moves)
            for line, (prompt, action) in zip(said, moves):
                assert line.startswith(prompt.actor.upper())
                assert ("in secret" in line) == prompt.private
                if prompt.private:
                    assert action.split()[-1] not in line
    log = list(t.bridge.log)
    assert any(isinstance(x, str) and x.endswith("(computer)") for x in log), log
