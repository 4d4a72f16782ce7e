"""The emulated cameras as a new user feeds them: a folder of their own photos with a bad file
among the good ones, a folder of iPhone photos, a file given for the folder, a folder or a
photo given for the video, a video that ends or holds no frame, names that are not UTF-8. Each
bad input is a CameraError naming the file and what is wrong, never a traceback or a crash,
and the camera goes on with the next frame: a roll is asked on the buttons, the game goes on."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers import CameraError, open_camera, open_camera_with_fallback
from drivers.camera import NullCamera

ROOT = Path(__file__).resolve().parents[2]
HEIC = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200)


def _frame(level: int) -> np.ndarray:
    img = np.full((48, 64, 3), level, np.uint8)
    img[10:30, 20:40] = 255 - level
    return img


def _jpeg(img) -> bytes:
    return cv2.imencode(".jpg", img)[1].tobytes()


def _in_own_process(code: str) -> subprocess.CompletedProcess:
    """Python code in its own process: a crash inside OpenCV ends that process, not the tests."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


# ---------------------------------------------------------------------------------- folder
def test_a_bad_file_among_good_ones_is_named_with_why_and_the_next_read_goes_on(tmp_path):
    """The user's folder: good photos, a JPEG cut short in copying (OpenCV returned it as a
    frame, its lower half grey), an empty file, a text file named .png, an iPhone photo."""
    (tmp_path / "1.jpg").write_bytes(_jpeg(_frame(40)))
    (tmp_path / "2.jpg").write_bytes(_jpeg(_frame(80))[:300])
    (tmp_path / "3.jpg").write_bytes(b"")
    (tmp_path / "4.png").write_text("not a photo")
    (tmp_path / "5.HEIC").write_bytes(HEIC)
    cv2.imwrite(str(tmp_path / "6.webp"), _frame(120))
    cam = open_camera({"type": "folder", "path": str(tmp_path)})
    seen = []
    for _ in range(6):
        try:
            seen.append(cam.read().shape)
        except CameraError as e:
            seen.append(str(e))
    folder = f"image folder {tmp_path}: cannot read"
    assert seen == [
        (48, 64, 3),
        f"{folder} 2.jpg: a JPEG cut short or damaged (its picture has no end): "
        "copy it again from the camera",
        f"{folder} 3.jpg: an empty file (0 bytes), not a JPEG or PNG OpenCV can decode",
        f"{folder} 4.png: not a JPEG or PNG OpenCV can decode",
        (48, 64, 3),
        (48, 64, 3),
    ]  # the HEIC is no image of the folder; looped
    assert cam.current.name == "1.jpg"


def test_a_folder_of_iphone_photos_says_heic(tmp_path):
    (tmp_path / "IMG_0001.HEIC").write_bytes(HEIC)
    with pytest.raises(
        CameraError,
        match=r"no images .*; IMG_0001.HEIC is a HEIC photo, which OpenCV cannot "
        r"decode: save it as JPEG",
    ):
        open_camera({"type": "folder", "path": str(tmp_path)})
    cam, reason = open_camera_with_fallback({"type": "folder", "path": str(tmp_path)})
    assert isinstance(cam, NullCamera) and "HEIC" in reason  # the device goes on without it


def test_a_photo_given_for_the_folder_says_so(tmp_path):
    photo = tmp_path / "roll.jpg"
    photo.write_bytes(_jpeg(_frame(40)))
    with pytest.raises(
        CameraError, match=r"roll.jpg: a file, not a folder; give the folder that holds the images"
    ):
        open_camera({"type": "folder", "path": str(photo)})


def test_an_empty_folder_falls_back_to_no_camera(tmp_path):
    cam, reason = open_camera_with_fallback({"type": "folder", "path": str(tmp_path)})
    assert isinstance(cam, NullCamera) and f"image folder {tmp_path}: no images" in reason


def test_a_photo_taken_away_while_the_camera_runs_is_named(tmp_path):
    for k in range(2):
        (tmp_path / f"{k}.jpg").write_bytes(_jpeg(_frame(40 * k)))
    cam = open_camera({"type": "folder", "path": str(tmp_path)})
    (tmp_path / "0.jpg").unlink()
    with pytest.raises(CameraError, match=r"cannot read 0.jpg: no longer there"):
        cam.read()
    assert cam.read().shape == (48, 64, 3)


def test_a_photo_that_cannot_be_read_says_permission_denied(tmp_path, unreadable):
    photo = tmp_path / "locked.jpg"
    photo.write_bytes(_jpeg(_frame(40)))
    unreadable(photo)
    cam = open_camera({"type": "folder", "path": str(tmp_path)})
    with pytest.raises(CameraError, match=r"cannot read locked.jpg: Permission denied"):
        cam.read()


