"""Dungeon Ball's own button handling, for the prompts a generic control would serve badly.

* pawn (``kind == "pawn"``): a D-pad direction selects that move if it is legal, ok confirms.
  With Maze Runner (``move-to``) the D-pad moves a cursor over the 3x3 board, ok confirms.
* keep (rerolls) and pick (dice for a card): left/right move between the dice that may be
  chosen and a final entry ("stop"/"reroll"/"done"), ok toggles a die or confirms on the
  final entry. up/down jump to the final entry and back. A reroll starts on the final entry,
  lit: OK does what it says (STOP), and the dice are a press away; on the first die, OK only
  toggled it, and nothing on the panel said how to stop.
* the defense card: a grid with the colours across and the dice down.
* a card window (``*_window``): its list, the cursor starting on Pass; OK on a card spends
  momentum, and a press meant as "go on" must not do that.

Every other prompt gets a generic control (companion.ui.controls).
"""

from __future__ import annotations

import re

from companion.ui.controls import DIRECTIONS, STEP, Control, GridControl, ListControl, distinct, toggle

_CELL_RE = re.compile(r"^[a-z][0-9]+$")


def control(prompt: dict) -> Control | None:
    """The control for one of Dungeon Ball's own prompts, or None (a generic one serves).
    Each is claimed by its kind and its shape, so another game's prompt of the same kind name
    is left to the generic controls."""
    kind = prompt.get("kind")
    options = prompt.get("options") or []
    choice = prompt.get("choice") or {}
    if prompt.get("chance"):
        return None
    if kind == "pawn" and options and all(o.split()[1:2] in (["move"], ["move-to"]) for o in options):
        return PawnControl(prompt)
    if (kind == "keep" and "rerollable" in choice) or (
        kind == "pick" and "eligible" in choice and "dice" in choice
    ):
        return DiceControl(prompt)
    if kind == "defense_card" and options:
        grid = defense_grid(options)
        return GridControl(prompt, grid) if grid else None
    if str(kind).endswith("_window") and f"{prompt.get('actor')} pass" in options:
        return CardWindowControl(prompt)
    return None


class CardWindowControl(ListControl):
    """A card window's cards and Pass, one at a time; the cursor starts on Pass, so that OK
    plays a card only once the player has browsed to it (the panel shows one entry and has no
    room to say that OK spends momentum)."""

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        self.ui["cursor"] = self.ui["options"].index(f"{self.actor} pass")


class PawnControl(Control):
    mode = "pawn"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        options = prompt["options"]
        self.moves = {}
        targets = []
        for o in options:
            w = o.split()
            if len(w) == 3 and w[1] == "move" and w[2] in DIRECTIONS:
                self.moves[w[2]] = o
            elif len(w) == 3 and w[1] == "move-to" and _CELL_RE.match(w[2]):
                targets.append(w[2])
        self.targets = {o.split()[2]: o for o in options if o.split()[1] == "move-to"}
        self.ui.update({"legal": [d for d in DIRECTIONS if d in self.moves], "selected": None})
        if targets:
            # Maze Runner: a free cursor over the board, starting on the pawn (the one cell
            # that is not a target), or the first target if that cannot be told.
            cells = {f"{chr(97 + r)}{c + 1}" for r in range(3) for c in range(3)}
            here = sorted(cells - set(targets))
            self.ui.update(
                {
                    "free": True,
                    "targets": sorted(targets),
                    "cursor": here[0] if len(here) == 1 else sorted(targets)[0],
                }
            )

    def press(self, b: str) -> str | None:
        ui = self.ui
        if ui.get("free"):
            r, c = ord(ui["cursor"][0]) - 97, int(ui["cursor"][1:]) - 1
            if b in STEP:
                dr, dc = STEP[b]
                nr, nc = min(2, max(0, r + dr)), min(2, max(0, c + dc))
                ui["cursor"] = f"{chr(97 + nr)}{nc + 1}"
                return None
            if b == "ok" and ui["cursor"] in self.targets:
                return self.targets[ui["cursor"]]
            self.last_back = b == "back"
            return None
        if b in DIRECTIONS:
            if b in self.moves:
                ui["selected"] = b
            return None
        if b == "ok" and ui["selected"]:
            return self.moves[ui["selected"]]
        if b == "back":
            if ui["selected"]:
                ui["selected"] = None
            else:
                self.last_back = True
        return None


class DiceControl(Control):
    mode = "dice"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        ch = prompt.get("choice") or {}
        if prompt.get("kind") == "keep":
            self.ui.update(
                {
                    "purpose": "keep",
                    "dice": list(ch.get("dice", [])),
                    "eligible": list(ch.get("rerollable", [])),
                    "selected": [],
                    "cursor": len(ch.get("rerollable", [])),  # the final entry: STOP
                    "min": 0,
                    "max": len(ch.get("rerollable", [])),
                }
            )
        else:
            self.ui.update(
                {
                    "purpose": ch.get("purpose", "reroll"),
                    "dice": list(ch.get("dice", [])),
                    "eligible": list(ch.get("eligible", [])),
                    "selected": [],
                    "cursor": 0,
                    "min": int(ch.get("min", 1)),
                    "max": int(ch.get("max", 1)),
                }
            )

    def press(self, b: str) -> str | None:
        ui = self.ui
        eligible = ui["eligible"]
        n = len(eligible) + 1  # the dice that can be chosen, then the final entry
        if b in ("left", "right"):
            ui["cursor"] = (ui["cursor"] + (1 if b == "right" else -1)) % n
            return None
        if b in ("up", "down"):
            ui["cursor"] = n - 1 if ui["cursor"] != n - 1 else 0
            return None
        if b == "back":
            if ui["selected"]:
                ui["selected"] = []
            else:
                self.last_back = True
            return None
        if ui["cursor"] < len(eligible):
            toggle(ui["selected"], eligible[ui["cursor"]], ui["max"])
            return None
        return self.confirm()

    def confirm(self) -> str | None:
        """The final entry: the action for the dice selected now, or None if not allowed."""
        ui = self.ui
        sel = sorted(ui["selected"])
        if ui["purpose"] == "keep":
            return f"{self.actor} reroll " + " ".join(map(str, sel)) if sel else f"{self.actor} stop"
        if ui["min"] <= len(sel) <= ui["max"]:
            return f"{self.actor} pick " + " ".join(map(str, sel))
        return None


def defense_grid(options: list[str]) -> list[list[int | None]] | None:
    """Defense cards named COLOUR-N laid out with colours across and N down, or None."""
    cells = []
    for i, o in enumerate(options):
        w = o.split()
        if len(w) != 3 or "-" not in w[2]:
            return None
        colour, _, n = w[2].rpartition("-")
        if not n.isdigit():
            return None
        cells.append((colour, int(n), i))
    colours = distinct(c for c, _, _ in cells)
    counts = sorted({n for _, n, _ in cells})
    grid: list[list[int | None]] = [[None] * len(colours) for _ in counts]
    for colour, n, i in cells:
        grid[counts.index(n)][colours.index(colour)] = i
    return grid
