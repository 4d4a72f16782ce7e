"""The Dodgeball Card Game: two coaches, six players each, duels of attributes and hidden
intensity cards. See engine.py for the contract and steps_*.py for the rules.

Facts only (imported for every ``companion --help``): no engine, no pack, no Pillow."""

from companion.engine.registry import DieKind, GameType, Option

ON_OFF = (False, True)

GAME = GameType(
    id="dodgeball",
    title="Dodgeball Card Game",
    players=(2, 2),
    engine="companion.games.dodgeball.engine:Dodgeball",
    screens="companion.games.dodgeball.screens",
    page="companion.games.dodgeball.page:page_view",
    words="companion.games.dodgeball.words:describe",
    options=(
        Option(
            "cards",
            "digital",
            "digital: the device deals each coach's intensity cards and keeps "
            "them private; table: the coaches hold real cards and the device "
            "records each as it is revealed",
            choices=("digital", "table"),
            hint="cards: dealt by device or held at table",
        ),
        Option(
            "abilities",
            False,
            "advanced rule: player abilities",
            choices=ON_OFF,
            hint="advanced: player abilities",
        ),
        Option(
            "group_throws",
            False,
            "advanced rule: group throws (up to 3 supporters, +1 THR each)",
            choices=ON_OFF,
            hint="advanced: group throws",
        ),
        Option(
            "counter_attack",
            False,
            "advanced rule: one counter-attack per opposing turn, with COU",
            choices=ON_OFF,
            hint="advanced: counter-attacks",
        ),
        Option(
            "mascots",
            False,
            "advanced rule: each coach holds its team's mascot card",
            choices=ON_OFF,
            hint="advanced: mascot cards",
        ),
        Option(
            "coach_cards",
            False,
            "advanced rule: each coach holds its team's coach card",
            choices=ON_OFF,
            hint="advanced: coach cards",
        ),
        Option(
            "draft",
            False,
            "advanced rule: draft six athletes each from cards drawn at random "
            "instead of playing the pack's teams",
            choices=ON_OFF,
            hint="advanced: draft the teams",
        ),
        Option(
            "build",
            False,
            "advanced rule: each coach builds a team of six from every player of the "
            "pack (one captain, within the star limit)",
            choices=ON_OFF,
            hint="advanced: build your own teams",
        ),
        Option(
            "star_limit",
            20,
            "team building: most stars a team may have (the rulebook's 20 by default, adjustable)",
            choices=(16, 18, 20, 22, 24),
            menu=False,
        ),
        Option(
            "teams",
            None,
            'teams chosen in advance: {p1 = "falcons", p2 = "moles"} in a game file, '
            "teams=falcons,moles on the command line",
            menu=False,
        ),
    ),
    policies=(
        ("coach", "companion.games.dodgeball.policies:CoachPolicy"),
        ("random", "companion.games.dodgeball.policies:RandomPolicy"),
        ("planner", "companion.games.dodgeball.planner:Planner"),
        ("planner-strong", "companion.games.dodgeball.planner:StrongPlanner"),
    ),
    die_kinds=(DieKind("deck", "none"), DieKind("draft", "none")),
    stats="companion.games.dodgeball.stats:sim_stats",
    pack="dodgeball",
    description="Hidden intensity cards settle throws and dodges",
)
