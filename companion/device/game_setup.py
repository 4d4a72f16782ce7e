"""The new-game menu's choices for any registered game: players, each seat human or computer,
the game's menu options; built from the registry so that no shared module names a game.

    setup = GameSetup(get_game(game_id))
    setup.items()          # menu items: "Players: 2", "P2: computer (random)", ..., "Start"
    setup.cycle("seat-p2") # OK on an item steps its value
    setup.header_options() # {"players": 3, "seats": {"p3": "computer:random"}, ...}: the non-defaults
"""

from __future__ import annotations

from typing import Any

from companion.engine.registry import GameType

HUMAN = "human"


def show_value(value: Any) -> str:
    """An option's value in a few words for the menu."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict) and len(value) == 1:
        return show_value(next(iter(value.values())))
    return str(value)


class GameSetup:
    """What the new-game menu has chosen so far for one game."""

    def __init__(self, game: GameType):
        self.game = game
        self.players = game.default_players()
        self.seats: dict[str, str] = {}  # seat -> "human" | "computer:<policy>"
        self.options = {o.key: o.default for o in self.menu_options()}

    def menu_options(self):
        return [o for o in self.game.options if o.menu and o.choices]

    def seat_choices(self) -> list[str]:
        return [HUMAN] + [f"computer:{name}" for name in self.game.policy_names()]

    def items(self) -> list[dict]:
        lo, hi = self.game.players
        out = []
        if lo < hi:
            out.append(
                {
                    "id": "players",
                    "label": f"Players: {self.players}",
                    "hint": f"{self.game.title}: {lo} to {hi} players",
                }
            )
        if self.game.policies:
            taken = self.game.taken_seats(self.options)
            for seat in self.game.seats(self.players):
                if seat in taken:  # an option plays it (a solo mode's AI deck): no person to choose
                    hint = f"{taken[seat]} plays {seat.upper()}: set by the options below"
                    out.append(
                        {"id": f"seat-{seat}", "label": f"{seat.upper()}: {taken[seat]}", "hint": hint}
                    )
                    continue
                how = self.seats.get(seat, HUMAN)
                kind, _, policy = how.partition(":")
                hint = f"computer player: {policy}. OK: next" if policy else "OK: human or a computer player"
                out.append({"id": f"seat-{seat}", "label": f"{seat.upper()}: {kind}", "hint": hint})
        for opt in self.menu_options():
            out.append(
                {
                    "id": f"option-{opt.key}",
                    "label": f"{opt.key.replace('_', ' ')}: {show_value(self.options[opt.key])}",
                    "hint": opt.hint or opt.help,
                }
            )
        out.append({"id": "start", "label": "Start", "hint": self.game.description[:80]})
        return out

    def cycle(self, item: str) -> None:
        """Step the chosen item's value to the next one (wrapping round)."""
        if item == "players":
            lo, hi = self.game.players
            self.players = lo if self.players >= hi else self.players + 1
            self.seats = {s: how for s, how in self.seats.items() if s in self.game.seats(self.players)}
        elif item.startswith("seat-"):
            seat = item.removeprefix("seat-")
            if seat in self.game.taken_seats(self.options):
                return  # the options play it
            choices = self.seat_choices()
            now = self.seats.get(seat, HUMAN)
            self.seats[seat] = choices[(choices.index(now) + 1) % len(choices)]
        elif item.startswith("option-"):
            opt = self.game.option(item.removeprefix("option-"))
            choices = list(opt.choices)
            now = self.options[opt.key]
            self.options[opt.key] = (
                choices[(choices.index(now) + 1) % len(choices)] if now in choices else choices[0]
            )

    def header_options(self) -> dict[str, Any]:
        """Only what differs from the game's defaults, so a game file stays as short as it can."""
        out: dict[str, Any] = {}
        if self.players != self.game.default_players():
            out["players"] = self.players
        taken = self.game.taken_seats(self.options)
        computers = {s: how for s, how in self.seats.items() if how != HUMAN and s not in taken}
        if computers:
            out["seats"] = computers
        for opt in self.menu_options():
            if self.options[opt.key] != opt.default:
                out[opt.key] = self.options[opt.key]
        return out
