"""Searching over a game's engine: information-set Monte Carlo tree search for computer seats.

Shared by every game and naming none. A game plugs in three things: its belief module (a full
state sampled from what one seat has seen), a rollout policy and a position score; see
companion.search.planner. The model is OpenSpiel's ``mcts.py`` and ``ismcts.cc``: an evaluator
seam, nodes as plain data, UCT selection, chance sampled by its probabilities, max^n for any
number of seats, and one ``random.Random`` passed in.
"""
