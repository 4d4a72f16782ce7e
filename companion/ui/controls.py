"""Buttons in, engine actions out: pure, no I/O, no clock.

``PromptController`` turns presses of the six buttons (up, down, left, right, ok, back) into
one complete action line for the engine's current prompt. It only produces lines the prompt
allows. Its ``ui`` dict is what the screens draw.

    c = PromptController(game=engine.name)   # the registry id: the game may claim its prompts
    c.start(prompt_dict)            # companion.ui.model.prompt_dict(engine.prompt(state))
    action = c.press("ok")          # "p2 defend red-1", or None while still choosing

Each prompt gets one *control* (a small class: ``ui``, ``press``, ``last_back``). The game's
screens module may claim a prompt with its own ``control(prompt)`` (a D-pad pawn, a hand of
dice to reroll); every other prompt gets a generic control from its shape (``Prompt.choice`` in
companion/engine/core.py), so a new game works on the buttons before it has screens:

* chance: up/down (or left/right) cycle the current value's faces, ok accepts it and moves to
  the next, back undoes the last; mixed dice (``chance.dice``) give each value its own die's
  faces; a bag (``distinct``) offers only what is left in it (a face listed twice twice).
* ``words``: an action built word by word (card, then board, then day): up/down pick the word,
  ok takes it, back takes the last one back; with ``options`` only words that lead to a legal
  line are offered.
* ``multi``: up/down move over the items and a final confirm entry, ok toggles or confirms.
* ``number``: up/down +-1, left/right +-5 (within min..max), ok enters it.
* ``grid``: the D-pad moves a cursor over any rectangle of options (holes skipped), ok chooses.
* ``options``: a list; up/down (left/right too) move, ok chooses.

``back`` is not an action: ``press`` returns None and ``last_back`` is True when the control had
nothing to take back, so the session can offer "undo last action" there.
"""

from __future__ import annotations

from collections import Counter

from companion.ui.hooks import game_hook

BUTTONS = ("up", "down", "left", "right", "ok", "back")
DIRECTIONS = ("up", "down", "left", "right")
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def distinct(seq) -> list:
    out: list = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


def toggle(selected: list, item, most: int) -> None:
    """Select ``item`` or unselect it; at ``most`` selected nothing more is added, except that
    a choice of one item moves to the new item."""
    if item in selected:
        selected.remove(item)
    elif len(selected) < most:
        selected.append(item)
    elif most == 1:
        selected[:] = [item]


class Control:
    """One prompt's selection. Subclasses fill ``ui`` (with its ``mode``) and handle presses."""

    mode = "idle"

    def __init__(self, prompt: dict) -> None:
        self.prompt = prompt
        self.ui: dict = {"mode": self.mode}
        self.last_back = False

    @property
    def actor(self) -> str:
        return str(self.prompt.get("actor", ""))

    def press(self, button: str) -> str | None:
        self.last_back = button == "back"
        return None


class ListControl(Control):
    """The prompt's options as a list."""

    mode = "list"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        self.ui.update({"cursor": 0, "options": list(prompt.get("options") or [])})

    def press(self, b: str) -> str | None:
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


class GridControl(Control):
    """A cursor over a grid of option indexes (None where there is no option); the D-pad moves
    it to the next option that way, stopping at the edges."""

    mode = "grid"

    def __init__(self, prompt: dict, grid: list[list[int | None]]) -> None:
        super().__init__(prompt)
        first = next((i for row in grid for i in row if i is not None), 0)
        self.ui.update({"cursor": first, "options": list(prompt.get("options") or []), "grid": grid})

    def press(self, b: str) -> str | None:
        grid = self.ui["grid"]
        cur = self.ui["cursor"]
        if b in STEP:
            r, c = next((r, c) for r, row in enumerate(grid) for c, i in enumerate(row) if i == cur)
            dr, dc = STEP[b]
            r, c = r + dr, c + dc
            while 0 <= r < len(grid) and 0 <= c < len(grid[r]):
                if grid[r][c] is not None:
                    self.ui["cursor"] = grid[r][c]
                    break
                r, c = r + dr, c + dc
            return None
        if b == "ok":
            return self.ui["options"][cur]
        self.last_back = True
        return None


