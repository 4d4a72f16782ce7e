"""The game in play on the device: actions from the buttons, the serial link or a phone go
through the referee session; what they did is shown as a result screen, sent on the link and to
the phones; undo and correcting the dice. A result screen (a play's outcome, a score) stays
until OK or ``result_seconds`` pass."""

from __future__ import annotations

import logging
from importlib import import_module

from companion.device.panel_text import for_the_panel, title, undo_refusal
from companion.engine.core import Header, IllegalAction
from companion.engine.registry import UnknownGame, get_game
from companion.session import CorrectionConflict, SaveFailed, UndoRefused
from companion.ui.generic import move_words, said_pages, shown_option
from companion.ui.model import prompt_dict, screen_after

log = logging.getLogger(__name__)

# Screens shown after an action that wait for OK however long it takes; the others (a play's
# result, a score) also go after ``result_seconds``. A game's screens module adds its own
# (``WAIT_FOR_OK``: a half's end, a card the player must read).
WAIT_FOR_OK = frozenset({"game_over"})


def waits_for_ok(game: str | None, screen: str) -> bool:
    """Whether an after-action screen stays until OK: the generic ones, and those the game's
    screens module (``GameType.screens``) lists in ``WAIT_FOR_OK``."""
    if screen in WAIT_FOR_OK:
        return True
    try:
        target = get_game(game).screens if game else ""
    except UnknownGame:
        return False
    return bool(target) and screen in getattr(import_module(target), "WAIT_FOR_OK", ())


