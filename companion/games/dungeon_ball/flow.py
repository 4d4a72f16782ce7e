"""The main line of a Dungeon Ball game: setup, drives, downs, kicks, scores, halves, overtime.

Each step has a prompt (who decides what, or ``None`` when the step runs by itself) and an act.
An act whose next step asks at once (nothing runs by itself in between) hands that prompt back,
so the fast path skips settle; it returns None otherwise, and the checked path ignores it.
Nested interruptions (card windows, picking dice, effect rolls) live on the state's stack and
are handled in abilities.py. Rule names in errors quote the rulebook's section titles.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from companion.engine.core import ChanceSpec, Prompt
from companion.engine.steps import QUIET, Frame
from companion.games.dungeon_ball import rolls, solo
from companion.games.dungeon_ball.state import DownMods, GameState, Play, other

if TYPE_CHECKING:
    from companion.games.dungeon_ball.engine import DungeonBall

Events = list[dict]


def _opts(*lines: str) -> tuple[str, ...]:
    return tuple(lines)


# --------------------------------------------------------------------------- setup


def team_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    pid = next(p.id for p in s.players if not p.team)
    taken = {p.team for p in s.players if p.team}
    opts = tuple(f"{pid} team {t.id}" for t in g.pack.teams if t.id not in taken)
    return Prompt(pid, "team", f"{pid}: choose your team of ability cards", opts)


def team_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    set_team(g, s, w[0], w[2], ev)
    if s.solo:
        s.step = solo.after_teams(s)
    elif all(p.team for p in s.players):
        s.step = "call_coin"


def set_team(g: DungeonBall, s: GameState, pid: str, team_id: str, ev: Events) -> None:
    p = s.player(pid)
    p.team = team_id
    p.hand = [card.id for card in g.pack.teams_by_id[team_id].cards]
    if ev is not QUIET:
        ev.append({"event": "team", "player": pid, "team": team_id})


def call_coin_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    text = (
        "p1 (the younger player) calls the coin toss" if not s.overtime else "p1 calls the overtime coin toss"
    )
    return Prompt("p1", "call_coin", text, _opts("p1 call heads", "p1 call tails"))


def call_coin_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    s.coin_call = w[2]
    s.step = "coin"


COIN = ChanceSpec("coin", ("heads", "tails"), 1, die="coin")


def coin_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    return Prompt("chance", "coin", "flip the coin", chance=COIN)


def coin_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    winner = "p1" if w[2] == s.coin_call else "p2"
    if ev is not QUIET:
        ev.append({"event": "coin", "shows": w[2], "winner": winner})
    if s.overtime:
        # [Overtime] the coin decides who gets the ball first.
        s.ot_first = winner
        s.ot_drives = 0
        new_drive(g, s, winner, g.field.start[s.player(winner).end_zone], ev)
        return
    s.scorer = winner  # remembered only until the winner elects
    s.step = "elect"


def elect_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    pid = s.scorer
    return Prompt(
        pid,
        "elect",
        f"{pid} won the toss: start on offense or defense?",
        _opts(f"{pid} start offense", f"{pid} start defense"),
    )


def elect_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """The solo AI, winning the toss, starts on offense."""
    elect_act(g, s, [s.scorer, "start", "offense"], ev)


def elect_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    pid = w[0]
    s.started_on_defense = other(pid) if w[2] == "offense" else pid
    s.scorer = ""
    if ev is not QUIET:
        ev.append({"event": "elected", "player": pid, "side": w[2]})
    s.step = "endzone"


def endzone_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    pid = s.started_on_defense
    return Prompt(
        pid,
        "endzone",
        f"{pid} starts on defense: choose your end zone",
        _opts(f"{pid} endzone low", f"{pid} endzone high"),
    )


def endzone_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """The solo AI, starting on defense, takes the low end zone."""
    endzone_act(g, s, [s.started_on_defense, "endzone", "low"], ev)


def endzone_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    pid, zone = w[0], w[2]
    s.player(pid).end_zone = zone
    s.player(other(pid)).end_zone = "high" if zone == "low" else "low"
    if ev is not QUIET:
        ev.append({"event": "endzone", "player": pid, "end_zone": zone})
    s.step = "kicking"
    _after_kicking(g, s, ev)


def kicking_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    pid = next(p.id for p in s.players if not p.kicking)
    return Prompt(
        pid,
        "kicking",
        f"{pid}: kick field goals and extra points by skill (toss) or luck (dice)?",
        _opts(f"{pid} kicking skill", f"{pid} kicking luck"),
    )


def kicking_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    s.player(w[0]).kicking = w[2]
    if ev is not QUIET:
        ev.append({"event": "kicking", "player": w[0], "mode": w[2]})
    _after_kicking(g, s, ev)


def _after_kicking(g: DungeonBall, s: GameState, ev: Events) -> None:
    if all(p.kicking for p in s.players):
        first = other(s.started_on_defense)
        if ev is not QUIET:
            ev.append({"event": "kickoff", "offense": first})
        new_drive(g, s, first, g.field.start[s.player(first).end_zone], ev)


# --------------------------------------------------------------------------- drives and downs


def gain(g: DungeonBall, s: GameState, pid: str, n: int, reason: str, ev: Events) -> None:
    """Momentum comes from the box's supply of bolts; a gain with none left is lost. The solo
    AI has no ability cards and takes no momentum."""
    if s.solo and s.solo["ai"] == pid:
        return
    supply = g.rules.momentum_supply
    if supply:
        left = supply - s.players[0].momentum - s.players[1].momentum
        if n > left:  # min(n, left): a comparison costs a fraction of the builtin's call
            n = left
    if n > 0:
        (s.players[0] if pid == "p1" else s.players[1]).momentum += n
        if ev is not QUIET:
            ev.append({"event": "momentum", "player": pid, "gain": n, "reason": reason})


def new_drive(g: DungeonBall, s: GameState, offense: str, spot: int, ev: Events) -> None:
    s.offense = offense
    s.ball = spot
    s.down = 1
    s.play = None
    s.conversion = False
    if ev is not QUIET:
        ev.append({"event": "drive", "offense": offense, "ball": spot})
    # [Momentum] one token each at the beginning of every drive, offense and defense.
    gain(g, s, offense, 1, "drive", ev)
    gain(g, s, "p2" if offense == "p1" else "p1", 1, "drive", ev)
    start_down(g, s, ev)


def start_down(g: DungeonBall, s: GameState, ev: Events) -> None:
    mods = s.mods
    if mods.extra_dice or mods.fewer_dice or mods.free_pawn:  # a whistle card's, for one down
        s.mods = DownMods()  # most downs had none: their empty mods serve on, not made anew
    s.play = None
    if not s.overtime and s.clock == 0 and not s.final_play and not s.conversion:
        # [Final play of a half] time ran out: the offense may run one more play.
        s.final_play = True
        if ev is not QUIET:
            ev.append({"event": "final_play", "half": s.half, "offense": s.offense})
    s.frames[0].step = "huddle"  # s.step = ..., without the property
    g.abilities.open_window(s, "whistle", ev)


def huddle_options(g: DungeonBall, s: GameState) -> list[str]:
    o = s.offense
    if s.conversion:
        return [f"{o} run"]
    attacking = "high" if (s.players[0] if o == "p1" else s.players[1]).end_zone == "low" else "low"
    return _huddle_options(o, g.field.in_field_goal_range(s.ball, attacking), s.final_play, s.down)


def _huddle_options(o: str, in_range: bool, final_play: bool, down: int) -> list[str]:
    opts = [f"{o} run"]
    if in_range:
        opts.append(f"{o} field-goal")
    if final_play:
        opts += [f"{o} hail-mary", f"{o} kneel"]
    elif down == 4:
        opts.append(f"{o} punt")
    return opts


def huddle_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt | None:
    o = s.offense
    if s.conversion:
        return None  # a two-point try is run: nothing to ask
    attacking = "high" if (s.players[0] if o == "p1" else s.players[1]).end_zone == "low" else "low"
    circle = g.field.field_goal[attacking]  # g.field.in_field_goal_range, inline
    in_range = s.ball >= circle if attacking == "high" else s.ball <= circle
    key = (o, in_range, s.final_play, s.down)
    p = g.huddle_prompts.get(key, False)  # the same few all game: made once each
    if p is not False:  # one lookup (None: a huddle that asks nobody)
        return p
    opts = _huddle_options(*key)
    what = "final play" if s.final_play else f"down {s.down}"
    p = None if len(opts) == 1 else Prompt(o, "huddle", f"{o}, {what}: run a play or kick?", tuple(opts))
    g.huddle_prompts[key] = p
    return p


def huddle_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    _begin_play(g, s, ev)


def huddle_decide(g: DungeonBall, s: GameState, ev: Events) -> None:
    """A huddle nobody is asked about: the AI's choice, or the only option, a play."""
    if s.solo and s.solo["ai"] == s.offense:
        solo.huddle_auto(g, s, ev)
    else:
        _begin_play(g, s, ev)


