"""Average the weights of face networks fine-tuned from one start (a "model soup").

Networks fine-tuned from the same shipped network with different seeds differ by the noise
of their few thousand steps; their weights' mean reads as well as the best of them and
varies less, at the cost of one network at run time (an ensemble would cost several).

    /tmp/train/bin/python bench/vision_soup.py vision/models/dice-face.onnx /tmp/s11/dice-face.onnx \
        /tmp/s12/dice-face.onnx /tmp/s13/dice-face.onnx

Needs the onnx package (training only; see bench/vision_train_net.py).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np


def soup(paths: list[str]):
    """The first ONNX model of ``paths`` with every float weight the mean over all of them."""
    import onnx
    from onnx import numpy_helper

    models = [onnx.load(p) for p in paths]
    base = models[0]
    for k, t in enumerate(base.graph.initializer):
        if any(m.graph.initializer[k].name != t.name for m in models):
            raise ValueError(f"{paths} are not one network: weight {k} is {t.name} in the first")
        arrays = [numpy_helper.to_array(m.graph.initializer[k]) for m in models]
        if arrays[0].dtype.kind == "f":
            t.CopyFrom(numpy_helper.from_array(np.mean(arrays, axis=0).astype(arrays[0].dtype), t.name))
    return base


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("models", nargs="+")
    a = ap.parse_args(argv)
    import onnx

    onnx.save(soup(a.models), a.out)
    print(f"wrote {a.out}: the mean of {len(a.models)} networks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
