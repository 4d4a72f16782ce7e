"""Information-set Monte Carlo tree search over an engine's trusted fast path.

One search answers one decision of one seat. Each simulation samples a full state from what
that seat has seen (the game's belief module), walks the tree by UCT from the root, adds one
node, asks the evaluator for every seat's value there and backs it up. The tree is keyed by
what the searching seat sees: another seat's secret choice and a draw only another seat may
see are one edge each (``"<seat> ?"``, ``"chance ?"``), made by the rollout policy or the dice,
so the tree never branches on what the searcher cannot know. Each seat maximises its own value
(max^n), which fits two to six seats. Chance is sampled by its probabilities, not searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from math import comb

from companion.engine.core import CHANCE, Prompt

WIDEST = 64  # a choice with more answers than this is not enumerated


class SearchNode:
    """One edge of the tree and what came of it: the action as the searcher sees it, the seat
    that took it, visits and that seat's summed value."""

    __slots__ = ("action", "children", "explore_count", "guide", "player", "total_reward")

    def __init__(self, action: str, player: str):
        self.action = action
        self.player = player
        self.explore_count = 0
        self.total_reward = 0.0
        self.children: dict[str, SearchNode] = {}
        self.guide: str | None = None  # the guide policy's choice here (the prior's favourite)


def uct_value(node: SearchNode, parent_log: float, c: float) -> float:
    """The upper confidence bound of ``node``'s mean value (``parent_log``: ln of the parent's
    visits)."""
    n = node.explore_count
    return node.total_reward / n + c * math.sqrt(parent_log / n)


def puct_value(
    node: SearchNode | None, prior: float, parent_sqrt: float, c: float, unvisited: float
) -> float:
    """AlphaZero's selection value: the mean value plus ``c`` times the prior, shrinking with
    the child's visits (``unvisited``: the mean assumed for a child not tried yet)."""
    if node is None or not node.explore_count:
        return unvisited + c * prior * parent_sqrt
    n = node.explore_count
    return node.total_reward / n + c * prior * parent_sqrt / (1 + n)


def choice_size(prompt: Prompt) -> int:
    """How many answers a prompt without listed options has (an upper bound)."""
    choice = prompt.choice
    if "rerollable" in choice:
        return 2 ** len(choice["rerollable"])
    if "number" in choice:
        n = choice["number"]
        return n["max"] - n["min"] + 1
    if "multi" in choice or "eligible" in choice:
        m = choice.get("multi") or choice
        items = m["items"] if "items" in m else m["eligible"]
        low, high = m.get("min", 0), m.get("max", len(items))
        return sum(comb(len(items), k) for k in range(low, high + 1))
    return WIDEST + 1


def candidates(engine, state, prompt: Prompt, policy) -> list[str]:
    """The answers a search considers: the listed options, every answer of a small choice, or
    for a wide one what the rollout policy would do and a few uniform picks besides."""
    if prompt.options is not None:
        return list(prompt.options)
    if choice_size(prompt) <= WIDEST:
        return engine.legal_actions(state)
    return [policy(engine, engine.public_view(state, prompt.actor), prompt)]


def chance_answer(prompt: Prompt, rng: random.Random) -> str:
    """A chance outcome drawn by its probabilities (as the seeded dice draw it)."""
    spec = prompt.chance
    if spec.distinct:
        values = rng.sample(spec.faces, spec.count)
    elif spec.weights is not None:
        values = rng.choices(spec.faces, weights=spec.weights, k=spec.count)
    elif spec.dice is not None:
        values = [die.faces[int(rng.random() * len(die.faces))] for die in spec.dice]
    else:
        faces = spec.faces
        values = [faces[int(rng.random() * len(faces))] for _ in range(spec.count)]
    return spec.outcome(values)


def terminal_values(engine, state) -> dict[str, float]:
    """1 to the winner and 0 to the others; a draw shares one point among all."""
    result = engine.summary(state)
    seats = result["players"]
    winner = result.get("winner")
    if winner is None or result.get("draw"):
        return dict.fromkeys(seats, 1.0 / len(seats))
    return {seat: float(seat == winner) for seat in seats}


