"""Dungeon Allies in the table's words: one place for what every action, space and fight is
called, so the device and the phones say the same thing for the same action.

* ``describe(action, view, pack)``: an action line as a button or a list entry says it
  ("p1 place d6 y5" -> "d6 on yellow 5");
* ``space_name(space)`` and ``space_says(space, view, pack, actor)``: a board space by its
  name, and what it needs and what it gives ("Yellow 5: Goblin, needs 4, gives 1 gold");
* ``AREAS`` and ``area_of(space)``: the board's areas in the rulebook's order, so a space is
  found area by area;
* ``fight_said(event)``: a fight's outcome ("rolled 8, needed 4: won, +2 gold").

``view`` is the viewer's ``public_view`` (a face-down monster is named only when this seat may
see it); ``pack`` the screens' ``pack_info``. Both may be None: then only the action is said.
"""

from __future__ import annotations

import re
from collections import Counter

SECTIONS = ("yellow", "blue", "red")
# The board's areas, in the rulebook's order of resolution: (name, the spaces' prefix)
AREAS = (
    ("yellow dungeon", "y"),
    ("blue dungeon", "b"),
    ("red dungeon", "r"),
    ("turn order", "order"),
    ("treasure", "treasure"),
    ("trainer", "train"),
    ("tavern", "tavern"),
    ("prisoners", "prisoner"),
    ("trade", "trade"),
    ("sorcerer", "sorcerer"),
)
COLOURS = ("red", "blue", "yellow", "green", "white")
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
# a fight's choices, short enough for the device's list (19 characters)
SPELLS = {
    "hammer": "Hammer of the Gods",
    "enhance": "add a die (green)",
    "roll": "roll the dice",
    "stand": "keep the roll",
}


def area_of(space: str) -> str:
    """The board area a space word belongs to ("y5" -> "yellow dungeon", "gold" -> "treasure")."""
    if space == "gold":
        return "treasure"
    for name, prefix in AREAS:
        if space == prefix or (space.startswith(prefix) and space[len(prefix) :].isdigit()):
            return name
    return ""


def space_name(space: str) -> str:
    """ "y5" -> "yellow 5", "treasure3" -> "treasure 3", "train" -> "trainer", "order" -> "turn order"."""
    if space[:1] in "ybr" and space[1:].isdigit():
        return f"{SECTIONS['ybr'.index(space[0])]} {space[1:]}"
    fixed = {
        "order": "turn order",
        "gold": "gold pile",
        "train": "trainer",
        "tavern": "tavern",
        "trade": "trade",
    }
    if space in fixed:
        return fixed[space]
    for prefix, said in (("treasure", "treasure"), ("prisoner", "prisoner"), ("sorcerer", "sorcerer card")):
        if space.startswith(prefix) and space[len(prefix) :].isdigit():
            return f"{said} {space[len(prefix) :]}"
    return space


def crystals(colours) -> str:
    """["red", "red", "white"] -> "2 red, 1 white crystals"; [] -> "no crystal"."""
    counts = Counter(colours)
    if not counts:
        return "no crystal"
    said = ", ".join(f"{counts[c]} {c}" for c in [*COLOURS, *sorted(set(counts) - set(COLOURS))] if counts[c])
    return said + (" crystal" if sum(counts.values()) == 1 else " crystals")


def named(word: str) -> str:
    """ "hedge-witch" -> "Hedge witch"."""
    return str(word).replace("-", " ").capitalize()


def _seat(view: dict, sid: str) -> dict:
    """The view's seat ``sid`` (seats are keyed by seat), or {} for a watcher or an unknown seat."""
    return (view.get("seats") or {}).get(sid) or {}


def _ally(view: dict, sid: str, die: str) -> str:
    ally = next((a for a in _seat(view, sid).get("allies") or [] if a.get("die") == die), None)
    return named(ally["name"]) if ally else ""


def monster_words(view: dict, pack: dict, tile: dict) -> str:
    """A dungeon square's monster: seen ("Goblin: needs 4, gives 1 gold, weak to melee") or face
    down (the range its section asks and pays)."""
    stats = (pack or {}).get("monster_stats") or {}
    k = SECTIONS.index(tile.get("section", "yellow"))
    mon = stats.get(tile.get("monster") or "")
    if mon:
        weak = f", weak to {mon['weak']}" if mon.get("weak") else ""
        return f"{mon['name']}: needs {mon['need'][k]}, gives {mon['gold'][k]} gold{weak}"
    if stats:
        needs = [m["need"][k] for m in stats.values()]
        gold = [m["gold"][k] for m in stats.values()]
        return f"face down: needs {min(needs)}-{max(needs)}, gives {min(gold)}-{max(gold)} gold"
    return "a face-down monster"


