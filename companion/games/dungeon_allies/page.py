"""Dungeon Allies on the phones' page (companion.web.views describes the blocks): the round
and the order of play, each player's gold, crystals, allies with their dice, monsters and
cards, and the dungeon's squares (a face-down monster is named only to a seat that looked).

It reads only the model a page view gets (the viewer's ``public_view``, the public summary,
the pack's content), so it shows nothing the viewer may not see.
"""

from __future__ import annotations

import re
from collections import Counter

from companion.web.views import text

from .words import area_of, describe, fight_said, named, prompt_words, space_name, space_says

COLOURS = ("red", "blue", "yellow", "green", "white")
# The resolution's steps, numbered as on the board (the panel's "7 trade: ..." prompts)
STEPS = {
    "1": "excursions",
    "2": "turn order",
    "3": "treasure",
    "4": "trainer",
    "5": "tavern",
    "6": "free the prisoner",
    "7": "trade",
    "8": "sorcerer",
}


def page_label(action: str, pack: dict) -> str | None:
    """A button in the words the device uses (words.py): ``p1 trade red blue`` -> "2 red for
    1 blue", ``p1 place d6 y5`` -> "d6 on yellow 5", ``p1 bless d6`` -> "double d6 (yellow)"."""
    said = describe(action, None, pack)
    return None if said == action else said


def crystals_text(colours) -> str:
    """["red", "blue", "red"] -> "2 red, 1 blue" (colours in the board's order)."""
    counts = Counter(colours)
    order = [c for c in COLOURS if c in counts] + sorted(c for c in counts if c not in COLOURS)
    return ", ".join(f"{counts[c]} {c}" for c in order) or "none"


def _crystals(colours) -> str:
    """["red", "blue"] -> "1 red, 1 blue crystals"; [] -> "no crystals"."""
    colours = list(colours)
    if not colours:
        return "no crystals"
    return crystals_text(colours) + (" crystal" if len(colours) == 1 else " crystals")


def _purse(crystals: dict) -> str:
    """The crystals a seat holds, by colour ("6 red, 1 blue"), or "no crystals"."""
    return ", ".join(f"{crystals[c]} {c}" for c in COLOURS if crystals.get(c)) or "no crystals"


def _monster(pack: dict, mid: str) -> str:
    return (pack.get("monsters") or {}).get(mid) or str(mid).replace("-", " ").capitalize()


def monsters_said(view: dict) -> str:
    """The dungeon's count as the rulebook keeps it: a monster fought leaves the board won or
    lost ("removed"; the rounds end at 8 and 16 removed), and only a won fight beats it."""
    beaten = sum(len(seat.get("monsters") or []) for seat in (view.get("seats") or {}).values())
    removed = view.get("removed", 0)
    return (
        f"{view.get('monsters_left', 0)} left, {removed} removed ({beaten} beaten)"
        if removed
        else f"{view.get('monsters_left', 0)} left"
    )


def game_facts(view: dict, pack: dict) -> dict:
    rows = [
        ["round", str(view.get("round", ""))],
        ["turn", str(view.get("turn", ""))],
        ["order", ", ".join(str(s).upper() for s in view.get("order") or []) or "-"],
        ["monsters", monsters_said(view)],
        ["crystal bag", f"{view.get('bag_size', 0)}: " + text(view.get("bag"))],
        ["gold pile", str(view.get("gold_pile", ""))],
        ["sorcerer", f"costs {view.get('cost', '')}"],
    ]
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
        {
            "label": "purse",
            "items": [{"text": f"{seat.get('gold', 0)} gold", "cls": "yellow"}]
            + [{"text": str(crystals.get(c, 0)), "sub": c, "cls": c} for c in COLOURS if c in crystals],
        },
        {
            "label": "dice placed",
            "sub": "this round",
            "items": [
                {
                    "text": str(p.get("die", "")),
                    "sub": f"on {p.get('space', '')}" + (f", {p['gold']} gold" if p.get("gold") else ""),
                }
                for p in placed
                if p.get("seat") == seat["id"]
            ],
        },
        {
            "label": "allies",
            "items": [
                {
                    "text": str(a.get("name", "")).capitalize(),
                    "sub": f"{a.get('die', '')} {a.get('skill', '')}"
                    + (" follower" if a.get("follower") else ""),
                }
                for a in seat.get("allies") or []
            ],
        },
        {"label": "monsters", "items": [{"text": _monster(pack, m)} for m in seat.get("monsters") or []]},
        {
            "label": "cards",
            "sub": f"{seat.get('card_points', 0)} points",
            "items": [{"text": str(c).replace("-", " ")} for c in seat.get("cards") or []],
        },
    ]
    mine = seat["id"] == viewer
    points = seat.get("score", 0)
    title = (
        f"{seat['id'].upper()}"
        + (" (you)" if mine else "")
        + f": {points} point"
        + ("" if points == 1 else "s")
    )
    return {"kind": "rows", "title": title, "rows": lines, "you": mine}


