"""Dungeon Days on the buttons: a turn built word by word (the card, then the board, then the
day; a Transformation then asks for the creature taken and the one given), and the scorer's
day-by-day entry. Left/right show the next or previous board at any time; up/down pick the word;
OK takes it; BACK takes the last word back. A step with only one possible word is taken by itself
(a Sprite goes on the player's own board) and BACK steps over it too.
"""

from __future__ import annotations

from companion.ui.controls import Control

VERBS = ("play", "add")  # the verb implied by a card: "p1 play elf p1 mon", "p2 add elf"


def key_of(words: list[str]) -> tuple[str, ...]:
    """An option's words after the actor, the verb dropped: ("elf", "p1", "mon"), ("draw",)."""
    return tuple(words[2:]) if len(words) > 1 and words[1] in VERBS else tuple(words[1:])


class DaysControl(Control):
    """The word tree of the prompt's options, with a board shown beside it."""

    mode = "days"

    def __init__(self, prompt: dict, boards: list[str]) -> None:
        super().__init__(prompt)
        self.lines = {key_of(o.split()): o for o in prompt.get("options") or []}
        self.boards = boards
        shown = self.actor if self.actor in boards else boards[0] if boards else ""
        self.auto: list[bool] = []
        # the cards in hand with no play now: the cursor reaches them too, to show why
        why_not = (prompt.get("choice") or {}).get("why_not") or {}
        self.ui.update(
            {
                "chosen": [],
                "words": [],
                "cursor": 0,
                "board": shown,
                "kind": prompt.get("kind", ""),
                "idle": list(why_not),
                "why_not": dict(why_not),
                "looking": "hand",
            }
        )
        self._offer()

    # ------------------------------------------------------------------ the tree
    def _next_words(self) -> list[str]:
        chosen = tuple(self.ui["chosen"])
        n = len(chosen)
        return list(dict.fromkeys(k[n] for k in self.lines if len(k) > n and k[:n] == chosen))

    def _offer(self) -> None:
        """Offer the next words; take a forced one by itself (never a whole line)."""
        while True:
            words = self._next_words()
            chosen = tuple(self.ui["chosen"])
            if len(words) == 1 and chosen and (*chosen, words[0]) not in self.lines:
                self.ui["chosen"].append(words[0])
                self.auto.append(True)
                continue
            break
        self.ui["words"] = words
        self.ui["cursor"] = 0
        self._follow()

    def _follow(self) -> None:
        """While a board is being chosen the board shown is the one under the cursor; once
        chosen, that one."""
        chosen, words = self.ui["chosen"], self.ui["words"]
        if self.ui["cursor"] < len(words) and words[self.ui["cursor"]] in self.boards:
            self.ui["board"] = words[self.ui["cursor"]]
        elif len(chosen) >= 2 and chosen[1] in self.boards:
            self.ui["board"] = chosen[1]

    @property
    def step(self) -> str:
        """What the next word is: card, board, day, take or give."""
        return ("card", "board", "day", "take", "give")[min(len(self.ui["chosen"]), 4)]

    # ------------------------------------------------------------------ buttons
    def _reach(self) -> int:
        """How many places the cursor has: the words, and at the card step the idle cards."""
        return len(self.ui["words"]) + (len(self.ui["idle"]) if not self.ui["chosen"] else 0)

    def press(self, b: str) -> str | None:
        """Up/down: the next word (at the card step each card in hand, with what it does);
        left/right: the boards; OK: take the word (on a card with no play now, nothing)."""
        ui = self.ui
        if b in ("left", "right") and self.boards:
            i = self.boards.index(ui["board"]) if ui["board"] in self.boards else 0
            ui["board"] = self.boards[(i + (1 if b == "right" else -1)) % len(self.boards)]
            ui["looking"] = "board"
        elif b in ("up", "down") and self._reach():
            ui["cursor"] = (ui["cursor"] + (1 if b == "down" else -1)) % self._reach()
            ui["looking"] = "hand"
            self._follow()
        elif b == "back":
            while self.auto and self.auto[-1]:
                self.auto.pop()
                ui["chosen"].pop()
            if not ui["chosen"]:
                self.last_back = True
                return None
            last = ui["chosen"].pop()
            self.auto.pop()
            self._offer()
            ui["cursor"] = ui["words"].index(last) if last in ui["words"] else 0
            self._follow()
        elif b == "ok" and ui["cursor"] >= len(ui["words"]):
            ui["looking"] = "hand"  # a card with no play now: its reason is on the panel
        elif b == "ok" and ui["words"]:
            ui["chosen"].append(ui["words"][ui["cursor"]])
            self.auto.append(False)
            line = self.lines.get(tuple(ui["chosen"]))
            if line is not None:  # sent: no word row is left under the board while others move
                ui.update(chosen=[], words=[], idle=[], cursor=0)
                self.auto.clear()
                return line
            self._offer()
        return None
