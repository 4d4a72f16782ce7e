"""The box on the table: menus, the game on buttons, frames to the display, state to the link.

One loop (``run``) takes every input event from one queue: button events from gpiozero or the
keyboard, actions and key presses from the serial link. Drivers' threads only enqueue; every
change to the game happens here, through the referee session. After each event the current
screen is rendered (a pure function of the model) and pushed; the display skips frames that
did not change.

Buttons in a game: the D-pad and OK choose (see companion/ui/controls.py); BACK steps back
inside a choice, and opens the game menu when there is nothing to step back from; a long
BACK undoes the last decision. BACK acts when it is released, so that a long press undoes
without opening the game menu first.

Save, then change: when the journal cannot save an action (a full disk, a deleted file), the
panel says "cannot save: <reason>" and takes no game input until OK has retried and saved it.
A result screen (a play's outcome, a score) stays until OK or ``result_seconds`` pass.

Hidden information: before a private prompt (a hand, a secret choice) the panel says "pass to
P2, then press OK" and draws nothing private until OK; after the private action a neutral
screen ("P2 done. Pass the device on.") hides it again. Otherwise the panel shows what every
seat may see. Events, the state line and the serial link carry only public facts.
"""
from __future__ import annotations

import logging
import re
import queue as queue_mod
import random
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from companion import __version__
from companion.engine.core import CHANCE, Header, IllegalAction
from companion.engine.registry import UnknownGame, games, get_game
from companion.game_setup import GameSetup
from companion.odds import hint
from companion.session import DICE_MODES, CorrectionConflict, RefereeSession, SaveFailed, UndoRefused
from companion.ui.controls import MenuController, PromptController, main_menu
from companion.ui.generic import shown_option
from companion.ui.model import build_model, prompt_dict, screen_after
from companion.ui.screens import render
from companion.watchdog import Watchdog

log = logging.getLogger(__name__)

CAMERA_READERS = ("pips", "icons", "toss")     # DieKind.reader values the camera can answer
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


def _for_the_panel(error: str) -> str:
    """An option error in a person's words: "options.seats.p2: ..." -> "P2: ...", and
    "options.solo: ..." -> "solo: ..." (the key path is for game files)."""
    match = re.match(r"^options\.(?:seats\.)?([\w-]+)(?:\.[\w-]+)*: ", error)
    if not match:
        return error
    name = match.group(1)
    name = name.upper() if re.fullmatch(r"p\d+", name) else name.replace("_", " ")
    rest = error[match.end():]
    return rest if rest.upper().startswith(name.upper()) else f"{name}: {rest}"


def _camera_doubt(reasons: list[str], then: str = "enter them", room: int = 44) -> str:
    """Why the camera is unsure, the reasons that fit whole in the panel's three lines (the
    first always, cut at a word if it must be), then what to do."""
    why = reasons[0] if reasons else "no reading"
    for more in reasons[1:]:
        if len(why) + 2 + len(more) > room:
            break
        why += "; " + more
    if len(why) > room:
        why = why[:room].rsplit(" ", 1)[0]
    return f"{why}. OK: {then}."


def _missing_parts(notes: list[str] | None) -> list[str]:
    """The hardware the notes say is missing, by name: "no camera: <why>" -> "camera"; the log
    and `companion doctor` say why."""
    return [note.split(":")[0].removeprefix("no ") for note in notes or []]


def _missing_notice(notes: list[str] | None) -> str | None:
    """The main menu's one-line notice of missing hardware: "no camera", "no camera (+1 more)";
    About names them all."""
    parts = _missing_parts(notes)
    if not parts:
        return None
    return f"no {parts[0]}" + (f" (+{len(parts) - 1} more)" if len(parts) > 1 else "")


def _fitted(head: str, reasons: list[str], tail: str = " OK: done.") -> str:
    """``head``, the ``reasons`` and ``tail`` as one text that shows whole on the panel: the
    last reasons are dropped, then the first is cut at a word (the log has them whole)."""
    reasons = list(reasons) or ["no reading"]
    while True:
        text = f"{head}{'; '.join(reasons)}.{tail}"
        if _fits_the_panel(text) or (len(reasons) == 1 and " " not in reasons[0]):
            return text
        reasons = reasons[:-1] if len(reasons) > 1 else [reasons[0].rsplit(" ", 1)[0]]


def _undo_refusal(why: str) -> str:
    """Why an undo was refused, as the panel's message says it (OK or BACK closes it); a roll
    the dice answered names the game menu's item that fixes it."""
    if why.startswith("the dice have answered"):
        return "The dice have answered it. Game menu: Correct last dice."
    return why[:1].upper() + why[1:] + "."


