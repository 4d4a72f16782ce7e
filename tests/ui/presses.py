"""How many button presses a person needs to reach a decision: a breadth-first search over the
presses of a prompt's own control (the game's, else the generic one), so a count before and
after a change to the controls is measured, not guessed."""

from __future__ import annotations

import copy

from companion.ui.controls import DIRECTIONS, PromptController


def presses_to(game: str, prompt: dict, action: str, most: int = 80) -> int:
    """The fewest presses (directions and OK) from the prompt's start to ``action``; raises when
    ``most`` presses do not reach it."""
    start = PromptController(game=game)
    start.start(prompt)
    frontier, seen = [start], {repr(start.ui)}
    for depth in range(1, most + 1):
        nxt = []
        for ctl in frontier:
            for button in (*DIRECTIONS, "ok", "back"):
                c = copy.deepcopy(ctl)
                sent = c.press(button)
                if sent == action:
                    return depth
                if sent is not None:  # another decision sent: the prompt would be gone
                    continue
                key = repr(c.ui)
                if key not in seen:
                    seen.add(key)
                    nxt.append(c)
        frontier = nxt
    raise AssertionError(f"{action!r} not reached in {most} presses")
