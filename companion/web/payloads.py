"""What one page receives: built for one viewer (a seat, or None for a spectator) from that
seat's ``public_view`` and the public summary, never from the state itself.

The prompt is the viewer's to answer only when they are its actor: then it comes with its
options and choice shape (the same lines a button press sends). Anyone else learns who is
deciding and, for a public decision, its text; a secret decision is only "choosing in
secret". A chance prompt never carries its faces (a deck's remaining cards are a secret).

The log is made of the events of the accepted actions, which are public by the engine
contract, never of the action lines: a line can hold a secret its prompt did not mark private
(Dungeon Ball's face-down defense card is ``p2 defend red-2``; its event names no card).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.engine.registry import GameType, load_object
from companion.engine.words import describe
from companion.web.views import generic_page, label, text

LOG_LINES = 14
_SEAT = re.compile(r"\bp\d\b")
MAX_BUTTONS = 48  # a prompt with no options listed: its legal actions as buttons, up to this


def page_function(game: GameType):
    """The game's page view (``GameType.page``), else the generic one."""
    return load_object(game.page) if game.page else generic_page


def page_prompt(game: GameType):
    """The game's ``page_prompt(prompt_dict) -> choice | None`` beside its page view: its own
    prompt shapes (the ones its panel control reads) as a choice the page draws."""
    if not game.page:
        return None
    return getattr(load_object(game.page.partition(":")[0]), "page_prompt", None)


_PACKS: dict[tuple[str, int], tuple[Any, dict]] = {}


def pack_for(game: GameType, engine: Any) -> dict:
    """The content a page view reads: the screens' ``pack_info`` with, over it, the page
    module's ``page_pack(engine)`` when it has one (full names and card texts the panel has
    no room for). Content only, never state; built once per loaded pack (kept with it, so
    its id cannot name another pack later)."""
    loaded = getattr(engine, "pack", None)
    key = (game.id, id(loaded))
    if key not in _PACKS:
        from companion.ui.model import pack_info

        info = dict(pack_info(engine))
        extra = getattr(load_object(game.page.partition(":")[0]), "page_pack", None) if game.page else None
        if extra is not None:
            info.update(extra(engine))
        if len(_PACKS) > 8:
            _PACKS.clear()
        _PACKS[key] = (loaded, info)
    return _PACKS[key][1]


def prompt_words(game: GameType, model: dict):
    """The page module's ``page_text(prompt, model) -> str | None``, bound to this viewer's
    model: its own words for a prompt's text (the panel's short "7 trade: 2R 1B" as a sentence).
    ``prompt`` holds ``actor``, ``kind``, ``text`` and ``mine``; it is asked only about a text
    the viewer may read (never another seat's secret decision, never chance)."""
    if not game.page:
        return None
    hook = getattr(load_object(game.page.partition(":")[0]), "page_text", None)
    if hook is None:
        return None
    return lambda prompt: hook(prompt, model)


def mark_options(
    game: GameType, prompt: dict | None, pack: dict, view: dict | None = None, given: list[str] | None = None
) -> None:
    """The words of the options of the viewer's own prompt: each button says its action as
    the device's list does: the prompt's own labels when it gives one per option (``given``:
    ``choice["labels"]``, "Harbor Falcons 20*"), else companion.engine.words; the page module's
    ``page_label(action, pack) -> str | None``, where it has one, words a button its own way
    ("give 2 red, get 1 blue" for ``p1 trade red blue``), ``page_note(action, pack) -> str |
    None`` adds a line under a button's words (what a card costs and does), and
    ``page_confirm(action) -> str | None`` marks an option that ends the game with no way back
    on the page (a concession): the page asks a second tap, saying what the first would do."""
    if not prompt or not prompt.get("mine") or not prompt.get("options"):
        return
    given = given if given and len(given) == len(prompt["options"]) else None
    for i, option in enumerate(prompt["options"]):
        option["label"] = str(given[i]) if given else describe(game.id, option["action"], view, pack)
    if not game.page:
        return
    module = load_object(game.page.partition(":")[0])
    label, confirm = getattr(module, "page_label", None), getattr(module, "page_confirm", None)
    note = getattr(module, "page_note", None)
    for option in prompt["options"]:
        said = label(option["action"], pack) if label else None
        if said:
            option["label"] = said
        under = note(option["action"], pack) if note else None
        if under:
            option["note"] = under
        asked = confirm(option["action"]) if confirm else None
        if asked:
            option["confirm"] = asked