class Search:
    """ISMCTS for one seat. ``sample(engine, state, seat, rng)`` is the game's belief,
    ``evaluator.evaluate(engine, state, prompt, rng)`` a value per seat in [0, 1],
    ``rollout(seat)`` the policy that makes the moves the tree does not (hidden choices, wide
    choices). With ``guide(seat)`` (a heuristic player) the search selects by PUCT with a prior
    that puts ``prior_weight`` on the guide's choice and spreads the rest evenly (the
    evaluator's ``prior`` seam of OpenSpiel), so a wide choice need not try every answer
    before it trusts one; without, by UCT after trying each answer once."""

    def __init__(
        self,
        sample: Callable,
        evaluator,
        rollout: Callable[[str], Callable],
        iterations: int,
        uct_c: float = 1.4,
        guide: Callable[[str], Callable] | None = None,
        prior_weight: float = 0.5,
    ):
        self.sample = sample
        self.evaluator = evaluator
        self.rollout = rollout
        self.iterations = iterations
        self.uct_c = uct_c
        self.guide = guide
        self.prior_weight = prior_weight

    def run(self, engine, state, seat: str, rng: random.Random) -> SearchNode:
        """The root after ``iterations`` simulations from what ``seat`` knows of ``state``."""
        root = SearchNode("", seat)
        for _ in range(self.iterations):
            self.simulate(engine, self.sample(engine, state, seat, rng), seat, root, rng)
        return root

    def simulate(self, engine, state, seat: str, root: SearchNode, rng: random.Random) -> None:
        trusted, c = engine.apply_trusted, self.uct_c
        prompt = None if engine.is_over(state) else engine.prompt(state)
        node, path = root, [root]
        while prompt is not None:
            actor = prompt.actor
            if actor == CHANCE:
                action = chance_answer(prompt, rng)
                private = prompt.chance.private
                key = action if private is None or private == seat else "chance ?"
            elif prompt.private and actor != seat:
                action = self.rollout(actor)(engine, engine.public_view(state, actor), prompt)
                key = actor + " ?"
            else:
                legal = candidates(engine, state, prompt, self.rollout(actor))
                children = node.children
                if self.guide is not None:
                    action = key = self.guided(engine, state, prompt, node, legal)
                else:
                    untried = [a for a in legal if a not in children]
                    if untried:
                        action = key = untried[int(rng.random() * len(untried))]
                    else:
                        log = math.log(node.explore_count or 1)
                        action = key = max(legal, key=lambda a: uct_value(children[a], log, c))
            child = node.children.get(key)
            expand = child is None
            if expand:
                child = node.children[key] = SearchNode(key, actor)
            path.append(child)
            prompt = trusted(state, action, prompt)[1]
            node = child
            if expand:
                break
        values = (
            terminal_values(engine, state)
            if prompt is None
            else self.evaluator.evaluate(engine, state, prompt, rng)
        )
        for n in path:
            n.explore_count += 1
            n.total_reward += values.get(n.player, 0.0)

    def guided(self, engine, state, prompt: Prompt, node: SearchNode, legal: list[str]) -> str:
        """The answer PUCT selects at ``node``, the guide's choice there taken once and kept."""
        if node.guide is None:
            node.guide = self.guide(prompt.actor)(engine, engine.public_view(state, prompt.actor), prompt)
        w, children = self.prior_weight, node.children
        even = (1.0 - w) / len(legal)
        root_n = math.sqrt(node.explore_count + 1)
        c, favourite = self.uct_c, node.guide
        return max(
            legal,
            key=lambda a: puct_value(children.get(a), even + (w if a == favourite else 0.0), root_n, c, 0.5),
        )

    @staticmethod
    def best(root: SearchNode, legal: list[str]) -> str:
        """The most visited of the legal answers (ties: the better mean, then the first)."""

        def rank(a: str):
            n = root.children.get(a)
            return (0, 0.0) if n is None else (n.explore_count, n.total_reward / n.explore_count)

        return max(legal, key=rank)


__all__ = [
    "Search",
    "SearchNode",
    "candidates",
    "chance_answer",
    "choice_size",
    "puct_value",
    "terminal_values",
    "uct_value",
]
