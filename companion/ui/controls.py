"""Buttons in, engine actions out: pure, no I/O, no clock.

``PromptController`` turns presses of the six buttons (up, down, left, right, ok, back) into
one complete action line for the engine's current prompt. It can only produce legal lines: an
options prompt yields one of its options, a dice choice yields positions among those the prompt
allows, a chance prompt yields faces of its die. Its ``ui`` dict is what the screens draw.

    c = PromptController()
    c.start(prompt_dict)            # companion.ui.model.prompt_dict(engine.prompt(state))
    action = c.press("ok")          # "p2 defend red-1", or None while still choosing

Button maps (docs/screens.md has them as a table):

* options (any prompt with ``options``): up/down move the cursor (left/right too), ok chooses.
  The defense card prompt is a grid: left/right change the colour, up/down the dice.
* pawn (``kind == "pawn"``): a D-pad direction selects that move if it is legal, ok confirms.
  With Maze Runner (``move-to``) the D-pad moves a cursor over the 3x3 board, ok confirms.
* keep (rerolls) and pick (dice for a card): left/right move between the dice that may be
  chosen and a final entry ("stop"/"reroll"/"done"), ok toggles a die or confirms on the
  final entry. up/down jump to the final entry and back.
* chance (manual dice entry): up/down (or left/right) cycle the current die's face, ok accepts
  it and moves to the next die; the last ok returns the whole ``chance roll ...`` line. back
  undoes the last accepted face. A new die starts on the face the previous one showed. For a
  distinct draw (cards out of the AI deck) faces already entered are skipped.

``back`` is not an action on the other prompts: ``press`` returns None and ``last_back`` is True,
so the session can offer "undo last action" there.
"""
from __future__ import annotations

import re

BUTTONS = ("up", "down", "left", "right", "ok", "back")
DIRECTIONS = ("up", "down", "left", "right")
_CELL_RE = re.compile(r"^[a-z][0-9]+$")


def distinct(seq) -> list:
    out: list = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


