"""`companion dice read`, `dice calibrate`, `dice markers` and `kick judge` with the files a
new user's own camera makes (a phone's JPEG turned by its EXIF tag, PNG with alpha or 16 bits,
grey-scale, WebP, TIFF, BMP, a 32x32 thumbnail, names with spaces or bytes that are not UTF-8)
and with bad ones (a JPEG cut short, an empty file, an iPhone's HEIC, a text file, a folder, a
pipe, a file that cannot be read, a folder that cannot be written): each good one is read as
the plain PNG is, each bad one is named with what is wrong, no traceback, nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision import synth

ROOT = Path(__file__).resolve().parents[2]
VALUES = [2, 5]


def _dice() -> np.ndarray:
    """Two white pip dice on a grey table, as a photo shows them."""
    img = np.full((240, 450, 3), 150, np.uint8)
    for k, v in enumerate(VALUES):
        c = (150 * (k + 1), 120)
        synth.draw_die(img, v, "white", c, 72, 15.0 * k, c, 1e6)
    return img


def _jpeg(img: np.ndarray, **kw) -> bytes:
    return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 95, *kw.get("params", [])])[1].tobytes()


def _with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """``jpeg`` with an EXIF APP1 segment holding only the Orientation tag (0x0112), as a
    phone writes it: the pixels stay as the sensor saw them, the tag says how to turn them."""
    ifd = (
        b"\x00\x01"
        + b"\x01\x12"
        + b"\x00\x03"
        + b"\x00\x00\x00\x01"
        + orientation.to_bytes(2, "big")
        + b"\x00\x00"
        + b"\x00\x00\x00\x00"
    )
    body = b"Exif\x00\x00" + b"MM\x00\x2a\x00\x00\x00\x08" + ifd
    return jpeg[:2] + b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body + jpeg[2:]


def _read(capsys, *paths, extra=()) -> tuple[int, list[dict], str]:
    """``companion dice read PATHS --json``: exit code, one JSON object per image, stderr."""
    rc = main(["dice", "read", *map(str, paths), "--json", *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return rc, [json.loads(line) for line in out.splitlines()], err


def _values(line: dict) -> list:
    return sorted(d["value"] for d in line["dice"])


def _snapshot(folder: Path) -> dict:
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


# --- what a new user's camera writes: read as the plain PNG is ---------------------------------


@pytest.mark.parametrize(
    "orientation, stored",
    [(3, cv2.ROTATE_180), (6, cv2.ROTATE_90_COUNTERCLOCKWISE), (8, cv2.ROTATE_90_CLOCKWISE)],
)
def test_a_phone_photo_turned_by_its_exif_tag_reads_as_the_upright_photo(
    tmp_path, capsys, orientation, stored
):
    """A phone held sideways stores the sensor's pixels and an Orientation tag; the reading
    (values and boxes) is that of the upright photo."""
    upright = _dice()
    (tmp_path / "upright.jpg").write_bytes(_jpeg(upright))
    (tmp_path / "phone.jpg").write_bytes(_with_orientation(_jpeg(cv2.rotate(upright, stored)), orientation))
    rc, (want, got), _ = _read(capsys, tmp_path / "upright.jpg", tmp_path / "phone.jpg")
    assert rc == 0 and _values(want) == VALUES and not got["unsure"]
    assert [d["value"] for d in got["dice"]] == [d["value"] for d in want["dice"]]
    for a, b in zip(got["dice"], want["dice"]):  # the same place, but for the JPEG's own rounding
        assert np.abs(np.subtract(a["box"], b["box"])).max() <= 2, (a, b)


def _alpha(img):
    return np.dstack([img, np.full(img.shape[:2], 255, np.uint8)])


@pytest.mark.parametrize(
    "name, make",
    [
        ("alpha.png", _alpha),
        ("deep.png", lambda img: img.astype(np.uint16) * 257),
        ("grey.png", lambda img: cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)),
        ("grey.jpg", lambda img: cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)),
        ("photo.webp", lambda img: img),
        ("photo.tiff", lambda img: img),
        ("photo.bmp", lambda img: img),
        ("with space é.png", lambda img: img),
    ],
)
def test_other_formats_and_names_read_as_the_plain_png(tmp_path, capsys, name, make):
    """PNG with an alpha channel or 16 bits a channel, grey-scale, WebP, TIFF, BMP, a name with
    a space and an accent: the same dice as the 8-bit colour PNG."""
    assert cv2.imwrite(str(tmp_path / name), make(_dice()))
    rc, (line,), _ = _read(capsys, tmp_path / name)
    assert (
        rc == 0 and line["image"] == str(tmp_path / name) and _values(line) == VALUES and not line["unsure"]
    )


@pytest.mark.parametrize("side", [32, 16, 1])
def test_a_thumbnail_is_read_as_unsure_not_an_error(tmp_path, capsys, side):
    """A 32x32 thumbnail sent by mistake: dice of 10 px, read unsure; smaller, none found."""
    cv2.imwrite(str(tmp_path / "thumb.png"), cv2.resize(_dice(), (side, side), interpolation=cv2.INTER_AREA))
    rc, (line,), _ = _read(capsys, tmp_path / "thumb.png")
    assert rc == 0 and "error" not in line and line["unsure"] and line["reasons"]


def test_several_photos_with_one_bad_read_the_good_ones_and_fail(tmp_path, capsys):
    """`dice read *.jpg` in a folder with one broken file: every good photo is read, in order,
    the bad one is named, and the exit code says something failed."""
    cv2.imwrite(str(tmp_path / "a.png"), _dice())
    (tmp_path / "b.txt").write_text("shopping list")
    cv2.imwrite(str(tmp_path / "c d.png"), _dice())
    rc, lines, _ = _read(capsys, tmp_path / "a.png", tmp_path / "b.txt", tmp_path / "c d.png")
    assert rc == 1 and [Path(x["image"]).name for x in lines] == ["a.png", "b.txt", "c d.png"]
    assert _values(lines[0]) == _values(lines[2]) == VALUES
    assert "not a JPEG or PNG OpenCV can decode" in lines[1]["error"]


# --- bad files: named with what is wrong ------------------------------------------------------


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_a_jpeg_cut_short_is_refused_not_read_as_half_a_photo(tmp_path, capsys, keep):
    """A copy interrupted (a card pulled out, a download stopped): OpenCV decodes the part that
    is there and paints the rest grey, so a die there would be missed while the others are read
    surely. It is refused by name, as is a progressive JPEG (the phones' web format)."""
    for name, params in (("cut.jpg", []), ("cut-progressive.jpg", [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])):
        whole = _jpeg(_dice(), params=params)
        (tmp_path / name).write_bytes(whole[: int(len(whole) * keep)])
        rc, (line,), err = _read(capsys, tmp_path / name)
        assert (
            rc == 1
            and "a JPEG cut short or damaged" in line["error"]
            and str(tmp_path / name) in line["error"]
        )
        assert "Premature end of JPEG file" not in err  # libjpeg's own words never reach the user


def test_a_whole_jpeg_with_something_after_it_still_reads(tmp_path, capsys):
    """A motion photo: the phone appends a video after the picture's end."""
    (tmp_path / "motion.jpg").write_bytes(_jpeg(_dice()) + bytes(range(256)) * 200)
    rc, (line,), _ = _read(capsys, tmp_path / "motion.jpg")
    assert rc == 0 and _values(line) == VALUES


@pytest.mark.parametrize(
    "name, content",
    [
        ("IMG_0001.HEIC", b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200)),
        (
            "IMG_0002.jpg",
            b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200),
        ),  # renamed, still HEIC
    ],
)
def test_an_iphone_heic_photo_is_named_as_heic(tmp_path, capsys, name, content):
    (tmp_path / name).write_bytes(content)
    rc, (line,), _ = _read(capsys, tmp_path / name)
    assert rc == 1 and "a HEIC photo, which OpenCV cannot decode: save it as JPEG" in line["error"]


