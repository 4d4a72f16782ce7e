"""Dungeon Ball's actions in the table's words, the same on the device, the phones and in the
log (companion.engine.words): ``p2 defend red-1`` -> "red defense, 1 die", ``p1 card
gob-hurry`` -> the card's name, ``p1 reroll 1 6`` -> "reroll dice 1 and 6".

Names and numbers come from the pack content under ``view["pack"]`` (the screens'
``pack_info``)."""

from __future__ import annotations

from companion.engine.words import counted

COLOURS = {"R": "red", "Y": "yellow", "B": "blue"}
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
LABELS = {
    "heads": "Heads",
    "tails": "Tails",
    "offense": "Offense",
    "defense": "Defense",
    "low": "Low end (left)",
    "high": "High end (right)",
    "skill": "Skill (toss)",
    "luck": "Luck (dice)",
    "run": "Run a play",
    "punt": "Punt",
    "field-goal": "Field goal",
    "hail-mary": "Hail Mary",
    "kneel": "Kneel",
    "extra-point": "Extra point (1)",
    "two-point": "2-pt try (2)",
    "onside-kick": "Onside kick",
    "kick-off": "Kick off",
    "pass": "Pass",
    "juke": "Juke",
    "stop": "Keep these dice",
}
CHANCE = {"coin": "the coin: {}", "toss": "the kick: {}"}


def _dice(numbers: list[str]) -> str:
    if len(numbers) == 1:
        return f"die {numbers[0]}"
    return "dice " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def _card(pack: dict, card: str) -> str:
    return str(((pack.get("cards") or {}).get(card) or {}).get("name") or card.replace("-", " ").capitalize())


def defense_card(pack: dict, card: str) -> str:
    """``red-1`` -> "red defense, 1 die" (the card's colour and its dice from the pack)."""
    info = (pack.get("defense") or {}).get(card) or {}
    colour = info.get("colour") or card.partition("-")[0]
    dice = info.get("dice")
    return f"{colour} defense" + (  # the rulebook's spelling, as the prompt says it
        f", {dice} {'die' if dice == 1 else 'dice'}" if isinstance(dice, int) else ""
    )


def needs(pack: dict, colour: str) -> str:
    """What a play of that colour needs on the dice: "2 ball" -> "2 balls"."""
    need = (pack.get("requirements") or {}).get(colour) or {}
    return counted(int(need.get("count") or 0), str(need.get("icon") or "icon")) if need else ""


def play_reached(view: dict, seat: str, direction: str) -> str:
    """The play a pawn move selects, from the seat's pawn in ``view`` ("a yellow play, needs 2
    balls"), or "" when the view does not say where the pawn is."""
    pack = view.get("pack") or {}
    rows = pack.get("board") or []
    pawn = next((str(p.get("pawn") or "") for p in view.get("players") or () if p.get("id") == seat), "")
    if len(pawn) != 2 or pawn[0] not in "abc" or not pawn[1].isdigit() or direction not in STEPS:
        return ""
    dr, dc = STEPS[direction]
    r, c = "abc".index(pawn[0]) + dr, int(pawn[1]) - 1 + dc
    if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
        return ""
    colour = COLOURS.get(rows[r][c], "")
    need = needs(pack, colour)
    return f"a {colour} play" + (f", needs {need}" if need else "") if colour else ""


def describe(action: str, view: dict) -> str | None:
    """``action`` as the table says it; None leaves it to the generic words."""
    w = action.split()
    if len(w) < 2:
        return None
    pack = view.get("pack") or {}
    if w[0] == "chance":
        if w[1] in CHANCE and len(w) > 2:
            return CHANCE[w[1]].format(w[2].replace("-", " "))
        if w[1] == "draw":
            return "drew an AI card"
        return None
    verb, args = w[1], w[2:]
    if verb == "team" and args:
        return (pack.get("teams") or {}).get(args[0]) or args[0].capitalize()
    if verb == "ai-teams":
        return " + ".join(x.capitalize() for x in args)
    if verb == "defend" and args:
        return defense_card(pack, args[0])
    if verb == "move" and args:
        reached = play_reached(view, w[0], args[0])  # the phone's button says where it leads
        return f"move the pawn {args[0]}" + (f": {reached}" if reached else "")
    if verb == "move-to" and args:
        row = pack.get("board") or []
        cell = args[0]
        colour = ""
        if len(cell) == 2 and cell[0] in "abc" and cell[1].isdigit() and row:
            letter = row["abc".index(cell[0])][int(cell[1]) - 1]
            colour = f" ({COLOURS[letter]})" if letter in COLOURS else ""
        return f"move the pawn to {cell}{colour}"
    if verb == "reroll" and args:
        return "reroll " + _dice(args)
    if verb == "pick" and args:
        return _dice(args)
    if verb == "card" and args:
        return "play " + _card(pack, args[0])
    if verb == "big-hit" and args:
        return _card(pack, f"big-hit {args[0]}")
    if verb in ("call", "start", "endzone", "kicking") and args:
        return LABELS.get(args[0], args[0])
    if not args and verb in LABELS:
        return LABELS[verb]
    return None