class WordsControl(Control):
    """An action built word by word: ``choice = {"words": [[...], ...], "verb": optional}``.

    The line is ``"<actor> [verb] word1 word2 ..."``; with ``options`` only words that begin some
    option are offered, and the finished line is that option: it is finished as soon as the words
    chosen make a whole option, so options may be shorter than ``words`` has steps."""

    mode = "words"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        choice = prompt.get("choice") or {}
        self.head = [self.actor] + ([str(choice["verb"])] if choice.get("verb") else [])
        self.steps = [[str(w) for w in step] for step in choice.get("words") or []]
        options = prompt.get("options")
        self.lines = (
            None
            if options is None
            else {
                tuple(o.split()[len(self.head) :]): o
                for o in options
                if o.split()[: len(self.head)] == self.head
            }
        )
        self.ui.update({"steps": len(self.steps), "chosen": [], "cursor": 0, "verb": choice.get("verb", "")})
        self._offer()

    def _offer(self) -> None:
        chosen = tuple(self.ui["chosen"])
        words = self.steps[len(chosen)]
        if self.lines is not None:
            n = len(chosen)
            ok = {line[n] for line in self.lines if len(line) > n and line[:n] == chosen}
            words = [w for w in words if w in ok]
        self.ui["words"] = words
        self.ui["cursor"] = 0

    def press(self, b: str) -> str | None:
        ui = self.ui
        if b in ("up", "left"):
            ui["cursor"] = (ui["cursor"] - 1) % max(1, len(ui["words"]))
        elif b in ("down", "right"):
            ui["cursor"] = (ui["cursor"] + 1) % max(1, len(ui["words"]))
        elif b == "back":
            if ui["chosen"]:
                last = ui["chosen"].pop()
                self._offer()
                ui["cursor"] = ui["words"].index(last)
            else:
                self.last_back = True
        elif ui["words"]:
            ui["chosen"].append(ui["words"][ui["cursor"]])
            whole = self.lines.get(tuple(ui["chosen"])) if self.lines is not None else None
            if whole is not None:  # options may differ in length ("draw", "play elf p1 mon")
                return whole
            if len(ui["chosen"]) == len(self.steps):
                done = tuple(ui["chosen"])
                line = self.lines.get(done) if self.lines is not None else " ".join((*self.head, *done))
                if line is None:  # a prefix that no whole option finishes
                    ui["chosen"].pop()
                return line
            self._offer()
        return None


class MultiControl(Control):
    """Any subset of items: ``choice = {"multi": {"items", "min", "max", "verb", "none"}}``.

    The cursor runs over the items and then a confirm entry; the line is
    ``"<actor> <verb> item ..."`` (items in their order), or ``"<actor> <none>"`` for no item
    when ``none`` is given."""

    mode = "multi"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        spec = (prompt.get("choice") or {}).get("multi") or {}
        items = [str(i) for i in spec.get("items", [])]
        self.ui.update(
            {
                "items": items,
                "labels": [str(x) for x in spec.get("labels") or items],
                "selected": [],
                "cursor": 0,
                "min": int(spec.get("min", 0)),
                "max": int(spec.get("max", len(items))),
                "verb": str(spec.get("verb", "")),
                "none": spec.get("none"),
            }
        )

    def press(self, b: str) -> str | None:
        ui = self.ui
        n = len(ui["items"]) + 1
        if b in DIRECTIONS:
            ui["cursor"] = (ui["cursor"] + (-1 if b in ("up", "left") else 1)) % n
            return None
        sel = ui["selected"]
        if b == "back":
            if sel:
                sel.clear()
            else:
                self.last_back = True
            return None
        if ui["cursor"] < len(ui["items"]):
            toggle(sel, ui["cursor"], ui["max"])
            return None
        return self.confirm()

    def confirm(self) -> str | None:
        """The line for the items selected now, or None when their number is not allowed."""
        ui = self.ui
        k = len(ui["selected"])
        if not ui["min"] <= k <= ui["max"]:
            return None
        if k == 0 and ui["none"]:
            return f"{self.actor} {ui['none']}"
        words = [ui["items"][i] for i in sorted(ui["selected"])]
        return " ".join(w for w in (self.actor, ui["verb"], *words) if w)


class NumberControl(Control):
    """A number (a bid): ``choice = {"number": {"min", "max", "verb", "default"}}``."""

    mode = "number"
    BIG = 5

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        spec = (prompt.get("choice") or {}).get("number") or {}
        lo, hi = int(spec.get("min", 0)), int(spec.get("max", 99))
        value = min(hi, max(lo, int(spec.get("default", lo))))
        self.ui.update({"value": value, "min": lo, "max": hi, "verb": str(spec.get("verb", ""))})

    def press(self, b: str) -> str | None:
        ui = self.ui
        step = {"up": 1, "down": -1, "right": self.BIG, "left": -self.BIG}.get(b)
        if step is not None:
            ui["value"] = min(ui["max"], max(ui["min"], ui["value"] + step))
            return None
        if b == "ok":
            return " ".join(w for w in (self.actor, ui["verb"], str(ui["value"])) if w)
        self.last_back = True
        return None


