"""The camera at the table: the session's dice prompts and the skill kick answered from frames,
confirmed on the buttons, journaled like any action; unsure readings fall back to the buttons."""

from collections import Counter

import numpy as np
import pytest

from companion.device import panel_text
from companion.device.app import DeviceApp
from companion.device.camera_dice import CameraDice
from companion.engine.core import Header
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import ButtonEvent, open_display
from vision import icons, kick, synth

WHITE = ["ball", "cleat", "time", "lightning"]


class StillCamera:
    """A camera whose picture the test changes (the dice thrown, the die tossed)."""

    def __init__(self, frame):
        self.frame = frame

    def read(self):
        return self.frame.copy()

    def close(self):
        pass


@pytest.fixture(scope="module")
def vision_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("vision")
    shots = {
        name: frames
        for name, frames in synth.icon_calibration_shots("offense", seed=3, face_px=80).items()
        if name in WHITE
    }
    icons.calibrate(shots, d / "white")
    return d


def six_dice_scene(vision_dir=None):
    """Six white dice; with ``vision_dir``, one the camera reads with confidence (accuracy is
    measured by bench/eval_dice.py: here the point is what the referee does with a reading)."""
    from companion.engine.core import ChanceSpec

    spec = ChanceSpec("roll", tuple(WHITE), 6, die="white")
    for seed in range(200):
        scene = synth.dice_scene(seed, kind="icons-offense", face_px=80, n_dice=6, effects=False)
        values = [d["value"] if isinstance(d, dict) else d.value for d in scene.dice]
        if len(values) != 6 or not all(v in WHITE for v in values):
            continue
        if vision_dir is None or CameraDice(StillCamera(scene.image), vision_dir).read_roll(spec).action:
            return scene, values
    raise AssertionError("no synthetic scene with six white dice")


def press(app, *buttons):
    for b in buttons:
        app.handle(ButtonEvent(b, "press", 0.0))
        app.handle(ButtonEvent(b, "release", 0.0))


def read_the_reveal(app):
    """The defense card's reveal is shown first; OK reads it, then the camera asks for the roll."""
    assert app.model()["screen"] == "result"
    press(app, "ok")


def game_at_a_roll(tmp_path, camera, vision_dir, kicking="luck"):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(camera, vision_dir, timeout_s=2.0),
    )
    session.new_game(
        Header(
            "dungeon-ball",
            seed=1,
            options={"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": kicking, "p2": "luck"}},
        )
    )
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        session.submit(a)
    app.menu = None
    app.after_change()
    return session, app


def at_the_six_dice_roll(tmp_path, frame, vision_dir):
    """A game at the yellow play against red: the camera asks for six white dice."""
    session, app = game_at_a_roll(tmp_path, StillCamera(frame), vision_dir)
    session.submit("p2 defend red-1")
    app.act("p1 move down")
    read_the_reveal(app)
    return session, app


def test_the_camera_reads_the_roll_and_ok_accepts_it(tmp_path, vision_dir):
    scene, truth = six_dice_scene(vision_dir)
    camera = StillCamera(scene.image)
    session, app = game_at_a_roll(tmp_path, camera, vision_dir)
    session.submit("p2 defend red-1")
    app.act("p1 move down")  # a yellow play against red: six dice
    read_the_reveal(app)
    assert app.camera_step["stage"] == "waiting"
    assert "Roll 6 white dice" in app.model()["message"]["text"]
    press(app, "ok")  # read
    assert app.camera_step["stage"] == "confirm", app.message
    assert Counter(app.camera_step["reading"].values) == Counter(truth)
    assert app.model()["ui"]["entered"] == app.camera_step["reading"].values
    press(app, "ok")  # accept
    last = session.journal.actions(session.game_id)[-1]
    assert last.startswith("chance roll ") and Counter(last.split()[2:]) == Counter(truth)


