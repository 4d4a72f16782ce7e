"""Placing a die on the buttons, area by area: first the die (skipped when only one can go),
then the space, the board's areas side by side: LEFT/RIGHT go from area to area (the yellow,
blue and red dungeon, turn order, treasure, trainer, tavern, prisoners, trade, sorcerer),
UP/DOWN from space to space within one, OK places, BACK goes back to the die. A red crystal's
look under a monster is chosen the same way, among the dungeon's squares (its "die" is
``look``).

Only legal lines are offered (the prompt's options); the control's ``ui`` is what the placing
screen (screens_place.py) draws."""

from __future__ import annotations

from companion.ui.controls import Control

from .words import AREAS, area_of

MODE = "allies_place"


def areas_for(spaces: list[str]) -> list[list]:
    """The spaces grouped by the board's areas, in the board's order: [[area, [space, ...]], ...];
    a die with no open space gets its one "pass" as an area of its own."""
    out = [[name, [sp for sp in spaces if area_of(sp) == name]] for name, _ in AREAS]
    out = [a for a in out if a[1]]
    rest = [sp for sp in spaces if not area_of(sp)]
    return out + ([["no space", rest]] if rest else [])


class PlaceControl(Control):
    """``ui``: ``stage`` ("die" or "space"), ``dice`` (the die words, "red" for a look under two
    monsters), ``die_cursor``, ``die``, ``areas`` ([[area, [space, ...]], ...]), ``area`` and
    ``cursor`` (the lit area and the space within it), ``space`` (the lit space)."""

    mode = MODE

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        self.lines = {key(o): o for o in prompt.get("options") or []}
        dice = list(dict.fromkeys(die for die, _ in self.lines))
        self.ui.update(
            {
                "stage": "die",
                "dice": dice,
                "die_cursor": 0,
                "die": "",
                "areas": [],
                "area": 0,
                "cursor": 0,
                "space": "",
            }
        )
        if len(dice) == 1 and dice != ["red"]:
            self._to_spaces(dice[0])

    def _to_spaces(self, die: str) -> None:
        ui = self.ui
        ui.update(
            {
                "stage": "space",
                "die": die,
                "areas": areas_for([sp for d, sp in self.lines if d == die]),
                "area": 0,
                "cursor": 0,
            }
        )
        ui["space"] = ui["areas"][0][1][0]

    def _light(self) -> None:
        ui = self.ui
        spaces = ui["areas"][ui["area"]][1]
        ui["cursor"] %= len(spaces)
        ui["space"] = spaces[ui["cursor"]]

    def press(self, b: str) -> str | None:
        ui = self.ui
        if ui["stage"] == "die":
            n = len(ui["dice"])
            if b in ("up", "left", "down", "right"):
                ui["die_cursor"] = (ui["die_cursor"] + (-1 if b in ("up", "left") else 1)) % n
            elif b == "ok":
                die = ui["dice"][ui["die_cursor"]]
                if die == "red":
                    return self.lines[("red", "peek")]
                self._to_spaces(die)
            else:
                self.last_back = True
            return None
        if b in ("left", "right"):
            ui["area"] = (ui["area"] + (-1 if b == "left" else 1)) % len(ui["areas"])
            ui["cursor"] = 0
            self._light()
        elif b in ("up", "down"):
            ui["cursor"] += -1 if b == "up" else 1
            self._light()
        elif b == "ok":
            return self.lines[(ui["die"], ui["space"])]
        elif len(ui["dice"]) > 1:
            ui.update({"stage": "die", "die": "", "space": ""})
        else:
            self.last_back = True
        return None


def key(option: str) -> tuple[str, str]:
    """An option as (die, space): "p1 place d6 y5" -> ("d6", "y5"), "p1 look y5" -> ("look", "y5")."""
    w = option.split()
    return ("look", w[2]) if w[1] == "look" else (w[2], w[3])


def control(prompt: dict) -> Control | None:
    """The placing prompt and a red crystal's look on the buttons; every other prompt is the
    generic controls'."""
    if prompt.get("kind") in ("place", "peek") and prompt.get("options") and prompt.get("actor") != "chance":
        return PlaceControl(prompt)
    return None
