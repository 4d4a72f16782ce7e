"""The sim's statistics of one Dodgeball game (``companion sim dodgeball --json``)."""

from __future__ import annotations

KEYS = (
    "turns",
    "throws",
    "group_throws",
    "counters",
    "hits",
    "blocked",
    "block_ties",
    "dodged",
    "catches",
    "revived",
    "deceives",
    "rush_ties",
    "retreats",
)


def sim_stats(engine, state) -> dict:
    """Every key, zero when it never happened, so games add up key by key."""
    return {key: state.stats.get(key, 0) for key in KEYS}