def test_back_enters_the_dice_on_the_buttons_instead(tmp_path, vision_dir):
    scene, _ = six_dice_scene()
    session, app = game_at_a_roll(tmp_path, StillCamera(scene.image), vision_dir)
    session.submit("p2 defend red-1")
    app.act("p1 move down")
    read_the_reveal(app)
    press(app, "back")
    assert app.camera_step is None and app.controller.ui["mode"] == "chance"
    first_face = app.controller.ui["faces"][0]
    press(app, *["ok"] * 6)  # six times the first face
    assert session.journal.actions(session.game_id)[-1] == "chance roll " + " ".join([first_face] * 6)


def test_an_unsure_reading_asks_the_person(tmp_path, vision_dir):
    empty = np.full((720, 960, 3), 90, np.uint8)  # nothing in the tray
    session, app = game_at_a_roll(tmp_path, StillCamera(empty), vision_dir)
    session.submit("p2 defend red-1")
    app.act("p1 move down")
    read_the_reveal(app)
    n = len(session.actions)
    press(app, "ok")
    said = app.message or {}
    assert app.camera_step is None and said.get("title") == "Camera unsure"
    assert "no dice found" in said["text"] and said["text"].endswith("OK: enter them.")  # why, and what now
    press(app, "ok")  # the message read: the buttons take over
    assert app.message is None
    assert app.controller.ui["mode"] == "chance" and len(session.actions) == n  # nothing guessed


def test_the_reasons_that_fit_the_panel_are_said_whole():
    from companion.device.panel_text import camera_doubt as _camera_doubt

    assert _camera_doubt(["found 5 dice, expected 2"]) == "found 5 dice, expected 2. OK: enter them."
    two = _camera_doubt(["no dice found", "found 0 dice, expected 2", "the tray did not settle"])
    assert two == "no dice found; found 0 dice, expected 2. OK: enter them."  # the third does not fit
    long = _camera_doubt(["the white dice are not calibrated yet (/var/lib/x/white/gallery.npz is missing)"])
    assert long == "the white dice are not calibrated yet. OK: enter them."  # cut at a word


def test_missing_calibration_is_said_before_the_roll_and_the_buttons_take_over(tmp_path):
    """Uncalibrated icon dice are said before the table rolls into the tray (not after it has,
    and OK asked the camera), with where to calibrate them, whole on the panel; OK leaves the
    dice to the buttons."""
    scene, _ = six_dice_scene()
    session, app = game_at_a_roll(tmp_path, StillCamera(scene.image), tmp_path / "nothing-here")
    session.submit("p2 defend red-1")
    app.act("p1 move down")
    read_the_reveal(app)
    said = app.model()["message"]  # not "Roll 6 white dice in the tray"
    assert said == {
        "title": "Camera unsure",
        "text": "the white dice are not calibrated (Settings). OK: enter them.",
    }
    assert _whole_on_the_panel(said), said
    press(app, "ok")
    assert app.camera_step is None and app.model()["ui"]["mode"] == "chance"  # the faces, on the buttons


def test_the_camera_judges_the_skill_kick(tmp_path):
    ref, _ = synth.lid_reference(0)
    sc = synth.kick_scene(0, "in", post="left", y_frac=0.5)
    vision_dir = tmp_path / "vision"
    vision_dir.mkdir()
    kick.calibrate_lid(ref, sc.lid["camera_height_px"]).save(vision_dir / "lid.json")
    camera = StillCamera(sc.before)
    session, app = game_at_a_roll(tmp_path, camera, vision_dir, kicking="skill")
    from companion.games.dungeon_ball import flow

    session.state.ball, session.state.stack = 6, []
    flow.start_down(session.engine, session.state, [])
    session.engine._settle(session.state, [])
    app.act("p1 field-goal")  # the lid is photographed before the toss
    assert app.camera_step["stage"] == "waiting" and "Toss" in app.model()["message"]["text"]
    camera.frame = sc.after  # the die lands
    press(app, "ok")
    assert app.camera_step["stage"] == "confirm", app.message
    press(app, "ok")
    assert session.journal.actions(session.game_id)[-1] == "chance toss good"
    assert session.state.player("p1").score == 3


