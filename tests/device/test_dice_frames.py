"""The table's own labelled frames ([vision] keep_frames, companion/device/dice_frames.py): each pip
roll the camera read is kept with the values the table recorded (confirmed, entered instead,
or corrected later), in the layout bench/eval_dice.py --folder and bench/vision_train_net.py
--table read."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.device.app import DeviceApp
from companion.device.camera_dice import CameraDice
from companion.device.dice_frames import FrameKeeper, assign_boxes
from companion.engine.core import ChanceSpec, Header
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import open_display
from tests.device.test_camera_dice import StillCamera, at_a_2d6_roll, press
from vision import synth

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

D6 = ChanceSpec("roll", tuple("123456"), 2, die="d6")


def die(value, x, conf=0.95):
    return {"value": value, "box": [x, 10, 20, 20], "confidence": conf}


@pytest.mark.parametrize(
    "read, recorded, boxes",
    [
        ([die(3, 0), die(5, 40)], [3, 5], {0: 3, 40: 5}),  # confirmed as read
        ([die(3, 0), die(5, 40)], [3, 6], {0: 3, 40: 6}),  # one die re-valued
        ([die(None, 0), die(5, 40)], [2, 5], {0: 2, 40: 5}),  # "not a pip face" was a 2
        ([die(3, 0), die(3, 40)], [4, 4], {0: 4, 40: 4}),  # both wrong, one value for both
        ([die(3, 0), die(3, 40)], [4, 5], None),  # which 3 was the 4?
        ([die(3, 0)], [3, 5], None),  # a die missed: no box for it
        ([die(3, 0), die(5, 40)], [0, 5], None),  # a skull has no pip class
    ],
)
def test_boxes_are_given_only_where_it_is_certain_which_holds_which_value(read, recorded, boxes):
    got = assign_boxes(read, recorded)
    assert (None if got is None else {box[0]: v for v, box in got}) == boxes


def test_a_hesitant_die_takes_the_corrected_value_not_a_sure_one():
    """Read 5 (sure) and 5 (hesitant), recorded 5 and 2: the hesitant box is the 2."""
    got = assign_boxes([die(5, 0, 0.62), die(5, 40, 0.99)], [2, 5])
    assert {box[0]: v for v, box in got} == {0: 2, 40: 5}


def frame(seed=21):
    return synth.dice_scene(seed=seed, kind="pips", face_px=72, n_dice=2, size=(640, 480), effects=False)


def test_a_kept_frame_reads_like_the_shared_sets(tmp_path):
    """images/, labels.csv and labels_yolo/ as ../shared/data's sets: eval_dice reads them back."""
    import eval_dice

    scene = frame()
    read = [
        {"value": int(d["value"]), "box": [int(v) for v in d["box"]], "confidence": 0.99} for d in scene.dice
    ]
    keeper = FrameKeeper(tmp_path / "frames", limit=10)
    assert keeper.keep("game1-00aa01-0007", scene.image, read, [str(d["value"]) for d in scene.dice])
    rows = list(csv.DictReader((tmp_path / "frames" / "labels.csv").open()))
    truth = sorted(int(d["value"]) for d in scene.dice)
    assert rows == [{"image": "images/game1-00aa01-0007.jpg", "die_values": " ".join(map(str, truth))}]
    [(name, img, gt)] = list(eval_dice.folder_items(tmp_path / "frames"))
    assert img.shape == scene.image.shape
    assert sorted(v for v, _ in gt) == truth
    for (v, (x, y, w, h)), d in zip(gt, read):
        assert v == d["value"] and np.allclose([x, y, w, h], d["box"], atol=0.01)
    assert not list((tmp_path / "frames").rglob("*.tmp"))


def test_the_newest_frames_are_kept_and_the_oldest_dropped(tmp_path):
    keeper = FrameKeeper(tmp_path, limit=2)
    img = np.full((48, 64, 3), 90, np.uint8)
    for k in range(3):
        assert keeper.keep(f"f{k}", img, [die(k + 1, 0)], [str(k + 1)])
    assert keeper.labels() == {"f1": [2], "f2": [3]}
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == ["f1.jpg", "f2.jpg"]
    assert (
        not (tmp_path / "labels_yolo" / "f0.txt").exists()
        and not (tmp_path / "readings" / "f0.json").exists()
    )


def test_a_correction_relabels_the_frame_and_its_boxes(tmp_path):
    keeper = FrameKeeper(tmp_path, limit=5)
    img = np.zeros((100, 100, 3), np.uint8)
    keeper.keep("f", img, [die(3, 0), die(5, 40)], ["3", "5"])
    assert keeper.relabel("f", ["3", "6"])
    assert keeper.labels() == {"f": [3, 6]}
    classes = sorted(
        int(line.split()[0]) for line in (tmp_path / "labels_yolo" / "f.txt").read_text().split("\n") if line
    )
    assert classes == [2, 5]
    assert keeper.relabel("f", ["1", "2"])  # neither as read: which box is which is unknown
    assert keeper.labels() == {"f": [1, 2]} and not (tmp_path / "labels_yolo" / "f.txt").exists()
    assert not keeper.relabel("never-kept", ["1", "1"])


