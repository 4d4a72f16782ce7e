"""Dungeonbowl's odds for each move the coach may report, all exact: a chest (the ball or a
blast, from the chests still closed), a teleport pad (lost in space, a second teleport's
strain), a pit trap (fake, pit or spiked, or its face once flipped), a fall or a push into a
wall (the armour roll at the player's armour value), a block, a leap, and the rolls the coaches
make themselves without the device: a dodge, going for it, a pass.

The chests' contents exist nowhere before they open (events.py), so no seat knows more than
another. Armour and injury come from the pack's tables; Blood Bowl's own rolls that the pack
does not hold (the block die, agility rolls) follow the edition the pack names (LRB6), read
for a player of agility 3 with no tackle zones.
"""

from __future__ import annotations

from companion.games.dungeonbowl.events import chest_spec
from companion.games.dungeonbowl.state import BowlState
from companion.odds import dice
from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import best_of

# [edition] LRB6 Blood Bowl: the block die's six sides, and agility rolls for agility 3.
BLOCK_DIE = ("attacker down", "both down", "push", "push", "defender stumbles", "defender down")
DODGE = 4 / 6  # AG3: 3+ to dodge (+1 for the dodge itself)
GO_FOR_IT = 5 / 6  # 2+
LEAP = 3 / 6  # AG3: 4+
QUICK_PASS, SHORT_PASS = 4 / 6, 3 / 6  # AG3: 3+ and 4+ for an accurate pass
TWO_D6 = dice.repeat(dice.die(range(1, 7)), 2)


def advise(g, s: BowlState, prompt, legal: list[str]) -> Advice | None:
    rate = RATED.get(prompt.kind)
    if rate is None:
        return None
    opts = [rate(g, s, action) for action in legal]
    if all(o.p is None for o in opts):
        return None
    best = best_of(opts, lambda o: o.p)
    return Advice(
        prompt.actor, prompt.text, opts, best.action, WHY.get(prompt.kind, "the surest of the moves")
    )


def _holds(g, s: BowlState, pid: str | None = None) -> float:
    """The chance an armour roll at ``pid``'s armour value (the pack's default if not known) holds."""
    av = s.av.get(pid, g.pack.armour.av_default) if pid else g.pack.armour.av_default
    return 1 - dice.at_least(TWO_D6, av + 1)


def _hurt(g) -> float:
    """The chance an injury roll takes the player off (KO or casualty)."""
    return sum(p for total, p in TWO_D6.items() if g.pack.band("injury", total) != "stunned")


def _chest(g, s: BowlState) -> float:
    spec = chest_spec(g, s)
    return spec.faces.count("ball") / len(spec.faces) if spec.faces else 0.0


def _pit(g) -> dict[str, float]:
    pit = g.pack.pit
    return {"fake": len(pit.fake) / 6, "pit": len(pit.pit) / 6, "spiked": len(pit.spiked) / 6}


def _turn(g, s: BowlState, action: str) -> OptionOdds:
    verb = action.split()[1]
    if verb == "chest":
        p = _chest(g, s)
        return OptionOdds(
            action,
            p,
            None,
            f"chance the chest holds the ball; else it blows up ({100 * (1 - p):.0f}%): "
            "the opener and those beside him knocked over, a turnover",
        )
    if verb == "pad":
        return OptionOdds(
            action,
            5 / 6,
            None,
            "chance the teleport lands (1 in 6 lost in space: KO box); a second "
            f"teleport this turn: an injury roll, {100 * _hurt(g):.0f}% off",
        )
    if verb == "trap":
        odds = _pit(g)
        return OptionOdds(
            action,
            odds["fake"],
            None,
            f"chance an unflipped counter is a fake; pit {100 * odds['pit']:.0f}%"
            f" (prone, armour), spiked {100 * odds['spiked']:.0f}% (injury)",
        )
    if verb == "falls":
        return OptionOdds(
            action,
            _holds(g, s),
            None,
            f"chance the armour holds (AV{g.pack.armour.av_default}); a dodge succeeds "
            f"{100 * DODGE:.0f}%, going for it {100 * GO_FOR_IT:.0f}% (AG3, no tackle zones)",
        )
    if verb == "wall":
        return OptionOdds(
            action,
            _holds(g, s),
            None,
            f"chance the armour holds (AV{g.pack.armour.av_default}, unmodified) when pushed into a wall",
        )
    if verb == "block":
        down = sum(r.startswith("defender") for r in BLOCK_DIE) / 6
        return OptionOdds(
            action,
            down,
            None,
            f"chance one block die puts the defender down (two dice, "
            f"attacker's choice: {100 * (1 - (1 - down) ** 2):.0f}%); "
            f"his armour then holds {100 * _holds(g, s):.0f}%",
        )
    if verb == "leap":
        return OptionOdds(
            action, LEAP, None, "chance the leap lands (AG3 4+, -1 per tackle zone left or entered)"
        )
    if verb == "pass":
        return OptionOdds(
            action,
            QUICK_PASS,
            None,
            f"chance a quick pass is accurate (AG3 3+); short {100 * SHORT_PASS:.0f}%",
        )
    return OptionOdds(action, None, None, "no roll decides this")


def _open(g, s: BowlState, action: str) -> OptionOdds:
    return OptionOdds(action, _chest(g, s), None, "chance this chest holds the ball (any closed chest alike)")


def _pad_mover(g, s: BowlState, action: str) -> OptionOdds:
    pid = action.split()[2]
    again = s.teleports.get(pid, 0) >= 1
    p = 5 / 6 * (0.0 if again else 1.0)
    return OptionOdds(
        action,
        p,
        None,
        "chance to arrive unhurt"
        + (
            f": teleported already this turn, the strain's injury roll takes him off {100 * _hurt(g):.0f}%"
            if again
            else " (1 in 6 lost in space)"
        ),
    )


def _pad(g, s: BowlState, action: str) -> OptionOdds:
    return OptionOdds(action, 5 / 6, None, "chance the teleport lands (the pad's own number: lost in space)")


def _trap_counter(g, s: BowlState, action: str) -> OptionOdds:
    trap = s.traps[int(action.split()[2]) - 1]
    if trap.face:
        return OptionOdds(action, 1.0 if trap.face == "fake" else 0.0, None, f"flipped: a {trap.face}")
    return OptionOdds(action, _pit(g)["fake"], None, "chance the counter is a fake (not flipped yet)")


def _victim(g, s: BowlState, action: str) -> OptionOdds:
    pid = action.split()[2]
    return OptionOdds(
        action,
        _holds(g, s, pid),
        None,
        f"chance {pid}'s armour holds (AV{s.av.get(pid, g.pack.armour.av_default)})",
    )


RATED = {
    "turn": _turn,
    "chest": _open,
    "pad": _pad,
    "mover": _pad_mover,
    "trap": _trap_counter,
    "victim": _victim,
    "falls": _victim,
    "wall": _victim,
}
WHY = {
    "turn": "a report of what happened: of the moves with a roll, the likeliest to go well",
    "chest": "every closed chest is alike",
    "pad": "every pad is alike",
    "mover": "a player not yet teleported this turn",
    "trap": "the counter most likely harmless",
    "victim": "a report of what happened: each player's armour",
    "falls": "a report of what happened: each player's armour",
    "wall": "a report of what happened: each player's armour",
}
