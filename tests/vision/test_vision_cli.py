"""vision.cli: register() wiring and the JSON formats of `dice read` and `kick judge`."""

from __future__ import annotations

import argparse
import json

import cv2
import numpy as np

from vision import cli, synth


def _parser():
    p = argparse.ArgumentParser()
    s = p.add_subparsers(dest="cmd")
    cli.register(s)
    return p


def test_register_sets_func_on_every_subcommand():
    p = _parser()
    for argv in (
        ["dice", "read", "x.png"],
        ["dice", "calibrate", "--face", "ball", "a.png"],
        ["dice", "markers"],
        ["dice", "tray", "x.png"],
        ["kick", "calibrate", "--reference", "r.png", "--camera-height", "900"],
        ["kick", "judge", "--before", "a", "--after", "b"],
    ):
        a = p.parse_args(argv)
        assert callable(a.func), argv


def _row_of_dice(path, values):
    img = np.full((240, 150 * (len(values) + 1), 3), 150, np.uint8)
    for k, v in enumerate(values):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 15.0 * k, c, 1e6)
    cv2.imwrite(str(path), img)


def test_dice_read_json_lines(tmp_path, capsys):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    _row_of_dice(a, [1, 6])
    _row_of_dice(b, [4])
    args = _parser().parse_args(
        ["dice", "read", str(a), str(b), "--json", "--annotate", str(tmp_path / "ann")]
    )
    assert args.func(args) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert list(first) == ["image", "dice", "unsure", "reasons", "advice"] and first["reasons"] == []
    assert any("grey frames" in tip for tip in first["advice"])  # drawn dice on a grey card: no colour
    assert first["image"] == str(a) and first["unsure"] is False
    assert sorted(d["value"] for d in first["dice"]) == [1, 6]
    for d in first["dice"]:
        assert list(d) == ["value", "box", "confidence"] and len(d["box"]) == 4
    assert json.loads(lines[1])["dice"][0]["value"] == 4
    assert (tmp_path / "ann" / "a.dice.png").exists()


def test_dice_read_says_null_and_question_mark_for_a_die_without_pips(tmp_path, capsys):
    a = tmp_path / "a.png"
    _row_of_dice(a, [2, "lightning"])
    args = _parser().parse_args(["dice", "read", str(a), "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in out["dice"] if d["value"] is not None) == [2]
    assert [d["value"] for d in out["dice"]].count(None) == 1 and out["unsure"] is True
    args = _parser().parse_args(["dice", "read", str(a)])
    assert args.func(args) == 0
    text = capsys.readouterr().out
    assert "?" in text and "not a pip face" in text and "None" not in text


def test_dice_read_expected_and_missing_file(tmp_path, capsys):
    a = tmp_path / "a.png"
    _row_of_dice(a, [2, 3])
    args = _parser().parse_args(
        ["dice", "read", str(a), str(tmp_path / "none.png"), "--json", "--expected", "3"]
    )
    assert args.func(args) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().split("\n")]
    assert lines[0]["unsure"] is True
    assert any("expected 3" in why for why in lines[0]["reasons"]), lines[0]  # the player sees why
    assert "no such image" in lines[1]["error"] and "check the path" in lines[1]["error"]


def test_icon_calibrate_then_read(tmp_path, capsys):
    shots = synth.icon_calibration_shots("offense", seed=4, face_px=72)
    argv = ["dice", "calibrate", "--gallery", str(tmp_path / "gal")]
    for name, frames in shots.items():
        paths = []
        for k, f in enumerate(frames):
            p = tmp_path / f"{name}{k}.png"
            cv2.imwrite(str(p), f)
            paths.append(str(p))
        argv += ["--face", name] + paths
    a = _parser().parse_args(argv)
    assert a.func(a) == 0
    img = np.full((260, 260, 3), 150, np.uint8)
    synth.draw_die(img, "lightning", "white", (130, 130), 72, 30.0, (130, 130), 1e6)
    cv2.imwrite(str(tmp_path / "t.png"), img)
    capsys.readouterr()
    a = _parser().parse_args(
        ["dice", "read", str(tmp_path / "t.png"), "--json", "--gallery", str(tmp_path / "gal")]
    )
    assert a.func(a) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dice"][0]["value"] == "lightning"


def test_kick_calibrate_and_judge(tmp_path, capsys):
    ref, _ = synth.lid_reference(2)
    sc = synth.kick_scene(9, "post60", post="right", y_frac=0.3)
    for name, img in (("ref", ref), ("before", sc.before), ("after", sc.after)):
        cv2.imwrite(str(tmp_path / f"{name}.png"), img)
    p = _parser()
    a = p.parse_args(
        [
            "kick",
            "calibrate",
            "--reference",
            str(tmp_path / "ref.png"),
            "--camera-height",
            str(sc.lid["camera_height_px"]),
            "--out",
            str(tmp_path / "lid.json"),
        ]
    )
    assert a.func(a) == 0
    capsys.readouterr()
    a = p.parse_args(
        [
            "kick",
            "judge",
            "--before",
            str(tmp_path / "before.png"),
            "--after",
            str(tmp_path / "after.png"),
            "--calibration",
            str(tmp_path / "lid.json"),
            "--json",
            "--annotate",
            str(tmp_path / "ann"),
        ]
    )
    assert a.func(a) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "good" and abs(out["inside_fraction"] - 0.6) < 0.05
    assert (tmp_path / "ann" / "after.kick.png").exists()


def test_markers_command_writes_sheet(tmp_path):
    a = _parser().parse_args(["dice", "markers", str(tmp_path / "m.png")])
    assert a.func(a) == 0
    assert cv2.imread(str(tmp_path / "m.png")) is not None


def test_a_confidence_just_under_the_cut_off_is_shown_under_it():
    """The annotated image shows 0.598 as 0.59 beside its red box, never as the 0.60 cut-off."""
    from vision.drawing import shown_confidence as _shown_confidence

    assert _shown_confidence(0.598) == "0.59"
    assert _shown_confidence(0.6) == "0.60"
    assert _shown_confidence(0.29) == "0.29"
    assert _shown_confidence(1.0) == "1.00"


def test_dice_read_refuses_a_negative_count_and_names_a_folder(tmp_path, capsys):
    import pytest

    for bad in ("-2", "0", "two"):
        with pytest.raises(SystemExit):
            _parser().parse_args(["dice", "read", "x.jpg", "--expected", bad])
        assert "--expected" in capsys.readouterr().err
    args = _parser().parse_args(["dice", "read", str(tmp_path), "--json"])
    assert args.func(args) == 1
    err = json.loads(capsys.readouterr().out)["error"]
    assert "is a folder, not an image" in err and "*.jpg" in err


def test_annotate_into_a_file_is_refused_before_reading(tmp_path, capsys):
    import pytest

    (tmp_path / "notes.txt").write_text("not a folder")
    for argv in (
        ["dice", "read", "x.jpg", "--annotate", str(tmp_path / "notes.txt")],
        ["kick", "judge", "--before", "a.png", "--after", "b.png", "--annotate", str(tmp_path / "notes.txt")],
    ):
        with pytest.raises(SystemExit):
            _parser().parse_args(argv)
        assert "notes.txt is a file: give a folder for the annotated images" in capsys.readouterr().err
    assert _parser().parse_args(["dice", "read", "x.jpg", "--annotate", str(tmp_path / "new")]).annotate