def board_spaces(view: dict, pack: dict) -> list[str]:
    """Every space of the board in the board's order (taken or not): the dungeon's squares,
    then turn order, treasure, trainer, tavern, prisoners, trade and the sorcerer's row."""
    out = [t["square"] for t in view.get("tiles") or []]
    out += ["order"] + [f"treasure{i}" for i in range(1, len(view.get("treasure") or []) + 1)] + ["gold"]
    out += ["train", "tavern"] + [f"prisoner{i}" for i in range(1, len(pack.get("prisoners") or []) + 1)]
    return out + ["trade"] + [f"sorcerer{i}" for i in range(1, len(view.get("row") or []) + 1)]


def board(view: dict, pack: dict, viewer: str | None) -> dict:
    """The board for static/dungeon_allies.js to draw: its areas, each space with what it needs
    and gives (words.py, as the device says it), the dice on it, and its monster when this
    viewer may see it (turned up, or looked under by this seat: the view says no more)."""
    tiles = {t["square"]: t for t in view.get("tiles") or []}
    you = (view.get("seats") or {}).get(viewer) or {}
    mine = [a["die"] for a in you.get("allies") or []]
    areas: dict[str, list[dict]] = {}
    for sp in board_spaces(view, pack):
        tile = tiles.get(sp) or {}
        name = space_name(sp)
        areas.setdefault(area_of(sp), []).append(
            {
                "id": sp,
                "name": name,
                "short": "gold" if sp == "gold" else name.rsplit(" ", 1)[-1],
                "says": space_says(sp, view, pack, viewer or ""),
                "dice": [
                    {"seat": str(p["seat"]).upper(), "die": p["die"], "you": p["seat"] == viewer}
                    for p in view.get("placed") or []
                    if p.get("space") == sp
                ],
                "monster": _monster(pack, tile["monster"]) if tile.get("monster") else "",
                "gone": bool(tile.get("removed")),
                "seen": bool(tile.get("monster")) and not tile.get("revealed"),
                "says_die": {d: space_says(sp, view, pack, viewer or "", d) for d in mine}
                if sp == "train"
                else {},
            }
        )
    seen = [f"{s['name']}: {s['monster']}" for a in areas.values() for s in a if s["seen"] and not s["gone"]]
    allies = {
        a["die"]: f"{named(a['name'])}" + (f" ({a['skill']})" if a.get("skill") else " (follower)")
        for a in you.get("allies") or []
    }
    return {
        "kind": "allies_board",
        "title": "Board",
        "seen": seen,
        "allies": allies,
        "areas": [
            {"name": name, "cls": name.split()[0] if name.endswith("dungeon") else "", "spaces": spaces}
            for name, spaces in areas.items()
        ],
    }


def page_view(model: dict) -> list[dict]:
    view, pack, viewer = model.get("view") or {}, model.get("pack") or {}, model.get("viewer")
    seats = list((view.get("seats") or {}).values())
    placed = view.get("placed") or []
    mine = [seat_rows(s, pack, viewer, placed) for s in seats if s["id"] == viewer]
    return (
        [board(view, pack, viewer), game_facts(view, pack)]
        + mine
        + [seat_rows(s, pack, viewer, placed) for s in seats if s["id"] != viewer]
    )