def test_nothing_is_kept_when_off_or_when_the_folder_cannot_be_written(tmp_path, caplog):
    img = np.zeros((10, 10, 3), np.uint8)
    assert not FrameKeeper(tmp_path / "off", limit=0).keep("f", img, [], ["1"])
    assert not (tmp_path / "off").exists()
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert not FrameKeeper(blocked, limit=3).keep("f", img, [], ["1"])  # said in the log, not raised
    assert "cannot keep f" in caplog.text and blocked.read_text() == "not a folder"


# ---------------------------------------------------------------------- on the device


def sure_pair():
    for seed in range(100):
        scene = synth.dice_scene(seed, kind="pips", face_px=72, n_dice=2, effects=False)
        if CameraDice(StillCamera(scene.image), Path("/nonexistent")).read_roll(D6, "pips").action:
            return scene
    raise AssertionError("the pip reader was sure of no synthetic pair")


def device_at_a_roll(tmp_path, image, keep_frames=50):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="camera")
    app = DeviceApp(
        session,
        open_display({"type": "null"}),
        seed_source=lambda: 1,
        camera_dice=CameraDice(
            StillCamera(image), tmp_path / "vision", timeout_s=2.0, keep_frames=keep_frames
        ),
    )
    session.new_game(Header("dungeonbowl", seed=1))
    at_a_2d6_roll(session)
    app.menu = None
    app.after_change()
    return session, app


def test_a_confirmed_roll_is_kept_with_its_values(tmp_path):
    scene = sure_pair()
    session, app = device_at_a_roll(tmp_path, scene.image)
    seq = len(session.actions)
    press(app, "ok", "ok")  # read, accept
    recorded = session.actions[seq].split()[2:]
    keeper = app.camera_dice.frames
    name = app.frame_name(seq)
    assert keeper.labels() == {name: sorted(int(v) for v in recorded)}
    kept = cv2.imread(str(keeper.directory / "images" / f"{name}.jpg"))
    assert kept.shape == scene.image.shape
    assert (keeper.directory / "labels_yolo" / f"{name}.txt").read_text().count("\n") == 2


def test_faces_entered_instead_are_the_label_and_a_correction_follows(tmp_path):
    scene = sure_pair()
    session, app = device_at_a_roll(tmp_path, scene.image)
    seq = len(session.actions)
    press(app, "ok", "back")  # read, then fix it on the buttons
    ui = app.controller.ui
    press(app, *["up"] * ui["face"], "ok", "ok")  # the first die a 1, the second as read
    recorded = session.actions[seq].split()[2:]
    assert "1" in recorded
    keeper = app.camera_dice.frames
    assert keeper.labels() == {app.frame_name(seq): sorted(int(v) for v in recorded)}
    app.correct_last_dice()  # Game menu: Correct last dice
    assert app.correcting == seq
    app.act("chance roll 6 6")
    assert session.actions[seq] == "chance roll 6 6"
    assert keeper.labels() == {app.frame_name(seq): [6, 6]}


def test_rolls_entered_without_the_camera_and_a_device_set_to_keep_none_keep_nothing(tmp_path):
    scene = sure_pair()
    session, app = device_at_a_roll(tmp_path, scene.image)
    press(app, "back")  # entered on the buttons, the camera never asked
    press(app, "ok", "ok")
    assert not (tmp_path / "vision" / "frames").exists()
    session, app = device_at_a_roll(tmp_path / "off", scene.image, keep_frames=0)
    seq = len(session.actions)
    press(app, "ok", "ok")
    assert session.actions[seq].startswith("chance roll ")
    assert not (tmp_path / "off" / "vision" / "frames").exists()


def test_keep_frames_out_of_range_names_the_file_and_key(tmp_path):
    from companion.device import config

    bad = tmp_path / "device.toml"
    bad.write_text("[vision]\nkeep_frames = -1\n")
    with pytest.raises(config.ConfigFileError) as err:
        config.load([config.DEFAULT_FILE, bad])
    assert str(bad) in str(err.value) and "vision.keep_frames" in str(err.value)


# ---------------------------------------------------------------------- the table's own networks


@pytest.fixture
def shipped_networks(monkeypatch):
    """Whatever a test makes the reader use, the shipped networks read again after it."""
    from vision import net

    monkeypatch.setattr(net, "DETECTOR", net.DETECTOR)
    monkeypatch.setattr(net, "FACE", net.FACE)
    monkeypatch.setattr(net, "_NET", None)
    return net


