"""Dungeon Ball's own simulation statistics, one finished game at a time (``GameType.stats``).

companion.sim combines them over the games by name: ``mean_`` keys and ``_rate`` keys are
averaged, other numbers summed, a text (the solo level) kept."""

from __future__ import annotations


def sim_stats(engine, state) -> dict:
    """Points, touchdowns, field goals, whether it went to overtime; against the AI deck, the
    level and whether the AI won (averaged: the AI's win rate)."""
    stats = state.stats.values()
    out = {
        "mean_points_per_game": sum(p.score for p in state.players),
        "touchdowns": sum(v["touchdowns"] for v in stats),
        "field_goals": sum(v["field_goals"] for v in stats),
        "overtime_games": int(state.overtime > 0),
    }
    if state.solo:
        out["level"] = state.solo["level"]
        out["ai_win_rate"] = int(state.winner == state.solo["ai"])
    return out
