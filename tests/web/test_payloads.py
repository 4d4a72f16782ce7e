"""Nothing leaks: what a page receives is a function of ``public_view(state, its seat)``.

The strong form, checked here over whole random games: change another seat's secret (its
hand, its face-down choice, the defense card) and the payload for this seat does not change by
one byte. The payload is also built for every registered game, as each seat and as a
spectator, at every position of a random game.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.engine.core import Header
from companion.engine.dice import PositionalDice, SeededDice
from companion.engine.registry import games, get_game
from companion.games.dodgeball.labels import short_name
from companion.ui.model import pack_info
from companion.web import payloads


def build(game, engine, state, viewer, actions=(), secret=()):
    data = payloads.build(
        game, engine, state, viewer, seats_held={}, computers=set(), pack=payloads.pack_for(game, engine)
    )
    return json.dumps(data, sort_keys=True)


def positions(game_id: str, seed: int, options: dict | None = None, limit: int = 400):
    """(engine, state, actions, secret) at every position of a random game."""
    game = get_game(game_id)
    engine = game.load_engine()
    state = engine.new_state(Header(game_id, seed=seed, options=options or {}))
    dice, rng = PositionalDice(seed), random.Random(seed)
    actions, secret = [], set()
    for n in range(limit):
        if engine.is_over(state):
            break
        yield engine, state, actions, secret
        prompt = engine.prompt(state)
        if prompt.private or (prompt.chance is not None and prompt.chance.private):
            secret.add(n)
        if prompt.is_chance:
            action = dice.answer(prompt, n)
        else:
            action = rng.choice(list(prompt.options) if prompt.options else engine.legal_actions(state))
        engine.apply(state, action)
        actions.append(action)
    yield engine, state, actions, secret


def other_secrets_changed(game_id, engine, state, viewer):
    """A copy of the state where every seat but ``viewer`` holds other secrets."""
    twin = engine.from_json(engine.to_json(state))
    if game_id == "dodgeball":
        swap = {
            "+1": "+5",
            "+5": "+1",
            "+2": "DECEIVE",
            "DECEIVE": "+2",
            "+3": "SUPER",
            "SUPER": "+3",
            "+4": "CON",
            "CON": "+4",
        }
        for coach in twin.coaches:
            if coach.id != viewer:
                coach.hand = [swap.get(c, c) for c in coach.hand]
                coach.deck = list(reversed(coach.deck))
                coach.pick = swap.get(coach.pick, coach.pick)
                coach.rush = list(reversed(coach.rush))
                coach.extras = [e + "x" for e in coach.extras]
                coach.mascot = coach.mascot + "x" if coach.mascot else ""
                coach.coach = coach.coach + "x" if coach.coach else ""
    elif game_id == "dungeon-days":
        for seat in twin.seats:
            if seat.id != viewer:
                seat.hand = ["dragon" if c != "dragon" else "elf" for c in seat.hand]
        twin.deck = list(reversed(twin.deck))
    elif game_id == "dungeon-allies":
        names = sorted({t.monster for t in twin.tiles if t.monster} | set(twin.monster_pool))
        for tile in twin.tiles:
            if tile.monster and not tile.revealed and viewer not in tile.known:
                tile.monster = names[(names.index(tile.monster) + 1) % len(names)]
        twin.monster_pool = list(reversed(twin.monster_pool))
    elif game_id == "toy":
        for seat in twin.seats:
            if seat.id != viewer:
                seat.hand = [str(int(c) + 20) for c in seat.hand]
                seat.pick = (seat.pick + "7") if seat.pick else ""
    else:
        for player in twin.players:
            if player.id != viewer:
                player.hand = ["orc-smash" if c != "orc-smash" else "gob-swarm" for c in player.hand]
        play = twin.play
        if play is not None and play.defense_card and not play.revealed and twin.offense == viewer:
            play.defense_card = "blue-2" if play.defense_card != "blue-2" else "red-1"
    return twin


@pytest.mark.parametrize(
    "game_id, options",
    [
        ("toy", {"players": 3}),
        ("dungeon-ball", {"kicking": "luck"}),
        ("dodgeball", {}),
        ("dodgeball", {"mascots": True, "coach_cards": True, "counter_attack": True}),
        ("dungeon-days", {"players": 3}),
        ("dungeon-days", {"players": 6}),
        ("dungeon-allies", {"players": 3}),
    ],
)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])  # quick tier: one game
def test_another_seats_secrets_never_change_a_pages_payload(toy, game_id, options, seed):
    game = get_game(game_id)
    checked = 0
    for engine, state, actions, secret in positions(game_id, seed, options, limit=250):
        seats = engine.summary(state)["players"]
        for viewer in [*seats, None]:
            twin = other_secrets_changed(game_id, engine, state, viewer)
            if engine.to_json(twin) == engine.to_json(state):
                continue  # no secret held by anyone else here
            try:
                engine.prompt(twin)
            except (AssertionError, KeyError, ValueError, IndexError):
                continue  # that hand could not be at this point of the game (a card window)
            if engine.public_view(twin, viewer) != engine.public_view(state, viewer):
                continue  # the change was visible to this viewer (a revealed card): no claim
            assert build(game, engine, twin, viewer, actions, secret) == build(
                game, engine, state, viewer, actions, secret
            ), f"{game_id} seed {seed}: {viewer} sees a secret"
            checked += 1
    assert checked > 100  # the toy game, the least, has about 100 a seed


def test_a_seat_gets_its_own_hand_and_only_a_count_of_the_others(toy):
    game = get_game("toy")
    engine, state, actions, secret = next(p for p in positions("toy", 3) if p[1].seats[1].hand)
    p1 = json.loads(build(game, engine, state, "p1", actions, secret))
    hands = [b for b in p1["blocks"] if b["kind"] == "cards"]
    assert [b["title"] for b in hands] == ["Your hand"]
    assert [i["text"] for i in hands[0]["items"]] == state.seats[0].hand
    spectator = json.loads(build(game, engine, state, None, actions, secret))
    assert not [b for b in spectator["blocks"] if b["kind"] == "cards"]


def test_a_private_prompt_is_only_the_actors_and_a_private_draw_shows_no_faces(toy):
    game = get_game("toy")
    seen_private = seen_deal = False
    for engine, state, actions, secret in positions("toy", 5, limit=120):
        prompt = engine.prompt(state) if not engine.is_over(state) else None
        if prompt is None:
            break
        for viewer in ("p1", "p2", None):
            shown = json.loads(build(game, engine, state, viewer, actions, secret))["prompt"]
            if prompt.is_chance and prompt.chance.private:
                seen_deal = True
                assert set(shown) == {"actor", "mine", "text"} and "deals" in shown["text"]
            elif prompt.private and viewer != prompt.actor:
                seen_private = True
                assert shown == {
                    "actor": prompt.actor,
                    "mine": False,
                    "text": f"{prompt.actor.upper()} is choosing in secret",
                }
            elif prompt.private:
                assert shown["mine"] and [o["action"] for o in shown["options"]] == list(prompt.options or ())
    assert seen_private and seen_deal


def test_the_log_is_the_public_events_in_words_never_the_action_lines():
    assert payloads.event_words({"event": "bid", "seat": "p1", "coins": 2}) == "P1 bid: coins 2"
    assert payloads.event_words({"event": "defense_card", "player": "p2"}) == "P2 defense card"
    assert (
        payloads.event_words({"event": "lot", "round": 2, "crystals": ["red", "blue"]})
        == "lot: round 2, crystals red, blue"
    )
    assert payloads.event_words({"event": "x", "text": "Touchdown!"}) == "Touchdown!"


def test_a_face_down_defense_card_stays_off_the_offenses_page(tmp_path):
    """Dungeon Ball's defense pick is not a private prompt, and its action line names the card:
    the page's log says the event ("P2 lays a defense card face down"), never the line."""
    from companion.web.bridge import WebMessage
    from tests.web.rig import Device

    device = Device(tmp_path, "dungeon-ball", {"kicking": "luck"}, seed=3)
    bridge, app, session = device.web.bridge, device.app, device.session
    said: dict[int, list[str]] = {1: [], 2: []}
    bridge.attach(lambda conn, data: said[conn].append(data.decode()))
    rng = random.Random(4)
    while session.prompt().kind != "defense_card":
        p = session.prompt()
        app.act(
            rng.choice(p.options) if p.options else rng.choice(session.engine.legal_actions(session.state))
        )
    defense = session.prompt().actor
    offense = "p1" if defense == "p2" else "p2"
    for conn, seat in ((1, defense), (2, offense)):
        bridge.handle(app, WebMessage(conn, {"t": "open"}))
        bridge.handle(app, WebMessage(conn, {"t": "claim", "seat": seat, "code": bridge.seating.codes[seat]}))
    card = session.prompt().options[0]
    bridge.handle(app, WebMessage(1, {"t": "act", "action": card}))
    bridge.publish(app)
    assert session.actions[-1] == card
    last = json.loads(said[2][-1])
    assert f"{defense.upper()} lays a defense card face down" in last["log"]
    assert card.split()[-1] not in "".join(said[2]), "the offense's page learned the defense card"
    device.journal.close()


