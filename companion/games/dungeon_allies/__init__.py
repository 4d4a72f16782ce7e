"""Dungeon Allies: dice placement, excursions against face-down monsters, crystals as spells.
See engine.py for the contract and the step modules for the rules.

Facts only: imported by the registry for every ``companion --help``, so no engine, pack or Pillow."""

from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="dungeon-allies",
    title="Dungeon Allies",
    players=(2, 5),
    engine="companion.games.dungeon_allies.engine:DungeonAllies",
    screens="companion.games.dungeon_allies.screens",
    page="companion.games.dungeon_allies.page:page_view",
    words="companion.games.dungeon_allies.words:describe",
    options=(
        Option(
            "board",
            "digital",
            "digital: the device shuffles and draws tiles, cards and crystals; "
            "real: a game on the real board, each tile and crystal entered as it is revealed",
            choices=("digital", "real"),
            hint="real: enter tiles as revealed",
        ),
    ),
    policies=(
        ("sensible", "companion.games.dungeon_allies.policies:SensiblePolicy"),
        ("random", "companion.games.dungeon_allies.policies:RandomPolicy"),
        ("planner", "companion.games.dungeon_allies.planner:Planner"),
        ("planner-strong", "companion.games.dungeon_allies.planner:StrongPlanner"),
    ),
    die_kinds=(
        DieKind("d4", "none"),
        DieKind("d6", "pips"),
        DieKind("d8", "none"),
        DieKind("d10", "none"),
        DieKind("d12", "none"),
        DieKind("d20", "none"),
        DieKind("d%", "none"),
        DieKind("monster", "none"),
        DieKind("character", "none"),
        DieKind("follower", "none"),
        DieKind("sorcerer", "none"),
        DieKind("bag", "none"),
    ),
    stats="companion.games.dungeon_allies.stats:sim_stats",
    pack="dungeon-allies",
    description="Dice placement: fight monsters, hire allies",
)
