"""The camera at the table: reads the dice a chance prompt asks for, and judges a die tossed
into the lid (the die kind's reader in the game's registry entry says which).

This is the seam between the referee and vision/: vision knows frames and faces, not rules;
this module knows which die a prompt names and what its faces are called in the pack, and
turns a reading into the action line a person would have typed, or into "unsure" so that the
person is asked instead of the camera guessing.

Calibration lives under the vision directory (``<data dir>/vision`` by default):
``<die>/gallery.npz`` for each icon die kind a game declares (``companion dice calibrate --dice
KIND --gallery DIR/KIND --face NAME IMG... --face NAME IMG...``, or Settings on the device), ``lid.json`` for
the lid a die is tossed into (``companion kick calibrate``) and, optionally, ``tray.json`` (``companion
dice tray``): outside the tray nothing is read.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class CameraReading:
    """What the camera saw for one prompt: an action to confirm, or why it is unsure."""

    action: str | None
    values: list[str] = field(default_factory=list)
    unsure: bool = False
    reasons: list[str] = field(default_factory=list)
    detail: dict = field(default_factory=dict)
    frame: Any = field(default=None, repr=False, compare=False)  # what a pip reading was read from


class CameraDice:
    def __init__(
        self,
        camera: Any,
        directory: Path,
        settle_frames: int = 5,
        timeout_s: float = 4.0,
        clock=time.monotonic,
        keep_frames: int = 0,
    ):
        from companion.device.dice_frames import FrameKeeper

        self.camera = camera
        self.directory = Path(directory)
        self.frames = FrameKeeper(self.directory / "frames", keep_frames)  # [vision] keep_frames
        self.settle_frames = settle_frames
        self.timeout_s = timeout_s
        self.clock = clock
        self._galleries: dict[str, Any] = {}
        self.before: Any = None  # the lid before a toss

    # ------------------------------------------------------------------ frames
    def still_frame(self):
        """A frame once the scene has been still for a moment, confirmed by one more frame."""
        from vision.tray import SettleDetector

        settle = SettleDetector(still_frames=self.settle_frames)
        deadline = self.clock() + self.timeout_s
        frame = None
        while self.clock() < deadline:
            frame = self.camera.read()
            if settle.update(frame):
                return frame, True
        return frame, False

    # ------------------------------------------------------------------ dice
    def gallery(self, die: str):
        if die not in self._galleries:
            from vision.icons import Gallery

            path = self.directory / die / "gallery.npz"
            if not path.exists():
                raise FileNotFoundError(
                    f"the {die} dice are not calibrated yet ({path} is missing): "
                    f"run companion dice calibrate --dice {die} --gallery {path.parent} ..."
                )
            self._galleries[die] = Gallery.load(path)
        return self._galleries[die]

    def before_roll(self, spec: Any, reader: str = "icons") -> str | None:
        """Why the camera cannot read this roll, known before the dice are rolled (an icon die
        kind not calibrated yet), or None."""
        if reader != "icons":
            return None
        if not (self.directory / spec.die / "gallery.npz").exists():
            return f"the {spec.die} dice are not calibrated (Settings)"  # whole on the panel
        try:
            self.gallery(spec.die)
        except Exception as exc:  # noqa: BLE001 - an unreadable gallery: the person enters them
            return str(exc)
        return None

    def read_roll(self, spec: Any, reader: str = "icons") -> CameraReading:
        """Read ``spec.count`` dice of kind ``spec.die`` (only the dice just rolled are in the
        tray): ``reader`` "icons" against the die kind's calibrated gallery, "pips" with the pip
        reader (standard d6, no calibration; a pip die kind with a calibrated gallery has custom
        faces, a skull on the 1: ``vision.custom``). The game's registry entry names the reader."""
        if reader not in ("icons", "pips"):
            return CameraReading(
                None, unsure=True, reasons=[f"the camera cannot read {spec.die or 'this'} dice"]
            )
        try:
            custom = reader == "pips" and spec.die and (self.directory / spec.die / "gallery.npz").exists()
            gallery = self.gallery(spec.die) if reader == "icons" or custom else None
            frame, still = self.still_frame()
        except Exception as exc:  # noqa: BLE001 - a missing camera or calibration: ask the person
            return CameraReading(None, unsure=True, reasons=[str(exc)])
        if frame is None:
            return CameraReading(None, unsure=True, reasons=["the camera gave no frame"])
        if reader == "icons":
            from vision.icons import read_icons

            reading = read_icons(frame, gallery, expected_count=spec.count, roi=self.tray_mask(frame.shape))
        elif gallery is not None:
            from vision.custom import read_dice

            reading = read_dice(frame, gallery, expected_count=spec.count, roi=self.tray_mask(frame.shape))
        else:
            from vision.pips import read_dice

            reading = read_dice(frame, expected_count=spec.count, roi=self.tray_mask(frame.shape))
        values = [None if d.value is None else str(d.value) for d in reading.dice]
        reasons = list(reading.reasons)
        if not still:
            reasons.append("the tray did not settle")
        if None in values:  # a die, but not a pip face (a skull on the 1): the person says
            reasons.append("a die whose face is not a pip face")
        faces = set(spec.faces)
        unknown = [v for v in values if v is not None and v not in faces]
        if unknown:
            reasons.append(f"faces not on this die: {', '.join(sorted(set(unknown)))}")
        if len(values) != spec.count and not reading.unsure:  # every reader, given the count, says so itself
            reasons.append(
                f"saw {len(values)} {'die' if len(values) == 1 else 'dice'}, expected {spec.count}"
            )
        unsure = bool(reading.unsure or reasons)
        action = None if unsure else spec.outcome(values)
        return CameraReading(
            action,
            values,
            unsure,
            reasons,
            reading.to_json(),
            frame=frame if reader == "pips" and self.frames.enabled else None,
        )

    def keep_roll(self, name: str, reading: CameraReading, values: list[str]) -> bool:
        """Keep the frame of a pip roll with the ``values`` the table recorded for it
        (``companion.device.dice_frames``); nothing when ``keep_frames`` is 0."""
        if reading.frame is None or not self.frames.enabled:
            return False
        return self.frames.keep(name, reading.frame, reading.detail.get("dice", []), values)

    def look(self, folder: Path) -> dict[str, Any]:
        """One still frame read as a roll of pip dice would be (the tray, the camera's turn),
        saved beside its annotated reading in ``folder``: what ``companion doctor --look``
        shows a maker setting the camera up, with what to change about the camera
        (``vision.camera_advice``). Raises OSError when the folder cannot be written."""
        import cv2

        from vision.drawing import annotate_dice
        from vision.pips import read_dice

        frame, still = self.still_frame()
        if frame is None:
            raise OSError("the camera gave no frame")
        mask = self.tray_mask(frame.shape)
        reading = read_dice(frame, roi=mask)
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        shot, annotated = folder / "look.png", folder / "look.dice.png"
        for path, image in ((shot, frame), (annotated, annotate_dice(frame, reading))):
            if not cv2.imwrite(str(path), image):
                raise OSError(f"cannot write {path}")
        reasons = list(reading.reasons) + ([] if still else ["the view did not settle"])
        from dataclasses import asdict

        from vision.camera_advice import advice

        return {
            "frame": str(shot),
            "annotated": str(annotated),
            "size": [frame.shape[1], frame.shape[0]],
            "tray": mask is not None,
            "still": still,
            "values": [d.value for d in reading.dice],
            "unsure": bool(reading.unsure or not still),
            "reasons": reasons,
            "advice": [asdict(a) for a in advice(frame, reading.dice)],
        }  # {"short", "text"} each

    def tray_mask(self, shape):
        """The tray floor, when the tray was calibrated; else None (the whole frame)."""
        path = self.directory / "tray.json"
        if not path.exists():
            return None
        from vision.tray import TrayCalibration

        return TrayCalibration.load(path).mask(shape)

    # ------------------------------------------------------------------ calibration
    def calibrate_die(self, die: str, shots: dict[str, list]) -> list[str]:
        """Build and save the gallery of ``die`` from {face name: [frames]}; return its faces."""
        from vision.icons import calibrate

        gallery = calibrate(shots, self.directory / die)
        self._galleries.pop(die, None)
        return list(gallery.names)

    def calibrate_lid(self, empty_lid, camera_height_px: float) -> bool:
        """Locate the green area and the uprights on a frame of the empty lid; save them."""
        from vision.kick import calibrate_lid

        cal = calibrate_lid(empty_lid, camera_height_px)
        self.directory.mkdir(parents=True, exist_ok=True)
        cal.save(self.directory / "lid.json")
        return len(cal.uprights) == 2

    # ------------------------------------------------------------------ the toss into the lid
    def lid(self):
        from vision.kick import LidCalibration

        path = self.directory / "lid.json"
        if not path.exists():
            raise FileNotFoundError(
                f"the lid is not calibrated yet ({path} is missing): run companion kick calibrate"
            )
        return LidCalibration.load(path)

    def before_toss(self) -> str | None:
        """Remember the empty lid; return why not, if the camera cannot."""
        try:
            self.lid()
            self.before, _ = self.still_frame()
        except Exception as exc:  # noqa: BLE001
            self.before = None
            return str(exc)
        return None

    def judge_toss(self, spec: Any) -> CameraReading:
        if self.before is None:
            return CameraReading(None, unsure=True, reasons=["no picture of the lid before the toss"])
        try:
            cal = self.lid()
            after, still = self.still_frame()
        except Exception as exc:  # noqa: BLE001
            return CameraReading(None, unsure=True, reasons=[str(exc)])
        from vision.kick import judge

        verdict = judge(self.before, after, cal)
        self.before = None
        detail = verdict.to_json()
        if verdict.verdict not in ("good", "no_good") or not still:
            why = "too close to call" if verdict.verdict == "too_close" else f"verdict {verdict.verdict}"
            return CameraReading(
                None,
                unsure=True,
                reasons=[why + ("" if still else "; the lid did not settle")],
                detail=detail,
            )
        value = "good" if verdict.verdict == "good" else "no-good"
        return CameraReading(spec.outcome([value]), [value], False, [], detail)


