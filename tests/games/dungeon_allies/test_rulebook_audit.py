"""An audit of the engine against the rulebook's text, written from the rulebook alone: each test
quotes the rule it checks and plays it through the engine's actions (forced draws and dice), for
the rules the other test files leave out or touch only in passing."""

import pytest

from companion.games.dungeon_allies.state import Ally

from .table import engine, give, kinds, new_game, play, refused, set_up

# set_up: p1 pyra (fire) d6, tidus (water) d4; p2 fern (nature) d6, mortar (potions) d4; p1 first.


def clear(s, n: int, keep: tuple[str, ...] = (), spare: tuple[str, ...] = ("goblin", "dragon")) -> None:
    """Take ``n`` tiles off the board from the red end, as earlier turns would have."""
    pool = [m for m in s.monster_pool if m not in spare]
    for tile in [t for t in reversed(s.tiles) if t.square not in keep][:n]:
        tile.removed = True
        s.monster_pool.remove(pool.pop())
    s.removed = n


def event(events: list[dict], name: str) -> dict:
    return next(e for e in events if e["event"] == name)


# ---------------------------------------------------------------- set-up


def test_two_to_five_players():
    """ "2-5 players"."""
    g = engine()
    for players in (1, 6):
        with pytest.raises(ValueError):
            new_game(g, players)
    for players in (2, 5):
        assert len(new_game(g, players).seats) == players


def test_one_face_down_monster_tile_on_each_excursion_square():
    """ "Shuffle the monster tiles and place face down ... one tile on each excursion square"
    (28 monster tiles); none is seen before it is revealed or looked under."""
    g = engine()
    s = set_up(g)
    assert len(s.tiles) == 28 and s.monsters_left == 28
    view = g.public_view(s, "p1")
    assert view["monsters_left"] == 28 and not any(t["monster"] or t["revealed"] for t in view["tiles"])
    assert s.round == 1


# ---------------------------------------------------------------- placement


def test_a_red_crystal_may_be_spent_as_many_times_as_the_player_has_red():
    """ "A player may spend a red crystal ... to look under two tiles. This may be done as many
    times as the player has red crystals to spend.\""""
    g = engine()
    s = set_up(g)
    give(s, "p1", red=2)
    play(
        g,
        s,
        "p1 place red peek",
        "p1 look y1",
        "chance reveal goblin",
        "p1 look y2",
        "chance reveal kobold",
        "p1 ok",
    )
    assert "p1 place red peek" in g.prompt(s).options
    play(
        g,
        s,
        "p1 place red peek",
        "p1 look y3",
        "chance reveal slime",
        "p1 look y4",
        "chance reveal imp",
        "p1 ok",
    )
    assert s.seat("p1").crystals["red"] == 0
    assert "p1 place red peek" not in g.prompt(s).options
    seen = {t["square"] for t in g.public_view(s, "p1")["tiles"] if t["monster"]}
    assert seen == {"y1", "y2", "y3", "y4"}
    assert g.prompt(s).actor == "p1" and not s.placed  # peeking places no die


# ---------------------------------------------------------------- excursions


def test_a_monster_in_the_blue_section_needs_and_pays_the_blue_numbers():
    """ "If the monster is in the blue, the number is in blue ... The gold earned by defeating the
    monster is shown in the corresponding color.\""""
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 b1", "p2 place d6 train", "p1 place d4 b1", "p2 place d4 train")
    events = play(g, s, "chance reveal goblin")  # goblin: need [4, 7, 11], gold [1, 3, 5]
    assert events[0]["need"] == 7 and events[0]["gold"] == 3
    events = play(g, s, "chance roll 4 3")
    assert event(events, "combat")["won"] is True and s.seat("p1").gold == 3


def test_the_vulnerability_doubles_the_matching_characters_die_whatever_its_size():
    """ "If the player uses the die from the character tile that matches that symbol, the total of
    the die is doubled." Tidus (water) holds the d4; the imp is weak to water."""
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    play(g, s, "chance reveal imp")  # yellow: need 5, gold 2
    events = play(g, s, "chance roll 1 2")
    combat = event(events, "combat")
    assert combat["doubled"] == ["", "weak"] and combat["total"] == 5 and combat["won"] is True
    assert s.seat("p1").gold == 2


