"""Crystal Auction's one screen of its own: what the auction, the roll and the duel did, read
before the game goes on. Every other screen is a generic one (companion/ui/generic.py): the bid
is number entry, the duel card a list, the pass-it-on and game-over screens the platform's."""

from __future__ import annotations

from PIL import Image

from companion.ui import fonts
from companion.ui.draw import Canvas, W
from companion.ui.generic import strip

RESULT = "toy_result"


def result_lines(events: list[dict]) -> list[str]:
    """The events in a few short lines (21 characters of the body font each)."""
    lines = []
    for e in events:
        kind = e.get("event")
        if kind == "auction":
            lines.append(f"{e['seat'].upper()} pays {e['paid']}: {'+'.join(e['crystals'])}")
        elif kind == "roll" and "doubled" in e:
            lines.append(
                f"{'+'.join(e['dice'])}={e['total']}"
                + (" x2" if e["doubled"] else "")
                + f": {e['seat'].upper()} +{e['points']}"
            )
        elif kind == "reveal" and "cards" in e:
            lines.append(" ".join(f"{seat.upper()}:{card}" for seat, card in e["cards"].items()))
            lines.append(f"{e['seat'].upper()} wins the duel +{e['points']}")
    return lines


def screen_after(events: list[dict]) -> str | None:
    """The result screen after an auction's roll or a duel's reveal; else the next prompt."""
    return RESULT if result_lines(events) else None


def result(m: dict) -> Image.Image:
    """What it was on the bar, a line for each thing that happened, the scores at the bottom."""
    c = Canvas()
    events = m.get("events") or []
    c.title_bar("The duel" if any(e.get("event") == "reveal" for e in events) else "The auction", "OK")
    body = fonts.body()
    for i, line in enumerate(result_lines(events)[:4]):
        c.text(1, 11 + 11 * i, body.fit(line, W - 2), body)
    strip(c, m)
    return c.done()


SCREENS = {RESULT: result}
