"""The turn's control on the buttons: an action built step by step over the prompt's options,
as a tree: first what to do (throw, give, forward, ...), then who, then at whom, then (a group
throw) the supporters. At each step only words that lead to a legal action are offered; a
``done`` entry finishes where the words so far already make an action and more could follow.

    >>> c = StepControl({"actor": "p1", "options": ["p1 end", "p1 throw rita vix", "p1 throw rita lena"]})
    >>> c.ui["words"]
    ['throw', 'end']
    >>> c.press("ok"), c.ui["words"]
    (None, ['rita'])
    >>> c.press("ok"), c.press("down"), c.press("ok")
    (None, None, 'p1 throw rita lena')
"""

from __future__ import annotations

from companion.ui.controls import Control

DONE = "done"
VERB_ORDER = (
    "throw",
    "group",
    "give",
    "drop",
    "forward",
    "back",
    "counter",
    "retreat",
    "stay",
    "pass",
    "end",
)


class StepControl(Control):
    mode = "steps"

    def __init__(self, prompt: dict) -> None:
        super().__init__(prompt)
        self.lines = {tuple(o.split()[1:]): o for o in prompt.get("options") or []}
        self.ui.update({"chosen": [], "cursor": 0, "words": []})
        self._offer()

    def _offer(self) -> None:
        chosen = tuple(self.ui["chosen"])
        n = len(chosen)
        nexts: list[str] = []
        for line in self.lines:
            if len(line) > n and line[:n] == chosen and line[n] not in nexts:
                nexts.append(line[n])
        if not n:
            nexts.sort(key=lambda w: VERB_ORDER.index(w) if w in VERB_ORDER else len(VERB_ORDER))
        if n and chosen in self.lines and nexts:
            nexts.append(DONE)
        self.ui["words"] = nexts
        self.ui["cursor"] = 0

    def press(self, b: str) -> str | None:
        ui = self.ui
        self.last_back = False
        count = max(1, len(ui["words"]))
        if b in ("up", "left"):
            ui["cursor"] = (ui["cursor"] - 1) % count
        elif b in ("down", "right"):
            ui["cursor"] = (ui["cursor"] + 1) % count
        elif b == "back":
            if ui["chosen"]:
                last = ui["chosen"].pop()
                self._offer()
                ui["cursor"] = ui["words"].index(last) if last in ui["words"] else 0
            else:
                self.last_back = True
        elif ui["words"]:
            word = ui["words"][ui["cursor"]]
            if word == DONE:
                return self.lines[tuple(ui["chosen"])]
            ui["chosen"].append(word)
            chosen = tuple(ui["chosen"])
            self._offer()
            if not ui["words"]:
                return self.lines[chosen]
        return None
