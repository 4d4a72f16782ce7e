"""Dungeon Days' odds: the points each placement changes, now (exact, the boards scored before
and after) and at the end on average (the game played to its end from the option, sampled).

The end is sampled: the other hands and the deck redrawn from the cards the seat has not seen
(belief.py), every seat then playing any legal line alike, ``samples(seats)`` games per option
from a fixed seed. The draw and the plays that gain the most now are played out (``PLAYED_OUT`` of
them), so a hint stays quick; the rest show their points now only.
"""

from __future__ import annotations

from companion.games.dungeon_days import board as B
from companion.games.dungeon_days import rules
from companion.games.dungeon_days.state import DaysState
from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import best_of
from companion.odds.rollout import play_to_end

SEAT_GAMES = 24  # games played out per option, times the seats: a longer game, fewer games
PLAYED_OUT = 5


def samples(seats: int) -> int:
    """Games per option for ``seats`` seats (12 for two, 4 for six): a hint takes about as long."""
    return max(4, SEAT_GAMES // seats)


def scores(g, s: DaysState) -> dict[str, int]:
    return {x.id: B.board_score(g.pack, x.board) for x in s.seats}


def margin(points: dict[str, int], seat: str) -> int:
    """The seat's points less the best other board's."""
    return points[seat] - max(v for k, v in points.items() if k != seat)


def change_now(g, s: DaysState, action: str) -> dict[str, int]:
    """The points each board gains (or loses) by ``action`` at once: a play changes boards, a
    draw or a pass none. The seat's own hand is all it reads of what is hidden."""
    words = action.split()
    before = scores(g, s)
    if words[1] != "play":
        return dict.fromkeys(before, 0)
    t = g.from_json(g.to_json(s))
    rules.apply_play(g.pack, t, words, [])
    after = scores(g, t)
    return {k: after[k] - before[k] for k in before}


def _end(engine, t: DaysState, seat: str) -> tuple[float, float]:
    points = scores(engine, t)
    won = 0.5 if t.draw else float(t.winner == seat)
    return won, float(margin(points, seat))


def advise(g, s: DaysState, prompt, legal: list[str]) -> Advice | None:
    if prompt.kind != "turn":
        return None
    seat = prompt.actor
    games = samples(len(s.seats))
    now = {a: change_now(g, s, a) for a in legal}
    gain = {a: now[a][seat] - max((v for k, v in now[a].items() if k != seat), default=0) for a in legal}
    ranked = sorted(legal, key=lambda a: (not a.endswith(" draw"), -gain[a], legal.index(a)))
    played = set(ranked[:PLAYED_OUT])
    opts = []
    for action in legal:
        own = now[action][seat]
        others = ", ".join(f"{k} {v:+d}" for k, v in now[action].items() if k != seat and v)
        said = f"now {own:+d} points" + (f" ({others})" if others else "")
        if action not in played:
            opts.append(
                OptionOdds(
                    action,
                    None,
                    float(gain[action]),
                    f"{said}; not played out (the draw and the {PLAYED_OUT} best now are)",
                )
            )
            continue
        # the same seed for every option: their games differ by the option, not by luck
        won, lead = play_to_end(g, s, seat, action, games, f"{seat}:{len(s.deck)}:{len(s.discard)}", _end)
        opts.append(
            OptionOdds(
                action,
                won.mean,
                float(gain[action]),
                f"chance to win at the end; {said}; at the end {lead.mean:+.1f} ±{lead.error:.1f} "
                "ahead on average",
                error=won.error,
            )
        )
    best = best_of(opts, lambda o: (o.p, o.mean))
    return Advice(
        seat,
        prompt.text,
        opts,
        best.action,
        f"the most wins in {games} games played out from each option (any line alike after it)",
        exact=False,
        samples=games,
    )
