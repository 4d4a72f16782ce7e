"""What a referee checking a game reads in the view: each player's status, where the ball is,
why the last turn ended, the apothecaries and Igors used."""

from tests.games.dungeonbowl.table import ENGINE, play, to_first_turn


def status(s, seat: str) -> dict:
    return next(t for t in ENGINE.public_view(s, None)["teams"] if t["seat"] == seat)["status"]


def test_each_players_status_follows_the_events():
    """Knocked down: prone; stunned on the injury table: face down until the end of his team's
    next turn, then prone; standing again once reported acting; a pit trap: in a pit."""
    s = to_first_turn()
    assert status(s, "p2")["2"] == "standing" and status(s, "p2")["9"] == "reserves"
    play(
        s,
        "p1 block",
        "p1 attacker p1#1",
        "p1 defender p2#2",
        "p1 result down",
        "p2 av 7",
        "chance roll 4 4",
        "chance roll 1 2",
    )  # armour broken, stunned
    assert status(s, "p2")["2"] == "stunned"
    play(s, "p1 end-turn")
    assert status(s, "p2")["2"] == "stunned"  # his team's next turn is this one
    play(s, "p2 end-turn")
    assert status(s, "p2")["2"] == "prone"
    play(s, "p1 wall", "p1 pushed p2#3", "p2 av 7", "chance roll 4 4", "chance roll 4 4")
    assert status(s, "p2")["3"] == "ko"
    play(s, "p1 end-turn", "p2 block", "p2 attacker p2#2", "p2 defender p1#1", "p2 result push")
    assert status(s, "p2")["2"] == "standing"
    play(
        s,
        "p2 trap",
        "p2 trap-counter 1",
        "p2 victim p2#4",
        "p2 how moved",
        "chance roll 4",
        "p2 av 9",
        "chance roll 1 1",
    )
    assert status(s, "p2")["4"] == "in a pit"


def test_the_ball_why_the_turn_ended_and_the_apothecaries_used():
    s = to_first_turn(inducements=["p1 buy apothecary"])
    view = ENGINE.public_view(s, None)
    assert view["ball_at"] == {"where": "chest", "holder": None, "chests": [1, 2, 3, 4, 5, 6]}
    play(s, "p1 falls", "p1 fell p1#3", "p1 av 9", "chance roll 1 1")
    view = ENGINE.public_view(s, None)
    assert view["last_turn"] == {"seat": "p1", "turn": 1, "why": "P1 #3 was knocked down (fell over)"}
    play(s, "p2 wall", "p2 pushed p1#2", "p1 av 7", "chance roll 4 4", "chance roll 4 4", "p1 apothecary")
    p1 = next(t for t in ENGINE.public_view(s, None)["teams"] if t["seat"] == "p1")
    assert p1["apothecaries_used"] == 1 and p1["apothecaries"] == 0 and p1["status"]["2"] == "reserves"
    play(s, "p2 end-turn")
    assert ENGINE.public_view(s, None)["last_turn"] == {
        "seat": "p2",
        "turn": 2,
        "why": "the coach ended the turn",
    }
