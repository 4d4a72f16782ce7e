"""Crystal Auction's rules, each the platform feature it stands for: a hidden hand dealt by the
device, a bag with repeats, a bid, mixed dice, secret choices revealed together, a winner or a
draw, a computer seat that sees only its view, and a pack whose mistakes are named."""

from pathlib import Path

import msgspec
import pytest

from companion.engine.core import Header, IllegalAction
from companion.engine.gamefile import load
from companion.packs import PackError
from tests.toygame.engine import CrystalAuction
from tests.toygame.policies import GreedyPolicy

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "toy.game"
DEALS = ["chance deal 1 5 9", "chance deal 2 6 10", "chance deal 3 7 11"]


def played(actions: list[str], **options):
    """A three-seat game (unless ``players`` says otherwise) after ``actions``."""
    g = CrystalAuction()
    s = g.new_state(Header("toy", options={"players": 3, **options}))
    events = [e for a in actions for e in g.apply(s, a)]
    return g, s, events


def refused(g, s, action: str) -> IllegalAction:
    before = g.to_json(s)
    with pytest.raises(IllegalAction) as info:
        g.apply(s, action)
    assert g.to_json(s) == before
    return info.value


def test_each_hand_is_dealt_by_the_device_to_its_seat_alone():
    g, s, events = played(DEALS[:1])
    spec = g.prompt(s).chance
    assert (spec.private, spec.by, spec.distinct, spec.count) == ("p2", "device", True, 3)
    assert "1" not in spec.faces and len(spec.faces) == 9  # a dealt card is out of the deck
    assert events == [{"event": "dealt", "seat": "p1", "cards": 3}]
    assert g.public_view(s, "p1")["seats"][0]["hand"] == ["1", "5", "9"]
    for viewer in ("p2", "p3", None):
        assert "hand" not in g.public_view(s, viewer)["seats"][0]
    assert refused(g, s, "chance deal 1 2 3").reason == "'1' is not in the deck now"


def test_the_bag_holds_repeats_and_each_crystal_is_drawn_once():
    g, s, _ = played(
        DEALS
        + [
            "chance draw red red",
            "p1 bid 0",
            "p2 bid 0",
            "p3 bid 0",
            "chance roll 1 1 1",
            "p1 play 1",
            "p2 play 2",
            "p3 play 3",
            "chance draw red red",
        ]
        + ["p2 bid 0", "p3 bid 0", "p1 bid 0", "chance roll 1 1 1", "p2 play 6", "p3 play 7", "p1 play 5"]
    )
    assert g.public_view(s, None)["bag"] == {"blue": 3, "gold": 2}  # four reds, four drawn
    assert refused(g, s, "chance draw red blue").reason == "'red' is not in the bag now"
    assert refused(g, s, "chance draw gold gold gold").reason == "expected 2 values, got 3"
    g.apply(s, "chance draw gold gold")  # two golds: two draws


def test_a_bid_is_a_number_up_to_the_purse_and_a_tie_stays_with_the_earlier_bidder():
    g, s, _ = played(DEALS + ["chance draw red gold", "p1 bid 2"])
    assert g.prompt(s).choice == {"number": {"min": 0, "max": 5, "verb": "bid"}}
    assert refused(g, s, "p2 bid 6").reason == "p2 has 5 coins: a bid of 6 is more than that"
    assert refused(g, s, "p2 bid lots").rule == "Bidding"
    assert refused(g, s, "p3 bid 1").rule == "turn order"
    events = g.apply(s, "p2 bid 2") + g.apply(s, "p3 bid 1")
    assert events[-1] == {"event": "auction", "seat": "p1", "paid": 2, "crystals": ["red", "gold"]}
    assert s.seat("p1").coins == 3


def test_the_roll_is_a_d4_a_d6_and_a_d12_each_from_its_own_faces():
    g, s, _ = played(DEALS + ["chance draw red gold", "p1 bid 2", "p2 bid 2", "p3 bid 1"])
    spec = g.prompt(s).chance
    assert [d.kind for d in spec.dice] == ["d4", "d6", "d12"] and spec.by == "table"
    assert refused(g, s, "chance roll 5 1 1").reason.startswith("'5' is not a face of the d4")
    assert refused(g, s, "chance roll 1 1 13").reason.startswith("'13' is not a face of the d12")
    assert g.apply(s, "chance roll 4 6 2")[0]["points"] == 8  # 12 doubles (1 + 3)