def test_a_face_network_in_the_vision_folder_reads_in_place_of_the_shipped_one(tmp_path, shipped_networks):
    import shutil

    from companion.device.camera_dice import use_table_models, vision_report

    net = shipped_networks
    shipped = net.FACE
    assert use_table_models(tmp_path) == [] and net.FACE == shipped  # no models/ folder
    (tmp_path / "models").mkdir()
    shutil.copy(shipped, tmp_path / "models" / "dice-face.onnx")
    assert use_table_models(tmp_path) == [tmp_path / "models" / "dice-face.onnx"]
    assert net.FACE == tmp_path / "models" / "dice-face.onnx" and net.DETECTOR.parent == shipped.parent
    scene = frame()
    reading = CameraDice(StillCamera(scene.image), tmp_path).read_roll(D6, "pips")
    assert sorted(reading.values) == sorted(str(d["value"]) for d in scene.dice)
    report = vision_report(tmp_path)
    assert report["ok"] and report["table_models"] == [str(tmp_path / "models" / "dice-face.onnx")]


@pytest.mark.parametrize(
    "content, said",
    [
        (b"not a network", "not a network the dice reader can run"),
        ("detector", "answers 4 channels, not the 7 of a dice face network"),
    ],
)
def test_a_file_that_is_no_face_network_is_refused_by_name_and_nothing_changes(
    tmp_path, shipped_networks, content, said
):
    from companion.device.camera_dice import use_table_models, vision_report

    net = shipped_networks
    before = (net.DETECTOR, net.FACE)
    (tmp_path / "models").mkdir()
    bad = tmp_path / "models" / "dice-face.onnx"
    bad.write_bytes(net.DETECTOR.read_bytes() if content == "detector" else content)
    with pytest.raises(ValueError) as err:
        use_table_models(tmp_path)
    assert str(bad) in str(err.value) and said in str(err.value)
    assert (net.DETECTOR, net.FACE) == before
    report = vision_report(tmp_path)
    assert report["ok"] is False and said in report["table_models"]


def test_doctor_counts_the_kept_frames(tmp_path):
    from companion.device.camera_dice import vision_report

    keeper = FrameKeeper(tmp_path / "frames", limit=5)
    for k in range(3):
        keeper.keep(f"f{k}", np.zeros((20, 20, 3), np.uint8), [], ["2"])
    assert vision_report(tmp_path)["kept_frames"] == 3
    assert "kept_frames" not in vision_report(tmp_path / "elsewhere")


# ---------------------------------------------------------------------- measuring and teaching


def kept_folder(tmp_path, seeds=(21, 22, 23)):
    """A folder as a device keeps it: frames with boxes, two learned ("boxed1", "boxed2") and one
    held back ("boxed0": its CRC-32 is a multiple of 3), and one learned frame without boxes
    (read wrong twice)."""
    keeper = FrameKeeper(tmp_path / "frames", limit=10)
    scenes = [frame(seed) for seed in seeds]
    for k, scene in enumerate(scenes):
        read = [
            {"value": int(d["value"]), "box": [int(v) for v in d["box"]], "confidence": 0.99}
            for d in scene.dice
        ]
        keeper.keep(f"boxed{k}", scene.image, read, [str(d["value"]) for d in scene.dice])
    wrong = [{"value": 1, "box": [int(v) for v in d["box"]], "confidence": 0.7} for d in scenes[0].dice]
    keeper.keep("values-only", scenes[0].image, wrong, ["5", "6"])
    return keeper.directory, scenes


def test_eval_dice_reads_a_kept_folder_by_box_or_by_value_in_two_parts(tmp_path, capsys):
    import eval_dice

    root, scenes = kept_folder(tmp_path)
    items = {Path(p).stem: gt for p, _, gt in eval_dice.folder_items(root)}
    assert all(box is not None for _, box in items["boxed0"])
    assert items["values-only"] == [(5, None), (6, None)]
    assert [Path(p).stem for p, _, _ in eval_dice.folder_items(root, "heldout")] == ["boxed0"]
    assert eval_dice.main(["--sets", "--folder", str(root), "--no-timing", "--json"]) == 0
    rows = {r["set"]: r for r in __import__("json").loads(capsys.readouterr().out)["sets"]}
    assert set(rows) == {"frames-dev", "frames-heldout"}
    assert (rows["frames-dev"]["frames"], rows["frames-dev"]["dice"]) == (3, 6)
    assert (rows["frames-heldout"]["frames"], rows["frames-heldout"]["dice"]) == (1, 2)
    assert rows["frames-dev"]["matched"] == 1.0  # every die paired: by its box, or by value