def huddle_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> Prompt | None:
    choice = w[1]
    o = s.offense
    if choice == "run":
        _begin_play(g, s, ev)
        return defense_card_prompt(g, s) if s.frames[0].step == "defense_card" else pawn_prompt(g, s)
    if choice == "punt":
        s.stats[o]["punts"] += 1
        d = s.defense
        if ev is not QUIET:
            ev.append({"event": "punt", "player": o})
        end_drive(g, s, d, g.field.start[s.player(d).end_zone], ev)
    elif choice == "kneel":
        if ev is not QUIET:
            ev.append({"event": "kneel", "player": o})
        end_drive(g, s, s.defense, g.field.start[s.player(s.defense).end_zone], ev)
    elif choice == "field-goal":
        s.stats[o]["fg_attempts"] += 1
        start_kick(g, s, "field_goal", ev)
    elif choice == "hail-mary":
        s.stats[o]["hail_marys"] += 1
        s.play = Play(kind="hail_mary")
        rolls.new_pool(s.play, g.rules.all_balls_dice)
        if ev is not QUIET:
            ev.append({"event": "hail_mary", "player": o})
        s.step = "roll"
    return None


def _begin_play(g: DungeonBall, s: GameState, ev: Events) -> None:
    s.play = Play(kind="two_point" if s.conversion else "play")
    # Against the solo AI the player selects a play first and the AI's card is drawn after.
    solo_defends = s.solo and s.solo["ai"] == ("p2" if s.offense == "p1" else "p1")
    s.frames[0].step = "pawn" if solo_defends else "defense_card"  # s.step = ...


