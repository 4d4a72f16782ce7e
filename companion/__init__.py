"""Dungeon Companion: a tabletop referee on a Raspberry Pi."""

__version__ = "0.1.0"