class PromptController:
    """One prompt at a time; ``start`` resets the selection."""

    def __init__(self) -> None:
        self.prompt: dict | None = None
        self.mode = "idle"
        self.ui: dict = {"mode": "idle"}
        self.last_back = False

    # ------------------------------------------------------------------ setup
    def start(self, prompt: dict | None) -> None:
        """A new prompt (``companion.ui.model.prompt_dict``): reset the selection."""
        self.prompt = prompt
        self.last_back = False
        if not prompt or prompt.get("kind") == "over":
            self.mode = "idle"
            self.ui = {"mode": "idle"}
            return
        kind = prompt.get("kind")
        options = prompt.get("options")
        chance = prompt.get("chance")
        if chance:
            faces = distinct(chance["faces"])
            self.mode = "chance"
            self.ui = {"mode": "chance", "faces": faces, "count": int(chance.get("count", 1)),
                       "entered": [], "face": 0, "verb": chance["verb"], "die": chance.get("die", ""),
                       "distinct": bool(chance.get("distinct"))}
        elif kind == "pawn" and options:
            self._start_pawn(options)
        elif kind == "keep":
            ch = prompt.get("choice") or {}
            self.mode = "dice"
            self.ui = {"mode": "dice", "purpose": "keep", "dice": list(ch.get("dice", [])),
                       "eligible": list(ch.get("rerollable", [])), "selected": [], "cursor": 0,
                       "min": 0, "max": len(ch.get("rerollable", []))}
        elif kind == "pick":
            ch = prompt.get("choice") or {}
            self.mode = "dice"
            self.ui = {"mode": "dice", "purpose": ch.get("purpose", "reroll"), "dice": list(ch.get("dice", [])),
                       "eligible": list(ch.get("eligible", [])), "selected": [], "cursor": 0,
                       "min": int(ch.get("min", 1)), "max": int(ch.get("max", 1))}
        elif options is not None:
            grid = _defense_grid(options) if kind == "defense_card" else None
            self.mode = "grid" if grid else "list"
            self.ui = {"mode": self.mode, "cursor": 0, "options": list(options)}
            if grid:
                self.ui["grid"] = grid
        else:
            self.mode = "idle"
            self.ui = {"mode": "idle"}

    def sync(self, prompt: dict | None) -> bool:
        """``start`` only if ``prompt`` differs from the current one (call it every loop);
        returns True when the selection was reset."""
        if prompt == self.prompt:
            return False
        self.start(prompt)
        return True

    def _start_pawn(self, options: list[str]) -> None:
        moves = {}
        targets = []
        for o in options:
            w = o.split()
            if len(w) == 3 and w[1] == "move" and w[2] in DIRECTIONS:
                moves[w[2]] = o
            elif len(w) == 3 and w[1] == "move-to" and _CELL_RE.match(w[2]):
                targets.append(w[2])
        self.mode = "pawn"
        self._moves = moves
        self._targets = {o.split()[2]: o for o in options if o.split()[1] == "move-to"}
        self.ui = {"mode": "pawn", "legal": [d for d in DIRECTIONS if d in moves], "selected": None}
        if targets:
            # Maze Runner: a free cursor over the board, starting on the pawn (the one cell
            # that is not a target), or the first target if that cannot be told.
            cells = {f"{chr(97 + r)}{c + 1}" for r in range(3) for c in range(3)}
            here = sorted(cells - set(targets))
            self.ui.update({"free": True, "targets": sorted(targets),
                            "cursor": here[0] if len(here) == 1 else sorted(targets)[0]})

    # ------------------------------------------------------------------ input
    def press(self, button: str) -> str | None:
        """Handle one button; return the finished action line, or None."""
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}; expected one of {', '.join(BUTTONS)}")
        self.last_back = False
        handler = getattr(self, f"_press_{self.mode}", None)
        if handler is None:
            self.last_back = button == "back"
            return None
        return handler(button)

    def _press_list(self, b: str) -> str | None:
        opts = self.ui["options"]
        if b in ("up", "left"):
            self.ui["cursor"] = (self.ui["cursor"] - 1) % len(opts)
        elif b in ("down", "right"):
            self.ui["cursor"] = (self.ui["cursor"] + 1) % len(opts)
        elif b == "ok":
            return opts[self.ui["cursor"]]
        else:
            self.last_back = True
        return None

    def _press_grid(self, b: str) -> str | None:
        grid = self.ui["grid"]  # rows of option indexes (None where no card)
        opts = self.ui["options"]
        cur = self.ui["cursor"]
        r, c = next((r, c) for r, row in enumerate(grid) for c, i in enumerate(row) if i == cur)
        dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}.get(b, (0, 0))
        if (dr, dc) != (0, 0):
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(grid) and 0 <= nc < len(grid[nr]) and grid[nr][nc] is not None:
                self.ui["cursor"] = grid[nr][nc]
            return None
        if b == "ok":
            return opts[cur]
        self.last_back = True
        return None

    def _press_pawn(self, b: str) -> str | None:
        ui = self.ui
        if ui.get("free"):
            r, c = ord(ui["cursor"][0]) - 97, int(ui["cursor"][1:]) - 1
            dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}.get(b, (0, 0))
            if (dr, dc) != (0, 0):
                nr, nc = min(2, max(0, r + dr)), min(2, max(0, c + dc))
                ui["cursor"] = f"{chr(97 + nr)}{nc + 1}"
                return None
            if b == "ok" and ui["cursor"] in self._targets:
                return self._targets[ui["cursor"]]
            self.last_back = b == "back"
            return None
        if b in DIRECTIONS:
            if b in self._moves:
                ui["selected"] = b
            return None
        if b == "ok" and ui["selected"]:
            return self._moves[ui["selected"]]
        if b == "back":
            if ui["selected"]:
                ui["selected"] = None
            else:
                self.last_back = True
        return None

    def _press_dice(self, b: str) -> str | None:
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
        # ok
        if ui["cursor"] < len(eligible):
            pos = eligible[ui["cursor"]]
            sel = ui["selected"]
            if pos in sel:
                sel.remove(pos)
            elif len(sel) < ui["max"]:
                sel.append(pos)
            elif ui["max"] == 1:
                sel[:] = [pos]
            return None
        return self.confirm_dice()

    def confirm_dice(self) -> str | None:
        """The final entry: the action for the dice selected now, or None if not allowed."""
        ui = self.ui
        actor = self.prompt["actor"]
        sel = sorted(ui["selected"])
        if ui["purpose"] == "keep":
            return f"{actor} reroll " + " ".join(map(str, sel)) if sel else f"{actor} stop"
        if ui["min"] <= len(sel) <= ui["max"]:
            return f"{actor} pick " + " ".join(map(str, sel))
        return None

    def _step_face(self, step: int) -> None:
        """Move to the next face in ``step``'s direction; distinct draws skip faces taken."""
        ui = self.ui
        faces = ui["faces"]
        taken = set(ui["entered"]) if ui.get("distinct") else set()
        i = ui["face"]
        for _ in range(len(faces)):
            i = (i + step) % len(faces)
            if faces[i] not in taken:
                ui["face"] = i
                return

    def _press_chance(self, b: str) -> str | None:
        ui = self.ui
        faces = ui["faces"]
        if b in ("up", "left"):
            self._step_face(-1)
        elif b in ("down", "right"):
            self._step_face(1)
        elif b == "back":
            if ui["entered"]:
                last = ui["entered"].pop()
                ui["face"] = faces.index(last)
            else:
                self.last_back = True
        else:  # ok
            face = faces[ui["face"]]
            if ui.get("distinct") and face in ui["entered"]:
                return None
            ui["entered"].append(face)
            if len(ui["entered"]) == ui["count"]:
                return " ".join(("chance", ui["verb"], *ui["entered"]))
            if ui.get("distinct"):
                self._step_face(1)
        return None