# the block kinds a game's own script beside app.js draws (``window.pageDraw``)
GAME_BLOCKS = {
    kind
    for js in (Path(payloads.__file__).parent / "static").glob("*.js")
    if js.name != "app.js"
    for kind in re.findall(r"pageDraw[^;]*\{\s*(\w+)\s*:", js.read_text())
}


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_every_registered_game_has_a_page_as_each_seat_and_as_a_spectator(game_id):
    game = get_game(game_id)
    count = 0
    for engine, state, actions, secret in positions(game_id, 7, limit=150):
        for viewer in [*engine.summary(state)["players"], None]:
            data = json.loads(build(game, engine, state, viewer, actions, secret))
            assert data["blocks"] and all(
                b["kind"] in ("facts", "cards", "rows", "track", "grid", "dice", "tree", *GAME_BLOCKS)
                for b in data["blocks"]
            )
            prompt = data["prompt"]
            if prompt and prompt["mine"]:  # the page can answer every prompt of its seat
                choice = prompt["choice"]
                assert prompt["options"] or {"number", "multi", "words", "free"} & set(choice), prompt
            count += 1
    assert count > 10


def test_dungeon_balls_dice_prompts_are_drawn_as_a_choice_of_dice_on_the_page():
    from companion.games.dungeon_ball.page import page_prompt

    keep = page_prompt({"choice": {"dice": ["ball", "time", "cleat"], "rerollable": [1, 3]}})
    assert keep == {
        "multi": {
            "items": ["1", "3"],
            "labels": ["die 1: ball", "die 3: cleat"],
            "min": 0,
            "max": 2,
            "verb": "reroll",
            "none": "stop",
            "none_label": "keep these dice",
        }
    }
    pick = page_prompt({"choice": {"dice": ["ball", "time"], "eligible": [1], "min": 1, "max": 1}})
    assert pick["multi"]["verb"] == "pick" and pick["multi"]["items"] == ["1"]
    assert page_prompt({"choice": {}}) is None


