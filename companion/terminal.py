"""Playing at a terminal: any registered game, its people at one keyboard, its computer
seats played by their policies, the engine as referee.

Each prompt shows the status line, the question and numbered options; type a number, the
action's words or only its last words (``right`` for ``move right``), ``undo`` to take back the
last decision, ``help`` or ``quit``, in any case. A secret choice (a private prompt) first asks
to pass the keyboard to its seat, and the screen is cleared after it. Every accepted action is
appended to the game file at once (flushed and synced), so a closed terminal or a pulled plug
loses nothing: ``companion replay FILE`` rebuilds the game.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from companion.engine.core import DEVICE, Header, IllegalAction, Prompt
from companion.engine.dice import PositionalDice
from companion.engine.gamefile import GameFileError, GameRecord
from companion.engine.registry import get_game
from companion.engine.runner import decide, replay
from companion.session import computer_seats, seals

CLEAR = "\n" * 60  # pushes a secret choice off the screen


HELP = """\
  Type the number of an option, or its words: the whole action (p2 defend red-1) or only its
  last words (red-1, right, heads). To choose dice, type their numbers (1 3), or stop to keep
  them all. For a number (a bid), type it. At a dice prompt, type the faces rolled (ball
  cleat time); mixed dice are asked one by one. Case does not matter.
  odds shows the chance of each option for the seat to act (what that seat may see).
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
    tails = [o for o in options if o.split()[1:][-len(words) :] == words]
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
        self.record.lines.clear()  # the file's line numbers changed (comments are gone)

    def append(self, action: str) -> None:
        with self.saving(), open(self.path, "a", encoding="utf-8") as f:
            f.write(action + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.record.actions.append(action)


class TerminalGame:
    def __init__(
        self,
        engine,
        header: Header,
        save: Path,
        dice_mode: str = "digital",
        inp: TextIO | None = None,
        out: TextIO | None = None,
        record: GameRecord | None = None,
    ):
        self.engine = engine
        self.header = header
        self.dice_mode = dice_mode
        self.dice = PositionalDice(header.seed)
        self.inp, self.out = inp or sys.stdin, out or sys.stdout
        self.computers = self._computer_policies(header)
        self.record = record or GameRecord(header)
        _, self.state = replay(self.record, engine)  # a file that does not replay is left as it is
        self.seal, self.stepped = self._undo_marks()
        self.writer = GameWriter(save, self.record)

    @staticmethod
    def _computer_policies(header: Header) -> dict:
        """Seat -> policy class for the header's computer seats (ValueError naming the key)."""
        game, policies = get_game(header.game), {}
        for seat, name in computer_seats(header).items():
            try:
                policies[seat] = game.load_policy(name)
            except ValueError as exc:
                raise ValueError(f"options.seats.{seat}: {exc}") from None
        return policies

    def _undo_marks(self) -> tuple[int, set[int]]:
        """How many recorded actions undo can no longer take back, and which computer secret
        choices it steps over (the same rule as the device's, companion.session)."""
        state, seal, stepped = self.engine.new_state(self.header), 0, set()
        for number, action in enumerate(self.record.actions, 1):
            prompt = self.engine.prompt(state)
            if self._mark(number, action, prompt, self.engine.apply(state, action, prompt), stepped):
                seal = number
        return seal, stepped

    def _mark(self, number: int, action: str, prompt: Prompt, events: list[dict], stepped: set) -> bool:
        """Note action ``number``; True when it seals what came before it."""
        computer = prompt.actor in self.computers
        if computer and prompt.private:
            stepped.add(number)
            return False
        return seals(action, events) or computer

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
        passed_to = None
        while not g.is_over(self.state):
            prompt = g.prompt(self.state)
            if prompt.is_chance and self.answers_digitally(prompt):
                action = self.dice.answer(prompt, len(self.record.actions))
                self.say(f"  [{self.shown_outcome(prompt, action)}]")
            elif prompt.actor in self.computers:
                action = self.computer_move(prompt)
                self.say(
                    f"  {prompt.actor} (computer) "
                    + ("chose, face down" if prompt.private else f"> {action}")
                )
            else:
                if (prompt.private or prompt.shows_hand) and passed_to != prompt.actor:
                    if not self.pass_to(prompt.actor, prompt.private):
                        return self.stopped()
                    passed_to = prompt.actor
                action = self.ask_for(prompt)
                if action is None:
                    return self.stopped()
                if action == "undo":
                    self.undo()
                    passed_to = None
                    continue
            try:
                events = g.apply(self.state, action, prompt)
            except IllegalAction as exc:
                self.say(f"  ! {exc.reason}" + (f"  (rule: {exc.rule})" if exc.rule else ""))
                continue
            self.writer.append(action)
            if self._mark(len(self.record.actions), action, prompt, events, self.stepped):
                self.seal = len(self.record.actions)
            if prompt.private and prompt.actor not in self.computers:
                self.say(CLEAR + f"{prompt.actor.upper()} has chosen.")
            elif prompt.shows_hand and prompt.actor not in self.computers:
                self.say(CLEAR + f"  {prompt.actor} > {action}")  # the hand hidden, the move public
            passed_to = None
            self.show_events(events)
        self.say(g.status_line(self.state))
        from companion.cli import result_line

        self.say(f"GAME OVER: {result_line(g.summary(self.state))}")
        return 0

    def stopped(self) -> int:
        self.say(f"\nstopped; resume with: companion play --resume {self.writer.path}")
        return 0

    def pass_to(self, seat: str, secret: bool = True) -> bool:
        """Ask the others to hand over the keyboard before a secret choice or a look at a
        hidden hand; False to quit."""
        what = "Secret choice" if secret else "Hand"
        line = self.ask(f"\n{what} for {seat.upper()}: pass to {seat.upper()} and press Enter ")
        return line is not None and line not in ("quit", "q")

    def computer_move(self, prompt: Prompt) -> str:
        """The computer seat's action, from its view only, its randomness fixed by the seed and
        the action's number (as on the device: replay and resume play the same moves)."""
        policy = self.computers[prompt.actor](self.header.seed * 1_000_003 + len(self.record.actions))
        return decide(policy, self.engine, self.state, prompt)

    def answers_digitally(self, prompt: Prompt) -> bool:
        """The device answers its own draws (a hidden card, the AI deck) always, and the
        table's dice when they are digital; an outcome no die decides (how a tossed die
        landed) is always told by a person."""
        spec = prompt.chance
        return spec.by == DEVICE or (self.dice_mode == "digital" and spec.digital)

    @staticmethod
    def shown_outcome(prompt: Prompt, action: str) -> str:
        """What everyone may see of a chance outcome: a private draw only as its count."""
        spec = prompt.chance
        if spec.private:
            return f"{spec.verb}: {spec.count} to {spec.private}, hidden"
        return action.removeprefix("chance ")

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
            elif line == "odds":  # the chance of each option, for the seat to act
                from companion.odds.hint import terminal_lines

                self.say("\n".join(terminal_lines(self.engine, self.state)))
            elif line:
                return line

    def ask_for(self, prompt: Prompt) -> str | None:
        self.say("")
        table_text = getattr(self.engine, "table_text", None)
        if table_text is not None:  # the game's table in text; the actor's secrets once passed to them
            seen = prompt.actor if prompt.private or prompt.shows_hand else None
            for line in table_text(self.state, seen):
                self.say(line)
        self.say(self.engine.status_line(self.state))
        self.say(prompt.text)
        if prompt.is_chance:
            return self.ask_chance(prompt)
        choice = prompt.choice
        if prompt.options is not None:
            labels = prompt.choice.get("labels") or []
            for number, option in enumerate(prompt.options, 1):
                label = labels[number - 1] if len(labels) == len(prompt.options) else ""
                self.say(f"  {number:2}. {self.describe(option, label)}")
        elif "number" in choice:
            spec = choice["number"]
            self.say(f"  type a number from {spec.get('min', 0)} to {spec.get('max', '...')}")
        elif "multi" in choice:
            spec = choice["multi"]
            self.say("  " + "  ".join(f"{i}:{item}" for i, item in enumerate(spec.get("items", []), 1)))
            self.say(
                f"  type the numbers of {spec.get('min', 0)} to {spec.get('max', len(spec.get('items', [])))}"
                " of them, e.g. '1 3'" + (f", or '{spec['none']}'" if spec.get("none") else "")
            )
        elif "words" in choice:
            for step, words in enumerate(choice["words"], 1):
                self.say(f"  word {step}: {' '.join(map(str, words))}")
        else:
            dice = choice.get("dice", [])
            free = set(choice.get("rerollable") or choice.get("eligible") or [])
            self.say(
                "  dice: "
                + "  ".join(
                    f"{i}:{face}" + ("" if i in free else "(x)") for i, face in enumerate(dice, 1) if face
                )
            )
            self.say(
                "  (x): cannot be chosen. Type the dice numbers, e.g. '1 3'"
                + (", or 'stop' to keep them all" if prompt.kind == "keep" else "")
            )
        while True:
            line = self.ask_line(f"{prompt.actor}> ")
            if line in (None, "undo"):
                return line
            action = self.action_for(prompt, line)
            if action is not None:
                return action

    def action_for(self, prompt: Prompt, line: str) -> str | None:
        """The action line a typed line means at this prompt, or None (said why) to ask again."""
        actor, choice = prompt.actor, prompt.choice
        if prompt.options is not None:
            if line.isdigit():
                index = int(line) - 1
                if 0 <= index < len(prompt.options):
                    return prompt.options[index]
                self.say(f"  ! choose 1 to {len(prompt.options)}")
                return None
            named = match_option(line, actor, prompt.options)
            if named is not None:
                return named
        elif "number" in choice and line.lstrip("-").isdigit():
            return f"{actor} {choice['number'].get('verb', '')} {int(line)}".replace("  ", " ")
        elif "multi" in choice and line.replace(" ", "").isdigit():
            spec = choice["multi"]
            items = spec.get("items", [])
            picked = [int(w) for w in line.split()]
            if not all(1 <= i <= len(items) for i in picked):
                self.say(f"  ! choose numbers from 1 to {len(items)}")
                return None
            return " ".join(
                str(w)
                for w in (actor, spec.get("verb", ""), *(items[i - 1] for i in sorted(set(picked))))
                if w
            )
        elif line.replace(" ", "").isdigit():
            verb = "reroll" if prompt.kind == "keep" else "pick"
            return f"{actor} {verb} {line}"
        return line if line.split()[0] == actor else f"{actor} {line}"

    def ask_chance(self, prompt: Prompt) -> str | None:
        """The outcome rolled at the table: all values on one line, or for mixed dice each die's
        value in turn, checked against that die's faces."""
        spec = prompt.chance
        if spec.dice is None:
            faces = " ".join(sorted(set(spec.faces)))
            line = self.ask_line(
                f"  enter {spec.count} {'value' if spec.count == 1 else 'values'} [{faces}]: "
            )
            return line if line in (None, "undo") else spec.outcome(line.split())
        values: list[str] = []
        for die in spec.dice:
            while True:
                line = self.ask_line(f"  {die.kind} [{' '.join(die.faces)}]: ")
                if line in (None, "undo"):
                    return line
                if line in die.faces:
                    values.append(line)
                    break
                self.say(f"  ! {line!r} is not a face of the {die.kind}")
        return spec.outcome(values)

    def describe(self, option: str, label: str = "") -> str:
        """An option with the prompt's label for it ("p1 pick brick   (Bruno Brick 5* C)"), or
        with its card's name, cost and text when it plays a card of the pack."""
        if label:
            return f"{option}   ({label})"
        words = option.split()
        cards = getattr(getattr(self.engine, "pack", None), "cards", None)
        if len(words) > 2 and words[1] == "card" and isinstance(cards, dict) and words[2] in cards:
            card = cards[words[2]]
            return f"{option}   ({card.name}, cost {card.cost}: {card.text})"
        return option

    def undo(self) -> None:
        """Take back the last decision, while no die, hidden card or computer player has
        answered it: then the decision stands (the same rule as on the device,
        companion.session). A computer's secret choice after it is taken back with it."""
        actions = self.record.actions
        last = len(actions)
        while last in self.stepped:
            last -= 1
        if last == 0:
            self.say("  ! nothing to undo")
            return
        if last <= self.seal:
            answered = actions[self.seal - 1]
            why = (
                "the dice have answered it"
                if answered.startswith("chance ")
                else "a computer player has answered it"
                if answered.split()[0] in self.computers
                else "a hidden card was revealed"
            )
            self.say(f"  ! no undo: {why}; that decision stands")
            return
        taken = actions[last - 1 :]
        del actions[last - 1 :]
        self.stepped = {n for n in self.stepped if n < last}
        self.writer.rewrite()
        _, self.state = replay(self.record, self.engine)
        self.say(
            f"  undone: {taken[0]}"
            + (
                f" (and {len(taken) - 1} computer choice{'s' if len(taken) > 2 else ''})"
                if len(taken) > 1
                else ""
            )
        )

    def show_events(self, events: list[dict]) -> None:
        """Every event (events are public): a told text as it is, the rest as its fields."""
        for e in events:
            if "text" in e:
                self.say(f"  >> {e['text']}")
                continue
            details = ", ".join(f"{k}={v}" for k, v in e.items() if k != "event")
            self.say(f"  * {e['event']}: {details}")
