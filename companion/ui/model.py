"""Build the plain-data model the screens draw from.

A screen is a pure function of one dict (see ``companion/ui/screens.py``). The session builds
that dict once per frame; this module does it from an engine and a state:

    model = build_model(engine, state, viewer="p1", ui=controller.ui, notice=None)
    image = render(model)

Keys the screens read:

``game``      the registry id of the game: whose screens draw it
``screen``    optional: force a screen ("scores", "game_over", "pass_to", "result", "message",
              "menu", ...); otherwise the prompt decides
``summary``   ``engine.summary(state)``: ``players``, ``scores``, ``over``, ``winner``, ``draw``
              and the game's own keys
``view``      ``engine.public_view(state, viewer)``
``prompt``    ``prompt_dict(engine.prompt(state))``: actor, kind, text, options, choice,
              chance, private, shows_hand
``ui``        the controller's selection state (``PromptController.ui``/``MenuController.ui``)
``pack``      ``pack_info(engine)``: what the game's screens need from its content pack
``notice``    a short line shown as a banner over any screen ("camera missing"), or None
``menu``      for list screens: {"title": str, "items": [str | {"label", "enabled", "hint"}]}
``message``   for the message screen: {"title": str, "text": str}
``seat``      for the pass-it-on screen (``pass_to``): the seat to hand the device to
``events``    optional: the events of the last accepted action (a result screen says them)
"""

from __future__ import annotations

from typing import Any

from companion.ui.hooks import game_hook


def prompt_dict(prompt: Any) -> dict:
    """An engine ``Prompt`` as plain data (what the model's ``prompt`` key holds)."""
    chance = None
    if prompt.chance is not None:
        c = prompt.chance
        dice = getattr(c, "dice", None)
        chance = {
            "verb": c.verb,
            "faces": list(c.faces),
            "count": c.count,
            "die": c.die,
            "distinct": bool(getattr(c, "distinct", False)),
            "dice": [{"kind": d.kind, "faces": list(d.faces)} for d in dice] if dice else None,
            "by": getattr(c, "by", "table"),
            "private": getattr(c, "private", None),
        }
    return {
        "actor": prompt.actor,
        "kind": prompt.kind,
        "text": prompt.text,
        "options": list(prompt.options) if prompt.options is not None else None,
        "choice": dict(prompt.choice),
        "chance": chance,
        "private": bool(getattr(prompt, "private", False)),
        "shows_hand": bool(getattr(prompt, "shows_hand", False)),
    }


def pack_info(engine: Any) -> dict:
    """What the game's screens need from its pack (its screens module's ``pack_info``), or {}."""
    hook = game_hook(engine.name, "pack_info")
    return hook(engine) if hook else {}


def generic_screen_after(events: list[dict]) -> str | None:
    """For a game without its own: the game-over screen at the end, else the prompt."""
    return "game_over" if any(e.get("event") == "game_over" for e in events) else None


def screen_after(events: list[dict], game: str | None = None) -> str | None:
    """The screen that the events of an accepted action call for, or None (show the prompt):
    the game's own ``screen_after``, else the generic one. Render it with
    ``build_model(..., screen=name, events=events)`` until the next button press."""
    hook = game_hook(game, "screen_after")
    return (hook(events) if hook else None) or generic_screen_after(events)


_PACK_CACHE: dict[tuple[str, int], dict] = {}


def build_model(
    engine: Any,
    state: Any,
    viewer: str | None = None,
    ui: dict | None = None,
    notice: str | None = None,
    screen: str | None = None,
    **extra: Any,
) -> dict:
    """The model for the current position (the prompt, the summary, the viewer's view)."""
    key = (engine.name, id(engine.pack))
    info = _PACK_CACHE.get(key)
    if info is None:
        info = _PACK_CACHE[key] = pack_info(engine)
    model = {
        "game": engine.name,
        "summary": engine.summary(state),
        "view": engine.public_view(state, viewer),
        "prompt": prompt_dict(engine.prompt(state)),
        "ui": dict(ui or {}),
        "pack": info,
        "notice": notice,
    }
    if screen:
        model["screen"] = screen
    model.update(extra)
    return model
