"""The end of the game (a full week, blocked days, a play that completes an opponent's week) and
the scoring: covered cards, the Sprite, the Halfling, the Mimic, the tie-breaks."""

from companion.engine.dice import SeededDice
from tests.games.dungeon_days.table import ENGINE, day_points, full_week, pile, play, refused, score, table


def test_the_game_ends_when_a_player_has_a_creature_on_every_day():
    s = table(boards={"p1": full_week("sun", card="elf"), "p2": {"mon": ["dragon"]}}, hands={"p1": ["human"]})
    events = play(s, "p1 play human p1 sun")
    assert s.over and events[-1]["event"] == "over"
    assert events[-1]["scores"] == {"p1": 25, "p2": 7} and s.winner == "p1"
    refused(s, "p2 draw", "Game End", "over")


def test_a_draw_does_not_end_the_game_and_a_day_with_only_invisibility_room_counts():
    s = table(boards={"p1": full_week(card="elf")}, hands={"p2": []}, turn="p2")
    play(s, "p2 draw")  # the end is checked after a play, not a draw
    assert not s.over


def test_blocked_days_need_no_creature():
    s = table(boards={"p1": {**full_week("tue", "fri"), "tue": ["boulder"]}}, hands={"p1": ["human"]})
    play(s, "p1 play human p1 fri")
    assert s.over and s.ended == "p1 filled the week"


def test_a_boulder_on_an_opponents_last_empty_day_completes_their_week():
    s = table(boards={"p2": full_week("thu", card="orc")}, hands={"p1": ["boulder"]})
    play(s, "p1 play boulder p2 thu")
    assert s.over and s.winner == "p2" and s.ended == "p2 filled the week"


def test_a_play_that_completes_an_opponents_week_ends_the_game():
    s = table(boards={"p2": full_week("sat", card="human")}, hands={"p1": ["medusa"]})
    play(s, "p1 play medusa p2 sat")
    # Medusa removes every human from p2's board: the week is no longer full
    assert not s.over
    t = table(boards={"p2": full_week("sat", card="elf")}, hands={"p1": ["dragon"]})
    play(t, "p1 play dragon p2 sat")  # clears Friday and Sunday: not full
    assert not t.over
    u = table(
        boards={"p2": full_week("sat", card="elf"), "p1": {"sat": ["human"]}},
        hands={"p1": ["transportation"]},
    )
    play(u, "p1 play transportation p2 sat")
    assert u.over and u.ended == "p2 filled the week" and u.stats["ended_by_other_play"] == 1


def test_the_game_ends_when_no_one_can_draw_or_play():
    s = table(hands={"p1": [], "p2": []})
    s.deck, s.discard = [], []
    assert ENGINE.prompt(s).options == ("p1 pass",)
    refused(s, "p1 draw", "Playing the Game", "nothing to draw")
    play(s, "p1 pass")
    assert not s.over
    play(s, "p2 pass")
    assert s.over and s.ended == "no one can draw or play" and s.draw


def test_a_pass_is_refused_while_a_draw_or_a_play_is_possible():
    s = table(hands={"p1": ["human"]})
    refused(s, "p1 pass", "Playing the Game", "neither draw nor play")


def test_an_empty_deck_is_made_again_from_the_shuffled_discard_pile():
    s = table(hands={"p1": []})
    s.deck, s.discard = [], ["elf", "terror"]
    events = play(s, "p1 draw")
    assert events == [{"event": "reshuffled", "cards": 2}] and s.discard == []
    play(s, "chance draw terror")
    assert s.seat("p1").hand == ["terror"] and s.deck == ["elf"]


def test_a_draw_is_seen_only_by_the_drawer():
    s = table(hands={"p1": []})
    play(s, "p1 draw")
    prompt = ENGINE.prompt(s)
    assert prompt.chance.private == "p1" and prompt.chance.by == "device"
    events = play(s, SeededDice(1).answer(prompt))
    assert events == [{"event": "drew", "seat": "p1", "deck": len(s.deck)}]
    assert "hand" not in ENGINE.public_view(s, "p2")["seats"][0]
    assert ENGINE.public_view(s, "p1")["seats"][0]["hand"] == s.seat("p1").hand


