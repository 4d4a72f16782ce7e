"""Dungeon Ball on the platform: the views computer players get, the common summary, the rule
a refusal names, who answers its chance prompts."""

import msgspec
import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.dice import SeededDice
from companion.engine.runner import play_out
from companion.games.dungeon_ball.abilities import RULE_COST, RULE_LIMIT
from companion.games.dungeon_ball.engine import VIEW_KEYS
from companion.games.dungeon_ball.policies import POLICIES
from tests.games.dungeon_ball_table import act, engine, new_game, pass_windows, snapshot


class Spy:
    """A computer player that records every view it is given, then plays like ``random``."""

    def __init__(self, seed):
        self.inner = POLICIES["random"](seed)
        self.views = []

    def __call__(self, g, view, prompt):
        self.views.append((prompt.actor, view))
        return self.inner(g, view, prompt)


def test_a_computer_player_never_sees_the_other_hand_nor_the_hidden_defense_card():
    g = engine()
    for seed in range(1, 6):
        s = g.new_state(Header("dungeon-ball", seed=seed))
        spy = Spy(seed)
        play_out(g, s, {"p1": spy, "p2": spy}, SeededDice(seed))
        assert len(spy.views) > 100
        hidden_seen = 0
        for seat, view in spy.views:
            assert set(view) == set(VIEW_KEYS) and "frames" not in view
            for player in view["players"]:
                assert isinstance(player["hand"], list) == (player["id"] == seat)
            play = view["play"]
            if play and play["defense_card"] and not play["revealed"] and seat == view["offense"]:
                assert play["defense_card"] == "hidden"
                hidden_seen += 1
        assert hidden_seen > 10  # the offense was asked while the card lay face down


def test_a_view_is_built_from_what_may_be_seen_not_from_the_state():
    g, s = new_game()
    g.apply(s, "p2 defend blue-2")
    state_fields = set(msgspec.structs.asdict(s))
    view = g.public_view(s, "p1")
    assert "frames" in state_fields and "frames" not in view
    assert "blue-2" not in repr(view)
    assert g.public_view(s, "p1", ("play",)) == {"play": view["play"]}
    with pytest.raises(ValueError, match="no public key 'frames'"):
        g.public_view(s, "p1", ("frames",))


def test_policies_choose_from_the_view_the_same_moves_as_from_the_full_view():
    g = engine()
    for seed in (3, 4):
        moves = []
        for keys in (True, False):
            s = g.new_state(Header("dungeon-ball", seed=seed))
            player = POLICIES["random"](seed)
            if not keys:
                player = _Whole(player)  # wants no keys: the runner builds the whole view
            moves.append(play_out(g, s, {"p1": player, "p2": player}, SeededDice(seed)))
        assert moves[0] == moves[1]


class _Whole:
    """A player without ``view_keys``: it is given the whole view."""

    def __init__(self, inner):
        self.inner = inner

    def __call__(self, g, view, prompt):
        assert "players" in view
        return self.inner(g, view, prompt)


class _Reader(POLICIES["random"]):
    """The random player, noting the keys of every view it is handed."""

    def __init__(self, seed):
        super().__init__(seed)
        self.seen = []

    def view_keys(self, prompt):
        raise AssertionError("play_out finds the keys in view_keys_by_kind, without a call")

    def __call__(self, g, view, prompt):
        self.seen.append((prompt.kind, set(view)))
        return super().__call__(g, view, prompt)


class _WholeReader(_Reader):
    view_keys = None  # the whole view, though view_keys_by_kind is inherited


def test_a_player_reading_by_kind_is_handed_those_keys_and_one_reading_all_the_whole_view():
    g = engine()
    for reader, expect in (
        (_Reader, lambda kind: set(_Reader.view_keys_by_kind.get(kind, ()))),
        (_WholeReader, lambda kind: set(VIEW_KEYS)),
    ):
        s = g.new_state(Header("dungeon-ball", seed=5))
        player = reader(5)
        play_out(g, s, {"p1": player, "p2": player}, SeededDice(5))
        kinds = {kind for kind, _ in player.seen}
        assert {"keep", "huddle", "defense_card"} <= kinds
        for kind, keys in player.seen:
            assert keys == expect(kind), (reader.__name__, kind)