def defense_card_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    d = "p2" if s.offense == "p1" else "p1"  # s.defense, without the property
    p = g.defense_card_prompts.get(d)
    if p is None:  # the same all game for each seat: made once
        p = g.defense_card_prompts[d] = Prompt(
            d, "defense_card", f"{d}: choose a defense card, face down", g.defense_options(d), private=True
        )
    return p


def defense_card_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> Prompt | None:
    s.play.defense_card = w[2]
    if ev is not QUIET:
        ev.append({"event": "defense_card", "player": w[0]})  # which card stays hidden
    if s.solo and s.solo["ai"] == s.offense:
        solo.draw(g, s, "offense")
        return None
    s.frames[0].step = "pawn"  # s.step = ..., without the property
    return pawn_prompt(g, s)


def pawn_options(g: DungeonBall, s: GameState) -> tuple[str, ...]:
    o = s.offense
    here = s.player(o).pawn
    if s.mods.free_pawn:
        return tuple(f"{o} move-to {cell}" for cell in g.board_cells if cell != here)
    return g.move_options(o, here)


def pawn_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    o = s.offense
    if s.mods.free_pawn:
        return Prompt(o, "pawn", f"{o}: move your pawn to select a play", pawn_options(g, s))
    here = (s.players[0] if o == "p1" else s.players[1]).pawn
    kept = g.pawn_prompts[o]
    p = kept.get(here)
    if p is None:  # the same for each seat and cell: made once
        p = kept[here] = Prompt(o, "pawn", f"{o}: move your pawn to select a play", g.move_options(o, here))
    return p


