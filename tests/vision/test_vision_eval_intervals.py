"""How far the dice reader's sure/unsure figures could move on other frames like these
(bench/eval_dice.py --intervals): a seeded bootstrap over the set's frames."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def _tally(frames):
    """A tally of frames given as (dice values, read values, unsure): each die boxed apart."""
    from eval_dice import Tally

    t = Tally("set")
    for truth, read, unsure in frames:
        gt = [(v, (100.0 * k, 0.0, 50.0, 50.0)) for k, v in enumerate(truth)]
        pred = [(v, (100.0 * k, 0.0, 50.0, 50.0), 0.9, not unsure) for k, v in enumerate(read)]
        t.add("frame", pred, gt, unsure, 1.0)
    return t


def test_frames_all_alike_leave_no_room():
    t = _tally([([1, 2], [1, 2], False)] * 10)
    iv = t.intervals()
    assert iv["frames_unsure"] == (0.0, 0.0)
    assert iv["sure_right"] == (1.0, 1.0) and iv["conf_wrong"] == (0.0, 0.0)


def test_two_unsure_frames_of_fourteen_could_be_none_or_a_quarter():
    frames = [([3, 4], [3, 4], False)] * 11 + [([3, 4], [3, 4], True)] * 2 + [([3, 4], [3, 5], False)]
    t = _tally(frames)
    row = t.row()
    assert abs(row["frames_unsure"] - 2 / 14) < 1e-9
    assert abs(row["conf_wrong"] - 1 / 28) < 1e-9
    iv = t.intervals()
    lo, hi = iv["frames_unsure"]
    assert lo == 0.0 and hi >= 0.28
    lo, hi = iv["conf_wrong"]
    assert lo == 0.0 < 1 / 28 < hi
    assert t.intervals() == iv  # seeded: the same figures every run


def test_a_models_folder_with_the_face_network_alone_keeps_the_shipped_detector(
    tmp_path, monkeypatch, capsys
):
    """``eval_dice.py --models DIR`` with only a face network there reads with it and the
    shipped detector (it once looked for the detector there, found none, and the reader fell
    back to the classical one without a word); a folder with neither is refused, and so is a
    file there that is not a network, by its name."""
    import eval_dice

    from vision import net

    monkeypatch.setattr(net, "DETECTOR", net.DETECTOR)
    monkeypatch.setattr(net, "FACE", net.FACE)
    monkeypatch.setattr(net, "_NET", None)
    with pytest.raises(SystemExit) as stop:
        eval_dice.main(["--models", str(tmp_path), "--sets", "synth-pips-64", "--n", "1", "--no-timing"])
    assert stop.value.code == 2
    (tmp_path / net.FACE_FILE).write_bytes(b"not a network")
    with pytest.raises(SystemExit) as stop:
        eval_dice.main(["--models", str(tmp_path), "--sets", "synth-pips-64", "--n", "1", "--no-timing"])
    assert stop.value.code == 2 and net.FACE == net.MODELS / net.FACE_FILE  # nothing taken
    assert f"{tmp_path / net.FACE_FILE}: not a network the dice reader can run" in capsys.readouterr().err
    shutil.copy(net.MODELS / net.FACE_FILE, tmp_path / net.FACE_FILE)
    assert (
        eval_dice.main(["--models", str(tmp_path), "--sets", "synth-pips-64", "--n", "1", "--no-timing"]) == 0
    )
    assert net.FACE == tmp_path / net.FACE_FILE and net.DETECTOR == net.MODELS / net.DETECTOR_FILE
    assert net.available()


def test_one_table_gives_frames_sure_right_sure_wrong_and_unsure_with_intervals():
    from eval_dice import verdict_table

    frames = [([3, 4], [3, 4], False)] * 8 + [([3, 4], [3, 4], True)] + [([3, 4], [3, 5], False)]
    t = _tally(frames)
    row = {**t.row(), "intervals": t.intervals()}
    lo, hi = row["intervals"]["frames_wrong"]
    assert lo == 0.0 and 0.1 <= hi <= 0.4
    assert row["intervals"]["frames_ok"][1] <= 1.0
    line = verdict_table([row]).splitlines()[2]
    assert line.startswith("| set | 10 | 20 | 8 80.0% (") and "| 1 10.0% (0.0%-" in line


def test_the_table_says_how_many_dice_lie_in_frames_of_readable_size():
    """A frame holding a die under 20 px is never sure (the reader asks for the camera closer),
    so its dice cannot count as read: the table says what share of the set's dice that leaves.
    The desk set boxes a face's pips, not the die, so its share is not known."""
    from eval_dice import READABLE, Tally, verdict_table

    t = Tally("set")
    for side in (READABLE, READABLE - 1, 50):  # three frames of two dice each, one die of this side
        gt = [(3, (0.0, 0.0, float(side), float(side))), (4, (100.0, 0.0, 50.0, 50.0))]
        t.add("frame", [(3, gt[0][1], 0.9, True), (4, gt[1][1], 0.9, True)], gt, False, 1.0)
    row = t.row()
    assert abs(row["readable"] - 4 / 6) < 1e-9
    line = verdict_table([{**row, "intervals": t.intervals()}]).splitlines()[2]
    assert line.endswith("| 66.7% |")
    desk = Tally("desk-dev", whole_boxes=False)
    desk.add("frame", [], [(3, (0.0, 0.0, 9.0, 9.0))], True, 1.0)
    assert desk.row()["readable"] is None
    assert verdict_table([{**desk.row(), "intervals": desk.intervals()}]).splitlines()[2].endswith("| n/a |")
