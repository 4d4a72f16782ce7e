"""What view each computer player is handed by the runner: the random player reads none (its
``view_keys_by_kind`` spares the runner a call), the sensible one the whole view."""

from companion.engine.core import Header
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dungeon_allies.engine import DungeonAllies
from companion.games.dungeon_allies.policies import RandomPolicy, SensiblePolicy


def _noting(base):
    """``base``, noting each prompt's kind and the view it is handed in ``seen``."""

    class Noting(base):
        seen: list

        def __call__(self, g, view, prompt):
            self.seen.append((prompt.kind, view))
            return super().__call__(g, view, prompt)

    return Noting


class _Reader(_noting(RandomPolicy)):
    def view_keys(self, prompt):
        raise AssertionError("the runner reads view_keys_by_kind, not view_keys")


_Sensible = _noting(SensiblePolicy)


def _played(player_type, seed):
    g = DungeonAllies()
    s = g.new_state(Header("dungeon-allies", seed=seed, options={"players": 3}))
    player = player_type(seed)
    player.seen = []
    plain = RandomPolicy(seed)
    taken = play_out(g, s, {"p1": player, "p2": player, "p3": plain}, SeededDice(seed))
    return player, taken


def test_the_random_player_is_handed_no_view_and_plays_as_when_asked():
    player, taken = _played(_Reader, 3)
    kinds = {kind for kind, _ in player.seen}
    assert {"place", "spells"} <= kinds or {"place", "reroll"} <= kinds
    assert all(view == {} for _, view in player.seen)
    # the same game as a random player whose keys are found by calling view_keys
    g = DungeonAllies()
    s = g.new_state(Header("dungeon-allies", seed=3, options={"players": 3}))

    class _Asked(RandomPolicy):
        view_keys_by_kind = None

    asked = _Asked(3)
    assert play_out(g, s, {"p1": asked, "p2": asked, "p3": RandomPolicy(3)}, SeededDice(3)) == taken


def test_every_kind_the_random_player_reads_by_kind_is_what_view_keys_says():
    player, _ = _played(_Reader, 4)
    for kind, _ in player.seen:
        assert RandomPolicy.view_keys_by_kind.get(kind, ()) == RandomPolicy(0).view_keys(None)


def test_the_sensible_player_is_handed_the_whole_view_though_it_inherits_the_by_kind_keys():
    player, _ = _played(_Sensible, 5)
    assert player.seen
    for _, view in player.seen:
        assert {"seats", "tiles"} <= set(view)