def pawn_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> Prompt | None:
    o = s.offense
    player = s.players[0] if o == "p1" else s.players[1]
    cell = w[2] if w[1] == "move-to" else g.neighbours[player.pawn][w[2]]
    player.pawn = cell
    play = s.play
    play.colour = g.cell_colour[cell]
    if ev is not QUIET:
        ev.append({"event": "play_selected", "player": o, "cell": cell, "colour": play.colour})
    if s.solo and s.solo["ai"] == s.defense:
        solo.draw(g, s, "defense")
        return None
    reveal(g, s, ev)
    p = g.roll_prompts[play.kind].get(len(play.pending))  # roll_prompt's, kept
    return p if p is not None else roll_prompt(g, s)


def reveal(g: DungeonBall, s: GameState, ev: Events) -> None:
    """[On a turn, 3] the defense reveals; a colour match costs dice and earns momentum."""
    play = s.play
    card = g.defense_by_id[play.defense_card]
    play.revealed = True
    play.matched = card.colour == play.colour
    r = g.rules
    count = r.base_dice + (-card.dice if play.matched else card.dice)
    count += s.mods.extra_dice - s.mods.fewer_dice
    if count > r.max_dice:  # within min_dice..max_dice (compared: min/max cost more)
        count = r.max_dice
    if count < r.min_dice:
        count = r.min_dice
    if ev is not QUIET:
        ev.append(
            {
                "event": "reveal",
                "player": "p2" if s.offense == "p1" else "p1",  # the defense, who guessed
                "card": card.id,
                "colour": card.colour,
                "matched": play.matched,
                "dice": count,
            }
        )
    if play.matched:
        gain(g, s, "p2" if s.offense == "p1" else "p1", 1, "guess", ev)
    rolls.new_pool(play, count)
    s.frames[0].step = "roll"  # s.step = ..., without the property


# --------------------------------------------------------------------------- rolling

ROLLED_FOR = {
    "play": "the play",
    "two_point": "the two-point play",
    "hail_mary": "the Hail Mary",
    "onside": "the onside kick",
    "field_goal": "the field goal",
    "extra_point": "the extra point",
}


def roll_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    play = s.play
    n = len(play.pending)
    kept = g.roll_prompts[play.kind]
    p = kept.get(n)
    if p is None:  # the same few prompts all game: made once each
        p = kept[n] = Prompt(
            "chance", "roll", f"roll {n} offense dice for {ROLLED_FOR[play.kind]}", chance=g.white_spec(n)
        )
    return p


def roll_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> Prompt | None:
    play = s.play
    faces = w[2:]
    dice, locked = play.dice, play.locked
    positions = None  # the rerollable positions, when this loop finds them on the way
    if play.rolls == 0 and len(faces) == len(dice):  # a new pool's first roll: every die at once
        play.dice = dice = faces
        if play.kind in ("play", "two_point"):
            time_faces = g.time_faces
            if time_faces.isdisjoint(faces):  # no time die (two first rolls in five): none set aside
                play.locked = [False] * len(faces)
                positions = rolls.POSITIONS[: len(faces)]  # 1 to the count: a new list
            else:
                locked = play.locked = []
                positions = []  # rerollable_positions, when no die is gone: numbered from 1
                i = 1
                for face in faces:
                    if face in time_faces:
                        locked.append(True)  # [Time] set aside, never rerolled this play
                    else:
                        locked.append(False)
                        positions.append(i)
                    i += 1
            if True in play.gone:
                positions = None
    elif play.kind in ("play", "two_point"):
        time_faces = g.time_faces
        for index, face in zip(play.pending, faces):
            dice[index] = face
            if face in time_faces:
                locked[index] = True  # [Time] set aside, never rerolled this play
    else:
        for index, face in zip(play.pending, faces):
            dice[index] = face
    play.pending.clear()  # in place: setting a state field anew costs more than emptying a list
    play.rolls += 1
    if ev is not QUIET:
        ev.append({"event": "roll", "dice": list(dice), "roll": play.rolls})
    if play.rolls < g.rules.rolls_per_play and play.kind not in ("field_goal", "extra_point"):
        if positions is None:
            positions = rolls.rerollable_positions(play)
        if positions:
            s.frames[0].step = "keep"  # s.step = ..., without the property
            if s.solo:
                return None  # the solo AI may keep by itself: settle decides
            return keep_question(s.offense, dice, positions)
    return end_roll(g, s, ev)


