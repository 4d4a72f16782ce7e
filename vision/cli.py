"""Command line for vision: ``register(subparsers)`` adds ``dice`` and ``kick``.

    dice read IMAGE... [--json] [--expected N] [--dice PACK_DIE --gallery DIR | --custom-faces DIR] [--annotate DIR]
              [--tray TRAY.json] [--reader auto|net|classical]
    dice calibrate --gallery DIR --face NAME IMAGE... [--face NAME IMAGE...]
    dice markers [OUT.png]                 # printable ArUco sheet for the tray corners
    dice tray IMAGE --out TRAY.json [--reference]
    kick calibrate --reference EMPTY_LID --camera-height PX [--axis X Y] --out LID.json
    kick judge --before A --after B [--calibration LID.json] [--json] [--annotate DIR]

Every subcommand sets ``func`` (``func(args) -> int``). Nothing here needs a display.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

DEFAULT_LID = "lid.json"


def _turned(img, quarter_turns: int):
    """The photo turned clockwise, as the camera's ``rotate`` turns frames (drivers.camera.turned)."""
    import cv2

    codes = {1: cv2.ROTATE_90_CLOCKWISE, 2: cv2.ROTATE_180, 3: cv2.ROTATE_90_COUNTERCLOCKWISE}
    return cv2.rotate(img, codes[quarter_turns]) if quarter_turns else img


