"""The networks' two paths: OpenCV's dnn module (the default) and the numpy fallback that reads
the same ONNX files (vision/onnx_numpy.py). Both must give the same readings."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import net, onnx_numpy, synth

WEBCAM = net.MODELS.parents[2] / "shared" / "data" / "dice-real-webcam-floor" / "images"


@pytest.mark.parametrize(
    "path,shape", [(net.DETECTOR, (1, 3, 72, 96)), (net.FACE, (5, 3, net.CROP, net.CROP))]
)
def test_both_paths_compute_the_same_outputs(path, shape):
    x = np.random.default_rng(7).normal(0, 1, shape).astype(np.float32)
    dnn = cv2.dnn.readNetFromONNX(str(path))
    dnn.setInput(x)
    fallback = onnx_numpy.NumpyNet(path)
    fallback.setInput(x)
    want, got = dnn.forward(), fallback.forward()
    assert got.shape == want.shape
    assert np.abs(got - want).max() < 1e-3 * max(1.0, float(np.abs(want).max()))


def _frames():
    yield synth.dice_scene(seed=31, kind="pips", face_px=64, n_dice=5, size=(960, 720)).image
    yield synth.dice_scene(seed=32, kind="pips", face_px=56, n_dice=4, size=(960, 720), camera="webcam").image
    real = sorted(WEBCAM.glob("*.jpg"))[:2] if WEBCAM.is_dir() else []
    for p in real:
        yield cv2.imread(str(p))


def test_both_paths_give_the_same_readings():
    frames = list(_frames())
    want = [net.read_dice(f).to_json() for f in frames]
    net.use_backend("numpy")
    try:
        assert net.model().backend == "numpy"
        got = [net.read_dice(f).to_json() for f in frames]
    finally:
        net.use_backend("auto")
    assert net.model().backend == "dnn"
    for w, g in zip(want, got):
        assert [d["value"] for d in g["dice"]] == [d["value"] for d in w["dice"]]
        assert [d["box"] for d in g["dice"]] == [d["box"] for d in w["dice"]]
        assert g["unsure"] == w["unsure"] and g["reasons"] == w["reasons"]
        assert all(abs(a["confidence"] - b["confidence"]) <= 0.002 for a, b in zip(g["dice"], w["dice"]))


def test_auto_falls_back_to_numpy_when_dnn_cannot_read_the_file(monkeypatch):
    def refuse(path, *engine):
        raise cv2.error("this OpenCV cannot import the model")

    monkeypatch.setattr(cv2.dnn, "readNetFromONNX", refuse)
    m = net.DiceNet(backend="auto")
    assert m.backend == "numpy"
    with pytest.raises(cv2.error):
        net.DiceNet(backend="dnn")


def test_an_unknown_backend_or_operator_is_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match="backend must be one of"):
        net.DiceNet(backend="tpu")
    blob = net.DETECTOR.read_bytes().replace(b"Relu", b"Selu")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(blob)
    with pytest.raises(ValueError, match="Selu"):
        onnx_numpy.NumpyNet(bad)


def test_conv_matches_a_direct_sum():
    rng = np.random.default_rng(3)
    x = rng.normal(0, 1, (1, 2, 9, 11)).astype(np.float32)
    w = rng.normal(0, 1, (3, 2, 3, 3)).astype(np.float32)
    b = rng.normal(0, 1, 3).astype(np.float32)
    got = onnx_numpy.conv(x, w, b, strides=(2, 2), pads=(2, 2, 2, 2), dilations=(2, 2))
    xp = np.pad(x, ((0, 0), (0, 0), (2, 2), (2, 2)))
    oh, ow = (xp.shape[2] - 5) // 2 + 1, (xp.shape[3] - 5) // 2 + 1
    want = np.zeros((1, 3, oh, ow), np.float32)
    for o in range(3):
        for i in range(oh):
            for j in range(ow):
                want[0, o, i, j] = (xp[0, :, 2 * i : 2 * i + 5 : 2, 2 * j : 2 * j + 5 : 2] * w[o]).sum() + b[
                    o
                ]
    assert np.allclose(got, want, atol=1e-4)


def test_opencv_5_runs_the_networks_with_its_classic_engine(monkeypatch):
    """OpenCV 5's default engine reads the face crops about 17 % slower; OpenCV 4 (the Pi) has
    only the classic one and no engine argument."""
    asked = []

    class Loaded:
        def setInput(self, x):
            pass

        def forward(self):
            return np.zeros(1, np.float32)

    def read(path, *engine):
        asked.append(engine)
        return Loaded()

    monkeypatch.setattr(cv2.dnn, "readNetFromONNX", read)
    monkeypatch.setattr(cv2.dnn, "ENGINE_CLASSIC", 7, raising=False)
    assert net.DiceNet(backend="dnn").backend == "dnn"
    assert asked == [(7,), (7,)]
    monkeypatch.delattr(cv2.dnn, "ENGINE_CLASSIC")  # OpenCV 4
    asked.clear()
    net.DiceNet(backend="dnn")
    assert asked == [(), ()]
