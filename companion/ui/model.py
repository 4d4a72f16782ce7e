"""Build the plain-data model the screens draw from.

A screen is a pure function of one dict (see ``companion/ui/screens.py``). The session builds
that dict once per frame; this module does it from an engine and a state:

    model = build_model(engine, state, viewer="p1", ui=controller.ui, notice=None)
    image = render(model)

Keys the screens read:

``game``      "dungeon-ball"
``screen``    optional: force a screen ("scoreboard", "halftime", "game_over", "solo_card",
              "result", "message", "menu", "main_menu"); otherwise the prompt decides
``summary``   ``engine.summary(state)``
``view``      ``engine.public_view(state, viewer)``
``prompt``    ``prompt_dict(engine.prompt(state))``: actor, kind, text, options, choice, chance
``ui``        the controller's selection state (``PromptController.ui``/``MenuController.ui``)
``pack``      ``pack_info(engine)``: field colours, board rows, card names, costs and texts
``notice``    a short line shown as a banner over any screen ("camera missing"), or None
``menu``      for list screens: {"title": str, "items": [str | {"label", "enabled"}]}
``message``   for the message screen: {"title": str, "text": str}
``events``    optional: the events of the last accepted action (the result screen says them;
              the solo screen takes the AI card's sentence from the latest ``ai_card``
              event; ``ai_text`` overrides it)
"""
from __future__ import annotations

from typing import Any

from companion.ui.results import RESULT_EVENTS


def prompt_dict(prompt: Any) -> dict:
    """An engine ``Prompt`` as plain data (what the model's ``prompt`` key holds)."""
    chance = None
    if prompt.chance is not None:
        c = prompt.chance
        chance = {"verb": c.verb, "faces": list(c.faces), "count": c.count, "die": c.die,
                  "distinct": bool(getattr(c, "distinct", False))}
    return {
        "actor": prompt.actor,
        "kind": prompt.kind,
        "text": prompt.text,
        "options": list(prompt.options) if prompt.options is not None else None,
        "choice": dict(prompt.choice),
        "chance": chance,
    }


def pack_info(engine: Any) -> dict:
    """What the screens need from a Dungeon Ball pack, as plain data (computed once per pack)."""
    pack = engine.pack
    f = pack.field
    cards = {
        c.id: {"name": c.name, "cost": c.cost, "text": c.text, "side": c.side, "limit": c.limit,
               "whistle": c.whistle}
        for c in pack.cards.values()
    }
    board = pack.board
    cards["juke"] = {"name": "Juke", "cost": board.juke.cost, "side": "offense", "limit": "none",
                     "whistle": False, "text": "Reroll one die (not a time die). Once a play."}
    cards["big-hit discard"] = {"name": "Big Hit: discard", "cost": board.big_hit.cost, "side": "defense",
                                "limit": "none", "whistle": False,
                                "text": "Discard one offense die (not a time die). Once a play."}
    cards["big-hit push"] = {"name": "Big Hit: push", "cost": board.big_hit.cost, "side": "defense",
                             "limit": "none", "whistle": False,
                             "text": f"Push the ball back {board.big_hit.move_back} spaces. Once a play."}
    cards["pass"] = {"name": "Pass", "cost": 0, "side": "", "limit": "none", "whistle": False,
                     "text": "Play no card now."}
    return {
        "field": f.spaces,
        "final": f.final_spaces,
        "start": {"low": f.start_low, "high": f.start_high},
        "field_goal": {"low": f.field_goal_low, "high": f.field_goal_high},
        "board": list(board.rows),
        "requirements": {k: {"icon": r.icon, "count": r.count} for k, r in pack.requirements.items()},
        "defense": {d.id: {"colour": d.colour, "dice": d.dice} for d in pack.defense_cards},
        "teams": {t.id: t.name for t in pack.teams},
        "cards": cards,
        "base_dice": pack.rules.base_dice,
    }


def screen_after(events: list[dict]) -> str | None:
    """The screen that the events of an accepted action call for, or None (show the prompt),
    the most important first: ``game_over`` at the end, ``halftime`` after the first half,
    ``result`` after a play, a kick, a score, a turnover or the coin toss (it also says the
    AI's card when one was drawn), ``solo_card`` after the AI drew a card and nothing else
    happened yet. Render it with ``build_model(..., screen=name, events=events)`` until the
    next button press."""
    kinds = {e.get("event") for e in events}
    if "game_over" in kinds:
        return "game_over"
    if "halftime" in kinds:
        return "halftime"
    if kinds & RESULT_EVENTS:
        return "result"
    if "ai_card" in kinds:
        return "solo_card"
    return None


_PACK_CACHE: dict[int, dict] = {}


def build_model(engine: Any, state: Any, viewer: str | None = None, ui: dict | None = None,
                notice: str | None = None, screen: str | None = None, **extra: Any) -> dict:
    """The model for the current position (the prompt, the summary, the viewer's view)."""
    key = id(engine.pack)
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
