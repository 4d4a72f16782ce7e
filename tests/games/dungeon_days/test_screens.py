"""Dungeon Days on the panel and the buttons: golden PNGs of every screen of its own
(tests/ui/golden/dungeon-days-*.png, ``UPDATE_GOLDEN=1`` rewrites them: look at them at 4x), the
turn built word by word (card, board, day), left/right changing the board shown, and the hand
drawn only for its owner."""

from __future__ import annotations

import pytest

from companion.games.dungeon_days import screens as days_screens
from companion.ui import PromptController, build_model
from companion.ui.model import prompt_dict
from companion.ui.screens import render, screen_function, screen_name
from tests.games.dungeon_days.scenarios import SCENARIOS
from tests.games.dungeon_days.table import ENGINE, pile, play, table
from tests.ui.golden_check import check_golden


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden(name):
    check_golden(render(SCENARIOS[name]()), name)


def test_every_screen_of_its_own_has_a_golden():
    drawn = {screen_function(screen_name(m), m["game"]) for m in (f() for f in SCENARIOS.values())}
    assert set(days_screens.SCREENS.values()) <= drawn


def controller(s):
    ctl = PromptController(game=ENGINE.name)
    ctl.start(prompt_dict(ENGINE.prompt(s)))
    return ctl


def test_a_turn_is_built_card_then_board_then_day():
    s = table(players=3, boards={"p2": {"sat": ["elf"]}}, hands={"p1": ["halfling", "human"]})
    ctl = controller(s)
    assert ctl.ui["words"] == ["draw", "human", "halfling"]
    assert [ctl.press(b) for b in ("down", "down", "ok")] == [None, None, None]
    assert ctl.ui["chosen"] == ["halfling", "p2"]  # only P2 has a creature: its board is taken by itself
    assert ctl.ui["words"] == ["sat"] and ctl.ui["board"] == "p2"
    action = ctl.press("ok")
    assert action == "p1 play halfling p2 sat"
    play(s, action)
    assert pile(s, "p2", "sat") == ["elf", "halfling"]


def test_left_and_right_change_the_board_shown_and_back_takes_words_back():
    s = table(players=3, hands={"p1": ["human"]})
    ctl = controller(s)
    assert ctl.ui["board"] == "p1"
    ctl.press("right")
    assert ctl.ui["board"] == "p2"
    ctl.press("left"), ctl.press("left")
    assert ctl.ui["board"] == "p3"
    ctl.press("down"), ctl.press("ok")  # a Human: own board is forced, so days come next
    assert ctl.ui["chosen"] == ["human", "p1"] and ctl.ui["board"] == "p1" and len(ctl.ui["words"]) == 7
    ctl.press("back")  # steps back over the forced board too
    assert ctl.ui["chosen"] == [] and ctl.ui["words"][ctl.ui["cursor"]] == "human"
    ctl.press("back")
    assert ctl.last_back
    assert ctl.press("ok") is None and ctl.ui["chosen"] == ["human", "p1"]
    ctl.press("back")
    ctl.press("up")
    assert ctl.press("ok") == "p1 draw"


def test_the_transformation_asks_for_the_creature_taken_and_the_one_given():
    s = table(boards={"p2": {"mon": ["dragon", "halfling"]}}, hands={"p1": ["transformation", "human"]})
    ctl = controller(s)
    ctl.press("down")
    assert ctl.ui["words"][ctl.ui["cursor"]] == "transformation"
    ctl.press("ok")
    # only P2 has a creature to take, and only on Monday: both are taken by themselves
    assert ctl.ui["chosen"] == ["transformation", "p2", "mon"] and ctl.ui["board"] == "p2"
    assert ctl.ui["words"] == ["dragon", "halfling"]  # any card in the stack, not only the top
    assert ctl.press("ok") is None and ctl.ui["words"] == ["human"]
    assert ctl.press("ok") == "p1 play transformation p2 mon dragon human"


def test_the_scorer_enters_a_day_card_by_card():
    s = table(mode="score")
    ctl = controller(s)
    assert ctl.ui["words"][0] == "next" and "invisibility" not in ctl.ui["words"]
    ctl.press("right")
    assert ctl.ui["board"] == "p2"  # the other boards can be looked at while entering
    ctl.press("down")
    action = ctl.press("ok")
    assert action.startswith("p1 add ")


def test_the_board_screen_shows_only_the_viewers_own_hand():
    s = table(hands={"p1": ["elf"], "p2": ["dragon", "sprite"]})
    model = build_model(ENGINE, s, viewer="p1")
    assert [x.get("hand") for x in model["view"]["seats"]] == [["elf"], None]
    assert "dragon" not in str(model["view"]) and "sprite" not in str(model["view"])
    assert "hand" not in str(build_model(ENGINE, s, viewer=None)["view"])


def test_the_turn_waits_for_the_pass_it_on_screen():
    assert ENGINE.prompt(table(hands={"p1": ["elf"]})).shows_hand
    assert not ENGINE.prompt(table(hands={"p1": ["elf"]})).private  # the play itself is public


