"""Page views: a game's public view turned into blocks the page draws.

A page view is a function ``(model) -> list[block]``; ``model`` holds ``view`` (the viewer's
``public_view``), ``summary`` (public), ``pack`` (the game's ``pack_info``: content, no state)
and ``viewer`` (the seat, or None for a spectator). It sees nothing else, so it cannot leak.
A game names its own with ``GameType.page = "module:function"``; every other game gets
``generic_page``, which draws any view from its shape.

Blocks are plain data; the page's script (static/app.js) draws each kind:

* ``{"kind": "facts", "title", "rows": [[label, value], ...], "you": bool}``
* ``{"kind": "cards", "title", "items": [{"text", "sub"}], "private": bool}``: a hand
* ``{"kind": "rows", "title", "rows": [{"label", "sub", "cls", "items": [{"text", "sub", "cls"}]}]}``:
  labelled lines of chips (a court's zones)
* ``{"kind": "track", "title", "cells": [{"text", "cls"}], "marks": [{"at", "text", "cls"}]}``
* ``{"kind": "grid", "title", "rows": [[{"text", "cls", "mark", "title"}]], "fit": bool}``: ``fit``
  spreads the columns over the width, a cell's text may hold line breaks
* ``{"kind": "dice", "title", "dice": [{"face", "cls"}]}``
* ``{"kind": "tree", "title", "data": any JSON}``: anything else, as nested lists

Any block may name ``draw``: a game's script (static/<game>.js, loaded by index.html) that
draws it its own way (``window.pageDraw[draw]``); without it the block reads as its kind.

``cls`` values the stylesheet knows: colours ``red yellow blue green white black``, and
``ball pawn locked gone final goal you turn``; chips also ``hot dim``, lines ``mid you``,
grid cells ``head sum``.
"""

from __future__ import annotations

from typing import Any

SKIP = frozenset({"game", "over", "winner", "draw"})  # the page's header says these


def label(key: str) -> str:
    """``"spent_half"`` -> ``"spent half"``."""
    return str(key).replace("_", " ").replace("-", " ")


def text(value: Any) -> str:
    """A value in words: lists joined, empties as a dash, booleans as yes/no."""
    if value is None or value == "" or value == [] or value == {}:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        if all(not isinstance(v, (dict, list)) for v in value):
            return ", ".join(str(v) for v in value)
    if isinstance(value, dict) and all(not isinstance(v, (dict, list)) for v in value.values()):
        return ", ".join(f"{label(k)} {v}" for k, v in value.items())
    return str(value)


def _is_seat_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def seat_block(item: dict, viewer: str | None) -> list[dict]:
    """A seat's public facts; the viewer's own list-valued keys (a hand) as their cards."""
    seat = str(item["id"])
    mine = seat == viewer
    rows, blocks = [], []
    for key, value in item.items():
        if key == "id":
            continue
        if mine and isinstance(value, list) and key in ("hand", "cards", "pick", "secret"):
            blocks.append(
                {
                    "kind": "cards",
                    "title": f"Your {label(key)}",
                    "private": True,
                    "items": [{"text": str(v), "sub": ""} for v in value],
                }
            )
        elif isinstance(value, (dict, list)) and not _flat(value):
            blocks.append({"kind": "tree", "title": f"{seat.upper()} {label(key)}", "data": value})
        else:
            rows.append([label(key), text(value)])
    title = seat.upper() + (" (you)" if mine else "")
    return [{"kind": "facts", "title": title, "rows": rows, "you": mine}] + blocks


def _flat(value: Any) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return all(not isinstance(v, (dict, list)) for v in items)


def generic_page(model: dict) -> list[dict]:
    """Any game's view by its shape: scalars as facts, a list of seats as one block each,
    flat tables as facts, the rest as a tree."""
    view, viewer = model.get("view") or {}, model.get("viewer")
    facts: list[list[str]] = []
    blocks: list[dict] = []
    for key, value in view.items():
        if key in SKIP:
            continue
        if _is_seat_list(value):
            for item in value:
                blocks += seat_block(item, viewer)
        elif isinstance(value, dict) and value and _flat(value):
            blocks.append(
                {
                    "kind": "facts",
                    "title": label(key).capitalize(),
                    "rows": [[label(k), text(v)] for k, v in value.items()],
                }
            )
        elif isinstance(value, (dict, list)) and not _flat(value):
            blocks.append({"kind": "tree", "title": label(key).capitalize(), "data": value})
        else:
            facts.append([label(key), text(value)])
    if facts:
        blocks.insert(0, {"kind": "facts", "title": "Game", "rows": facts})
    return blocks
