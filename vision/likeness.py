"""Does a spot look like the dice of its frame?

Dice rolled together are one set: one face colour (or the two of a red/cream pair), one size.
A spot the detector found and the face network leans to call "no die" (a cable's ferrite
bead, a plug, a clip, a patch of the desk) whose face colour is unlike that of every die read
surely in the same frame, and that is no die either when read again closer, is clutter: it is
left out, not a reason to doubt the frame. So is a die the face network reads hesitantly (a
cable's label with print) that is unlike the sure dice and no die when read closer and in its
own two colours; when its colour is far unlike theirs, some doubt of both reads is enough
(``far_unlike``). A die of the other colour of a red/cream pair is read as a die by one of the
two looks, so it still counts (or still makes the frame unsure). Colours
are compared in OpenCV's 8-bit Lab (L 0-255, a and b 0-255 around 128) with lightness at half
weight (a die in light shadow is darker, not another colour), on the die's own colours before
any grey conversion.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import net, scaling

FACE_FAR = 15.0  # face colours further apart than this (weighted Lab) are not one set
# (chosen on desk-dev/floor-dev: their dice lie within 10, beads and labels beyond)
CLOSER = 0.55  # a spot is read again this much closer (of its box) before it is called clutter
FAR_UNLIKE = 2 * FACE_FAR  # a spot this far from every sure die is clutter on weaker evidence:
DOUBT_OWN = 0.2  # ... its own read gives "no die" this much,
DOUBT_CLOSER = 0.15  # ... the closer read this much (chosen on desk-dev: labels 0.16-0.48,
# a hesitant real cream die 0.07), and its own colours say "no die"
_WEIGHT = np.array([0.5, 1.0, 1.0], np.float32)


def face_colour(crop: np.ndarray) -> np.ndarray:
    """The face colour of a die crop (``vision.scaling.face_crop``): the median Lab colour of
    its central half, where the top face lies whatever the view; pips are too few to move it."""
    n = crop.shape[0]
    q = n // 4
    core = cv2.cvtColor(np.ascontiguousarray(crop[q : n - q, q : n - q]), cv2.COLOR_BGR2Lab)
    return scaling.column_median(core.reshape(-1, 3).astype(np.float32))


def colour_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Distance of two Lab face colours, lightness at half weight."""
    return float(np.linalg.norm((a - b) * _WEIGHT))


def nearest_die_colour(crop: np.ndarray, sure_crops) -> float | None:
    """How far the face colour of ``crop`` lies from that of the nearest die in ``sure_crops``
    (``colour_distance``); None when there is no sure die to compare with."""
    if not sure_crops:
        return None
    own = face_colour(crop)
    return min(colour_distance(own, face_colour(c)) for c in sure_crops)


def clutter(c, sure: list, hv, own_colours: bool = False) -> bool:
    """Is the spot ``c`` (a ``net.Found``) clutter? Its face colour is unlike that of every
    ``sure`` die (``nearest_die_colour`` over ``FACE_FAR``), and read again closer (``CLOSER``
    of its box: the detector may box a lone die of another colour up to twice too big, and the
    face network then sees mostly floor) the face network still leans to "no die"; with ``own_colours``, also when read in
    its own two colours redrawn black on white (``pips_dark``: a red die with cream pips)."""
    far = nearest_die_colour(c.crop, [f.crop for f in sure])
    if far is None or far <= FACE_FAR:
        return False
    if hv is None:
        return True
    closer = hv.crop(c.cx, c.cy, CLOSER * c.side)
    probs = net.model()._probs([closer, scaling.pips_dark(c.crop)] if own_colours else [closer])
    if bool((probs[:, 0] >= net.NOT_DIE).all()):
        return True
    return own_colours and far_unlike(c, far, probs)


def far_unlike(c, far: float, probs: np.ndarray) -> bool:
    """A spot far unlike every sure die (``FAR_UNLIKE``, twice ``FACE_FAR``: a cable's printed label
    or a plug beside the dice) is clutter on weaker evidence: the face network has some doubt
    it is a die at all (``DOUBT_OWN`` of "no die"), read closer still some (``DOUBT_CLOSER``),
    and in its own two colours it is no die. Read closer, a label's print may look like a
    face: when its own read already calls it no die (``net.NOT_DIE``), the closer read is not
    asked (desk six_56: 0.87 whole, 0.99 in its own colours, 0.07 closer). A lone die of
    another colour read hesitantly (a cream die boxed twice too big beside red ones) is read
    "no die" at under a tenth and stays.
    ``far`` is its colour's distance to the nearest sure die (``nearest_die_colour``);
    ``probs`` are the closer and own-colour reads, in that order."""
    return bool(
        far >= FAR_UNLIKE
        and c.probs[0] >= DOUBT_OWN
        and probs[1, 0] >= net.NOT_DIE
        and (probs[0, 0] >= DOUBT_CLOSER or c.probs[0] >= net.NOT_DIE)
    )


def left_out(found: list, hv) -> tuple[list, list]:
    """``found`` split into dice and clutter: the dice read unsure that are clutter
    (``clutter``, own colours too), such as a cable's label or a plug the face network calls a
    die, hesitantly, unlike the dice read surely in colour, and no die when looked at closer
    or in its own colours. The clutter is explained: no die-like spot there makes a doubt."""
    sure = [f for f in found if f.probs[1:].max() >= net.ANCHOR_P and f.score >= net.DET_ANCHOR]
    junk = [f for f in found if f.probs[1:].max() < net.CONF_OK and clutter(f, sure, hv, own_colours=True)]
    return [f for f in found if f not in junk], junk