def test_after_the_last_play_the_final_table_then_the_game_over_screen():
    from companion.ui.model import screen_after

    s = table(
        boards={"p1": {d: ["human"] for d in ("mon", "tue", "wed", "thu", "fri", "sat")}},
        hands={"p1": ["elf"]},
    )
    events = play(s, "p1 play elf p1 sun")
    assert screen_after(events, ENGINE.name) == "days_final"
    over = next(e for e in events if e["event"] == "over")
    assert over["days"]["p1"] == [1, 1, 1, 1, 1, 1, 4] and over["cards"] == {"p1": 7, "p2": 0}
    assert screen_name(build_model(ENGINE, s, viewer=None)) == "game_over"
    scorer = table(mode="score")
    for _ in range(13):
        play(scorer, "p1 next" if scorer.turn == 0 else "p2 next")
    assert (
        screen_after(play(scorer, "p2 next"), ENGINE.name) == "days_score"
    )  # the last board's reasons first


def result_texts(s, action: str) -> tuple[list[str], list]:
    """What the result screen of ``action`` draws, and the faults a reader meets on it."""
    from companion.ui.recording import recording
    from tests.ui.textcheck import frame_faults

    events = play(s, action)
    with recording() as drawn:
        render(build_model(ENGINE, s, viewer=None, screen="days_result", events=events))
    return [d.text for d in drawn if d.kind == "text"], frame_faults(drawn)


def test_a_terror_that_removes_many_cards_names_them_all_on_the_screen():
    """A Terror on a busy Monday of four boards: "removed:" ran into a third line the score strip
    covered ("Dwarf Elf Halfling / Human Human / [cut]"). Kinds are counted, and every line is
    above the strip."""
    busy = {"mon": ["dwarf", "halfling"]}
    s = table(
        players=4,
        boards={
            "p1": {"mon": ["elf"]},
            "p2": busy,
            "p3": {"mon": ["human", "sprite"]},
            "p4": {"mon": ["human", "troll"]},
        },
        hands={"p1": ["terror"]},
    )
    texts, faults = result_texts(s, "p1 play terror p1 mon")
    assert faults == []
    said = " ".join(texts)
    for name in ("Dwarf", "Elf", "Halfling", "Human x2", "Sprite", "Troll"):
        assert name in said


def test_a_transportation_says_which_two_days_were_swapped():
    """ "TPT on P4 Thu": a code, and not whose day went where. The table swaps the stacks by it."""
    s = table(players=4, boards={"p4": {"thu": ["orc"]}}, hands={"p1": ["transportation"]})
    texts, faults = result_texts(s, "p1 play transportation p4 thu")
    assert faults == []
    assert texts[2:5] == ["Transportation", "on P4 Thu", "swapped with P1 Thu"]


def test_a_transformation_says_the_creature_taken_and_the_one_given():
    s = table(
        players=3,
        boards={"p3": {"sun": ["troll", "sprite"]}},
        hands={"p2": ["transformation", "medusa"]},
        turn="p2",
    )
    texts, faults = result_texts(s, "p2 play transformation p3 sun sprite medusa")
    assert faults == []
    assert texts[2:6] == ["Transformation", "on P3 Sun", "took Sprite", "gave Medusa"]


def test_a_transportation_and_the_end_are_said_in_the_tables_words_on_the_phones():
    """The computer's "play Transportation on P1's Saturday" did not say whose day went where;
    the phones' end said "ended: p3 filled the week" and the log "Game over: p3 filled ..."."""
    from companion.games.dungeon_days.page import game_facts, page_event
    from companion.games.dungeon_days.words import describe
    from tests.games.dungeon_days.table import full_week

    assert (
        describe("p3 play transportation p1 sat", {}) == "play Transportation: swap P3's Saturday with P1's"
    )
    s = table(players=3, boards={"p1": {"sat": ["elf"]}}, hands={"p3": ["transportation"]}, turn="p3")
    played = next(e for e in play(s, "p3 play transportation p1 sat") if e["event"] == "play")
    assert page_event(played, {}) == "P3 played Transportation: swapped P3's Saturday with P1's"
    s = table(
        players=3, boards={"p3": {"sun": ["sprite"]}}, hands={"p2": ["transformation", "orc"]}, turn="p2"
    )
    played = next(e for e in play(s, "p2 play transformation p3 sun sprite orc") if e["event"] == "play")
    assert page_event(played, {}) == "P2 played Transformation on P3's Sunday, taking Sprite for Orc"
    s = table(players=3, boards={"p3": full_week("sun")}, hands={"p3": ["elf"]}, turn="p3")
    over = next(e for e in play(s, "p3 play elf p3 sun") if e["event"] == "over")
    assert page_event(over, {}).startswith("Game over: P3 filled the week; ")
    rows = game_facts({"over": True, "ended": s.ended}, {})
    assert rows["rows"][0] == ["ended", "P3 filled the week"]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_final_table_says_why_the_game_ended(players):
    """P1 filled the week and P2 won: the final table showed the points, never that P1's full
    week had ended the game."""
    from companion.ui.recording import recording
    from tests.games.dungeon_days.scenarios import final
    from tests.ui.textcheck import frame_faults

    with recording() as drawn:
        render(final(players=players))
    assert frame_faults(drawn) == []
    assert "P1 filled the week" in [d.text for d in drawn if d.kind == "text"]


