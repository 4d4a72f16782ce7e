"""The play area without a tray (vision/surface.py): what lies off the dice's surface is left out."""

from __future__ import annotations

import numpy as np

from vision import net, surface, synth


def _desk_with_cloth(cloth_dice=(6,)):
    """Three dice on a grey desk; a red cloth along the right edge with dice on it."""
    img = np.full((480, 960, 3), (150, 150, 150), np.uint8)
    img[:, 700:] = (40, 40, 170)
    rng = np.random.default_rng(1)
    img[:, 700:] = np.clip(img[:, 700:] + rng.normal(0, 6, img[:, 700:].shape), 0, 255).astype(np.uint8)
    for k, (v, x) in enumerate(zip((2, 5, 3), (150, 330, 510))):
        synth.draw_die(img, v, "white", (x, 240), 72, 10.0 * k, (x, 240), 1e6)
    for k, v in enumerate(cloth_dice):
        c = (830, 130 + 220 * k)
        synth.draw_die(img, v, "white", c, 72, 20.0, c, 1e6)
    return img


def test_a_die_on_a_cloth_beside_the_play_area_is_left_out(monkeypatch):
    img = _desk_with_cloth((6, 4))
    r = net.read_dice(img)
    assert r.values == [2, 3, 5] and not r.unsure, (r.values, r.reasons)
    assert all(d.box[0] < 700 for d in r.dice)
    # without the play area the cloth's dice are read too: the test sees the difference
    monkeypatch.setattr(net, "on_play_area", lambda found, area: found)
    monkeypatch.setattr(net, "unexplained", lambda dice, cands, area=None, hv=None, explained=(): [])
    assert len(net.read_dice(img).dice) > 3


def test_the_surface_is_the_dice_surround_with_the_dice_filled_in():
    img = _desk_with_cloth(())
    area = surface.play_area(img, [(150, 240, 80), (330, 240, 80)])
    assert area.where(510, 240, 80) == "on"  # the third die, a hole in the desk
    assert area.where(400, 400, 80) == "on"  # bare desk
    assert area.where(850, 240, 80) == "off"  # the cloth
    assert surface.play_area(img, []) is None


def test_the_surface_is_worked_out_once_per_frame_and_dice():
    img = _desk_with_cloth(())
    hv = net.Halvings(img)
    dice = [(150, 240, 80), (330, 240, 80)]
    area = surface.play_area(hv, dice)
    assert surface.play_area(hv, list(dice)) is area
    other = surface.play_area(hv, dice[:1])
    assert other is not area and other.where(850, 240, 80) == "off"
    plain = surface.play_area(img, dice)  # a bare image: worked out each time
    assert np.array_equal(plain.mask, area.mask)


def _desk_with_one_cloth_die(x):
    img = _desk_with_cloth(())
    synth.draw_die(img, 6, "white", (x, 240), 72, 20.0, (x, 240), 1e6)
    return img


def test_a_die_read_surely_just_beside_the_play_area_makes_the_reading_unsure():
    """A die on the cloth within a die's side of the desk (``surface.BESIDE``) may have been
    rolled: it is not counted, and the players are asked. Farther out it is clutter, left
    out without a doubt; against the desk's edge it counts."""
    r = net.read_dice(_desk_with_one_cloth_die(790))
    assert r.values == [2, 3, 5] and r.unsure
    assert "1 die just beside the play area" in r.reasons
    assert len(r.spots) == 1 and r.spots[0][0] < 790 < r.spots[0][0] + r.spots[0][2]  # shown where it lies
    far = net.read_dice(_desk_with_one_cloth_die(850))
    assert far.values == [2, 3, 5] and not far.unsure, far.reasons
    against = net.read_dice(_desk_with_one_cloth_die(745))
    assert against.values == [2, 3, 5, 6] and not against.unsure, against.reasons


def test_a_die_against_the_trays_wall_at_a_wide_views_edge_is_not_missed_without_a_doubt():
    """A 1080p frame of small dice: one lies against the tray's right wall, its top seen over
    the wall, off the tray's floor. It is not read as on the floor, nor left out in silence."""
    sc = synth.dice_scene(seed=5008, kind="pips", face_px=44, size=(1920, 1080))
    wall = [d for d in sc.dice if d["box"][0] > 1800]
    assert len(wall) == 1  # the scene is the one described
    r = net.read_dice(sc.image)
    assert r.unsure and "1 die just beside the play area" in r.reasons
    x, y, w, h = wall[0]["box"]
    assert any(sx < x + w / 2 < sx + sw and sy < y + h / 2 < sy + sh for sx, sy, sw, sh in r.spots)
