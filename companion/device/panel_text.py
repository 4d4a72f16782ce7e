"""What the device's panel says, made to fit it: option errors in a person's words, the
camera's doubts, missing hardware, refusals. Pure functions of text, tested on their own."""

from __future__ import annotations

import re

from companion.engine.registry import UnknownGame, get_game


def for_the_panel(error: str) -> str:
    """An option error in a person's words: "options.seats.p2: ..." -> "P2: ...", and
    "options.solo: ..." -> "solo: ..." (the key path is for game files)."""
    match = re.match(r"^options\.(?:seats\.)?([\w-]+)(?:\.[\w-]+)*: ", error)
    if not match:
        return error
    name = match.group(1)
    name = name.upper() if re.fullmatch(r"p\d+", name) else name.replace("_", " ")
    rest = error[match.end() :]
    return rest if rest.upper().startswith(name.upper()) else f"{name}: {rest}"


def camera_doubt(reasons: list[str], then: str = "enter them", room: int = 44) -> str:
    """Why the camera is unsure, the reasons that fit whole in the panel's three lines (the
    first always, cut at a word if it must be), then what to do."""
    why = reasons[0] if reasons else "no reading"
    for more in reasons[1:]:
        if len(why) + 2 + len(more) > room:
            break
        why += "; " + more
    if len(why) > room:
        why = why[:room].rsplit(" ", 1)[0]
    return f"{why}. OK: {then}."


def missing_parts(notes: list[str] | None) -> list[str]:
    """The hardware the notes say is missing, by name: "no camera: <why>" -> "camera"; the log
    and `companion doctor` say why."""
    return [note.split(":")[0].removeprefix("no ") for note in notes or []]


def missing_notice(notes: list[str] | None) -> str | None:
    """The main menu's one-line notice of missing hardware: "no camera", "no camera (+1 more)";
    About names them all."""
    parts = missing_parts(notes)
    if not parts:
        return None
    return f"no {parts[0]}" + (f" (+{len(parts) - 1} more)" if len(parts) > 1 else "")


def fits_the_panel(text: str, lines: int = 4) -> bool:
    """``text`` shows whole on the panel's message screen under a one-line title."""
    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    return len(wrap(text, fonts.body(), W - 4)) <= lines


def fitted(head: str, reasons: list[str], tail: str = " OK: done.") -> str:
    """``head``, the ``reasons`` and ``tail`` as one text that shows whole on the panel: the
    last reasons are dropped, then the first is cut at a word (the log has them whole)."""
    reasons = list(reasons) or ["no reading"]
    while True:
        text = f"{head}{'; '.join(reasons)}.{tail}"
        if fits_the_panel(text) or (len(reasons) == 1 and " " not in reasons[0]):
            return text
        reasons = reasons[:-1] if len(reasons) > 1 else [reasons[0].rsplit(" ", 1)[0]]


def undo_refusal(why: str) -> str:
    """Why an undo was refused, as the panel's message says it (OK or BACK closes it); a roll
    the dice answered names the game menu's item that fixes it."""
    if why.startswith("the dice have answered"):
        return "The dice have answered it. Game menu: Correct last dice."
    return why[:1].upper() + why[1:] + "."


def title(game_id: str) -> str:
    """A game's title by its id (the id itself for a game no longer registered)."""
    try:
        return get_game(game_id).title
    except UnknownGame:
        return game_id
