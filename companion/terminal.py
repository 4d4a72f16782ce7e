"""Playing at a terminal: two people at one keyboard, the engine as referee.

Each prompt shows the status line, the question and numbered options; type a number, the
action's words or only its last words (``right`` for ``move right``), ``undo`` to take back the
last decision, ``help`` or ``quit``, in any case. Every accepted action is appended to the game
file at once (flushed and synced), so a closed terminal or a pulled plug loses nothing:
``companion replay FILE`` rebuilds the game.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from companion.engine.core import Header, IllegalAction, Prompt
from companion.engine.dice import PositionalDice
from companion.engine.gamefile import GameFileError, GameRecord
from companion.engine.runner import replay
from companion.session import seals


HELP = """\
  Type the number of an option, or its words: the whole action (p2 defend red-1) or only its
  last words (red-1, right, heads). To choose dice, type their numbers (1 3), or stop to keep
  them all. At a dice prompt, type the faces rolled (ball cleat time). Case does not matter.
  undo (or u) takes back the last decision; quit (or Ctrl-D) stops here: the game file keeps
  every action, and companion play --resume FILE continues the game."""


def match_option(line: str, actor: str, options: tuple[str, ...]) -> str | None:
    """The one option that ``line`` names: all its words, with or without the actor, or only
    its last words (``right`` -> ``p1 move right``). None when no option or several match."""
    words = line.split()
    if words and words[0] == actor:
        words = words[1:]
    if not words:
        return None
    exact = [o for o in options if o.split()[1:] == words]
    if exact:
        return exact[0]
    tails = [o for o in options if o.split()[1:][-len(words):] == words]
    return tails[0] if len(tails) == 1 else None


class GameWriter:
    """Keeps the game file in step with the record: a rewrite on undo, an append otherwise."""

    def __init__(self, path: Path, record: GameRecord):
        self.path = path
        self.record = record
        with self.saving():
            path.parent.mkdir(parents=True, exist_ok=True)
        self.rewrite()

    @contextmanager
    def saving(self):
        """An OSError while saving becomes a GameFileError naming the game file."""
        try:
            yield
        except OSError as exc:
            raise GameFileError(f"{self.path}: cannot save the game: {exc.strerror or exc}") from None

    def rewrite(self) -> None:
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        with self.saving():
            try:
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(self.record.dumps())
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.path)
            finally:
                tmp.unlink(missing_ok=True)
        self.record.lines.clear()       # the file's line numbers changed (comments are gone)

    def append(self, action: str) -> None:
        with self.saving(), open(self.path, "a", encoding="utf-8") as f:
            f.write(action + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.record.actions.append(action)


class TerminalGame:
    def __init__(self, engine, header: Header, save: Path, dice_mode: str = "digital",
                 inp: TextIO | None = None, out: TextIO | None = None, record: GameRecord | None = None):
        self.engine = engine
        self.header = header
        self.dice_mode = dice_mode
        self.dice = PositionalDice(header.seed)
        self.inp, self.out = inp or sys.stdin, out or sys.stdout
        self.record = record or GameRecord(header)
        _, self.state = replay(self.record, engine)     # a file that does not replay is left as it is
        self.seal = self._seal_after_replay()
        self.writer = GameWriter(save, self.record)

    def _seal_after_replay(self) -> int:
        """How many recorded actions undo can no longer take back (see companion.session)."""
        state, seal = self.engine.new_state(self.header), 0
        for number, action in enumerate(self.record.actions, 1):
            if seals(action, self.engine.apply(state, action)):
                seal = number
        return seal

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, question: str) -> str | None:
        """One line of input, lower case and trimmed (actions are lower case); None at the end."""
        self.out.write(question)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return " ".join(line.lower().split())

    def run(self) -> int:
        g = self.engine
        self.say(f"game file: {self.writer.path}")
        while not g.is_over(self.state):
            prompt = g.prompt(self.state)
            if prompt.is_chance and self.answers_digitally(prompt):
                action = self.dice.answer(prompt, len(self.record.actions))
                self.say(f"  [{action.removeprefix('chance ')}]")
            else:
                action = self.ask_for(prompt)
                if action is None:
                    self.say(f"\nstopped; resume with: companion play --resume {self.writer.path}")
                    return 0
                if action == "undo":
                    self.undo()
                    continue
            try:
                events = g.apply(self.state, action, prompt)
            except IllegalAction as exc:
                self.say(f"  ! {exc.reason}" + (f"  (rule: {exc.rule})" if exc.rule else ""))
                continue
            self.writer.append(action)
            if seals(action, events):
                self.seal = len(self.record.actions)
            self.show_events(events)
        self.say(g.status_line(self.state))
        s = g.summary(self.state)
        self.say(f"GAME OVER: {s['winner']} wins {s['score']['p1']}-{s['score']['p2']}")
        return 0

    def answers_digitally(self, prompt: Prompt) -> bool:
        # A skill-based kick is a physical toss: a person always says how it landed. The solo
        # AI deck lives in the companion: its cards are always drawn here.
        if prompt.chance.die == "ai-deck":
            return True
        return self.dice_mode == "digital" and prompt.chance.die != "toss"

    def ask_line(self, question: str) -> str | None:
        """A line for the game: help is answered here, undo (u) gives "undo", quit (q) and the
        end of input give None, an empty line asks again."""
        while True:
            line = self.ask(question)
            if line is None or line in ("quit", "q"):
                return None
            if line in ("undo", "u"):
                return "undo"
            if line in ("help", "?"):
                self.say(HELP)
            elif line:
                return line

    def ask_for(self, prompt: Prompt) -> str | None:
        g = self.engine
        self.say("")
        self.say(g.status_line(self.state))
        self.say(prompt.text)
        if prompt.is_chance:
            spec = prompt.chance
            faces = " ".join(sorted(set(spec.faces)))
            line = self.ask_line(f"  enter {spec.count} value(s) [{faces}]: ")
            return line if line in (None, "undo") else spec.outcome(line.split())
        if prompt.options is not None:
            for number, option in enumerate(prompt.options, 1):
                self.say(f"  {number:2}. {self.describe(option)}")
        else:
            dice = prompt.choice.get("dice", [])
            free = set(prompt.choice.get("rerollable") or prompt.choice.get("eligible") or [])
            self.say("  dice: " + "  ".join(f"{i}:{face}" + ("" if i in free else "(x)")
                                            for i, face in enumerate(dice, 1) if face))
            self.say("  (x): cannot be chosen. Type the dice numbers, e.g. '1 3'"
                     + (", or 'stop' to keep them all" if prompt.kind == "keep" else ""))
        while True:
            line = self.ask_line(f"{prompt.actor}> ")
            if line in (None, "undo"):
                return line
            if prompt.options is None and line.replace(" ", "").isdigit():
                verb = "reroll" if prompt.kind == "keep" else "pick"
                return f"{prompt.actor} {verb} {line}"
            if line.isdigit() and prompt.options is not None:
                index = int(line) - 1
                if 0 <= index < len(prompt.options):
                    return prompt.options[index]
                self.say(f"  ! choose 1 to {len(prompt.options)}")
                continue
            if prompt.options is not None:
                named = match_option(line, prompt.actor, prompt.options)
                if named is not None:
                    return named
            return line if line.split()[0] == prompt.actor else f"{prompt.actor} {line}"

    def describe(self, option: str) -> str:
        words = option.split()
        if words[1] == "card":
            card = self.engine.pack.cards[words[2]]
            return f"{option}   ({card.name}, cost {card.cost}: {card.text})"
        return option

    def undo(self) -> None:
        """Take back the last decision, while no die or hidden card has answered it: then the
        decision stands (the same rule as on the device, companion.session)."""
        actions = self.record.actions
        if not actions:
            self.say("  ! nothing to undo")
            return
        if len(actions) <= self.seal:
            why = ("the dice have answered it" if actions[-1].startswith("chance ")
                   else "a hidden card was revealed")
            self.say(f"  ! no undo: {why}; that decision stands")
            return
        taken = actions.pop()
        self.writer.rewrite()
        _, self.state = replay(self.record, self.engine)
        self.say(f"  undone: {taken}")

    def show_events(self, events: list[dict]) -> None:
        for e in events:
            kind = e["event"]
            if kind == "ai_card":
                self.say(f"  >> {e['text']}")
                continue
            if kind in ("score", "reveal", "play_result", "card", "game_over", "halftime", "final_play",
                        "overtime", "turnover_on_downs", "punt", "kick_result", "drive", "defense_roll",
                        "onside_result", "hail_mary_caught", "hail_mary_incomplete", "ball_moved_back"):
                details = ", ".join(f"{k}={v}" for k, v in e.items() if k != "event")
                self.say(f"  * {kind}: {details}")
