"""Tray markers, tray location, and settle detection."""

from __future__ import annotations

import cv2
import numpy as np

from vision import synth, tray


def test_shipped_sheet_matches_generator_and_has_four_markers():
    assert tray.ASSET.exists(), "vision/assets/tray-markers.png must be shipped"
    shipped = cv2.imread(str(tray.ASSET), cv2.IMREAD_GRAYSCALE)
    assert np.array_equal(shipped, tray.marker_sheet())
    assert sorted(tray.detect_markers(shipped)) == [0, 1, 2, 3]


def _scene_with_markers(quad):
    """Warp the printed sheet's four markers onto a frame at the given corners (perspective)."""
    img = np.full((720, 960, 3), 140, np.uint8)
    for mid, (x, y) in enumerate(quad):
        m = cv2.copyMakeBorder(tray._marker(mid, 70), 12, 12, 12, 12, cv2.BORDER_CONSTANT, value=255)
        img[y : y + m.shape[0], x : x + m.shape[1]] = m[..., None]
    src = np.float32([[0, 0], [960, 0], [960, 720], [0, 720]])
    dst = np.float32([[30, 20], [940, 50], [910, 700], [10, 690]])
    H = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(img, H, (960, 720), borderValue=(140, 140, 140)), H


def test_locate_by_markers_and_round_trip(tmp_path):
    frame, H = _scene_with_markers([(60, 60), (806, 60), (806, 566), (60, 566)])
    cal = tray.locate_by_markers(frame)
    assert cal is not None and cal.source == "markers"
    # inner corners of the markers, mapped through the same perspective
    inner = np.float32(
        [[[60 + 82, 60 + 82]], [[806 + 12, 60 + 82]], [[806 + 12, 566 + 12]], [[60 + 82, 566 + 12]]]
    )
    want = cv2.perspectiveTransform(inner, H).reshape(-1, 2)
    assert np.abs(np.array(cal.corners) - want).max() < 4
    p = tmp_path / "tray.json"
    cal.save(p)
    assert tray.TrayCalibration.load(p) == cal
    top = cal.rectify(frame)
    assert top.shape[0] > 300 and top.shape[1] > 500


def test_missing_marker_gives_none():
    frame, _ = _scene_with_markers([(60, 60), (806, 60), (806, 566), (60, 566)])
    frame[:, 600:] = 140  # cover two markers
    assert tray.locate_by_markers(frame) is None


def test_locate_by_reference_photo():
    img = np.full((600, 800, 3), (40, 40, 40), np.uint8)
    floor = np.array([[120, 90], [690, 110], [670, 520], [100, 500]], np.int32)
    cv2.fillConvexPoly(img, floor, (170, 160, 150))
    cal = tray.locate_by_reference(img)
    assert np.abs(np.array(cal.corners) - floor).max() < 8
    m = cal.mask(img.shape)
    assert m[300, 400] == 255 and m[20, 20] == 0


def _frames():
    """A die tumbling for 10 frames, then at rest."""
    base = np.full((240, 320, 3), 150, np.uint8)
    out = []
    for k in range(10):
        f = base.copy()
        synth.draw_die(f, 3, "white", (60 + 18 * k, 120), 40, 20 * k, (60 + 18 * k, 120), 1e6)
        out.append(f)
    rest = out[-1]
    out += [rest.copy() for _ in range(10)]
    return out


def test_settle_detector_waits_for_still_then_confirms():
    det = tray.SettleDetector(still_frames=4)
    states = [det.update(f) for f in _frames()]
    assert not any(states[:10])  # moving
    first = states.index(True)
    assert first == 10 + 4  # 4 still frames, then a confirming one
    assert all(states[first:])


def test_settle_detector_resets_on_motion_and_noise_is_still():
    rng = np.random.default_rng(0)
    det = tray.SettleDetector(still_frames=3)
    fr = _frames()
    for f in fr[10:16]:
        noisy = np.clip(f.astype(int) + rng.normal(0, 2, f.shape), 0, 255).astype(np.uint8)
        det.update(noisy)
    assert det.stable
    det.update(fr[3])  # someone moves a die
    assert not det.stable
    det.reset()
    assert not det.update(fr[-1])
