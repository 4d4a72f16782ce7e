"""What one seat may see, built from an allow-list (each coach's side keyed by seat): the other coach's hand, deck order, face-
down card, rush line and the mascot/coach played with a card are never in it (only counts and
flags); before the rush's reveal the players are face down (no zones)."""

from __future__ import annotations

from companion.games.dodgeball.state import DodgeState


def secrets(c) -> dict:
    """A coach's own secrets: the hand, the face-down card and what goes with it, the rush line,
    the mascot and coach cards still held."""
    return {
        "hand": list(c.hand),
        "pick": c.pick,
        "extras": list(c.extras),
        "rush": list(c.rush),
        "mascot_card": c.mascot,
        "coach_card": c.coach,
    }


def referee_view(g, s: DodgeState) -> dict:
    """Everything, for checking a game and for bug reports: the public view with every coach's
    secrets and the deck's order (digital cards; with table cards, the cards not yet seen)."""
    view = public_view(g, s, None)
    for c in s.coaches:
        view["coaches"][c.id] |= secrets(c) | {"deck_cards": list(c.deck)}
    return view


def public_view(g, s: DodgeState, viewer: str | None) -> dict:
    coaches = {}
    for c in s.coaches:
        shown = {
            "id": c.id,
            "team": c.team,
            "players": list(c.players),
            "zone": dict(c.zone),
            "balls": dict(c.balls),
            "strays": c.strays,
            "out": list(c.out),
            "cards": len(c.hand) if s.cards == "digital" else g.pack.rules.hand_size,
            "deck": len(c.deck) if s.cards == "digital" else max(0, len(c.deck) - g.pack.rules.hand_size),
            "discard": list(c.discard),
            "picked": bool(c.pick),
            "lined_up": bool(c.rush),
            "mascot": bool(c.mascot),
            "coach": bool(c.coach),
            "protected": list(c.protected),
            "counter_used": c.counter_used,
        }
        if c.id == viewer:
            shown |= secrets(c)
        coaches[c.id] = shown
    d = s.duel
    duel = (
        None
        if d is None
        else {
            "kind": d.kind,
            "attacker": d.attacker,
            "thrower": d.thrower,
            "target": d.target,
            "supporters": list(d.supporters),
            "action": d.action,
            "active": {k: list(v) for k, v in d.active.items()},
            "deceived": d.deceived,
        }
    )
    return {
        "game": "dodgeball",
        "cards_mode": s.cards,
        "coaches": coaches,
        "active": s.active,
        "turn": s.turn,
        "must_throw": s.must_throw,
        "throws": s.throws,
        "duel": duel,
        "last": s.last,
        "duels": list(s.duels),
        "options": {
            "abilities": s.abilities,
            "group_throws": s.group_throws,
            "counter_attack": s.counter_attack,
            "mascots": s.mascots,
            "coach_cards": s.coach_cards,
        },
        "pool": list(s.pool),
        "over": s.over,
        "winner": s.winner or None,
    }
