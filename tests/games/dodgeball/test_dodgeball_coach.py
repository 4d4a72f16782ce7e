"""The computer coach: legal, from its own view only, and far better than random play."""

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dodgeball.coach import CoachPolicy
from companion.games.dodgeball.policies import RandomPolicy
from tests.games.dodgeball.court import ENGINE, court, play


class OwnViewOnly:
    """Hands the coach its seat's view and checks it holds no other hand."""

    def __init__(self, seed):
        self.coach = CoachPolicy(seed)

    def __call__(self, engine, view, prompt):
        other = next(c for sid, c in view["coaches"].items() if sid != prompt.actor)
        assert "hand" not in other and "pick" not in other
        return self.coach(engine, view, prompt)


def test_the_coach_beats_random_play_from_either_seat():
    wins = 0
    for seed in range(40):
        coach_seat = "p1" if seed % 2 else "p2"
        seats = {coach_seat: OwnViewOnly(seed), ("p2" if coach_seat == "p1" else "p1"): RandomPolicy(seed)}
        s = ENGINE.new_state(Header("dodgeball", seed=seed))
        play_out(ENGINE, s, seats, SeededDice(seed), check=True)
        wins += s.winner == coach_seat
    assert wins >= 32, wins  # 80%; the bench measures ~93%


def test_the_coach_organises_then_throws_when_a_throw_is_compulsory():
    g, s = court(strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    coach = CoachPolicy(1)
    for _ in range(8):  # organises, then throws
        action = coach(g, g.public_view(s, "p1"), g.prompt(s))
        assert action != "p1 end"
        play(g, s, action)
        if " throw " in action:
            break
    assert s.duel is not None


def test_the_coach_catches_only_when_it_is_likely_to_hold():
    g, s = court(strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    play(g, s, "p1 give rita", "p1 throw rita sly", "p1 play +1", "p2 play +5")
    # Sly: CTH 4 + 5 = 9 against Rita's THR 6 + a card; DOD 4 + 5 = 9 too: the catch is worth more
    assert CoachPolicy(1)(g, g.public_view(s, "p2"), g.prompt(s)) == "p2 catch"
    g, s = court(strays=(3, 3), hands=(("+1", "+2", "+3"), ("+1", "+2", "+5")))
    play(g, s, "p1 give rita", "p1 throw rita vix", "p1 play +1", "p2 play +1")
    assert CoachPolicy(1)(g, g.public_view(s, "p2"), g.prompt(s)) == "p2 dodge"  # DOD 6 beats CTH 3


def test_a_computer_coach_at_the_table_plays_cards_not_yet_seen():
    s = ENGINE.new_state(Header("dodgeball", seed=4, options={"cards": "table"}))
    seats = {"p1": CoachPolicy(4), "p2": CoachPolicy(5)}
    taken = play_out(ENGINE, s, seats, SeededDice(4), check=True)  # every card checked as it is recorded
    assert s.over and any(" reveal " in a for a in taken)
    assert all(len(c.deck) + len(c.discard) == 12 for c in s.coaches)
