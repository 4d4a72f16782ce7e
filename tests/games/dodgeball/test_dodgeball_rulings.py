"""The readings of the rulebook where it could be read two ways, each as the owner ruled, and
the rules whose words were misread before: teammates, organising, group counter-attacks."""
from companion.games.dodgeball.power import Context, attribute

from .court import court, new, play, refused, reveal


def on_court(s, seat: str, forward: tuple[str, ...], out: tuple[str, ...] = ()) -> None:
    coach = s.coach(seat)
    for p in coach.players:
        coach.zone[p] = "out" if p in out else "off" if p in forward else "def"
    coach.out = list(out)


def test_teammates_are_the_other_players_of_the_team():
    """Last Stand: "+1 to every attribute but CON when 3 or fewer teammates remain". With four
    of the team on court, the holder has three teammates: it applies; with five, four: not."""
    g, s = new(p1="falcons", p2="bears", abilities=True)
    on_court(s, "p1", (), out=("rita", "tomas"))                 # pip and three teammates
    assert attribute(g, s, s.coach("p1"), "pip", "DOD", Context("defend")).arithmetic() == "DOD 4+1=5"
    on_court(s, "p1", (), out=("rita",))                         # pip and four teammates
    assert attribute(g, s, s.coach("p1"), "pip", "DOD", Context("defend")).arithmetic() == "DOD 4"
    on_court(s, "p2", (), out=("ursa", "bjorn"))                 # Steady names CON too
    assert ("Steady", 1) in attribute(g, s, s.coach("p2"), "ted", "CON", Context("defend")).terms


def test_a_support_for_teammates_in_a_zone_applies_from_either_zone():
    """Front Line: "teammates in the offensive zone +1 THR": the condition names the teammates,
    not the holder, so Clay helps Anvil's throw from the defensive zone too."""
    g, s = new(p1="moles", p2="foxes", abilities=True)
    on_court(s, "p1", ("anvil",))                                # Clay in the defensive zone
    terms = attribute(g, s, s.coach("p1"), "anvil", "THR", Context("throw")).terms
    assert ("Front Line", 1) in terms
    assert ("Front Line", 1) not in attribute(g, s, s.coach("p1"), "clay", "THR", Context("throw")).terms
