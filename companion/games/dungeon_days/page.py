"""Dungeon Days on the phones' page (companion.web.views describes the blocks): whose turn,
the deck and the discard pile, every board's seven days (each pile bottom to top, with the
day's points), and the viewer's own hand with what each card does.

It reads only the model a page view gets: the viewer's ``public_view`` (other hands are a
count, the deck a size), the public summary (each day's points and why) and the pack's
content, so it shows nothing the viewer may not see.
"""

from __future__ import annotations

from companion.games.dungeon_days.words import seats_named

DAYS = {
    "mon": "Monday",
    "tue": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}


def page_pack(engine) -> dict:
    """Each card's type and text (the panel's pack_info has its code and a short text)."""
    return {
        "cards": {
            cid: {"type": c.type, "text": c.text, "code": c.code, "points": c.points}
            for cid, c in engine.pack.cards.items()
        }
    }


def page_names(pack: dict) -> dict:
    """The words of a turn's line as a player says them: card names, boards, days."""
    names = {cid: cid.capitalize() for cid in pack.get("cards") or {}}
    names.update({d: DAYS.get(d, d.capitalize()) for d in pack.get("days") or []})
    names.update({f"p{n}": f"on P{n}'s board" for n in range(1, 7)})
    return names


def _card(cid: str) -> str:
    return str(cid).capitalize()


def _code(pack: dict, cid: str) -> str:
    return (pack.get("codes") or {}).get(cid) or str(cid)[:3].upper()


def game_facts(view: dict, pack: dict) -> dict:
    rows = [
        ["to play", str(view.get("turn") or "-").upper()]
        if not view.get("over")
        else ["ended", seats_named(view.get("ended") or "-")],
        ["deck", f"{view.get('deck', 0)} cards to draw"],
        ["discard", ", ".join(_card(c) for c in view.get("discard") or []) or "-"],
    ]
    if view.get("last"):
        rows.append(["last", last_words(str(view["last"]))])
    if view.get("mode") == "score":
        rows.append(
            ["scoring", f"entering {DAYS.get((pack.get('days') or [''] * 7)[int(view.get('day') or 0)], '')}"]
        )
    return {"kind": "facts", "title": "Game", "rows": rows}


def last_words(line: str) -> str:
    """``p2 play mimic p1 tue`` -> "P2 played Mimic on P1's Tuesday"."""
    w = line.split()
    if len(w) >= 5 and w[2] == "transportation":  # whose stacks changed places
        return f"{w[0].upper()} played Transportation: swapped {w[0].upper()}'s {DAYS.get(w[4], w[4])} with {w[3].upper()}'s"
    if len(w) >= 5 and w[1] == "play":
        words = f"{w[0].upper()} played {_card(w[2])} on {w[3].upper()}'s {DAYS.get(w[4], w[4])}"
        if len(w) >= 7:
            words += f", taking {_card(w[5])} for {_card(w[6])}"
        return words
    if len(w) >= 2 and w[1] in ("draw", "pass"):
        return f"{w[0].upper()} {'drew a card' if w[1] == 'draw' else 'passed'}"
    return line


def board(seat: dict, days: list[dict], pack: dict, viewer: str | None, turn: str) -> dict:
    """Seven columns: the day, its pile bottom to top (card codes), its points."""
    names = pack.get("days") or list(DAYS)
    piles = seat.get("board") or [[] for _ in names]
    scored = {d.get("day"): d for d in days}
    head = [{"text": d.capitalize(), "cls": "head"} for d in names]
    cells = [
        {
            "text": "\n".join(_code(pack, c) for c in pile) or "-",
            "title": ", ".join(_card(c) for c in pile) or "empty",
        }
        for pile in piles
    ]
    points = [
        {
            "text": str((scored.get(d) or {}).get("points", "")),
            "cls": "sum",
            "title": (scored.get(d) or {}).get("why", ""),
        }
        for d in names
    ]
    mine = seat["id"] == viewer
    title = (
        f"{seat['id'].upper()}" + (" (you)" if mine else "") + f": {_count(seat.get('score', 0), 'point')}, "
        f"{seat.get('cards', 0)} in hand"
        + (", week done" if seat.get("week") else "")
        + (", to play" if seat["id"] == turn else "")
    )
    rows = [head, cells] + ([points] if scored else [])  # a day's points once the summary gives them
    return {"kind": "grid", "title": title, "rows": rows, "fit": True, "you": mine}


def _count(n, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def card_words(card: dict, cid: str = "") -> str:
    """What a card is, scores and does: "creature, 3 points: Just left of a creature" (the
    Mimic's points vary: its printed 0 is not what it scores)."""
    kind = card.get("type", "")
    points = "points vary" if cid == "mimic" else _count(card.get("points", 0), "point")
    what = kind + (f", {points}" if kind == "creature" else "")
    return f"{what}: {card.get('text', '')}".strip(": ")


def hand(view: dict, pack: dict, viewer: str | None) -> list[dict]:
    seat = next((s for s in view.get("seats", []) if s["id"] == viewer and "hand" in s), None)
    if seat is None:
        return []
    cards = pack.get("cards") or {}
    items = [
        {"text": f"{_card(c)} ({_code(pack, c)})", "sub": card_words(cards.get(c) or {}, c)}
        for c in seat.get("hand") or []
    ]
    return [{"kind": "cards", "title": "Your hand", "private": True, "items": items}]


def page_view(model: dict) -> list[dict]:
    view, pack, viewer = model.get("view") or {}, model.get("pack") or {}, model.get("viewer")
    summary = model.get("summary") or {}
    turn = "" if view.get("over") else str(view.get("turn") or "")
    boards = [
        board(s, (summary.get("days") or {}).get(s["id"]) or [], pack, viewer, turn)
        for s in view.get("seats", [])
    ]
    mine = [b for b in boards if b.get("you")]
    return (
        [game_facts(view, pack)]
        + hand(view, pack, viewer)
        + mine
        + [b for b in boards if not b.get("you")]
        + legend(view, pack)
    )


def legend(view: dict, pack: dict) -> list[dict]:
    """The codes on the boards, with each card's name and rule (the boards have room for 3 letters)."""
    cards = pack.get("cards") or {}
    shown = sorted(
        {c for s in view.get("seats", []) for pile in s.get("board") or [] for c in pile},
        key=lambda c: _code(pack, c),
    )
    rows = [
        [_code(pack, c), f"{_card(c)}: {(cards.get(c) or {}).get('text', '')}".rstrip(": ")] for c in shown
    ]
    return [{"kind": "facts", "title": "On the boards", "rows": rows}] if rows else []


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for an event in the table's words (None: the generic words)."""
    kind, seat = event.get("event"), str(event.get("seat") or "").upper()
    if kind == "play":
        swap = [event.get("took"), event.get("gave")] if event.get("took") else []
        line = [seat, "play", event.get("card"), event.get("board"), event.get("day"), *swap]
        return last_words(" ".join(str(x) for x in line))
    if kind == "drew":
        return f"{seat} drew a card" + (
            f" ({event['deck']} left)" if isinstance(event.get("deck"), int) else ""
        )
    if kind == "over":
        scores = ", ".join(f"{s.upper()} {n}" for s, n in (event.get("scores") or {}).items())
        return f"Game over: {seats_named(str(event.get('why', '')))}; {scores}"
    return None