def test_a_skill_kick_without_a_calibrated_lid_says_so_and_the_buttons_take_over(tmp_path):
    sc = synth.kick_scene(0, "in", post="left", y_frac=0.5)
    session, app = game_at_a_roll(tmp_path, StillCamera(sc.before), tmp_path / "no-lid", kicking="skill")
    from companion.games.dungeon_ball import flow

    session.state.ball, session.state.stack = 6, []
    flow.start_down(session.engine, session.state, [])
    session.engine._settle(session.state, [])
    app.act("p1 field-goal")
    said = app.model()["message"]
    assert app.camera_step is None and said["title"] == "Camera unsure"
    assert said["text"] == "the lid is not calibrated yet. OK: say where it fell."
    press(app, "ok")
    assert app.message is None and app.controller.ui["mode"] == "chance"


def test_the_device_asks_for_each_face_in_turn_and_then_reads_that_die(tmp_path):
    shots = synth.icon_calibration_shots("offense", seed=5, face_px=80, shots=3)
    camera = StillCamera(shots["ball"][0])
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(camera, tmp_path / "vision", timeout_s=2.0),
    )
    app.menu_choice("settings")
    app.menu_choice("calibrate-white")
    asked = []
    while "done" not in app.calibration:
        face = app.calibration["faces"][app.calibration["index"]]
        shot = app.calibration["shot"]
        asked.append(app.model()["message"]["title"])
        camera.frame = shots[face][shot]  # the player puts the die as asked
        press(app, "ok")
    assert asked[0] == "White die: ball" and len(asked) == 4 * 3  # four faces, three shots each
    assert (tmp_path / "vision" / "white" / "gallery.npz").exists()
    assert app.calibration["done"] == "white die: ball, cleat, time, lightning"
    press(app, "ok")
    assert app.calibration is None


def test_the_lid_is_calibrated_once_from_the_empty_lid(tmp_path):
    ref, _ = synth.lid_reference(2)
    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")),
        open_display({"type": "null"}),
        camera_dice=CameraDice(StillCamera(ref), tmp_path / "vision", timeout_s=2.0),
    )
    app.calibration_begin("lid")
    assert "empty box lid" in app.model()["message"]["text"]
    press(app, "ok")
    assert app.calibration["done"] == "lid saved"
    lid = kick.LidCalibration.load(tmp_path / "vision" / "lid.json")
    assert len(lid.uprights) == 2 and lid.camera_height_px == app.camera_height_px


def test_a_lid_not_in_view_is_said_on_the_panel_and_ok_tries_again(tmp_path, caplog):
    """Calibrate the lid with dice in view instead of the lid: the panel says why, whole, and
    nothing is saved; with the lid in view, OK again calibrates it."""
    ref, _ = synth.lid_reference(2)
    camera = StillCamera(synth.dice_scene(3, kind="pips", face_px=72, n_dice=2, effects=False).image)
    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")),
        open_display({"type": "null"}),
        camera_dice=CameraDice(camera, tmp_path / "vision", timeout_s=2.0),
    )
    app.calibration_begin("lid")
    press(app, "ok")
    text = app.model()["message"]["text"]
    assert text == "Not taken: no green lid in view. OK: again. BACK stops.", text
    assert panel_text.fits_the_panel(text)
    assert not (tmp_path / "vision" / "lid.json").exists() and app.calibration is not None
    assert "Traceback" not in caplog.text  # a frame that will not do is no fault
    camera.frame = ref
    press(app, "ok")
    assert app.calibration["done"] == "lid saved"
    assert (tmp_path / "vision" / "lid.json").exists()


def test_a_die_calibration_whose_shots_show_no_die_asks_for_them_again(tmp_path):
    """Every shot of a white die taken of an empty table: the gallery cannot be made. The
    panel says so and the device asks for the die's first face again, nothing saved."""
    camera = StillCamera(np.full((480, 640, 3), 120, np.uint8))
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(camera, tmp_path / "vision", timeout_s=2.0),
    )
    app.menu_choice("settings")
    app.menu_choice("calibrate-white")
    for _ in range(4 * app.SHOTS_PER_FACE):
        press(app, "ok")
    message = app.model()["message"]
    assert message["title"] == "White die: ball" and message["text"].startswith("Not taken: no die found")
    assert message["text"].endswith("OK: again. BACK stops.") and panel_text.fits_the_panel(message["text"])
    assert (app.calibration["index"], app.calibration["shot"], app.calibration["shots"]) == (0, 0, {})
    assert not (tmp_path / "vision" / "white" / "gallery.npz").exists()
    press(app, "ok")  # the first shot again
    assert app.calibration["shot"] == 1 and "failed" not in app.calibration


