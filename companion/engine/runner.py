"""Driving an engine: replaying a record, and playing a game out with policies and dice."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from itertools import combinations
from types import FunctionType, MethodType
from typing import Any

from companion.engine.core import CHANCE, Header, IllegalAction, Prompt
from companion.engine.gamefile import GameRecord
from companion.games import UnknownGame, get_engine
from companion.packs import PackError

Policy = Callable[[Any, Any, Prompt], str]


class ReplayError(ValueError):
    """A recorded action the engine refused: names the action's number and text."""


def start(header: Header, engine=None):
    engine = engine or get_engine(header.game, header.pack)
    return engine, engine.new_state(header)


def replay(record: GameRecord, engine=None, upto: int | None = None):
    """Rebuild a game from its record; return (engine, state). ``upto`` stops after N actions.
    A record loaded from a file has its errors named ``FILE:LINE``."""
    try:
        engine, state = start(record.header, engine)
    except (UnknownGame, PackError, ValueError) as exc:
        if not record.source:
            raise
        # the header's game, its pack, or options the engine refuses ("options.solo: ...",
        # named at the option's own line when the message names it)
        key = "game" if isinstance(exc, UnknownGame) else "pack" if isinstance(exc, PackError) else "options"
        named = re.match(r"options\.([A-Za-z0-9_-]+)", str(exc))
        if key == "options" and named:
            key = f"options.{named[1]}"
        raise ReplayError(f"{record.where(key=key)}{exc}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    for number, action in enumerate(actions, 1):
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(
                f"{record.where(number)}action {number} ({action[:60]!r}) was refused: {exc.reason}"
                + (f" (rule: {exc.rule})" if exc.rule else "")
            ) from None
    return engine, state


class RandomPolicy:
    """Uniformly random legal choices; a random subset when choosing dice. It reads only the
    prompt (``view`` is the seat's public view, unused): any game's prompt shapes will do."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def view_keys(self, prompt: Prompt) -> tuple[str, ...]:
        return ()

    def __call__(self, engine, view, prompt: Prompt) -> str:
        rng = self.rng
        if prompt.options is not None:
            return prompt.options[int(rng.random() * len(prompt.options))]
        choice = prompt.choice
        actor = prompt.actor
        if "rerollable" in choice:
            picked = [str(i) for i in choice["rerollable"] if rng.random() < 0.5]
            return f"{actor} reroll {' '.join(picked)}" if picked else f"{actor} stop"
        if "number" in choice:
            n = choice["number"]
            return f"{actor} {n['verb']} {n['min'] + int(rng.random() * (n['max'] - n['min'] + 1))}"
        if "multi" in choice:
            m = choice["multi"]
            items, low, high, verb = m["items"], m.get("min", 0), m.get("max", len(m["items"])), m["verb"]
        elif "eligible" in choice:  # dice picked by position: "<actor> pick 1 3"
            items, low, high, verb = choice["eligible"], choice["min"], choice["max"], "pick"
        else:
            raise ValueError(f"the uniform policy cannot answer {prompt.kind!r} prompts: {prompt.text}")
        legal = [c for k in range(low, high + 1) for c in combinations(items, k)]
        combo = legal[int(rng.random() * len(legal))]
        return " ".join((actor, verb, *map(str, combo)))


def decide(policy, engine, state, prompt: Prompt) -> str:
    """A computer seat's action: a planner (a policy with ``choose``) searches from the state
    through its game's belief module; any other policy sees only the seat's public view."""
    choose = getattr(policy, "choose", None)
    if choose is not None:
        return choose(engine, state, prompt)
    return policy(engine, engine.public_view(state, prompt.actor), prompt)


def view_for(view_of, state, prompt: Prompt, wants) -> dict:
    """What a policy is handed for ``prompt``: its seat's whole view (``view_of`` is the
    engine's ``public_view``), or only the keys its ``view_keys`` (``wants``) names."""
    if wants is None:
        return view_of(state, prompt.actor)
    keys = wants(prompt)
    return view_of(state, prompt.actor, keys) if keys else {}


def _seat_plan(policy: Policy) -> tuple:
    """(call, view_keys, view_keys_by_kind, choose) of a seat's policy, for ``play_out``.

    ``call`` is ``policy`` itself, or for an instance of a class with a Python ``__call__``
    that method bound to it (the call skips the instance's call slot). A policy whose view keys
    depend on the prompt's kind alone may give them as ``view_keys_by_kind`` (kind -> keys; a
    kind not there reads nothing) besides ``view_keys``: then no call is made to find them. A
    ``view_keys`` of None (the whole view) wins over an inherited ``view_keys_by_kind``."""
    own = getattr(type(policy), "__call__", None)  # noqa: B004 (the function itself, to bind)
    call = MethodType(own, policy) if isinstance(own, FunctionType) else policy
    wants = getattr(policy, "view_keys", None)
    by_kind = getattr(policy, "view_keys_by_kind", None) if wants is not None else None
    return call, wants, by_kind, getattr(policy, "choose", None)


def play_out(
    engine,
    state,
    seats: dict[str, Policy],
    dice,
    record: GameRecord | None = None,
    max_actions: int = 100_000,
    check: bool = False,
) -> list[str]:
    """Play until the game ends; every action taken is appended to ``record`` if given.

    ``seats`` maps each seat that decides to a policy, called ``policy(engine, view, prompt)``
    with ``view = engine.public_view(state, seat)``: a policy never sees the state, so it cannot
    see another seat's secrets (a planner, a policy with ``choose``, searches from the state
    through its game's belief module: see ``decide``). A policy that reads only a few keys says which with
    ``view_keys(prompt)``, and only those are built. Chance prompts go to ``dice``. Actions come from the prompt, a
    built-in policy or a dice source, so they take the engine's trusted fast path
    (``advance``, or ``apply_trusted`` where a game has no ``advance``) unless ``check`` is set."""
    taken: list[str] = []
    # the trusted fast path: ``advance`` (no events built) where the engine has it
    trusted = None if check else getattr(engine, "advance", None)
    events_too = None if check or trusted is not None else getattr(engine, "apply_trusted", None)
    view_of = engine.public_view
    # seat -> (the policy's call, its view_keys or None, its view_keys_by_kind or None, its
    # choose or None), looked up once per action; a policy object's own ``__call__`` bound once
    table = {seat: _seat_plan(policy) for seat, policy in seats.items()}
    answer = dice.answer
    keep = taken.append
    if record is not None:
        recorded = record.actions

        def keep(action: str) -> None:
            taken.append(action)
            recorded.append(action)

    prompt = None if engine.is_over(state) else engine.prompt(state)
    for _ in range(max_actions):
        if prompt is None:
            return taken
        actor = prompt.actor
        if actor == CHANCE:
            action = answer(prompt)
        else:
            policy, wants, by_kind, choose = table[actor]
            if choose is not None:
                action = choose(engine, state, prompt)
            elif by_kind is not None:  # the keys for the prompt's kind, without a call
                keys = by_kind.get(prompt.kind)
                action = policy(engine, view_of(state, actor, keys) if keys else {}, prompt)
            elif wants is None:
                action = policy(engine, view_of(state, actor), prompt)
            else:  # view_for, inline: only the keys the policy reads
                keys = wants(prompt)
                action = policy(engine, view_of(state, actor, keys) if keys else {}, prompt)
        if trusted is not None:
            prompt = trusted(state, action, prompt)
        elif events_too is not None:
            prompt = events_too(state, action, prompt)[1]
        else:
            engine.apply(state, action, prompt)
            prompt = None if engine.is_over(state) else engine.prompt(state)
        keep(action)
    raise RuntimeError(f"game did not end within {max_actions} actions")
