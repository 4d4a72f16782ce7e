"""``companion doctor --look DIR``: the configured camera's still frame read as a roll would be,
saved with its annotated reading, so a maker can see what the camera sees and why it is unsure."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.device import doctor

DESK = Path(__file__).resolve().parents[3] / "shared" / "data" / "dice-real-webcam-desk" / "images"


def _doctor(tmp_path, monkeypatch, camera: str, look: Path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    layer = tmp_path / "layer.toml"
    layer.write_text(camera)
    return doctor.cmd_doctor(argparse.Namespace(config=layer, journal=None, json=False, look=look))


def _synthetic_roll(folder: Path) -> list[int]:
    from vision import synth

    sc = synth.dice_scene(seed=21, kind="pips", face_px=72, n_dice=3, size=(1280, 960), effects=False)
    folder.mkdir()
    cv2.imwrite(str(folder / "roll.png"), sc.image)
    return sorted(d["value"] for d in sc.dice)


def test_look_reads_the_cameras_frame_and_saves_it_annotated(tmp_path, monkeypatch, capsys):
    values = _synthetic_roll(tmp_path / "cam")
    code = _doctor(
        tmp_path, monkeypatch, f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\n', tmp_path / "look"
    )
    out = capsys.readouterr().out
    assert code == 0, out
    line = next(x for x in out.splitlines() if x.startswith("look: "))
    assert sorted(int(v) for v in line[6:].split(",")[0].split()) == values
    assert ", sure;" in line and "the whole view (no tray)" in line
    assert "look advice:" not in out  # a colour frame of 72 px faces: nothing to change
    shot, annotated = (
        cv2.imread(str(tmp_path / "look" / "look.png")),
        cv2.imread(str(tmp_path / "look" / "look.dice.png")),
    )
    assert shot is not None and annotated is not None and shot.shape == annotated.shape == (960, 1280, 3)
    assert np.abs(shot.astype(int) - annotated.astype(int)).sum() > 0  # boxes and the verdict drawn


def test_look_turns_the_frame_as_the_camera_is_configured(tmp_path, monkeypatch, capsys):
    values = _synthetic_roll(tmp_path / "cam")
    img = cv2.imread(str(tmp_path / "cam" / "roll.png"))
    cv2.imwrite(str(tmp_path / "cam" / "roll.png"), cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE))
    cfg = f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\nrotate = 1\n'
    assert _doctor(tmp_path, monkeypatch, cfg, tmp_path / "look") == 0
    assert cv2.imread(str(tmp_path / "look" / "look.png")).shape == (960, 1280, 3)  # turned back
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("look: "))
    assert sorted(int(v) for v in line[6:].split(",")[0].split()) == values


def test_look_advises_a_colour_camera_for_grey_frames(tmp_path, monkeypatch, capsys):
    """A mono camera's frame: the reading is shown, and what to change is said beneath it."""
    _synthetic_roll(tmp_path / "cam")
    img = cv2.imread(str(tmp_path / "cam" / "roll.png"))
    cv2.imwrite(
        str(tmp_path / "cam" / "roll.png"),
        cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR),
    )
    code = _doctor(
        tmp_path, monkeypatch, f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\n', tmp_path / "look"
    )
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    tips = [x for x in lines if x.startswith("look advice: ")]
    assert len(tips) == 1 and "grey frames" in tips[0] and "colour camera" in tips[0]
    assert lines.index(tips[0]) == 1 + next(i for i, x in enumerate(lines) if x.startswith("look: "))


@pytest.mark.skipif(not DESK.is_dir(), reason="needs ../shared/data (the webcam desk set)")
def test_look_says_why_a_real_frame_is_unsure(tmp_path, monkeypatch, capsys):
    (tmp_path / "cam").mkdir()
    shutil.copy(DESK / "four_16.jpg", tmp_path / "cam")  # a cloth's weave beside two 4s
    from vision.pips import read_dice

    reading = read_dice(cv2.imread(str(DESK / "four_16.jpg")))
    assert reading.unsure and reading.reasons  # the frame still shows an unsure roll
    assert any("die-like spot" in r for r in reading.reasons) == bool(
        reading.spots
    )  # a doubted spot is shown
    code = _doctor(
        tmp_path, monkeypatch, f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\n', tmp_path / "look"
    )
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("look: "))
    assert code == 0 and f"UNSURE ({'; '.join(reading.reasons)})" in line  # the reader's own reasons, named


def test_look_without_a_camera_says_what_to_set_and_writes_nothing(tmp_path, monkeypatch, capsys):
    code = _doctor(tmp_path, monkeypatch, '[camera]\ntype = "null"\n', tmp_path / "look")
    err = capsys.readouterr().err
    assert code == 2 and "companion: camera look: no camera configured: set [camera] type" in err
    assert "run would refuse" not in err  # the service itself would start
    assert not (tmp_path / "look").exists()


def test_look_at_a_missing_folder_camera_names_it(tmp_path, monkeypatch, capsys):
    code = _doctor(
        tmp_path, monkeypatch, f'[camera]\ntype = "folder"\npath = "{tmp_path / "nope"}"\n', tmp_path / "look"
    )
    err = capsys.readouterr().err
    assert code == 2 and f"image folder {tmp_path / 'nope'}: not found" in err
    assert not (tmp_path / "look").exists()


def test_look_into_a_file_is_refused(tmp_path, monkeypatch, capsys):
    _synthetic_roll(tmp_path / "cam")
    (tmp_path / "look").write_text("a file")
    code = _doctor(
        tmp_path, monkeypatch, f'[camera]\ntype = "folder"\npath = "{tmp_path / "cam"}"\n', tmp_path / "look"
    )
    err = capsys.readouterr().err
    assert code == 2 and "--look" in err and "is a file, not a folder" in err
