"""The readings of the rulebook where it could be read two ways, each as the owner ruled, and
the rules whose words were misread before: teammates, organising, group counter-attacks."""

from companion.games.dodgeball.power import Context, attribute

from .court import court, new, play, refused


def on_court(s, seat: str, forward: tuple[str, ...], out: tuple[str, ...] = ()) -> None:
    coach = s.coach(seat)
    for p in coach.players:
        coach.zone[p] = "out" if p in out else "off" if p in forward else "def"
    coach.out = list(out)


def test_teammates_are_the_other_players_of_the_team():
    """Last Stand: "+1 to every attribute but CON when 3 or fewer teammates remain". With four
    of the team on court, the holder has three teammates: it applies; with five, four: not."""
    g, s = new(p1="falcons", p2="bears", abilities=True)
    on_court(s, "p1", (), out=("rita", "tomas"))  # pip and three teammates
    assert attribute(g, s, s.coach("p1"), "pip", "DOD", Context("defend")).arithmetic() == "DOD 4+1=5"
    on_court(s, "p1", (), out=("rita",))  # pip and four teammates
    assert attribute(g, s, s.coach("p1"), "pip", "DOD", Context("defend")).arithmetic() == "DOD 4"
    on_court(s, "p2", (), out=("ursa", "bjorn"))  # Steady names CON too
    assert ("Steady", 1) in attribute(g, s, s.coach("p2"), "ted", "CON", Context("defend")).terms


def test_a_support_for_teammates_in_a_zone_applies_from_either_zone():
    """Front Line: "teammates in the offensive zone +1 THR": the condition names the teammates,
    not the holder, so Clay helps Anvil's throw from the defensive zone too."""
    g, s = new(p1="moles", p2="foxes", abilities=True)
    on_court(s, "p1", ("anvil",))  # Clay in the defensive zone
    terms = attribute(g, s, s.coach("p1"), "anvil", "THR", Context("throw")).terms
    assert ("Front Line", 1) in terms
    assert ("Front Line", 1) not in attribute(g, s, s.coach("p1"), "clay", "THR", Context("throw")).terms


def test_the_coaches_are_keyed_by_seat_and_every_duel_is_logged():
    """A referee checks one coach alone (``coaches["p2"]``) and every duel's arithmetic, not only
    the last one's."""
    g, s = court(strays=(3, 3))
    play(
        g,
        s,
        "p1 give rita",
        "p1 give tomas",
        "p1 forward tomas",
        "p1 throw rita vix",
        "p1 play +1",
        "p2 play +3",
        "p2 dodge",
        "chance draw +4",
        "chance draw +4",
    )
    play(
        g, s, "p1 throw tomas vix", "p1 play +2", "p2 play +2", "p2 dodge", "chance draw +1", "chance draw +1"
    )
    view = g.public_view(s, None)
    assert set(view["coaches"]) == {"p1", "p2"} and view["coaches"]["p2"]["id"] == "p2"
    log = view["duels"]
    assert [(d["turn"], d["thrower_id"], d["target_id"]) for d in log] == [
        (1, "rita", "vix"),
        (1, "tomas", "vix"),
    ]
    assert all(d["thrower"]["text"] in d["text"] and d["target"]["text"] in d["text"] for d in log)
    assert log[0]["thrower"]["text"].startswith("THR ") and log[-1] == {
        **view["last"],
        "turn": 1,
        "attacker": "p1",
        "text": log[-1]["text"],
    }


def test_a_second_counter_attack_is_refused_under_the_counter_attack_rule():
    """ "Each coach may perform only one counter-attack during the entire opposing attack turn":
    a second is refused naming that rule, not the turn order."""
    from tests.games.dodgeball.test_dodgeball_advanced import counter_court

    g, s = counter_court()
    play(
        g,
        s,
        "p2 counter lena tomas",
        "p2 play +2",
        "p1 play +2",
        "p1 dodge",
        "chance draw +1",
        "chance draw +1",
    )
    refused(
        g,
        s,
        "p2 counter lena rita",
        "p2 has made its counter-attack this turn: each coach may perform only one",
        "Counter-attack",
    )
