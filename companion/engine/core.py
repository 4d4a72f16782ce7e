"""The contract every game engine follows.

A game is its header (game, content pack, options, seed) plus the list of actions taken,
chance outcomes included. An engine never rolls a die by itself: when chance must decide, its
prompt is a chance prompt and a dice source (seeded RNG, forced values, a person, the camera)
answers it with an action like any player would. Replaying a record's actions through the
engine rebuilds the identical state.

Actions are short text lines, ``"<actor> <verb> [args...]"``, e.g. ``"p2 defend red-1"`` or
``"chance roll ball ball time cleat lightning"``: the same line is what a player picks, what a
game file stores and what a bug report quotes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = "chance"


class IllegalAction(ValueError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule`` names the rule broken (a rulebook section), ``reason`` says what was wrong.
    """

    def __init__(self, action: str, reason: str, rule: str | None = None):
        self.action = action
        self.reason = reason
        self.rule = rule
        text = f"illegal action {action!r}: {reason}"
        if rule:
            text += f" (rule: {rule})"
        super().__init__(text)


@dataclass(frozen=True, slots=True)
class ChanceSpec:
    """What chance must decide: ``count`` independent draws from ``faces``.

    ``verb`` is the outcome action's verb (``roll``, ``coin``, ``toss``, ``draw``), ``faces`` the
    sides of the die (repeats weight a face) and ``weights`` optional explicit weights, used for
    outcomes that are not a fair die (a simulated skill toss). ``die`` names the die kind.
    ``distinct`` draws are without replacement (cards taken out of a deck).
    """

    verb: str
    faces: tuple[str, ...]
    count: int = 1
    die: str = ""
    weights: tuple[float, ...] | None = None
    distinct: bool = False

    def outcome(self, values: list[str] | tuple[str, ...]) -> str:
        return " ".join((CHANCE, self.verb, *values))


@dataclass(slots=True)
class Prompt:
    """Who must decide what now.

    ``options`` lists every legal action line when the choice is small. For a choice with many
    combinations (which dice to reroll) ``options`` is ``None`` and ``choice`` describes it; the
    engine's ``legal_actions`` still enumerates it on demand.
    """

    actor: str
    kind: str
    text: str
    options: tuple[str, ...] | None = None
    chance: ChanceSpec | None = None
    choice: dict[str, Any] = field(default_factory=dict)

    @property
    def is_chance(self) -> bool:
        return self.actor == CHANCE


@dataclass(slots=True)
class Header:
    """Everything besides the actions that a game needs to be rebuilt."""

    game: str
    pack: str = "default"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    pack_digest: str = ""


class Engine(Protocol):
    """The interface each game's engine implements (see companion/games/)."""

    name: str

    def new_state(self, header: Header) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, action: str) -> list[dict]: ...

    def legal_actions(self, state: Any) -> list[str]: ...

    def is_over(self, state: Any) -> bool: ...

    def summary(self, state: Any) -> dict: ...

    def public_view(self, state: Any, viewer: str | None) -> dict: ...

    def to_json(self, state: Any) -> bytes: ...

    def from_json(self, data: bytes | str) -> Any: ...

    def status_line(self, state: Any) -> str: ...
