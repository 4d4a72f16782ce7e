"""Dungeonbowl screens."""
