"""The computer coach placeholder: replaced below."""
from companion.games.dodgeball.policies import RandomPolicy as CoachPolicy  # noqa