def test_an_empty_file_says_it_is_empty(tmp_path, capsys):
    (tmp_path / "empty.jpg").write_bytes(b"")
    rc, (line,), _ = _read(capsys, tmp_path / "empty.jpg")
    assert rc == 1 and "an empty file (0 bytes)" in line["error"]


def test_a_file_that_cannot_be_read_says_permission_denied(tmp_path, capsys, unreadable):
    """Not "not a JPEG or PNG": the photo may be fine, the user may not read it."""
    photo = tmp_path / "locked.png"
    cv2.imwrite(str(photo), _dice())
    unreadable(photo)
    rc, (line,), _ = _read(capsys, photo)
    assert rc == 1 and line["error"] == f"cannot read image {photo}: Permission denied"


def test_a_pipe_is_refused_without_waiting_on_it(tmp_path, capsys):
    """A named pipe (or a device) is not a photo: refused at once, never read (which would wait)."""
    os.mkfifo(tmp_path / "pipe.jpg")
    rc, (line,), _ = _read(capsys, tmp_path / "pipe.jpg")
    assert rc == 1 and "not a regular file" in line["error"]


def _run(argv, cwd, env=None):
    """The CLI in its own process: a crash inside OpenCV ends that process, not the tests."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *argv],
        cwd=cwd,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def test_a_name_that_is_not_utf8_is_read_and_annotated(tmp_path):
    """A camera card's file named in Latin-1 (``café`` as the byte 0xE9): OpenCV crashed on
    such a name; read and annotated now, and printed even to a terminal that takes only UTF-8."""
    name = os.fsdecode(b"caf\xe9.png")
    cv2.imencode(".png", _dice())[1].tofile(str(tmp_path / name))
    ann = tmp_path / os.fsdecode(b"ann\xe9")
    done = _run(
        ["dice", "read", name, "--annotate", str(ann)], tmp_path, {"PYTHONIOENCODING": "utf-8:strict"}
    )
    assert done.returncode == 0, done.stderr
    first, *rest = done.stdout.decode().splitlines()
    assert first in ("caf\\xe9.png: 2 5", "caf\\xe9.png: 5 2")
    assert all(line.startswith("  advice: ") for line in rest)  # the drawn dice's grey card: no colour
    assert (ann / os.fsdecode(b"caf\xe9.dice.png")).is_file()


def test_a_folder_that_cannot_be_written_is_named_not_ignored(tmp_path, capsys):
    """`--annotate` and `dice markers` into a folder no one can write (Linux's /proc): they said
    nothing and exited 0, the user then looked for files that were never written."""
    cv2.imwrite(str(tmp_path / "a.png"), _dice())
    assert main(["dice", "read", str(tmp_path / "a.png"), "--annotate", "/proc"]) == 2
    assert "--annotate: cannot write /proc/a.dice.png" in capsys.readouterr().err
    assert main(["dice", "markers", "/proc/sheet.png"]) == 2
    captured = capsys.readouterr()
    assert "dice markers: cannot write /proc/sheet.png" in captured.err and "written" not in captured.out


def test_calibrate_with_a_broken_shot_writes_no_gallery(tmp_path, capsys):
    """`dice calibrate` with one shot cut short: named, and no gallery built from half a photo."""
    shots = []
    for k, frame in enumerate(synth.icon_calibration_shots("offense", seed=4, face_px=72)["ball"]):
        shots.append(tmp_path / f"ball{k}.jpg")
        shots[-1].write_bytes(_jpeg(frame))
    shots[1].write_bytes(shots[1].read_bytes()[:2000])
    before = _snapshot(tmp_path)
    assert (
        main(["dice", "calibrate", "--gallery", str(tmp_path / "gal"), "--face", "ball", *map(str, shots)])
        == 2
    )
    assert f"cannot read image {shots[1]}: a JPEG cut short" in capsys.readouterr().err
    assert _snapshot(tmp_path) == before


def test_kick_judge_with_a_broken_after_photo_names_it(tmp_path, capsys):
    ref, _ = synth.lid_reference(2)
    sc = synth.kick_scene(9, "post60", post="right", y_frac=0.3)
    cv2.imwrite(str(tmp_path / "ref.png"), ref)
    cv2.imwrite(str(tmp_path / "before.png"), sc.before)
    (tmp_path / "after.jpg").write_bytes(_jpeg(sc.after)[:3000])
    assert (
        main(
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
        == 0
    )
    capsys.readouterr()
    before = _snapshot(tmp_path)
    assert (
        main(
            [
                "kick",
                "judge",
                "--before",
                str(tmp_path / "before.png"),
                "--after",
                str(tmp_path / "after.jpg"),
                "--calibration",
                str(tmp_path / "lid.json"),
                "--annotate",
                str(tmp_path / "ann"),
            ]
        )
        == 2
    )
    assert f"cannot read image {tmp_path / 'after.jpg'}: a JPEG cut short" in capsys.readouterr().err
    assert _snapshot(tmp_path) == before


def test_the_stand_alone_entry_names_a_bad_photo_without_a_traceback(tmp_path, capsys):
    """`python -m vision.cli dice calibrate ... notes.txt` printed OSError's traceback."""
    from vision import cli

    (tmp_path / "notes.txt").write_text("not a photo")
    assert (
        cli.main(
            [
                "dice",
                "calibrate",
                "--gallery",
                str(tmp_path / "gal"),
                "--face",
                "1",
                str(tmp_path / "notes.txt"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("vision: cannot read image") and "notes.txt" in err
    assert not (tmp_path / "gal").exists()
