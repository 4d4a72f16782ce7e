"""The parts of Dungeon Ball's engine kept quick for simulation (prompts made once and kept,
a hand's cards sorted once, the roll's part of the view) say what the rules and the full view
say, in every position of seeded random games."""

from copy import deepcopy

import pytest

from companion.engine.core import Header, Prompt
from companion.engine.dice import SeededDice
from companion.engine.runner import RandomPolicy as UniformPolicy
from companion.engine.steps import QUIET
from companion.games.dungeon_ball import flow, rolls
from companion.games.dungeon_ball.engine import VIEW_KEYS
from companion.games.dungeon_ball.policies import RandomPolicy
from companion.games.dungeon_ball.state import Play
from tests.games.dungeon_ball_table import engine

SEEDS = range(1, 7)


def positions(seed: int, solo: bool = False):
    """Every (state, prompt, action) of a seeded random two-player game (``solo``: against the
    solo AI), before its action is taken; kicking by luck for one seat and by skill for the
    other, so both kicks come up."""
    g = engine()
    options = {"kicking": {"p1": "luck", "p2": "skill"}}
    if solo:
        options = {"solo": {"level": "III"}, "teams": {"p1": "orcs"}, "kicking": {"p1": "luck"}}
    s = g.new_state(Header("dungeon-ball", seed=seed, options=options))
    players = {seat: RandomPolicy(seed * 7 + i) for i, seat in enumerate(("p1", "p2"))}
    dice = SeededDice(seed)
    p = g.prompt(s)
    while p is not None:
        if p.is_chance:
            action = dice.answer(p)
        else:
            action = players[p.actor](g, g.public_view(s, p.actor), p)
        yield s, p, action
        p = g.apply_trusted(s, action, p)[1]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_window_offers_exactly_the_cards_the_rules_allow(seed):
    g = engine()
    windows = 0
    for s, p, _ in positions(seed):
        if not p.kind.endswith("_window"):
            continue
        windows += 1
        window = p.kind.removesuffix("_window")
        hand = s.player(p.actor).hand
        allowed = {cid for cid in hand if g.abilities.why_not(s, p.actor, cid, window) is None}
        offered = {o.split()[2] for o in p.options if o.split()[1] == "card"}
        assert offered == allowed, (seed, p.actor, window, hand, p.options)
    assert windows > 10


@pytest.mark.parametrize("seed", SEEDS)
def test_the_huddle_offers_what_huddle_options_lists(seed):
    g = engine()
    huddles = 0
    for s, _, _ in positions(seed):
        if s.step != "huddle" or len(s.frames) > 1:
            continue
        huddles += 1
        listed = tuple(flow.huddle_options(g, s))
        asked = flow.huddle_prompt(g, s)
        if len(listed) == 1:
            assert asked is None
        else:
            assert asked.options == listed and asked.actor == s.offense, (seed, s.down, s.ball)
            assert asked.text.startswith(
                f"{s.offense}, " + ("final play" if s.final_play else f"down {s.down}")
            )
    assert huddles > 10


@pytest.mark.parametrize("seed", SEEDS)
def test_the_roll_and_need_parts_of_the_view_say_what_the_whole_view_says(seed):
    """``roll`` is the play's kind, colour and dice; ``need``, what the random player reads to
    choose dice, the ball for a Hail Mary or an onside kick and the colour's icon otherwise.
    Handed the whole view instead, the random player chooses the same dice."""
    g = engine()
    rolls = 0
    for s, p, _ in positions(seed):
        if p.kind not in ("keep", "pick"):
            continue
        rolls += 1
        whole = g.public_view(s, p.actor)
        play = whole["play"]
        part = g.public_view(s, p.actor, ("roll",))
        assert part == {"roll": {key: play[key] for key in ("kind", "colour", "dice")}}
        assert "roll" not in whole and "need" not in whole and set(whole) == set(VIEW_KEYS)
        if play["kind"] in ("hail_mary", "onside"):
            wanted = "ball"
        else:
            wanted = g.pack.requirements[play["colour"]].icon
        assert g.public_view(s, p.actor, ("need",)) == {"need": wanted}
        # a copy of the prompt each: the player shuffles a pick's list of dice in place
        chosen = RandomPolicy(seed)(g, g.public_view(s, p.actor, RandomPolicy.READS[p.kind]), deepcopy(p))
        assert RandomPolicy(seed)(g, whole, deepcopy(p)) == chosen
    assert rolls > 10


def test_the_need_part_is_empty_before_a_play_and_before_its_colour():
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=1))
    assert g.public_view(s, "p1", ("need",)) == {"need": None}
    s.play = Play(kind="play")
    assert g.public_view(s, "p1", ("need",)) == {"need": None}
    s.play = Play(kind="onside")
    assert g.public_view(s, "p1", ("need",)) == {"need": "ball"}