def _imread(path):
    """The photo as a BGR frame, upright by its EXIF orientation (drivers.camera.folder.read_image),
    or OSError naming the file and what is wrong with it."""
    from drivers.camera.folder import read_image

    try:
        return read_image(path)
    except FileNotFoundError:
        raise OSError(f"no such image {path}: check the path") from None
    except IsADirectoryError:
        raise OSError(
            f"{path} is a folder, not an image: name the photos in it (e.g. {Path(path) / '*.jpg'})"
        ) from None
    except OSError as e:
        raise OSError(f"cannot read image {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise OSError(f"cannot read image {path}: {e}") from None


def _write_image(flag: str, path: Path, img) -> None:
    """Write ``img`` (PNG or JPEG by the name) through Python, not OpenCV: OpenCV says nothing
    when it cannot write, and crashes on a name that is not UTF-8. OSError names ``flag``."""
    import cv2

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ok, data = cv2.imencode(path.suffix.lower() or ".png", img)
        if not ok:
            raise OSError(f"OpenCV cannot encode a {path.suffix} image")
        path.write_bytes(data.tobytes())
    except OSError as e:
        raise OSError(f"{flag}: cannot write {path}: {e.strerror or e}") from None


def _utf8(flag: str, path: str) -> None:
    """Refuse a name OpenCV would crash on (bytes that are not UTF-8), before anything is read."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        raise OSError(
            f"{flag} {_shown_path(path)}: the name is not UTF-8 and cannot be written by OpenCV; rename it"
        ) from None


def _shown_path(path) -> str:
    """The path as text any terminal can print (bytes that are not UTF-8 as ``\\xe9``)."""
    return os.fsencode(str(path)).decode("utf-8", "backslashreplace")


def _number(kind: type, what: str, fits, refusal: str):
    """An argparse type: ``kind`` read from the text (else "expected ``what``"), refused with
    ``refusal`` (``{value}`` the text as given) unless ``fits(value)``."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
        if not fits(value):
            raise argparse.ArgumentTypeError(refusal.format(value=text))
        return value

    return parse


# the number of dice rolled (``--expected -2`` is refused); a camera's height in pixels (not
# -5, nan or inf); a printer resolution the marker sheet can be drawn at
_dice_count = _number(int, "a whole number of dice", lambda n: n >= 1, "expected 1 or more dice, got {value}")
_camera_height = _number(
    float,
    "a number of pixels",
    lambda v: 0 < v < float("inf"),
    "must be a number of pixels above 0, not {value}",
)
_dpi = _number(
    int,
    "a whole number of dots per inch",
    lambda v: 50 <= v <= 600,
    "must be from 50 to 600 dpi, not {value}",
)


def _calibration(flag: str, path, load, maker: str):
    """A calibration file loaded, or OSError naming the flag, the file and what is wrong with
    it: missing, or not what ``maker`` saves (not JSON or npz, or other fields)."""
    try:
        return load(path)
    except OSError as e:
        why = e.strerror or str(e)
    except (ValueError, TypeError, KeyError) as e:
        why = f"not a file saved by `{maker}` ({type(e).__name__})"
    raise OSError(f"{flag} {path}: {why}")


def _image_folder(text: str) -> str:
    """An argparse type: a folder for annotated images, refused before any reading when the
    path is a file (it is made when missing)."""
    if Path(text).exists() and not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file: give a folder for the annotated images")
    return text


def cmd_dice_read(args) -> int:
    from . import icons, pips
    from .camera_advice import advice
    from .drawing import annotate_dice, shown

    gallery = None
    if args.dice or args.gallery:
        gdir = args.gallery or os.path.join("galleries", args.dice)
        try:
            gallery = _calibration(
                "--gallery" if args.gallery else "--dice",
                gdir,
                icons.Gallery.load,
                "companion dice calibrate",
            )
        except OSError as e:
            print(
                f"error: no gallery for {args.dice or gdir} ({e}); run `dice calibrate` first",
                file=sys.stderr,
            )
            return 2
    faces = None
    if args.custom_faces:
        from . import custom

        hint = f"companion dice calibrate --gallery {args.custom_faces} --face 1 SHOT SHOT SHOT"
        try:
            faces = _calibration(
                "--custom-faces", args.custom_faces, icons.Gallery.load, "companion dice calibrate"
            )
            custom.face_values(faces)
        except (OSError, ValueError) as e:
            print(
                f"error: custom faces in {args.custom_faces}: {e}; calibrate them with `{hint}`",
                file=sys.stderr,
            )
            return 2
    tray_cal = None
    if args.tray:
        from . import tray

        try:
            tray_cal = _calibration("--tray", args.tray, tray.TrayCalibration.load, "companion dice tray")
        except OSError as e:
            print(
                f"error: {e}; locate the tray with `companion dice tray IMAGE --out {args.tray}`",
                file=sys.stderr,
            )
            return 2
    rc = 0
    for path in args.images:
        try:
            img = _imread(path)
            img = _turned(img, args.rotate)
        except OSError as e:
            rc = 1
            if args.json:
                print(json.dumps({"image": str(path), "error": str(e)}))
            else:
                print(f"{_shown_path(path)}: {e}", file=sys.stderr)
            continue
        roi = None
        if tray_cal is not None:
            try:
                roi = tray_cal.mask(img.shape)
            except Exception as e:  # corners that are not four points
                print(
                    f"error: --tray {args.tray}: not a file saved by `companion dice tray` ({type(e).__name__})",
                    file=sys.stderr,
                )
                return 2
        if gallery is not None:
            r = icons.read_icons(img, gallery, expected_count=args.expected, roi=roi)
        elif faces is not None:
            r = custom.read_dice(img, faces, expected_count=args.expected, roi=roi)
        else:
            r = pips.read_dice(img, expected_count=args.expected, roi=roi, reader=args.reader)
        tips = advice(img, r.dice)  # a grey photo, a dim one, dice too small
        if args.json:
            print(json.dumps({"image": str(path), **r.to_json(), "advice": [a.text for a in tips]}))
        else:
            vals = " ".join(shown(d.value) for d in r.dice) or "-"
            extra = f"  UNSURE ({'; '.join(r.reasons)})" if r.unsure else ""
            print(f"{_shown_path(path)}: {vals}{extra}")
            for tip in tips:
                print(f"  advice: {tip.text}")
        if args.annotate:
            _write_image(
                "--annotate", Path(args.annotate) / (Path(path).stem + ".dice.png"), annotate_dice(img, r)
            )
    return rc


def cmd_dice_calibrate(args) -> int:
    from . import icons

    if not args.face:
        print("error: give at least one --face NAME IMAGE...", file=sys.stderr)
        return 2
    shots = {}
    for name, *paths in args.face:
        if not paths:
            print(f"error: --face {name} needs at least one image", file=sys.stderr)
            return 2
        shots.setdefault(name, []).extend(_imread(p) for p in paths)
    gdir = args.gallery or os.path.join("galleries", args.dice or "die")
    _utf8("--gallery", gdir)
    g = icons.calibrate(shots, gdir)
    print(f"gallery with {len(g.names)} faces ({', '.join(g.names)}) saved under {gdir}")
    return 0


def cmd_dice_markers(args) -> int:
    from . import tray

    out = args.out or "tray-markers.png"
    if Path(out).is_dir() or Path(out).suffix.lower() not in (".png", ".jpg", ".jpeg"):
        print(f"error: {out}: name a .png (or .jpg) file for the sheet", file=sys.stderr)
        return 2
    _write_image("dice markers", Path(out), tray.marker_sheet(None, dpi=args.dpi))
    print(f"marker sheet written to {_shown_path(out)} (A4 at {args.dpi} dpi; print at 100 %)")
    return 0


def cmd_dice_tray(args) -> int:
    from . import tray

    img = _imread(args.image)
    cal = tray.locate_by_reference(img) if args.reference else tray.locate_by_markers(img)
    if cal is None:
        print("error: the four tray markers (ids 0-3) were not all found", file=sys.stderr)
        return 1
    cal.save(args.out)
    print(json.dumps({"tray": cal.corners, "source": cal.source, "saved": args.out}))
    return 0


def cmd_kick_calibrate(args) -> int:
    from . import kick

    img = _imread(args.reference)
    try:
        cal = kick.calibrate_lid(img, args.camera_height, args.axis)
    except ValueError as exc:
        raise ValueError(f"{args.reference}: {exc} (the reference is a frame of the empty lid)") from exc
    cal.save(args.out)
    ok = len(cal.uprights) == 2
    print(json.dumps({"saved": args.out, "green": cal.green, "uprights": cal.uprights, "uprights_found": ok}))
    return 0 if ok else 1


def cmd_kick_judge(args) -> int:
    from . import kick

    try:
        cal = _calibration(
            "--calibration", args.calibration, kick.LidCalibration.load, "companion kick calibrate"
        )
    except OSError as e:
        print(f"error: no lid calibration ({e}); run `kick calibrate` first", file=sys.stderr)
        return 2
    before, after = _imread(args.before), _imread(args.after)
    v = kick.judge(before, after, cal)
    if args.json:
        print(json.dumps(v.to_json()))
    else:
        print(f"{v.verdict}: {v.inside_fraction:.0%} inside ({'; '.join(v.reasons)})")
    if args.annotate:
        _write_image(
            "--annotate",
            Path(args.annotate) / (Path(args.after).stem + ".kick.png"),
            kick.annotate(after, v, cal),
        )
    return 0


def register(subparsers) -> None:
    """Add the ``dice`` and ``kick`` command groups to an argparse subparsers object."""
    dice = subparsers.add_parser("dice", help="read dice from photos; calibrate icon dice and the tray")
    ds = dice.add_subparsers(dest="dice_cmd", metavar="{read,calibrate,markers,tray}")
    dice.set_defaults(func=lambda a: (dice.print_help(), 2)[1])

    r = ds.add_parser("read", help="read the dice in one or more images")
    r.add_argument(
        "images", nargs="+", metavar="IMAGE", help="photos of the dice (JPEG or PNG; WebP, TIFF and BMP too)"
    )
    r.add_argument("--json", action="store_true", help="one JSON object per image per line")
    r.add_argument(
        "--expected",
        type=_dice_count,
        default=None,
        metavar="N",
        help="number of dice expected (else unsure)",
    )
    r.add_argument("--dice", default=None, metavar="PACK_DIE", help="a calibrated icon die (default: pip d6)")
    r.add_argument(
        "--gallery", default=None, metavar="DIR", help="gallery directory (default galleries/PACK_DIE)"
    )
    r.add_argument(
        "--custom-faces",
        default=None,
        metavar="DIR",
        help="pip dice with a custom face (a skull on "
        "the 1): its gallery, calibrated with `dice calibrate --gallery DIR --face 1 SHOT...`",
    )
    r.add_argument(
        "--annotate", type=_image_folder, default=None, metavar="DIR", help="write annotated images here"
    )
    r.add_argument("--tray", default=None, metavar="TRAY.json", help="only look inside the calibrated tray")
    r.add_argument(
        "--rotate",
        type=int,
        choices=[0, 1, 2, 3],
        default=0,
        metavar="TURNS",
        help="turn each photo this many quarter turns clockwise first, so the table's far side is "
        "at the top (a slanted die's upper face is read as its top face), as [camera] rotate does",
    )
    r.add_argument(
        "--reader",
        choices=["auto", "net", "classical"],
        default="auto",
        help="pip dice: the learned reader (net, the default when its models are installed) "
        "or classical pip counting",
    )
    r.set_defaults(func=cmd_dice_read)

    c = ds.add_parser("calibrate", help="build an icon-die gallery from a few shots per named face")
    c.add_argument(
        "--dice", default=None, metavar="PACK_DIE", help="the pack's name of the die (white, black)"
    )
    c.add_argument(
        "--gallery",
        default=None,
        metavar="DIR",
        help="where to write the gallery (default galleries/PACK_DIE)",
    )
    c.add_argument(
        "--face",
        nargs="+",
        action="append",
        metavar=("NAME", "IMAGE"),
        help="a face name then one or more images of a die showing it (repeat per face)",
    )
    c.set_defaults(func=cmd_dice_calibrate)

    m = ds.add_parser("markers", help="write the printable ArUco marker sheet for the tray")
    m.add_argument(
        "out",
        nargs="?",
        default=None,
        metavar="OUT.png",
        help="the sheet to write (default tray-markers.png)",
    )
    m.add_argument(
        "--dpi", type=_dpi, default=150, help="printer resolution of the sheet, 50 to 600 (default 150)"
    )
    m.set_defaults(func=cmd_dice_markers)

    t = ds.add_parser("tray", help="locate the tray (markers, or --reference empty-tray photo) and save it")
    t.add_argument("image", metavar="IMAGE", help="a photo of the tray from the camera's place")
    t.add_argument("--out", default="tray.json", help="where to save the tray (default tray.json)")
    t.add_argument(
        "--reference", action="store_true", help="IMAGE is a photo of the empty tray without markers"
    )
    t.set_defaults(func=cmd_dice_tray)

    kick = subparsers.add_parser("kick", help="judge the field-goal toss")
    ks = kick.add_subparsers(dest="kick_cmd", metavar="{calibrate,judge}")
    kick.set_defaults(func=lambda a: (kick.print_help(), 2)[1])

    kc = ks.add_parser(
        "calibrate", help="locate the lid's green area and uprights on a photo of the empty lid"
    )
    kc.add_argument("--reference", required=True, metavar="EMPTY_LID", help="a photo of the empty lid")
    kc.add_argument(
        "--camera-height",
        type=_camera_height,
        required=True,
        metavar="PX",
        help="camera height over the lid in lid-plane pixels (lens height / size of one pixel on the lid)",
    )
    kc.add_argument(
        "--axis",
        type=float,
        nargs=2,
        default=None,
        metavar=("X", "Y"),
        help="optical axis in the image (default: image centre)",
    )
    kc.add_argument("--out", default=DEFAULT_LID, help=f"where to save the lid (default {DEFAULT_LID})")
    kc.set_defaults(func=cmd_kick_calibrate)

    kj = ks.add_parser("judge", help="judge one toss from the frames before and after it")
    kj.add_argument("--before", required=True, help="the lid photographed before the toss")
    kj.add_argument("--after", required=True, help="the lid photographed after the toss")
    kj.add_argument("--calibration", default=DEFAULT_LID, metavar="LID.json", help="the lid's calibration")
    kj.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    kj.add_argument(
        "--annotate", type=_image_folder, default=None, metavar="DIR", help="write an image that shows why"
    )
    kj.set_defaults(func=cmd_kick_judge)


def main(argv=None) -> int:
    """Stand-alone entry point: ``python -m vision.cli dice read x.jpg``."""
    p = argparse.ArgumentParser(prog="vision")
    s = p.add_subparsers(dest="cmd")
    register(s)
    a = p.parse_args(argv)
    if not hasattr(a, "func"):
        p.print_help()
        return 2
    try:
        return int(a.func(a) or 0)
    except (OSError, ValueError) as e:  # a photo or a file to write named with what is wrong
        print(f"vision: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
