"""The README's pictures of the device: one typical decision of each game, as the panel draws
it, played headless through the device (human P1, computer P2). Run by hand after a screen
changes: ``python -m tests.device.pictures`` (writes docs/device/*.png, 2x, one bit)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PIL import Image

from companion.ui.screens import render
from tests.device.secrets_on_the_panel import play, table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "device"
# game -> (seed, the human decision to show: its number among P1's decisions, the presses
# that bring the panel to what the picture shows)
PICTURES = {
    "dungeon-ball": (4, 9, ("down",)),  # a card window opens on Pass: down, to its first card
    "dodgeball": (4, 6, ()),
    "dungeon-days": (4, 8, ()),
    "dungeon-allies": (4, 2, ()),
    "dungeonbowl": (4, 40, ()),
}


def picture(game_id: str, seed: int, nth: int, presses: tuple[str, ...] = ()) -> Image.Image:
    """The panel at P1's ``nth`` decision (a pass screen, if any, already OK'd), after ``presses``
    at it."""
    shots: list[Image.Image] = []

    def at_decision(t, prompt, secret, model):
        if t.mix[prompt.actor] == "human":
            if t.app.awaiting_pass() is not None:
                t.app.press("ok")
            if len(shots) + 1 == nth:
                for button in presses:
                    t.app.press(button)
            shots.append(render(t.app.model()))
            if len(shots) >= nth:
                raise StopIteration

    t = table(Path(tempfile.mkdtemp()), game_id, {"p1": "human", "p2": "computer"}, seed)
    try:
        play(t, seed, limit=400, check=at_decision)
    except StopIteration:
        pass
    return shots[-1]


def main() -> int:
    DOCS.mkdir(parents=True, exist_ok=True)
    for game_id, (seed, nth, presses) in PICTURES.items():
        im = picture(game_id, seed, nth, presses).convert("1")
        path = DOCS / f"{game_id}.png"
        im.resize((im.width * 2, im.height * 2), Image.NEAREST).save(path, optimize=True)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
