"""The conformance harness's machinery: seeded random games of any registered game, played
through the Engine contract alone (companion/engine/core.py), with a hook after every action.

Computer seats are called as the platform calls them, ``policy(engine, view, prompt)`` with
``view = engine.public_view(state, prompt.actor)``; chance is answered by the shared seeded dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.engine.core import Header, Prompt
from companion.engine.dice import SeededDice
from companion.engine.gamefile import GameRecord
from companion.engine.registry import GameType

MAX_ACTIONS = 20_000


@dataclass
class Game:
    """One random game as played: its record, final state and every prompt met."""

    record: GameRecord
    state: object
    prompts: list[Prompt] = field(default_factory=list)


def player_counts(game: GameType) -> list[int]:
    """Every number of seats the game takes, fewest first."""
    return list(range(game.players[0], game.players[1] + 1))


def header_for(game: GameType, seed: int) -> Header:
    """A seeded header; seeds take turns through every player count the game takes (so twenty
    seeds play a 2-to-6-player game at each count four times); the game's default count is left
    to the game, any other is the common ``players`` option."""
    counts = player_counts(game)
    players = counts[seed % len(counts)]
    options = {} if players == game.default_players() else {"players": players}
    return Header(game.id, seed=seed, options=options)


def copy(engine, state):
    return engine.from_json(engine.to_json(state))


def play(
    game: GameType,
    engine,
    seed: int,
    policy: str | None = None,
    after: Callable[[object, Prompt, str, list[dict], object], None] | None = None,
) -> Game:
    """Play one game with the game's policy in every seat; ``after(state_before, prompt,
    action, events, state)`` runs after each action, with a copy of the state before it."""
    header = header_for(game, seed)
    state = engine.new_state(header)
    played = Game(GameRecord(header), state)
    policy_class = game.load_policy(policy)
    seats: dict[str, object] = {}
    dice = SeededDice(seed)
    prompt = engine.prompt(state)
    for _ in range(MAX_ACTIONS):
        if engine.is_over(state):
            return played
        played.prompts.append(prompt)
        if prompt.is_chance:
            action = dice.answer(prompt)
        else:
            player = seats.setdefault(prompt.actor, policy_class(seed * 31 + len(seats)))
            action = player(engine, engine.public_view(state, prompt.actor), prompt)
        before = copy(engine, state) if after else None
        events = engine.apply(state, action, prompt)
        played.record.actions.append(action)
        if after:
            after(before, prompt, action, events, state)
        prompt = None if engine.is_over(state) else engine.prompt(state)
    raise AssertionError(f"{game.id} seed {seed}: no end within {MAX_ACTIONS} actions")


def alternatives(engine, state, prompt: Prompt, rng: random.Random, count: int = 2) -> list[str]:
    """Up to ``count`` different legal answers to ``prompt`` (for comparing what each shows)."""
    if prompt.is_chance:
        dice = SeededDice(rng.randrange(1 << 30))
        found = {dice.answer(prompt) for _ in range(12)}
        return sorted(found)[:count]
    legal = list(prompt.options) if prompt.options is not None else engine.legal_actions(state)
    rng.shuffle(legal)
    return legal[:count]


def illegal_candidates(prompt: Prompt, seats: list[str], legal_example: str) -> list[str]:
    """Actions that cannot answer ``prompt``: nonsense, another seat's move, a bogus argument,
    an extra word, a chance answer with a face no die has."""
    words = legal_example.split()
    others = [s for s in seats if s != prompt.actor]
    out = [
        "",
        "nonsense",
        "chance",
        f"{prompt.actor}",
        " ".join(words + ["zz-extra"]),
        " ".join(words[:-1] + ["zz-no-such-thing"]) if len(words) > 1 else "zz",
        "chance roll zz-no-face",
        f"{prompt.actor} zz-no-verb",
    ]
    if others and not prompt.is_chance:
        out.append(" ".join([others[0], *words[1:]]))
    if prompt.is_chance and prompt.chance is not None:
        out.append(prompt.chance.outcome(["zz-no-face"] * prompt.chance.count))
        out.append(prompt.chance.outcome(words[2:] + words[2:3]))  # one value too many
    return out