def keep_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    return keep_question(s.offense, s.play.dice, rolls.rerollable_positions(s.play))


def keep_question(o: str, dice: list[str], rerollable: list[int]) -> Prompt:
    """The keep prompt for offense ``o``: the dice showing and the positions it may reroll."""
    # a copy by slice: list() is a type's call, dearer
    return Prompt(o, "keep", KEEP_TEXT[o], choice={"dice": dice[:], "rerollable": rerollable})


KEEP_TEXT = {o: f"{o}: choose dice to reroll, or keep these" for o in ("p1", "p2")}  # keep_question's words


def keep_check(g: DungeonBall, s: GameState, w: list[str]) -> str | None:
    if w[1] == "stop" and len(w) == 2:
        return None
    if w[1] != "reroll" or len(w) < 3:
        return "say 'reroll' and the dice positions, or 'stop'"
    picked = rolls.parse_positions(w[2:], rolls.rerollable(s.play))
    if isinstance(picked, str):
        return picked + ("; time icons cannot be rerolled" if s.play.kind in ("play", "two_point") else "")
    return None


def keep_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> Prompt | None:
    if w[1] == "stop":
        return end_roll(g, s, ev)
    pending = s.play.pending  # emptied by the roll: filled in place
    pending.extend(map(rolls.index_of, w[2:]))
    s.frames[0].step = "roll"  # s.step = ..., without the property
    p = g.roll_prompts[s.play.kind].get(len(pending))  # roll_prompt's, kept
    return p if p is not None else roll_prompt(g, s)


def keep_legal(g: DungeonBall, s: GameState) -> list[str]:
    actor = s.offense
    can = [i + 1 for i in rolls.rerollable(s.play)]
    out = [f"{actor} stop"]
    for k in range(1, len(can) + 1):
        out += [f"{actor} reroll " + " ".join(map(str, combo)) for combo in combinations(can, k)]
    return out


def end_roll(g: DungeonBall, s: GameState, ev: Events) -> Prompt | None:
    """The roll is over: lightning's momentum, then the ability window (handing back its first
    prompt, if it opens) or the kick's or Hail Mary's result."""
    play = s.play
    kind = play.kind
    # [Momentum] "On offense, gain one every time you finish a roll with a lightning icon
    # showing. Gain one per icon." Every roll the offense finishes counts: a play, a two-point
    # try, a Hail Mary, a luck kick, and the onside kick of the side that just scored (the
    # rulebook calls it "the offense" there too). See docs/dungeon-ball.md, "Lightning".
    bolts = rolls.icon_count(play, "lightning", g.icon_faces["lightning"])
    if bolts:
        gain(g, s, s.scorer if kind == "onside" else s.offense, bolts, "lightning", ev)
    if kind in ("play", "two_point"):
        s.frames[0].step = "resolve"  # s.step = ..., without the property
        return g.abilities.open_window(s, "ability", ev)
    if kind == "hail_mary":
        resolve_hail_mary(g, s, ev)
    elif kind == "onside":
        resolve_onside(g, s, ev)
    else:
        resolve_kick(g, s, rolls.dice_showing(play, "ball", g.face_icons) > 0, ev)
    return None


# --------------------------------------------------------------------------- resolving a play


