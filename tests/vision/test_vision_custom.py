"""Pip dice with a custom face (vision/custom.py): a skull on the 1 is calibrated like an icon
die, for that face only; the die's other faces still read as pips."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vision import custom, icons, net, synth


def _shots(face, n=3, px=72, seed=3):
    """Calibration shots: one white die showing ``face``, at random turns and places."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        img = np.full((320, 320, 3), (150, 150, 150), np.uint8)
        c = (160 + rng.uniform(-20, 20), 160 + rng.uniform(-20, 20))
        synth.draw_die(img, face, "white", c, px, float(rng.uniform(0, 90)), c, 1e6)
        out.append(img)
    return out


def _roll(faces, style="white"):
    img = np.full((240, 150 * (len(faces) + 1), 3), (150, 150, 150), np.uint8)
    for k, v in enumerate(faces):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, style if v == "lightning" else "white", c, 72, 13.0 * k, c, 1e6)
    return img


@pytest.fixture(scope="module")
def lightning_on_the_1(tmp_path_factory):
    """A pip d6 whose 1 is a lightning bolt (our stand-in for a skull)."""
    return icons.calibrate({"1": _shots("lightning")}, tmp_path_factory.mktemp("custom"))


def test_the_custom_face_reads_as_its_value_and_the_other_faces_as_pips(lightning_on_the_1):
    img = _roll([2, "lightning", 5, 6])
    plain = net.read_dice(img)
    assert sorted(plain.values, key=str) == [2, 5, 6, None] and plain.unsure  # without: a die, no pips
    r = custom.read_dice(img, lightning_on_the_1)
    assert sorted(r.values) == [1, 2, 5, 6] and not r.unsure, r.reasons
    by_x = sorted(r.dice, key=lambda d: d.box[0])
    assert by_x[1].value == 1 and by_x[1].confidence >= icons.CONF_OK


def test_no_pip_face_is_taken_for_the_custom_face(lightning_on_the_1):
    r = custom.read_dice(_roll([1, 2, 3, 4, 5, 6]), lightning_on_the_1)
    assert [d.value for d in sorted(r.dice, key=lambda d: d.box[0])] == [1, 2, 3, 4, 5, 6]
    assert not r.unsure, r.reasons


def test_a_face_that_is_neither_pips_nor_the_custom_face_stays_null(lightning_on_the_1):
    r = custom.read_dice(_roll([2, "ball", 5]), lightning_on_the_1)
    assert None in r.values and r.unsure
    assert any("not a pip face" in why for why in r.reasons), r.reasons


def test_the_custom_face_on_a_die_of_another_colour_is_not_that_die(lightning_on_the_1):
    r = custom.read_dice(_roll([2, "lightning", 5], style="red"), lightning_on_the_1)
    assert 1 not in r.values and r.unsure, (r.values, r.reasons)


def test_the_expected_count_still_counts(lightning_on_the_1):
    r = custom.read_dice(_roll([2, "lightning"]), lightning_on_the_1, expected_count=3)
    assert r.unsure and r.reasons == ["found 2 dice, expected 3"]


def test_custom_faces_are_named_by_the_value_they_stand_for():
    g = icons.calibrate({"skull": _shots("lightning", n=1)})
    with pytest.raises(ValueError, match="'skull'.*--face 1"):
        custom.read_dice(_roll([2]), g)


def test_the_command_line_reads_custom_faces(lightning_on_the_1, tmp_path, capsys):
    import cv2
    from test_vision_cli import _parser

    gdir = tmp_path / "skull-d6"
    lightning_on_the_1.save(gdir)
    cv2.imwrite(str(tmp_path / "roll.png"), _roll(["lightning", 4]))
    args = _parser().parse_args(
        ["dice", "read", str(tmp_path / "roll.png"), "--json", "--custom-faces", str(gdir)]
    )
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in out["dice"]) == [1, 4] and out["unsure"] is False
    bad = _parser().parse_args(
        ["dice", "read", str(tmp_path / "roll.png"), "--custom-faces", str(tmp_path / "none")]
    )
    assert bad.func(bad) == 2
    err = capsys.readouterr().err
    assert "custom faces in" in err and "dice calibrate --gallery" in err  # what to do
