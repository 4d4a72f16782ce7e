"""A duel's choices: the rushing line, the intensity card played face down (or recorded as
revealed at the table), the target's declared defensive action; then the reveal, which hands
the duel to its rule (rush.py, throws.py).

The queue in the duel frame lists what is still to be chosen, as ``seat:what``."""

from __future__ import annotations

from companion.engine.core import IllegalAction, Prompt
from companion.engine.steps import Frame, Step
from companion.games.dodgeball import cards
from companion.games.dodgeball.labels import rush_label, short_name
from companion.games.dodgeball.state import DodgeState

ACTIONS = ("block", "dodge", "catch")


def card_queue(s: DodgeState) -> list[str]:
    d = s.duel
    if d.kind in ("rush", "tie"):
        return ["p1:card", "p2:card"]
    return [f"{d.attacker}:card", f"{s.owner(d.target).id}:card"]


def extras_held(s: DodgeState, seat: str) -> list[str]:
    """The mascot and coach cards this coach may add to a throw's card."""
    d, coach = s.duel, s.coach(seat)
    if d.kind not in ("throw", "counter"):
        return []
    return [c for c in (coach.mascot if s.mascots else "", coach.coach if s.coach_cards else "") if c]


def why_not_extra(g, s: DodgeState, seat: str, extra: str) -> tuple[str, str]:
    """Why a mascot or coach card cannot go with this card: not in play, not for this duel,
    spent already, or another coach's."""
    mascot = extra in g.pack.by_mascot
    kind, rule, option = (
        ("mascot", "Mascot cards", "mascots") if mascot else ("coach", "Coach cards", "coach_cards")
    )
    if extra not in g.pack.by_mascot and extra not in g.pack.by_coach:
        return f"{extra!r} is not a mascot or coach card", "Mascot cards"
    if not getattr(s, option):
        return f"{kind} cards are an advanced rule not in play (option {option})", rule
    if s.duel.kind not in ("throw", "counter"):
        return f"{kind} cards are played with the card of a throw or a counter-attack", rule
    held = s.coach(seat).mascot if mascot else s.coach(seat).coach
    if not held:
        return f"{seat} has used its {kind} card: once played it leaves the game", rule
    return f"{extra!r} is not {seat}'s {kind} card ({held} is)", rule


def card_options(s: DodgeState, seat: str) -> tuple[str, ...]:
    verb = "play" if s.cards == "digital" else "reveal"
    held = extras_held(s, seat)
    if not held:  # the usual: the cards alone
        return tuple(f"{seat} {verb} {card}" for card in cards.playable(s, s.coach(seat)))
    combos = [()] + [(c,) for c in held] + ([tuple(held)] if len(held) == 2 else [])
    return tuple(
        " ".join((seat, verb, card, *extra)) for card in cards.playable(s, s.coach(seat)) for extra in combos
    )


def action_options(s: DodgeState) -> tuple[str, ...]:
    d = s.duel
    coach = s.owner(d.target)
    return tuple(f"{coach.id} {a}" for a in ACTIONS if why_not_action(s, a) is None)


def why_not_action(s: DodgeState, action: str) -> str | None:
    held = s.owner(s.duel.target).balls.get(s.duel.target, 0)
    if action == "block" and not held:
        return f"{s.duel.target} holds no ball: a block needs one"
    if action == "catch" and held:
        return f"{s.duel.target} holds {held} ball{'s' * (held > 1)}: a catch needs empty hands"
    return None


class DuelChoices(Step):
    """The choices of a duel, one seat at a time; secret ones (digital cards, the rush line)
    are private prompts, revealed together."""

    rule = "Intensity cards"

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt | None:
        if not f.data["queue"]:
            return None
        seat, what = f.data["queue"][0].split(":")
        d = s.duel
        secret = s.cards == "digital"
        if what == "line":
            n = g.pack.rules.rush_forward
            players = s.coach(seat).players
            return Prompt(
                seat,
                "line",
                f"rush: {n} forward",
                None,
                private=secret,
                choice={
                    "multi": {
                        "items": list(players),
                        "min": n,
                        "max": n,
                        "verb": "forward",
                        "labels": [rush_label(g.pack.by_player[p]) for p in players],
                    }
                },
            )
        if what == "action":
            return Prompt(
                seat, "defend", f"{short_name(g.pack.by_player[d.target])} defends:", action_options(s)
            )
        title = {
            "rush": "rush card",
            "tie": "tie: another card",
            "throw": "throw card",
            "counter": "counter card",
        }[d.kind]
        if d.deceived:
            title = "DECEIVE: play again"  # the panel's title bar holds no more beside the seat
        elif not secret:
            title = f"{title}: which one?"
        else:
            title = f"{title}, face down"
        return Prompt(seat, "card", title, card_options(s, seat), private=secret)

    def explain(self, g, s: DodgeState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        seat = w[0]
        if p.kind == "card" and len(w) >= 3 and w[1] in ("play", "reveal"):
            why = cards.why_not_card(g, s, s.coach(seat), w[2])
            if why:
                return why, "Intensity cards"
            for extra in w[3:]:
                if extra not in extras_held(s, seat):
                    return why_not_extra(g, s, seat, extra)
        if p.kind == "defend" and len(w) == 2 and w[1] in ACTIONS:
            why = why_not_action(s, w[1])
            if why:
                return why, "Defending thrown balls"
        return None

    def check(self, g, s: DodgeState, f: Frame, w: list[str]) -> str | None:
        """The rush line (the only prompt without listed options): two different players of
        one's own team, in any order. Refused under the rule of the opening rush."""
        n = g.pack.rules.rush_forward
        why = None
        if w[1] != "forward" or len(w) - 2 != n or len(set(w[2:])) != n:
            why = f"the opening rush moves exactly {n} different players forward: '{w[0]} forward A B'"
        elif any(pl not in s.coach(w[0]).players for pl in w[2:]):
            why = f"{next(pl for pl in w[2:] if pl not in s.coach(w[0]).players)!r} is not a player of {w[0]}'s team"
        if why:
            raise IllegalAction(" ".join(w), why, "Opening rush")
        return None

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat, what = f.data["queue"].pop(0).split(":")
        coach = s.coach(seat)
        if what == "line":
            coach.rush = [p for p in coach.players if p in w[2:]]
        elif what == "action":
            s.duel.action = w[1]
            ev.append({"event": "defend", "seat": seat, "player": s.duel.target, "action": w[1]})
            return
        else:
            coach.pick, coach.extras = w[2], w[3:]
            cards.take_from_hand(s, coach, w[2])
        ev.append({"event": "chose", "seat": seat})

    def auto(self, g, s: DodgeState, f: Frame, ev: list[dict]) -> bool:
        if f.data["queue"]:
            return False
        from companion.games.dodgeball.reveal import reveal  # reveal builds on this module

        reveal(g, s, f, ev)
        return True
