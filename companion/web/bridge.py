"""The page's side of the app: runs in the app's one loop, like a button press.

The server's thread validates each socket message's size, rate and shape and puts it on the
app's event queue as a ``WebMessage``; ``DeviceApp.handle`` hands it here. Here a message is
checked against the seat its token holds, and an action goes through ``DeviceApp.act``, so
the session checks it, journals it and only then the game, the panel and every page move.
After every pass of the loop ``publish`` sends each page what changed, built for its viewer
alone (companion.web.payloads).

Undo, dice correction and a second phone for a held seat wait for the device's OK: the panel
asks, OK or BACK answers. Dice correction is offered (``dice`` in the payload) only once the
table has rolled dice the device could correct; a phone that asks anyway is told why not.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from companion.engine.registry import get_game
from companion.web import payloads
from companion.web.seating import ClaimRefused, Request, Seating

log = logging.getLogger(__name__)

# A phone asked to fix dice where the table has rolled none (a game of cards, or no roll yet)
NO_DICE = "no dice to correct: the table has rolled no dice in this game (yet)"


@dataclass
class WebMessage:
    """One checked message from a page: ``data["t"]`` is its kind (``open`` and ``close``
    come from the server itself)."""

    conn: int
    data: dict = field(default_factory=dict)


class WebBridge:
    """Seats, requests and payloads for the pages; ``send(conn, bytes)`` reaches the server's
    thread (set by ``attach``)."""

    def __init__(self, seating: Seating | None = None):
        self.seating = seating or Seating()
        self.viewers: dict[int, str | None] = {}  # connection -> seat (None: spectator)
        self.addresses: dict[int, str | None] = {}  # connection -> its client's address_key
        self.seats_free = 0  # people's seats no page holds (read by the server)
        self.sent: dict[int, bytes] = {}
        self.cache: dict[str | None, bytes] = {}
        self.cache_key: tuple | None = None
        self.version = 0  # seats held, requests: bumps the key
        self.game_id: int | None = None
        self.request: Request | None = None
        self.log: deque = deque(
            maxlen=payloads.LOG_LINES
        )  # public events, worded per payload; notes as words
        self.actions_seen = 0
        self.join_page: int | None = None  # the panel's join screen: 0 spectator, then seats
        self.locate: Any = None  # () -> companion.web.join.Address, once serving
        self.send = lambda conn, data: None

    def attach(self, send) -> None:
        self.send = send

    # ------------------------------------------------------------------ from the pages
    def handle(self, app, msg: WebMessage) -> None:
        kind = msg.data.get("t")
        if kind == "open":
            self.viewers[msg.conn] = None
            self.addresses[msg.conn] = msg.data.get("address")
        elif kind == "close":
            self.viewers.pop(msg.conn, None)
            self.addresses.pop(msg.conn, None)
            self.sent.pop(msg.conn, None)
        elif msg.conn not in self.viewers:
            return
        elif kind == "hello":
            self.hello(app, msg.conn, msg.data.get("token"))
        elif kind == "claim":
            self.claim(app, msg.conn, msg.data.get("seat"), msg.data.get("code"))
        elif kind == "leave":
            self.leave(msg.conn, msg.data.get("token"))
        elif kind == "act":
            self.act(app, msg.conn, msg.data.get("action"))
        elif kind in ("undo", "correct"):
            self.ask(app, msg.conn, kind)
        elif kind == "hint":  # the odds for the seat this phone holds, for it alone
            from companion.odds.hint import phone_reply

            self.reply(msg.conn, phone_reply(app, self.viewers[msg.conn]))

    def reply(self, conn: int, data: dict) -> None:
        self.send(conn, json.dumps(data).encode())

    def hello(self, app, conn: int, token: Any) -> None:
        self.sync_game(app)
        seat = self.seating.seat_of(token)
        self.viewers[conn] = seat
        self.reply(conn, {"t": "welcome", "seat": seat, "forgotten": bool(token) and seat is None})

    def claim(self, app, conn: int, seat: Any, code: Any) -> None:
        self.sync_game(app)
        try:
            seat = self.seating.check_claim(seat, code, page=conn, address=self.addresses.get(conn))
        except ClaimRefused as exc:
            self.reply(conn, {"t": "error", "text": str(exc)})
            return
        if self.viewers.get(conn) == seat:  # the same code scanned again: no error, just who you are
            self.reply(conn, {"t": "wait", "text": f"you are {seat.upper()}"})
            return
        if app.session.is_computer(seat):
            self.reply(conn, {"t": "error", "text": f"{seat.upper()} is played by the computer"})
            return
        if self.seating.held(seat):
            self.open_request(app, Request("seat", seat, conn))
            return
        self.give_seat(conn, seat)

    def give_seat(self, conn: int, seat: str) -> None:
        token = self.seating.grant(seat)
        for other, held in list(self.viewers.items()):  # the phone that held it watches now
            if held == seat and other != conn:
                self.viewers[other] = None
                self.reply(other, {"t": "released", "text": f"{seat.upper()} was given to another phone"})
        self.viewers[conn] = seat
        self.version += 1
        self.reply(conn, {"t": "token", "seat": seat, "token": token})

    def leave(self, conn: int, token: Any) -> None:
        seat = self.viewers.get(conn)
        if seat is not None and self.seating.seat_of(token) == seat:
            self.seating.release(token)
            for other, held in list(self.viewers.items()):
                if held == seat:
                    self.viewers[other] = None
            self.version += 1
        self.reply(conn, {"t": "released", "text": "you watch the game now"})

    def act(self, app, conn: int, action: Any) -> None:
        seat = self.viewers.get(conn)
        refusal = self.act_refusal(app, seat, action)
        if refusal:
            self.reply(conn, {"t": "error", "text": refusal})
            return
        s = app.session
        before = len(s.actions)
        app.act(action, from_phone=True)
        if len(s.actions) == before and app.session.pending is None:  # refused by the rules
            self.reply(conn, {"t": "error", "text": app.last_refusal or "not accepted"})

    def act_refusal(self, app, seat: str | None, action: Any) -> str | None:
        """Why this page may not send this action now, or None (the rules check it next)."""
        s = app.session
        if seat is None:
            return "watching only: claim a seat with its code to play"
        if not isinstance(action, str) or not action.strip():
            return "an action must be a line of text"
        if not s.active or s.engine.is_over(s.state):
            return "no game in progress"
        if app.save_failure is not None:
            return f"cannot save: {app.save_failure}"
        if app.correcting is not None or app.camera_step is not None:
            return "the device is busy: look at its screen"
        prompt = s.prompt()
        if prompt.is_chance:  # a roll or draw the table enters on the device (or it answers)
            return "not your turn: the device waits for the table's roll or draw"
        if prompt.actor != seat:
            return f"not your turn: {prompt.actor.upper()} is to decide"
        if action.split()[0] != seat:
            return f"an action of {seat.upper()} begins with {seat!r}"
        return None

    def ask(self, app, conn: int, kind: str) -> None:
        seat = self.viewers.get(conn)
        if seat is None:
            self.reply(conn, {"t": "error", "text": "watching only: claim a seat first"})
            return
        if not app.session.active:
            self.reply(conn, {"t": "error", "text": "no game in progress"})
            return
        self.open_request(app, Request(kind, seat, conn))

    def open_request(self, app, request: Request) -> None:
        """Ask on the panel; one question at a time, never over a menu someone is using."""
        if self.request is not None or (app.menu is not None and app.menu_kind != "game"):
            self.reply(request.conn, {"t": "error", "text": "the device is busy: ask again in a moment"})
            return
        self.request = request
        self.version += 1
        title, text = request.question()
        app.open_menu(
            "web",
            title,
            [
                {"id": "yes", "label": "OK: yes", "hint": text},
                {"id": "no", "label": "BACK: no", "hint": text},
            ],
            back="no",
        )
        self.reply(request.conn, {"t": "wait", "text": "asking the device: someone must press OK there"})

    def answer(self, app, choice: str) -> None:
        """The panel's OK or BACK for the open request."""
        request, self.request = self.request, None
        app.menu = None
        self.version += 1
        if request is None:
            return
        if choice != "yes":
            self.reply(request.conn, {"t": "error", "text": "the device said no"})
            app.start_prompt()
            return
        if request.kind == "seat":
            if request.conn in self.viewers and request.seat is not None:
                self.give_seat(request.conn, request.seat)
            app.start_prompt()
        elif request.kind == "undo":
            count = len(app.session.actions)
            why = app.undo()
            if why or len(app.session.actions) == count:  # refused: the device says why
                self.reply(request.conn, {"t": "error", "text": why or "nothing was undone"})
        else:
            if app.session.last_chance_index() is None:  # the panel says so too; the phone learns why
                self.reply(request.conn, {"t": "error", "text": NO_DICE})
            app.correct_last_dice()

    # ------------------------------------------------------------------ to the pages
    def on_phone(self, seat: str) -> bool:
        """Whether a page holds this seat now (the panel then need not be passed to them)."""
        return seat in self.viewers.values()

    def sync_game(self, app) -> None:
        """A new game (or none): new join codes, every seat free."""
        s = app.session
        game_id = s.game_id if s.active else None
        if game_id == self.game_id:
            return
        self.game_id = game_id
        players = s.engine.summary(s.state).get("players", []) if s.active else []
        self.seating.reset([seat for seat in players if not s.is_computer(seat)])  # people's seats only
        self.log.clear()
        if s.active:
            self.rebuild_log(s)
        self.actions_seen = len(s.actions) if s.active else 0
        for conn in self.viewers:
            if self.viewers[conn] is not None:
                self.viewers[conn] = None
                self.reply(conn, {"t": "released", "text": "a new game: claim your seat again"})
        self.version += 1

    def key(self, app) -> tuple:
        s = app.session
        return (self.game_id, id(s.state), len(s.actions), s.pending, self.version)

    def payload(self, app, viewer: str | None) -> bytes:
        s = app.session
        if not s.active:
            data = payloads.idle("No game yet", "Start or resume a game on the device.", viewer)
        else:
            game = get_game(s.header.game)
            pack = payloads.pack_for(game, s.engine)
            data = payloads.build(
                game,
                s.engine,
                s.state,
                viewer,
                seats_held={seat: True for seat in self.seating.holders},
                computers=set(s.computers),
                pack=pack,
                log=self.log_lines(game, pack),
            )
            if self.request is not None:
                data["asking"] = self.request.question()[0]
            data["dice"] = s.last_chance_index() is not None  # a roll to correct: the page offers it
            data["undo"] = s.undo_refusal()  # None: the page offers undo; else why not
        return json.dumps(data, separators=(",", ":")).encode()

    def publish(self, app) -> int:
        """Send every page whose payload changed; returns how many were sent."""
        self.sync_game(app)
        self.note_undo(app)
        self.seats_free = len(set(self.seating.seats) - set(self.viewers.values()))
        if not self.viewers:
            return 0
        if self.request is not None and (app.menu is None or app.menu_kind != "web"):
            request, self.request = self.request, None  # the question was closed another way
            self.version += 1
            self.reply(request.conn, {"t": "error", "text": "the device did not answer: ask again"})
        key = self.key(app)
        if key != self.cache_key:
            self.cache, self.cache_key = {}, key
        sent = 0
        for conn, viewer in list(self.viewers.items()):
            data = self.cache.get(viewer)
            if data is None:
                data = self.cache[viewer] = self.payload(app, viewer)
            if self.sent.get(conn) != data:
                self.sent[conn] = data
                self.send(conn, data)
                sent += 1
        return sent

    def events(self, events: list[dict]) -> None:
        """The events of an accepted action, for the log (events are public)."""
        self.log.extend(e for e in events if isinstance(e, dict))
        self.version += 1

    def rebuild_log(self, s) -> None:
        """The log of a game already under way (resumed from the journal): its events replayed
        from the record, the computer's moves in words as they were said."""
        from companion.ui.generic import move_words

        state = s.engine.new_state(s.header)
        for action in s.actions:
            prompt = s.engine.prompt(state)
            if not prompt.is_chance and s.is_computer(prompt.actor):  # the move, then what came of it
                self.log.append(f"{move_words(s.header.game, prompt, action)} (computer)")
            self.log.extend(e for e in s.engine.apply(state, action, prompt) if isinstance(e, dict))

    def note_lines(self, lines: list[str]) -> None:
        """Lines already in words for the log (the computer's moves)."""
        self.log.extend(lines)
        self.version += 1

    def log_lines(self, game, pack: dict) -> list[str]:
        return [x if isinstance(x, str) else payloads.log_line(game, x, pack) for x in self.log]

    def note_undo(self, app) -> None:
        """An undo (fewer actions than last seen) is said in the log, without the action: its
        line may hold a secret (a face-down card)."""
        s = app.session
        if s.active and len(s.actions) < self.actions_seen:
            self.log.append("the last decision was taken back")
            self.version += 1
        self.actions_seen = len(s.actions) if s.active else 0

    # ------------------------------------------------------------------ the panel's join screen
    def join_model(self, app) -> dict:
        from companion.web.join import join_model

        self.sync_game(app)
        return join_model(self.address, self.join_page or 0, self.seating)

    @property
    def address(self):
        """Where phones reach the page, looked up each time: a Pi's Wi-Fi may come up (or
        change) after the service started."""
        return self.locate() if self.locate is not None else None

    @address.setter
    def address(self, value) -> None:
        self.locate = (lambda: value) if value is not None else None

    def join_press(self, button: str) -> None:
        pages = 1 + len(self.seating.seats)
        if button in ("ok", "back"):
            self.join_page = None
        elif button in ("right", "down"):
            self.join_page = ((self.join_page or 0) + 1) % pages
        elif button in ("left", "up"):
            self.join_page = ((self.join_page or 0) - 1) % pages