# ---------------------------------------------------------------------------- scoring


def test_a_covered_card_does_not_score_a_halfling_zeroes_what_it_covers():
    s = table(boards={"p1": {"mon": ["dragon", "halfling"], "tue": ["elf", "sprite", "halfling"]}})
    assert day_points(s, "p1", "mon") == (0, "HAL on DRG: 0")
    assert day_points(s, "p1", "tue") == (0, "HAL on SPR+ELF: 0")


def test_a_sprite_adds_its_score_to_its_day():
    s = table(boards={"p1": {"mon": ["human", "sprite"], "tue": ["dragon", "halfling", "sprite"]}})
    assert day_points(s, "p1", "mon") == (7, "SPR 6 + HUM 1 = 7")
    assert day_points(s, "p1", "tue") == (6, "SPR 6 + HAL on DRG: 0 = 6")


def test_invisibility_keeps_both_creatures_scoring():
    s = table(boards={"p1": {"wed": ["elf", "invisibility", "orc"], "thu": ["elf", "invisibility"]}})
    assert day_points(s, "p1", "wed") == (7, "ORC 3 + ELF 4 = 7")
    assert day_points(s, "p1", "thu") == (4, "ELF 4")


def test_a_mimic_takes_the_best_neighbour_it_may():
    s = table(boards={"p1": {"mon": ["human"], "tue": ["mimic"], "wed": ["dragon"]}})
    assert day_points(s, "p1", "tue") == (7, "MIM=DRG 7")
    assert score(s, "p1") == 1 + 7 + 7


def test_a_mimic_copies_the_neighbours_top_creature_not_its_whole_day():
    s = table(boards={"p1": {"mon": ["elf", "sprite"], "tue": ["mimic"], "wed": ["dragon", "halfling"]}})
    assert day_points(s, "p1", "tue") == (6, "MIM=SPR 6")  # the Sprite's 6, not the day's 10


def test_a_mimic_never_copies_another_mimic_and_alone_scores_nothing():
    s = table(boards={"p1": {"mon": ["mimic"], "tue": ["mimic"], "thu": ["mimic"], "sun": ["dragon"]}})
    assert day_points(s, "p1", "mon") == (0, "MIM 0")
    assert day_points(s, "p1", "thu") == (0, "MIM 0")
    assert day_points(s, "p1", "sat") == (0, "empty")
    t = table(boards={"p1": {"mon": ["mimic"], "sun": ["dragon"]}})
    assert day_points(t, "p1", "mon") == (0, "MIM 0")  # Sunday is not next to Monday


def test_a_mimic_under_a_halfling_or_a_sprite():
    s = table(
        boards={
            "p1": {"mon": ["mimic", "halfling"], "tue": ["elf"], "thu": ["mimic", "sprite"], "fri": ["orc"]}
        }
    )
    assert day_points(s, "p1", "mon") == (0, "HAL on MIM: 0")
    assert day_points(s, "p1", "thu") == (9, "SPR 6 + MIM=ORC 3 = 9")


def test_a_blocked_day_scores_nothing():
    s = table(boards={"p1": {"mon": ["boulder"]}})
    assert day_points(s, "p1", "mon") == (0, "blocked (BLD)")


def test_a_tie_goes_to_the_most_cards_on_the_board():
    s = table(
        boards={
            "p1": {**full_week("sun", card="orc")},
            "p2": {
                "mon": ["dragon", "halfling"],
                "tue": ["dragon"],
                "wed": ["elf", "invisibility", "pixie"],
                "thu": ["human", "sprite"],
            },
        },
        hands={"p1": ["human"]},
    )
    play(s, "p1 play human p1 sun")
    assert s.over and ENGINE.summary(s)["scores"] == {"p1": 19, "p2": 7 + 9 + 7}
    t = table(
        boards={
            "p1": full_week("sun", card="orc"),
            "p2": {
                "mon": ["dragon", "halfling", "orc"],
                "tue": ["dragon"],
                "wed": ["human", "invisibility", "elf"],
                "thu": ["human", "invisibility", "troll"],
            },
        },
        hands={"p1": ["human"]},
    )
    play(t, "p1 play human p1 sun")
    summary = ENGINE.summary(t)
    assert summary["scores"] == {"p1": 19, "p2": 19}
    assert summary["cards_on_board"] == {"p1": 7, "p2": 10} and t.winner == "p2" and not t.draw