def space_says(space: str, view: dict | None, pack: dict | None, actor: str = "", die: str = "") -> str:
    """What a space needs and what it gives, for ``actor`` placing a die on it now, named:
    "Yellow 5: Goblin: needs 4, gives 1 gold, weak to melee"."""
    said = space_gives(space, view, pack, actor, die)
    return said if space in ("pass", "peek") else f"{space_name(space).capitalize()}: {said}"


def space_gives(space: str, view: dict | None, pack: dict | None, actor: str = "", die: str = "") -> str:
    """What a space needs and what it gives, without its name (the device's title names it);
    ``die``: the die to place, when chosen (the trainer says what it becomes)."""
    v, pack = view or {}, pack or {}
    here = [p for p in v.get("placed") or [] if p.get("space") == space]
    tile = next((t for t in v.get("tiles") or [] if t.get("square") == space), None)
    if tile is not None:
        if tile.get("removed"):
            return "the monster is gone"
        other = next((p["seat"] for p in here if p["seat"] != actor), "")
        if other:
            return f"{other.upper()} fights here"
        mine = [p["die"] for p in here]
        return (f"your {' and '.join(mine)} here; " if mine else "") + monster_words(v, pack, tile)
    if space == "order":
        gives = pack.get("turn_order") or []
        n = len(here)
        return f"go {ORDINAL[min(n, 4)]} next turn" + (f", +1 {gives[n]} crystal" if n < len(gives) else "")
    if space.startswith("treasure") or space == "gold":
        pile = None
        if space == "gold":
            what = f"{v.get('gold_pile', 0)} gold"
        else:
            piles = v.get("treasure") or []
            i = int(space[8:]) - 1
            pile = piles[i] if i < len(piles) else []
            what = crystals(pile) if pile else "empty for now"
        guarded = space == "gold" or any(c in ("green", "white") for c in pile or [])
        return what + ("; guarded: needs a fight won" if guarded and v.get("monsters_left", 1) else "")
    if space == "train":
        return _training(die, pack)
    if space == "tavern":
        follower = v.get("follower_top", "")
        die = (pack.get("followers") or {}).get(follower, "")
        bids = [p.get("gold", 0) for p in here]
        who = f"{named(follower)} ({die})" if follower else "a follower"
        price = f"bid over {max(bids)} gold" if bids else "free if no one outbids"
        if _not_lower(die, _seat(v, actor), pack):
            return f"hire {who} if all your dice are over {die}; {price}"
        return f"hire {who}, {price}"
    if space.startswith("prisoner"):
        prisoners = pack.get("prisoners") or []
        i = int(space[8:]) - 1
        if i < len(prisoners):
            offer, reward = prisoners[i]
            return f"pay {offer} gold, get {crystals(reward)}"
        return "free a prisoner"
    if space == "trade":
        rates = ", ".join(f"{n} {a}=1 {b}" for a, n, b in pack.get("trade_rates") or [])
        return "either way: " + (rates or "at the merchants' rates")
    if space.startswith("sorcerer"):
        row = v.get("row") or []
        i = int(space[8:]) - 1
        card = row[i] if i < len(row) else ""
        said = (pack.get("card_words") or {}).get(card) or (pack.get("cards") or {}).get(card) or named(card)
        return f"{said}; costs 1 {v.get('cost', '')}"
    if space == "pass":
        return "No space is open to this die: it sits this turn out"
    if space == "peek":
        red = (_seat(v, actor).get("crystals") or {}).get("red", 0)
        return f"Red crystal: look under 2 face-down monsters (you have {red} red)"
    return space_name(space)


def _not_lower(die: str, seat: dict, pack: dict) -> bool:
    """A follower joins only with a die lower than the player's lowest, checked at step 5 after
    the trainer (resolution.follower_refused): True when his die is not lower as the dice stand."""
    ladder = list(pack.get("ladder") or [])
    mine = [ladder.index(a["die"]) for a in seat.get("allies") or [] if a.get("die") in ladder]
    return die in ladder and bool(mine) and ladder.index(die) >= min(mine)


def _training(die: str, pack: dict) -> str:
    """ "your d4 becomes a d6": the die on its way up the ladder, when it is known."""
    ladder = pack.get("ladder") or []
    if die in ladder[:-1]:
        return f"your {die} becomes a {ladder[ladder.index(die) + 1]} for good"
    return "the die goes up one size for good"


def card_words(name: str, kind: str, points: int, colour: str = "", skill: str = "") -> str:
    """A sorcerer card and what it scores: "Red prism: 1 point per red crystal"."""
    each = f"{points} point{'s' * (points != 1)}"
    return (
        name
        + ": "
        + {
            "points": each,
            "crystal": f"{each} per {colour} crystal",
            "weak": f"{each} per {skill} monster beaten",
            "monsters": f"{each} per monster beaten",
        }.get(kind, each)
    )


