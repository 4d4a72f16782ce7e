"""Dungeon Allies' placement screen: the word chooser (die, then space) over a map of the
excursion board, with one line saying what the highlighted die or space is (a treasure's
crystals, a card and its cost, the follower and the bid to beat, a tile a red crystal showed).

The map: one row per section (yellow, blue, red), a box per square. A removed monster leaves
no box; a box is filled where the player to place has dice, crossed where another player
has them, dotted where he looked under it; the highlighted square is framed."""
from __future__ import annotations

import re

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import W, Canvas
from companion.ui.generic import seat_name, strip
from companion.ui.menus import draw_list

PLACE = "allies_place"
CELL, ROWS_Y = 10, (11, 18, 25)
SECTIONS = ("yellow", "blue", "red")
COLOUR_INITIAL = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "white": "W"}


def _mine(view: dict, actor: str, square: str) -> list[str]:
    return [p["die"] for p in view.get("placed", []) if p["space"] == square and p["seat"] == actor]


def _theirs(view: dict, actor: str, square: str) -> str:
    return next((p["seat"] for p in view.get("placed", []) if p["space"] == square and p["seat"] != actor), "")


def draw_map(c: Canvas, view: dict, actor: str, highlight: str) -> None:
    for row, section in enumerate(SECTIONS):
        tiles = [t for t in view.get("tiles", []) if t["section"] == section]
        y = ROWS_Y[row]
        for i, t in enumerate(tiles):
            x = i * CELL + 1
            if t["square"] == highlight:
                c.rect(x - 1, y - 1, x + CELL - 2, y + 6, outline=1)
            if t["removed"]:
                continue
            if _mine(view, actor, t["square"]):
                c.fill(x, y, x + CELL - 4, y + 5, 1)
            else:
                c.rect(x, y, x + CELL - 4, y + 5, outline=1)
                if _theirs(view, actor, t["square"]):
                    c.hline(x, x + CELL - 4, y + 2)
                    c.hline(x, x + CELL - 4, y + 3)
                elif t["monster"] and not t["revealed"]:
                    c.fill(x + 2, y + 2, x + 3, y + 3, 1)


def describe(m: dict, word: str, chosen: list[str]) -> str:
    """One short line about a die or a space, from the view and the pack."""
    v, pack = m.get("view") or {}, m.get("pack") or {}
    actor = (m.get("prompt") or {}).get("actor", "")
    me = (v.get("seats") or {}).get(actor) or {"allies": [], "crystals": {}, "gold": 0}
    placed = v.get("placed", [])
    if word == "red":
        return f"look under 2 tiles ({me['crystals'].get('red', 0)} red)"
    ally = next((a for a in me["allies"] if a["die"] == word), None)
    if ally is not None and not chosen:
        return f"{word}: {ally['name']}" + (f" ({ally['skill']})" if ally["skill"] else " (follower)")
    tile = next((t for t in v.get("tiles", []) if t["square"] == word), None)
    if tile is not None:
        other = _theirs(v, actor, word)
        if other:
            return f"{word}: {seat_name(m, other)}'s fight"
        if tile["monster"]:
            mon = pack.get("monster_stats", {}).get(tile["monster"], {})
            k = SECTIONS.index(tile["section"])
            return (f"{mon.get('name', tile['monster'])} {mon.get('need', [0, 0, 0])[k]}+ "
                    f"{mon.get('gold', [0, 0, 0])[k]}g {mon.get('weak', '')}")
        mine = _mine(v, actor, word)
        return f"{word}: face down" + (f", your {'+'.join(mine)}" if mine else "")
    if word == "order":
        taken = sum(p["space"] == "order" for p in placed)
        return f"turn order {taken + 1}: +{pack.get('turn_order', ['?'] * 5)[taken]}"
    if word.startswith("treasure"):
        pile = v.get("treasure", [[]] * 4)[int(word[8:]) - 1]
        guarded = any(c in ("green", "white") for c in pile) and v.get("monsters_left", 1)
        return f"{word}: " + (" ".join(pile) + (" (guarded)" if guarded else "") if pile else "empty")
    if word == "gold":
        return f"gold: {v.get('gold_pile', 0)} (guarded)"
    if word == "train":
        return f"{chosen[0]} up the ladder" if chosen else "a higher die"
    if word == "tavern":
        bids = [p["gold"] for p in placed if p["space"] == "tavern"]
        follower = v.get("follower_top", "")
        die = pack.get("followers", {}).get(follower, "")
        return f"{follower} {die}" + (f", beat {max(bids)} gold" if bids else ", free")
    if word.startswith("prisoner"):
        offer, reward = pack.get("prisoners", [(0, [])] * 4)[int(word[8:]) - 1]
        return f"offer {offer}g: {'+'.join(reward)}"
    if word == "trade":
        return pack.get("trades", "trade crystals")
    if word.startswith("sorcerer"):
        card = v.get("row", [""] * 5)[int(word[8:]) - 1]
        return f"{pack.get('cards', {}).get(card, card)}, {v.get('cost', '')}"
    if word == "pass":
        return "no space open to this die"
    if word == "peek":
        return "look under 2 tiles"
    return word


def shorter(line: str) -> list[str]:
    """The line about a die or a space, then shorter forms of it for the panel's width: the
    crystal colours by their initials as on the table screen (``red red white`` -> ``RRW``),
    then without brackets, then a die's line without its die (the list under it shows it), a
    face-down tile with your dice on it without "face down" (no tile is turned up while dice
    are placed, unless your red crystal showed it: then the line names its monster)."""
    out = [line]
    words = []
    for w in line.split(" "):
        core = w.strip(",()")
        words.append(w.replace(core, COLOUR_INITIAL[core]) if core in COLOUR_INITIAL else w)
    if " ".join(words) != line:
        out.append(" ".join(words))
        runs = re.sub(r"\b([RBYGW]) (?=[RBYGW]\b)", r"\1", out[-1])      # "R R W" -> "RRW"
        out += [runs, runs.replace("(", "").replace(")", "")]
    head, sep, rest = out[-1].partition(": ")
    if sep and head[:1] == "d" and head[1:].isdigit():
        out.append(rest)
    if sep and rest.startswith("face down, your "):
        out.append(f"{head}: {rest.removeprefix('face down, ')}")
    return out


def place(m: dict) -> Image.Image:
    p, ui, v = m.get("prompt") or {}, m.get("ui") or {}, m.get("view") or {}
    words = list(ui.get("words") or [])
    cursor = int(ui.get("cursor", 0))
    chosen = list(ui.get("chosen") or [])
    current = words[cursor] if words else ""
    c = Canvas()
    steps = int(ui.get("steps", 2))
    said = " ".join(["place"] + chosen + ["_"] * (steps - len(chosen)))
    c.title_bar(f"{seat_name(m, p.get('actor', ''))} {said}", f"{min(len(chosen) + 1, steps)}/{steps}")
    draw_map(c, v, p.get("actor", ""), current or (chosen[-1] if chosen else ""))
    small = fonts.small()
    said = next((t for t in shorter(describe(m, current, chosen)) if small.measure(t) <= W - 2), None)
    c.text(1, 32, said or small.fit(shorter(describe(m, current, chosen))[-1], W - 2), small)
    draw_list(c, 42, [{"label": w, "enabled": True, "hint": ""} for w in words], cursor, 1)
    strip(c, m)
    return c.done()
