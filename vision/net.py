"""The learned dice reader: a small detector finds the dice, a small classifier reads each face.

Both networks are ONNX files under ``vision/models`` (trained by ``bench/vision_train_net.py``)
and run through OpenCV's dnn module, so the Pi needs nothing beyond OpenCV:

    >>> import cv2
    >>> from vision import net
    >>> reading = net.read_dice(cv2.imread("roll.jpg"))          # doctest: +SKIP
    >>> reading.values, reading.unsure                            # doctest: +SKIP
    ([2, 5, 6], False)

1. The frame is brought to the exposure and the colour balance the reader was tuned on
   (``vision.exposure``, ``vision.balance``). It (or the tray's bounding box within it) is
   halved once into a pyramid (``Halvings``) and shrunk so its longest side is ``WORK_SIDE``
   px (more when the dice are small: ``work_side``); the detector marks die centres and sizes
   on a grid 4x coarser.
2. Each die is cut from the pyramid level nearest its size (1.15 die sides around its centre,
   40x40 px) and the face network names its value, or "no die".
3. Only the dice on the play area count (the tray, or else the surface the surest dice lie
   on: ``vision.surface``); a die whose face the network cannot call a pip face, but whose
   top face is a clean square, is a die of value None.

A die is *sure* when the face network gives its value a probability of at least ``CONF_OK``
and the detector is sure it is a die; anything less makes the whole reading unsure, and the
session asks the player.
"""

from __future__ import annotations

import math
import threading
from pathlib import Path

import cv2
import numpy as np

from vision.scaling import (  # noqa: F401  (the reader's image helpers, also used from here)
    CROP,
    CROP_CONTEXT,
    Halvings,
    column_median,
    crop_sharpness,
    face_crop,
    halvings,
    normalise,
    pips_dark,
    shrink,
)
from vision.scaling import median as _med

MODELS = Path(__file__).resolve().parent / "models"
DETECTOR_FILE, FACE_FILE = "dice-detector.onnx", "dice-face.onnx"
DETECTOR = MODELS / DETECTOR_FILE
FACE = MODELS / FACE_FILE

WORK_SIDE = 320  # the detector's input: longest side in pixels
STRIDE = 4  # detector grid cell in working pixels
WIDER = 1.3  # a hesitant die is also read from a crop this much wider
DIE_BIG = 52  # dice bigger than this (working px) are left to a coarser scale
OVERLAP = 2.5  # ... which answers for dice from DIE_BIG / OVERLAP up (its own px)
SUPPRESS = 0.45  # two candidates closer than this (in box sides) are one die
TWIN = 0.25  # ... and at one scale, closer than this, the same peak twice
APART = 0.25  # ... unless both read a different face surely: then down to this
SURE_APART = 0.9  # ... "surely": the face network's probability of each face
DIE_APART = 0.5  # ... and the die_score of the second one
APART_MIN = 0.6  # two dice's centres are at least this far apart (box sides, unbiased centres)
TOUCH = 1.3  # dice closer than this (in box sides) touch: a die may hide beside them
LOOK = 1.2  # ... and the second look covers this many box sides around them
LOOK_MAX = 3  # ... and reads at most this many candidates there (a die hides beside two)
MOST_DICE = 40  # a first look keeping more "dice" than this sees a pattern (a checked cloth), not a roll
DIE_MIN = 0.2  # detector score x face network's "a die" below this: not a die
FINE_DIE = 16  # dice smaller than this (working px) are looked for at a finer scale
FINE_TARGET = 24  # ... where they measure this
PYRAMID_MIN = 64  # the coarsest scale looked at: longest side in px
SAME_LEVEL = 1.25  # a finer look's halving this near a level of the first look (in scale) is that level
NEAR_REACH = 2.0  # a finer look looks this many die sides around the first look's candidates
NEAR_SHARE = 0.6  # ... unless those windows cover this share of the level: then all of it
NEAR_MOST = 40  # ... or there are more candidates than this (clutter): all of it too
NEAR_SIZE = 1.5  # ... candidates up to this many DIE_BIG at the finer scale (a die seen too big)
ONE_LOOK = 2  # this many sure dice, small enough, make the working level the only one (one_level)
DET_MIN = 0.3  # detector score that makes a die on its own (icon dice: no face network)
DET_MAYBE = 0.12  # the weakest peak that is a candidate at all
DET_ODD = 0.6  # a candidate this strong outside every die makes the reading unsure
NOT_DIE = 0.5  # the face network's p(no die) from which a candidate is not a die
ODD_NOT_DIE = 0.9  # ... and from which a strong candidate outside every die is no doubt
ANCHOR_P = 0.9  # dice read this surely (and found by the detector with DET_ANCHOR)
DET_ANCHOR = 0.5  # ... show the surface the dice lie on (vision/surface.py)
FEW_WEAK = 6  # with this many weak candidates or fewer, all are read at once
SIZE_APART = (0.5, 2.0)  # a weak candidate outside this many times the sure dice's side is no die
ONE_SIZE = 1.5  # sure dice whose sides differ by less than this factor are one size
EDGE_NOT_DIE = 0.05  # at the surface's edge a die needs p(no die) below this
NULL_FIT = 0.93  # a die-like candidate whose face fits a square this well is a die
ONE_LOOKS = (1.0, 0.8)  # ... and whose face shows one round mark at one of these crops (box sides), a 1
FIT_PX = 64  # ... fitted on the level where its box measures about this
FACE_OF_BOX = 0.85  # ... the top face's side in the detector's box sides
NOT_DIE_NEAR = 0.2  # ... or below this and to touch a die kept
DET_SURE = 0.3  # below this a die is at most unsure (chosen on real-dev)
CONF_OK = 0.6  # face probability needed for a sure die (chosen on the development parts: bench/eval_dice.py)
ROLLED_SURE = 0.9  # the rolled count of dice, each read this surely, settles a spot (all_rolled_read)
CUT_OFF = 0.25  # a die whose box lies this much (of its side) outside the frame is cut by its edge
BLUR_MIN = 0.09  # median crop_sharpness over a frame's dice (real photos: 1st percentile 0.11),
# below which the dice must read frame_checks.BLUR_SURE


class ModelMissing(RuntimeError):
    """The ONNX files are not where the package expects them."""


BACKENDS = ("auto", "dnn", "numpy")