def prompt_names(game: GameType, prompt: dict | None, pack: dict) -> dict:
    """The page's names for the words of the actor's options and word steps (``p1 throw brick
    ursa``: "Bruno Brick", "Ursa Kahn"), from the page module's ``page_names(pack)``."""
    if not prompt or not prompt.get("mine") or not game.page:
        return {}
    names_of = getattr(load_object(game.page.partition(":")[0]), "page_names", None)
    if names_of is None:
        return {}
    words = {w for o in prompt.get("options") or () for w in o["label"].split()}
    choice = prompt.get("choice") or {}
    if not words:  # no lines listed: the page offers the game's word steps
        for step in choice.get("words") or ():
            words.update(step)
    words.update(str(item) for item in (choice.get("multi") or {}).get("items") or ())
    words.update(str(item) for item in choice.get("why_not") or ())
    names = names_of(pack)
    return {w: names[w] for w in sorted(words) if w in names}


def prompt_for(
    prompt: Any, viewer: str | None, computers: set[str], legal=None, adapt=None, words=None
) -> dict | None:
    """The prompt as this viewer may see it, or None when the game is over. For its actor, a
    prompt with neither options nor a choice shape the page knows is offered through the
    game's ``adapt`` (``page_prompt``), else as its legal actions (``legal()``), else as a line
    to type: the session checks whatever comes back. ``words`` (``prompt_words``) may say a
    readable text in the game's own words."""
    if prompt is None:
        return None
    actor = prompt.actor
    if prompt.is_chance:
        spec = prompt.chance
        if spec.private:
            return {"actor": "chance", "mine": False, "text": f"the device deals to {spec.private.upper()}"}
        said = _SEAT.sub(
            lambda m: m.group(0).upper(), prompt.text or f"{spec.verb} {spec.count} {spec.die}".strip()
        )
        if said.rstrip().endswith("?"):  # the table answers it on the device
            said = f"waiting for the table to answer: {said}"
        return {"actor": "chance", "mine": False, "text": said}
    if actor == viewer and actor not in computers:
        options, choice = list(prompt.options or ()), _choice(prompt.choice)
        if not options and not set(choice) - {"why_not"}:
            from companion.ui.model import prompt_dict

            choice = (adapt(prompt_dict(prompt)) if adapt else None) or {}
            if not choice and legal is not None:
                actions = legal()
                options = actions if len(actions) <= MAX_BUTTONS else []
                choice = {} if options else {"free": True}
        return {
            "actor": actor,
            "mine": True,
            "text": _said(prompt, actor, True, words),
            "kind": prompt.kind,
            "private": bool(prompt.private),
            "options": [{"action": o, "label": describe(None, o)} for o in options],
            "choice": choice,
        }
    who = actor.upper() + (" (computer)" if actor in computers else "")
    if prompt.private:
        return {"actor": actor, "mine": False, "text": f"{who} is choosing in secret"}
    said = _said(prompt, actor, False, words)
    if actor in computers:  # a computer seat is asked only while it decides
        return {"actor": actor, "mine": False, "text": f"{who} is thinking: {said}"}
    if said.rstrip().endswith("?"):  # a question put to the actor, not to whoever reads it
        return {"actor": actor, "mine": False, "text": f"waiting for {who} to answer: {said}"}
    return {"actor": actor, "mine": False, "text": f"{who}: {said}"}


def _said(prompt: Any, actor: str, mine: bool, words) -> str:
    text = _unnamed(prompt.text, actor)
    if words is None:
        return text
    return words({"actor": actor, "kind": prompt.kind, "text": text, "mine": mine}) or text


def _unnamed(text: str, actor: str) -> str:
    """A prompt's text without its leading seat ("p1: choose ..."): the page says whose it is."""
    if text.lower().startswith(actor.lower() + ":"):
        return text[len(actor) + 1 :].lstrip() or text
    return text


def _choice(choice: dict) -> dict:
    """The choice shapes the page builds a line from (number, multi, words), and what cannot be
    chosen now and why (``why_not``: word -> reason); ``grid`` is a cursor layout for the
    buttons and means nothing on a touch screen."""
    return {k: v for k, v in choice.items() if k in ("number", "multi", "words", "verb", "why_not")}