class ChanceControl(Control):
    """Chance entered by hand, value by value. ``ui["faces"]`` are the current value's faces
    (its own die's in a mixed roll), ``ui["face"]`` the one under the cursor; a new value
    starts on the face the previous one showed when its die has it."""

    mode = "chance"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        ch = prompt["chance"]
        self.dice = [list(d["faces"]) for d in ch.get("dice") or []]
        self.bag = Counter(ch["faces"]) if ch.get("distinct") else None
        self.hints: list = []  # the faces the camera read, value by value (``suggest``)
        self.ui.update(
            {
                "faces": distinct(ch["faces"]),
                "count": int(ch.get("count", 1)),
                "entered": [],
                "face": 0,
                "verb": ch["verb"],
                "die": ch.get("die", ""),
                "distinct": bool(ch.get("distinct")),
            }
        )
        if self.dice:
            self.ui["dice"] = [{"kind": d.get("kind", ""), "faces": list(d["faces"])} for d in ch["dice"]]
            self._to_value(0, None)

    def _faces_for(self, i: int) -> list:
        return distinct(self.dice[i]) if self.dice else self.ui["faces"]

    def suggest(self, faces: list) -> None:
        """Start each value still to enter on the face the camera read for it (in the
        reading's order), so that after an unsure reading the dice it read right take one OK
        each and only the others a fix. Nothing is entered for the person: every value
        still takes its OK."""
        self.hints = list(faces)
        self._to_value(len(self.ui["entered"]), self.ui["faces"][self.ui["face"]])

    def _to_value(self, i: int, shown: str | None) -> None:
        faces = self._faces_for(min(i, self.ui["count"] - 1))
        if i < len(self.hints) and self.hints[i] in faces:
            shown = self.hints[i]
        self.ui["faces"] = faces
        self.ui["face"] = faces.index(shown) if shown in faces else 0

    def _left(self, face: str) -> bool:
        if self.bag is None:
            return True
        return self.bag[face] - self.ui["entered"].count(face) > 0

    def _step_face(self, step: int) -> None:
        ui = self.ui
        faces = ui["faces"]
        i = ui["face"]
        for _ in range(len(faces)):
            i = (i + step) % len(faces)
            if self._left(faces[i]):
                ui["face"] = i
                return

    def press(self, b: str) -> str | None:
        ui = self.ui
        if b in ("up", "left"):
            self._step_face(-1)
        elif b in ("down", "right"):
            self._step_face(1)
        elif b == "back":
            if ui["entered"]:
                last = ui["entered"].pop()
                self._to_value(len(ui["entered"]), last)
            else:
                self.last_back = True
        else:  # ok
            face = ui["faces"][ui["face"]]
            if not self._left(face):
                return None
            ui["entered"].append(face)
            if len(ui["entered"]) == ui["count"]:
                return " ".join(("chance", ui["verb"], *ui["entered"]))
            self._to_value(len(ui["entered"]), face)
            if not self._left(ui["faces"][ui["face"]]):
                self._step_face(1)
        return None


def generic_control(prompt: dict) -> Control:
    """The control for any prompt, from its shape."""
    choice = prompt.get("choice") or {}
    options = prompt.get("options")
    if prompt.get("chance"):
        return ChanceControl(prompt)
    if choice.get("words"):
        return WordsControl(prompt)
    if choice.get("multi"):
        return MultiControl(prompt)
    if choice.get("number"):
        return NumberControl(prompt)
    if choice.get("grid") and options:
        return GridControl(prompt, choice["grid"])
    if options:
        return ListControl(prompt)
    return Control(prompt)


class PromptController:
    """One prompt at a time; ``start`` resets the selection. ``game`` (a registry id) lets
    that game's screens module claim its own prompts (``control(prompt)``)."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game
        self.prompt: dict | None = None
        self.control: Control | None = None
        self.ui: dict = {"mode": "idle"}
        self.last_back = False

    @property
    def mode(self) -> str:
        return self.ui.get("mode", "idle")

    def start(self, prompt: dict | None) -> None:
        """A new prompt (``companion.ui.model.prompt_dict``): reset the selection."""
        self.prompt = prompt
        self.last_back = False
        self.control = None
        if prompt and prompt.get("kind") != "over":
            hook = game_hook(self.game, "control")
            self.control = (hook(prompt) if hook else None) or generic_control(prompt)
        self.ui = self.control.ui if self.control else {"mode": "idle"}

    def sync(self, prompt: dict | None) -> bool:
        """``start`` only if ``prompt`` differs from the current one (call it every loop);
        returns True when the selection was reset."""
        if prompt == self.prompt:
            return False
        self.start(prompt)
        return True

    def suggest(self, faces: list) -> None:
        """The camera's reading as the starting faces of a chance entered by hand
        (``ChanceControl.suggest``); a prompt of another kind ignores it."""
        hint = getattr(self.control, "suggest", None)
        if hint is not None and faces:
            hint(faces)
            self.ui = self.control.ui

    def press(self, button: str) -> str | None:
        """Handle one button; return the finished action line, or None."""
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}; expected one of {', '.join(BUTTONS)}")
        if self.control is None:
            self.last_back = button == "back"
            return None
        self.control.last_back = False
        action = self.control.press(button)
        self.last_back = self.control.last_back
        self.ui = self.control.ui
        return action


class MenuController:
    """A vertical menu: up/down move (skipping disabled items), ok returns the item's id.

    ``items``: strings, or dicts ``{"id", "label", "enabled", "hint"}``. ``back`` returns
    ``"back"`` when ``back_id`` is set (a submenu), else None.
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
    {"id": "help", "label": "Help: buttons"},
]


def main_menu(can_resume: bool = True) -> MenuController:
    """The main menu; Resume is greyed out (skipped) when there is no game to resume."""
    items = [dict(it) for it in MAIN_MENU_ITEMS]
    items[1]["enabled"] = can_resume
    return MenuController("Dungeon Companion", items)
