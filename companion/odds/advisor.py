"""The odds advisor: for the decision waiting, every legal option of the seat to act with its
chance of what matters, and the best one. Each game's part is ``companion/games/<game>/odds.py``,
found from the game's registry entry (the ``odds`` entry of its ``extra``, else the module
beside its engine); it answers ``advise(engine, state, prompt, legal) -> Advice | None``.

A game's part reads only what the seat to act may see: public facts, that seat's own hand, and
for what it cannot see a distribution (the cards it has not seen, a chest not yet opened)."""

from __future__ import annotations

from importlib import import_module
from itertools import combinations
from math import comb
from types import ModuleType

from companion.engine.registry import get_game, load_object
from companion.odds.advice import Advice, OptionOdds


class NoDecision(LookupError):
    """Nothing for the advisor to answer: the game is over, or chance decides next."""


_MODULES: dict[str, ModuleType | None] = {}


def odds_module(engine) -> ModuleType | None:
    """The game's odds module, or None if the game has none."""
    name = engine.name
    if name not in _MODULES:
        game = get_game(name)
        target = game.extra.get("odds") if game.extra else None
        if target:
            _MODULES[name] = load_object(target)
        else:
            package = game.engine.partition(":")[0].rpartition(".")[0]
            try:
                _MODULES[name] = import_module(f"{package}.odds")
            except ModuleNotFoundError as exc:
                if exc.name != f"{package}.odds":
                    raise
                _MODULES[name] = None
    return _MODULES[name]


def advise(engine, state) -> Advice:
    """The advice for the decision waiting in ``state``. Raises NoDecision when no seat decides."""
    if engine.is_over(state):
        raise NoDecision("the game is over")
    prompt = engine.prompt(state)
    if prompt.is_chance:
        raise NoDecision(f"chance decides next ({prompt.text}), not a seat")
    legal = legal_options(engine, state, prompt)
    module = odds_module(engine)
    advice = module.advise(engine, state, prompt, legal) if module is not None else None
    if advice is None:
        advice = no_chance(prompt, legal)
    return complete(advice, legal)


MOST_LISTED = 4096  # a choice of subsets past this many is left to the engine's own list


def legal_options(engine, state, prompt) -> list[str]:
    """Every legal action of the prompt: the engine's list, or for a choice of ``min`` to ``max``
    items (``choice["multi"]``) every such set, which an engine may list only in part."""
    multi = prompt.choice.get("multi") if prompt.options is None else None
    if multi:
        items, low, high = multi["items"], multi.get("min", 0), multi.get("max", len(multi["items"]))
        if sum(comb(len(items), k) for k in range(low, high + 1)) <= MOST_LISTED:
            return [
                " ".join((prompt.actor, multi["verb"], *c))
                for k in range(low, high + 1)
                for c in combinations(items, k)
            ]
    return engine.legal_actions(state)


def no_chance(
    prompt, legal: list[str], what: str = "not rated: no dice or unseen card decide it at once"
) -> Advice:
    """A choice the game's odds do not rate (chance does not decide it at once): listed, the
    first shown as best, since no chance tells them apart."""
    return Advice(
        prompt.actor,
        prompt.text,
        [OptionOdds(a, None, None, what) for a in legal],
        legal[0],
        "no chance tells these options apart (the first is shown)",
        exact=True,
    )


def complete(advice: Advice, legal: list[str]) -> Advice:
    """Every legal option listed once, in the prompt's order; an option the game's part left
    out says so rather than vanishing."""
    by_action = {o.action: o for o in advice.options}
    unknown = [a for a in by_action if a not in legal]
    if unknown:
        raise ValueError(f"odds for an option that is not legal: {unknown[0]!r}")
    advice.options = [by_action.get(a) or OptionOdds(a, None, None, "not rated") for a in legal]
    if advice.best not in legal:
        raise ValueError(f"best option {advice.best!r} is not legal")
    return advice


def best_of(options: list[OptionOdds], key, lowest: bool = False) -> OptionOdds:
    """The option with the highest ``key(option)`` (lowest with ``lowest``); the first such in
    the prompt's order on a tie."""
    rated = [o for o in options if _known(key(o))]
    if not rated:
        return options[0]
    sign = -1 if lowest else 1
    return max(rated, key=lambda o: (_signed(key(o), sign), -options.index(o)))


def _known(value) -> bool:
    """A key with no None in it (an option without a chance is not ranked)."""
    return all(_known(v) for v in value) if isinstance(value, tuple) else value is not None


def _signed(value, sign: int):
    """``value`` (a number or a tuple of them) times ``sign``, rounded so that sums of float
    probabilities that are equal compare equal."""
    if isinstance(value, tuple):
        return tuple(_signed(v, sign) for v in value)
    return round(sign * value, 9)
