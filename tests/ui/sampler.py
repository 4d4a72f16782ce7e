"""A game of every prompt shape, with no screens of its own: what the generic screens and
controls are tested on. Each turn asks the next shape in ``SHAPES`` (starting at the header's
``show`` option); each answer scores a point for its seat; the game ends after ``rounds``
answers. Its ``apply`` checks an answer by the prompt's shape, as a real engine would, so a
line the controls build is proved legal by being applied.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

from companion.engine.core import ChanceSpec, DieSpec, Header, IllegalAction, Prompt
from companion.engine.registry import GameType, Option

# Not registered: the UI needs no registry entry to draw a game with no screens of its own, and
# the process-wide registry stays what the other tests expect.
GAME = GameType(
    id="ui-sampler",
    title="Prompt Sampler",
    players=(2, 6),
    engine="tests.ui.sampler:Sampler",
    options=(
        Option("show", "options", "the first prompt shape"),
        Option("rounds", 6, "answers to play"),
        Option("scores", None, "points to start from, seat -> points", menu=False),
    ),
    description="Every prompt shape once: a list, a word chooser, multi-select, a bid, a grid, mixed dice.",
)

CARDS, BOARDS, DAYS = ["sword", "shield", "torch"], ["forest", "cave", "tower"], ["mon", "tue", "wed"]
CELLS = [["a1", "a2", None, "a4"], ["b1", "b2", "b3", "b4"], ["c1", None, "c3", "c4"]]
D4, D6, D12 = (tuple(str(i) for i in range(1, n + 1)) for n in (4, 6, 12))
BAG = ("red", "red", "blue", "green", "gold")


def _prompt(shape: str, actor: str) -> Prompt:
    if shape == "options":
        return Prompt(
            actor,
            "trade",
            "Trade with whom?",
            options=(f"{actor} trade left", f"{actor} trade right", f"{actor} pass"),
        )
    if shape == "words":
        lines = tuple(
            f"{actor} play {c} {b} {d}"
            for c in CARDS
            for b in BOARDS
            for d in DAYS
            if not (c == "torch" and b == "forest")
        )  # no torches in the forest
        return Prompt(
            actor,
            "plan",
            "Plan your day",
            options=lines,
            choice={"words": [CARDS, BOARDS, DAYS], "verb": "play"},
        )
    if shape == "multi":
        return Prompt(
            actor,
            "discard",
            "Discard crystals",
            choice={
                "multi": {
                    "items": ["red", "red", "blue", "green"],
                    "min": 0,
                    "max": 2,
                    "verb": "discard",
                    "none": "keep",
                }
            },
        )
    if shape == "number":
        return Prompt(
            actor,
            "bid",
            "Bid for the chest",
            choice={"number": {"min": 1, "max": 20, "verb": "bid", "default": 3}},
        )
    if shape == "grid":
        cells = [c for row in CELLS for c in row if c]
        index = {c: i for i, c in enumerate(cells)}
        return Prompt(
            actor,
            "place",
            "Place your tower",
            options=tuple(f"{actor} place {c}" for c in cells),
            choice={"grid": [[index.get(c) for c in row] for row in CELLS]},
        )
    if shape == "dice":
        return Prompt(
            "chance",
            "roll",
            "Roll the d4, d6 and d12",
            chance=ChanceSpec(
                "roll", D12, 3, die="mixed", dice=(DieSpec("d4", D4), DieSpec("d6", D6), DieSpec("d12", D12))
            ),
        )
    if shape == "bag":
        return Prompt(
            "chance", "draw", "Draw two crystals", chance=ChanceSpec("draw", BAG, 2, die="bag", distinct=True)
        )
    raise ValueError(shape)


SHAPES = ("options", "words", "multi", "number", "grid", "dice", "bag")


def refusal(prompt: Prompt, action: str) -> str | None:
    """Why ``action`` does not answer ``prompt``, or None."""
    words = action.split()
    if prompt.chance is not None:
        if words[:2] != ["chance", prompt.chance.verb]:
            return "not this chance"
        return prompt.chance.refusal(words[2:])
    if words[:1] != [prompt.actor]:
        return f"it is {prompt.actor}'s turn"
    choice = prompt.choice
    if "multi" in choice:
        spec = choice["multi"]
        if words[1:] == [spec["none"]]:
            return None
        picked = Counter(words[2:])
        if words[1] != spec["verb"] or picked - Counter(spec["items"]):
            return "not among the items"
        return None if spec["min"] <= len(words) - 2 <= spec["max"] else "too many or too few"
    if "number" in choice:
        spec = choice["number"]
        ok = len(words) == 3 and words[1] == spec["verb"] and words[2].isdigit()
        return None if ok and spec["min"] <= int(words[2]) <= spec["max"] else "not a number in range"
    return None if action in (prompt.options or ()) else "not an option"


def first_answer(prompt: Prompt) -> str:
    """A legal answer without the buttons: the first option, no item, the lowest number, the
    first faces."""
    if prompt.chance is not None:
        ch = prompt.chance
        return ch.outcome(
            [ch.faces_of(i)[0] for i in range(ch.count)] if not ch.distinct else list(ch.faces[: ch.count])
        )
    if "multi" in prompt.choice:
        return f"{prompt.actor} {prompt.choice['multi']['none']}"
    if "number" in prompt.choice:
        spec = prompt.choice["number"]
        return f"{prompt.actor} {spec['verb']} {spec['min']}"
    return prompt.options[0]


class Sampler:
    name = "ui-sampler"
    pack = None
    digest = ""

    def new_state(self, header: Header) -> dict:
        o = {**GAME.defaults(), **header.options}
        seats = [f"p{i}" for i in range(1, int(o.get("players", 3)) + 1)]
        scores = {s: 0 for s in seats}
        scores.update(o.get("scores") or {})
        return {
            "seats": seats,
            "scores": scores,
            "turn": 0,
            "first": SHAPES.index(o["show"]),
            "rounds": o["rounds"],
            "answers": [],
        }

    def prompt(self, s: dict) -> Prompt:
        if self.is_over(s):
            return Prompt("", "over", "game over")
        return _prompt(
            SHAPES[(s["first"] + s["turn"]) % len(SHAPES)], s["seats"][s["turn"] % len(s["seats"])]
        )

    def apply(self, s: dict, action: str, prompt: Prompt | None = None) -> list[dict]:
        p = prompt or self.prompt(s)
        why = refusal(p, action)
        if why:
            raise IllegalAction(action, why)
        if not p.is_chance:
            s["scores"][p.actor] += 1
        s["answers"].append(action)
        s["turn"] += 1
        return [{"event": "answer", "action": action}] + ([{"event": "game_over"}] if self.is_over(s) else [])

    def is_over(self, s: dict) -> bool:
        return s["turn"] >= s["rounds"]

    def summary(self, s: dict) -> dict:
        best = max(s["scores"].values())
        leaders = [k for k, v in s["scores"].items() if v == best]
        over = self.is_over(s)
        return {
            "players": list(s["seats"]),
            "scores": dict(s["scores"]),
            "over": over,
            "winner": leaders[0] if over and len(leaders) == 1 else None,
            "draw": over and len(leaders) > 1,
        }

    def public_view(self, s: dict, viewer: str | None) -> dict:
        return copy.deepcopy(s)

    def to_json(self, s: dict) -> bytes:
        return json.dumps(s).encode()
