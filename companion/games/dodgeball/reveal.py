"""The reveal: both cards shown at once, DECEIVE settled, then the duel's rule decides.

* DECEIVE: the other card has no effect and both coaches play again (a throw's defensive action
  stands). Both cards are discarded and replaced before the new choice (docs/dodgeball.md).
* The opening rush: SPD of the two forward players plus the card; a tie is replayed with
  another card each, the highest value alone winning.
* A throw or counter-attack: throws.resolve."""

from __future__ import annotations

from companion.engine.steps import QUIET, Frame, StepMachine
from companion.games.dodgeball import cards
from companion.games.dodgeball.duel import card_queue
from companion.games.dodgeball.power import Context, Power, attribute, card_value
from companion.games.dodgeball.state import DEF, OFF, DodgeState, Duel
from companion.games.dodgeball.throws import resolve, throw_powers
from companion.games.dodgeball.turns import start_turn


def reveal(g, s: DodgeState, f: Frame, ev: list[dict]) -> None:
    d = s.duel
    seats = ["p1", "p2"] if d.kind in ("rush", "tie") else [d.attacker, s.owner(d.target).id]
    picks = {seat: s.coach(seat).pick for seat in seats}
    if d.kind == "rush" and not d.deceived:
        for seat in seats:
            _line_up(s, seat)
    for seat in seats:
        coach = s.coach(seat)
        if coach.extras:
            d.active[seat] = d.active.get(seat, []) + coach.extras
            for extra in coach.extras:
                if extra == coach.mascot:
                    coach.mascot = ""
                if extra == coach.coach:
                    coach.coach = ""
            coach.extras = []
    deceive = [seat for seat in seats if g.pack.by_card[picks[seat]].kind == "deceive"]
    draws = []
    for seat in seats:
        coach = s.coach(seat)
        if cards.discard(g, s, coach, coach.pick, ev):
            draws.append(seat)
        coach.pick = ""
    if deceive:
        d.deceived += 1
        s.stats["deceives"] = s.stats.get("deceives", 0) + 1
        text = f"{' vs '.join(picks.values())}: DECEIVE, both play again"
        ev.append(
            {
                "event": "reveal",
                "kind": d.kind,
                "cards": picks,
                "deceive": deceive,
                "active": {k: list(v) for k, v in d.active.items()},
                "lines": _lines(s) if d.kind == "rush" and d.deceived == 1 else {},
                "text": text,
            }
        )
        s.last = {"kind": d.kind, "cards": picks, "deceive": deceive}
        s.duels.append({"turn": s.turn, **s.last, "text": text})
        f.data["queue"] = card_queue(s)
        cards.push_draws(s, draws)
        return
    StepMachine.pop(s)
    if d.kind in ("rush", "tie"):
        _settle_rush(g, s, d, picks, ev)
    else:
        attack, defence = throw_powers(g, s, d, picks)
        if ev is not QUIET:  # a simulation reads no events
            ev.append(
                {
                    "event": "reveal",
                    "kind": d.kind,
                    "cards": picks,
                    "deceive": [],
                    "active": {k: list(v) for k, v in d.active.items()},
                    "thrower": attack.as_dict(),
                    "target": defence.as_dict(),
                    "text": f"{d.thrower} {picks[d.attacker]} vs {d.target} {d.action} {picks[s.owner(d.target).id]}",
                }
            )
        resolve(g, s, d, attack, defence, ev)
    cards.push_draws(s, draws)


def _line_up(s: DodgeState, seat: str) -> None:
    coach = s.coach(seat)
    for p in coach.players:
        coach.zone[p] = OFF if p in coach.rush else DEF


def _lines(s: DodgeState) -> dict[str, list[str]]:
    return {c.id: list(c.rush) for c in s.coaches}


def rush_power(g, s: DodgeState, seat: str, card: str) -> Power:
    """SPD of the two forward players plus the card; CONSISTENCY adds the higher CON of the
    two (the coach chooses, and always chooses the higher)."""
    coach = s.coach(seat)
    ctx = Context("rush")
    speeds = [attribute(g, s, coach, p, "SPD", ctx) for p in coach.rush]
    power = Power("SPD", speeds[0].total, [("SPD", sp.total) for sp in speeds[1:]])
    power.terms.append((card, rush_card_value(g, s, seat, card)))
    return power


def rush_card_value(g, s: DodgeState, seat: str, card: str) -> int:
    coach = s.coach(seat)
    ctx = Context("rush")
    return max(card_value(g, s, coach, card, p, ctx, attacking=False) for p in coach.rush)


def _settle_rush(g, s: DodgeState, d: Duel, picks: dict, ev: list[dict]) -> None:
    if d.kind == "rush":
        powers = {seat: rush_power(g, s, seat, picks[seat]) for seat in ("p1", "p2")}
        shown = {seat: p.as_dict() for seat, p in powers.items()}
        totals = {seat: p.total for seat, p in powers.items()}
    else:
        totals = {seat: rush_card_value(g, s, seat, picks[seat]) for seat in ("p1", "p2")}
        shown = {
            seat: {
                "attr": "card",
                "base": totals[seat],
                "terms": [],
                "total": totals[seat],
                "text": f"{picks[seat]} = {totals[seat]}",
            }
            for seat in ("p1", "p2")
        }
    winner = "" if totals["p1"] == totals["p2"] else max(totals, key=totals.get)
    text = f"rush: P1 {shown['p1']['text']} vs P2 {shown['p2']['text']}: " + (
        f"{winner.upper()} begins" if winner else "tie, another card each"
    )
    ev.append(
        {
            "event": "reveal",
            "kind": d.kind,
            "cards": picks,
            "deceive": [],
            "active": {},
            "lines": _lines(s) if d.kind == "rush" and not d.deceived else {},
            "powers": shown,
            "winner": winner or None,
            "text": text,
        }
    )
    s.last = {"kind": d.kind, "cards": picks, "powers": shown, "winner": winner}
    s.duels.append({"turn": s.turn, **s.last, "text": text})
    if not winner:
        s.stats["rush_ties"] = s.stats.get("rush_ties", 0) + 1
        s.duel = Duel("tie")
        StepMachine.push(s, "duel", queue=["p1:card", "p2:card"])
        return
    for coach in s.coaches:
        coach.strays = g.pack.rules.strays
        coach.rush = []
    ev.append({"event": "rush_won", "seat": winner})
    s.duel = None
    start_turn(g, s, winner, ev)