def test_secret_choices_are_recorded_one_after_another_and_revealed_together():
    g, s, _ = played(
        DEALS + ["chance draw red gold", "p1 bid 2", "p2 bid 2", "p3 bid 1", "chance roll 4 6 2"]
    )
    prompt = g.prompt(s)
    assert prompt.private and prompt.options == ("p1 play 1", "p1 play 5", "p1 play 9")
    assert g.apply(s, "p1 play 9") == [{"event": "chose", "seat": "p1"}]
    p1_to_p2 = g.public_view(s, "p2")["seats"][0]
    assert p1_to_p2["picked"] and p1_to_p2["cards"] == 2 and "pick" not in p1_to_p2
    assert g.public_view(s, "p1")["seats"][0]["pick"] == "9"
    assert refused(g, s, "p2 play 9").reason == "'9' is not in p2's hand"
    g.apply(s, "p2 play 10")
    events = g.apply(s, "p3 play 3")
    assert events[-1] == {
        "event": "reveal",
        "cards": {"p1": "9", "p2": "10", "p3": "3"},
        "seat": "p2",
        "points": 2,
    }


def test_the_example_game_ends_with_a_winner_and_equal_top_scores_are_a_draw():
    record = load(EXAMPLE)
    g, s, _ = played(record.actions, **record.header.options)
    assert g.summary(s) | {"coins": None, "crystals": None} == {
        "game": "toy",
        "players": ["p1", "p2", "p3"],
        "scores": {"p1": 11, "p2": 4, "p3": 4},
        "over": True,
        "winner": "p1",
        "draw": False,
        "round": 3,
        "coins": None,
        "crystals": None,
    }
    assert s.stats == {"doubled": 1, "free_lots": 1, "crystal_points": 13, "duel_points": 6}
    g, s, _ = played(
        [
            "chance deal 1 5 9",
            "chance deal 2 6 10",
            "chance draw red red",
            "p1 bid 0",
            "p2 bid 0",
            "chance roll 1 1 1",
            "p1 play 1",
            "p2 play 2",
        ],
        players=2,
        rounds=1,
    )
    assert g.summary(s)["scores"] == {"p1": 2, "p2": 2}
    assert (g.summary(s)["winner"], g.summary(s)["draw"], g.prompt(s).text) == (
        None,
        True,
        "game over: a draw",
    )
    assert refused(g, s, "p1 bid 0").reason == "the game is over"


def test_a_computer_seat_sees_its_own_hand_and_not_the_others():
    g, s, _ = played(
        DEALS + ["chance draw red gold", "p1 bid 2", "p2 bid 2", "p3 bid 1", "chance roll 4 6 2", "p1 play 9"]
    )
    view = g.public_view(s, "p2")
    assert msgspec.json.encode(view).count(b'"hand"') == 1  # p2's own, nobody else's
    assert GreedyPolicy(1)(g, view, g.prompt(s)) == "p2 play 10"


@pytest.mark.parametrize(
    "change, named",
    [
        (("hand_size = 3", "hand_size = 5"), "hand_size: 3 hands of 5 need 15 cards, the pack has 12"),
        (("lot_size = 2", 'lot_size = "2"'), "lot_size: Expected `int`, got `str`"),
        (("d12 = [", "d20 = ["), "dice: must be d4, d6 and d12, not d20, d4, d6"),
        (('"12"]\nhand', '"11"]\nhand'), "cards: a card is listed twice"),
    ],
)
def test_a_pack_mistake_is_named_with_the_file_and_the_key(tmp_path, change, named):
    text = (Path(__file__).parent / "toy.toml").read_text()
    assert change[0] in text
    pack = tmp_path / "mine.toml"
    pack.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(PackError) as info:
        CrystalAuction(str(pack))
    assert str(info.value) == f"{pack}: {named}"


def test_two_seats_unless_the_header_says_three():
    g = CrystalAuction()
    assert len(g.new_state(Header("toy")).seats) == 2
    assert len(g.new_state(Header("toy", options={"players": 3})).seats) == 3


def test_options_outside_the_rules_are_refused_naming_the_key():
    with pytest.raises(ValueError, match=r"options.players: Crystal Auction takes 2 to 3 players, not 4"):
        CrystalAuction().new_state(Header("toy", options={"players": 4}))
    with pytest.raises(ValueError, match=r"options.rounds: must be a whole number from 1 to 3, not 0"):
        CrystalAuction().new_state(Header("toy", options={"rounds": 0}))