def test_a_pip_die_kind_is_read_by_the_pip_reader_without_calibration(tmp_path):
    from companion.engine.core import ChanceSpec

    faces = tuple(str(v) for v in range(1, 7))
    spec = ChanceSpec("roll", faces, 3, die="d6")
    for seed in range(100):
        scene = synth.dice_scene(seed, kind="pips", face_px=72, n_dice=3, effects=False)
        want = sorted(str(d["value"] if isinstance(d, dict) else d.value) for d in scene.dice)
        reading = CameraDice(StillCamera(scene.image), tmp_path / "no-galleries").read_roll(spec, "pips")
        if reading.action is not None:
            break
    else:
        raise AssertionError("the pip reader was sure of no synthetic tray")
    assert sorted(reading.values) == want and reading.action == spec.outcome(reading.values)
    icons_reading = CameraDice(StillCamera(scene.image), tmp_path / "no-galleries").read_roll(spec, "icons")
    assert icons_reading.action is None and "not calibrated" in icons_reading.reasons[0]


def test_settings_offer_to_calibrate_the_icon_dice_of_the_game(tmp_path, monkeypatch):
    from companion.engine.registry import get_game
    from tests.toygame.testing import use_toy

    use_toy(monkeypatch)
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(StillCamera(np.zeros((8, 8, 3), np.uint8)), tmp_path / "vision"),
    )
    app.default_game = "dungeon-ball"
    app.menu_choice("settings")
    game = get_game("dungeon-ball")
    want = [f"calibrate-{k.name}" for k in game.die_kinds if k.reader == "icons"] + [
        "calibrate-lid",
        "calibrate-look",
    ]
    assert [it["id"] for it in app.menu.items][1:] == [*want, "hints"]  # the odds advisor's setting last
    app.default_game = "toy"  # no icon dice, no lid: only the camera check
    app.menu_choice("back")
    app.menu_choice("settings")
    assert [it["id"] for it in app.menu.items] == ["dice", "calibrate-look", "hints"]


def _camera_check(tmp_path, frame):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(StillCamera(frame), tmp_path / "vision", settle_frames=2),
    )
    app.menu_choice("settings")
    app.menu_choice("calibrate-look")
    asked = app.model()["message"]
    assert asked["title"] == "Camera check" and "OK: look" in asked["text"]
    press(app, "ok")
    return app, app.model()["message"]


def test_the_camera_check_says_what_it_saw_and_keeps_the_frame(tmp_path):
    """Settings > Camera check: the dice in view read as a roll would be, said on the panel,
    the frame and its annotated reading kept in the vision folder; OK leaves."""
    scene = synth.dice_scene(seed=21, kind="pips", face_px=72, n_dice=3, size=(960, 720), effects=False)
    app, said = _camera_check(tmp_path, scene.image)
    values = sorted(str(d["value"]) for d in scene.dice)
    assert said["title"] == "Camera check" and said["text"].startswith("saw 3 dice: ")
    assert said["text"].endswith(", sure. OK: done.")
    assert (
        sorted(said["text"].removeprefix("saw 3 dice: ").removesuffix(", sure. OK: done.").split()) == values
    )
    assert (tmp_path / "vision" / "look" / "look.png").exists() and (
        tmp_path / "vision" / "look" / "look.dice.png"
    ).exists()
    press(app, "ok")
    assert app.calibration is None and app.model()["screen"] == "menu"


