"""Camera: picamera2 against a fake module that follows its documented API, OpenCV on a video
written here, a folder of images, missing devices, and a real-Pi test marked hardware."""

import os
import sys
import types
from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers import CameraError, ConfigError, open_camera, open_camera_with_fallback
from drivers.camera import NullCamera
from drivers.camera.picam import Picamera2Camera


class FakePicamera2:
    """The parts of picamera2.Picamera2 we use, as documented. The scene is pure red."""

    cameras = [
        {
            "Model": "imx708",
            "Location": 2,
            "Rotation": 180,
            "Id": "/base/soc/i2c0mux/i2c@1/imx708@1a",
            "Num": 0,
        }
    ]
    log = []

    @staticmethod
    def global_camera_info():
        return list(FakePicamera2.cameras)

    def __init__(self, camera_num=0):
        self.log.append(("init", camera_num))
        self.format = None
        self.size = None

    def create_still_configuration(self, main=None, lores=None, raw=None, **kw):
        self.log.append(("create_still_configuration", dict(main or {})))
        return {"use_case": "still", "main": dict(main or {}), "buffer_count": 1}

    def configure(self, config):
        self.log.append(("configure", config["use_case"]))
        self.format = config["main"]["format"]
        self.size = config["main"]["size"]

    def start(self):
        self.log.append(("start",))

    def capture_metadata(self):
        self.log.append(("capture_metadata",))
        return {
            "ExposureTime": 16000,
            "AnalogueGain": 2.5,
            "ColourGains": (1.9, 1.6),
            "Lux": 250.0,
            "AeLocked": True,
        }

    def set_controls(self, controls):
        self.log.append(("set_controls", dict(controls)))

    def capture_array(self, name="main"):
        w, h = self.size
        r, g, b = 255, 0, 0  # a red scene
        # libcamera's RGB888 is stored B, G, R per pixel; BGR888 is stored R, G, B
        px = {"RGB888": (b, g, r), "BGR888": (r, g, b), "XRGB8888": (b, g, r, 255)}[self.format]
        return np.tile(np.array(px, np.uint8), (h, w, 1))

    def stop(self):
        self.log.append(("stop",))

    def close(self):
        self.log.append(("close",))


@pytest.fixture
def fake_picamera2(monkeypatch):
    mod = types.ModuleType("picamera2")
    mod.Picamera2 = FakePicamera2
    FakePicamera2.log = []
    monkeypatch.setitem(sys.modules, "picamera2", mod)
    return FakePicamera2


def test_picamera2_bgr_frames_and_locked_exposure(fake_picamera2):
    cam = open_camera({"type": "picamera2", "width": 640, "height": 480, "settle_s": 0.0})
    frame = cam.read()
    assert frame.shape == (480, 640, 3) and frame.dtype == np.uint8
    assert tuple(frame[0, 0]) == (0, 0, 255)  # red lands in OpenCV's R (index 2)
    assert cv2.cvtColor(frame[:1, :1], cv2.COLOR_BGR2HSV)[0, 0, 0] in (0, 179)  # hue red
    names = [c[0] for c in fake_picamera2.log]
    assert names == [
        "init",
        "create_still_configuration",
        "configure",
        "start",
        "capture_metadata",
        "set_controls",
    ]
    assert fake_picamera2.log[1][1] == {"format": "RGB888", "size": (640, 480)}
    assert fake_picamera2.log[-1][1] == {
        "ExposureTime": 16000,
        "AnalogueGain": 2.5,
        "ColourGains": (1.9, 1.6),
        "AeEnable": False,
        "AwbEnable": False,
    }
    cam.close()
    assert [c[0] for c in fake_picamera2.log[-2:]] == ["stop", "close"]
    with pytest.raises(CameraError, match="closed"):
        cam.read()


def test_picamera2_settle_time_is_waited_before_locking(fake_picamera2):
    slept = []
    Picamera2Camera(size=(320, 240), settle_s=1.5, sleep=slept.append)
    assert slept == [1.5]
    FakePicamera2.log = []
    Picamera2Camera(size=(320, 240), lock_controls=False, sleep=slept.append)
    assert "set_controls" not in [c[0] for c in FakePicamera2.log]


