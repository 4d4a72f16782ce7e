"""Fixed models for every screen, built by playing real positions through the engine.

Each scenario applies legal actions to a real game, then presses buttons on a
``PromptController`` to get a realistic selection state. ``SCENARIOS`` maps a golden PNG name
to a function returning the model; tests/ui/test_screens.py renders each one and compares it
with tests/ui/golden/NAME.png, and bench/ui_render.py times them.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from functools import partial

from companion.engine.core import Header
from companion.games.dungeon_ball.engine import DungeonBall
from companion.games.dungeon_ball.screens import level_menu_items
from companion.ui.controls import MenuController, PromptController, main_menu
from companion.ui.model import build_model, prompt_dict

_G: DungeonBall | None = None

# The whole short game of docs/game-files.md (copied so the goldens never move with the docs).
SHORT_GAME_OPTIONS = {"clock_start": 2, "kicking": {"p1": "luck", "p2": "skill"}}
SHORT_GAME = """
p1 team goblins
p2 team orcs
p1 call tails
chance coin tails
p1 start defense
p1 endzone high
p1 defend red-2
p2 move right
chance roll lightning lightning lightning
p2 reroll 1 2 3
chance roll ball ball ball
p1 pass
p2 pass
p1 defend red-2
p2 move down
chance roll cleat lightning lightning lightning lightning cleat time
p2 reroll 1 2 3 4 5 6
chance roll ball ball ball time ball time
p1 big-hit push
p2 card orc-bullrush
p1 card gob-swarm
chance roll shield
p2 hail-mary
chance roll cleat lightning time ball lightning
p2 reroll 1 2 3 5
chance roll lightning ball ball lightning
p2 defend blue-2
p1 move right
chance roll ball ball time ball ball cleat lightning
p1 reroll 1 2 4 5 7
chance roll ball ball lightning cleat ball
p1 card gob-handoff
p2 defend red-2
p1 move left
chance roll cleat ball ball
p1 reroll 2 3
chance roll cleat ball
p2 big-hit push
p1 pass
p2 defend yellow-2
p1 move left
chance roll cleat cleat ball lightning cleat ball ball
p1 reroll 3 4 6 7
chance roll ball cleat ball ball
p1 card gob-handoff
p1 field-goal
chance roll ball ball time ball
p1 defend yellow-2
p2 move left
chance roll cleat ball time
p2 reroll 1
chance roll time
p1 big-hit discard
p1 pick 2
p2 hail-mary
chance roll ball ball lightning ball time
p2 reroll 3 5
chance roll ball ball
p2 extra-point
chance toss good
""".strip().splitlines()


def engine() -> DungeonBall:
    global _G
    if _G is None:
        _G = DungeonBall()
    return _G


def short_game(until: str | int | None = None):
    """The short game, stopped before action number ``until`` or before the first line equal to it."""
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=369, options=copy.deepcopy(SHORT_GAME_OPTIONS)))
    for i, action in enumerate(SHORT_GAME):
        _pass_unscripted_windows(g, s, action)
        if until is not None and (i == until or action == until):
            break
        g.apply(s, action)
    return g, s


def _pass_unscripted_windows(g, s, action: str) -> None:
    """Pass the card windows the script does not answer (the rules may open one the game file
    was written without, e.g. when a rule reading gives more momentum)."""
    while g.prompt(s).kind.endswith("_window") and action not in g.prompt(s).options:
        g.apply(s, f"{g.prompt(s).actor} pass")


def game(p1="orcs", p2="goblins", kicking=("luck", "luck"), seed=1, clock_start=None):
    """p1 wins the toss and takes offense; p2 defends the low end zone, so p1 attacks low
    from its circle at 22."""
    g = engine()
    options = {"teams": {"p1": p1, "p2": p2}, "kicking": {"p1": kicking[0], "p2": kicking[1]}}
    if clock_start:
        options["clock_start"] = clock_start
    s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        g.apply(s, a)
    return g, s


def play(g, s, *actions):
    for a in actions:
        g.apply(s, a)


def pass_windows(g, s):
    while s.stack and s.stack[-1]["proc"] == "window":
        g.apply(s, f"{g.prompt(s).actor} pass")


def model(g, s, presses=(), viewer=None, **kw):
    """The model for the position, after pressing ``presses`` on a fresh controller."""
    c = PromptController(game="dungeon-ball")
    c.start(prompt_dict(g.prompt(s)))
    for b in presses:
        assert c.press(b) is None, f"press {b} finished the prompt"
    viewer = viewer or (g.prompt(s).actor if g.prompt(s).actor != "chance" else s.offense)
    return build_model(g, s, viewer=viewer, ui=copy.deepcopy(c.ui), **kw)


# ---------------------------------------------------------------------------- scenarios


def sc_main_menu():
    m = main_menu(can_resume=True)
    return {"game": None, "screen": "main_menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def sc_main_menu_no_resume():
    m = main_menu(can_resume=False)
    m.press("down")  # skips the greyed-out Resume
    return {"game": None, "screen": "main_menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def sc_settings_menu():
    items = [
        "Display contrast",
        "Rotate screen",
        "Dice: camera",
        "Kick: camera",
        "Serial link",
        "Clock length",
        "Sound",
        "Reset settings",
    ]
    m = MenuController("Settings", items, back_id="back")
    for _ in range(5):
        m.press("down")
    return {"game": None, "screen": "menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def sc_message_paused():
    return {
        "game": None,
        "screen": "message",
        "message": {"title": "PAUSED", "text": "Press OK to resume"},
        "notice": None,
    }


def sc_message_camera():
    return {
        "game": None,
        "screen": "message",
        "message": {"title": "Camera missing", "text": "Enter dice with the buttons"},
        "notice": None,
    }


def sc_message_four_lines():
    """A text longer than three lines: the smaller title leaves it a fourth (a calibration shot)."""
    return {
        "game": None,
        "screen": "message",
        "notice": None,
        "message": {
            "title": "White die: ball",
            "text": "One white die, BALL up (turn it between shots). OK: shot 2 of 3. BACK stops.",
        },
    }


def sc_web_join_seat():
    """The phones' join screen on a seat's page: its QR code (which claims the seat) and code."""
    from companion.web.join import Address, qr_rows

    address = Address("192.168.1.23", 8080)
    return {
        "game": None,
        "screen": "web_join",
        "notice": None,
        "join": {
            "qr": list(qr_rows(address.qr_text("p2", "4821"))),
            "seat": "p2",
            "code": "4821",
            "ip": "192.168.1.23:8080",
            "held": False,
            "page": 2,
            "pages": 3,
        },
    }


def sc_web_join_watchers():
    from companion.web.join import Address, qr_rows

    return {
        "game": None,
        "screen": "web_join",
        "notice": None,
        "join": {
            "qr": list(qr_rows(Address("10.0.0.5", 8080).qr_text())),
            "seat": None,
            "code": "",
            "ip": "10.0.0.5:8080",
            "held": False,
            "page": 0,
            "pages": 3,
        },
    }


def sc_scoreboard():
    g, s = short_game("p1 defend yellow-2")  # second half, p1 leads 3-0 after its field goal
    return build_model(g, s, viewer=None, screen="scoreboard")


def sc_scoreboard_notice():
    g, s = short_game("p2 move down")
    return build_model(g, s, viewer=None, screen="scoreboard", notice="camera missing")


def sc_team():
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=3))
    return model(g, s, ["down", "down"])


def sc_huddle_field_goal():
    g, s = short_game("p1 field-goal")
    return model(g, s, ["down"])


def sc_defense_pick():
    g, s = game()
    return model(g, s, ["right", "down"])  # yellow-2


def sc_play_board():
    g, s = game()
    play(g, s, "p2 defend red-1")
    return model(g, s, ["left"])


def sc_play_board_unselected():
    g, s = short_game("p1 move left")  # p1's pawn is on b2 after moving right earlier: b3
    return model(g, s)


def sc_play_board_maze_runner():
    g, s = game(p1="minotaurs", p2="goblins")
    # whistle window before the first down: p2 (defense) has no whistle card here, p1 plays Maze Runner
    play(g, s, g.prompt(s).actor + " card mino-runner" if g.prompt(s).actor == "p1" else "p2 pass")
    if g.prompt(s).kind == "whistle_window":
        play(g, s, "p1 card mino-runner")
    pass_windows(g, s)
    play(g, s, "p2 defend blue-2")
    return model(g, s, ["up", "right"])


def sc_dice_entry():
    g, s = game()
    play(g, s, "p2 defend red-1", "p1 move up")  # blue play: 7 dice
    return model(g, s, ["ok", "down", "ok", "down", "down"])


def sc_dice_entry_reroll():
    g, s = short_game(17)  # the reroll of six dice on p2's second down
    return model(g, s, ["ok", "ok", "ok", "down", "down"])


def sc_dice_entry_coin():
    g, s = short_game("chance coin tails")
    return model(g, s, ["down"])


def sc_dice_entry_black():
    g, s = short_game("chance roll shield")
    return model(g, s, ["down", "down"])


def sc_field_goal_luck():
    g, s = short_game("chance roll ball ball time ball")
    return model(g, s, ["ok", "ok"])


def sc_kick_toss():
    g, s = short_game("chance toss good")
    return model(g, s, ["down"])


def sc_reroll_keep():
    g, s = short_game("p2 reroll 1 2 3 4 5 6")
    return model(g, s, ["right", "ok", "right", "ok", "right", "right", "ok", "right"])  # from STOP


def sc_reroll_stop():
    g, s = short_game("p1 reroll 2 3")
    return model(g, s)  # a reroll starts on STOP


def sc_pick_discard():
    g, s = short_game("p1 pick 2")
    return model(g, s, ["ok"])


def sc_card_window():
    g, s = short_game("p2 card orc-bullrush")
    return model(g, s, ["down"])  # from Pass, where the window starts, to the first card


def sc_card_window_big_hit():
    g, s = short_game("p1 big-hit push")
    return model(g, s, ["down", "down", "down"])  # from Pass to the third card


def sc_conversion():
    g, s = short_game("p2 extra-point")
    return model(g, s)


def sc_halftime():
    g, s = short_game("p2 defend blue-2")
    return build_model(g, s, viewer=None, screen="halftime")


def sc_game_over():
    g, s = short_game()
    return build_model(g, s, viewer=None)


def solo_game(stop):
    """A level II solo game (p1 orcs vs the AI deck) played by seeded dice and first options
    until ``stop(prompt, events)`` is true; returns (g, s, last events)."""
    from companion.engine.dice import SeededDice

    g = engine()
    s = g.new_state(
        Header(
            "dungeon-ball",
            seed=5,
            options={"solo": {"level": "II"}, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}},
        )
    )
    dice = SeededDice(5)
    events: list[dict] = []
    for _ in range(500):
        p = g.prompt(s)
        if stop(p, events):
            return g, s, events
        action = dice.answer(p) if p.is_chance else (p.options[0] if p.options else f"{p.actor} stop")
        events = g.apply(s, action)
    raise AssertionError("solo game never reached the position")


def sc_solo_card():
    g, s, events = solo_game(lambda p, ev: any(e["event"] == "ai_card" and e["card"] == "ai-28" for e in ev))
    return build_model(g, s, viewer="p1", screen="solo_card", events=events)


def sc_solo_card_defense():
    g, s, events = solo_game(lambda p, ev: any(e["event"] == "ai_card" and e["card"] == "ai-06" for e in ev))
    return build_model(g, s, viewer="p1", screen="solo_card", events=events)


def sc_solo_card_brief_format():
    """The card as a plain dict in the form the brief gives (advance, icon kind, sentence)."""
    g, s = game()
    m = build_model(g, s, viewer="p1", screen="solo_card")
    m["view"]["solo"] = {
        "last_card": {
            "id": "ai-07",
            "moves": ["up", "left", "down"],
            "kick": "good",
            "advance": {"ball": 2, "cleat": 1},
            "time": 1,
            "defense": {"colour": "yellow", "dice": 2},
            "icon": {"kind": "double_defense"},
        },
        "sentence": "AI runs UP: yellow play, 2 yellow spaces, 1 time",
    }
    return m


def sc_scoreboard_solo():
    g, s, events = solo_game(lambda p, ev: any(e["event"] == "ai_card" and e["card"] == "ai-03" for e in ev))
    return build_model(g, s, viewer="p1", screen="scoreboard", events=events)


def sc_ai_teams():
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=5, options={"solo": {"level": "V"}, "teams": {"p1": "orcs"}}))
    return model(g, s, ["down"], viewer="p1")


def random_game(seed: int, actions: int):
    """A seeded game with a four-time clock, random choices and seeded dice, stopped after
    ``actions`` actions (positions found by searching seeds: overtime, a 2-pt try, a final play)."""
    import random

    from companion.engine.dice import SeededDice

    g = engine()
    s = g.new_state(
        Header(
            "dungeon-ball",
            seed=seed,
            options={
                "clock_start": 4,
                "teams": {"p1": "orcs", "p2": "goblins"},
                "kicking": {"p1": "luck", "p2": "skill"},
            },
        )
    )
    dice, rng = SeededDice(seed), random.Random(seed)
    for _ in range(actions):
        p = g.prompt(s)
        if p.is_chance:
            a = dice.answer(p)
        elif p.options:
            a = rng.choice(p.options) if p.kind != "huddle" else p.options[0]
        else:
            a = rng.choice(g.legal_actions(s))
        g.apply(s, a)
    return g, s


def sc_scoreboard_overtime():
    g, s = random_game(0, 76)
    assert s.overtime
    return build_model(g, s, screen="scoreboard")


def sc_scoreboard_two_point():
    g, s = random_game(16, 125)
    assert s.conversion
    return build_model(g, s, screen="scoreboard")


def sc_huddle_final_play():
    g, s = random_game(0, 33)
    assert s.final_play
    return model(g, s, ["down", "down"])


def sc_deck_draw():
    g, s, _ = solo_game(lambda p, ev: p.kind == "ai_draw")
    return model(g, s, ["down", "down"], viewer="p1")


def sc_deck_remove():
    g = engine()
    s = g.new_state(
        Header("dungeon-ball", seed=5, options={"solo": {"level": "II"}, "teams": {"p1": "orcs"}})
    )
    return model(g, s, ["ok", "ok", "down", "ok"], viewer="p1")


def sc_card_window_four_lines():
    """A card whose text needs all four lines (Roar), in a defense card window after a roll."""
    g, s = short_game("p1 big-hit push")
    m = model(g, s)
    m["prompt"]["options"] = ["p1 card troll-roar", "p1 pass"]
    return m


def sc_card_window_whistle():
    g, s = game(p1="minotaurs", p2="goblins")
    return model(g, s, ["down"])  # from Pass to the first card


def sc_level_menu():
    m = MenuController("AI level", level_menu_items(), back_id="back")
    for _ in range(4):
        m.press("down")
    return {"game": None, "screen": "menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def played_until(seed: int, solo: str | None, wanted: str, clock_start: int = 8):
    """A seeded game (random choices, seeded dice) played until an action whose events call
    for the result screen with the headline ``wanted``; returns its result model (a copy of
    the one this process played first: the collection and the tests ask for the same eight)."""
    return copy.deepcopy(_played_until(seed, solo, wanted, clock_start))


@functools.cache
def _played_until(seed: int, solo: str | None, wanted: str, clock_start: int):
    import random

    from companion.engine.dice import SeededDice
    from companion.games.dungeon_ball import screens_results as results

    g = engine()
    options: dict = {"clock_start": clock_start}
    if solo:
        options["solo"] = {"level": solo}
    s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
    dice, rng = SeededDice(seed), random.Random(seed)

    def name(pid):
        return "AI" if solo and pid == "p2" else pid.upper()

    while not g.is_over(s):
        p = g.prompt(s)
        a = (
            dice.answer(p)
            if p.is_chance
            else rng.choice(p.options)
            if p.options
            else rng.choice(g.legal_actions(s))
        )
        events = g.apply(s, a)
        if {e["event"] for e in events} & results.RESULT_EVENTS and results.headline(events, name) == wanted:
            return build_model(g, s, viewer="p1", screen="result", events=events)
    raise AssertionError(f"seed {seed} never showed {wanted!r}")


# result screens: name -> (seed, solo level, the headline to stop at)
RESULTS = {
    "result_reveal": (1, None, "P1 GUESSED WRONG"),
    "result_gain": (1, None, "+2 RED SPACES"),
    "result_turnover": (1, None, "TURNOVER"),
    "result_touchdown": (1, None, "TOUCHDOWN P2!"),
    "result_field_goal_no_good": (1, None, "FIELD GOAL NO GOOD"),
    "result_extra_point": (1, None, "EXTRA PT GOOD"),
    "result_ai_wins_toss": (3, "II", "AI WINS THE TOSS"),
    "result_ai_touchdown": (3, "II", "TOUCHDOWN AI!"),
}


# ---------------------------------------------------------------------------- generic screens


def sampler(
    show: str = "options", presses=(), players: int = 3, scores: dict | None = None, turn: int = 0, **kw
) -> dict:
    """The model of the prompt sampler (tests/ui/sampler.py: a game with no screens of its own)
    at the shape ``show``, after pressing ``presses``; ``turn`` answers played first."""
    from tests.ui.sampler import Sampler, first_answer

    g = Sampler()
    s = g.new_state(Header("ui-sampler", options={"show": show, "players": players, "scores": scores or {}}))
    for _ in range(turn):
        g.apply(s, first_answer(g.prompt(s)))
    c = PromptController(game="ui-sampler")
    c.start(prompt_dict(g.prompt(s)))
    for b in presses:
        assert c.press(b) is None, f"press {b} finished the prompt"
    actor = g.prompt(s).actor
    return build_model(g, s, viewer=actor if actor.startswith("p") else None, ui=copy.deepcopy(c.ui), **kw)


def sc_new_game_list():
    """The new-game menu's game list: each registered game by title, its description and seat
    range as the hint (two fixed games, so the golden does not move with the registry)."""
    from companion.engine.registry import get_game
    from tests.ui.sampler import GAME

    games = [get_game("dungeon-ball"), GAME]
    m = MenuController(
        "New game",
        [
            {"id": g.id, "label": g.title, "hint": f"{g.players[0]}-{g.players[1]} players. {g.description}"}
            for g in games
        ],
        back_id="back",
    )
    m.press("down")
    return {"game": None, "screen": "menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def sc_new_game_setup():
    """The new-game menu for one game: players, each seat human or computer, its options, Start."""
    items = [
        {"id": "players", "label": "Players: 3", "hint": "Prompt Sampler: 2 to 6 players"},
        {"id": "seat-p1", "label": "P1: human", "hint": "OK: human or a computer player"},
        {"id": "seat-p2", "label": "P2: computer", "hint": "computer player: random. OK: next"},
        {"id": "seat-p3", "label": "P3: human", "hint": "OK: human or a computer player"},
        {"id": "option-rounds", "label": "rounds: 6", "hint": "answers to play"},
        {"id": "start", "label": "Start", "hint": "Every prompt shape once."},
    ]
    m = MenuController("Prompt Sampler", items, back_id="back")
    m.press("down")
    m.press("down")
    return {"game": None, "screen": "menu", "menu": m.menu, "ui": dict(m.ui), "notice": None}


def sc_generic_wait():
    """A prompt with no options and no shape the buttons know."""
    m = sampler("options")
    m["prompt"].update(options=None, kind="vote", text="Vote with a show of hands for the next quest")
    m["ui"] = {"mode": "idle"}
    return m


GENERIC_SCENARIOS = {
    "generic_choose": partial(sampler, "options", ["down"]),
    "generic_words": partial(sampler, "words", ["down", "ok", "down", "down"]),
    "generic_words_last": partial(sampler, "words", ["up", "ok", "ok"]),
    "generic_multi": partial(sampler, "multi", ["ok", "down", "down", "ok", "down"]),
    "generic_number": partial(sampler, "number", ["right", "up"]),
    "generic_grid": partial(sampler, "grid", ["down", "right", "right"]),
    "generic_chance_mixed": partial(sampler, "dice", ["up", "ok", "down", "ok"] + ["down"] * 6),
    "generic_chance_bag": partial(sampler, "bag", ["ok"]),
    "pass_to": partial(sampler, "multi", screen="pass_to", seat="p2"),
    "pass_to_done": partial(
        sampler,
        "multi",
        screen="pass_to",
        seat="p3",
        title="P2 done.",
        text="Pass the device to P3 and press OK",
    ),
    "passed_on": partial(
        sampler,
        "multi",
        screen="passed_on",
        message={"title": "P2 done", "text": "Pass the device on, then press OK."},
    ),
    "computer_moves": partial(
        sampler,
        "options",
        players=2,
        scores={"p1": 3, "p2": 5},
        screen="computer_moves",
        events=[{"event": "computer_moves", "lines": ["P2: bid 3", "P2 chose in secret"]}],
    ),
    "resumed": partial(
        sampler,
        "options",
        screen="resumed",
        events=[{"event": "resumed", "game": "Crystal Auction", "text": "12 moves so far"}],
    ),
    "scores_2": partial(sampler, "number", players=2, scores={"p1": 12, "p2": 7}, screen="scores"),
    "scores_3": partial(sampler, "words", players=3, scores={"p1": 4, "p2": 19, "p3": 0}, screen="scores"),
    "scores_6": partial(
        sampler,
        "grid",
        players=6,
        scores={"p1": 3, "p2": 12, "p3": 0, "p4": 7, "p5": 21, "p6": 5},
        screen="scores",
    ),
    "game_over_3": partial(sampler, "options", players=3, scores={"p1": 4, "p2": 9, "p3": 0}, turn=6),
    "game_over_draw": partial(
        sampler, "options", players=4, scores={"p1": 6, "p2": 8, "p3": 8, "p4": 1}, turn=6
    ),
    "game_over_6": partial(
        sampler, "options", players=6, scores={"p1": 3, "p2": 12, "p3": 0, "p4": 7, "p5": 2, "p6": 5}, turn=6
    ),
}

SCENARIOS: dict[str, Callable[[], dict]] = {
    name[3:]: fn for name, fn in sorted(globals().items()) if name.startswith("sc_") and callable(fn)
}
SCENARIOS.update({name: partial(played_until, *args) for name, args in RESULTS.items()})
SCENARIOS.update(GENERIC_SCENARIOS)