def load_net(path: Path, backend: str = "auto", probe=(1, 3, 40, 40)):
    """One ONNX network: through OpenCV's dnn module, or with numpy (``vision.onnx_numpy``)
    when dnn cannot read or run it (``backend`` "auto"), or when asked to ("numpy")."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend != "numpy":
        try:
            classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)  # OpenCV 5: the 4.x engine, faster here
            net = (
                cv2.dnn.readNetFromONNX(str(path))
                if classic is None
                else cv2.dnn.readNetFromONNX(str(path), classic)
            )
            net.setInput(np.zeros(probe, np.float32))
            net.forward()  # an importer that reads the file but cannot run it
            return net
        except (AttributeError, cv2.error):
            if backend == "dnn":
                raise
    from vision.onnx_numpy import NumpyNet

    return NumpyNet(path)


class DiceNet:
    """The two networks, loaded once. OpenCV's Net objects are not thread-safe: one lock.

    ``backend``: "auto" (OpenCV's dnn module, numpy if dnn fails), "dnn" or "numpy"."""

    def __init__(self, detector: Path = DETECTOR, face: Path | None = FACE, backend: str = "auto"):
        for p in (detector, face):
            if p is not None and not Path(p).exists():
                raise ModelMissing(f"{p}: model file missing (train it with bench/vision_train_net.py)")
        self.detector = load_net(detector, backend, (1, 3, 64, 64))
        self.face = load_net(face, backend, (1, 3, CROP, CROP)) if face is not None else None
        self.backend = "numpy" if type(self.detector).__module__ == "vision.onnx_numpy" else "dnn"
        self.lock = threading.Lock()

    def detect(self, frame: np.ndarray) -> list[tuple[float, float, float, float]]:
        """Die candidates as (cx, cy, side, score) in frame pixels, strongest first, every scale."""
        found = [c for scale in self.detect_scales(frame) for c in scale]
        found.sort(key=lambda d: -d[3])
        return found

    def detect_scales(
        self, frame, work_side: float = WORK_SIDE, near=None, whole: bool = True
    ) -> list[list[tuple[float, float, float, float]]]:
        """Candidates per scale, finest first.

        The detector knows dice of about 8 to 56 working pixels. It looks at the working image
        and at half and quarter of it (while they are at least ``PYRAMID_MIN`` px), and each
        scale answers for the dice sizes it knows best: up to ``DIE_BIG`` px at the finest,
        from ``DIE_BIG`` / ``OVERLAP`` up at the coarser ones; ``candidates`` merges them. Two
        scales can size one die differently, so a die near the limit may be too big for one and
        too small for the other: a candidate left out for its size comes back (at its own
        scale, the strongest first) when no scale has a candidate there.

        ``near`` (a finer look: (cx, cy, side) of the first look's candidates, frame px): the
        levels not looked at yet are looked at only around them (``near_windows``), since a
        die small enough to need the finer look was already a candidate, if a weak one.

        Not ``whole``: the working level alone, when its candidates are dice small enough that
        no die rolled with them is the coarser levels' to find (``one_level``)."""
        hv = halvings(frame)
        h, w = hv.frame.shape[:2]
        # a finer look (``work_side``) halves down onto the first look's levels: a level
        # within ``SAME_LEVEL`` of one looked at already in this frame is that one, candidates
        # and all (below the finest, levels answer only for the bigger dice: seen alike)
        looked = hv.memo.setdefault("detector", [])  # [(level, its candidates)]
        hv.memo.pop("one level", None)  # the scale of this look's working level alone

        def seen(side):
            near = [(abs(math.log(max(lv.shape[:2]) / side)), i) for i, (lv, _) in enumerate(looked)]
            return looked[min(near)[1]] if near and min(near)[0] <= math.log(SAME_LEVEL) else None

        work = hv.shrink(min(1.0, work_side / max(h, w)))
        # the finest level is the look's own (a look 1.2 times finer is still finer); the same
        # look again reads what it read
        levels = [next(((lv, cs) for lv, cs in looked if lv.shape == work.shape), (work, None))]
        while max(levels[-1][0].shape[:2]) // 2 >= PYRAMID_MIN:
            levels.append(seen(max(levels[-1][0].shape[:2]) / 2) or (hv.half(levels[-1][0]), None))
        out, other = [], []
        for k, (level, found_in) in enumerate(levels):
            s = level.shape[1] / w  # the scale the rounding really gave
            if found_in is None:
                found_in = self._detect_near(level, s, (w, h), near)
                looked.append((level, found_in))
            if k == 0 and not whole and len(levels) > 1 and one_level(found_in, s):
                del levels[1:]  # the coarser levels answer for no die rolled with these
                hv.memo["one level"] = s
            found = []
            for c in found_in:
                if c[2] > 0.6 * min(h, w):
                    continue  # no die fills the frame
                side = c[2] * s
                if k < len(levels) - 1 and side > DIE_BIG or k > 0 and side < DIE_BIG / OVERLAP:
                    other.append((c, k))
                else:
                    found.append(c)
            out.append(found)
        for c, k in sorted(other, key=lambda t: -t[0][3]):
            if c[3] >= DET_SURE and not any(
                math.hypot(c[0] - o[0], c[1] - o[1]) < 0.5 * max(c[2], o[2]) for level in out for o in level
            ):
                out[k].append(c)
        return out

    def _detect_near(
        self, level: np.ndarray, s: float, size, near
    ) -> list[tuple[float, float, float, float]]:
        """``_detect_in`` the whole ``level``, or only its windows around ``near``: a peak
        nearer a window's inner edge than half its box comes from a die cut by that edge (the
        die was no candidate of the first look), and is left out."""
        windows = None if near is None else near_windows(near, s, level.shape)
        if windows is None:
            return self._detect_in(level, s, size)
        lh, lw = level.shape[:2]
        found = []
        for x0, y0, x1, y1 in windows:
            for cx, cy, side, score in self._detect_in(
                level[y0:y1, x0:x1], s, ((x1 - x0) / s, (y1 - y0) / s)
            ):
                x, y, r = cx * s, cy * s, side * s / 2
                if (
                    (x0 == 0 or x >= r)
                    and (y0 == 0 or y >= r)
                    and (x1 == lw or x <= x1 - x0 - r)
                    and (y1 == lh or y <= y1 - y0 - r)
                ):
                    found.append((cx + x0 / s, cy + y0 / s, side, score))
        found.sort(key=lambda d: -d[3])
        return found

    def _detect_in(self, work: np.ndarray, s: float, size) -> list[tuple[float, float, float, float]]:
        """Candidates in ``work``, the frame scaled by ``s``, in frame pixels (``size`` = w, h)."""
        w, h = size
        wh, ww = work.shape[:2]
        ph, pw = -wh % 8, -ww % 8
        if ph or pw:
            work = cv2.copyMakeBorder(work, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
        with self.lock:
            self.detector.setInput(normalise(work)[None])
            out = self.detector.forward()[0]
        heat = 1.0 / (1.0 + np.exp(-out[0]))
        peaks = (heat >= DET_MAYBE) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
        iy, ix = np.nonzero(peaks)
        off = 1.0 / (1.0 + np.exp(-out[2:4, iy, ix]))
        cxs, cys = ((ix + off[0]) * STRIDE / s).tolist(), ((iy + off[1]) * STRIDE / s).tolist()
        found = [
            (cx, cy, math.exp(ls) / s, score)
            for cx, cy, ls, score in zip(cxs, cys, out[1, iy, ix].tolist(), heat[iy, ix].tolist())
            if cx < w and cy < h
        ]
        found.sort(key=lambda d: -d[3])
        return found

    def classify(self, frame, cands) -> tuple[np.ndarray, list[np.ndarray]]:
        """Class probabilities (no die, 1..6) for each candidate, and the crops they saw. A
        candidate read before in this frame (its ``Halvings``) is not read again."""
        if not cands:
            return np.zeros((0, 7), np.float32), []
        hv = halvings(frame)
        seen = hv.memo.setdefault("faces", {})  # (cx, cy, side) -> (probs, crop)
        new = list(dict.fromkeys(c[:3] for c in cands if c[:3] not in seen))
        if new:
            crops = [hv.crop(cx, cy, side) for cx, cy, side in new]
            seen.update(zip(new, zip(self._probs(crops), crops)))
        read = [seen[c[:3]] for c in cands]
        return np.stack([p for p, _ in read]), [q for _, q in read]

    def _probs(self, crops) -> np.ndarray:
        blob = normalise(np.stack(crops))
        with self.lock:
            self.face.setInput(blob)
            logits = self.face.forward()
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


_NET: DiceNet | None = None
_NET_LOCK = threading.Lock()


BACKEND = "auto"  # the shared networks' backend (``DiceNet``); set before first use


def model() -> DiceNet:
    """The shared networks (loaded on first use)."""
    global _NET
    with _NET_LOCK:
        if _NET is None:
            _NET = DiceNet(DETECTOR, FACE, BACKEND)
        return _NET


def use_backend(backend: str) -> None:
    """Load the shared networks again with ``backend`` ("auto", "dnn", "numpy")."""
    global _NET, BACKEND
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    with _NET_LOCK:
        BACKEND, _NET = backend, None


def check_models(folder: Path) -> dict[str, Path]:
    """The networks ``folder`` holds, {file name: path}: its ``dice-face.onnx`` and its
    ``dice-detector.onnx``, either or both, each loaded and run once. One that cannot be, or
    that does not answer as its kind does (seven classes, four heads), raises ValueError
    naming the file."""
    found: dict[str, Path] = {}
    for name, probe, channels in ((DETECTOR_FILE, (1, 3, 64, 64), 4), (FACE_FILE, (1, 3, CROP, CROP), 7)):
        path = Path(folder) / name
        if not path.exists():
            continue
        try:
            net = load_net(path, BACKEND, probe)
            net.setInput(np.zeros(probe, np.float32))
            answer = net.forward()
        except Exception as exc:  # noqa: BLE001 - any reason a file is not a network is the same refusal
            why = str(exc).strip()[:120] or type(exc).__name__  # some loaders raise with no message
            raise ValueError(f"{path}: not a network the dice reader can run ({why})") from None
        if answer.shape[1] != channels:
            raise ValueError(
                f"{path}: answers {answer.shape[1]} channels, not the {channels} of a dice "
                f"{'face network' if channels == 7 else 'detector'}: is it the other file?"
            )
        found[name] = path
    return found


def use_models(folder: Path) -> list[Path]:
    """Read with the networks ``folder`` holds (``check_models``), in place of the shipped ones
    (a face network taught a table's own frames: docs/vision.md, "Teaching the reader your
    table"). A file refused by ``check_models`` raises its ValueError, and nothing changes.
    Returns the files taken."""
    global DETECTOR, FACE, _NET
    taken = check_models(folder)
    with _NET_LOCK:
        DETECTOR = taken.get(DETECTOR_FILE, DETECTOR)
        FACE = taken.get(FACE_FILE, FACE)
        _NET = None
    return list(taken.values())


def available() -> bool:
    """True when both model files are installed (``pips.read_dice`` then uses this reader)."""
    return DETECTOR.exists() and FACE.exists()


def candidates(frame: np.ndarray, radius: float = SUPPRESS) -> list[tuple[float, float, float, float]]:
    """The detector's dice as (cx, cy, side, score), one per die, strongest first, for any die
    (icon dice too: the face network is not asked, it knows pip dice only). Peaks closer than
    ``radius`` box sides to a stronger one are dropped: the default keeps one per die, and
    touching dice may lose one of theirs; ``TWIN`` keeps both, for a caller that can tell two
    dice apart by itself (icon dice fit each face's square).

    Scales are merged finest first. A coarser scale adds the dice the finer ones did not
    see; where its die holds smaller dice of a finer scale, it is either one big die (seen in
    pieces up close) or a group of dice (seen as one from afar): the bigger score wins."""
    scales = model().detect_scales(frame)
    kept = _suppress(scales[0], radius)
    for coarse in scales[1:]:
        for c in _suppress(coarse, radius):
            inside = [k for k in kept if math.hypot(k[0] - c[0], k[1] - c[1]) < 0.5 * c[2]]
            if not inside:
                kept.append(c)
            elif (
                c[3] >= DET_MIN
                and all(c[3] > k[3] for k in inside if k[2] < 0.7 * c[2])
                and not any(k[2] >= 0.7 * c[2] and k[3] >= DET_MIN for k in inside)
            ):
                kept = [k for k in kept if k not in inside] + [c]
    kept.sort(key=lambda d: -d[3])
    return kept


class Found:
    """A candidate read by both networks: the detector's (cx, cy, side, score), the face
    probabilities (no die, 1..6) and the crop they were read from. ``pip_dice`` keeps the
    ones that are dice."""

    __slots__ = ("cx", "cy", "side", "score", "probs", "crop")

    def __init__(self, cand, probs, crop):
        self.cx, self.cy, self.side, self.score = cand
        self.probs, self.crop = probs, crop

    @property
    def die_score(self) -> float:
        """The detector's score times the face network's belief that a die is there."""
        return self.score * (1.0 - float(self.probs[0]))


def pip_dice(frame: np.ndarray) -> list[Found]:
    """Pip dice found by the detector at every scale and confirmed by the face network."""
    return _pip_dice(frame)[0]


def _pip_dice(frame: np.ndarray) -> tuple[list[Found], list[Found]]:
    """``pip_dice``, and every candidate the detector gave, read by the face network.

    The candidates are read first (on a cluttered frame the strong ones, then the weak ones
    that may be dice: see below); then they are taken best ``die_score`` first, and one
    closer than ``SUPPRESS`` sides to a taken one is the same die. So a piece of a big die
    seen up close, or a group of dice seen as one from afar, loses to the real die: the face
    network calls it "no die".

    The detector looks at the working level alone when that answers for every die
    (``one_level``), and at every level when one of its surest candidates then reads
    hesitantly (``_read``)."""
    hv = halvings(frame)
    return _read(hv, whole=False) or _read(hv, whole=True)


def _read(hv: Halvings, whole: bool) -> tuple[list[Found], list[Found]] | None:
    """``_pip_dice`` with the detector's ``whole`` look or not; None when the look at the
    working level alone is not to be trusted."""
    net = model()
    scales = net.detect_scales(hv, whole=whole)
    finer = work_side(hv, scales[0])
    if finer > WORK_SIDE:
        # the dice the finer look is for measure under DIE_BIG there: it looks around those
        # the first look saw (the bigger ones are answered by the levels it shares with it)
        f = finer / max(hv.frame.shape[:2])
        near = [(c[0], c[1], c[2]) for scale in scales for c in scale if c[2] * f <= NEAR_SIZE * DIE_BIG]
        scales = net.detect_scales(hv, finer, near, whole=whole)
    raw = [c for scale in scales for c in _suppress(scale, TWIN)]
    # a die's die_score is at most its detector score: weaker candidates are never read.
    # The strongest are read first: the surest dice among them show the play area, and of
    # the rest only those not off it are read (a cloth's pattern, a laptop's keys are not)
    from vision.surface import play_area

    strong = [c for c in raw if c[3] >= DIE_MIN]
    first = [c for c in strong if c[3] >= DET_ANCHOR]
    if len(strong) - len(first) <= FEW_WEAK:
        first = strong  # a tidy frame: read them all at once
    probs, crops = net.classify(hv, first)
    read = [Found(c, p, q) for c, p, q in zip(first, probs, crops)]
    if not whole and "one level" in hv.memo and not one_level_read(read, hv.memo["one level"]):
        return None  # the whole look, then (faces read are not read again)
    if len(first) == len(strong):
        return _look_again(hv, _one_per_die(read), raw, None), read
    first = _one_per_die(read)
    area = play_area(hv, anchors([f for f in first if f.probs[0] < NOT_DIE]))
    # a weaker candidate this close to a die read with die_score >= DET_ANCHOR can only be
    # that die again (``_two_dice`` needs DIE_APART of the second): not read
    taken = [f for f in first if f.die_score >= DET_ANCHOR]
    # and dice rolled together are about one size: with sure dice read, a weak candidate of
    # another size is the floor's grain or a shoe's lace, not a die
    sure = [f.side for f in first if f.probs[0] < NOT_DIE and f.probs[1:].max() >= ANCHOR_P]
    typical = _med(sure) if sure else 0.0
    lo, hi = (SIZE_APART[0] * typical, SIZE_APART[1] * typical) if sure else (0.0, math.inf)
    rest = [
        c
        for c in raw
        if DIE_MIN <= c[3] < DET_ANCHOR
        and lo <= c[2] <= hi  # (a die the detector
        and (area is None or area.where(c[0], c[1], max(c[2], typical)) != "off")  # sees too small: its ring)
        and not any(math.hypot(c[0] - f.cx, c[1] - f.cy) <= SUPPRESS * max(c[2], f.side) for f in taken)
    ]
    probs, crops = net.classify(hv, rest)
    read += [Found(c, p, q) for c, p, q in zip(rest, probs, crops)]
    return _look_again(hv, _one_per_die(read), raw, area), read


def _look_again(hv: Halvings, kept: list[Found], raw, area) -> list[Found]:
    """``kept``, with the dice a second look finds beside them, and the hesitant ones read
    again (turned, wider, in their own two colours)."""
    net = model()
    if len(kept) > MOST_DICE:
        return kept  # a pattern: read_dice says so, no closer look
    for region in _crowded(hv.frame, kept, raw, area):
        kept += _second_look(hv, region, kept)
        if sum(f.probs[0] < NOT_DIE for f in kept) > MOST_DICE:
            return kept  # the second looks show a pattern (read_dice says so): no more
    hesitant = [f for f in kept if f.probs[1:].max() < CONF_OK]
    if hesitant:
        # a second look, turned a half turn, averaged in; a third with more room around it,
        # since the detector tends to see a die too small when its face shows few pips; and
        # a fourth in the die's own two colours, redrawn black on white
        wider = [hv.crop(f.cx, f.cy, f.side * WIDER) for f in hesitant]
        n = len(hesitant)
        both = net._probs(
            [np.rot90(f.crop, 2) for f in hesitant] + wider + [pips_dark(f.crop) for f in hesitant]
        )
        more, wide, dark = both[:n], both[n : 2 * n], both[2 * n :]
        for f, m, w, d, crop in zip(hesitant, more, wide, dark, wider):
            f.probs = (f.probs + m) / 2
            if w[1:].max() > f.probs[1:].max():
                f.probs, f.side, f.crop = w, f.side * WIDER, crop
            if d[1:].max() > f.probs[1:].max():
                f.probs = d
    return kept


def _one_per_die(read: list[Found]) -> list[Found]:
    """The candidates that are dice, best ``die_score`` first, one per die (``_two_dice``)."""
    found = sorted((f for f in read if f.die_score >= DIE_MIN), key=lambda f: -f.die_score)
    kept: list[Found] = []
    for f in found:
        if all(_two_dice(f, k) for k in kept):
            kept.append(f)
    return kept


def one_level(found, s: float) -> bool:
    """Does the working level (scale ``s``) answer for every die of the frame? Yes when it sees
    ``ONE_LOOK`` dice or more surely (``DET_ANCHOR``) and a die rolled with them, at most
    ``SIZE_APART``[1] times their typical side, measures under ``DIE_BIG`` there, as does
    every candidate that may be a die (``DIE_MIN``): the coarser levels answer only for dice
    from ``DIE_BIG`` / ``OVERLAP`` up, and would find none."""
    return _few_small_dice([c[2] * s for c in found if c[3] >= DET_ANCHOR]) and all(
        c[2] * s <= DIE_BIG for c in found if c[3] >= DIE_MIN
    )


def one_level_read(read: list[Found], s: float) -> bool:
    """Does the face network bear out ``one_level`` (the working level, scale ``s``)? Its
    surest candidates (``DET_ANCHOR``) must read surely (``ANCHOR_P``), ``ONE_LOOK`` or more
    of them as pip faces small enough (their typical side ``SIZE_APART``[1] times under
    ``DIE_BIG``), the rest as no die (a shoe). Pips of a die too big for the level read as
    dice hesitantly; pieces of it, as no die with no pip face beside them."""
    surest = [f for f in read if f.score >= DET_ANCHOR]
    return _few_small_dice([f.side * s for f in surest if f.probs[1:].max() >= ANCHOR_P]) and all(
        f.probs[1:].max() >= ANCHOR_P or f.probs[0] >= ANCHOR_P for f in surest
    )


def _few_small_dice(sides) -> bool:
    """``ONE_LOOK`` dice or more, of working-level ``sides`` small enough that a die rolled with
    them (``SIZE_APART``[1] times their typical side at most) still measures under ``DIE_BIG``."""
    return len(sides) >= ONE_LOOK and _med(sides) * SIZE_APART[1] <= DIE_BIG


def near_windows(near, s: float, shape) -> list[tuple[int, int, int, int]] | None:
    """The windows (x0, y0, x1, y1; level px) a finer look at scale ``s`` looks in: ``NEAR_REACH``
    die sides around each of ``near`` (cx, cy, side in frame px), merged while they overlap,
    their corners on the detector's 8 px grid so a die reads as in the whole level. None (look
    at all of it) when they would cover ``NEAR_SHARE`` of it or there are over ``NEAR_MOST``."""
    lh, lw = shape[:2]
    if len(near) > NEAR_MOST:
        return None
    boxes = []
    for cx, cy, side in near:
        r = NEAR_REACH * side * s
        boxes.append(
            [
                max(0, int(cx * s - r) // 8 * 8),
                max(0, int(cy * s - r) // 8 * 8),
                min(lw, math.ceil(cx * s + r)),
                min(lh, math.ceil(cy * s + r)),
            ]
        )
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > NEAR_SHARE * lw * lh:
        return None
    return [tuple(b) for b in boxes]


def work_side(hv: Halvings, coarse) -> float:
    """The detector's working size for this frame: ``WORK_SIDE``, or larger when the dice the
    ``coarse`` look (the working scale's candidates) found measure under ``FINE_DIE`` working
    px (a wide frame of small dice): then so large that they measure ``FINE_TARGET`` px, at
    most the frame's own size."""
    h, w = hv.frame.shape[:2]
    longest = max(h, w)
    if longest <= WORK_SIDE:
        return WORK_SIDE
    s = WORK_SIDE / longest
    sides = [c[2] for c in coarse if c[3] >= DET_SURE]
    if not sides or _med(sides) * s >= FINE_DIE:
        return WORK_SIDE
    return min(float(longest), WORK_SIDE * FINE_TARGET / (_med(sides) * s))


def anchors(found: list[Found]) -> list[tuple[float, float, float]]:
    """(cx, cy, side) of the dice read surely enough to show the surface they lie on."""
    return [(f.cx, f.cy, f.side) for f in found if f.probs[1:].max() >= ANCHOR_P and f.score >= DET_ANCHOR]


def _crowded(frame: np.ndarray, kept: list[Found], raw, area=None) -> list[tuple[int, int, int, int]]:
    """Regions (x0, y0, x1, y1) where a die may hide next to the dice found: around two dice
    that touch, and around a candidate that lies in no die (a die read as pieces, say) on the
    play ``area`` (a cable's plug, a laptop's keys off it are looked at no closer)."""
    h, w = frame.shape[:2]
    spots = []
    for i, a in enumerate(kept):
        for b in kept[i + 1 :]:
            if math.hypot(a.cx - b.cx, a.cy - b.cy) < TOUCH * max(a.side, b.side):
                spots.append(((a.cx + b.cx) / 2, (a.cy + b.cy) / 2, max(a.side, b.side)))
    typical = _med([f.side for f in kept]) if kept else None
    for c in raw:
        if typical is not None and c[2] > 3 * typical:
            continue  # bigger than a few dice: a shoe, a stripe of the floor
        if (
            c[3] >= DET_SURE
            and not _in_a_die(c, kept)
            and (area is None or area.where(c[0], c[1], c[2]) != "off")
        ):
            near = [f.side for f in kept if math.hypot(c[0] - f.cx, c[1] - f.cy) < 1.5 * f.side]
            d = max(near + [c[2]])
            if not any(math.hypot(c[0] - x, c[1] - y) < 0.5 * max(d, e) for x, y, e in spots):
                spots.append((c[0], c[1], d))  # one look per spot (a die is seen at two scales)
    return [
        (
            max(0, int(x - LOOK * d)),
            max(0, int(y - LOOK * d)),
            min(w, int(x + LOOK * d)),
            min(h, int(y + LOOK * d)),
        )
        for x, y, d in spots
    ]


def _second_look(frame, region, kept: list[Found]) -> list[Found]:
    """Dice in ``region`` of ``frame`` (an image or its ``Halvings``) the first look missed:
    the dice found are painted over with the floor's colour and the detector looks again, so
    a die that touched them stands alone."""
    hv = halvings(frame)
    frame = hv.frame
    x0, y0, x1, y1 = region
    near = [f for f in kept if x0 - f.side < f.cx < x1 + f.side and y0 - f.side < f.cy < y1 + f.side]
    if not near or x1 - x0 < 8 or y1 - y0 < 8:
        return []
    side = _med([f.side for f in near])
    h, w = frame.shape[:2]
    s = min(1.0, max(WORK_SIDE / max(h, w), FINE_TARGET / side))
    while side * s > DIE_BIG and max(h, w) * s / 2 >= PYRAMID_MIN:
        s /= 2  # the scale that answers for dice of this size
    patch = hv.region(x0, y0, x1, y1, s).copy()
    zx, zy = patch.shape[1] / (x1 - x0), patch.shape[0] / (y1 - y0)
    ring = np.concatenate([patch[0], patch[-1], patch[:, 0], patch[:, -1]])
    floor = tuple(int(v) for v in column_median(ring))
    for f in near:
        cv2.circle(
            patch,
            (int(round((f.cx - x0) * zx)), int(round((f.cy - y0) * zy))),
            int(round(0.5 * f.side * zx)),
            floor,
            -1,
        )
    net = model()
    cands = [
        (cx + x0, cy + y0, sd, score)
        for cx, cy, sd, score in net._detect_in(patch, zx, (x1 - x0, y1 - y0))
        if 0.6 * side < sd < 1.6 * side and score >= DIE_MIN
    ]  # die_score <= score
    cands = [
        c
        for c in cands
        if not any(math.hypot(c[0] - f.cx, c[1] - f.cy) < APART_MIN * max(c[2], f.side) for f in kept)
    ]
    apart = []  # one candidate per spot, the strongest, a few at most
    for c in sorted(cands, key=lambda c: -c[3]):
        if len(apart) < LOOK_MAX and not any(
            math.hypot(c[0] - o[0], c[1] - o[1]) < APART_MIN * max(c[2], o[2]) for o in apart
        ):
            apart.append(c)
    cands = apart
    new = []
    for f in (Found(c, p, q) for c, p, q in zip(cands, *net.classify(hv, cands))):  # one batch
        if f.die_score >= DIE_MIN and not any(
            math.hypot(f.cx - o.cx, f.cy - o.cy) < APART_MIN * max(f.side, o.side) for o in new
        ):
            new.append(f)  # not overlapping a die found
    return new


def _two_dice(f: Found, k: Found) -> bool:
    """Are ``f`` and the kept die ``k`` two dice? Yes when their centres are ``SUPPRESS`` sides
    apart. Touching dice pull the detector's centres together, so closer candidates that each
    read a different face surely (two crops of one die show the same face) are two dice too."""
    d = math.hypot(f.cx - k.cx, f.cy - k.cy) / max(k.side, f.side)
    if d > SUPPRESS:
        return True
    if d <= APART:
        return False
    vf, vk = int(np.argmax(f.probs[1:])), int(np.argmax(k.probs[1:]))
    return vf != vk and min(f.probs[1 + vf], k.probs[1 + vk]) >= SURE_APART and f.die_score >= DIE_APART


def unexplained(
    dice: list[Found], cands: list[Found], area=None, hv: Halvings | None = None, explained: list[Found] = ()
) -> list[Found]:
    """Strong candidates (>= ``DET_ODD``) that lie in no die nor in an ``explained`` spot: a
    die the reader may have missed (touching dice seen as one, say). They make a reading
    unsure, unless it lies off the play ``area``, or the face network is sure it is no die, or
    it has some doubt it is a die (``vision.likeness.DOUBT_OWN``) and looks like no die of the
    frame (``vision.likeness.clutter``: a clip, a bead, a screw, a cable's label). That last
    only when the ``dice`` are one set, each of every sure die's colour: beside a mixed set (a
    red die rolled with white ones), a die of yet another colour may be what the reader missed.
    Nor does a spot more than ``SIZE_APART`` times bigger than the sure dice when they are one
    size (``ONE_SIZE``): a shoe, a box. (A smaller spot may be a die the detector framed
    too small.) The sure dice are those that anchor the play area (``ANCHOR_P``,
    ``DET_ANCHOR``); in a frame without one, the dice read at least ``CONF_OK``: the reading
    vouches for them all the same."""
    from vision.likeness import DOUBT_OWN, FACE_FAR, clutter, colour_distance, face_colour

    sure = [f for f in dice if f.probs[1:].max() >= ANCHOR_P and f.score >= DET_ANCHOR] or [
        f for f in dice if f.probs[1:].max() >= CONF_OK
    ]  # no anchor: the dice read sure
    colour = [face_colour(f.crop) for f in dice]  # each die's face colour, once
    refs = [colour[i] for i, f in enumerate(dice) if any(f is k for k in sure)]
    one_set = all(colour_distance(c, r) <= FACE_FAR for c in colour for r in refs)
    odd = [
        c
        for c in cands
        if c.score >= DET_ODD
        and c.probs[0] < ODD_NOT_DIE
        and not _in_a_die((c.cx, c.cy), list(dice) + list(explained))
        and (area is None or area.where(c.cx, c.cy, c.side) == "on")
    ]
    sides = [f.side for f in sure]
    if sides and max(sides) <= ONE_SIZE * min(sides):  # the sure dice are one size: a spot
        odd = [c for c in odd if c.side <= SIZE_APART[1] * _med(sides)]  # far bigger is a shoe, a box
    return [
        c for c in odd if not (one_set and c.probs[0] >= DOUBT_OWN and clutter(c, sure, hv, own_colours=True))
    ]


def _frame_box(f: Found, ox: int = 0, oy: int = 0) -> tuple[int, int, int, int]:
    """``f``'s box (x, y, w, h) in the whole frame's pixels (``ox``, ``oy``: where the
    region read lies in it)."""
    half = f.side / 2
    return int(round(f.cx - half + ox)), int(round(f.cy - half + oy)), int(round(f.side)), int(round(f.side))


def a_pattern(found: list[Found], ox: int = 0, oy: int = 0):
    """The reading of a frame whose first look keeps more than ``MOST_DICE`` dice: a checked
    cloth, a patterned rug (the most dice in a photo of the sets is 25). It is unsure, and
    says so, without the closer looks that would cost seconds on a Pi (on a synthetic checked
    cloth, 189 second looks and 1 s here)."""
    from vision.pips import DiceReading, Die

    dice = []
    for f in found:
        k = 1 + int(np.argmax(f.probs[1:]))
        box = _frame_box(f, ox, oy)
        dice.append(Die(k, box, float(f.probs[k]), 0.0, (f.cx + ox, f.cy + oy)))
    dice.sort(key=lambda d: (d.box[1], d.box[0]))
    why = f"{len(found)} die-like spots: a pattern, not a roll"  # fits the panel whole
    return DiceReading(dice, True, [why], 0.0, CONF_OK)


def all_rolled_read(dice: list, expected_count: int | None) -> bool:
    """Whether the reader read as many pip dice as were rolled (``expected_count``: the device
    knows it from the game's prompt), each at ``ROLLED_SURE`` or more. A die-like spot or a
    "not a pip face" die beside them then cannot be a rolled die the reader missed: a cable's
    label, a clip. ``ROLLED_SURE`` lies well above ``CONF_OK``: on the synthetic camera sets a
    spot beside a die read 0.8 was nearly as often the sign of that die misread as of
    clutter. Without the count (a photo read on its own) nothing is assumed."""
    pips = [d for d in dice if d.value is not None]
    return (
        expected_count is not None
        and len(pips) == expected_count
        and all(d.confidence >= ROLLED_SURE for d in pips)
    )


def not_pip_faces(
    hv: Halvings, dice: list[Found], cands: list[Found], area
) -> tuple[list[Found], list[Found]]:
    """Dice whose face is not a pip face (a skull on the 1, an emblem on the 6): candidates the
    detector is sure of (>= ``DET_ODD``) and the face network calls no pip die, on the play
    ``area``, in no die, whose top face is a square with all four sides on edges
    (``icons.fit_face`` >= ``NULL_FIT``; a clip, a label or a bead is not). One per die.
    Such a die whose face shows one round mark on its centre is a 1 (``one_pip``: a big red
    pip, a logo): those come second, ``(blank, ones)``."""
    from vision.icons import fit_face
    from vision.one_pip import one_pip

    out: list[Found] = []
    ones: list[Found] = []
    typical = _med([f.side for f in dice]) if dice else None
    for c in sorted(cands, key=lambda c: -c.score):
        if (
            c.score < DET_ODD
            or c.probs[0] < NOT_DIE
            or _in_a_die((c.cx, c.cy), dice + out + ones)
            or any(_in_a_die((o.cx, o.cy), [c]) for o in out + ones)
        ):
            continue  # one per die
        if typical is not None and not 0.6 * typical < c.side < 1.6 * typical:
            continue  # not the size of the dice rolled with it
        if area is not None and area.where(c.cx, c.cy, c.side) != "on":
            continue
        k = hv._finest_within(FIT_PX / max(c.side, 1.0))
        img = hv.level(k)
        f = img.shape[1] / hv.frame.shape[1]
        if fit_face(img, c.cx * f, c.cy * f, FACE_OF_BOX * c.side * f, known=False)[1] < NULL_FIT:
            continue
        if any(one_pip(hv.crop(c.cx, c.cy, c.side * k)) for k in ONE_LOOKS):
            ones.append(c)  # a big or coloured 1, a logo on the 1
        else:
            out.append(c)
    return out, ones


def on_play_area(found: list[Found], area) -> list[Found]:
    """The dice of ``found`` on the play ``area``. At its edge (a die against a tray's wall,
    or a label on a cable by the desk's edge) only what the face network surely calls a die
    (p(no die) < ``EDGE_NOT_DIE``); and a die that touches one kept, read surely, or at the
    edge and called a die (``NOT_DIE_NEAR``): a row of dice along a wall."""
    if area is None:
        return found
    where = {id(f): area.where(f.cx, f.cy, f.side) for f in found}
    sure = {id(f) for f in found if f.probs[1:].max() >= ANCHOR_P and f.probs[0] < EDGE_NOT_DIE}
    near = {id(f) for f in found if id(f) in sure or where[id(f)] == "edge" and f.probs[0] < NOT_DIE_NEAR}
    kept = [f for f in found if where[id(f)] == "on" or where[id(f)] == "edge" and f.probs[0] < EDGE_NOT_DIE]
    grown = True
    while grown:
        grown = False
        for f in found:
            if (
                id(f) in near
                and f not in kept
                and any(math.hypot(f.cx - k.cx, f.cy - k.cy) < TOUCH * max(f.side, k.side) for k in kept)
            ):
                kept.append(f)
                grown = True
    return [f for f in found if f in kept]


def cut_by_the_edge(dice, shape) -> list:
    """The ``dice`` whose box lies more than ``CUT_OFF`` of its side outside a frame of
    ``shape`` (h, w): part of the die is out of view, and the face read may be a part of it.
    The player moves the die into view or reads it."""
    h, w = shape
    return [
        d
        for d in dice
        if max(-d.box[0], -d.box[1], d.box[0] + d.box[2] - w, d.box[1] + d.box[3] - h) > CUT_OFF * d.box[2]
    ]


def _in_a_die(c, dice: list[Found]) -> bool:
    """Does candidate ``c`` (cx, cy, ...) lie within the box of one of ``dice``?"""
    return any(abs(c[0] - f.cx) < 0.5 * f.side and abs(c[1] - f.cy) < 0.5 * f.side for f in dice)


def _suppress(cands, radius: float = None):
    """Drop a candidate whose centre lies within ``radius`` (default ``SUPPRESS``) sides of a
    stronger one's centre. The side is that of the box around the whole die, sides in
    perspective included, so two touching dice can be as close as 0.55 box sides.

    A kept candidate is filed in a grid of cells as wide as twice the typical reach, so a
    candidate is compared with those of its own and the eight cells around it (and the few
    that reach farther): a cloth's hundreds of peaks are not compared each with each."""
    radius = SUPPRESS if radius is None else radius
    if not cands:
        return []
    cell = max(2.0 * radius * _med([c[2] for c in cands]), 1e-6)
    grid: dict[tuple[int, int], list] = {}
    wide: list = []  # kept candidates that reach farther than a cell
    kept = []
    for c in cands:
        x, y = c[0], c[1]
        gx, gy = int(x // cell), int(y // cell)
        near = [kr for i in (gx - 1, gx, gx + 1) for j in (gy - 1, gy, gy + 1) for kr in grid.get((i, j), ())]
        if any(
            -r <= x - k[0] <= r and -r <= y - k[1] <= r and math.hypot(x - k[0], y - k[1]) <= r
            for k, r in near + wide
        ):
            continue  # (one farther than r along x or y is farther: no hypot)
        r = radius * c[2]
        (wide if r > cell else grid.setdefault((gx, gy), [])).append((c, r))
        kept.append(c)
    return kept


def read_dice(
    frame_bgr: np.ndarray, expected_count: int | None = None, roi: np.ndarray | None = None, custom=None
):
    """Read every pip d6 in a top-down BGR frame with the learned reader.

    ``roi``: optional mask of the tray floor; what lies outside it is ignored and the tray's
    bounding box is what the detector sees (so a tray in a wide frame keeps its detail).
    ``custom``: the gallery of the dice's custom face (a skull on the 1, ``vision.custom``)."""
    from vision.frame_checks import BLUR_SURE, checks
    from vision.one_pip import ONE_CONF
    from vision.pips import Die, dice_count, finish_reading, mask_outside
    from vision.surface import play_area

    if frame_bgr is None or frame_bgr.ndim != 3:
        raise ValueError("read_dice needs a BGR image (H x W x 3)")
    from vision.balance import balanced
    from vision.exposure import exposed

    frame_bgr = exposed(frame_bgr)  # a dim camera's frame, as a well exposed one
    frame_bgr = balanced(frame_bgr)  # ... and a cast one, as one balanced for the room
    ox = oy = 0
    full = frame_bgr
    if roi is not None and (roi > 0).any():
        frame_bgr = mask_outside(frame_bgr, roi)
        x, y, w, h = cv2.boundingRect((roi > 0).astype(np.uint8))
        frame_bgr, ox, oy = frame_bgr[y : y + h, x : x + w], x, y
    dice, sharp = [], []
    hv = Halvings(frame_bgr)
    found, cands = _pip_dice(hv)
    from vision.steady import at_fellows_size, steadied, top_faces

    # a strong candidate called no die may be a slanted die whose side face confuses the read
    no_die = [i for i, f in enumerate(found) if f.probs[0] >= NOT_DIE and f.score >= DET_ANCHOR]
    for i, probs in top_faces(found, no_die, model(), hv).items():
        found[i].probs = probs  # its top face, read alone, is a pip face
    found = [f for f in found if f.probs[0] < NOT_DIE]  # the face network: not a die
    calibrated: list = []  # dice whose face is surely the calibrated custom face
    if custom is not None:
        from vision.custom import calibrated_first

        calibrated, found = calibrated_first(frame_bgr, found, cands, custom)
    if len(found) > MOST_DICE:
        return a_pattern(found, ox, oy)
    area = play_area(hv, anchors(found))  # the surest dice, read again where they hesitated
    from vision.likeness import left_out

    on_area = on_play_area(found, area)
    # a die read surely just beside the play area may be a die against the tray's wall seen
    # over it: left out, it would be a die missed without a doubt
    beside = [
        f
        for f in found
        if area is not None
        and f not in on_area
        and f.probs[1:].max() >= ANCHOR_P
        and f.probs[0] < EDGE_NOT_DIE
        and f.score >= DET_ANCHOR
        and area.beside(f.cx, f.cy, f.side)
    ]
    found, clutter = left_out(on_area, hv)
    blank, ones = not_pip_faces(hv, found + [c for c, _, _ in calibrated], cands, area)
    for c, value, conf in calibrated:
        dice.append(Die(value, _frame_box(c, ox, oy), conf, 0.0, (c.cx + ox, c.cy + oy)))
        sharp.append(crop_sharpness(c.crop))
    for f in blank:  # a die, but not a pip face: value null
        box = _frame_box(f, ox, oy)
        dice.append(Die(None, box, 0.0, 0.0, (f.cx + ox, f.cy + oy)))
    for f in ones:  # a 1 the face network never learned: one big mark
        dice.append(Die(1, _frame_box(f, ox, oy), ONE_CONF, 0.0, (f.cx + ox, f.cy + oy)))
        sharp.append(crop_sharpness(f.crop))
    blank = blank + ones + [c for c, _, _ in calibrated]  # boxes the count and the spots account for
    from vision.slant import doubtful, seen_twice

    side, twins = seen_twice(found, hv, model())  # a slanted die found again by a side face
    if expected_count is not None and len(found) - len(side) > expected_count:
        # a die too many by the rolled count: a twin read surely may be a side face too
        more, _ = seen_twice(found, hv, model(), sure=math.inf)
        if len(found) - len(side | more) == expected_count:
            side, twins = side | more, twins - more
    seen = found  # what explains the detector's spots
    kept = [i for i in range(len(found)) if i not in side]
    found, twins = [found[i] for i in kept], {kept.index(i) for i in twins}
    slanted = doubtful(found, hv, model()) | twins  # a side face's pips taken for the top face's
    doubted = {i for i, f in enumerate(found) if f.score < DET_SURE or f.probs[0] >= 0.5 or i in slanted}
    asked = [i for i in range(len(found)) if i not in doubted]
    steady = steadied(found, asked, model(), CONF_OK)
    hesitant = [i for i in asked if i not in steady and float(found[i].probs[1:].max()) < CONF_OK]
    top = top_faces(found, hesitant, model(), hv)
    if expected_count is not None and len(found) + len(blank) == expected_count:
        # every box is one die by the rolled count: one boxed too big is read at its fellows' size
        top.update(at_fellows_size(found, hesitant, model(), hv))
    for i, f in enumerate(found):
        k = 1 + int(np.argmax(f.probs[1:]))
        conf = steady.get(i, float(f.probs[k]))  # a hesitant die read again eight ways
        if i in top:  # ... or its top face read alone
            k = 1 + int(np.argmax(top[i][1:]))
            conf = float(top[i][k])
        if i in doubted:
            conf = min(conf, CONF_OK - 0.01)  # one of the two networks doubts it is a die, or its value
        box = _frame_box(f, ox, oy)
        dice.append(Die(k, box, conf, 0.0, (f.cx + ox, f.cy + oy)))
        sharp.append(crop_sharpness(f.crop))
    if custom is not None:
        from vision.custom import take_custom_faces

        # the dice of ``found`` were asked first (calibrated_first): what is left is the faces
        # that are no pip face
        take_custom_faces(full, [d for d in dice if d.value is None], custom)
    rolled = all_rolled_read(dice, expected_count)
    if rolled:  # every die rolled is read: the rest is no die
        dice = [d for d in dice if d.value is not None]
    # soft dice that all read surely are not refused for blur when the count says none was lost
    reading = finish_reading(
        dice, sharp, expected_count, CONF_OK, BLUR_MIN, None if expected_count is None else BLUR_SURE
    )
    for check in checks(dice, roi, full.shape[:2]):  # dice too small to read, a box of another size
        reading.unsure = True
        reading.reasons.append(check.text)
    nulls = sum(d.value is None for d in dice)
    if nulls:
        reading.unsure = True
        reading.reasons.insert(0, f"{dice_count(nulls)} whose face is not a pip face")
    if beside:
        reading.unsure = True
        reading.reasons.append(f"{dice_count(len(beside))} just beside the play area")
        reading.spots += [_frame_box(f, ox, oy) for f in beside]
    cut = cut_by_the_edge(dice, full.shape[:2])
    if cut:
        reading.unsure = True
        reading.reasons.append(f"{dice_count(len(cut))} cut by the edge of the view")
    odd = [] if rolled else unexplained(seen + blank, cands, area, hv, clutter)
    if odd:
        reading.unsure = True
        reading.reasons.append(f"{dice_count(len(odd), 'die-like spot', 'die-like spots')} not read as dice")
        reading.spots += [_frame_box(c, ox, oy) for c in odd]  # shown on the annotated frame
    return reading