def test_the_summary_has_the_common_keys_and_keeps_its_own():
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=2))
    player = POLICIES["random"](2)
    play_out(g, s, {"p1": player, "p2": player}, SeededDice(2))
    summary = g.summary(s)
    assert summary["players"] == ["p1", "p2"]
    assert summary["scores"] == {p.id: p.score for p in s.players} == summary["score"]
    assert summary["over"] is True and summary["draw"] is False
    assert summary["winner"] == max(summary["scores"], key=summary["scores"].get)
    fresh = g.summary(g.new_state(Header("dungeon-ball", seed=2)))
    assert fresh["winner"] is None and fresh["over"] is False and fresh["scores"] == {"p1": 0, "p2": 0}


def test_a_card_too_dear_names_the_cost_rule():
    g, s = new_game(p1_team="orcs", p2_team="trolls")
    s.player("p2").momentum = 2
    pass_windows(g, s)
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll ball ball ball cleat lightning time", "p1 stop")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="Club costs 3 momentum and p2 has 2") as err:
        g.apply(s, "p2 card troll-club")
    assert err.value.rule == RULE_COST
    assert snapshot(s) == before


def test_a_discarded_card_names_the_once_a_game_rule():
    g, s = new_game()
    s.player("p1").momentum = 8
    s.player("p2").momentum = 0
    pass_windows(g, s)
    act(
        g,
        s,
        "p2 defend red-1",
        "p1 move down",
        "chance roll ball cleat cleat cleat time time",
        "p1 stop",
        "p1 card orc-bullrush",
    )
    pass_windows(g, s)
    act(g, s, "p2 defend blue-1", "p1 move up", "chance roll ball ball ball ball cleat time", "p1 stop")
    with pytest.raises(IllegalAction, match="Bull Rush has been discarded") as err:
        g.apply(s, "p1 card orc-bullrush")
    assert err.value.rule == RULE_LIMIT


def test_out_of_turn_a_card_the_player_lacks_is_named_as_well():
    g, s = new_game()
    pass_windows(g, s)
    p = g.prompt(s)
    assert p.actor == "p2" and p.kind == "defense_card"
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="it is p2's turn") as err:
        g.apply(s, "p1 card troll-club")
    assert "Club is not in p1's hand" in err.value.reason and err.value.rule == "Ability cards"
    with pytest.raises(IllegalAction) as err:
        g.apply(s, "p1 card orc-smash")  # in hand, but no window is open
    assert "it is p2's turn" in err.value.reason and "after the offense rolls" in err.value.reason
    assert err.value.rule == "When to play a card"
    with pytest.raises(IllegalAction, match=r"^illegal action 'p1 move up': it is p2's turn: [^;]*$"):
        g.apply(s, "p1 move up")  # nothing more to say about a move
    assert snapshot(s) == before


def test_the_ai_deck_is_the_device_s_and_the_skill_toss_is_no_digital_die():
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=1, options={"solo": {"level": "II"}}))
    act(g, s, "p1 team orcs")
    p = g.prompt(s)
    assert p.kind == "ai_remove" and p.chance.by == "device" and p.chance.distinct
    assert g.toss_spec.digital is False and g.toss_spec.by == "table"
    assert g.white_spec(5).by == "table" and g.white_spec(5).digital


def test_a_seat_named_alone_is_refused_where_dice_are_chosen():
    g, s = new_game()
    pass_windows(g, s)
    act(g, s, "p2 defend red-1", "p1 move down", "chance roll ball cleat cleat cleat time time")
    assert g.prompt(s).kind == "keep"
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="say what p1 does") as err:
        g.apply(s, "p1")
    assert err.value.rule.startswith("On a turn, 5") and snapshot(s) == before
    act(g, s, "p1 stop", "p2 pass", "p1 juke")
    assert g.prompt(s).kind == "pick"
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="say what p1 does"):
        g.apply(s, "p1")
    assert snapshot(s) == before