def test_the_camera_check_says_what_to_change_about_the_camera(tmp_path):
    """A dim frame read surely: the verdict, then the camera's advice, whole on the panel."""
    scene = synth.dice_scene(seed=21, kind="pips", face_px=72, n_dice=3, size=(960, 720), effects=False)
    app, said = _camera_check(tmp_path, (scene.image.astype(np.float32) * 0.5).astype(np.uint8))
    assert said["text"].startswith("saw 3 dice: ") and said["text"].endswith(
        ", sure; dim: more light. OK: done."
    )
    assert _whole_on_the_panel(said)


class BrokenCamera:
    def read(self):
        from drivers.errors import CameraError

        raise CameraError(
            "picamera2: camera __init__ sequence did not complete: the ribbon cable may be loose "
            "or the camera is in use by another process"
        )

    def close(self):
        pass


def test_the_camera_check_of_a_camera_that_gives_no_frame_says_so_whole(tmp_path):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(BrokenCamera(), tmp_path / "vision", settle_frames=2),
    )
    app.menu_choice("settings")
    app.menu_choice("calibrate-look")
    press(app, "ok")
    said = app.calibration_message()
    assert said["text"].startswith("No look: picamera2: camera") and said["text"].endswith(". OK: done.")
    assert _whole_on_the_panel(said), said
    assert not (tmp_path / "vision" / "look" / "look.png").exists()


def test_the_camera_check_says_why_it_is_unsure(tmp_path):
    app, said = _camera_check(tmp_path, np.full((480, 640, 3), (196, 200, 204), np.uint8))  # an empty table
    assert said["text"] == "no dice: unsure, no dice found. OK: done."
    press(app, "back")
    assert app.calibration is None


