"""The join screen: the page's QR code and address, and a seat's join code.

``model["join"]`` (companion.web.join.join_model): ``qr`` (rows of "1"/"0"), ``seat`` (None on
the watchers' page), ``code``, ``held``, ``ip`` ("192.168.1.23:8080"), ``page``, ``pages``.
LEFT/RIGHT turn the pages; OK or BACK closes it. The code is drawn dark on a lit square with a
quiet zone, as phone cameras expect.
"""

from __future__ import annotations

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import Canvas, H


def web_join(model: dict) -> Image.Image:
    j = model.get("join") or {}
    c = Canvas()
    rows = j.get("qr") or []
    n = len(rows)
    scale = max(1, min(2, (H - 6) // max(1, n)))
    side = n * scale
    c.fill(0, 0, H - 1, H - 1, 1)  # the lit square: quiet zone and light modules
    off = (H - side) // 2
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell == "1":
                c.fill(
                    off + x * scale,
                    off + y * scale,
                    off + x * scale + scale - 1,
                    off + y * scale + scale - 1,
                    0,
                )
    x0 = H + 1
    bold, body, small, big = fonts.bold(), fonts.body(), fonts.small(), fonts.big()
    seat = j.get("seat")
    c.text(x0, 0, str(seat).upper() if seat else "Watch", bold)
    c.text_right(127, 2, f"{j.get('page', 0) + 1}/{j.get('pages', 1)}", small)
    if seat:
        c.text(x0, 14, "code, held" if j.get("held") else "join code", body)
        c.text(x0, 24, str(j.get("code", "")), big)
    else:
        c.text(x0, 14, "scan, or", body)
        c.text(x0, 25, "open:", body)
    ip = str(j.get("ip", ""))
    host, _, port = ip.rpartition(":")
    parts = host.split(".")
    first, second = (
        (".".join(parts[:2]) + ".", ".".join(parts[2:]) + ":" + port)
        if len(parts) == 4
        else (host, ":" + port)
    )
    c.text(x0, 47, first, small)
    c.text(x0, 56, second, small)
    return c.done()


SCREENS = {"web_join": web_join}
