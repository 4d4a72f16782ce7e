"""Dungeon Allies on the phones' page (companion.web.views describes the blocks): the round
and the order of play, each player's gold, crystals, allies with their dice, monsters and
cards, and the dungeon's squares (a face-down monster is named only to a seat that looked).

It reads only the model a page view gets (the viewer's ``public_view``, the public summary,
the pack's content), so it shows nothing the viewer may not see.
"""
from __future__ import annotations

from companion.web.views import text

COLOURS = ("red", "blue", "yellow", "green", "white")


def _monster(pack: dict, mid: str) -> str:
    return (pack.get("monsters") or {}).get(mid) or str(mid).replace("-", " ").capitalize()


def game_facts(view: dict, pack: dict) -> dict:
    rows = [["round", str(view.get("round", ""))], ["turn", str(view.get("turn", ""))],
            ["order", ", ".join(str(s).upper() for s in view.get("order") or []) or "-"],
            ["monsters", f"{view.get('monsters_left', 0)} left, {view.get('removed', 0)} beaten"],
            ["dice bag", f"{view.get('bag_size', 0)}: " + text(view.get("bag"))],
            ["gold pile", str(view.get("gold_pile", ""))], ["sorcerer", f"costs {view.get('cost', '')}"]]
    combat = view.get("combat")
    if combat:
        fight = f"{str(combat.get('seat', '')).upper()} at {combat.get('square', '')}"
        if combat.get("monster"):
            fight += f": {_monster(pack, combat['monster'])}, needs {combat.get('need', '?')}"
        if combat.get("values"):
            fight += f", rolled {text(combat['values'])}"
        rows.append(["combat", fight])
    return {"kind": "facts", "title": "Game", "rows": rows}


def seat_rows(seat: dict, pack: dict, viewer: str | None, placed: list[dict]) -> dict:
    crystals = seat.get("crystals") or {}
    lines = [
        {"label": "purse", "items": [{"text": f"{seat.get('gold', 0)} gold", "cls": "yellow"}]
         + [{"text": str(crystals.get(c, 0)), "cls": c} for c in COLOURS if c in crystals]},
        {"label": "dice placed", "sub": "this round",
         "items": [{"text": str(p.get("die", "")), "sub": f"on {p.get('space', '')}"
                    + (f", {p['gold']} gold" if p.get("gold") else "")} for p in placed if p.get("seat") == seat["id"]]},
        {"label": "allies", "items": [{"text": str(a.get("name", "")).capitalize(),
                                       "sub": f"{a.get('die', '')} {a.get('skill', '')}" + (" follower" if a.get("follower") else "")}
                                      for a in seat.get("allies") or []]},
        {"label": "monsters", "items": [{"text": _monster(pack, m)} for m in seat.get("monsters") or []]},
        {"label": "cards", "sub": f"{seat.get('card_points', 0)} points",
         "items": [{"text": str(c).replace("-", " ")} for c in seat.get("cards") or []]},
    ]
    mine = seat["id"] == viewer
    points = seat.get("score", 0)
    title = f"{seat['id'].upper()}" + (" (you)" if mine else "") + f": {points} point" + ("" if points == 1 else "s")
    return {"kind": "rows", "title": title, "rows": lines, "you": mine}


def dungeon(view: dict, pack: dict, viewer: str | None) -> dict:
    sections: dict[str, list[dict]] = {}
    for t in view.get("tiles") or []:
        looked = [str(s).upper() for s in t.get("looked") or []]
        if t.get("removed"):
            item = {"text": t["square"], "sub": _monster(pack, t["monster"]) if t.get("monster") else "beaten", "cls": "dim"}
        elif t.get("monster"):
            item = {"text": t["square"], "sub": _monster(pack, t["monster"]) + ("" if t.get("revealed") else " (you looked)"),
                    "cls": "" if t.get("revealed") else "hot"}
        else:
            item = {"text": t["square"], "sub": "face down" + (f", seen by {', '.join(looked)}" if looked else "")}
        sections.setdefault(str(t.get("section", "")), []).append(item)
    return {"kind": "rows", "title": "Dungeon",
            "rows": [{"label": name, "cls": "", "items": items} for name, items in sections.items()]}


def page_view(model: dict) -> list[dict]:
    view, pack, viewer = model.get("view") or {}, model.get("pack") or {}, model.get("viewer")
    seats = view.get("seats") or []
    placed = view.get("placed") or []
    mine = [seat_rows(s, pack, viewer, placed) for s in seats if s["id"] == viewer]
    return [game_facts(view, pack)] + mine + [seat_rows(s, pack, viewer, placed) for s in seats if s["id"] != viewer] \
        + [dungeon(view, pack, viewer)]


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for a monster's events by its name (None: the generic words)."""
    kind, seat = event.get("event"), str(event.get("seat") or "").upper()
    if kind == "revealed":
        return (f"{event.get('square')}: {_monster(pack, event.get('monster'))} revealed, needs {event.get('need')}, "
                f"weak to {event.get('weak')}, {event.get('gold')} gold")
    if kind == "combat":
        result = f"won, {event.get('gold', 0)} gold" if event.get("won") else "lost"
        return (f"{seat} fought {_monster(pack, event.get('monster'))} at {event.get('square')}: "
                f"{event.get('total')} of {event.get('need')} needed, {result}")
    if kind == "looked":
        return f"{seat} looked under {event.get('square')}"
    return None
