"""Label corrections for the dice photo sets (bench/label_errata.toml, eval_dice --errata):
applied where they say, refused with the file and the key when broken or stale."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))


def _photo_set(tmp_path, stem, lines):
    root = tmp_path / "dice-set"
    (root / "labels_yolo").mkdir(parents=True)
    (root / "labels_yolo" / f"{stem}.txt").write_text("\n".join(lines) + "\n")
    return root


def _errata(tmp_path, text):
    from eval_dice import load_errata

    path = tmp_path / "errata.toml"
    path.write_text(text)
    return load_errata(path)


FIX = """
[[die]]
set = "dice-set"
image = "a"
at = [0.25, 0.5]
labelled = 2
shows = 3
why = "three pips"

[[die]]
set = "dice-set"
image = "a"
at = [0.75, 0.5]
size = [0.1, 0.1]
shows = 6
why = "not labelled"
"""


def test_an_erratum_changes_one_value_and_adds_a_missing_die(tmp_path):
    from eval_dice import read_labels

    root = _photo_set(tmp_path, "a", ["1 0.25 0.5 0.1 0.1", "1 0.5 0.5 0.1 0.1"])
    assert [v for v, _ in read_labels(root, "a", 200, 100)] == [2, 2]
    gt = read_labels(root, "a", 200, 100, _errata(tmp_path, FIX))
    assert [v for v, _ in gt] == [3, 2, 6]
    assert gt[2][1] == pytest.approx((140.0, 45.0, 20.0, 10.0))


def test_a_stale_erratum_is_refused(tmp_path):
    from eval_dice import read_labels

    root = _photo_set(tmp_path, "a", ["4 0.25 0.5 0.1 0.1"])  # labelled 5 there, not 2
    with pytest.raises(ValueError, match="dice-set/a at \\[0.25, 0.5\\] finds 0 dice labelled 2"):
        read_labels(root, "a", 200, 100, _errata(tmp_path, FIX))


@pytest.mark.parametrize(
    "change,complaint",
    [
        (("shows = 3", "shows = 7"), r"die\[0\].shows: a face value is 1-6, got 7"),
        (("at = [0.25, 0.5]", "at = [25, 50]"), r"die\[0\].at: expected two numbers 0-1"),
        (('why = "three pips"', 'whyy = "three pips"'), r"die\[0\].why: expected str, got None"),
        (("size = [0.1, 0.1]", "size = 0.1"), r"die\[1\].size: expected list"),
        (('image = "a"\nat', 'image = "a"\ncolour = "red"\nat'), r"die\[0\]: unknown key 'colour'"),
        (("[[die]]", "[[die]"), r"errata.toml: "),
    ],
)
def test_a_broken_erratum_names_the_file_and_the_key(tmp_path, change, complaint):
    with pytest.raises(ValueError, match=complaint) as e:
        _errata(tmp_path, FIX.replace(*change, 1))
    assert "errata.toml" in str(e.value)


def test_the_shipped_errata_apply_to_the_photos():
    """Every erratum of bench/label_errata.toml finds its die (a stale one would be refused)."""
    from eval_dice import REAL, load_errata, read_labels

    if not (REAL / "labels_yolo").is_dir():
        pytest.skip(f"real dice photos not found at {REAL}")
    errata = load_errata()
    assert errata
    for (folder, stem), fixes in errata.items():
        root = REAL.parent / folder
        before = read_labels(root, stem, 640, 640)
        after = read_labels(root, stem, 640, 640, errata)
        assert len(after) - len(before) == sum("labelled" not in d for d in fixes)
        assert before != after