def _fits_the_panel(text: str, lines: int = 4) -> bool:
    """``text`` shows whole on the panel's message screen under a one-line title."""
    from companion.ui import fonts
    from companion.ui.draw import W, wrap
    return len(wrap(text, fonts.body(), W - 4)) <= lines


def _title(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except UnknownGame:
        return game_id


class DeviceApp:
    def __init__(self, session: RefereeSession, display: Any, link: Any = None,
                 notices: list[str] | None = None, clock: Callable[[], float] = time.monotonic,
                 seed_source: Callable[[], int] | None = None, camera_dice: Any = None,
                 watchdog: Watchdog | None = None):
        self.watchdog = watchdog or Watchdog()      # systemd's: pinged from every pass of the loop
        self.session = session
        session.on_thinking = lambda seat: (self.say(f"{seat.upper()} is thinking", 2.0), self.refresh())
        self.camera_dice = camera_dice
        self.camera_step: dict | None = None    # the camera reading a chance prompt: waiting/confirm
        self.calibration: dict | None = None    # guided calibration of a die or the lid
        self.camera_height_px = 1100.0          # from [vision] camera_height_px: the lid's parallax
        self.display = display
        self.link = link
        self.clock = clock
        self.hardware_notes = list(notices or [])
        self.notice: str | None = None
        self.notice_until = 0.0
        self.controller = PromptController()
        self.menu: MenuController | None = None
        self.menu_kind = ""
        self.message: dict | None = None
        self.correcting: int | None = None      # the recorded roll being entered again
        self.correcting_state: Any = None       # the game just before that roll
        self.camera_kept: tuple | None = None   # (game, actions so far, reading): a pip roll the camera read
        self.interstitial: tuple[str, list[dict]] | None = None   # a result screen being read
        self.interstitial_until = float("inf")
        self.result_seconds = 4.0
        self.save_failure: str | None = None     # the journal's reason; game input waits for OK
        self.default_game: str | None = None    # [game] default: the game Settings calibrates for
        self.setup: GameSetup | None = None     # the new-game menu's choices
        self.shown_to: tuple[int, str] | None = None   # (action number, seat) a private prompt was passed to
        self.hidden_after: str | None = None    # the seat whose private action was just taken
        self.back_held = False                  # BACK is down: released short it steps back
        self.frames = 0
        self.running = True
        self.web = None                         # companion.web.bridge.WebBridge while the page serves
        self.after_first_frame: Callable[[], None] | None = None   # starts the page's server
        self.last_refusal = ""                  # the rules' reason for the last refused action
        self.seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        self.show_main_menu()
        for note in self.hardware_notes:        # say what is missing on every output that remains
            if self.link is not None:
                self.to_link(self.link.send_event, {"event": "hardware_missing", "detail": note})

    # ------------------------------------------------------------------ settings
    def setting(self, key: str, default: str) -> str:
        return self.session.journal.setting(key, default) or default

    # ------------------------------------------------------------------ screens
    @property
    def message(self) -> dict | None:
        """The message on the panel (OK or BACK closes it), or None."""
        return self._message

    @message.setter
    def message(self, value: dict | None) -> None:
        self._message = value
        if value is not None:           # a new message replaces an older notice, which would cover its last line
            self.notice = None

    def show_main_menu(self) -> None:
        self.menu = main_menu(can_resume=self.session.journal.unfinished() is not None)
        self.menu_kind = "main"
        self.message = None

    def open_menu(self, kind: str, title: str, items: list, back: str = "back") -> None:
        self.menu = MenuController(title, items, back_id=back)
        self.menu_kind = kind

    def model(self) -> dict:
        notice = self.notice if self.notice and self.clock() < self.notice_until else None
        if self.calibration is not None:
            return {"game": None, "screen": "message", "message": self.calibration_message(), "notice": notice}
        if self.message is not None:
            return {"game": None, "screen": "message", "message": self.message, "notice": notice}
        if self.web is not None and self.web.join_page is not None:
            return {**self.web.join_model(self), "notice": notice}
        if self.menu is not None:
            screen = "main_menu" if self.menu_kind == "main" else "menu"
            return {"game": None, "screen": screen, "menu": self.menu.menu, "ui": dict(self.menu.ui),
                    "notice": notice or (_missing_notice(self.hardware_notes) if self.menu_kind == "main" else None)}
        if self.save_failure is not None:
            return {"game": None, "screen": "message", "notice": notice,
                    "message": {"title": "Cannot save", "text": f"cannot save: {self.save_failure}. "
                                                             "Press OK to try again."}}
        s = self.session
        if self.correcting is not None:
            return build_model(s.engine, self.correcting_state, viewer=None, ui=self.controller.ui,
                               notice=notice or "correcting the dice")
        private = self.private_screen(notice)
        if private is not None:
            return private
        viewer = self.viewer()
        if self.interstitial is not None:      # what just happened is read before the camera asks
            screen, events = self.interstitial
            return build_model(s.engine, s.state, viewer=viewer, ui=self.controller.ui, notice=notice,
                               screen=screen, events=events)
        if self.camera_step is not None:
            return self.camera_model(notice)
        return build_model(s.engine, s.state, viewer=viewer, ui=self.controller.ui, notice=notice)

    def viewer(self) -> str | None:
        """Whose secrets the panel may draw: the actor of a private prompt once it has been
        passed to them; else the game's own choice (``engine.table_viewer``), else the only
        human seat when there is one, else no one's (a spectator's view)."""
        s = self.session
        if s.engine.is_over(s.state):
            return None
        prompt = s.prompt()
        if (prompt.private or prompt.shows_hand) and not s.is_computer(prompt.actor):
            passed = self.shown_to == (len(s.actions), prompt.actor)
            return prompt.actor if passed else None     # not before it is in their hands
        hook = getattr(s.engine, "table_viewer", None)
        if hook is not None:
            return hook(s.state, prompt)
        humans = [seat for seat in s.engine.summary(s.state).get("players", []) if not s.is_computer(seat)]
        return humans[0] if len(humans) == 1 else None

    def awaiting_pass(self) -> str | None:
        """The seat a private prompt waits to be passed to (OK not yet pressed), or None."""
        s = self.session
        if not s.active or s.engine.is_over(s.state) or self.correcting is not None:
            return None
        prompt = s.prompt()
        if not (prompt.private or prompt.shows_hand) or s.is_computer(prompt.actor):
            return None
        return None if self.shown_to == (len(s.actions), prompt.actor) else prompt.actor

    def private_screen(self, notice) -> dict | None:
        """The pass-it-on screen before a private prompt, or the neutral one after it."""
        seat = self.awaiting_pass()
        if seat is not None and self.interstitial is None:
            name = seat.upper()
            msg = {"title": f"Pass to {name}", "text": f"Pass the device to {name}, then press OK."}
            if self.web is not None and self.web.on_phone(seat):
                msg = {"title": f"{name}'s phone", "text": f"{name} chooses on the phone, or takes the device "
                                                           "and presses OK."}
            return {"game": None, "screen": "pass_to", "seat": seat, "title": msg["title"], "text": msg["text"],
                    "message": msg, "notice": notice}
        if self.hidden_after is not None:
            name = self.hidden_after.upper()
            return {"game": None, "screen": "message", "notice": notice,
                    "message": {"title": f"{name} done", "text": "Pass the device on, then press OK."}}
        return None

    def frame(self):
        return render(self.model())

    def caption(self) -> list[str]:
        """The screen in words, for the terminal emulator."""
        keys = "keys: arrows/WASD move, Enter = OK, Esc/Backspace = BACK (Shift = long press)"
        if self.save_failure is not None:
            return [f"cannot save: {self.save_failure} (OK: try again)", keys]
        if self.message is not None:
            return [self.message.get("title", ""), keys]
        if self.menu is not None:
            return [f"menu: {self.menu.title}", keys]
        s = self.session
        if not s.active:
            return [keys]
        lines = [s.engine.status_line(s.state)]
        seat = self.awaiting_pass()
        if self.hidden_after is not None or (seat is not None and self.interstitial is None):
            who = (seat or self.hidden_after).upper()
            lines = [f"pass the device to {who} (OK)" if seat else f"{who} done: pass the device on (OK)", keys]
            return lines
        if self.interstitial is not None:
            said = [e["text"] for e in self.interstitial[1] if isinstance(e.get("text"), str)]
            lines.append((said[-1] + " " if said else "") + "(OK to continue)")
        elif s.engine.is_over(s.state):
            lines.append("game over (OK for the menu)")
        else:
            lines.append(s.prompt().text)
        return lines + [keys]

    def refresh(self) -> bool:
        """Render and push the current screen; the display skips an unchanged frame."""
        if self.interstitial is not None and self.clock() >= self.interstitial_until:
            self.interstitial = None            # a result read long enough: back to the game
        if hasattr(self.display, "set_caption"):
            self.display.set_caption(self.caption())
        image = self.frame()
        pushed = bool(self.display.show(image))
        self.frames += pushed
        if self.web is not None:
            self.web.publish(self)              # each page its own view of what changed
        return pushed

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.notice = text
        self.notice_until = self.clock() + seconds

    # ------------------------------------------------------------------ events
    def handle(self, event: Any) -> None:
        kind = type(event).__name__
        if kind == "ButtonEvent":
            if event.button == "back":
                # BACK acts on release: a long press undoes without a short press before it.
                if event.kind == "press":
                    self.back_held = True
                elif event.kind == "long":
                    self.back_held = False
                    self.long_press("back")
                elif event.kind == "release" and self.back_held:
                    self.back_held = False
                    self.press("back")
            elif event.kind in ("press", "repeat"):
                self.press(event.button)
            elif event.kind == "long":
                self.long_press(event.button)
        elif kind == "LinkAction":
            self.link_action(event.text)
        elif kind == "WebMessage" and self.web is not None:
            self.web.handle(self, event)
        elif kind == "LinkStatus":
            if not event.connected and event.reason:
                log.info("serial link: %s", event.reason)

    def press(self, button: str) -> None:
        if button in ("cw", "ccw"):
            button = "down" if button == "cw" else "up"
        if self.calibration is not None:
            self.calibration_press(button)
            return
        if self.save_failure is not None:
            if button == "ok":
                self.retry_save()
            return
        if self.message is not None:
            if button in ("ok", "back"):
                self.message = None
            return
        if self.web is not None and self.web.join_page is not None:
            self.web.join_press(button)
            return
        if self.menu is not None:
            choice = self.menu.press(button)
            if choice is not None:
                self.menu_choice(choice)
            return
        if not self.session.active:
            self.show_main_menu()
            return
        if self.hidden_after is not None:      # the neutral screen after a private action
            if button == "ok":
                self.hidden_after = None
            return
        if self.interstitial is not None:
            # Halftime, the AI's card: shown until the player has read it.
            if button in ("ok", "back"):
                self.interstitial = None
                if self.session.engine.is_over(self.session.state):
                    return
            return
        seat = self.awaiting_pass()
        if seat is not None:
            if button == "ok":                  # the device is in the right hands now
                self.shown_to = (len(self.session.actions), seat)
            return
        if self.camera_step is not None:
            self.camera_press(button)
            return
        if self.session.engine.is_over(self.session.state):
            if button in ("ok", "back"):
                self.session.close_game()
                self.show_main_menu()
            return
        action = self.controller.press(button)
        if action is not None:
            self.act(action)
        elif button == "back" and self.controller.last_back:
            if self.correcting is not None:     # leave the roll as it was recorded
                self.correcting = self.correcting_state = None
                self.say("dice unchanged")
                self.start_prompt()
            else:
                self.open_game_menu()

    def long_press(self, button: str) -> None:
        if button != "back" or not self.session.active or self.save_failure is not None:
            return
        if self.menu is None or self.menu_kind == "game":
            self.menu = None
            self.undo()

    def link_action(self, text: str) -> None:
        if not self.session.active:
            self.send_error(f"no game in progress: {text}")
            return
        if self.save_failure is not None:
            self.send_error(f"cannot save: {self.save_failure}")
            return
        self.act(text, from_link=True)

    # ------------------------------------------------------------------ the game
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
        except (IllegalAction, CorrectionConflict) as exc:
            reason = self.last_refusal = getattr(exc, "reason", str(exc))
            if isinstance(exc, CorrectionConflict):     # the whole story goes to the log and the link
                log.info("%s", reason)
                self.message = {"title": "Cannot correct",
                                "text": "A later move does not fit those dice. The roll stands."}
            else:
                self.say(reason[:60])
            self.send_error(reason)
            self.start_prompt()
            return
        except SaveFailed as exc:
            self.cannot_save(exc)
            return
        self.show_events(events, from_link)

    def frame_name(self, seq: int) -> str:
        """The kept frame of action ``seq``: the game's journal number and seed (a journal
        started again numbers its games again) and the action's number."""
        s = self.session
        return f"game{s.game_id}-{s.header.seed & 0xFFFFFF:06x}-{seq:04d}"

    def keep_camera_frame(self, number: int, action: str) -> None:
        """The roll the camera read is now recorded as action ``number``: keep its frame with
        the values the table gave (``[vision] keep_frames``), confirmed or entered instead."""
        kept, self.camera_kept = self.camera_kept, None
        s = self.session
        if (kept is None or kept[:2] != (s.game_id, number) or len(s.actions) <= number
                or not s.actions[number].startswith(CHANCE + " ")):
            return
        self.camera_dice.keep_roll(self.frame_name(number), kept[2], s.actions[number].split()[2:])

    def after_private(self, prompt) -> None:
        """After a person's private action, hide it: the neutral screen, unless the device
        stays with the same seat for its next private prompt (then nothing was revealed)."""
        s = self.session
        if not prompt.private or s.is_computer(prompt.actor):
            return
        nxt = None if s.engine.is_over(s.state) else s.prompt()
        if nxt is not None and nxt.private and nxt.actor == prompt.actor:
            self.shown_to = (len(s.actions), prompt.actor)
        elif nxt is not None and nxt.private and not s.is_computer(nxt.actor):
            self.hidden_after = None           # the pass-it-on screen for the next seat hides it
        else:
            self.hidden_after = prompt.actor

    def cannot_save(self, exc: SaveFailed) -> None:
        """Nothing changed: say so, and wait for OK to try again (the session keeps the action)."""
        if exc.action is None:                  # nothing waits (a refused undo): just say it
            self.say(f"cannot save: {exc.reason}"[:60])
        else:
            self.save_failure = exc.reason
        self.send_error(f"cannot save: {exc.reason}")

    def retry_save(self) -> None:
        try:
            events = self.session.retry_save()
        except SaveFailed as exc:
            self.save_failure = exc.reason
            self.say("still cannot save")
            return
        except IllegalAction as exc:            # cannot happen for a checked action; never stay stuck
            log.error("the saved action is no longer legal: %s", exc)
            events = []
        self.save_failure = None
        self.say("saved")
        self.show_events(events, False)

    def show_events(self, events: list[dict], from_link: bool) -> None:
        for e in events:
            if self.link is not None:
                self.to_link(self.link.send_event, e)
        if self.web is not None:
            self.web.events(events)
        game = self.session.header.game if self.session.active else None
        screen = screen_after(events, game)
        if screen is not None and not from_link:
            self.interstitial = (screen, events)
            self.interstitial_until = (float("inf") if waits_for_ok(game, screen)
                                       else self.clock() + self.result_seconds)
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

    def start_prompt(self) -> None:
        s = self.session
        self.camera_step = None
        self.controller.game = s.header.game if s.active else None   # the game's own controls first
        if s.active and not s.engine.is_over(s.state):
            prompt = s.prompt()
            self.controller.start(prompt_dict(prompt))
            if (prompt.is_chance and s.dice_mode == "camera" and self.camera_dice is not None
                    and self.camera_reader(prompt) in CAMERA_READERS and self.correcting is None):
                self.camera_begin(prompt)
        else:
            self.controller.start(None)

    # ------------------------------------------------------------------ the camera
    def camera_reader(self, prompt) -> str:
        """How the camera reads this chance (the die kind's reader in the game's registry
        entry): "pips", "icons", "toss", or "none" when only a person can answer it (the device's
        own draws, mixed dice, a roll whose dice are each a player's own, a die the game did
        not declare)."""
        spec = prompt.chance
        if spec is None or spec.by != "table" or spec.dice is not None or (spec.ordered and spec.count > 1):
            return "none"                       # (the camera cannot tell whose die is whose)
        try:
            kind = get_game(self.session.header.game).die_kind(spec.die)
        except UnknownGame:
            return "none"
        return kind.reader if kind is not None else "none"

    def camera_begin(self, prompt) -> None:
        """Ask for the roll (or the toss) in front of the camera; OK reads it."""
        if self.camera_reader(prompt) == "toss":
            why = self.camera_dice.before_toss()
            if why:
                self.message = {"title": "Camera unsure", "text": _camera_doubt([why], "say where it fell")}
                return
            text = "Toss the die into the lid, then OK. BACK: say where it fell."
        else:
            n, die = prompt.chance.count, prompt.chance.die
            text = f"Roll {n} {die} dice in the tray, then OK. BACK: enter them."
        self.camera_step = {"stage": "waiting", "prompt": prompt, "text": text}

    def camera_model(self, notice) -> dict:
        step = self.camera_step
        if step["stage"] == "waiting":
            return {"game": None, "screen": "message", "message": {"title": "Camera", "text": step["text"]},
                    "notice": notice}
        s = self.session
        spec = step["prompt"].chance
        faces = list(dict.fromkeys(spec.faces))
        ui = {"mode": "chance", "faces": faces, "count": spec.count, "entered": list(step["reading"].values),
              "face": 0, "verb": spec.verb, "die": spec.die}
        return build_model(s.engine, s.state, viewer=None, ui=ui, notice=notice or "OK: accept BACK: fix")

    def camera_press(self, button: str) -> None:
        step = self.camera_step
        spec = step["prompt"].chance
        if button == "back":
            self.camera_step = None                  # enter the faces on the buttons instead
            if step["stage"] == "confirm":           # starting from what the camera read
                self.controller.suggest(list(step["reading"].values))
            return
        if button != "ok":
            return
        if step["stage"] == "waiting":
            reader = self.camera_reader(step["prompt"])
            reading = (self.camera_dice.judge_toss(spec) if reader == "toss"
                       else self.camera_dice.read_roll(spec, reader))
            self.camera_kept = (self.session.game_id, len(self.session.actions), reading)
            if reading.action is None:               # say why on a whole screen; OK: the buttons
                self.camera_step = None
                read = [v for v in reading.values if v in spec.faces]   # (a die with no pip face: None)
                if len(reading.values) > spec.count:
                    read = []                        # more dice than rolled: which are they?
                self.controller.suggest(read)
                then = "check them" if read else "enter them"
                self.message = {"title": "Camera unsure", "text": _camera_doubt(reading.reasons, then)}
                return
            step.update(stage="confirm", reading=reading)
            return
        action = step["reading"].action
        self.camera_step = None
        self.act(action)

    def start_game(self, game_id: str, options: dict) -> None:
        s = self.session
        s.dice_mode = self.setting("dice", s.dice_mode)
        self.shown_to = self.hidden_after = None
        try:
            events = s.new_game(Header(game_id, seed=self.seed_source(), options=options))
        except ValueError as exc:               # options the game refuses: say which, start nothing
            self.message = {"title": "Cannot start", "text": _for_the_panel(str(exc))[:160]}
            return
        except SaveFailed as exc:
            if not s.active:                    # the game could not even be started
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
            self.say(s.resume_note or "game resumed")
            return True
        if s.resume_note:
            self.say(s.resume_note)
        return False

    def undo(self) -> str | None:
        """Take back the last decision; on a refusal the panel says why (a message OK closes)
        and the reason is returned ("no undo: ...", for the phone that asked)."""
        self.interstitial = None
        try:
            self.session.undo(words=lambda prompt, action: shown_option(
                self.session.header.game, prompt_dict(prompt), action))
        except UndoRefused as exc:
            self.message = {"title": "No undo", "text": _undo_refusal(str(exc))}
            self.start_prompt()
            return f"no undo: {exc}"
        except SaveFailed as exc:
            self.cannot_save(exc)
            return f"cannot save: {exc.reason}"
        self.shown_to = self.hidden_after = None   # a private prompt is passed on again
        self.after_change()                     # STATE goes out at once; the undo needs no replay
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
        self.interstitial = None
        self.camera_step = None
        self.controller.game = s.header.game
        self.controller.start(prompt_dict(s.engine.prompt(before)))

    def send_error(self, text: str) -> None:
        if self.link is not None:
            self.link.send_error(text)

    # ------------------------------------------------------------------ menus
    def open_game_menu(self) -> None:
        self.open_menu("game", "Game", [
            {"id": "continue", "label": "Back to the game"},
            {"id": "undo", "label": "Undo last decision"},
            {"id": "correct", "label": "Correct last dice"},
            *([{"id": "hint", "label": "Hint"}] if hint.offered(self) else []),
            *([{"id": "phones", "label": "Phones: join"}] if self.web is not None else []),
            {"id": "leave", "label": "Main menu (saved)"},
        ], back="continue")

    def menu_choice(self, choice: str) -> None:
        kind = self.menu_kind
        if kind == "main":
            if choice == "new" and self.session.journal.unfinished() is not None:
                self.open_menu("confirm-new", "Game unfinished", [
                    {"id": "resume", "label": "Resume it"},
                    {"id": "new", "label": "Start a new game"},
                    {"id": "back", "label": "Back"},
                ])
            elif choice == "new":
                self.open_new_game_menu()
            elif choice == "resume":
                self.open_resume_menu()
            elif choice == "settings":
                self.open_settings()
            elif choice == "about":
                # the panel's four lines: the phones' address before the hardware, each missing
                # part by its name (its reason is in the log and in `companion doctor`)
                lines = []
                if self.web is not None and self.web.address is not None:
                    lines += ["phones at", f"{self.web.address.ip}:{self.web.address.port}"]
                missing = _missing_parts(self.hardware_notes)
                lines.append("missing: " + ", ".join(missing) if missing else "all hardware found")
                self.message = {"title": f"Companion {__version__}", "text": "\n".join(lines)}
            return
        if choice == "back":
            self.show_main_menu()
            return
        if kind == "confirm-new":
            if choice == "new":
                self.open_new_game_menu()
            else:
                self.open_resume_menu()
        elif kind == "resume":
            if not self.resume(int(choice)):
                self.say("that game cannot be resumed")
                self.open_resume_menu()
        elif kind == "new":
            self.open_setup(GameSetup(get_game(choice)))
        elif kind == "setup" and choice == "start":
            self.start_game(self.setup.game.id, self.setup.header_options())
        elif kind == "setup":
            self.setup.cycle(choice)
            cursor = self.menu.ui["cursor"]
            self.open_setup(self.setup)
            self.menu.ui["cursor"] = cursor
        elif kind == "settings" and choice.startswith("calibrate-"):
            self.calibration_begin(choice.removeprefix("calibrate-"))
        elif kind == "settings" and choice == "hints":      # all games, solo only, none
            self.session.journal.set_setting(hint.SETTING, hint.next_mode(hint.device_mode(self)))
            cursor = self.menu.ui["cursor"]
            self.open_settings()
            self.menu.ui["cursor"] = cursor
        elif kind == "settings":
            key, values = "dice", DICE_MODES
            current = self.setting(key, values[0])
            nxt = values[(values.index(current) + 1) % len(values)] if current in values else values[0]
            self.session.journal.set_setting(key, nxt)
            cursor = self.menu.ui["cursor"]
            self.open_settings()
            self.menu.ui["cursor"] = cursor
        elif kind == "web":
            self.web.answer(self, choice)
        elif kind == "game":
            self.menu = None
            if choice == "phones":
                self.web.join_page = 0
            elif choice == "undo":
                self.undo()
            elif choice == "correct":
                self.correct_last_dice()
            elif choice == "hint":
                self.message = hint.panel(self.session.engine, self.session.state)
            elif choice == "leave":
                self.session.close_game()
                self.show_main_menu()
            else:
                self.start_prompt()

    def open_new_game_menu(self) -> None:
        """Every registered game by title, the configured default first; its description is the
        hint under the list."""
        from companion.config import default_game_id

        listed = games()
        first = self.default_game or default_game_id([g.id for g in listed])
        listed.sort(key=lambda g: g.id != first)
        self.open_menu("new", "New game", [
            {"id": g.id, "label": g.title, "hint": g.description[:80]} for g in listed])

    def open_setup(self, setup: GameSetup) -> None:
        """Players, each seat human or computer, the game's options, then Start."""
        self.setup = setup
        self.open_menu("setup", setup.game.title, setup.items())

    def open_resume_menu(self) -> None:
        """Every unfinished game, newest first; with only one, resume it at once."""
        games = self.session.journal.unfinished_games()
        if not games:
            self.say("no game to resume")
            self.show_main_menu()
            return
        if len(games) == 1:
            if not self.resume(games[0]["id"]):
                self.show_main_menu()
            return
        self.open_menu("resume", "Resume", [
            {"id": str(g["id"]), "label": f"#{g['id']} {_title(g['game'])}",
             "hint": f"{time.strftime('%a %H:%M', time.localtime(g['started']))}, {g['actions']} moves"}
            for g in games])

    def settings_game(self):
        """The game Settings calibrates for: the one in progress, else the configured default,
        else the device configuration's ``[game] default``, else the first registered game."""
        game_id = self.session.header.game if self.session.active else self.default_game
        if game_id is None:
            from companion.config import default_game_id

            game_id = default_game_id([g.id for g in games()])
            if not game_id:
                return None
        try:
            return get_game(game_id)
        except UnknownGame:
            return None

    def open_settings(self) -> None:
        dice = self.setting("dice", self.session.dice_mode)
        camera = self.camera_dice is not None
        game = self.settings_game()
        kinds = game.die_kinds if game is not None else ()
        items = [{"id": "dice", "label": f"Dice: {dice}"}]
        if not camera:                          # why the items under it are greyed out
            items[0]["hint"] = "No camera found: the greyed items need one."
        items += [{"id": f"calibrate-{k.name}", "label": f"Calibrate {k.name}", "enabled": camera}   # a row: 18 characters
                  for k in kinds if k.reader == "icons"]
        if any(k.reader == "toss" for k in kinds):
            items.append({"id": "calibrate-lid", "label": "Calibrate the lid", "enabled": camera})
        items.append({"id": "calibrate-look", "label": "Camera check", "enabled": camera})
        items.append({"id": "hints", "label": f"Hints: {hint.device_mode(self)}",
                      "hint": "Hint in the game menu: all games, solo only, off"})
        self.open_menu("settings", "Settings", items)

    # ------------------------------------------------------------------ guided calibration
    SHOTS_PER_FACE = 3

    def calibration_begin(self, what: str) -> None:
        """Ask for each face of a die in turn (a few shots each), or for the empty lid."""
        if what in ("lid", "look"):
            self.calibration = {"what": what}
            return
        faces = die_faces(self.settings_game(), what)
        if not faces:
            self.say(f"no faces known for the {what} dice")
            return
        self.calibration = {"what": what, "faces": faces, "index": 0, "shot": 0, "shots": {}}

    def calibration_message(self) -> dict:
        c = self.calibration
        if c.get("done"):
            return {"title": "Camera check" if c["what"] == "look" else "Calibrated", "text": c["done"]}
        message = self._calibration_ask(c)
        if c.get("failed"):                       # the last shot would not do: why, and try again
            message["text"] = _fitted("Not taken: ", [c["failed"]], " OK: again. BACK stops.")
        return message

    def _calibration_ask(self, c: dict) -> dict:
        """What the calibration asks for next: the empty lid, a look, or a die's face."""
        # each text fits the panel's four lines whole (tests/device/test_camera_dice.py)
        if c["what"] == "look":
            return {"title": "Camera check", "text": "Roll pip dice where the camera sees them. OK: look. BACK stops."}
        if c["what"] == "lid":
            return {"title": "Calibrate the lid",
                    "text": "Put the empty box lid where the camera sees it. OK: take it. BACK stops."}
        face = c["faces"][c["index"]]
        return {"title": f"{c['what'].capitalize()} die: {face}",
                "text": f"One {c['what']} die, {face.upper()} up (turn it between shots). "
                        f"OK: shot {c['shot'] + 1} of {self.SHOTS_PER_FACE}. BACK stops."}

    def calibration_press(self, button: str) -> None:
        c = self.calibration
        if button == "back" or (c.get("done") and button == "ok"):
            self.calibration = None
            return
        if button != "ok":
            return
        if c["what"] == "look":
            self.camera_look()
            return
        frame, _ = self.camera_dice.still_frame()
        if frame is None:
            self.say("the camera gave no picture")
            return
        c.pop("failed", None)
        try:
            if c["what"] == "lid":
                ok = self.camera_dice.calibrate_lid(frame, self.camera_height_px)
                c["done"] = "lid saved" + ("" if ok else ": the uprights were not found, judge tosses by hand")
                return
            face = c["faces"][c["index"]]
            c["shots"].setdefault(face, []).append(frame)
            c["shot"] += 1
            if c["shot"] == self.SHOTS_PER_FACE:
                c["shot"], c["index"] = 0, c["index"] + 1
            if c["index"] == len(c["faces"]):
                names = self.camera_dice.calibrate_die(c["what"], c["shots"])
                c["done"] = f"{c['what']} die: " + ", ".join(names)
        except ValueError as exc:   # the frames will not do (no green lid in view): said, OK again
            log.warning("calibration of %s: %s", c["what"], exc)
            c["failed"] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a failed shot is said, the rest is kept
            log.exception("calibration")
            c["failed"] = str(exc) or type(exc).__name__
        if c.get("failed") and "faces" in c and c["index"] == len(c["faces"]):
            c.update(index=0, shot=0, shots={})   # the die's shots gave no gallery: from its first face again

    def camera_look(self) -> None:
        """Settings > Camera check: read the dice in view as a roll would be read, say what was
        seen and why unsure, and what to change about the camera (a grey or dim frame, dice too
        small), and keep the frame and its annotated reading in the vision folder
        (``look/look.dice.png``) for a maker to look at."""
        c = self.calibration
        try:
            look = self.camera_dice.look(self.camera_dice.directory / "look")
        except Exception as exc:  # noqa: BLE001 - a camera with no frame, a full card: said
            log.exception("camera check")
            c["done"] = _fitted("No look: ", [str(exc) or type(exc).__name__])
            return
        from companion.camera_dice import values_text
        values = values_text(look["values"])
        tips = [a["short"] for a in look.get("advice", [])]    # what to change about the camera
        if not look["unsure"]:
            n = len(look["values"])
            seen = f"saw {n} {'die' if n == 1 else 'dice'}: {values}, sure"
            c["done"] = _fitted(f"{seen}; ", tips) if tips else f"{seen}. OK: done."
        else:
            c["done"] = _fitted(f"{values or 'no dice'}: unsure, ", look["reasons"] + tips)

    # ------------------------------------------------------------------ the loop
    def run(self, events: queue_mod.Queue, stop_when: Callable[[], bool] | None = None,
            tick: float = 0.5) -> None:
        """Take events until stopped; re-show the screen at least every ``tick`` seconds (the
        display's slow pixel shift and timed notices need it)."""
        self.refresh()
        self.watchdog.ready()
        if self.after_first_frame is not None:   # the page's server, once the panel shows
            self.after_first_frame()
        while self.running:
            try:
                event = events.get(timeout=tick)
            except queue_mod.Empty:
                event = None
            if event is not None:
                try:
                    self.handle(event)
                except Exception:   # one bad event must not stop the referee
                    log.exception("while handling %r", event)
                    self.say("internal error: see the log")
            self.refresh()
            self.watchdog.ping()
            if hasattr(self.display, "refresh"):
                self.display.refresh()
            if stop_when is not None and stop_when() and events.empty():
                break


def die_faces(game, kind: str) -> list[str]:
    """The faces of a die kind, each once: the registry's, else the engine's optional
    ``die_faces(kind)`` (read from the game's content pack), else none."""
    if game is None:
        return []
    declared = game.die_kind(kind)
    if declared is not None and declared.faces:
        return list(dict.fromkeys(declared.faces))
    engine = game.load_engine()
    if hasattr(engine, "die_faces"):
        return list(dict.fromkeys(engine.die_faces(kind)))
    return []