def test_a_photo_named_in_latin1_is_read_not_a_crash(tmp_path):
    """A camera card's ``café.jpg`` whose name is the byte 0xE9, not UTF-8: OpenCV's imread
    crashed the device on it."""
    (tmp_path / os.fsdecode(b"caf\xe9.jpg")).write_bytes(_jpeg(_frame(40)))
    done = _in_own_process(
        f"from drivers import open_camera\n"
        f"cam = open_camera({{'type': 'folder', 'path': {str(tmp_path)!r}}})\n"
        f"print(cam.read().shape, ascii(cam.current.name))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().strip() == "(48, 64, 3) 'caf\\udce9.jpg'"


def test_a_bad_frame_makes_one_roll_unsure_and_the_next_roll_reads(tmp_path):
    """The device's camera dice on the folder camera: the roll whose frame is bad is asked on
    the buttons with the file named; the next roll is read from the next photos."""
    from companion.device.camera_dice import CameraDice
    from companion.engine.core import ChanceSpec
    from vision import synth

    img = np.full((240, 300, 3), 150, np.uint8)
    synth.draw_die(img, 4, "white", (150, 120), 72, 10.0, (150, 120), 1e6)
    (tmp_path / "a.jpg").write_bytes(b"")
    for k in range(6):
        cv2.imwrite(str(tmp_path / f"b{k}.png"), img)
    dice = CameraDice(
        open_camera({"type": "folder", "path": str(tmp_path)}),
        tmp_path / "vision",
        settle_frames=2,
        timeout_s=5.0,
    )
    spec = ChanceSpec("roll", tuple("123456"), 1, die="d6")
    first = dice.read_roll(spec, "pips")
    assert first.action is None and first.unsure
    assert first.reasons == [
        f"image folder {tmp_path}: cannot read a.jpg: an empty file (0 bytes), "
        "not a JPEG or PNG OpenCV can decode"
    ]
    second = dice.read_roll(spec, "pips")
    assert second.values == ["4"] and second.action == spec.outcome(["4"])


# ---------------------------------------------------------------------------------- opencv
@pytest.fixture
def clip(tmp_path):
    path = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for k in range(3):
        w.write(_frame(60 * k))
    w.release()
    return path


def test_a_video_that_ends_loops_or_says_end_of_video(clip):
    looped = open_camera({"type": "opencv", "source": str(clip)})
    assert len([looped.read() for _ in range(7)]) == 7
    once = open_camera({"type": "opencv", "source": str(clip), "loop": False})
    for _ in range(3):
        once.read()
    with pytest.raises(CameraError, match=r"clip.avi \(opencv\): end of video"):
        once.read()


def test_a_folder_given_for_the_video_points_to_the_folder_camera(tmp_path):
    with pytest.raises(
        CameraError,
        match=r"video file .* \(opencv\): a folder; for a folder of images use "
        r'type = "folder"',
    ):
        open_camera({"type": "opencv", "source": str(tmp_path)})


def test_a_photo_given_for_the_video_loops_as_a_still_scene(tmp_path):
    """OpenCV opens one photo as a video of one frame that cannot be rewound: it ended after
    one read although ``loop`` is on."""
    cv2.imwrite(str(tmp_path / "tray.png"), _frame(90))
    cam = open_camera({"type": "opencv", "source": str(tmp_path / "tray.png")})
    frames = [cam.read() for _ in range(4)]
    assert all(np.array_equal(f, frames[0]) for f in frames)


@pytest.mark.parametrize(
    "content, why",
    [
        (b"", "an empty file (0 bytes)"),
        (b"this is not a video at all" * 10, "not a video OpenCV can decode"),
    ],
)
def test_a_video_file_that_cannot_be_opened_says_why(tmp_path, content, why):
    (tmp_path / "clip.mp4").write_bytes(content)
    with pytest.raises(
        CameraError, match=rf"video file .*clip.mp4 \(opencv\): cannot open: {re.escape(why)}"
    ):
        open_camera({"type": "opencv", "source": str(tmp_path / "clip.mp4")})
    cam, reason = open_camera_with_fallback({"type": "opencv", "source": str(tmp_path / "clip.mp4")})
    assert isinstance(cam, NullCamera) and why in reason


def test_a_video_without_frames_says_so_not_end_of_video(tmp_path):
    path = tmp_path / "none.avi"
    cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48)).release()
    cam = open_camera({"type": "opencv", "source": str(path)})
    with pytest.raises(
        CameraError,
        match=r"none.avi \(opencv\): no frame in it: an empty video, or one OpenCV "
        r"cannot decode",
    ):
        cam.read()


def test_a_video_named_in_latin1_is_refused_by_name_not_a_crash(tmp_path, clip):
    name = tmp_path / os.fsdecode(b"caf\xe9.avi")
    clip.rename(name)
    done = _in_own_process(
        f"from drivers import open_camera_with_fallback\n"
        f"cam, reason = open_camera_with_fallback({{'type': 'opencv', 'source': {str(name)!r}}})\n"
        f"print(reason)"
    )
    assert done.returncode == 0, done.stderr
    assert (
        "caf\\xe9.avi (opencv): the name is not UTF-8, which OpenCV cannot open; rename the file"
        in done.stdout.decode()
    )


def test_a_missing_camera_device_names_it(tmp_path):
    cam, reason = open_camera_with_fallback({"type": "opencv", "source": 63})
    assert isinstance(cam, NullCamera) and "/dev/video63 (opencv): not found" in reason