def test_a_followers_die_on_the_tile_is_rolled_with_the_others():
    """ "In fact, any number of dice placed here can be rolled when the action is taken.\""""
    g = engine()
    s = set_up(g)
    s.seat("p1").allies[1].die = "d8"
    s.seat("p1").allies.append(Ally("squire", "d4", follower=True))
    play(g, s, "p1 place d6 b1", "p2 place d6 train", "p1 place d8 b1", "p2 place d4 train", "p1 place d4 b1")
    play(g, s, "chance reveal goblin")  # blue: need 7
    assert [d.kind for d in g.prompt(s).chance.dice] == ["d6", "d8", "d4"]
    events = play(g, s, "chance roll 2 2 3")
    combat = event(events, "combat")
    assert combat["total"] == 7 and combat["won"] is True and s.seat("p1").gold == 3


def test_a_rerolled_vulnerable_die_still_counts_double():
    """ "Blue crystals ... allow a player to re-roll one die" and the vulnerable character's die
    "is doubled"."""
    g = engine()
    s = set_up(g)
    give(s, "p1", blue=1)
    play(g, s, "p1 place d6 b1", "p2 place d6 train", "p1 place d4 b1", "p2 place d4 train")
    play(g, s, "chance reveal rat-swarm", "chance roll 1 1")  # blue: need 6; fire doubles pyra's d6: 3
    play(g, s, "p1 reroll d6")
    events = play(g, s, "chance roll 3")
    assert events[0]["total"] == 7
    assert event(events, "combat")["won"] is True and s.seat("p1").gold == 2


def test_two_yellow_crystals_double_two_different_dice():
    """ "Yellow crystals, Bless Spells, allow players to double one die" (one die per crystal)."""
    g = engine()
    s = set_up(g)
    give(s, "p1", yellow=2)
    play(g, s, "p1 place d6 b1", "p2 place d6 train", "p1 place d4 b1", "p2 place d4 train")
    play(g, s, "chance reveal goblin")  # blue: need 7, weak to melee (neither)
    play(g, s, "p1 bless d6")
    assert g.prompt(s).options == ("p1 roll", "p1 bless d4")  # the blessed d6 cannot be blessed again
    play(g, s, "p1 bless d4")
    events = play(g, s, "chance roll 3 1")
    assert events[0]["doubled"] == ["bless", "bless"] and events[0]["total"] == 8
    assert s.seat("p1").crystals["yellow"] == 0 and s.seat("p1").gold == 3


def test_spells_other_than_blue_must_be_spent_before_the_roll():
    """ "These must be spent before dice are rolled (except for blue crystals).\""""
    g = engine()
    s = set_up(g)
    give(s, "p1", white=1, yellow=1, green=1, blue=1)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    play(g, s, "chance reveal dragon")  # yellow: need 12
    assert set(g.prompt(s).options) >= {"p1 hammer", "p1 bless d6", "p1 enhance"}
    play(g, s, "p1 roll", "chance roll 1 1")
    assert g.prompt(s).options == ("p1 reroll d6", "p1 reroll d4", "p1 stand")
    for late in ("p1 hammer", "p1 bless d4", "p1 enhance"):
        refused(g, s, late, "Crystal spells used in combat", "before the dice are rolled")
    play(g, s, "p1 stand")
    assert s.seat("p1").crystals == {"red": 0, "blue": 1, "yellow": 1, "green": 1, "white": 1}
    assert s.seat("p1").monsters == [] and s.tile("y1").removed


def test_in_round_two_white_does_not_reach_the_red_section():
    """ "white crystal spells must be used ... yellow or blue in round two, or anywhere on the board
    in round 3.\""""
    g = engine()
    s = set_up(g)
    clear(s, 8, keep=("r1",))
    s.round = 2
    give(s, "p1", white=1, yellow=1)  # yellow: so the spells are asked for
    play(g, s, "p1 place d6 b1", "p2 place d6 train", "p1 place d4 r1", "p2 place d4 train")
    play(g, s, "chance reveal goblin")
    assert "p1 hammer" in g.prompt(s).options  # blue is reached in round 2
    play(g, s, "p1 roll", "chance roll 6")
    play(g, s, "chance reveal dragon")
    assert g.prompt(s).chance is not None  # a blessed d4 never makes 24: no question
    refused(g, s, "p1 hammer", "Rounds: white crystals", "round 2")
    assert s.seat("p1").crystals["white"] == 1


