"""Dungeon Days: creatures placed on the seven days of each player's week (2 to 6 players).

Facts only, cheap to import: the engine, its pack and its screens load when first used.
"""

from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="dungeon-days",
    title="Dungeon Days",
    players=(2, 6),
    engine="companion.games.dungeon_days.engine:DungeonDays",
    screens="companion.games.dungeon_days.screens",
    page="companion.games.dungeon_days.page:page_view",
    words="companion.games.dungeon_days.words:describe",
    options=(
        Option(
            "mode",
            "play",
            "play: a whole game with the device's deck; score: enter the boards of a "
            "game played with the real cards, day by day, and score them",
            choices=("play", "score"),
            hint="play a game, or score real boards",
        ),
    ),
    policies=(
        ("greedy", "companion.games.dungeon_days.policies:GreedyPolicy"),
        ("random", "companion.games.dungeon_days.policies:RandomPolicy"),
        ("planner", "companion.games.dungeon_days.planner:Planner"),
        ("planner-strong", "companion.games.dungeon_days.planner:StrongPlanner"),
    ),
    die_kinds=(DieKind("deck", "none"),),
    stats="companion.games.dungeon_days.engine:sim_stats",
    pack="dungeon-days",
    description="Fill your seven-day week with creatures",
)
