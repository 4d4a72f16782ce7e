"""The referee session: the current game, whatever its actions come from.

Buttons, the serial link, the terminal, the camera: every source hands the session an action
line. The session checks it with the engine, saves it in the journal, and only then changes the
game; it answers the chance prompts it can answer by itself (digital dice, the device's draws)
before handing back the events, and plays the computer seats. It runs in one thread; drivers'
callbacks only enqueue (see companion.device.app).

    session = RefereeSession(journal)
    session.new_game(Header(game_id, seed=7, options={"players": 3, "seats": {"p3": "computer"}}))
    session.submit(session.prompt().options[0])
    session.undo()                 # the last decision, while no die or hidden card answered it
    session.correct(12, "chance roll ball ball time cleat ball")   # a misread die

Save, then change. An action the journal cannot take (a full disk, a read-only or deleted
file) raises ``SaveFailed`` and changes nothing; the session keeps it as ``pending`` and takes
no other action until ``retry_save()`` has written it (and anything the file lost).

Chance: a ``ChanceSpec`` with ``by="device"`` (a hidden draw, a computer's deck) is always
answered here; ``by="table"`` here only with digital dice (and not when ``digital=False``),
else by a person on the buttons or the camera (companion.device.app).

Computer seats (header option ``seats``, e.g. ``{"p3": "computer:random"}``) are played here
after every accepted action, by the game's policy seeded with ``seed * 1_000_003 + action
number``, and journaled like any action, so replay and resume play the same moves. A policy is
handed only ``engine.public_view(state, its seat)``.

Undo takes back a decision only until chance, a hidden card or a computer's public move has
answered it: once the dice are rolled or the defense card is revealed, the decision stands and
correcting the dice is the tool. So a player cannot try a move, see the dice, undo and choose
again. A computer's secret choice (its prompt was ``private``) answered nothing: undo steps
over it together with the decision before it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.device.config import DICE_MODES
from companion.engine.core import DEVICE, Header, IllegalAction, Prompt
from companion.engine.dice import PositionalDice
from companion.engine.gamefile import GameRecord
from companion.engine.registry import get_game
from companion.engine.runner import ReplayError, decide, replay
from companion.games import get_engine
from companion.journal import Journal, JournalError

log = logging.getLogger(__name__)

# Events that show a player something hidden: the decisions before them can no longer be taken back.
SEALING_EVENTS = frozenset({"reveal"})

# The letters across the panel's notice banner (6x10 font, 124 px): what an undo says fits them.
NOTICE_CHARS = 20


class CorrectionConflict(ValueError):
    """A corrected die would make a later recorded action illegal; nothing was changed."""


class UndoRefused(ValueError):
    """Nothing may be taken back now; the message says why, for the screen."""


class SaveFailed(RuntimeError):
    """The journal could not save an accepted action: the game did not change.

    ``action`` is the action waiting to be saved (None when nothing waits, e.g. a refused undo),
    ``reason`` what went wrong ("the disk is full")."""

    def __init__(self, action: str | None, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"cannot save: {reason}")


def _is_chance(action: str) -> bool:
    return action.startswith("chance ")


def computer_seats(header: Header) -> dict[str, str | None]:
    """The computer seats of a game from its header option ``seats`` ({"p2": "computer"} or
    {"p2": "computer:random"}; seats not named are human): seat -> policy name (None: the
    game's default policy). A bad value raises ValueError naming the key."""
    game = get_game(header.game)
    players = header.options.get("players", game.default_players())
    game.check_players(players)
    return game.computer_seats(header.options.get("seats", {}) or {}, players, header.options)


def seals(action: str, events: list[dict]) -> bool:
    """Whether this applied action closes what came before it to undo: a chance outcome (the
    dice, the coin, a drawn card) or anything that revealed a hidden card."""
    return _is_chance(action) or any(e.get("event") in SEALING_EVENTS for e in events)


class RefereeSession:
    def __init__(self, journal: Journal, dice_mode: str = "digital"):
        if dice_mode not in DICE_MODES:
            raise ValueError(f"dice mode must be one of {', '.join(DICE_MODES)}, not {dice_mode!r}")
        self.journal = journal
        self.dice_mode = dice_mode
        self.engine = None
        self.state = None
        self.header: Header | None = None
        self.game_id: int | None = None
        self.actions: list[str] = []
        self.dice: PositionalDice | None = None
        self.pending: str | None = None  # accepted by the rules, not yet saved
        self.save_error: str | None = None
        self.seal = 0  # actions before this number cannot be undone
        self.snapshots: list[tuple[int, bytes]] = []  # (action number, state before it) since the seal
        self.resume_note: str | None = None  # what resuming had to leave out, for the screen
        self.computers: dict[str, str | None] = {}  # computer seat -> policy name
        self.stepped: set[int] = set()  # computer secret choices: undo steps over them
        self.secret: set[int] = set()  # actions made at a private prompt (never shown)
        self.rolls: set[int] = set()  # chance outcomes the table answered: correctable
        self.dealt: dict[int, str] = {}  # a private chance outcome (a card drawn) -> its seat
        self.last_undone = ""  # what the last undo took back, safe to show
        self.computer_moves: list[tuple[Prompt, str]] = []  # the computer seats' moves the last action led to
        self.computer_from: int | None = None  # where their events begin in the last action's
        self.on_thinking = None  # called with the seat before a computer seat searches

    # ------------------------------------------------------------------ lifecycle
    @property
    def active(self) -> bool:
        return self.state is not None

    def new_game(self, header: Header) -> list[dict]:
        engine = get_engine(header.game, header.pack)
        header.pack_digest = header.pack_digest or engine.digest
        computers = computer_seats(header)
        state = engine.new_state(header)  # validates the options before anything is saved
        try:
            game_id = self.journal.start(header)
        except JournalError as exc:
            raise SaveFailed(None, exc.reason) from None
        self.engine, self.state, self.header, self.game_id = engine, state, header, game_id
        self.computers = computers
        self._reset_history()
        return self.advance()

    def _reset_history(self) -> None:
        """No actions yet: the fresh state of ``self.header``'s game."""
        self.actions = []
        self.dice = PositionalDice(self.header.seed)
        self.pending = self.save_error = None
        self.seal, self.snapshots = 0, []
        self.stepped, self.secret, self.rolls = set(), set(), set()
        self.dealt = {}

    def resume(self, game_id: int | None = None) -> bool:
        """Rebuild the last unfinished game (or ``game_id``) from the journal.

        A journal that does not replay to its end (a damaged file, a changed content pack) is
        played up to its last action that replays; the rest is set aside in the journal, with
        a log line and ``resume_note`` saying so. A game whose header no longer loads is closed
        as abandoned. Neither stops the service."""
        self.resume_note = None
        gid = game_id if game_id is not None else self.journal.unfinished()
        if gid is None:
            return False
        record = self.journal.record(gid)
        try:
            engine = get_engine(record.header.game, record.header.pack)
            computers = computer_seats(record.header)
            state = engine.new_state(record.header)
        except Exception as exc:  # noqa: BLE001 - any header that no longer loads
            reason = f"game {gid} cannot be rebuilt: {exc}"
            log.error("journal: %s; it is closed as abandoned", reason)
            self.resume_note = f"game {gid} could not be resumed"
            try:
                self.journal.abandon(gid, reason)
            except JournalError as jexc:
                log.error("%s", jexc)
            return False
        self.engine, self.state, self.header, self.game_id = engine, state, record.header, gid
        self.computers = computers
        self._reset_history()
        bad = self._replay_into(record.actions)
        if bad is not None:
            number, reason = bad
            lost = len(record.actions) - number
            log.warning(
                "journal %s: game %d replays up to action %d of %d; the %d action(s) after it are "
                "set aside (table set_aside): action %d %r was refused: %s",
                self.journal.path,
                gid,
                number,
                len(record.actions),
                lost,
                number + 1,
                record.actions[number],
                reason,
            )
            self.resume_note = f"resumed at action {number}; {lost} set aside"
            try:
                self.journal.set_aside(gid, number, reason)
            except JournalError as exc:
                log.error("%s", exc)
                self.save_error = exc.reason
        self.advance()
        if self.engine.is_over(self.state):  # its last action was saved, its result was not
            self._save_result()  # (a pulled plug): it is no game to resume again
        return True

    def _replay_into(self, actions: list[str]) -> tuple[int, str] | None:
        """Apply recorded actions to the current state, tracking what undo may take back;
        stop at the first one refused and return (its number, why), else None."""
        for number, action in enumerate(actions):
            before = self.engine.to_json(self.state)
            try:
                prompt = self.engine.prompt(self.state)
                events = self.engine.apply(self.state, action)
            except Exception as exc:  # noqa: BLE001 - a damaged line may break more than a rule
                self.state = self.engine.from_json(before)
                return number, getattr(exc, "reason", None) or str(exc) or type(exc).__name__
            self._record(action, before, events, prompt)
        return None

    def close_game(self) -> None:
        self.engine = self.state = self.game_id = self.header = None
        self.actions, self.snapshots, self.computers = [], [], {}
        self.pending = self.save_error = None

    # ------------------------------------------------------------------ playing
    def prompt(self) -> Prompt:
        return self.engine.prompt(self.state)

    def submit(self, action: str) -> list[dict]:
        """Apply a player's action (or a chance outcome a person or the camera gives).
        Raise IllegalAction if the rules refuse it, SaveFailed if the journal cannot take it:
        either way nothing changes."""
        events = self._apply(action)
        more = self.advance()
        if self.computer_from is not None:
            self.computer_from += len(events)
        return events + more

    def _apply(self, action: str, prompt: Prompt | None = None) -> list[dict]:
        action = " ".join(action.split())
        if self.pending is not None:
            raise SaveFailed(self.pending, self.save_error or "an earlier action is not saved yet")
        prompt = prompt or self.prompt()
        before = self.engine.to_json(self.state)
        trial = self.engine.from_json(before)
        events = self.engine.apply(trial, action, prompt)  # IllegalAction: nothing changed
        try:
            self.journal.append(self.game_id, action)
        except JournalError as exc:
            self.pending, self.save_error = action, exc.reason
            log.error("%s; the game waits until it can save %r", exc, action)
            raise SaveFailed(action, exc.reason) from None
        self.state = trial  # saved: now the game moves
        self._record(action, before, events, prompt)
        if self.engine.is_over(self.state):
            self._save_result()
        return events

    def is_computer(self, seat: str) -> bool:
        return seat in self.computers

    def dealt_to(self, seat: str, since: int) -> list[str]:
        """The private chance outcomes (cards drawn) that went to ``seat`` from action ``since``
        on: what its owner may be shown before the device is passed on."""
        return [self.actions[n] for n in range(since, len(self.actions)) if self.dealt.get(n) == seat]

    def _record(self, action: str, before: bytes, events: list[dict], prompt: Prompt) -> None:
        """Count an applied action. A chance outcome, a reveal or a computer's public move seals
        what came before; a computer's secret choice is stepped over by undo; a person's
        decision can be taken back."""
        number = len(self.actions)
        if prompt.private or (prompt.chance is not None and prompt.chance.private):
            self.secret.add(number)
        if prompt.chance is not None and prompt.chance.private:
            self.dealt[number] = prompt.chance.private
        if prompt.chance is not None and prompt.chance.by != DEVICE and not prompt.chance.private:
            self.rolls.add(number)
        computer = self.is_computer(prompt.actor)
        if computer and prompt.private:
            self.stepped.add(number)
        elif not _is_chance(action) and not computer:
            self.snapshots.append((number, before))
        self.actions.append(action)
        if seals(action, events) or (computer and not prompt.private):
            self.seal, self.snapshots = len(self.actions), []

    def _save_result(self) -> None:
        try:
            self.journal.finish(self.game_id, self.engine.summary(self.state))
        except JournalError as exc:  # the actions are saved; the result is rebuilt by replay
            log.error("%s (the game's result)", exc)

    def retry_save(self) -> list[dict]:
        """Try again to save the action waiting in ``pending``, after writing back whatever
        the journal file lost (a deleted or replaced file is reopened and refilled). Return
        the events, or raise SaveFailed if it still cannot save."""
        if self.pending is None:
            return []
        try:
            try:
                self.journal.check_file()
            except JournalError:
                self.journal.reopen()
            self.game_id = self.journal.ensure(self.game_id, self.header, self.actions)
        except JournalError as exc:
            self.save_error = exc.reason
            raise SaveFailed(self.pending, exc.reason) from None
        action, self.pending, self.save_error = self.pending, None, None
        log.info("journal %s: saving again; %r saved", self.journal.path, action)
        return self.submit(action)

    def automatic(self, prompt: Prompt) -> str | None:
        """The answer to a prompt that needs no person, or None: a chance the device answers
        (``by="device"``, or the table's dice when they are digital) or a computer seat's move.
        Manual and camera dice, and outcomes no die decides, are answered through the app."""
        if prompt.is_chance:
            spec = prompt.chance
            if spec.by == DEVICE or (self.dice_mode == "digital" and spec.digital):
                return self.dice.answer(prompt, len(self.actions))
            return None
        if self.is_computer(prompt.actor):
            return self.computer_move(prompt)
        return None

    def computer_move(self, prompt: Prompt) -> str:
        """The computer seat's action: its policy sees only that seat's public view, and its
        randomness is fixed by the seed and the action's number."""
        policy_class = get_game(self.header.game).load_policy(self.computers[prompt.actor])
        policy = policy_class(self.header.seed * 1_000_003 + len(self.actions))
        if self.on_thinking is not None and hasattr(policy, "choose"):  # a planner: it takes a while
            self.on_thinking(prompt.actor)
        return decide(policy, self.engine, self.state, prompt)

    def advance(self) -> list[dict]:
        """Answer every prompt that needs no person: the device's chance, computer seats (their
        moves, with the prompts they answered, are kept in ``computer_moves`` for the table)."""
        events: list[dict] = []
        self.computer_moves = []
        self.computer_from = None  # where in the events the computer's first move begins
        while not self.engine.is_over(self.state):
            prompt = self.prompt()
            answer = self.automatic(prompt)
            if answer is None:
                break
            if not prompt.is_chance and self.computer_from is None:
                self.computer_from = len(events)
            events += self._apply(answer, prompt)
            if not prompt.is_chance:
                self.computer_moves.append((prompt, answer))
        return events

    # ------------------------------------------------------------------ taking back
    def undo_refusal(self) -> str | None:
        """Why the last decision cannot be taken back now, or None if it can."""
        if self.pending is not None:
            return "cannot save: " + (self.save_error or "an action waits")
        if not self.actions:
            return "nothing to undo"
        if self.snapshots and all(
            n in self.stepped for n in range(self.snapshots[-1][0] + 1, len(self.actions))
        ):
            return None
        last = len(self.actions) - 1  # what answered the decision: a computer's secret
        while last > 0 and last in self.stepped:  # choice answered nothing, look before it
            last -= 1
        if _is_chance(self.actions[last]) and last in self.rolls:
            return "the dice have answered it: correct the dice instead"
        if _is_chance(self.actions[last]):  # the device's own draw: a deck, a bag, a chest
            return "a draw has answered it: that decision stands"
        if self.is_computer(self.actions[last].split(" ", 1)[0]):
            return "the computer has answered it: that decision stands"
        if last + 1 > self.seal:
            return "nothing to undo"
        return "a hidden card was revealed: that decision stands"

    def undone_text(
        self, dropped: list[str], number: int, words: Callable[[Prompt, str], str] | None = None
    ) -> str:
        """What an undo took back, in words safe for the table and short enough for the panel's
        notice (``NOTICE_CHARS``): the choice in the table's words (``words(prompt, action)``,
        as the question now asked again showed it; else the action without its seat); a secret
        choice stays secret. Call it with the game back as it was before that choice."""
        if not dropped:
            return "undone"
        seat, _, rest = dropped[0].partition(" ")
        if number in self.secret:
            return f"undone: {seat.upper()}'s secret"
        said = words(self.prompt(), dropped[0]) if words else rest or seat
        return next(
            (t for t in (f"undone: {said}", f"undid {said}") if len(t) <= NOTICE_CHARS),
            f"undone: {seat.upper()}'s choice",
        )

    def undo(self, words: Callable[[Prompt, str], str] | None = None) -> list[str]:
        """Take back the last decision; return the actions removed (``last_undone`` says it,
        in ``words`` if given: see ``undone_text``). Raise UndoRefused (with the reason for the
        screen) once chance or a hidden card has answered it, SaveFailed if the journal cannot
        be changed. Digital dice depend on the seed and the action's number, so making the
        decision again rolls the same dice."""
        reason = self.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        number, before = self.snapshots[-1]
        try:
            dropped = self.journal.truncate(self.game_id, number)
        except JournalError as exc:
            raise SaveFailed(None, exc.reason) from None
        self.snapshots.pop()
        self.actions = self.actions[:number]
        self.stepped = {n for n in self.stepped if n < number}
        self.state = self.engine.from_json(before)
        self.last_undone = self.undone_text(dropped, number, words)
        self.secret = {n for n in self.secret if n < number}
        self.rolls = {n for n in self.rolls if n < number}
        self.dealt = {n: seat for n, seat in self.dealt.items() if n < number}
        return dropped

    def correct(self, seq: int, action: str) -> None:
        """Replace recorded chance outcome number ``seq`` (a misread die) and replay. If a
        later action no longer fits, raise CorrectionConflict and change nothing."""
        if seq not in self.rolls:
            raise ValueError(f"action {seq} is not a recorded roll of the table's dice")
        candidate = self.actions[:seq] + [" ".join(action.split())] + self.actions[seq + 1 :]
        try:
            replay(GameRecord(self.header, candidate), self.engine)
        except ReplayError as exc:
            raise CorrectionConflict(f"correcting action {seq} to {action!r}: {exc}") from None
        try:
            self.journal.replace(self.game_id, seq, candidate[seq])
        except JournalError as exc:
            raise SaveFailed(None, exc.reason) from None
        self.state = self.engine.new_state(self.header)
        self._reset_history()
        self._replay_into(candidate)
        if self.engine.is_over(self.state):
            self._save_result()
        else:
            try:
                self.journal.reopen_game(self.game_id)
            except JournalError as exc:
                log.error("%s", exc)

    def last_chance_index(self) -> int | None:
        """The last outcome the table's dice gave (a misread die can be corrected); never a
        draw the device made, which no one may re-enter (a hidden hand, a deck)."""
        return max(self.rolls, default=None)

    def state_before(self, seq: int):
        """The game as it stood just before action number ``seq`` (for re-entering a roll)."""
        _, state = replay(GameRecord(self.header, self.actions), self.engine, upto=seq)
        return state


__all__ = [
    "RefereeSession",
    "CorrectionConflict",
    "UndoRefused",
    "SaveFailed",
    "IllegalAction",
    "DICE_MODES",
    "SEALING_EVENTS",
    "seals",
    "computer_seats",
]
