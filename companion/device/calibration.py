"""Settings > Calibrate: the guided shots of each face of a die, the empty lid, and the camera
check. A mode of the device: while ``calibration`` is set it takes every press and the panel
shows what it asks for next."""

from __future__ import annotations

import logging

from companion.device.panel_text import fitted

log = logging.getLogger(__name__)

SHOTS_PER_FACE = 3


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


def calibration_ask(c: dict) -> dict:
    """What the calibration asks for next: the empty lid, a look, or a die's face."""
    # each text fits the panel's four lines whole (tests/device/test_camera_dice.py)
    if c["what"] == "look":
        return {
            "title": "Camera check",
            "text": "Roll pip dice where the camera sees them. OK: look. BACK stops.",
        }
    if c["what"] == "lid":
        return {
            "title": "Calibrate the lid",
            "text": "Put the empty box lid where the camera sees it. OK: take it. BACK stops.",
        }
    face = c["faces"][c["index"]]
    return {
        "title": f"{c['what'].capitalize()} die: {face}",
        "text": f"One {c['what']} die, {face.upper()} up (turn it between shots). "
        f"OK: shot {c['shot'] + 1} of {SHOTS_PER_FACE}. BACK stops.",
    }


class Calibration:
    """The device's calibration mode (mixed into DeviceApp: ``calibration``, ``camera_dice``,
    ``settings_game`` and ``say`` are the app's)."""

    SHOTS_PER_FACE = SHOTS_PER_FACE
    calibration: dict | None

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
        message = calibration_ask(c)
        if c.get("failed"):  # the last shot would not do: why, and try again
            message["text"] = fitted("Not taken: ", [c["failed"]], " OK: again. BACK stops.")
        return message

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
                c["done"] = "lid saved" + (
                    "" if ok else ": the uprights were not found, judge tosses by hand"
                )
                return
            face = c["faces"][c["index"]]
            c["shots"].setdefault(face, []).append(frame)
            c["shot"] += 1
            if c["shot"] == SHOTS_PER_FACE:
                c["shot"], c["index"] = 0, c["index"] + 1
            if c["index"] == len(c["faces"]):
                names = self.camera_dice.calibrate_die(c["what"], c["shots"])
                c["done"] = f"{c['what']} die: " + ", ".join(names)
        except ValueError as exc:  # the frames will not do (no green lid in view): said, OK again
            log.warning("calibration of %s: %s", c["what"], exc)
            c["failed"] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a failed shot is said, the rest is kept
            log.exception("calibration")
            c["failed"] = str(exc) or type(exc).__name__
        if c.get("failed") and "faces" in c and c["index"] == len(c["faces"]):
            c.update(index=0, shot=0, shots={})  # the die's shots gave no gallery: from its first face again

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
            c["done"] = fitted("No look: ", [str(exc) or type(exc).__name__])
            return
        from companion.device.camera_dice import values_text

        values = values_text(look["values"])
        tips = [a["short"] for a in look.get("advice", [])]  # what to change about the camera
        if not look["unsure"]:
            n = len(look["values"])
            seen = f"saw {n} {'die' if n == 1 else 'dice'}: {values}, sure"
            c["done"] = fitted(f"{seen}; ", tips) if tips else f"{seen}. OK: done."
        else:
            c["done"] = fitted(f"{values or 'no dice'}: unsure, ", look["reasons"] + tips)