def _defense_grid(options: list[str]) -> list[list[int | None]] | None:
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


class MenuController:
    """A vertical menu: up/down move (skipping disabled items), ok returns the item's id.

    ``items``: strings, or dicts ``{"id", "label", "enabled"}``. ``back`` returns ``"back"``
    when ``back_id`` is set (a submenu), else None.
    """

    def __init__(self, title: str, items: list, back_id: str | None = None):
        self.title = title
        self.items = [it if isinstance(it, dict) else {"id": it, "label": it} for it in items]
        for it in self.items:
            it.setdefault("label", it["id"])
            it.setdefault("enabled", True)
        self.back_id = back_id
        enabled = [i for i, it in enumerate(self.items) if it["enabled"]]
        self.ui = {"mode": "menu", "cursor": enabled[0] if enabled else 0}

    @property
    def menu(self) -> dict:
        """The model's ``menu`` key for this menu."""
        return {"title": self.title, "items": [dict(it) for it in self.items]}

    def press(self, button: str) -> str | None:
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}")
        n = len(self.items)
        if button in ("up", "down"):
            step = -1 if button == "up" else 1
            i = self.ui["cursor"]
            for _ in range(n):
                i = (i + step) % n
                if self.items[i]["enabled"]:
                    self.ui["cursor"] = i
                    break
            return None
        if button == "ok":
            it = self.items[self.ui["cursor"]] if self.items else None
            return it["id"] if it and it["enabled"] else None
        if button == "back":
            return self.back_id
        return None


MAIN_MENU_ITEMS = [
    {"id": "new", "label": "New game"},
    {"id": "resume", "label": "Resume"},
    {"id": "settings", "label": "Settings"},
    {"id": "about", "label": "About"},
]


def main_menu(can_resume: bool = True) -> MenuController:
    """The main menu; Resume is greyed out (skipped) when there is no game to resume."""
    items = [dict(it) for it in MAIN_MENU_ITEMS]
    items[1]["enabled"] = can_resume
    return MenuController("Dungeon Companion", items)


# The solo levels, from the rulebook's SOLO MODE: which AI teams join the AI deck (six of its
# cards come out for each team's six).
LEVELS = (
    ("I", "AI deck", "Just the AI cards: the gentlest opponent."),
    ("II", "Mimic", "AI deck with the Mimic team's cards shuffled in."),
    ("III", "Spider", "AI deck with the Spider team's cards shuffled in."),
    ("IV", "Skull", "AI deck with the Skull team's cards shuffled in."),
    ("V", "two teams", "AI deck with two teams' cards, the two you pick."),
    ("VI", "all teams", "AI deck with all three teams' cards: hardest."),
)


def level_menu_items() -> list[dict]:
    """The AI level menu's items: ``{"id": "I", "label": "Level I: AI deck", "hint": ...}``;
    the list screen shows the selected level's hint under the list."""
    return [{"id": lv, "label": f"Level {lv}: {short}", "hint": hint} for lv, short, hint in LEVELS]