# ---------------------------------------------------------------- treasure


def test_a_victory_by_the_hammer_frees_the_guarded_gold():
    """ "The white crystal ... gives an automatic victory" and "A player may not take any of the
    treasure if the treasure is guarded ... unless the player has defeated a monster\""""
    g = engine()
    s = set_up(g)
    give(s, "p1", white=1)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 gold", "p2 place d4 train")
    events = play(g, s, "chance reveal dragon", "p1 hammer")
    assert {"event": "treasure", "seat": "p1", "space": "gold", "gold": 1} in events
    assert s.seat("p1").gold == 7 + 1 and s.gold_pile == 0


def test_a_crystal_space_holding_a_green_among_reds_is_guarded():
    """ "In the crystal spaces only those containing a green or white crystal are guarded.\""""
    g = engine()
    s = set_up(g, crystals="green red red red")
    s.treasure[0].append("red")
    events = play(
        g, s, "p1 place d6 treasure1", "p2 place d6 treasure2", "p1 place d4 train", "p2 place d4 train"
    )
    assert {"event": "treasure guarded", "seat": "p1", "space": "treasure1"} in events
    assert {"event": "treasure", "seat": "p2", "space": "treasure2", "crystals": ["red"]} in events
    assert s.seat("p1").crystals["green"] == 0 and s.treasure[0][:2] == ["green", "red"]


def test_a_victory_in_an_earlier_turn_does_not_free_guarded_treasure():
    """ "... unless the player has defeated a monster in the excursion portion of the turn.\""""
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 y1", "p2 place d4 train")
    play(g, s, "chance reveal goblin", "chance roll 3 2")  # turn 1: p1 wins
    assert s.seat("p1").monsters == ["goblin"]
    play(g, s, "chance draw red red red red")
    assert s.turn == 2 and s.gold_pile == 2
    events = play(g, s, "p1 place d6 gold", "p2 place d8 train", "p1 place d4 train", "p2 place d6 train")
    assert {"event": "treasure guarded", "seat": "p1", "space": "gold"} in events
    assert s.gold_pile == 2 and s.seat("p1").gold == 1


# ---------------------------------------------------------------- trainer, tavern, trade


def test_the_d4_cannot_rise_to_a_d6_the_other_character_still_holds():
    """ "if a player has one character with a 6-sided die, he cannot raise another character from
    a 4-sided die to a 6 ... Training is resolved from top to bottom ... the action is forfeited.\""""
    g = engine()
    s = set_up(g)
    events = play(
        g, s, "p1 place d4 train", "p2 place d6 treasure1", "p1 place d6 train", "p2 place d4 treasure2"
    )
    trained = [e for e in events if e["event"] in ("trained", "training forfeited")]
    assert trained == [
        {"event": "training forfeited", "seat": "p1", "ally": "tidus", "why": "pyra already has the d6"},
        {"event": "trained", "seat": "p1", "ally": "pyra", "from": "d6", "to": "d8"},
    ]
    assert [a.die for a in s.seat("p1").allies] == ["d8", "d4"]


def test_the_size_of_the_outbidding_die_is_irrelevant():
    """ "Other players may outbid previous players with more gold, the size of the die is
    irrelevant.\""""
    g = engine()
    s = set_up(g, follower="squire")
    for seat in s.seats:
        seat.allies[0].die, seat.allies[1].die = "d8", "d6"
    s.seat("p2").gold = 1
    play(g, s, "p1 place d8 tavern", "p2 place d6 tavern", "p2 bid 1")
    events = play(g, s, "p1 place d6 treasure1", "p2 place d8 treasure2")
    gained = event(events, "follower gained")
    assert gained["seat"] == "p2" and gained["bid"] == 1 and s.seat("p2").gold == 0
    assert s.seat("p2").allies[-1] == Ally("squire", "d4", follower=True)
    assert len(s.seat("p1").allies) == 2


