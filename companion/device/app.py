"""The box on the table: menus, the game on buttons, frames to the display, state to the link.

One loop (``run``) takes every input event from one queue: button events from gpiozero or the
keyboard, actions and key presses from the serial link. Drivers' threads only enqueue; every
change to the game happens here, through the referee session. After each event the current
screen is rendered (a pure function of the model) and pushed; the display skips frames that
did not change.

The panel is a stack of modes, each with ``press(button)``: calibration, a failed save, a
message, the phones' join screen, a menu, the neutral screen after a secret, a result being
read, a short guard after a result went by itself, the pass-it-on screen, the camera, the
final score, and the game's prompt at the bottom.
The top mode that is on takes the press (``modes``); each lives in its own module
(companion/device/menus.py, play.py, secrets.py, camera.py, calibration.py, saving.py).

Buttons in a game: the D-pad and OK choose (see companion/ui/controls.py); BACK steps back
inside a choice, and opens the game menu when there is nothing to step back from; a long
BACK undoes the last decision. BACK acts when it is released, so that a long press undoes
without opening the game menu first.
"""

from __future__ import annotations

import logging
import queue as queue_mod
import random
import time
from collections.abc import Callable
from typing import Any

from companion.device.calibration import Calibration, die_faces
from companion.device.camera import CAMERA_READERS, Camera
from companion.device.game_setup import GameSetup
from companion.device.keys import caption as key_caption
from companion.device.menus import Menus
from companion.device.panel_text import missing_notice
from companion.device.play import WAIT_FOR_OK, Play, waits_for_ok
from companion.device.saving import Saving
from companion.device.secrets import Secrets
from companion.device.watchdog import Watchdog
from companion.session import RefereeSession
from companion.ui.controls import MenuController, PromptController
from companion.ui.model import build_model
from companion.ui.screens import render

log = logging.getLogger(__name__)

ROTARY = {"cw": "down", "ccw": "up"}  # a rotary encoder's turns move like the D-pad
# After a result screen went away by itself, presses in this many seconds were meant for it:
# they choose nothing on the screen that replaced it.
PRESS_GUARD = 0.6