def page_text(prompt: dict, model: dict) -> str | None:
    """The phone's words for the panel's short prompts (None: the panel's text): a trade with
    the colours named and the rates, the tiles a player looked under with their monsters, a
    resolution step by its name. Reads only this viewer's model."""
    kind, said, mine = prompt.get("kind"), str(prompt.get("text") or ""), prompt.get("mine")
    view, pack = model.get("view") or {}, model.get("pack") or {}
    if kind == "trade":
        seat = (view.get("seats") or {}).get(prompt.get("actor"))
        rates = ", ".join(f"{n} {give} = 1 {take}" for give, n, take in pack.get("trade_rates") or [])
        has = f"{'you have' if mine else 'has'} {_purse(seat.get('crystals') or {})}" if seat else ""
        line = (
            ("Trade crystals with the merchants" if mine else "trades crystals with the merchants")
            + (f" ({has})" if has else "")
            + "."
        )
        if rates:
            line += f" Rates (either way): {rates}."
        if mine:
            line += " Trade as often as you like; done when finished."
        return line
    if kind == "seen" and mine:
        squares = said.removeprefix("you saw").split()
        tiles = {t.get("square"): t for t in view.get("tiles") or []}
        seen = [
            f"{space_name(sq)}: {_monster(pack, tiles[sq]['monster'])}"
            if (tiles.get(sq) or {}).get("monster")
            else space_name(sq)
            for sq in squares
        ]
        return (
            "You looked under "
            + ("; ".join(seen) or "no tile")
            + ". Only you know: OK when you have seen them."
        )
    if kind == "place":
        return "Place a die: choose it, then tap a lit space on the board" if mine else "places a die"
    if kind in ("spells", "reroll"):
        return prompt_words(prompt, view, pack)
    if kind == "tokens":
        asked = prompt_words(prompt, view, pack) or said
        return asked if mine else "chooses " + asked[0].lower() + asked[1:].rstrip("?")
    if kind == "peek" and mine:
        left = said.partition("(")[2].partition(" left")[0]
        return "Look under a monster: tap a lit one on the board" + (
            f" ({left} left)" if left.isdigit() else ""
        )
    if kind == "resolve":
        m = re.match(r"(\d) (\w+): (.*)", said)
        if m and m.group(1) in STEPS:
            return f"Resolution step {m.group(1)}, {STEPS[m.group(1)]}: {m.group(3)}"
    return None


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for an event in the game's words (None: the generic words): monsters by
    name, crystals by colour and count, treasure by pile."""
    kind, seat = event.get("event"), str(event.get("seat") or "").upper()
    if kind == "treasure" and not seat:  # the end of a turn refills the treasure
        drawn = event.get("crystals") or []
        piles = ", ".join(f"{c} on pile {i + 1}" for i, c in enumerate(drawn))
        return (
            f"Treasure refilled: {piles}" if piles else "No crystals left for the treasure"
        ) + f"; the gold pile is {event.get('gold', 0)}"
    if kind == "treasure":
        where = (
            "the gold pile"
            if event.get("space") == "gold"
            else f"treasure pile {str(event.get('space', '')).removeprefix('treasure')}"
        )
        got = f"{event['gold']} gold" if "gold" in event else _crystals(event.get("crystals") or [])
        return f"{seat} took {where}: {got}"
    if kind == "treasure guarded":
        where = (
            "the gold pile"
            if event.get("space") == "gold"
            else f"treasure pile {str(event.get('space', '')).removeprefix('treasure')}"
        )
        return f"{seat} could not take {where}: guarded while monsters remain"
    if kind == "traded":
        return (
            f"{seat} traded {crystals_text(event.get('gave') or [])} for {_crystals(event.get('got') or [])}"
        )
    if kind == "prisoner freed":
        return (
            f"{seat} freed a prisoner (offering {event.get('offering')}): "
            f"{_crystals(event.get('crystals') or [])}"
        )
    if kind == "turn order" and event.get("crystals") is not None:
        gains = "; ".join(
            f"{str(k).upper()} {crystals_text(v)}" for k, v in (event.get("crystals") or {}).items()
        )
        return f"Turn order now {', '.join(str(x).upper() for x in event.get('order') or [])}" + (
            f"; crystals: {gains}" if gains else ""
        )
    if kind == "revealed":
        return (
            f"{space_name(event.get('square', '')).capitalize()}: {_monster(pack, event.get('monster'))} revealed, "
            f"needs {event.get('need')}, "
            f"weak to {event.get('weak')}, {event.get('gold')} gold"
        )
    if kind == "combat":
        return (
            f"{seat} fought {_monster(pack, event.get('monster'))} at {space_name(event.get('square', ''))}: "
            f"{fight_said(event)}"
        )
    if kind == "looked":
        return f"{seat} looked under {space_name(event.get('square', ''))}"
    return _table_event(kind, seat, event, pack)


def _seats(seats) -> str:
    return ", ".join(str(x).upper() for x in seats or [])


def _card(pack: dict, cid) -> str:
    return (pack.get("cards") or {}).get(cid) or named(cid)


def _dice_rolled(event: dict) -> str:
    """ "d4 2, d6 5 (doubled)": each die with its value, and why it counts twice when it does."""
    dice, values = event.get("dice") or [], event.get("values") or []
    why = event.get("doubled") or [""] * len(dice)
    return ", ".join(f"{d} {v}" + (f" (doubled: {w})" if w else "") for d, v, w in zip(dice, values, why))


# Events said by a template over their fields (ids already made names: ``_table_event``)
SAID = {
    "turn order": "Turn order: {order}",
    "turn": "Round {round}, turn {turn}: {order} in that order",
    "round": "Round {round} begins ({removed} monsters removed so far)",
    "resolution": "Turn {turn}: the spaces are resolved",
    "placed": "{seat} placed the {die} on {space}",
    "pass": "{seat}'s {die} sits this turn out: no space is open to it",
    "rerolled": "{seat} rerolled the {die}: {value}, total now {total}",
    "reroll": "{seat} rerolls (blue crystal) the {die}",
    "bless": "{seat} blesses (yellow crystal) the {die}",
    "enhance": "{seat} enhances (green crystal) the {die}",
    "hammer": "{seat} calls the Hammer of the Gods (white crystal) on {square}",
    "illuminate": "{seat} spends a red crystal to look under a tile",
    "trained": "{seat}'s {ally} trained: {from} to {to}",
    "training forfeited": "{seat}'s {ally} cannot train: {why}",
    "follower forfeited": "{seat} forfeits the {follower}: {why}",
    "nothing to trade": "{seat} has nothing to trade",
    "follower gained": "{seat} gained the {follower} ({die}) with a bid of {bid} gold",
    "sorcerer card": "{seat} took the sorcerer card {card} for a {cost} crystal",
    "sorcerer forfeited": "{seat} could not pay a {cost} crystal for {card}",
    "monsters gone": "Every monster is off the board: the game ends with this turn",
}


def _table_event(kind, seat: str, event: dict, pack: dict) -> str | None:
    """The set-up, the turns and the dice in words (the generic words say "P1 tokens: dice
    ember d4, fern d6")."""
    if kind in SAID:
        fields = {
            "removed": 0,
            "bid": 0,
            **event,
            "seat": seat,
            "order": _seats(event.get("order")),
            "ally": named(event.get("ally")),
            "follower": named(event.get("follower")),
            "card": _card(pack, event.get("card")),
            "space": space_name(str(event.get("space", ""))),
        }
        return SAID[kind].format_map(fields)
    if kind == "dealt":
        return f"{seat} was dealt " + " and ".join(named(c) for c in event.get("characters") or [])
    if kind == "tokens":
        return f"{seat}'s dice: " + ", ".join(f"{named(c)} {d}" for c, d in (event.get("dice") or {}).items())
    if kind == "percentile":
        decided = f"; {event['decided']}" if event.get("decided") else ""
        return f"First player roll (d%): {_by_seat(event.get('rolls'))}{decided}"
    if kind == "sorcerer row":
        return "Sorcerer cards on offer: " + ", ".join(_card(pack, c) for c in event.get("row") or [])
    if kind == "follower":
        top = event.get("top")
        size = (pack.get("followers") or {}).get(top)
        return (
            f"At the tavern: {named(top)}" + (f" ({size})" if size else "") if top else "The tavern is empty"
        )
    if kind == "rolled":
        return f"{seat} rolled {_dice_rolled(event)}: {event.get('total')}, needed {event.get('need')}"
    if kind == "over":
        scores = _by_seat(event.get("scores"))
        if event.get("draw"):
            return f"Game over ({scores}): a draw"
        tie = f" on the tie-break: {event['tie_break']}" if event.get("tie_break") else ""
        return f"Game over ({scores}): {str(event.get('winner', '')).upper()} wins{tie}"
    return None


def _by_seat(values) -> str:
    """{"p1": 30, "p2": 12} -> "P1 30, P2 12"."""
    return ", ".join(f"{str(k).upper()} {v}" for k, v in (values or {}).items())