def test_every_player_may_trade_in_the_same_turn():
    """ "All players may choose this space in a single turn. Merchants will give two red crystals
    for one blue or one blue for two reds.\""""
    g = engine()
    s = set_up(g)
    give(s, "p1", red=2)
    give(s, "p2", blue=1)
    play(g, s, "p1 place d6 trade", "p2 place d6 trade", "p1 place d4 train", "p2 place d4 train")
    assert g.prompt(s).actor == "p1"
    play(g, s, "p1 trade red blue", "p1 done")
    assert g.prompt(s).actor == "p2"
    play(g, s, "p2 trade blue red", "p2 done")
    assert s.seat("p1").crystals["blue"] == 1 and s.seat("p1").crystals["red"] == 0
    assert s.seat("p2").crystals["red"] == 2 and s.seat("p2").crystals["blue"] == 0


# ---------------------------------------------------------------- turn order


def test_five_players_on_the_turn_order_spaces_take_them_in_the_order_placed():
    """ "Players must place under the number one first, the number 2 only if another player has
    chosen the number one ... players change the order ... and gain the crystal shown.\""""
    g = engine()
    s = set_up(g, players=5)
    events = play(
        g,
        s,
        "p1 place d6 treasure1",
        "p2 place d6 treasure2",
        "p3 place d6 treasure3",
        "p4 place d6 order",
        "p5 place d6 order",
        "p1 place d4 order",
        "p2 place d4 order",
        "p3 place d4 order",
        "p4 place d4 train",
        "p5 place d4 train",
    )
    turn = event(events, "turn order")
    assert turn["order"] == ["p4", "p5", "p1", "p2", "p3"]
    shown = g.pack.turn_order
    assert turn["crystals"] == {
        "p4": [shown[0]],
        "p5": [shown[1]],
        "p1": [shown[2]],
        "p2": [shown[3]],
        "p3": [shown[4]],
    }


# ---------------------------------------------------------------- end of the game


def test_a_tie_at_the_end_goes_to_the_player_with_more_white_crystals():
    """ "If there is a tie, the tying player with the most white crystals wins.\""""
    g = engine()
    s = set_up(g)
    clear(s, 27, keep=("y1",), spare=("goblin",))
    give(s, "p2", white=1)
    give(s, "p1", green=3)
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    events = play(g, s, "chance reveal goblin", "p1 roll", "chance roll 1")
    over = events[-1]
    assert over["event"] == "over" and over["scores"] == {"p1": 0, "p2": 0}
    assert over["winner"] == "p2" and over["tie_break"] == "most white crystals"


def test_the_game_goes_on_while_any_monster_is_left():
    """ "Round 3 ends when all monster tiles have been removed" / "The game ends when all monsters
    have been removed from the board.\""""
    g = engine()
    s = set_up(g)
    clear(s, 26, keep=("y1", "y2"), spare=("goblin", "kobold"))
    s.round = 3
    play(g, s, "p1 place d6 y1", "p2 place d6 train", "p1 place d4 train", "p2 place d4 train")
    events = play(g, s, "chance reveal goblin", "chance roll 6")
    assert "over" not in kinds(events) and not g.is_over(s) and s.monsters_left == 1
    play(g, s, "chance draw red red red red")
    assert s.turn == 2 and g.prompt(s).kind == "place"


def test_a_trained_character_places_its_higher_die_from_the_next_turn():
    """ "a player removes the current die token from his character tile and replaces it with the
    next higher die token ... The higher die is from then on used by that character when placing
    dice.\""""
    g = engine()
    s = set_up(g)
    play(g, s, "p1 place d6 train", "p2 place d6 treasure1", "p1 place d4 treasure2", "p2 place d4 treasure3")
    play(g, s, "chance draw red red red red")
    dice = {o.split()[2] for o in g.prompt(s).options if not o.endswith(" peek")}
    assert dice == {"d8", "d4"}
    refused(g, s, "p1 place d6 y1", "The turn: placing dice", "p1 has no d6 die")
