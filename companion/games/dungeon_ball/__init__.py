"""Dungeon Ball: the flagship game. See engine.py for the contract and flow.py for the rules.

This module is imported by the registry to learn the game's facts: keep it cheap (no engine,
no pack, no Pillow)."""

from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="dungeon-ball",
    title="Dungeon Ball",
    players=(1, 2),
    engine="companion.games.dungeon_ball.engine:DungeonBall",
    screens="companion.games.dungeon_ball.screens",
    page="companion.games.dungeon_ball.page:page_view",
    words="companion.games.dungeon_ball.words:describe",
    options=(
        Option(
            "solo",
            "off",
            "play alone against the AI deck at this level (I easiest, VI hardest), or at "
            "VII against the planner, which plays the other side as a player would",
            choices=("off", "I", "II", "III", "IV", "V", "VI", "VII"),
            hint="AI deck: I easy, VI hard; VII: a computer player",
        ),
        Option(
            "kicking",
            "ask",
            "how field goals and extra points are kicked: ask each player before "
            "the game, or skill (toss the die at the lid) or luck (roll dice) for both",
            choices=("ask", "skill", "luck"),
            hint="kicks: ask each, skill (toss) or luck",
        ),
        Option(
            "clock_start",
            29,
            "the clock at the start of each half: shorter for a quick game (house rule)",
            choices=(29, 20, 15, 10),
            hint="clock per half: less is a quick game",
            accepts=range(1, 100),
        ),
        Option("teams", None, 'teams settled in advance: {p1 = "orcs", p2 = "goblins"}', menu=False),
    ),
    policies=(
        ("random", "companion.games.dungeon_ball.policies:RandomPolicy"),
        ("uniform", "companion.engine.runner:RandomPolicy"),
        ("coach", "companion.games.dungeon_ball.coach:CoachPolicy"),
        ("planner", "companion.games.dungeon_ball.planner:Planner"),
        ("planner-strong", "companion.games.dungeon_ball.planner:StrongPlanner"),
    ),
    die_kinds=(
        DieKind("white", "icons"),
        DieKind("black", "icons"),
        DieKind("toss", "toss"),
        DieKind("coin", "none"),
        DieKind("ai-deck", "none"),
    ),
    stats="companion.games.dungeon_ball.stats:sim_stats",
    computers="companion.games.dungeon_ball.options:computers",
    taken="companion.games.dungeon_ball.options:taken",
    pack="dungeon-ball",
    description="Football with dice, cards and a clock",
)