def event_words(event: dict) -> str:
    """An event in words: its told ``text`` when it has one, else its name and fields
    (``{"event": "bid", "seat": "p1", "coins": 2}`` -> "P1 bid: coins 2")."""
    if event.get("text"):
        return str(event["text"]).split("\n", 1)[0].rstrip()  # a terminal's told text: its first line
    who = next((event[k] for k in ("seat", "player") if isinstance(event.get(k), str)), "")
    fields = [
        f"{label(k)} {_seat_up(text(v))}"
        for k, v in event.items()
        if k != "event" and not (who and k in ("seat", "player") and v == who)
    ]
    name = label(str(event.get("event", "event")))
    return (f"{who.upper()} " if who else "") + name + (": " + ", ".join(fields) if fields else "")


def log_line(game: GameType, event: dict, pack: dict) -> str:
    """An event in the game's own words (its page module's ``page_event(event, pack)``, which
    may return None), else in the generic words."""
    said = None
    if game.page:
        hook = getattr(load_object(game.page.partition(":")[0]), "page_event", None)
        said = hook(event, pack) if hook else None
    return said or event_words(event)


def _seat_up(value: str) -> str:
    return value.upper() if len(value) <= 3 and value[:1] == "p" and value[1:].isdigit() else value


def result_text(summary: dict, pack: dict | None = None) -> str:
    """Who won, and by what where the game's points are not plain to read: "P2 wins, 6
    opponents out to 1" (Dodgeball's score counts opponents out, ``pack["score_label"]``),
    "P1 wins on most white crystals, 40 points to 40 and 23" (the summary's ``tie_break``)."""
    if not summary.get("over"):
        return ""
    if summary.get("draw"):
        return "a draw"
    winner = summary.get("winner")
    if not winner:
        return "game over"
    said = f"{str(winner).upper()} wins"
    if isinstance(summary.get("tie_break"), str) and summary["tie_break"]:
        said += f" on {summary['tie_break']}"
    unit, scores = (pack or {}).get("score_label"), summary.get("scores") or {}
    others = [str(n) for n in sorted((n for seat, n in scores.items() if seat != winner), reverse=True)]
    if unit and winner in scores and others:
        to = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
        said += f", {scores[winner]} {unit} to {to}"
    return said


def build(
    game: GameType,
    engine: Any,
    state: Any,
    viewer: str | None,
    *,
    seats_held: dict[str, bool],
    computers: set[str],
    pack: dict,
    log: Sequence[str] = (),
) -> dict:
    """The payload for ``viewer``: everything a page draws, from ``public_view(state, viewer)``."""
    view = engine.public_view(state, viewer)
    summary = engine.summary(state)
    over = engine.is_over(state)
    prompt = None if over else engine.prompt(state)
    turn = prompt.actor if prompt is not None and not prompt.is_chance else None
    scores = summary.get("scores") or {}
    seats = [
        {
            "id": s,
            "label": s.upper(),
            "score": scores.get(s, ""),
            "held": bool(seats_held.get(s)),
            "computer": s in computers,
            "turn": s == turn,
            "you": s == viewer,
        }
        for s in summary.get("players") or list(scores)
    ]
    model = {"view": view, "summary": summary, "pack": pack, "viewer": viewer}
    shown = prompt_for(
        prompt,
        viewer,
        computers,
        legal=lambda: engine.legal_actions(state),
        adapt=page_prompt(game),
        words=prompt_words(game, model),
    )
    names = prompt_names(game, shown, pack)
    if names and shown is not None:
        shown["names"] = names
    mark_options(
        game, shown, pack, view, given=(prompt.choice or {}).get("labels") if prompt is not None else None
    )
    return {
        "t": "state",
        "game": {"id": game.id, "title": game.title},
        "seat": viewer,
        "seats": seats,
        "blocks": page_function(game)(model),
        "prompt": shown,
        "log": list(log),
        "over": over,
        "result": result_text(summary, pack),
    }


def idle(title: str, text: str, viewer: str | None = None) -> dict:
    """The payload when no game is in progress (a menu on the device)."""
    return {
        "t": "state",
        "game": None,
        "seat": viewer,
        "seats": [],
        "blocks": [],
        "prompt": None,
        "log": [],
        "over": False,
        "result": "",
        "idle": {"title": title, "text": text},
    }
