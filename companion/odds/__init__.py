"""The odds advisor: the chance of every option at any decision, from the engine's own rules
(exact enumeration of the dice where the tree is small, a fixed-seed sample with its error
where it is not). See advisor.py; each game's part lives in its own folder (odds.py)."""

from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import NoDecision, advise

__all__ = ["Advice", "OptionOdds", "NoDecision", "advise"]
