from .policies import RandomPolicy


class SensiblePolicy(RandomPolicy):
    pass