def values_text(values: list) -> str:
    """A reading's values as the panel and doctor show them: "6 4 ?" (?: no pip face)."""
    return " ".join("?" if v is None else str(v) for v in values)


def use_table_models(directory: Path) -> list[Path]:
    """Read the dice with the networks in ``<vision dir>/models/`` when it holds any: a face
    network taught this table's kept frames (docs/vision.md, "Teaching the reader your table").
    A file that is not such a network raises ValueError naming it; the shipped ones then read."""
    folder = Path(directory) / "models"
    if not folder.is_dir():
        return []
    from vision import net

    return net.use_models(folder)


def vision_report(directory: Path, dice: tuple[str, ...] = ()) -> dict[str, Any]:
    """What ``companion doctor`` says about vision: OpenCV, the dice models, the calibrations
    (``dice``: the icon die kinds to look for, from the game's registry entry)."""
    try:
        import cv2
    except ImportError as exc:
        return {
            "ok": False,
            "error": f"OpenCV is missing ({exc}): apt install python3-opencv, "
            f"or pip install the 'vision' extra",
        }
    from vision import net

    out: dict[str, Any] = {"ok": True, "opencv": cv2.__version__}
    try:
        taught = net.check_models(Path(directory) / "models")  # {} when there is none
        if taught:
            out["table_models"] = [str(p) for p in taught.values()]
    except ValueError as exc:
        out["ok"] = False
        out["table_models"] = f"error: {exc}"
    try:
        net.DiceNet(net.DETECTOR, net.FACE)
        out["dice_models"] = "loaded"
    except Exception as exc:  # a missing or unreadable model: say which and why
        out["ok"] = False
        out["dice_models"] = f"error: {exc}"
    out["calibrations"] = {
        name: (Path(directory) / name).exists()
        for name in [f"{d}/gallery.npz" for d in dice] + ["lid.json", "tray.json"]
    }
    kept = Path(directory) / "frames" / "labels.csv"
    if kept.exists():
        from companion.device.dice_frames import FrameKeeper

        try:
            out["kept_frames"] = len(FrameKeeper(kept.parent, 0).labels())
        except ValueError as exc:  # the device keeps no more until it is mended
            out["ok"] = False
            out["kept_frames"] = f"error: {exc}"
    out["directory"] = str(directory)
    return out
