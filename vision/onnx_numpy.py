"""Run the dice networks' ONNX files with numpy alone: the fallback when OpenCV's dnn module
cannot (an OpenCV built without it, or one whose ONNX importer refuses the file).

The same ``.onnx`` files are read (a few lines of protobuf wire format, no ``onnx`` package),
so both paths use the same weights. Only what the dice networks use is known: Conv (any
stride, padding and dilation; batch norm is already folded in), Relu, MaxPool, Flatten, Gemm.
Anything else is refused with the operator's name.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

OPS = ("Conv", "Relu", "MaxPool", "Flatten", "Gemm")


# --------------------------------------------------------------------------- protobuf


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    out = shift = 0
    while True:
        b = buf[i]
        i += 1
        out |= (b & 0x7F) << shift
        if b < 0x80:
            return out, i
        shift += 7


def _fields(buf: bytes):
    """Yield (field number, wire type, value) of one protobuf message; length-delimited values
    are bytes, varints ints, fixed32/64 their raw bytes."""
    i, n = 0, len(buf)
    while i < n:
        key, i = _varint(buf, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            v, i = _varint(buf, i)
        elif wt == 1:
            v, i = buf[i : i + 8], i + 8
        elif wt == 2:
            ln, i = _varint(buf, i)
            v, i = buf[i : i + ln], i + ln
        elif wt == 5:
            v, i = buf[i : i + 4], i + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wt}")
        yield num, wt, v


def _ints(wt: int, v) -> list[int]:
    """A repeated int64 field's values, packed or not (two's complement for negatives)."""
    if wt == 0:
        vals = [v]
    else:
        vals, i = [], 0
        while i < len(v):
            x, i = _varint(v, i)
            vals.append(x)
    return [x - (1 << 64) if x >= 1 << 63 else x for x in vals]


def _tensor(buf: bytes) -> tuple[str, np.ndarray]:
    dims, dtype, name, raw, floats = [], 1, "", None, []
    for num, wt, v in _fields(buf):
        if num == 1:
            dims += _ints(wt, v)
        elif num == 2:
            dtype = v
        elif num == 8:
            name = v.decode()
        elif num == 9:
            raw = v
        elif num == 4:
            floats += list(struct.unpack(f"<{len(v) // 4}f", v)) if wt == 2 else list(struct.unpack("<f", v))
    if dtype != 1:
        raise ValueError(f"tensor {name}: only float32 weights are supported (data type {dtype})")
    data = np.frombuffer(raw, "<f4") if raw is not None else np.asarray(floats, np.float32)
    return name, data.astype(np.float32).reshape(dims)


def _node(buf: bytes) -> dict:
    node = {"inputs": [], "outputs": [], "op": "", "attrs": {}}
    for num, _wt, v in _fields(buf):
        if num == 1:
            node["inputs"].append(v.decode())
        elif num == 2:
            node["outputs"].append(v.decode())
        elif num == 4:
            node["op"] = v.decode()
        elif num == 5:
            name, val = "", None
            for anum, awt, av in _fields(v):
                if anum == 1:
                    name = av.decode()
                elif anum == 2:
                    val = struct.unpack("<f", av)[0]
                elif anum == 3:
                    val = _ints(0, av)[0]
                elif anum == 8:
                    val = (val or []) + _ints(awt, av)
            node["attrs"][name] = val
    return node


def _value_name(buf: bytes) -> str:
    return next(v.decode() for num, _, v in _fields(buf) if num == 1)


# --------------------------------------------------------------------------- operators


def conv(
    x: np.ndarray, w: np.ndarray, b: np.ndarray | None, strides=(1, 1), pads=(0, 0, 0, 0), dilations=(1, 1)
) -> np.ndarray:
    """2-D convolution, NCHW: every kernel tap is a strided view of the padded input, and each
    adds its (channels x out channels) product (a few BLAS calls, no im2col copy)."""
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    sy, sx = strides
    dy, dx = dilations
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    oh = (xp.shape[2] - (kh - 1) * dy - 1) // sy + 1
    ow = (xp.shape[3] - (kw - 1) * dx - 1) // sx + 1
    xt = xp.transpose(0, 2, 3, 1)  # NHWC: the channel product is a matmul
    out = np.zeros((n, oh, ow, o), np.float32)
    for i in range(kh):
        for j in range(kw):
            tap = xt[:, i * dy : i * dy + sy * (oh - 1) + 1 : sy, j * dx : j * dx + sx * (ow - 1) + 1 : sx, :]
            out += tap @ w[:, :, i, j].T
    if b is not None:
        out += b
    return np.ascontiguousarray(out.transpose(0, 3, 1, 2))


def maxpool(x: np.ndarray, kernel=(2, 2), strides=(2, 2)) -> np.ndarray:
    if tuple(kernel) != tuple(strides):
        raise ValueError("MaxPool: only a kernel equal to its stride is supported")
    n, c, h, w = x.shape
    ky, kx = kernel
    oh, ow = h // ky, w // kx
    return x[:, :, : oh * ky, : ow * kx].reshape(n, c, oh, ky, ow, kx).max(axis=(3, 5))


class NumpyNet:
    """An ONNX file of the dice networks, run with numpy. Same calls as OpenCV's ``dnn.Net``
    where the reader uses them: ``setInput(blob)``, ``forward()``."""

    def __init__(self, path: Path | str):
        model = Path(path).read_bytes()
        graph = next(v for num, _, v in _fields(model) if num == 7)
        self.nodes, self.weights, inputs, outputs = [], {}, [], []
        for num, _, v in _fields(graph):
            if num == 1:
                self.nodes.append(_node(v))
            elif num == 5:
                name, t = _tensor(v)
                self.weights[name] = t
            elif num == 11:
                inputs.append(_value_name(v))
            elif num == 12:
                outputs.append(_value_name(v))
        for nd in self.nodes:
            if nd["op"] not in OPS:
                raise ValueError(f"{path}: operator {nd['op']} is not supported by the numpy fallback")
        self.input = next(i for i in inputs if i not in self.weights)
        self.output = outputs[0]
        self.blob = None

    def setInput(self, blob: np.ndarray) -> None:  # noqa: N802 (OpenCV's name)
        self.blob = np.asarray(blob, np.float32)

    def forward(self) -> np.ndarray:
        vals = dict(self.weights)
        vals[self.input] = self.blob
        for nd in self.nodes:
            a = nd["attrs"]
            args = [vals[i] if i else None for i in nd["inputs"]]
            op = nd["op"]
            if op == "Conv":
                y = conv(
                    args[0],
                    args[1],
                    args[2] if len(args) > 2 else None,
                    a.get("strides", (1, 1)),
                    a.get("pads", (0, 0, 0, 0)),
                    a.get("dilations", (1, 1)),
                )
            elif op == "Relu":
                y = np.maximum(args[0], 0)
            elif op == "MaxPool":
                y = maxpool(args[0], a.get("kernel_shape", (2, 2)), a.get("strides", (2, 2)))
            elif op == "Flatten":
                y = args[0].reshape(args[0].shape[0], -1)
            else:  # Gemm
                wt = args[1].T if a.get("transB", 0) else args[1]
                y = a.get("alpha", 1.0) * (args[0] @ wt)
                if len(args) > 2 and args[2] is not None:
                    y = y + a.get("beta", 1.0) * args[2]
            vals[nd["outputs"][0]] = y.astype(np.float32, copy=False)
        return vals[self.output]