def test_a_further_tie_is_a_draw():
    s = table(
        boards={"p1": full_week("sun", card="human"), "p2": full_week(card="human")}, hands={"p1": ["human"]}
    )
    play(s, "p1 play human p1 sun")
    assert s.over and s.draw and s.winner == "" and ENGINE.summary(s)["winner"] is None


def test_the_summary_gives_every_day_with_its_reason_at_the_end():
    s = table(boards={"p1": full_week("sun", card="elf")}, hands={"p1": ["mimic"]})
    play(s, "p1 play mimic p1 sun")
    days = ENGINE.summary(s)["days"]["p1"]
    assert days[6] == {"day": "sun", "cards": ["mimic"], "points": 4, "why": "MIM=ELF 4"}
    assert pile(s, "p1", "sun") == ["mimic"]


def test_a_creature_swapped_on_top_of_another_covers_it():
    """A Transformation may put a creature where a Halfling lay: it lies ON the creature under it
    and covers its score (only the Sprite adds to its day)."""
    s = table(
        boards={"p2": {"wed": ["dwarf", "halfling"]}}, hands={"p2": ["transformation", "elf"]}, turn="p2"
    )
    play(s, "p2 play transformation p2 wed halfling elf")
    assert pile(s, "p2", "wed") == ["dwarf", "elf"]
    assert day_points(s, "p2", "wed") == (4, "ELF 4 (on DWF)")


def test_a_halfling_on_an_invisible_day_zeroes_only_the_creature_it_lies_on():
    s = table(boards={"p1": {"thu": ["elf", "invisibility", "orc", "halfling"]}})
    assert day_points(s, "p1", "thu") == (4, "HAL on ORC: 0 + ELF 4 = 4")


def test_the_device_says_which_neighbour_it_chose_for_the_mimic():
    """ "At scoring, you choose which creature to the immediate left or right is the mimic's
    score": the device chooses the best for the player, and the end's event says so."""
    s = table(
        boards={
            "p1": {
                "mon": ["human"],
                "tue": ["mimic"],
                "wed": ["dragon"],
                "fri": ["orc"],
                "sat": ["troll"],
                "sun": ["goblin"],
            }
        },
        hands={"p1": ["human"]},
    )
    over = play(s, "p1 play human p1 thu")[-1]
    assert over["event"] == "over"
    assert over["decided"] == (
        "P1's Mimic on Tue copies the Dragon (7), the best of Human, Dragon: the player "
        "chooses, and the device chose the best for them"
    )


def test_each_days_points_and_reason_are_in_the_view_during_play():
    """A referee checks the score as the game goes: each board's days with points and reason."""
    s = table(
        boards={"p1": {"mon": ["human", "sprite"], "tue": ["mimic"]}, "p2": {"wed": ["dragon", "halfling"]}},
        hands={"p1": ["elf"]},
    )
    view = ENGINE.public_view(s, None)
    assert view["seats"][0]["days"][:3] == [
        {"points": 7, "why": "SPR 6 + HUM 1 = 7"},
        {"points": 6, "why": "MIM=SPR 6"},
        {"points": 0, "why": "empty"},
    ]
    assert view["seats"][1]["days"][2] == {"points": 0, "why": "HAL on DRG: 0"}
    assert view["seats"][0]["score"] == 13 and not view["over"]


def test_the_discard_is_split_into_spells_used_and_cards_removed():
    s = table(
        boards={"p2": {"mon": ["elf", "invisibility", "orc"], "tue": ["troll"]}},
        hands={"p1": ["terror", "lava"]},
    )
    play(s, "p1 play terror p1 mon")
    play(s, "p2 draw")
    play(s, "chance draw human")
    play(s, "p1 play lava p2 tue")
    view = ENGINE.public_view(s, None)
    assert view["spells_used"] == ["terror", "lava"]
    assert sorted(view["removed"]) == ["elf", "invisibility", "orc", "troll"]
    assert sorted(view["discard"]) == sorted(view["spells_used"] + view["removed"])
