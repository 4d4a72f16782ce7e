"""Dungeon Allies' own sim statistics for one finished game (``GameType.stats``); the sim
averages ``mean_`` and ``_rate`` keys and sums the rest."""

from __future__ import annotations

from .scoring import score


def sim_stats(engine, state) -> dict:
    st = state.stats
    combats = st.get("combats", 0)
    return {
        "mean_turns": state.turn,
        "mean_winning_score": max(score(engine, seat) for seat in state.seats),
        "mean_combats": combats,
        "victory_rate": st.get("victories", 0) / combats if combats else 0.0,
        "mean_hammers": st.get("hammers", 0),
        "mean_trainings": st.get("trainings", 0),
        "mean_trainings_forfeited": st.get("trainings_forfeited", 0),
        "mean_followers": st.get("followers", 0),
        "mean_gold_bid": st.get("gold_bid", 0),
        "mean_trades": st.get("trades", 0),
        "mean_sorcerer_cards": st.get("cards", 0),
        "tie_break_rate": int(bool(state.tie_break) and not state.draw),
    }