def test_values_alone_pair_equal_values_first():
    import eval_dice

    pred = [(6, None, 0.9, True), (2, None, 0.9, True), (4, None, 0.9, True)]
    pairs, extra, miss = eval_dice.match_values(pred, [(2, None), (6, None)])
    assert sorted(pairs) == [(0, 1), (1, 0)] and extra == [2] and miss == []
    pairs, extra, miss = eval_dice.match_values(pred[:1], [(3, None), (5, None)])
    assert pairs == [(0, 0)] and extra == [] and miss == [1]  # a wrong value, a die missed


def test_a_missing_labels_file_is_said_with_the_layout_expected(tmp_path):
    import eval_dice

    with pytest.raises(SystemExit) as err:
        list(eval_dice.folder_items(tmp_path))
    assert "no labels.csv" in str(err.value) and str(tmp_path) in str(err.value)


def test_the_trainer_learns_the_kept_frames_with_boxes_as_the_reader_framed_them(tmp_path):
    import vision_train_net as T

    root, scenes = kept_folder(tmp_path)
    items = T.table_items(root)
    assert len(items) == 2  # not the held-back frame, nor the one without boxes
    assert {it.source for it in items} == {"table:frames"}
    assert all(T.framed_by_reader(it) and it.slanted and it.real for it in items)
    for it, scene in zip(items, scenes[1:]):
        assert sorted(int(v) for v in it.dice[:, 0]) == sorted(int(d["value"]) for d in scene.dice)


def test_the_service_keeps_frames_as_configured_and_names_a_broken_table_model(
    tmp_path, monkeypatch, shipped_networks
):
    """`companion run` with `[vision] keep_frames` and a file in <vision dir>/models that is no
    network: the camera keeps frames, the notice says what is missing, the shipped one reads."""
    from companion.cli import build_parser
    from companion.device import service

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    models = tmp_path / "data" / "dungeon-companion" / "vision" / "models"
    models.mkdir(parents=True)
    (models / "dice-face.onnx").write_text("a note, not a network")
    (tmp_path / "cam").mkdir()
    cv2.imwrite(str(tmp_path / "cam" / "roll.png"), frame().image)
    layer = tmp_path / "layer.toml"
    layer.write_text(f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\n[vision]\nkeep_frames = 7\n')
    args = build_parser(["run"]).parse_args(
        [
            "run",
            "--emulate",
            "--config",
            str(layer),
            "--no-web",
            "--journal",
            str(tmp_path / "j.sqlite"),
            "--frames",
            str(tmp_path / "png"),
        ]
    )
    app, _, _, closers = service.build(args)
    try:
        assert app.camera_dice.frames.limit == 7
        assert app.camera_dice.frames.directory == models.parent / "frames"
        [note] = [n for n in app.hardware_notes if n.startswith("no taught model: ")]
        assert str(models / "dice-face.onnx") in note and shipped_networks.FACE.parent.name == "models"
        assert shipped_networks.FACE != models / "dice-face.onnx"
    finally:
        service.shutdown(app, closers)


def test_the_keeping_bench_runs_and_says_the_folder_stays_at_its_limit(capsys, tmp_path):
    import dice_frames as bench

    sizes = ["640x480", "1280x960"]  # the bench's 12 MP frame costs seconds to draw; the way is the same
    assert bench.main(["--frames", "3", "--limit", "2", "--dir", str(tmp_path), "--sizes", *sizes]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == sizes
    assert all("(folder full: 2 kept)" in line for line in lines)
    assert not list(tmp_path.iterdir())  # its temporary folders are gone


@pytest.mark.parametrize(
    "broken", ["image,die_values\nimages/a.jpg,3 x\n", "image\nimages/a.jpg\n", "\xff\xfe garbage"]
)
def test_a_broken_labels_file_is_left_as_it_is_and_named_and_the_game_goes_on(tmp_path, caplog, broken):
    """A labels.csv mended by hand and broken: nothing is written over it (the frames it lists
    would be lost), the log and doctor name it, and keeping fails quietly for the game."""
    from companion.device.camera_dice import vision_report

    folder = tmp_path / "frames"
    folder.mkdir()
    (folder / "labels.csv").write_bytes(broken.encode("latin-1"))
    keeper = FrameKeeper(folder, limit=5)
    assert not keeper.keep("new", np.zeros((10, 10, 3), np.uint8), [], ["4"])
    assert not keeper.relabel("a", ["5"])
    assert (folder / "labels.csv").read_bytes() == broken.encode("latin-1")
    assert not (folder / "images" / "new.jpg").exists()
    assert str(folder / "labels.csv") in caplog.text
    report = vision_report(tmp_path)
    assert report["ok"] is False and str(folder / "labels.csv") in report["kept_frames"]