def trade_words(give: str, take: str, pack: dict | None) -> str:
    """ "2 red for 1 blue", "1 blue for 2 red" (the rates go both ways; short enough for the
    device's list)."""
    for a, n, b in (pack or {}).get("trade_rates") or []:
        if (a, b) == (give, take):
            return f"{n} {give} for 1 {take}"
        if (b, a) == (give, take):
            return f"1 {give} for {n} {take}"
    return f"trade {give} for {take}"


def describe(action: str, view: dict | None = None, pack: dict | None = None) -> str:
    """An action line as the table says it; the line itself when it is not one of the game's.
    ``pack`` may also come as ``view["pack"]`` (the shared words hook's way)."""
    pack = pack if pack is not None else (view or {}).get("pack")
    w = action.split()
    if len(w) < 2:
        return action
    verb = w[1]
    if verb == "place" and w[2:] == ["red", "peek"]:
        return "look under 2 (red)"
    if verb == "place" and len(w) == 4:
        who = _ally(view or {}, w[0], w[2])
        die = f"{w[2]} ({who})" if who else w[2]
        return f"{die} sits out: no open space" if w[3] == "pass" else f"{die} on {space_name(w[3])}"
    if verb == "look" and len(w) == 3:
        return f"look under {space_name(w[2])}"
    if verb == "bid" and len(w) == 3:
        return f"bid {w[2]} gold"
    if verb == "bless" and len(w) == 3:
        return f"double {w[2]} (yellow)"
    if verb == "reroll" and len(w) == 3:
        return f"reroll {w[2]} (blue)"
    if verb in SPELLS and len(w) == 2:
        return SPELLS[verb]
    if verb == "trade" and len(w) == 4:
        return trade_words(w[2], w[3], pack)
    if verb == "done":
        return "done trading"
    if verb == "ok":
        return "OK"
    if len(w) == 3 and w[1][:1] == "d" and w[1][1:].isdigit():  # the set-up's die token
        return f"{w[1]} on {named(w[2])}"
    return " ".join(w[1:])


def prompt_words(prompt: dict, view: dict | None = None, pack: dict | None = None) -> str | None:
    """The question a prompt asks, in words, where the engine's short text needs them (None:
    the text says it)."""
    kind, text = prompt.get("kind"), str(prompt.get("text") or "")
    if kind == "tokens":
        return f"Which ally gets the {text.split()[0] if text else 'bigger die'}?"
    if kind == "peek":
        left = text[text.find("(") :] if "(" in text else ""
        return f"Look under which monster? {left}".strip()
    fight = re.match(r"(\w+) (.+): need (\d+)$", text)
    if kind == "spells" and fight:
        return (
            f"Fight at {space_name(fight.group(1))}: {fight.group(2)}, needs {fight.group(3)}. "
            "Cast a crystal spell first, or roll"
        )
    rolled = re.match(r"(\d+) of (\d+)", text)
    if kind == "reroll" and rolled:
        return f"Rolled {rolled.group(1)}, needs {rolled.group(2)}: reroll a die with a blue crystal?"
    if kind == "trade":
        held = _seat(view or {}, prompt.get("actor", "")).get("crystals") or {}
        purse = ", ".join(f"{held[c]} {c}" for c in COLOURS if held.get(c)) or "no crystal"
        return f"Trade crystals? You have {purse}"
    return None


def fight_said(e: dict) -> str:
    """A fight's outcome: "rolled 8, needed 4: won, +2 gold"; "Hammer of the Gods: won, +2 gold"."""
    rolled = (
        "Hammer of the Gods" if e.get("total") is None else f"rolled {e.get('total')}, needed {e.get('need')}"
    )
    return f"{rolled}: " + (f"won, +{e.get('gold', 0)} gold" if e.get("won") else "lost")


def entry_heading(prompt: dict) -> str:
    """What the table enters on a real board, for the entry's bar: whose tiles, which square's
    monster ("REVEAL monster on Y5"); "" for dice (the die kinds say it)."""
    chance, words = prompt.get("chance") or {}, str(prompt.get("text", "")).split()
    die = chance.get("die")
    if die == "character" and words:
        seat = (words[1] if words[0] == "deal" else words[0]).upper()
        return f"DEAL {seat}'s characters" if words[0] == "deal" else f"DRAW {seat}'s character"
    if die == "monster" and words:
        return f"REVEAL monster on {words[-1].upper()}"
    return {
        "bag": "DRAW for the treasure",
        "sorcerer": "DEAL sorcerer row",
        "follower": "TURN UP follower",
    }.get(die or "", "")
