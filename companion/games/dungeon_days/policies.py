"""Dungeon Days' computer players. Each is ``Class(seed)`` called ``policy(engine, view,
prompt)``: it sees ``view = engine.public_view(state, its seat)`` (every board, its own hand,
the others' hand sizes), never the state, so it cannot see another hand.

The greedy player tries each legal play on a copy of the boards it sees and keeps the one that
leaves it best placed (its points against the best opponent's, days filled toward the end, a
finished week only when it wins); it draws when no play helps."""

from __future__ import annotations

import random

from companion.engine.core import Prompt
from companion.games.dungeon_days import board as B
from companion.games.dungeon_days import rules
from companion.games.dungeon_days.state import DaysState, Seat

WIN = 1000.0
KEPT = 4000  # boards whose points are kept (a few MB): rollouts score the same boards often
_POINTS: dict[int, tuple] = {}


def board_points(pack, board: list[list[str]]) -> int:
    """``board.board_score``, kept per pack by the board's cards."""
    kept = _POINTS.get(id(pack))
    if kept is None or kept[0] is not pack:
        kept = _POINTS[id(pack)] = (pack, {})
    scores = kept[1]
    key = tuple(map(tuple, board))
    points = scores.get(key)
    if points is None:
        if len(scores) >= KEPT:
            scores.clear()
        points = scores[key] = B.board_score(pack, board)
    return points


class RandomPolicy:
    """Any legal choice, uniformly (a draw is one choice among the plays)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def view_keys(self, prompt: Prompt) -> tuple[str, ...]:
        """It reads no part of the view, so none is built (runner.play_out)."""
        return ()

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        options = prompt.options or ()
        return options[int(self.rng.random() * len(options))]


def seen_state(view: dict, me: str) -> DaysState:
    """The boards and the own hand, as a state the rules can play on (other hands empty)."""
    seats = [
        Seat(x["id"], [list(p) for p in x["board"]], list(x.get("hand", [])) if x["id"] == me else [])
        for x in view["seats"]
    ]
    return DaysState(seats=seats, deck=[], turn=int(me[1:]) - 1)


def worth(pack, s: DaysState, me: str) -> float:
    """How good the boards are for ``me``: a finished week is a win or a loss, else points
    ahead of the best opponent and days filled toward the end."""
    scores = {x.id: board_points(pack, x.board) for x in s.seats}
    filled = {x.id: sum(B.blocked(p) or B.has_creature(pack, p) for p in x.board) for x in s.seats}
    rivals = [x for x in scores if x != me]
    lead = scores[me] - max(scores[x] for x in rivals)
    if any(B.week_done(pack, x.board) for x in s.seats):
        cards = {x.id: B.cards_on(x.board) for x in s.seats}
        best = max(rivals, key=lambda x: (scores[x], cards[x]))
        won = (scores[me], cards[me]) > (scores[best], cards[best])
        return (WIN if won else -WIN) + lead
    return lead + 1.5 * filled[me] - 1.0 * max(filled[x] for x in rivals)


class GreedyPolicy(RandomPolicy):
    """The best play by one look ahead over the boards it sees; a draw when no play helps."""

    view_keys = None  # it reads the whole view (the random player reads none)

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        options = prompt.options or ()
        if prompt.kind != "turn" or len(options) == 1:
            return super().__call__(engine, view, prompt)
        me = prompt.actor
        values, now, hand = self.values(engine, view, prompt)
        best, best_value = None, None
        for option, value in values.items():
            if best_value is None or value > best_value:
                best, best_value = option, value
        draw = f"{me} draw"
        if draw in options and (best is None or best_value < now + (0.5 if hand < 4 else -0.5)):
            return draw
        return best if best is not None else options[0]

    def values(self, engine, view: dict, prompt: Prompt) -> tuple[dict[str, float], float, int]:
        """Each play's worth after it (a hundredth at random breaks ties), the worth now and
        the hand's size."""
        me, pack = prompt.actor, engine.pack
        base = seen_state(view, me)
        values = {}
        for option in prompt.options:
            words = option.split()
            if words[1] != "play":
                continue
            s = seen_state(view, me)
            rules.apply_play(pack, s, words, [])
            values[option] = worth(pack, s, me) + self.rng.random() * 0.01
        return values, worth(pack, base, me), len(base.actor().hand)