def resolve_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """[On a turn, 7-9] move the ball once per requirement met, run the clock, next down."""
    play = s.play
    need = g.pack.requirements[play.colour]
    met_icons, time_icons = rolls.icon_pair(play, need.icon, "time", g.pair_tables[need.icon])
    times_met = met_icons // need.count
    players = s.players  # g.attacking(s), inline
    attacking = "high" if (players[0] if s.offense == "p1" else players[1]).end_zone == "low" else "low"
    touchdown = False
    start = ball = s.ball
    spaces = 0  # of the play's colour: what the table moves the football die by
    if times_met:
        field = g.field
        for _ in range(times_met):
            moved = field.advances.get((ball, play.colour, attacking))  # field.advance's, kept
            if moved is None:
                moved = field.advance(ball, play.colour, attacking)
            ball, touchdown = moved
            spaces += 1
            if touchdown:
                break
        s.ball = ball  # once: a state field set costs more than a local
    if ev is not QUIET:
        ev.append(
            {
                "event": "play_result",
                "colour": play.colour,
                "met": times_met,
                "spaces": spaces,
                "from": start,
                "to": s.ball,
                "touchdown": touchdown,
            }
        )
    time_icons -= play.cancel_time
    if time_icons < 0:  # max(0, ...), compared: the builtin's call costs more
        time_icons = 0
    run_clock(g, s, time_icons, ev)
    if play.kind == "two_point":
        if touchdown:
            s.stats[s.offense]["two_points"] += 1
            score(g, s, s.offense, g.rules.two_point_points, "two_point", ev)
        else:
            if ev is not QUIET:
                ev.append({"event": "two_point_failed", "player": s.offense})
        after_score(g, s, s.offense, ev)
        return
    if touchdown:
        touchdown_scored(g, s, ev)
        return
    if s.final_play:
        end_drive(g, s, s.defense, s.ball, ev)
        return
    if s.down == 4:
        s.stats[s.offense]["turnovers"] += 1
        if ev is not QUIET:
            ev.append({"event": "turnover_on_downs", "player": s.offense, "ball": s.ball})
        end_drive(g, s, s.defense, s.ball, ev)
        return
    s.down += 1
    start_down(g, s, ev)


def run_clock(g: DungeonBall, s: GameState, time_icons: int, ev: Events) -> None:
    """[Time] one off the track per time icon; not on the final play nor in overtime."""
    if s.final_play or s.overtime or time_icons == 0:
        if time_icons:
            if ev is not QUIET:
                ev.append({"event": "time_ignored", "time": time_icons})
        return
    before = s.clock
    s.clock = before - time_icons if before > time_icons else 0  # max(0, ...), compared
    if ev is not QUIET:
        ev.append({"event": "clock", "from": before, "to": s.clock})


def score(g: DungeonBall, s: GameState, pid: str, points: int, how: str, ev: Events) -> None:
    s.player(pid).score += points
    if ev is not QUIET:
        ev.append(
            {
                "event": "score",
                "player": pid,
                "points": points,
                "how": how,
                "score": {p.id: p.score for p in s.players},
            }
        )


def touchdown_scored(g: DungeonBall, s: GameState, ev: Events) -> None:
    o = s.offense
    s.stats[o]["touchdowns"] += 1
    score(g, s, o, g.rules.touchdown_points, "touchdown", ev)
    s.scorer = o
    s.play = None
    s.step = "conversion"


def resolve_hail_mary(g: DungeonBall, s: GameState, ev: Events) -> None:
    """[Hail Mary passes] five balls on five dice is a touchdown; anything else ends the half."""
    balls = rolls.dice_showing(s.play, "ball", g.face_icons)
    if balls >= g.rules.all_balls_dice:
        if ev is not QUIET:
            ev.append({"event": "hail_mary_caught", "player": s.offense})
        s.ball = g.field.n - 1 if g.attacking(s) == "high" else 0
        touchdown_scored(g, s, ev)
    else:
        if ev is not QUIET:
            ev.append({"event": "hail_mary_incomplete", "player": s.offense, "balls": balls})
        end_drive(g, s, s.defense, s.ball, ev)


