"""Dungeon Ball: the flagship game. See engine.py for the contract and flow.py for the rules."""