def test_a_die_that_is_not_a_pip_face_is_asked_of_the_person(tmp_path):
    """A skull on the 1: the reader says "a die, but no pip face"; the person enters it."""
    from companion.engine.core import ChanceSpec

    img = np.full((240, 600, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate([2, "lightning", 5]):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 0.0, c, 1e6)
    spec = ChanceSpec("roll", tuple(str(v) for v in range(1, 7)), 3, die="d6")
    reading = CameraDice(StillCamera(img), tmp_path / "no-galleries").read_roll(spec, "pips")
    assert reading.action is None and reading.unsure
    assert None in reading.values and "a die whose face is not a pip face" in reading.reasons
    assert not any("None" in r for r in reading.reasons)


def test_a_miscount_is_said_once(tmp_path):
    """The reader, told how many dice were rolled, says a miscount itself; the camera's own
    check does not say it a second time in other words (the panel has three lines)."""
    from companion.engine.core import ChanceSpec

    img = np.full((240, 600, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate([2, 5]):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 0.0, c, 1e6)
    spec = ChanceSpec("roll", tuple(str(v) for v in range(1, 7)), 3, die="d6")
    reading = CameraDice(StillCamera(img), tmp_path / "no-galleries").read_roll(spec, "pips")
    assert reading.action is None and sorted(reading.values) == ["2", "5"]
    assert [r for r in reading.reasons if "expected" in r] == ["found 2 dice, expected 3"]


def test_a_pip_die_with_a_calibrated_custom_face_reads_it(tmp_path):
    """The same skull on the 1, once its face is calibrated for the die kind (named by the
    value it stands for): the device reads the roll without asking."""
    from companion.engine.core import ChanceSpec

    img = np.full((240, 600, 3), (150, 150, 150), np.uint8)
    for k, v in enumerate([2, "lightning", 5]):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 0.0, c, 1e6)
    shots = []
    for k in range(3):
        shot = np.full((320, 320, 3), (150, 150, 150), np.uint8)
        synth.draw_die(shot, "lightning", "white", (150 + 10 * k, 160), 72, 25.0 * k, (160, 160), 1e6)
        shots.append(shot)
    camera = CameraDice(StillCamera(img), tmp_path / "vision")
    assert camera.calibrate_die("d6", {"1": shots}) == ["1"]
    spec = ChanceSpec("roll", tuple(str(v) for v in range(1, 7)), 3, die="d6")
    reading = camera.read_roll(spec, "pips")
    assert not reading.unsure, reading.reasons
    assert sorted(reading.values) == ["1", "2", "5"] and reading.action == spec.outcome(reading.values)


def _drawn_texts(monkeypatch, model):
    """Every string a screen draws."""
    from companion.ui import draw, render

    said = []
    real = draw.Canvas.text

    def record(self, x, y, s, *args, **kwargs):
        said.append(s)
        return real(self, x, y, s, *args, **kwargs)

    monkeypatch.setattr(draw.Canvas, "text", record)
    render(model)
    return said


def test_the_confirm_screen_says_the_camera_read_the_dice(tmp_path, vision_dir, monkeypatch):
    """Not the hand-entry screen with a face under a cursor: what the camera read, to accept."""
    scene, truth = six_dice_scene(vision_dir)
    session, app = game_at_a_roll(tmp_path, StillCamera(scene.image), vision_dir)
    session.submit("p2 defend red-1")
    app.act("p1 move down")
    read_the_reveal(app)
    press(app, "ok")
    said = _drawn_texts(monkeypatch, app.model())
    assert "The camera read:" in said and "6 white dice" in said, said
    assert "OK next BACK undo" not in said


def at_a_2d6_roll(session):
    """Play Dungeonbowl's legal actions at random (seeded) up to a plain 2d6 roll at the table
    (an armour or an injury roll; not the roll-off, whose dice are each a player's own)."""
    import random

    for i in range(3000):
        c = session.prompt().chance
        if c is not None and c.die == "d6" and c.count == 2 and not c.ordered and c.by == "table":
            return
        legal = session.engine.legal_actions(session.state)
        assert legal, "the game ended before a 2d6 roll"
        session.submit(random.Random(i).choice(legal))
    raise AssertionError("no 2d6 roll in 3000 random actions")


def test_the_confirm_screen_of_a_pip_roll_says_the_camera_read_it(tmp_path, monkeypatch):
    """A Dungeonbowl 2d6 roll on the generic screens, read by the pip reader."""
    from companion.engine.core import ChanceSpec

    spec = ChanceSpec("roll", tuple("123456"), 2, die="d6")
    for seed in range(100):
        scene = synth.dice_scene(seed, kind="pips", face_px=72, n_dice=2, effects=False)
        if CameraDice(StillCamera(scene.image), tmp_path / "v").read_roll(spec, "pips").action:
            break
    else:
        raise AssertionError("the pip reader was sure of no synthetic pair")
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(StillCamera(scene.image), tmp_path / "v", timeout_s=2.0),
    )
    session.new_game(Header("dungeonbowl", seed=1))
    at_a_2d6_roll(session)
    app.menu = None
    app.after_change()
    assert "Roll 2 d6 dice" in app.model()["message"]["text"]
    press(app, "ok")
    assert app.camera_step["stage"] == "confirm", app.message
    said = _drawn_texts(monkeypatch, app.model())
    assert "The camera read:" in said and "2 d6 dice" in said, said
    assert "OK next BACK undo" not in said


def test_an_unsure_reading_starts_the_buttons_on_the_faces_it_read(tmp_path, vision_dir):
    """Five of six dice in view: the camera is unsure (one die missing), and asks. The buttons
    start each value on the face it read, so the five take one OK each; nothing is entered
    without an OK, and the sixth is the person's own."""
    scene, _ = six_dice_scene(vision_dir)
    frame = scene.image.copy()
    x, y, w, h = (int(v) for v in scene.dice[0]["box"])
    floor = tuple(int(c) for c in np.median(frame.reshape(-1, 3), axis=0))
    frame[max(0, y - 8) : y + h + 8, max(0, x - 8) : x + w + 8] = floor  # one die taken away
    session, app = at_the_six_dice_roll(tmp_path, frame, vision_dir)
    n = len(session.actions)
    reading = app.camera_dice.read_roll(session.prompt().chance, "icons")
    assert reading.action is None and len(reading.values) == 5, reading.reasons
    press(app, "ok")
    assert app.message["title"] == "Camera unsure" and app.message["text"].endswith("OK: check them.")
    press(app, "ok")  # the message read: the buttons, with the hints
    assert len(session.actions) == n  # nothing entered yet
    shown = []
    for _ in range(5):
        ui = app.controller.ui
        shown.append(ui["faces"][ui["face"]])
        press(app, "ok")
    assert shown == reading.values  # each value started on the face read
    press(app, "down", "ok")  # the sixth: the person's choice
    last = session.journal.actions(session.game_id)[-1]
    assert last.split()[2:7] == reading.values and len(last.split()) == 8