# --------------------------------------------------------------------------- conversions and kicks


def conversion_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    o = s.scorer
    return Prompt(
        o,
        "conversion",
        f"{o}: touchdown! Extra point (1) or two-point conversion (2)?",
        _opts(f"{o} extra-point", f"{o} two-point"),
    )


def conversion_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    o = w[0]
    if w[1] == "extra-point":
        start_kick(g, s, "extra_point", ev)
        return
    # [Two-point conversions] from the football circle nearest the opponent's end zone, a play
    # like normal, the pawn where it was.
    s.conversion = True
    s.ball = g.field.start[s.player(s.defense).end_zone]
    if ev is not QUIET:
        ev.append({"event": "two_point_attempt", "player": o, "ball": s.ball})
    start_down(g, s, ev)


def start_kick(g: DungeonBall, s: GameState, kind: str, ev: Events) -> None:
    kicker = s.offense
    s.play = Play(kind=kind)
    mode = s.player(kicker).kicking
    if mode == "card":
        # [Solo] the AI's field goals and extra points: the next card's check or cross.
        if ev is not QUIET:
            ev.append({"event": "kick", "kind": kind, "mode": "card", "player": kicker})
        solo.draw(g, s, "kick")
        return
    if mode == "skill":
        if ev is not QUIET:
            ev.append({"event": "kick", "kind": kind, "mode": "skill", "player": kicker})
        s.step = "toss"
        return
    r = g.rules
    if kind == "extra_point":
        count = r.extra_point_dice
    else:
        reds = g.field.reds_to_posts(s.ball, g.attacking(s))
        count = max(r.field_goal_min_dice, min(r.field_goal_max_dice, r.field_goal_base_dice - reds))
    if ev is not QUIET:
        ev.append({"event": "kick", "kind": kind, "mode": "luck", "player": kicker, "dice": count})
    rolls.new_pool(s.play, count)
    s.step = "roll"


def toss_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    kind = "field goal" if s.play.kind == "field_goal" else "extra point"
    return Prompt(
        "chance",
        "toss",
        f"{s.offense} tosses the football die for the {kind}: good or no good?",
        chance=g.toss_spec,
    )


def toss_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    resolve_kick(g, s, w[2] == "good", ev)


def resolve_kick(g: DungeonBall, s: GameState, good: bool, ev: Events) -> None:
    kicker = s.offense
    kind = s.play.kind
    if ev is not QUIET:
        ev.append({"event": "kick_result", "kind": kind, "good": good, "player": kicker})
    if kind == "extra_point":
        if good:
            s.stats[kicker]["extra_points"] += 1
            score(g, s, kicker, g.rules.extra_point_points, "extra_point", ev)
        after_score(g, s, kicker, ev)
        return
    if good:
        s.stats[kicker]["field_goals"] += 1
        score(g, s, kicker, g.rules.field_goal_points, "field_goal", ev)
        after_score(g, s, kicker, ev)
    else:
        d = s.defense
        end_drive(g, s, d, g.field.start[s.player(d).end_zone], ev)


# --------------------------------------------------------------------------- after a score


def onside_allowed(g: DungeonBall, s: GameState, scorer: str) -> bool:
    """[Onside kicks] second half, clock at five or less, scored but still losing."""
    if s.half != 2 or s.overtime or s.final_play or s.clock > g.rules.onside_clock_max:
        return False
    return s.player(scorer).score < s.player(other(scorer)).score


def after_score(g: DungeonBall, s: GameState, scorer: str, ev: Events) -> None:
    s.conversion = False
    if onside_allowed(g, s, scorer):
        s.scorer = scorer
        s.play = None
        s.step = "onside_choice"
        return
    opponent = other(scorer)
    end_drive(g, s, opponent, g.field.start[s.player(opponent).end_zone], ev)


def onside_prompt(g: DungeonBall, s: GameState, f: Frame | None = None) -> Prompt:
    o = s.scorer
    return Prompt(
        o,
        "onside_choice",
        f"{o}: still losing late: try an onside kick?",
        _opts(f"{o} onside-kick", f"{o} kick-off"),
    )


