"""Models of Dungeon Days' screens at real positions, for the golden PNGs
(tests/ui/golden/dungeon-days-*.png)."""

from __future__ import annotations

from companion.ui import PromptController, build_model
from companion.ui.model import prompt_dict
from tests.games.dungeon_days.table import ENGINE, play, table

BOARDS = {
    "p1": {"mon": ["human"], "tue": ["elf", "invisibility", "orc"], "thu": ["dragon", "halfling"]},
    "p2": {"wed": ["boulder"], "fri": ["mimic"], "sat": ["elf", "sprite"], "sun": ["troll"]},
    "p3": {"mon": ["dwarf"], "tue": ["pixie"], "wed": ["human"]},
}
HAND = {"p1": ["pixie", "dwarf", "lava", "halfling", "transformation"], "p2": ["dragon"], "p3": ["elf"]}


def turn(presses: list[str], players: int = 3):
    boards = {k: v for k, v in BOARDS.items() if int(k[1:]) <= players}
    s = table(players=players, boards=boards, hands={k: v for k, v in HAND.items() if int(k[1:]) <= players})
    ctl = PromptController(game=ENGINE.name)
    ctl.start(prompt_dict(ENGINE.prompt(s)))
    for b in presses:
        ctl.press(b)
    return build_model(ENGINE, s, viewer="p1", ui=ctl.ui)


def hand_with_idle_cards():
    """An Orc with no creature to stand left of: in the hand, struck through, not offered."""
    s = table(
        players=2,
        boards={"p1": {"mon": ["elf"]}},
        hands={"p1": ["sprite", "dwarf", "orc", "troll", "terror"]},
    )
    ctl = PromptController(game=ENGINE.name)
    ctl.start(prompt_dict(ENGINE.prompt(s)))
    return build_model(ENGINE, s, viewer="p1", ui=ctl.ui)


def entering():
    s = table(players=3, mode="score")
    for action in [
        "p1 add human",
        "p1 next",
        "p1 add elf",
        "p1 add invisibility",
        "p1 add orc",
        "p1 next",
        "p1 add dwarf",
        "p1 next",
        "p1 next",
        "p1 add mimic",
        "p1 next",
        "p1 next",
        "p1 next",
        "p2 add dragon",
        "p2 next",
        "p2 add pixie",
        "p2 add halfling",
    ]:
        play(s, action)
    ctl = PromptController(game=ENGINE.name)
    ctl.start(prompt_dict(ENGINE.prompt(s)))
    ctl.press("down")
    return build_model(ENGINE, s, viewer=None, ui=ctl.ui)


def scored():
    s = table(
        players=2,
        mode="score",
        boards={
            "p1": {
                "mon": ["human", "sprite"],
                "tue": ["mimic"],
                "wed": ["dragon", "halfling"],
                "thu": ["elf", "invisibility", "orc"],
                "fri": ["boulder"],
                "sat": ["pixie"],
                "sun": ["troll"],
            }
        },
    )
    events = []
    for _ in range(7):
        events = play(s, "p1 next")
    return build_model(ENGINE, s, viewer=None, screen="days_score", events=events)


def dragon_result():
    s = table(
        players=2, boards={"p2": {"tue": ["elf"], "thu": ["human", "sprite"]}}, hands={"p1": ["dragon"]}
    )
    events = play(s, "p1 play dragon p2 wed")
    return build_model(ENGINE, s, viewer=None, screen="days_result", events=events)


def final(players: int = 4):
    """P1 fills the week (a Boulder on Saturday) but P2 has more points."""
    boards = {
        "p1": {**{d: ["human"] for d in ("mon", "tue", "wed", "thu", "fri")}, "sat": ["boulder"]},
        "p2": BOARDS["p2"],
        "p3": BOARDS["p3"],
        "p4": {"mon": ["dragon"], "tue": ["mimic"]},
    }
    s = table(
        players=players,
        boards={k: v for k, v in boards.items() if int(k[1:]) <= players},
        hands={"p1": ["elf"]},
    )
    events = play(s, "p1 play elf p1 sun")
    return build_model(ENGINE, s, viewer=None, screen="days_final", events=events)


def pass_to():
    s = table(players=4, boards=BOARDS, hands=HAND, turn="p3")
    return build_model(ENGINE, s, viewer=None, screen="pass_to", seat="p3")


SCENARIOS = {
    "dungeon-days-turn-card": lambda: turn([]),
    "dungeon-days-turn-board": lambda: turn(["down"] * 5 + ["ok", "down"]),  # a Halfling, over P2
    "dungeon-days-turn-day": lambda: turn(["down"] * 5 + ["ok", "down", "ok", "down"]),  # on P2's Saturday
    "dungeon-days-turn-other-board": lambda: turn(["right", "right"]),
    "dungeon-days-turn-six": lambda: turn([], players=6),
    "dungeon-days-turn-hand": hand_with_idle_cards,
    "dungeon-days-enter": entering,
    "dungeon-days-score": scored,
    "dungeon-days-result": dragon_result,
    "dungeon-days-pass-to": pass_to,
    "dungeon-days-final": final,
    "dungeon-days-final-six": lambda: final(players=6),
}
