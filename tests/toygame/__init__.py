"""Crystal Auction: a three-seat toy game that lives only in the tests.

It exists to prove the platform: every feature the later games need is one small real rule
here (a hidden hand, a secret choice made at once, a bag draw with repeats, mixed dice, a bid,
a computer seat), and it reaches every layer (device, session, terminal, replay, sim, journal)
without any shared module naming it. Registered by ``COMPANION_GAMES=tests.toygame`` or
``register(GAME)``. Like every game's ``__init__``, this module is facts only: cheap to import.
"""

from companion.engine.registry import DieKind, GameType, Option

GAME = GameType(
    id="toy",
    title="Crystal Auction",
    players=(2, 3),
    engine="tests.toygame.engine:CrystalAuction",
    screens="tests.toygame.screens",
    options=(Option("rounds", 3, "rounds to play: one card from each hand per round", choices=(1, 2, 3)),),
    policies=(
        ("random", "tests.toygame.policies:RandomPolicy"),
        ("greedy", "tests.toygame.policies:GreedyPolicy"),
    ),
    die_kinds=(
        DieKind("d4", "none"),
        DieKind("d6", "pips"),
        DieKind("d12", "none"),
        DieKind("deck", "none"),
        DieKind("bag", "none"),
    ),
    stats="tests.toygame.engine:sim_stats",
    description="Bid for crystals from a bag, roll a d4, a d6 and a d12 to double them, "
    "duel with a hidden hand of cards.",
)