def test_picamera2_missing_camera_names_it(fake_picamera2, monkeypatch):
    monkeypatch.setattr(FakePicamera2, "cameras", [])
    with pytest.raises(CameraError, match=r"camera 0 \(picamera2\): not found; libcamera sees 0 camera"):
        open_camera({"type": "picamera2"})
    monkeypatch.setattr(FakePicamera2, "cameras", [{"Model": "imx219"}])
    with pytest.raises(CameraError, match=r"camera 1 .*sees 1 camera\(s\): imx219"):
        open_camera({"type": "picamera2", "camera": 1})


def test_picamera2_not_importable_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import picamera2 -> ImportError
    with pytest.raises(CameraError, match="python3-picamera2"):
        open_camera({"type": "picamera2"})
    cam, reason = open_camera_with_fallback({"type": "picamera2"})
    assert isinstance(cam, NullCamera) and "picamera2" in reason and cam.available is False
    with pytest.raises(CameraError, match="by hand"):
        cam.read()


@pytest.mark.hardware
def test_real_picamera2_reads_a_bgr_frame():
    pytest.importorskip("picamera2", reason="picamera2 exists only on a Raspberry Pi (apt python3-picamera2)")
    with open_camera({"type": "picamera2", "width": 640, "height": 480, "settle_s": 1.0}) as cam:
        f = cam.read()
        assert f.shape == (480, 640, 3) and f.dtype == np.uint8 and f.std() > 0
        assert set(cam.locked) == {"ExposureTime", "AnalogueGain", "ColourGains"}


# ---------------------------------------------------------------------------------- opencv
COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]  # BGR: blue, green, red


@pytest.fixture
def video(tmp_path):
    path = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    assert w.isOpened()
    for c in COLOURS:
        w.write(np.full((48, 64, 3), c, np.uint8))
    w.release()
    return path


def test_opencv_video_file_frames_in_bgr_and_loops(video):
    cam = open_camera({"type": "opencv", "source": str(video)})
    got = [cam.read() for _ in range(4)]
    assert all(f.shape == (48, 64, 3) for f in got)
    assert [int(np.argmax(f[24, 32])) for f in got] == [0, 1, 2, 0]  # looped back to blue
    cam.close()
    cam2 = open_camera({"type": "opencv", "source": str(video), "loop": False})
    for _ in COLOURS:
        cam2.read()
    with pytest.raises(CameraError, match="end of video"):
        cam2.read()


def test_a_video_kept_under_dev_shm_is_a_file_and_a_missing_dev_name_a_camera(video):
    """A video recorded to memory (/dev/shm on a Pi, to spare the SD card) is played as a file,
    not refused as an unplugged camera."""
    from drivers.camera.opencv import is_device

    assert is_device(0) and is_device("/dev/video57") and is_device("/dev/v4l/by-id/usb-cam")
    assert not is_device(str(video)) and not is_device("/dev/shm/table.mp4")
    if os.path.exists("/dev/null"):
        assert is_device("/dev/null")  # a character device, whatever its name
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        kept = shm / f"companion-test-{os.getpid()}.avi"
        kept.write_bytes(video.read_bytes())
        try:
            cam = open_camera({"type": "opencv", "source": str(kept)})
            assert cam.read().shape == (48, 64, 3)
            cam.close()
        finally:
            kept.unlink()


def test_opencv_missing_camera_names_the_device(tmp_path):
    with pytest.raises(CameraError, match=r"/dev/video57"):
        open_camera({"type": "opencv", "source": 57})
    with pytest.raises(CameraError, match=r"/dev/video9 "):
        open_camera({"type": "opencv", "source": "/dev/video9"})
    with pytest.raises(CameraError, match=r"video file .*nope\.mp4.*not found"):
        open_camera({"type": "opencv", "source": str(tmp_path / "nope.mp4")})
    bad = tmp_path / "junk.avi"
    bad.write_bytes(b"not a video")
    with pytest.raises(CameraError, match="junk.avi"):
        open_camera({"type": "opencv", "source": str(bad)}).read()