def test_once_a_play_is_sent_no_word_row_is_left_under_the_computers_thinking():
    """While P2 thought, the panel kept P1's sent turn under the board as the next question:
    "take: Wed Thu Fri Sat" (or "board: draw"), as if P1 still had to choose."""
    s = table(players=3, hands={"p1": ["elf", "human"]})
    ctl = controller(s)
    presses = ["down", "ok"]  # the Elf: its own board is taken by itself, the days come next
    assert [ctl.press(b) for b in presses] == [None, None] and ctl.ui["words"]
    sent = ctl.press("ok")
    assert sent == "p1 play elf p1 mon"
    play(s, sent)
    from companion.ui.recording import recording

    with recording() as drawn:
        render(build_model(ENGINE, s, viewer="p1", ui=ctl.ui, notice="P2 is thinking"))
    texts = [d.text for d in drawn if d.kind == "text"]
    assert "P2 is thinking" in texts and "ELF" in texts  # the board, the Elf on Monday
    assert not [t for t in texts if t.endswith(":") or t in ("Mon", "Tue", "HUM", "draw")]


def test_the_scorer_names_the_card_under_the_cursor():
    """Entering real cards, the row is codes (BLD DRG DWF ... MIM); the bar said "P1 Mon: bottom
    card" whatever the cursor was on. On a card it names it, as the turn's bar does."""
    from companion.ui.recording import recording

    s = table(mode="score")
    ctl = controller(s)
    said = []
    for _ in range(len(ctl.ui["words"])):
        with recording() as drawn:
            render(build_model(ENGINE, s, viewer=None, ui=ctl.ui))
        said.append(next(d.text for d in drawn if d.kind == "text"))
        ctl.press("down")
    assert said[0] == "P1 Mon: bottom card"  # on "next"
    cards = ctl.ui["words"][1:]
    assert said[1:] == [
        next(t for t in (f"P1 Mon: add {k.capitalize()}", f"add {k.capitalize()}") if t in said)
        for k in cards
    ]
    assert "P1 Mon: add Dwarf" in said and "add Invisibility" not in said  # not offered on an empty day


def test_the_turn_so_far_is_said_in_names_where_they_fit():
    """The bar read "P1 HAL P2" once a Halfling and P2's board were chosen: codes, where
    "P1 Halfling on P2" fits. A Transformation's longer turn keeps the codes, never cut."""
    from companion.ui.recording import recording
    from tests.games.dungeon_days.scenarios import turn

    def bar(presses):
        with recording() as drawn:
            render(turn(presses))
        return [d.text for d in drawn if d.kind == "text"][0], [d for d in drawn if d.kind == "cut"]

    assert bar(["down"] * 5 + ["ok"]) == ("P1 Halfling", [])
    assert bar(["down"] * 5 + ["ok", "down", "ok"]) == ("P1 Halfling on P2", [])
    said, cut = bar(["down", "ok", "ok"])  # a Transformation on P1's board
    assert said.startswith("P1 Transformation") or said.startswith("P1 TFM")
    assert cut == []


@pytest.mark.parametrize("kind", sorted(ENGINE.pack.cards))
def test_the_card_drawn_is_said_whole_on_the_players_screen(kind):
    """ "You drew Transformation: spell. Swap a creature with one i." ran past the message
    screen's four lines; and the Mimic, "a creature of variable points", was said "0 points"."""
    from companion.games.dungeon_days.screens import dealt_text, pack_info
    from companion.ui.recording import recording
    from tests.ui.textcheck import frame_faults

    said = dealt_text(f"chance draw {kind}", pack_info(ENGINE))
    with recording() as drawn:
        render(
            {"game": ENGINE.name, "screen": "message", "message": {"title": "P2: your card", "text": said}}
        )
    assert frame_faults(drawn) == []
    shown = " ".join(d.text for d in drawn if d.kind == "text")
    assert shown == f"P2: your card {said}" and kind.capitalize() in said  # every word of it
    assert ("0 points" in shown) == (kind == "halfling")


def test_the_mimic_in_a_phones_hand_is_not_said_to_score_nothing():
    from companion.games.dungeon_days.page import card_words, page_pack

    cards = page_pack(ENGINE)["cards"]
    assert card_words(cards["mimic"], "mimic").startswith("creature, points vary: ")
    assert card_words(cards["halfling"], "halfling").startswith("creature, 0 points: ")