def test_dungeon_balls_card_buttons_say_what_each_card_costs_and_does():
    """A card window on the phone: each card's button says its cost and its text under its name
    (the hand with the texts is far down the page, and a tap spends the momentum); the name
    stays the device's words."""
    game = get_game("dungeon-ball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    actions = ["p2 card orc-crunch", "p2 big-hit push", "p2 pass"]
    prompt = {"mine": True, "options": [{"action": a} for a in actions]}
    payloads.mark_options(game, prompt, pack, {})
    crunch, push, passing = prompt["options"]
    assert crunch["label"] == "play Crunch"
    assert crunch["note"] == f"2 momentum: {engine.pack.cards['orc-crunch'].text}"
    assert push["label"] == "Big Hit: push" and push["note"].startswith("2 momentum: Push the ball back")
    assert passing["label"] == "Pass" and "note" not in passing


def test_a_prompt_with_too_many_actions_for_buttons_is_typed():
    from companion.engine.core import Prompt

    shown = payloads.prompt_for(
        Prompt("p1", "odd", "say it"), "p1", set(), legal=lambda: [f"p1 x {i}" for i in range(99)]
    )
    assert shown["options"] == [] and shown["choice"] == {"free": True}
    shown = payloads.prompt_for(Prompt("p1", "odd", "say it"), "p1", set(), legal=lambda: ["p1 a", "p1 b"])
    assert [o["label"] for o in shown["options"]] == ["a", "b"]


def test_dungeon_ball_page_shows_its_board_field_dice_momentum_and_time():
    game = get_game("dungeon-ball")
    engine, state, actions, secret = list(positions("dungeon-ball", 3, {"kicking": "luck"}, limit=60))[-1]
    data = json.loads(build(game, engine, state, "p1", actions, secret))
    titles = [b["title"] for b in data["blocks"]]
    assert titles[0] == "Scoreboard" and titles[1].startswith("Time: ") and titles[2].startswith("Field: ")
    assert (
        any(t.startswith("Dice") for t in titles) and "P1 play board" in titles and "P2 play board" in titles
    )
    assert any(t.startswith("P1 momentum") for t in titles)
    field = data["blocks"][2]
    assert len(field["cells"]) == len(pack_info(engine)["field"])
    assert field["marks"] == [{"at": state.ball, "text": "", "cls": "ball"}]
    board = next(b for b in data["blocks"] if b["title"] == "P1 play board")
    pawn = [c["text"] for row in board["rows"] for c in row if c["mark"]]
    assert pawn == [state.players[0].pawn]


def _events_of_a_game(game_id: str, seed: int, options: dict, limit: int = 300):
    """(engine, state after, events) for each action of a random game."""
    game = get_game(game_id)
    engine = game.load_engine()
    state = engine.new_state(Header(game_id, seed=seed, options=options))
    dice, rng = PositionalDice(seed), random.Random(seed)
    for n in range(limit):
        if engine.is_over(state):
            return
        prompt = engine.prompt(state)
        action = (
            dice.answer(prompt, n)
            if prompt.is_chance
            else rng.choice(list(prompt.options) if prompt.options else engine.legal_actions(state))
        )
        yield engine, state, engine.apply(state, action)


@pytest.mark.slow  # every page of whole games: 2.5 s
def test_dungeon_allies_face_down_monsters_reach_only_the_seat_that_looked_never_the_log():
    game = get_game("dungeon-allies")
    looked = face_down = 0
    for seed in (1, 2, 3):
        for engine, state, events in _events_of_a_game("dungeon-allies", seed, {"players": 3}):
            shown = {t.monster for t in state.tiles if t.revealed} | {
                m for s in state.seats for m in s.monsters
            }
            hidden = {t.monster for t in state.tiles if t.monster and not t.revealed} - shown
            pack = payloads.pack_for(game, engine)
            words = " ".join(
                payloads.event_words(e) + " " + payloads.log_line(game, e, pack)
                for e in events
                if isinstance(e, dict)
            ).lower()
            for monster in hidden:
                assert not re.search(rf"\b{monster}\b|\b{pack['monsters'][monster].lower()}\b", words), (
                    seed,
                    words,
                )
            for viewer in [*engine.summary(state)["players"], None]:
                data = build(game, engine, state, viewer)
                board = next(b for b in json.loads(data)["blocks"] if b["kind"] == "allies_board")
                items = {sp["id"]: sp for area in board["areas"] for sp in area["spaces"]}
                for tile in state.tiles:
                    if tile.removed or tile.revealed or not tile.monster:
                        continue
                    face_down += 1
                    name = pack["monsters"][tile.monster]
                    if viewer in tile.known:
                        looked += 1
                        assert items[tile.square]["monster"] == name and items[tile.square]["seen"]
                    else:
                        assert items[tile.square]["monster"] == ""
                        assert (
                            "face down" in items[tile.square]["says"]
                            or " fights here" in items[tile.square]["says"]
                        )
                        if tile.monster in hidden:
                            assert not re.search(rf"\b{tile.monster}\b|\b{name}\b", data), (
                                seed,
                                viewer,
                                tile.square,
                            )
    assert looked > 0 and face_down > 100


def test_dungeonbowl_closed_chests_and_hidden_traps_are_only_closed_and_hidden_on_every_page():
    game = get_game("dungeonbowl")
    closed = 0
    for engine, state, _events in _events_of_a_game("dungeonbowl", 4, {}):
        pages = {viewer: json.loads(build(game, engine, state, viewer)) for viewer in ("p1", "p2", None)}
        for _viewer, data in pages.items():
            block = next(b for b in data["blocks"] if b["title"] == "Chests and traps")
            chests = {i["text"]: i["sub"] for i in block["rows"][0]["items"]}
            traps = {i["text"]: i["sub"] for i in block["rows"][1]["items"]}
            for chest in state.chests:
                if chest.state == "closed":
                    closed += 1
                    assert chests[str(chest.no)] == "closed"
            for trap in state.traps:
                if not trap.face:
                    assert traps[str(trap.no)] == f"{trap.owner.upper()}: hidden"
        # nothing about the table differs between the coaches and a watcher: the dungeon keeps no secret
        strip = [
            json.dumps(d["blocks"]).replace(" (you)", "").replace(', "you": true', ', "you": false')
            for d in pages.values()
        ]
        assert strip[0] == strip[1] == strip[2]
    assert closed > 50


@pytest.mark.parametrize(
    "game_id, options",
    [
        ("dodgeball", {}),
        ("dungeon-days", {"players": 4}),
        ("dungeon-allies", {"players": 4}),
        ("dungeonbowl", {}),
    ],
)
def test_a_prompts_options_and_names_go_to_its_actors_page_only(game_id, options):
    game = get_game(game_id)
    mine = 0
    for engine, state, _actions, _secret in positions(game_id, 5, options, limit=120):
        prompt = None if engine.is_over(state) else engine.prompt(state)
        for viewer in [*engine.summary(state)["players"], None]:
            shown = json.loads(build(game, engine, state, viewer))["prompt"]
            if prompt is None:
                assert shown is None
            elif prompt.is_chance or viewer != prompt.actor:
                assert set(shown) == {"actor", "mine", "text"} and not shown["mine"], shown
                for option in prompt.options or ():
                    assert option not in json.dumps(shown)
            else:
                mine += 1
                assert shown["mine"] and {o["action"] for o in shown["options"]} <= set(
                    engine.legal_actions(state)
                )
    assert mine > 20


def test_dungeon_balls_log_says_its_events_in_the_devices_words():
    """The phones' log of a Dungeon Ball game read "reveal: card yellow-1, colour yellow,
    matched yes, dice 4" and "window closed: kind whistle"; it now says what the device's
    result screen says, and momentum, cards and rolls in words."""
    game = get_game("dungeon-ball")
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    state = engine.new_state(Header("dungeon-ball", seed=4, options={"kicking": "luck"}))
    dice, rng, lines = SeededDice(4), random.Random(4), []
    while len(lines) < 150 and not engine.is_over(state):
        p = engine.prompt(state)
        action = dice.answer(p) if p.is_chance else rng.choice(p.options or engine.legal_actions(state))
        lines += [payloads.log_line(game, e, pack) for e in engine.apply(state, action)]
    said = "\n".join(lines)
    for words in (
        "gains 1 momentum (a new drive)",
        "Ball +",
        "Clock 29 -> ",
        "rolled ",
        "picks a ",
        "Defense ",
    ):
        assert words in said, words
    for raw in (
        "reveal:",
        "matched",
        "window closed",
        "momentum: gain",
        "source ",
        "choice ",
        "kind ",
        "team ",
    ):
        assert raw not in said, raw


def test_the_log_says_each_games_events_by_the_names_on_the_table():
    dodge, days = get_game("dodgeball"), get_game("dungeon-days")
    dodge_pack = payloads.pack_for(dodge, dodge.load_engine())
    days_pack = payloads.pack_for(days, days.load_engine())
    assert (
        payloads.log_line(
            dodge,
            {"event": "throw", "seat": "p2", "thrower": "juno", "target": "gus", "supporters": []},
            dodge_pack,
        )
        == "P2: Juno throws at Gus"
    )  # short names
    outcome = {
        "event": "outcome",
        "thrower": "juno",
        "target": "gus",
        "action": "catch",
        "thrower_power": 8,
        "target_power": 7,
        "result": "hit",
        "out": ["gus"],
        "text": "THR 4+4=8 vs CTH 3+4=7: gus out",
    }
    assert payloads.log_line(dodge, outcome, dodge_pack) == "Juno at Gus (catch): 8 vs 7, hit; out: Gus"
    turn = {
        "event": "turn",
        "seat": "p2",
        "turn": 1,
        "must_throw": True,
        "text": "turn 1: P2 to play\n P1 moles off",
    }
    assert payloads.log_line(dodge, turn, dodge_pack) == "Turn 1: P2 to play, a throw is compulsory"
    assert payloads.event_words(turn) == "turn 1: P2 to play"  # a told text's first line
    assert (
        payloads.log_line(
            days, {"event": "play", "seat": "p2", "card": "terror", "board": "p1", "day": "mon"}, days_pack
        )
        == "P2 played Terror on P1's Monday"
    )
    assert payloads.log_line(days, {"event": "reshuffled", "seat": "p1"}, days_pack) == "P1 reshuffled"


def _page(game_id: str, options: dict, moves: int, viewer):
    game = get_game(game_id)
    engine, state, actions, secret = list(positions(game_id, 3, options, limit=moves))[-1]
    return engine, state, json.loads(build(game, engine, state, viewer))["blocks"]


def test_dodgeballs_court_has_every_player_by_name_in_their_zone_with_the_balls():
    engine, state, blocks = _page("dodgeball", {}, 60, "p2")
    court = next(b for b in blocks if b["kind"] == "rows")
    assert [r["label"] for r in court["rows"]][:4] == ["P1 defence", "P1 offence", "P2 offence", "P2 defence"]
    names = {p.id: short_name(p) for p in engine.pack.players}  # one short name everywhere
    for coach in state.coaches:
        for zone, word in (("off", "offence"), ("def", "defence")):
            row = next(r for r in court["rows"] if r["label"] == f"{coach.id.upper()} {word}")
            assert [i["text"] for i in row["items"]] == [
                names[p] for p in coach.players if coach.zone.get(p) == zone
            ]
            assert [i["sub"].count("\u25cf") for i in row["items"]] == [
                coach.balls.get(p, 0) for p in coach.players if coach.zone.get(p) == zone
            ]
    hand = next(b for b in blocks if b["title"] == "Your hand")
    assert [i["text"] for i in hand["items"]][: len(state.coaches[1].hand)] == state.coaches[1].hand
    assert all(i["sub"] for i in hand["items"])


def test_dungeon_days_page_has_every_board_as_seven_days_and_the_viewers_hand_by_name():
    engine, state, blocks = _page("dungeon-days", {"players": 4}, 60, "p3")
    boards = [b for b in blocks if b["kind"] == "grid"]
    assert [b["title"].split(":")[0] for b in boards] == ["P3 (you)", "P1", "P2", "P4"]
    for b in boards:
        seat = state.seat(b["title"][:2].lower())
        assert [c["text"] for c in b["rows"][0]] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        assert [c["text"] for c in b["rows"][1]] == [
            "\n".join(engine.pack.code(c) for c in pile) or "-" for pile in seat.board
        ]
    hand = next(b for b in blocks if b["title"] == "Your hand")
    assert [i["text"].split(" (")[0] for i in hand["items"]] == [
        c.capitalize() for c in state.seat("p3").hand
    ]


def test_dungeon_allies_page_has_each_players_purse_and_dice_and_bowls_the_dugouts():
    engine, state, blocks = _page("dungeon-allies", {"players": 3}, 80, None)
    for seat in state.seats:
        block = next(b for b in blocks if b["title"].startswith(seat.id.upper()))
        purse = block["rows"][0]["items"]
        assert purse[0]["text"] == f"{seat.gold} gold" and [i["text"] for i in purse[1:]] == [
            str(seat.crystals[c]) for c in ("red", "blue", "yellow", "green", "white") if c in seat.crystals
        ]
        assert [i["sub"].split()[0] for i in block["rows"][2]["items"]] == [a.die for a in seat.allies]
    engine, state, blocks = _page("dungeonbowl", {}, 60, "p1")
    for team in state.teams:
        dug = next(b for b in blocks if b["title"].startswith(f"{team.seat.upper()} dug-out"))
        assert [r["label"] for r in dug["rows"]][:4] == ["dungeon", "reserves", "KO", "casualties"]
