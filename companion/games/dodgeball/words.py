"""The Dodgeball Card Game's actions in the table's words, the same on the device, the phones
and in the log (companion.engine.words): ``p1 throw ursa tuck`` -> "Ursa throws at Tuck".

A player is named by one short name everywhere (``labels.short_name``: "Brick" for Bruno
Brick), read from the pack content under ``view["pack"]["names"]``."""

from __future__ import annotations

MOVES = {
    "give": "give {p} a ball",
    "drop": "{p} drops a ball",
    "forward": "move {p} forward",
    "back": "move {p} back",
}
SAID = {
    "end": "end the turn",
    "stay": "no retreat",
    "pass": "pass",
    "dodge": "dodge",
    "catch": "catch",
    "block": "block",
}


def name(view: dict, player: str) -> str:
    """A player's short name: the pack's, else the id capitalised."""
    names = (view.get("pack") or {}).get("names") or {}
    return str(names.get(player) or str(player).capitalize())


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(action: str, view: dict) -> str | None:
    """``action`` as the table says it; None leaves it to the generic words."""
    w = action.split()
    if len(w) < 2 or w[0] == "chance":
        return "drew a card" if w[1:2] == ["draw"] else "dealt the hands" if w[1:2] == ["deal"] else None
    verb, args = w[1], w[2:]
    pack = view.get("pack") or {}
    if verb in SAID and not args:
        return SAID[verb]
    if verb == "throw" and len(args) == 2:
        return f"{name(view, args[0])} throws at {name(view, args[1])}"
    if verb == "group" and len(args) >= 3:
        return (
            f"{name(view, args[0])} throws at {name(view, args[1])} with "
            f"{_and([name(view, p) for p in args[2:]])}"
        )
    if verb == "counter" and len(args) == 2:
        return f"{name(view, args[0])} counters at {name(view, args[1])}"
    if verb in MOVES and len(args) == 1:
        return MOVES[verb].format(p=name(view, args[0]))
    if verb == "forward" and args:  # the opening rush's line
        return f"rush {_and([name(view, p) for p in args])}"
    if verb == "retreat" and len(args) == 2:
        return f"retreat {name(view, args[0])} (card {args[1]})"
    if verb == "play" and args:
        return "play " + " ".join(args)
    if verb == "team" and args:
        return (pack.get("teams") or {}).get(args[0]) or args[0].capitalize()
    if verb in ("pick", "captain") and args:
        return f"{verb} {name(view, args[0])}"
    return None
