"""The referee session: the current game, whatever its actions come from.

Buttons, the serial link, the terminal, the camera: every source hands the session an action
line. The session checks it with the engine, journals it, and answers the chance prompts it
can answer by itself (digital dice, the solo AI deck) before handing back the events. It runs
in one thread; drivers' callbacks only enqueue (see companion.app).

    session = RefereeSession(journal)
    session.new_game(Header("dungeon-ball", seed=7, options={"solo": {"level": "III"}}))
    session.submit("p1 team orcs")
    session.undo()                 # the last decision, with the chance outcomes after it
    session.correct(12, "chance roll ball ball time cleat ball")   # a misread die
"""
from __future__ import annotations

import logging

from companion.engine.core import Header, IllegalAction, Prompt
from companion.engine.dice import PositionalDice
from companion.engine.runner import ReplayError, replay
from companion.games import get_engine
from companion.journal import Journal

log = logging.getLogger(__name__)

DICE_MODES = ("digital", "manual", "camera")


class CorrectionConflict(ValueError):
    """A corrected die would make a later recorded action illegal; nothing was changed."""


class RefereeSession:
    def __init__(self, journal: Journal, dice_mode: str = "digital"):
        if dice_mode not in DICE_MODES:
            raise ValueError(f"dice mode must be one of {', '.join(DICE_MODES)}, not {dice_mode!r}")
        self.journal = journal
        self.dice_mode = dice_mode
        self.engine = None
        self.state = None
        self.game_id: int | None = None
        self.actions: list[str] = []
        self.dice: PositionalDice | None = None

    # ------------------------------------------------------------------ lifecycle
    @property
    def active(self) -> bool:
        return self.state is not None

    def new_game(self, header: Header) -> list[dict]:
        engine = get_engine(header.game, header.pack)
        header.pack_digest = header.pack_digest or engine.digest
        state = engine.new_state(header)          # validates the options before anything is saved
        self.engine, self.state = engine, state
        self.game_id = self.journal.start(header)
        self.actions = []
        self.dice = PositionalDice(header.seed)
        return self.advance()

    def resume(self, game_id: int | None = None) -> bool:
        """Rebuild the last unfinished game (or ``game_id``) from the journal."""
        gid = game_id if game_id is not None else self.journal.unfinished()
        if gid is None:
            return False
        record = self.journal.record(gid)
        engine, state = replay(record)
        self.engine, self.state, self.game_id = engine, state, gid
        self.actions = list(record.actions)
        self.dice = PositionalDice(record.header.seed)
        self.advance()
        return True

    def close_game(self) -> None:
        self.engine = self.state = self.game_id = None
        self.actions = []

    # ------------------------------------------------------------------ playing
    def prompt(self) -> Prompt:
        return self.engine.prompt(self.state)

    def submit(self, action: str) -> list[dict]:
        """Apply a player's action (or a chance outcome a person or the camera gives);
        raise IllegalAction, changing nothing, if the rules refuse it."""
        events = self._apply(action)
        return events + self.advance()

    def _apply(self, action: str) -> list[dict]:
        action = " ".join(action.split())
        events = self.engine.apply(self.state, action)
        self.journal.append(self.game_id, action)
        self.actions.append(action)
        if self.engine.is_over(self.state):
            self.journal.finish(self.game_id, self.engine.summary(self.state))
        return events

    def automatic(self, prompt: Prompt) -> str | None:
        """The answer to a chance prompt that needs no person, or None: manual and camera
        dice and the skill toss are answered through the app (companion.app)."""
        if not prompt.is_chance:
            return None
        die = prompt.chance.die
        if die == "ai-deck" or (self.dice_mode == "digital" and die != "toss"):
            return self.dice.answer(prompt, len(self.actions))
        return None

    def advance(self) -> list[dict]:
        """Answer every chance prompt that needs no person."""
        events: list[dict] = []
        while not self.engine.is_over(self.state):
            answer = self.automatic(self.prompt())
            if answer is None:
                break
            events += self._apply(answer)
        return events

    # ------------------------------------------------------------------ taking back
    def undo(self, decisions: int = 1) -> list[str]:
        """Take back the last ``decisions`` decisions and the chance outcomes that followed
        each; return the actions removed. Digital dice depend on the seed and the action's
        number, so taking a decision back and making it again rolls the same dice: undo
        corrects a wrong button, it does not fish for better dice."""
        keep = len(self.actions)
        for _ in range(decisions):
            while keep and self.actions[keep - 1].startswith("chance "):
                keep -= 1
            if keep == 0:
                break
            keep -= 1
        if keep == len(self.actions):
            return []
        dropped = self.journal.truncate(self.game_id, keep)
        self.actions = self.actions[:keep]
        self._rebuild()
        return dropped

    def correct(self, seq: int, action: str) -> None:
        """Replace recorded chance outcome number ``seq`` (a misread die) and replay. If a
        later action no longer fits, raise CorrectionConflict and change nothing."""
        if not 0 <= seq < len(self.actions) or not self.actions[seq].startswith("chance "):
            raise ValueError(f"action {seq} is not a recorded chance outcome")
        candidate = self.actions[:seq] + [" ".join(action.split())] + self.actions[seq + 1:]
        from companion.engine.gamefile import GameRecord

        try:
            replay(GameRecord(self.journal.header(self.game_id), candidate))
        except ReplayError as exc:
            raise CorrectionConflict(f"correcting action {seq} to {action!r}: {exc}") from None
        self.journal.replace(self.game_id, seq, candidate[seq])
        self.actions = candidate
        self._rebuild()

    def last_chance_index(self) -> int | None:
        for i in range(len(self.actions) - 1, -1, -1):
            if self.actions[i].startswith("chance "):
                return i
        return None

    def _rebuild(self) -> None:
        record = self.journal.record(self.game_id)
        self.engine, self.state = replay(record, self.engine)
        if self.engine.is_over(self.state):
            self.journal.finish(self.game_id, self.engine.summary(self.state))
        else:
            self.journal.reopen(self.game_id)


__all__ = ["RefereeSession", "CorrectionConflict", "IllegalAction", "DICE_MODES"]
