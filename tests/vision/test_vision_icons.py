"""Icon dice: calibration gallery round trip and reading over rotations."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import icons, synth


@pytest.fixture(scope="module")
def offense_gallery(tmp_path_factory):
    d = tmp_path_factory.mktemp("gal")
    shots = synth.icon_calibration_shots("offense", seed=11, face_px=72)
    icons.calibrate(shots, d)
    return d


def _one(name, style, angle, face=72, seed=0):
    img = np.full((260, 260, 3), (150, 150, 150), np.uint8)
    synth.draw_die(img, name, style, (130, 130), face, angle, (130, 130), 1e6)
    return img


def test_gallery_round_trip(offense_gallery):
    g = icons.Gallery.load(offense_gallery)
    assert g.names == ["ball", "cleat", "time", "lightning", "blank"]
    assert len(g.templates) == 4 * 3 * 5  # 4 rotations x 3 shots x 5 faces
    assert (offense_gallery / "gallery.png").exists()
    g2 = icons.calibrate(synth.icon_calibration_shots("offense", seed=11, face_px=72))
    assert np.allclose(g.templates, g2.templates)


@pytest.mark.parametrize("name", ["ball", "cleat", "time", "lightning", "blank"])
@pytest.mark.parametrize("angle", [0.0, 33.0, 71.0])
def test_each_face_at_several_rotations(offense_gallery, name, angle):
    g = icons.Gallery.load(offense_gallery)
    r = icons.read_icons(_one(name, "white", angle), g)
    assert len(r.dice) == 1
    d = r.dice[0]
    # right, or honestly unsure: never confidently wrong
    assert d.value == name or d.confidence < icons.CONF_OK
    if name in ("ball", "lightning", "blank"):
        assert d.value == name


def test_faces_rotated_by_quarter_turns_read_the_same(offense_gallery):
    g = icons.Gallery.load(offense_gallery)
    vals = {
        icons.read_icons(_one("lightning", "white", a), g).dice[0].value for a in (5.0, 95.0, 185.0, 275.0)
    }
    assert vals == {"lightning"}


def test_a_face_not_in_the_gallery_is_not_read_with_confidence(offense_gallery):
    g = icons.Gallery.load(offense_gallery)
    r = icons.read_icons(_one(5, "white", 10.0), g)  # a pip five is none of the icons
    assert r.dice and all(d.confidence < 0.9 for d in r.dice) or r.unsure


def test_calibration_without_a_die_names_the_face():
    blank_floor = np.full((320, 320, 3), 150, np.uint8)
    with pytest.raises(ValueError, match="cleat"):
        icons.calibrate(
            {"ball": synth.icon_calibration_shots("offense", 1, 72)["ball"], "cleat": [blank_floor]}
        )


def test_expected_count_mismatch_is_unsure(offense_gallery):
    g = icons.Gallery.load(offense_gallery)
    r = icons.read_icons(_one("ball", "white", 0.0), g, expected_count=2)
    assert r.unsure and any("expected 2" in s for s in r.reasons)


def test_calibration_records_the_face_side(offense_gallery):
    g = icons.Gallery.load(offense_gallery)
    # 72 px footprint, top face magnified by parallax (camera at 25 sides): about 75 px
    assert 68 < g.meta["face_side"] < 80


@pytest.mark.parametrize("angle", [4.0, 27.0, 61.0])
def test_fit_finds_the_top_face_of_a_dark_die_with_a_light_icon(angle):
    # a black die far from the optical axis: its side faces show, and the white X is what a
    # colour-based search would take for the face
    img = np.full((300, 300, 3), (90, 110, 60), np.uint8)
    top, _ = synth.draw_die(img, "tackle", "black", (150, 150), 72, angle, (-250, -200), 20 * 72)
    side = float(np.linalg.norm(top[1] - top[0]))
    centre = top.mean(axis=0)
    rect, score = icons.fit_face(img, centre[0] + 8, centre[1] - 6, side)
    assert score > icons.FIT_OK
    assert abs((rect[2] - angle + 45) % 90 - 45) < 2.5
    assert np.hypot(*(np.array(rect[0]) - centre)) < 0.05 * side
    assert abs(rect[1][0] / side - 1) < 0.05


def test_a_dark_die_with_a_light_icon_is_not_read_blank(tmp_path):
    g = icons.calibrate(synth.icon_calibration_shots("defense", seed=5, face_px=72))
    for angle in (12.0, 40.0):
        r = icons.read_icons(_one("tackle", "black", angle), g)
        assert len(r.dice) == 1
        assert r.dice[0].value == "tackle" or r.dice[0].confidence < icons.CONF_OK
        assert not (r.dice[0].value == "blank" and r.dice[0].confidence >= icons.CONF_OK)


class _Fixed:
    """Stands in for a numpy Generator: hands out the given numbers in order."""

    def __init__(self, *values):
        self.values = list(values)

    def uniform(self, lo=0.0, hi=1.0, size=None):
        if size is None:
            return self.values.pop(0)
        return np.array([self.values.pop(0) for _ in range(size)])


def _glared(name, off, seed=0):
    """A black die with a bright soft highlight ``off`` (in face sides) from the face centre."""
    img = np.full((260, 260, 3), (150, 150, 150), np.uint8)
    top, _ = synth.draw_die(img, name, "black", (130, 130), 72, 17.0, (130, 130), 1e6)
    synth._glare(img, top, _Fixed(off[0], off[1], 0.3, 0.1, 30.0, 0.75))
    return img


@pytest.fixture(scope="module")
def defense_gallery():
    return icons.calibrate(synth.icon_calibration_shots("defense", seed=5, face_px=72))


@pytest.mark.parametrize("off", [(-0.28, -0.25), (0.28, 0.2), (0.0, 0.28)])
def test_glare_on_a_blank_dark_face_is_not_a_mark(defense_gallery, off):
    # a highlight running into the face's edge used to be kept as a mark and read as an icon
    r = icons.read_icons(_glared("blank", off), defense_gallery)
    assert [d.value for d in r.dice] == ["blank"]
    assert r.dice[0].confidence >= icons.CONF_OK


@pytest.mark.parametrize("off", [(-0.1, 0.22), (0.2, 0.15)])
def test_glare_merged_with_an_icon_leaves_the_icon(defense_gallery, off):
    r = icons.read_icons(_glared("interception", off), defense_gallery)
    assert [d.value for d in r.dice] == ["interception"]
    assert r.dice[0].confidence >= icons.CONF_OK


def test_calibration_records_the_face_colour(defense_gallery, offense_gallery):
    dark = defense_gallery.meta["face_lab"]
    light = icons.Gallery.load(offense_gallery).meta["face_lab"]
    assert dark[0] < 60 < 200 < light[0]  # Lab lightness on OpenCV's 0..255 scale
    assert icons.colour_distance(dark, light) > icons.COLOUR_FAR


def test_a_die_of_another_colour_is_left_out(defense_gallery):
    img = np.full((260, 420, 3), (150, 150, 150), np.uint8)
    synth.draw_die(img, "tackle", "black", (120, 130), 72, 10.0, (120, 130), 1e6)
    synth.draw_die(img, "blank", "white", (300, 130), 72, 25.0, (300, 130), 1e6)
    r = icons.read_icons(img, defense_gallery)
    assert [d.value for d in r.dice] == ["tackle"]
    assert r.dice[0].centre[0] < 210
    # the white die is there: without the colour check it would be read (as a blank face)
    no_colour = icons.Gallery(
        defense_gallery.names,
        defense_gallery.templates,
        defense_gallery.labels,
        {k: v for k, v in defense_gallery.meta.items() if k != "face_lab"},
        defense_gallery.shots,
    )
    assert len(icons.read_icons(img, no_colour).dice) == 2


def test_the_halo_of_glare_never_takes_a_mark_with_it():
    # a glare core (label 1) and a printed mark running into the patch border (label 2),
    # joined by faint ink: the halo goes, the mark stays
    d = np.zeros((64, 64), np.float32)
    lab_i = np.zeros((64, 64), np.int32)
    d[20:30, 20:30], lab_i[20:30, 20:30] = 120.0, 1
    d[30:40, 22:28] = 20.0  # faint ink between them
    d[40:64, 18:34], lab_i[40:64, 18:34] = 200.0, 2  # touches the bottom border
    glare = np.array([False, True, False])
    kill = icons._glare_halo(d, lab_i, glare)
    assert kill[lab_i == 1].all()
    assert not kill[lab_i == 2].any()
    # a faint region around glare alone goes whole
    d2 = d.copy()
    d2[40:, :] = 0
    lab2 = np.where(lab_i == 2, 0, lab_i)
    assert icons._glare_halo(d2, lab2, glare[:2])[30:40, 22:28].all()


@pytest.mark.parametrize(  # the quick tier reads one tray at every blur; the others are slow-tier
    "seed", [1001, pytest.param(1003, marks=pytest.mark.slow), pytest.param(1005, marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("blur", [1.5, 2.0, 3.0])
def test_blurred_icons_are_read_right_or_the_frame_is_unsure(defense_gallery, seed, blur):
    # a blurred icon has soft edges like glare: it must not be wiped and read as a sure blank
    sc = synth.dice_scene(seed=seed, kind="icons-defense", face_px=72)
    truth = sorted(d["value"] for d in sc.dice)
    assert icons.read_icons(sc.image, defense_gallery).values == truth
    r = icons.read_icons(cv2.GaussianBlur(sc.image, (0, 0), blur), defense_gallery)
    assert r.unsure and any("blurred" in why for why in r.reasons)
    if blur < 3:
        assert r.values == truth


def test_big_plain_icons_are_not_called_blurred(defense_gallery):
    img = np.full((260, 420, 3), (150, 150, 150), np.uint8)
    synth.draw_die(img, "blank", "black", (120, 130), 72, 10.0, (120, 130), 1e6)
    synth.draw_die(img, "block", "black", (300, 130), 72, 25.0, (300, 130), 1e6)
    img = np.clip(img + np.random.default_rng(0).normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    r = icons.read_icons(img, defense_gallery)
    assert r.values == ["blank", "block"] and not r.unsure
    assert r.sharpness >= icons.BLUR_MIN


def test_calibration_records_how_far_light_marks_are_from_the_face(defense_gallery, offense_gallery):
    assert 150 < defense_gallery.meta["mark_level"] < 260  # white icons on a black die
    assert icons.Gallery.load(offense_gallery).meta["mark_level"] is None  # dark icons only