# ---------------------------------------------------------------------------------- folder
def test_folder_cycles_sorted_images(tmp_path):
    for name, c in [("b.png", COLOURS[1]), ("a.jpg", COLOURS[0]), ("c.bmp", COLOURS[2])]:
        cv2.imwrite(str(tmp_path / name), np.full((10, 12, 3), c, np.uint8))
    cv2.imwrite(str(tmp_path / "d_gray.png"), np.full((10, 12), 200, np.uint8))
    (tmp_path / "notes.txt").write_text("ignored")
    cam = open_camera({"type": "folder", "path": str(tmp_path)})
    frames = [cam.read() for _ in range(5)]
    assert [int(np.argmax(f[5, 5])) for f in frames[:3]] == [0, 1, 2]
    assert frames[3].shape == (10, 12, 3) and tuple(frames[3][0, 0]) == (200, 200, 200)
    assert cam.current.name == "a.jpg"  # cycled
    once = open_camera({"type": "folder", "path": str(tmp_path), "loop": False})
    for _ in range(4):
        once.read()
    with pytest.raises(CameraError, match="no more images"):
        once.read()


@pytest.mark.parametrize(
    "turns, corner, shape",
    [
        (0, (0, 0), (10, 12, 3)),
        (1, (0, 9), (12, 10, 3)),
        (2, (9, 11), (10, 12, 3)),
        (3, (11, 0), (12, 10, 3)),
    ],
)
def test_rotate_turns_every_frame_clockwise(tmp_path, turns, corner, shape):
    """``rotate`` quarter turns clockwise, for any camera type: the top-left mark goes to the
    top-right corner after one turn, bottom-right after two, bottom-left after three."""
    img = np.zeros((10, 12, 3), np.uint8)
    img[0, 0] = (255, 255, 255)
    cv2.imwrite(str(tmp_path / "a.png"), img)
    with open_camera({"type": "folder", "path": str(tmp_path), "rotate": turns}) as cam:
        f = cam.read()
        assert f.shape == shape and f.flags["C_CONTIGUOUS"]
        assert tuple(f[corner]) == (255, 255, 255) and int(f.sum()) == 3 * 255
        assert ("turned" in cam.name) == (turns > 0) and cam.kind == "folder"


def test_rotate_leaves_no_camera_as_no_camera():
    cam = open_camera({"type": "null", "rotate": 2})
    assert isinstance(cam, NullCamera) and cam.available is False


def test_folder_errors(tmp_path):
    with pytest.raises(CameraError, match="no images"):
        open_camera({"type": "folder", "path": str(tmp_path)})
    with pytest.raises(CameraError, match="missing.*not found"):
        open_camera({"type": "folder", "path": str(tmp_path / "missing")})
    (tmp_path / "x.png").write_bytes(b"broken")
    with pytest.raises(CameraError, match="cannot read x.png"):
        open_camera({"type": "folder", "path": str(tmp_path)}).read()


@pytest.mark.parametrize(
    "cfg, key",
    [
        ({"type": "webcam"}, "camera.type"),
        ({"type": "opencv", "source": -1}, "camera.source"),
        ({"type": "opencv", "source": 1.5}, "camera.source"),
        ({"type": "picamera2", "width": 10}, "camera.width"),
        ({"type": "folder"}, "camera.path"),
        ({"type": "folder", "path": "x", "cycle": True}, "camera.cycle"),
        ({"type": "folder", "path": "x", "rotate": 4}, "camera.rotate"),
        ({"type": "null", "rotate": "half"}, "camera.rotate"),
    ],
)
def test_bad_camera_config_names_the_key(cfg, key):
    with pytest.raises(ConfigError) as e:
        open_camera(cfg)
    assert str(e.value).startswith(key + ":")


def test_turning_without_opencv_gives_the_same_frame(monkeypatch):
    from drivers.camera.turned import turn

    frame = np.arange(4 * 6 * 3, dtype=np.uint8).reshape(4, 6, 3)
    with_cv2 = [turn(frame, k) for k in (1, 2, 3)]
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 -> ImportError
    for k, want in zip((1, 2, 3), with_cv2):
        got = turn(frame, k)
        assert np.array_equal(got, want) and got.flags["C_CONTIGUOUS"]
