"""Game files carry any game's seats and options; a refused option is named at its own line."""

import pytest

from companion.engine.gamefile import loads
from companion.engine.runner import ReplayError, replay

FILE = """\
# Dungeon Companion game file, format 1
game = "dungeon-ball"
seed = 3
[options]
players = 2
kicking = "luck"
seats = { p3 = "computer" }
---
p1 team orcs
"""


def test_players_and_seats_are_read_with_their_lines():
    record = loads(FILE.replace("p3", "p2"), "seats.game")
    assert record.header.options == {"players": 2, "kicking": "luck", "seats": {"p2": "computer"}}
    assert record.header_lines["options"] == 4 and record.header_lines["options.seats"] == 7
    again = loads(record.dumps(), "again.game")
    assert again.header == record.header and again.actions == ["p1 team orcs"]
    _, state = replay(record)
    assert [p.kicking for p in state.players] == ["luck", "luck"]


def test_a_seat_the_game_lacks_is_named_at_its_line():
    with pytest.raises(ReplayError, match=r"^bad\.game:7: options\.seats\.p3: not a seat of Dungeon Ball"):
        replay(loads(FILE, "bad.game"))


def test_an_option_without_its_own_line_is_named_at_the_options_line():
    text = FILE.replace(
        '[options]\nplayers = 2\nkicking = "luck"\nseats = { p3 = "computer" }\n',
        "options = { players = 3 }\n",
    )
    with pytest.raises(
        ReplayError, match=r"^bad\.game:4: options\.players: Dungeon Ball takes 1 \(solo\) or 2"
    ):
        replay(loads(text, "bad.game"))


def test_one_player_is_a_solo_game():
    _, state = replay(loads(FILE.replace("players = 2", "players = 1").replace("p3", "p1"), "solo.game"))
    assert state.solo["level"] == "I" and state.solo["ai"] == "p2"