@pytest.mark.parametrize(("seed", "solo"), [(seed, False) for seed in SEEDS] + [(1, True), (2, True)])
def test_a_prompt_an_act_hands_back_is_the_one_settle_would_ask(seed, solo):
    """An act that hands back the next prompt (the fast path then skips settle) hands back what
    settle asks next, and settle would have run nothing before asking it: a main-line act, or
    the act of a card window's or a dice frame's (abilities.py's ``<step>_act``)."""
    g = engine()
    handed = picks = 0
    for s, _, action in positions(seed, solo):
        after = g.from_json(g.to_json(s))
        top = after.frames[-1]
        if len(after.frames) > 1:
            got = getattr(g.abilities, f"{top.step}_act")(after, top.data, action.split(), QUIET)
            picks += top.step == "pick" and got is not None
        else:
            got = g.machine.steps[after.step]._act(g, after, action.split(), QUIET)
        if got is None:
            continue
        handed += 1
        acted = g.to_json(after)
        assert g.machine.settle(g, after, []) == got, (seed, action)
        assert g.to_json(after) == acted, (seed, action)  # settle ran nothing first
    assert handed > 10 and (solo or picks > 0)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_kept_reroll_prompt_names_its_source_and_count(seed):
    """A card's or Juke's reroll prompt, made once per source and count, asks for exactly the
    dice picked, by the card that picked them."""
    rerolls = 0
    for s, p, _ in positions(seed):
        if s.frames[-1].step != "effect_roll":
            continue
        rerolls += 1
        n = len(s.play.pending)
        assert p.text == f"{s.frames[-1].data['source']}: reroll {n} offense dice", seed
        assert p.chance.count == n and p.kind == "roll", seed
    assert rerolls > 5


@pytest.mark.parametrize("seed", SEEDS)
def test_a_first_roll_hands_back_the_keep_prompt_even_with_a_die_gone(seed):
    """A play's first roll finds the rerollable dice while it sets the time dice aside; with a
    die already gone (no rule does it today, the pool allows it) it still asks what
    ``keep_prompt`` asks, the gone die left out."""
    g = engine()
    first = 0
    for s, p, action in positions(seed):
        if p.kind != "roll" or s.frames[-1].step != "roll" or s.play.rolls or s.play.kind != "play":
            continue
        for gone in (None, 0):
            after = g.from_json(g.to_json(s))
            if gone is not None:
                after.play.gone[gone] = True
            got = flow.roll_act(g, after, action.split(), QUIET)
            if got is None or got.kind != "keep":  # the roll ended: nothing left to reroll
                continue
            first += 1
            assert got == flow.keep_prompt(g, after), (seed, action, gone)
            assert gone is None or 1 not in got.choice["rerollable"], (seed, action)
            # the prompt's lists are its own: a player may change them (a pick shuffles its own)
            assert got.choice["dice"] is not after.play.dice
            assert got.choice["rerollable"] is not rolls.POSITIONS
    assert first > 10
    assert rolls.POSITIONS == list(range(1, len(rolls.POSITIONS) + 1))


def _pair_agrees(g, play) -> int:
    """Checks icon_pair against two icon_total counts for every requirement icon, and icon_count
    against icon_total for every icon; how many pairs it checked."""
    checked = 0
    for icon in g.pair_tables:
        pair = rolls.icon_pair(play, icon, "time", g.pair_tables[icon])
        alone = (
            rolls.icon_total(play, icon, g.icon_tables[icon]),
            rolls.icon_total(play, "time", g.icon_tables["time"]),
        )
        assert pair == alone, (icon, play)
        checked += 1
    for icon, faces in g.icon_faces.items():
        assert rolls.icon_count(play, icon, faces) == rolls.icon_total(play, icon, g.icon_tables[icon]), (
            icon,
            play,
        )
    return checked


@pytest.mark.parametrize("seed", SEEDS)
def test_the_one_pass_count_of_a_play_and_its_clock_is_two_icon_totals(seed):
    g = engine()
    checked = 0
    for s, _p, _action in positions(seed):
        play = s.play
        if play is not None and play.dice and "" not in play.dice:
            checked += _pair_agrees(g, play)
    assert checked > 50