class Play:
    """The game in play (mixed into DeviceApp: ``session``, ``controller``, ``link``, ``web``,
    ``message``, ``say`` and the other modes' state are the app's)."""

    interstitial: tuple[str, list[dict]] | None  # a result screen being read

    # ------------------------------------------------------------------ presses
    def result_press(self, button: str) -> None:
        """On a result screen (halftime, the computer's card): shown until it has been read."""
        if button in ("ok", "back"):
            self.next_result()

    def show_result(self, screen: str, events: list[dict]) -> None:
        """A result screen, until OK or a few seconds (twice as long for a page of a computer's
        many moves, read to move its pieces); a game's own may wait for OK."""
        game = self.session.header.game if self.session.active else None
        paged = any(e.get("event") == "computer_moves" and e["page"][1] > 1 for e in events)
        self.interstitial = (screen, events)
        self.interstitial_until = (
            float("inf") if waits_for_ok(game, screen) else self.clock() + self.result_seconds * (1 + paged)
        )

    def next_result(self) -> None:
        """The result screen read: the next one queued behind it, or back to the game."""
        self.interstitial = None
        if self.results_next:
            self.show_result(*self.results_next.pop(0))

    def over_press(self, button: str) -> None:
        """On the final score: OK or BACK closes the game and opens the main menu."""
        if button in ("ok", "back"):
            self.session.close_game()
            self.show_main_menu()

    def game_press(self, button: str) -> None:
        """A press at the game's prompt: the controls choose; BACK with nothing to step back
        from opens the game menu (or leaves the correction of a roll)."""
        action = self.controller.press(button)
        if action is not None:
            self.act(action)
        elif button == "back" and self.controller.last_back:
            if self.correcting is not None:  # leave the roll as it was recorded
                self.correcting = self.correcting_state = None
                self.say("dice unchanged")
                self.start_prompt()
            else:
                self.open_game_menu()

    def link_action(self, text: str) -> None:
        if not self.session.active:
            self.send_error(f"no game in progress: {text}")
            return
        if self.save_failure is not None:
            self.send_error(f"cannot save: {self.save_failure}")
            return
        self.act(text, from_link=True)

    # ------------------------------------------------------------------ acting
    def act(self, action: str, from_link: bool = False, from_phone: bool = False) -> None:
        """Apply an action from the buttons, the serial link or a phone (which hid nothing on
        the panel, so no neutral screen follows its private action)."""
        s = self.session
        try:
            if self.correcting is not None:
                seq = self.correcting
                self.correcting = self.correcting_state = None
                s.correct(seq, action)
                if self.camera_dice is not None:
                    self.camera_dice.frames.relabel(self.frame_name(seq), s.actions[seq].split()[2:])
                self.say("dice corrected")
                events = []
            else:
                prompt = s.prompt()
                number = len(s.actions)
                events = s.submit(action)
                self.keep_camera_frame(number, action)
                if not from_phone:
                    self.after_private(prompt)
                    self.show_dealt(prompt.actor, number)
        except (IllegalAction, CorrectionConflict) as exc:
            reason = self.last_refusal = getattr(exc, "reason", str(exc))
            if isinstance(exc, CorrectionConflict):  # the whole story goes to the log and the link
                log.info("%s", reason)
                self.message = {
                    "title": "Cannot correct",
                    "text": "A later move does not fit those dice. The roll stands.",
                }
            else:
                self.say(reason[:60])
            self.send_error(reason)
            self.start_prompt()
            return
        except SaveFailed as exc:
            self.cannot_save(exc)
            return
        self.show_events(events, from_link)

    def show_events(self, events: list[dict], from_link: bool) -> None:
        for e in events:
            if self.link is not None:
                self.to_link(self.link.send_event, e)
        game = self.session.header.game if self.session.active else None
        moves = [move_words(game, p, a) for p, a in self.session.computer_moves] if game else []
        cut = self.session.computer_from if moves and self.session.computer_from is not None else len(events)
        mine, theirs = events[:cut], events[cut:]  # the computer's part has a result screen of its own
        if self.web is not None:  # the phones' log: what was done, then what came of it
            self.web.events(mine)
            if moves:
                self.web.note_lines([f"{line} (computer)" for line in moves])
                self.web.events(theirs)
        if self.notice and self.notice.endswith(" is thinking"):  # it has moved
            self.notice = None
        results = []
        if (screen := screen_after(mine, game)) is not None:
            results.append((screen, mine))
        if moves:  # the computer's moves are seen as a person's would be, every one (the table
            pages = said_pages(moves)  # moves its pieces by them), then what came of them
            results += [
                (
                    "computer_moves",
                    [*theirs, {"event": "computer_moves", "lines": rows, "page": [n, len(pages)]}],
                )
                for n, rows in enumerate(pages, 1)
            ]
            if (screen := screen_after(theirs, game)) is not None:
                results.append((screen, theirs))
        self.results_next = []
        if results and not from_link:
            self.hidden_after = None  # the result shows only what all may see: it hides the secret
            self.show_result(*results[0])
            self.results_next = results[1:]
        self.after_change()

    def after_change(self) -> None:
        self.start_prompt()
        if self.link is not None and self.session.active:
            self.to_link(self.link.send_state, self.session.engine.summary(self.session.state))

    def to_link(self, send, payload) -> None:
        """A STATE or EVENT for the peer; one longer than ``[link] max_out_line`` is not sent
        (said in the log) and the game plays on."""
        try:
            send(payload)
        except ValueError as exc:
            log.warning("serial link: not sent: %s", exc)

    def send_error(self, text: str) -> None:
        if self.link is not None:
            self.link.send_error(text)

    def start_prompt(self) -> None:
        s = self.session
        self.camera_step = None
        self.controller.game = s.header.game if s.active else None  # the game's own controls first
        if s.active and not s.engine.is_over(s.state):
            prompt = s.prompt()
            self.controller.start(prompt_dict(prompt))
            if self.camera_wanted(prompt):
                self.camera_begin(prompt)
        else:
            self.controller.start(None)

    # ------------------------------------------------------------------ starting and resuming
    def start_game(self, game_id: str, options: dict) -> None:
        s = self.session
        s.dice_mode = self.setting("dice", s.dice_mode)
        self.shown_to = self.hidden_after = None
        try:
            events = s.new_game(Header(game_id, seed=self.seed_source(), options=options))
        except ValueError as exc:  # options the game refuses: say which, start nothing
            self.message = {"title": "Cannot start", "text": for_the_panel(str(exc))[:160]}
            return
        except SaveFailed as exc:
            if not s.active:  # the game could not even be started
                self.message = {"title": "Cannot save", "text": f"cannot save: {exc.reason}"}
                return
            self.menu = None
            self.cannot_save(exc)
            return
        self.menu = None
        self.show_events(events, False)

    def resume(self, game_id: int | None = None) -> bool:
        s = self.session
        if s.resume(game_id):
            self.menu = None
            self.shown_to = self.hidden_after = None
            if s.save_error:
                self.save_failure = s.save_error
            self.after_change()
            said = s.resume_note or f"{len(s.actions)} moves so far"
            # a result screen, not a banner over the game: it goes with OK or after a few seconds
            self.results_next = []
            self.interstitial = (
                "resumed",
                [{"event": "resumed", "game": title(s.header.game), "text": said}],
            )
            self.interstitial_until = self.clock() + self.result_seconds
            return True
        if s.resume_note:
            self.say(s.resume_note)
        return False

    # ------------------------------------------------------------------ taking back
    def long_press(self, button: str) -> None:
        """A long BACK undoes the last decision, in a game or its menu."""
        if button != "back" or not self.session.active or self.save_failure is not None:
            return
        if self.menu is None or self.menu_kind == "game":
            self.menu = None
            self.undo()

    def undo(self) -> str | None:
        """Take back the last decision; on a refusal the panel says why (a message OK closes)
        and the reason is returned ("no undo: ...", for the phone that asked)."""
        self.interstitial, self.results_next = None, []
        try:
            self.session.undo(
                words=lambda prompt, action: shown_option(
                    self.session.header.game, prompt_dict(prompt), action
                )
            )
        except UndoRefused as exc:
            self.message = {"title": "No undo", "text": undo_refusal(str(exc))}
            self.start_prompt()
            return f"no undo: {exc}"
        except SaveFailed as exc:
            self.cannot_save(exc)
            return f"cannot save: {exc.reason}"
        self.shown_to = self.hidden_after = None  # a private prompt is passed on again
        self.after_change()  # STATE goes out at once; the undo needs no replay
        self.say(self.session.last_undone or "undone")
        return None

    def correct_last_dice(self) -> None:
        """Re-enter the faces of the last recorded roll (a misread or mistyped die)."""
        s = self.session
        seq = s.last_chance_index()
        if seq is None:
            self.say("no dice to correct")
            return
        before = s.state_before(seq)
        self.correcting, self.correcting_state = seq, before
        self.menu = None
        self.interstitial, self.results_next = None, []
        self.camera_step = None
        self.controller.game = s.header.game
        self.controller.start(prompt_dict(s.engine.prompt(before)))