class DeviceApp(Menus, Play, Secrets, Camera, Calibration, Saving):
    def __init__(
        self,
        session: RefereeSession,
        display: Any,
        link: Any = None,
        notices: list[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed_source: Callable[[], int] | None = None,
        camera_dice: Any = None,
        watchdog: Watchdog | None = None,
    ):
        self.watchdog = watchdog or Watchdog()  # systemd's: pinged from every pass of the loop
        self.session = session
        session.on_thinking = self.thinking
        self.camera_dice = camera_dice
        self.camera_step: dict | None = None  # the camera reading a chance prompt: waiting/confirm
        self.calibration: dict | None = None  # guided calibration of a die or the lid
        self.camera_height_px = 1100.0  # from [vision] camera_height_px: the lid's parallax
        self.display = display
        self.link = link
        self.clock = clock
        self.hardware_notes = list(notices or [])
        self.stand_ins: list[str] = []  # the parts an emulator plays (About says so)
        self.notice: str | None = None
        self.notice_until = 0.0
        self.controller = PromptController()
        self.menu: MenuController | None = None
        self.menu_kind = ""
        self.message: dict | None = None
        self.correcting: int | None = None  # the recorded roll being entered again
        self.correcting_state: Any = None  # the game just before that roll
        self.camera_kept: tuple | None = None  # (game, actions so far, reading): a pip roll the camera read
        self.interstitial: tuple[str, list[dict]] | None = None  # a result screen being read
        self.interstitial_until = float("inf")
        self.results_next: list[tuple[str, list[dict]]] = []  # result screens that follow it
        self.result_seconds = 4.0
        self.guard_until = float("-inf")  # presses before this are taken by no screen (PRESS_GUARD)
        self.save_failure: str | None = None  # the journal's reason; game input waits for OK
        self.default_game: str | None = None  # [game] default: the game Settings calibrates for
        self.setup: GameSetup | None = None  # the new-game menu's choices
        self.shown_to: tuple[int, str] | None = None  # (action number, seat) a private prompt was passed to
        self.hidden_after: str | None = None  # the seat whose private action was just taken
        self.back_held = False  # BACK is down: released short it steps back
        self.frames = 0
        self.running = True
        self.web = None  # companion.web.bridge.WebBridge while the page serves
        self.after_first_frame: Callable[[], None] | None = None  # starts the page's server
        self.last_refusal = ""  # the rules' reason for the last refused action
        self.seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        self.show_main_menu()
        for note in self.hardware_notes:  # say what is missing on every output that remains
            if self.link is not None:
                self.to_link(self.link.send_event, {"event": "hardware_missing", "detail": note})

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
        if value is not None:  # a new message replaces an older notice, which would cover its last line
            self.notice = None

    def model(self) -> dict:
        notice = self.notice if self.notice and self.clock() < self.notice_until else None
        if self.calibration is not None:
            return {
                "game": None,
                "screen": "message",
                "message": self.calibration_message(),
                "notice": notice,
            }
        if self.message is not None:
            return {"game": None, "screen": "message", "message": self.message, "notice": notice}
        if self.web is not None and self.web.join_page is not None:
            return {**self.web.join_model(self), "notice": notice}
        if self.menu is not None:
            screen = "main_menu" if self.menu_kind == "main" else "menu"
            return {
                "game": None,
                "screen": screen,
                "menu": self.menu.menu,
                "ui": dict(self.menu.ui),
                "notice": notice
                or (missing_notice(self.hardware_notes) if self.menu_kind == "main" else None),
            }
        if self.save_failure is not None:
            return self.saving_model(notice)
        s = self.session
        if self.correcting is not None:
            return build_model(
                s.engine,
                self.correcting_state,
                viewer=None,
                ui=self.controller.ui,
                notice=notice or "correcting the dice",
            )
        private = self.private_screen(notice)
        if private is not None:
            return private
        viewer = self.viewer()
        if self.interstitial is not None:  # what just happened is read before the camera asks
            screen, events = self.interstitial
            return build_model(
                s.engine,
                s.state,
                viewer=viewer,
                ui=self.controller.ui,
                notice=notice,
                screen=screen,
                events=events,
            )
        if self.camera_step is not None:
            return self.camera_model(notice)
        return build_model(s.engine, s.state, viewer=viewer, ui=self.controller.ui, notice=notice)

    def frame(self):
        return render(self.model())

    def caption(self) -> list[str]:
        """The screen in words, for the terminal emulator."""
        keys = key_caption()
        address = self.web.address if self.web is not None else None
        if address is not None:  # where the phones find the page, under every screen
            keys += f"; phones: {address.url}"
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
            lines = [
                f"pass the device to {who} (OK)" if seat else f"{who} done: pass the device on (OK)",
                keys,
            ]
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
            self.next_result()  # a result read long enough: the next one, or back to the game,
            if self.interstitial is None:  # where a press meant for it is no choice
                self.guard_until = self.clock() + PRESS_GUARD
        if hasattr(self.display, "set_caption"):
            self.display.set_caption(self.caption())
        image = self.frame()
        pushed = bool(self.display.show(image))
        self.frames += pushed
        if self.web is not None:
            self.web.publish(self)  # each page its own view of what changed
        return pushed

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.notice = text
        self.notice_until = self.clock() + seconds

    def thinking(self, seat: str) -> None:
        """A computer seat searches: said on the panel until it has moved (``show_events``)."""
        self.say(f"{seat.upper()} is thinking", 2.0)
        self.refresh()

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

    def modes(self) -> list[tuple[Callable[[], bool], Callable[[str], None]]]:
        """The panel's modes, top first, as (is it on, its press); the game's prompt is below them."""
        s = self.session
        return [
            (lambda: self.calibration is not None, self.calibration_press),
            (lambda: self.save_failure is not None, self.saving_press),
            (lambda: self.message is not None, self.message_press),
            (
                lambda: self.web is not None and self.web.join_page is not None,
                lambda b: self.web.join_press(b),
            ),
            (lambda: self.menu is not None, self.menu_press),
            (lambda: not s.active, lambda b: self.show_main_menu()),
            (lambda: self.hidden_after is not None, self.hidden_press),
            (lambda: self.interstitial is not None, self.result_press),
            (lambda: self.clock() < self.guard_until, lambda b: None),
            (lambda: self.awaiting_pass() is not None, self.pass_press),
            (lambda: self.camera_step is not None, self.camera_press),
            (lambda: s.engine.is_over(s.state), self.over_press),
        ]

    def press(self, button: str) -> None:
        button = ROTARY.get(button, button)
        for is_on, mode_press in self.modes():
            if is_on():
                mode_press(button)
                return
        self.game_press(button)

    def message_press(self, button: str) -> None:
        if button in ("ok", "back"):
            self.message = None

    # ------------------------------------------------------------------ the loop
    def run(
        self, events: queue_mod.Queue, stop_when: Callable[[], bool] | None = None, tick: float = 0.5
    ) -> None:
        """Take events until stopped; re-show the screen at least every ``tick`` seconds (the
        display's slow pixel shift and timed notices need it)."""
        self.refresh()
        self.watchdog.ready()
        if self.after_first_frame is not None:  # the page's server, once the panel shows
            self.after_first_frame()
        while self.running:
            try:
                event = events.get(timeout=tick)
            except queue_mod.Empty:
                event = None
            if event is not None:
                try:
                    self.handle(event)
                except Exception:  # one bad event must not stop the referee
                    log.exception("while handling %r", event)
                    self.say("internal error: see the log")
            self.refresh()
            self.watchdog.ping()
            if hasattr(self.display, "refresh"):
                self.display.refresh()
            if stop_when is not None and stop_when() and events.empty():
                break


__all__ = ["DeviceApp", "CAMERA_READERS", "WAIT_FOR_OK", "waits_for_ok", "die_faces"]
