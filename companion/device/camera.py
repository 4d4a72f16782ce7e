"""The camera answering a chance prompt: "roll the dice in the tray, then OK", the reading to
confirm (OK) or fix on the buttons (BACK), and the frame kept with the values the table gave.
A mode of the device while ``camera_step`` is set."""

from __future__ import annotations

from companion.device.panel_text import camera_doubt
from companion.engine.core import CHANCE
from companion.engine.registry import UnknownGame, get_game
from companion.ui.model import build_model

CAMERA_READERS = ("pips", "icons", "toss")  # DieKind.reader values the camera can answer


class Camera:
    """The camera's mode (mixed into DeviceApp: ``session``, ``camera_dice``, ``controller``,
    ``message`` and ``act`` are the app's)."""

    camera_step: dict | None
    camera_kept: tuple | None

    def camera_reader(self, prompt) -> str:
        """How the camera reads this chance (the die kind's reader in the game's registry
        entry): "pips", "icons", "toss", or "none" when only a person can answer it (the device's
        own draws, mixed dice, a roll whose dice are each a player's own, a die the game did
        not declare)."""
        spec = prompt.chance
        if spec is None or spec.by != "table" or spec.dice is not None or (spec.ordered and spec.count > 1):
            return "none"  # (the camera cannot tell whose die is whose)
        try:
            kind = get_game(self.session.header.game).die_kind(spec.die)
        except UnknownGame:
            return "none"
        return kind.reader if kind is not None else "none"

    def camera_wanted(self, prompt) -> bool:
        """Whether the camera, not the buttons, answers this prompt first."""
        s = self.session
        return (
            prompt.is_chance
            and s.dice_mode == "camera"
            and self.camera_dice is not None
            and self.camera_reader(prompt) in CAMERA_READERS
            and self.correcting is None
        )

    def camera_begin(self, prompt) -> None:
        """Ask for the roll (or the toss) in front of the camera; OK reads it."""
        if self.camera_reader(prompt) == "toss":
            why = self.camera_dice.before_toss()
            if why:
                self.message = {"title": "Camera unsure", "text": camera_doubt([why], "say where it fell")}
                return
            text = "Toss the die into the lid, then OK. BACK: say where it fell."
        else:
            n, die = prompt.chance.count, prompt.chance.die
            why = self.camera_dice.before_roll(prompt.chance, self.camera_reader(prompt))
            if why:  # said before the table rolls into the tray (once the result before it is read)
                text = camera_doubt([why], "enter them")
                self.camera_step = {"stage": "cannot", "prompt": prompt, "text": text}
                return
            text = f"Roll {n} {die} dice in the tray, then OK. BACK: enter them."
        self.camera_step = {"stage": "waiting", "prompt": prompt, "text": text}

    def camera_model(self, notice) -> dict:
        step = self.camera_step
        if step["stage"] in ("waiting", "cannot"):
            title = "Camera" if step["stage"] == "waiting" else "Camera unsure"
            return {
                "game": None,
                "screen": "message",
                "message": {"title": title, "text": step["text"]},
                "notice": notice,
            }
        s = self.session
        spec = step["prompt"].chance
        faces = list(dict.fromkeys(spec.faces))
        ui = {
            "mode": "chance",
            "faces": faces,
            "count": spec.count,
            "entered": list(step["reading"].values),
            "face": 0,
            "verb": spec.verb,
            "die": spec.die,
        }
        return build_model(s.engine, s.state, viewer=None, ui=ui, notice=notice or "OK: accept BACK: fix")

    def camera_press(self, button: str) -> None:
        step = self.camera_step
        spec = step["prompt"].chance
        if step["stage"] == "cannot":  # the camera cannot read this roll: the buttons take it
            if button in ("ok", "back"):
                self.camera_step = None
            return
        if button == "back":
            self.camera_step = None  # enter the faces on the buttons instead
            if step["stage"] == "confirm":  # starting from what the camera read
                self.controller.suggest(list(step["reading"].values))
            return
        if button != "ok":
            return
        if step["stage"] == "waiting":
            reader = self.camera_reader(step["prompt"])
            reading = (
                self.camera_dice.judge_toss(spec)
                if reader == "toss"
                else self.camera_dice.read_roll(spec, reader)
            )
            self.camera_kept = (self.session.game_id, len(self.session.actions), reading)
            if reading.action is None:  # say why on a whole screen; OK: the buttons
                self.camera_step = None
                read = [v for v in reading.values if v in spec.faces]  # (a die with no pip face: None)
                if len(reading.values) > spec.count:
                    read = []  # more dice than rolled: which are they?
                self.controller.suggest(read)
                then = "check them" if read else "enter them"
                self.message = {"title": "Camera unsure", "text": camera_doubt(reading.reasons, then)}
                return
            step.update(stage="confirm", reading=reading)
            return
        action = step["reading"].action
        self.camera_step = None
        self.act(action)

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
        if (
            kept is None
            or kept[:2] != (s.game_id, number)
            or len(s.actions) <= number
            or not s.actions[number].startswith(CHANCE + " ")
        ):
            return
        self.camera_dice.keep_roll(self.frame_name(number), kept[2], s.actions[number].split()[2:])