def onside_auto(g: DungeonBall, s: GameState, ev: Events) -> None:
    """The solo AI always tries the onside kick the rules allow it."""
    onside_act(g, s, [s.scorer, "onside-kick"], ev)


def onside_act(g: DungeonBall, s: GameState, w: list[str], ev: Events) -> None:
    o = w[0]
    if w[1] == "kick-off":
        opponent = other(o)
        end_drive(g, s, opponent, g.field.start[s.player(opponent).end_zone], ev)
        return
    s.stats[o]["onside_kicks"] += 1
    s.play = Play(kind="onside")
    rolls.new_pool(s.play, g.rules.all_balls_dice)
    if ev is not QUIET:
        ev.append({"event": "onside_kick", "player": o})
    s.step = "roll"


def resolve_onside(g: DungeonBall, s: GameState, ev: Events) -> None:
    kicker = s.scorer
    balls = rolls.dice_showing(s.play, "ball", g.face_icons)
    recovered = balls >= g.rules.all_balls_dice
    if ev is not QUIET:
        ev.append({"event": "onside_result", "player": kicker, "recovered": recovered})
    s.scorer = ""
    if recovered:
        s.stats[kicker]["onside_recovered"] += 1
        new_drive(g, s, kicker, g.field.midfield, ev)
    else:
        run_clock(g, s, 1, ev)
        new_drive(g, s, other(kicker), g.field.midfield, ev)


# --------------------------------------------------------------------------- ends of drives and halves


def end_drive(g: DungeonBall, s: GameState, next_offense: str, spot: int, ev: Events) -> None:
    s.play = None
    s.conversion = False
    s.scorer = ""
    if s.final_play:
        end_half(g, s, ev)
    elif s.overtime:
        overtime_drive_over(g, s, ev)
    else:
        new_drive(g, s, next_offense, spot, ev)


def end_half(g: DungeonBall, s: GameState, ev: Events) -> None:
    s.final_play = False
    if s.half == 1:
        # [Halftime] clock back to the start, half cards back to hand, the player who started
        # on defense gets the ball from their starting space.
        if ev is not QUIET:
            ev.append({"event": "halftime"})
        s.half = 2
        s.clock = s.clock_start
        for p in s.players:
            p.hand.extend(p.spent_half)
            p.spent_half = []
        first = s.started_on_defense
        new_drive(g, s, first, g.field.start[s.player(first).end_zone], ev)
        return
    check_winner(g, s, ev, "end of regulation")
    if not s.over:
        s.overtime = 1
        if ev is not QUIET:
            ev.append({"event": "overtime", "round": 1})
        s.step = "call_coin"


def overtime_drive_over(g: DungeonBall, s: GameState, ev: Events) -> None:
    """[Overtime] one drive each; still tied, another round with the first player alternating."""
    s.ot_drives += 1
    first = s.ot_first if s.overtime % 2 == 1 else other(s.ot_first)
    if s.ot_drives == 1:
        second = other(first)
        new_drive(g, s, second, g.field.start[s.player(second).end_zone], ev)
        return
    check_winner(g, s, ev, f"overtime round {s.overtime}")
    if s.over:
        return
    s.overtime += 1
    s.ot_drives = 0
    if ev is not QUIET:
        ev.append({"event": "overtime", "round": s.overtime})
    nxt = s.ot_first if s.overtime % 2 == 1 else other(s.ot_first)
    new_drive(g, s, nxt, g.field.start[s.player(nxt).end_zone], ev)


def check_winner(g: DungeonBall, s: GameState, ev: Events, when: str) -> None:
    a, b = s.players[0].score, s.players[1].score
    if a == b:
        return
    s.winner = "p1" if a > b else "p2"
    s.over = True
    s.play = None
    s.step = "over"
    if ev is not QUIET:
        ev.append(
            {
                "event": "game_over",
                "winner": s.winner,
                "when": when,
                "score": {p.id: p.score for p in s.players},
            }
        )
