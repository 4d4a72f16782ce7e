"""Regenerate the bitmap fonts shipped in this folder from the X11 misc-fixed PCF fonts.

    apt-get install -y xfonts-base            # public-domain misc-fixed fonts
    python companion/ui/fonts/build_fonts.py [PCF_DIR]

Each font becomes a PIL font pair: ``NAME.pil`` (metrics) and ``NAME.pbm`` (the glyph bitmap,
which PIL writes in PNG format despite the name), loadable with ``PIL.ImageFont.load``. Only
the ISO 8859-1 encodings are converted. The output is checked into the repository so the
screens never depend on the fonts installed on a machine, nor on Pillow's default font.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from PIL import PcfFontFile

HERE = Path(__file__).resolve().parent
DEFAULT_DIR = Path("/usr/share/fonts/X11/misc")

# shipped name -> misc-fixed source file
FONTS = {
    "small": "5x8-ISO8859-1.pcf.gz",  # 5x8: status lines, card text
    "body": "6x10-ISO8859-1.pcf.gz",  # 6x10: list items, labels
    "bold": "7x13B-ISO8859-1.pcf.gz",  # 7x13 bold: titles, face names
    "big": "10x20-ISO8859-1.pcf.gz",  # 10x20: score and clock digits
}


def build(src_dir: Path = DEFAULT_DIR, out_dir: Path = HERE) -> list[Path]:
    written = []
    for name, source in FONTS.items():
        path = src_dir / source
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rb") as fp:
            font = PcfFontFile.PcfFontFile(fp, "iso8859-1")
            font.save(str(out_dir / f"{name}.pil"))
        written += [out_dir / f"{name}.pil", out_dir / f"{name}.pbm"]
    return written


if __name__ == "__main__":
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR
    for p in build(src):
        print(p)
