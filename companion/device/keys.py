"""The device's buttons, what each does, and the emulator's keys for each: one table, from
which the Help screen, the emulator's caption and the README's key list are all made (a test
checks each key against the keyboard's own parser)."""

from __future__ import annotations

# (button, what it does in a word for the panel's row, what it does in a sentence, its keys)
BUTTONS: tuple[tuple[str, str, str, str], ...] = (
    ("D-pad", "move", "moves the cursor", "arrows or W A S D"),
    ("OK", "choose", "chooses", "Enter, Space or O"),
    ("BACK", "back / menu", "steps back; else the game menu", "Esc, Backspace or B"),
    ("long BACK", "undo", "undoes the last decision", "U, or Shift+B"),
    ("long press", "hold", "any button held", "Shift with its letter"),
)
QUIT = ("Q", "quit", "quits the emulator")


def help_items() -> list[dict]:
    """The Help screen's rows: each button and what it does in a word, its keys as the hint."""
    items = [
        {"id": f"help-{n}", "label": f"{button}: {word}", "hint": f"keys: {keys}"}
        for n, (button, word, _, keys) in enumerate(BUTTONS)
    ]
    key, word, sentence = QUIT
    return items + [{"id": "help-quit", "label": f"{key}: {word}", "hint": f"{key} {sentence}"}]


def caption() -> str:
    """The emulator's key line under the screen."""
    return "keys: " + ", ".join(f"{keys} = {button}" for button, _, _, keys in BUTTONS[:4]) + "; q quits"


def readme_lines() -> list[str]:
    """The README's key list, as its lines."""
    key, _, sentence = QUIT
    return [f"- {button}: {sentence} (keyboard: {keys})" for button, _, sentence, keys in BUTTONS] + [
        f"- {key} {sentence}"
    ]