def test_back_on_a_sure_reading_fixes_it_starting_from_the_faces_read(tmp_path, vision_dir):
    scene, _ = six_dice_scene(vision_dir)
    session, app = at_the_six_dice_roll(tmp_path, scene.image, vision_dir)
    press(app, "ok")
    values = list(app.camera_step["reading"].values)
    press(app, "back")  # fix: the buttons, from the reading
    assert app.camera_step is None
    ui = app.controller.ui
    assert ui["mode"] == "chance" and ui["faces"][ui["face"]] == values[0]
    press(app, *["ok"] * 6)
    assert session.journal.actions(session.game_id)[-1] == "chance roll " + " ".join(values)


def test_a_roll_off_is_entered_on_the_buttons_since_the_camera_cannot_tell_whose_die_is_whose(
    tmp_path, monkeypatch
):
    """Dungeonbowl's roll-off: P1's d6, then P2's. Two alike dice in the tray say nothing of
    whose each is, so the camera does not answer it (a reading in its own order would hand
    one player the other's die); the buttons ask for each in turn, under a title that says
    whose comes first, whole."""
    scene, _ = six_dice_scene()
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(StillCamera(scene.image), tmp_path, timeout_s=2.0),
    )
    session.new_game(Header("dungeonbowl", seed=1))
    app.menu = None
    app.after_change()
    prompt = session.prompt()
    assert prompt.chance.ordered and prompt.chance.count == 2 and prompt.text == "roll-off: P1, then P2"
    assert app.camera_step is None and app.camera_reader(prompt) == "none"
    ui = app.controller.ui
    assert ui["mode"] == "chance" and ui["count"] == 2
    assert prompt.text in _drawn_texts(monkeypatch, app.model())  # the title, not cut
    press(app, "down", "down", "ok", "ok")  # P1's 3, then P2's 3: a tie, rolled again
    assert session.journal.actions(session.game_id)[-1] == "chance roll 3 3"


def _whole_on_the_panel(message: dict) -> bool:
    """The panel's message screen shows this title and text without cutting either: four body
    lines under a one-line bold title (``companion.ui.menus.message``)."""
    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    return (
        fonts.bold().measure(message["title"]) <= W - 4
        and len(wrap(message["text"], fonts.body(), W - 4)) <= 4
    )


def test_every_calibration_and_camera_check_text_fits_the_panel_whole(tmp_path):
    """A cut text lost "then press OK. Shot 1 of 3" from the dice calibration's prompt."""
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    frame = synth.dice_scene(seed=21, kind="pips", face_px=72, n_dice=3, size=(960, 720), effects=False).image
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(StillCamera(frame), tmp_path / "vision", settle_frames=2),
    )
    app.default_game = "dungeon-ball"
    seen = []
    for what in ("white", "black", "lid", "look"):
        app.calibration_begin(what)
        seen.append(app.calibration_message())
        if what == "white":
            app.calibration["shot"] = 2
            seen.append(app.calibration_message())
        app.calibration = None
    app.calibration_begin("look")
    press(app, "ok")
    seen.append(app.calibration_message())
    for many in (
        ["1 die read with low confidence", "2 die-like spots not read as dice", "the view did not settle"],
        ["no dice found"],
    ):
        app.calibration = {"what": "look"}
        app.camera_dice.look = lambda folder, r=many: {
            "values": [6, 4, None, 2, 5],
            "unsure": True,
            "reasons": r,
        }
        app.camera_look()
        seen.append(app.calibration_message())
    assert len(seen) == 8 and "OK: shot 3 of 3" in seen[1]["text"]
    for message in seen:
        assert _whole_on_the_panel(message), message
        assert "OK" in message["text"]
