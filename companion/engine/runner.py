"""Driving an engine: replaying a record, and playing a game out with policies and dice."""
from __future__ import annotations

import random
from collections.abc import Callable
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
        # the header's game, its pack, or options the engine refuses ("options.solo: ...")
        key = "game" if isinstance(exc, UnknownGame) else "pack" if isinstance(exc, PackError) else "options"
        raise ReplayError(f"{record.where(key=key)}{exc}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    for number, action in enumerate(actions, 1):
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(f"{record.where(number)}action {number} ({action[:60]!r}) was refused: {exc.reason}"
                              + (f" (rule: {exc.rule})" if exc.rule else "")) from None
    return engine, state


class RandomPolicy:
    """Uniformly random legal choices; a random subset when choosing dice."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def __call__(self, engine, state, prompt: Prompt) -> str:
        if prompt.options is not None:
            return prompt.options[int(self.rng.random() * len(prompt.options))]
        choice = prompt.choice
        if "rerollable" in choice:
            picked = [str(i) for i in choice["rerollable"] if self.rng.random() < 0.5]
            return f"{prompt.actor} reroll {' '.join(picked)}" if picked else f"{prompt.actor} stop"
        legal = engine.legal_actions(state)
        return legal[int(self.rng.random() * len(legal))]


def play_out(engine, state, policies: dict[str, Policy], dice, record: GameRecord | None = None,
             max_actions: int = 100_000) -> list[str]:
    """Play until the game ends; every action taken is appended to ``record`` if given."""
    taken: list[str] = []
    fast = getattr(engine, "apply_and_prompt", None)
    prompt = None if engine.is_over(state) else engine.prompt(state)
    for _ in range(max_actions):
        if prompt is None:
            return taken
        action = dice.answer(prompt) if prompt.actor == CHANCE else policies[prompt.actor](engine, state, prompt)
        if fast is not None:
            prompt = fast(state, action, prompt)[1]
        else:
            engine.apply(state, action, prompt)
            prompt = None if engine.is_over(state) else engine.prompt(state)
        taken.append(action)
        if record is not None:
            record.actions.append(action)
    raise RuntimeError(f"game did not end within {max_actions} actions")