def test_the_one_pass_count_takes_gone_dice_and_cards_adding_and_removing_icons():
    g = engine()
    faces = sorted(g.face_icons)
    time_face = next(f for f in faces if "time" in g.face_icons[f])
    plays = []
    for need in g.pair_tables:
        with_need = next(f for f in faces if need in g.face_icons[f])
        dice = [with_need, time_face, with_need, time_face, faces[0]]
        plays += [
            Play(kind="play", dice=list(dice), gone=[False] * 5),
            Play(kind="play", dice=list(dice), gone=[True, False, False, True, False]),
            Play(kind="play", dice=list(dice), gone=[False] * 5, added={need: 2, "time": 1, "lightning": 1}),
            Play(
                kind="play", dice=list(dice), gone=[False] * 5, removed={need: 1, "time": 9, "lightning": 1}
            ),
            Play(kind="play", dice=list(dice), gone=[False, True, False, False, False], removed={need: 9}),
        ]
    assert sum(_pair_agrees(g, play) for play in plays) == len(plays) * len(g.pair_tables)
    # a pool showing the requirement icon and time counts both, apart
    need = next(iter(g.pair_tables))
    with_need = next(f for f in faces if need in g.face_icons[f] and "time" not in g.face_icons[f])
    play = Play(kind="play", dice=[with_need, time_face], gone=[False, False])
    assert rolls.icon_pair(play, need, "time", g.pair_tables[need]) == (
        g.icon_tables[need][with_need] + g.icon_tables[need][time_face],
        g.icon_tables["time"][time_face],
    )


def test_the_face_by_face_count_weighs_a_face_showing_an_icon_twice():
    # a pack may give a face two of an icon; the default pack has none, so a table of its own
    per_face = {"double": 2, "single": 1, "blank": 0}
    faces = (("double", 2), ("single", 1))
    for gone in ([False] * 4, [False, True, False, False]):
        play = Play(kind="play", dice=["double", "double", "single", "blank"], gone=gone)
        assert rolls.icon_count(play, "bolt", faces) == rolls.icon_total(play, "bolt", per_face)
    assert (
        rolls.icon_count(Play(kind="play", dice=["double", "single"], gone=[False, False]), "bolt", faces)
        == 3
    )


def test_a_whistle_window_opens_exactly_when_a_seat_may_play_a_whistle_card():
    """The whistle window closes at once, without asking the seats, when no seat holds a
    whistle card of its own side; it opens exactly when ``why_not`` allows some seat a card, and
    a window closed with a whistle card held (of the other side) says so in its events."""
    g = engine()
    opened = closed_held = 0
    for seed in SEEDS:
        for s, _, _ in positions(seed):
            if not s.offense or len(s.frames) > 1:
                continue
            after = g.from_json(g.to_json(s))
            events: list[dict] = []
            asked = g.abilities.open_window(after, "whistle", events)
            g.abilities._ready = None  # this copy's window is not the game's
            may = any(
                g.abilities.why_not(after, pid, cid, "whistle") is None
                for pid in ("p1", "p2")
                for cid in after.player(pid).hand
            )
            assert (asked is not None) == may, (seed, [p.hand for p in after.players], after.offense)
            opened += asked is not None
            held = any(cid in g.abilities.whistles for p in after.players for cid in p.hand)
            if asked is None:
                assert events == ([{"event": "window_closed", "kind": "whistle"}] if held else []), seed
                closed_held += held
    assert opened > 10 and closed_held > 100


@pytest.mark.parametrize("seed", SEEDS)
def test_any_rerollable_says_whether_rerollable_finds_a_die(seed):
    g = engine()
    agree = [
        rolls.any_rerollable(s.play) == bool(rolls.rerollable(s.play))
        for s, _, _ in positions(seed)
        if s.play is not None and s.play.dice
    ]
    assert len(agree) > 50 and all(agree)
    faces = sorted(g.face_icons)
    for locked, gone in [
        ([False, True, False], [False, False, False]),
        ([True, True, True], [False, False, False]),
        ([True, False, True], [False, True, False]),
        ([True, False, True], [False, False, True]),
    ]:
        play = Play(kind="play", dice=faces[:3], locked=locked, gone=gone)
        assert rolls.any_rerollable(play) == bool(rolls.rerollable(play)), (locked, gone)


def test_a_die_position_written_another_way_picks_the_same_die():
    """Positions are turned into dice by a table; a position the check lets through written
    another way ("01" for die 1) still names that die, as it always did."""
    g = engine()
    for seed in SEEDS:
        keeps = (
            (s, p) for s, p, _ in positions(seed) if p.kind == "keep" and len(p.choice["rerollable"]) >= 2
        )
        s, p = next(keeps, (None, None))
        if s is None:
            continue
        first, second = p.choice["rerollable"][:2]
        plain, padded = g.from_json(g.to_json(s)), g.from_json(g.to_json(s))
        asked = g.apply_and_prompt(plain, f"{p.actor} reroll {first} {second}")[1]
        assert g.apply_and_prompt(padded, f"{p.actor} reroll 0{first} {second}")[1] == asked
        assert g.to_json(padded) == g.to_json(plain) and plain.play.pending == [first - 1, second - 1]
        return
    raise AssertionError("no keep with two dice to reroll in the seeded games")


