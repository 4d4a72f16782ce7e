"""Dungeon Ball: the flagship game. See engine.py for the contract and flow.py for the rules.

This module is imported by the registry to learn the game's facts: keep it cheap (no engine,
no pack, no Pillow)."""
from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="dungeon-ball",
    title="Dungeon Ball",
    players=(1, 2),
    engine="companion.games.dungeon_ball.engine:DungeonBall",
    screens="companion.ui.dungeon_ball",
    options=(
        Option("solo", None, "play alone against the AI deck: {level = \"I\"..\"VI\"}", menu=False),
        Option("clock_start", 29, "a shorter clock for a quick game (house rule)", menu=False),
    ),
    policies=(("random", "companion.games.dungeon_ball.policies:RandomPolicy"),
              ("uniform", "companion.engine.runner:RandomPolicy")),
    die_kinds=(DieKind("white", "icons"), DieKind("black", "icons"), DieKind("toss", "toss"),
               DieKind("coin", "none"), DieKind("ai-deck", "none")),
    pack="dungeon-ball",
    description="Fantasy football with dice: clock, downs, momentum and ability cards; "
                "solo against the AI deck.",
)
