"""Dungeonbowl: Blood Bowl in a dungeon, to a single touchdown. The companion is the dungeon's
referee: the chests' hidden contents, the teleports, the pit traps, the armour and injury rolls
and the dug-out's bookkeeping. Facts only here: the registry imports this module cheaply."""

from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="dungeonbowl",
    title="Dungeonbowl",
    players=(2, 2),
    engine="companion.games.dungeonbowl.engine:Dungeonbowl",
    screens="companion.games.dungeonbowl.screens",
    page="companion.games.dungeonbowl.page:page_view",
    words="companion.games.dungeonbowl.words:describe",
    options=(
        Option(
            "roster",
            12,
            "players per team, numbered 1 to N (6 to 16)",
            choices=tuple(range(6, 17)),
            hint="players per team, numbered 1..N",
        ),
        Option(
            "playoff",
            "off",
            "a playoff: the highest rated team (p1 or p2) picks the end zone first, no roll-off",
            choices=("off", "p1", "p2"),
            hint="playoff: the higher rated team picks first",
        ),
        Option(
            "regeneration",
            "none",
            "the teams with players who have Regeneration: only their coach is asked "
            "to roll it for a casualty",
            choices=("none", "p1", "p2", "both"),
            hint="teams with Regeneration players",
        ),
        Option(
            "rosters", None, "each team's own player numbers: {p1 = [1, 3, 7, ...], p2 = [...]}", menu=False
        ),
    ),
    policies=(
        ("random", "companion.games.dungeonbowl.policies:RandomReporter"),
        ("coach", "companion.games.dungeonbowl.coach:CoachPolicy"),
        ("planner", "companion.games.dungeonbowl.planner:Planner"),
        ("planner-strong", "companion.games.dungeonbowl.planner:StrongPlanner"),
    ),
    die_kinds=(DieKind("d6", "pips"), DieKind("d8", "none"), DieKind("chest", "none")),
    stats="companion.games.dungeonbowl.engine:sim_stats",
    pack="dungeonbowl",
    description="Blood Bowl in a dungeon: chests, traps, teleports",
)