def test_a_new_pool_is_unrolled_dice_all_pending_in_lists_of_the_plays_own():
    fresh, other = Play(kind="play"), Play(kind="play")
    rolled = Play(
        kind="play", dice=["ball"] * 2, locked=[True, False], gone=[False, True], pending=[1], rolls=2
    )
    for play in (fresh, rolled):
        rolls.new_pool(play, 3)
        assert (play.dice, play.locked, play.gone, play.pending, play.rolls) == (
            ["", "", ""],
            [False] * 3,
            [False] * 3,
            [0, 1, 2],
            0,
        )
    assert other.dice == other.locked == other.gone == other.pending == []  # nothing shared


@pytest.mark.parametrize(
    ("dice", "most", "picked"), [("hmm", 1, 1), ("hmm", 3, 2), ("hhh", 2, 2), ("hhh", 3, 3)]
)
def test_the_random_player_rerolls_the_dice_missing_the_plays_icon_at_most_as_many_as_asked(
    dice, most, picked
):
    """Picking dice to reroll, it picks those missing the play's icon (all of them when none
    does), as many as the prompt allows at most."""
    g = engine()
    need = g.pack.requirements["yellow"].icon
    hit = next(face for face, n in g.icon_tables[need].items() if n)
    miss = next(face for face, n in g.icon_tables[need].items() if not n)
    faces = [hit if letter == "h" else miss for letter in dice]
    prompt = Prompt(
        "p1",
        "pick",
        "p1: a card: choose dice to reroll",
        choice={"dice": faces, "eligible": [1, 2, 3], "min": 1, "max": most, "purpose": "reroll"},
    )
    view = {"need": need}
    action = RandomPolicy(3)(g, view, prompt).split()
    assert action[:2] == ["p1", "pick"] and len(action) - 2 == picked
    assert all(faces[int(i) - 1] == miss for i in action[2:]) or "m" not in dice


def test_a_big_hit_may_push_exactly_when_the_push_would_move_the_ball():
    """``can_move_back`` (its end zone found inline) agrees with Field.move_back by one space,
    for every space and both directions of attack."""
    g = engine()
    s = g.new_state(Header("dungeon-ball", seed=1))
    s.offense = "p1"
    pushes = set()
    for zone in ("low", "high"):
        s.players[0].end_zone = zone
        attacking = g.attacking(s)
        for ball in range(g.field.n):
            s.ball = ball
            can = g.abilities.can_move_back(s)
            assert can == (g.field.move_back(ball, 1, attacking) != ball), (zone, ball)
            pushes.add(can)
    assert pushes == {True, False}


@pytest.mark.parametrize("seed", SEEDS)
def test_a_pick_shows_the_dice_in_a_list_of_its_own(seed):
    """The random player shuffles a pick's lists: the prompt's dice are a copy of the play's."""
    picks = 0
    for s, p, _ in positions(seed):
        if p.kind == "pick":
            picks += 1
            assert p.choice["dice"] == s.play.dice and p.choice["dice"] is not s.play.dice
    assert picks > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_kept_pawn_or_defense_card_prompt_is_the_one_for_its_seat_and_cell(seed):
    """The pawn and defense card prompts, kept by seat (and cell), ask the seat whose turn it
    is for the moves from where its pawn stands."""
    g = engine()
    seen = set()
    for s, p, _ in positions(seed):
        if p.kind == "pawn" and not s.mods.free_pawn:
            o = s.offense
            moves = g.move_options(o, s.player(o).pawn)
            assert p == Prompt(o, "pawn", f"{o}: move your pawn to select a play", moves)
        elif p.kind == "defense_card":
            d = s.defense
            text = f"{d}: choose a defense card, face down"
            assert p == Prompt(d, "defense_card", text, g.defense_options(d), private=True)
        else:
            continue
        seen.add((p.kind, p.actor))
    assert len(seen) == 4


@pytest.mark.parametrize("seed", SEEDS)
def test_the_random_player_chooses_among_options_as_the_uniform_player_does(seed):
    """Where taste decides (a card window, the pawn, the defense card), the random player's
    choice is the uniform player's from the same stream of numbers."""
    g = engine()
    mine, uniform = RandomPolicy(seed), UniformPolicy(seed + 1)
    asked = 0
    for _, p, _ in positions(seed):
        if p.options is None or p.kind in RandomPolicy.OWN_KINDS:
            continue
        asked += 1
        assert mine(g, {}, p) == uniform(g, {}, p), (seed, p.kind)
    assert asked > 50
