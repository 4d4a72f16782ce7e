"""Dungeon Ball's odds, all exact: the white dice are enumerated, never sampled.

* a reroll: for every set of dice to reroll, the chance the play's requirement is met at least
  once and how many times on average (before ability cards);
* selecting a play: per move of the pawn, the same with the best rerolls, over the defence
  cards the offense cannot see (each of the defence's six alike; against the solo AI, the cards
  left in its deck);
* the defence card: per card, the offense's chance to gain over its possible moves;
* the huddle: field goal, going for it, punting, the Hail Mary and kneeling, in points;
* after a touchdown: the extra point against two points; late, the onside kick.

A die's later rolls are played well: a die showing the icon needed (or a time die, which stays)
is kept, any other rerolled. With one icon a face, as the pack's dice have, that is the best
play for both the chance and the mean.
"""

from __future__ import annotations

from functools import lru_cache

from companion.games.dungeon_ball.state import GameState, other
from companion.odds import dice, lookahead
from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import best_of

MET = "times the requirement is met (before cards)"


def advise(g, s: GameState, prompt, legal: list[str]) -> Advice | None:
    rate = RATED.get(prompt.kind)
    return rate(g, s, prompt, legal) if rate else None


def _coin(g, s: GameState, prompt, legal: list[str]) -> Advice:
    opts = [OptionOdds(a, 0.5, None, "chance to win the toss") for a in legal]
    return Advice(prompt.actor, prompt.text, opts, legal[0], "a fair coin: either call wins half the time")


# --------------------------------------------------------------------------- one die


def _white(g) -> tuple[str, ...]:
    """The white die's sides, a face once per side it is on (the pack's)."""
    return tuple(g.pack.dice["white"].faces)


def _per_face(g, icon: str) -> dict[str, int]:
    return g.icon_tables[icon]


@lru_cache(maxsize=256)
def _final(g, icon: str, face: str, rolls_left: int, time_locks: bool) -> tuple[tuple[int, float], ...]:
    """How many ``icon`` a die showing ``face`` ends with, when ``rolls_left`` more rolls may
    follow and each is played well (kept when it shows at least what a reroll gives on average)."""
    shows = _per_face(g, icon)[face]
    if rolls_left <= 0 or (time_locks and face in g.time_faces):
        return ((shows, 1.0),)
    again = dict(_fresh(g, icon, rolls_left - 1, time_locks))
    if dice.mean(again) > shows:
        return tuple(again.items())
    return ((shows, 1.0),)


@lru_cache(maxsize=64)
def _fresh(g, icon: str, rolls_after: int, time_locks: bool) -> tuple[tuple[int, float], ...]:
    """A die rolled now, ``rolls_after`` more rolls allowed after this one."""
    out: dict[int, float] = {}
    faces = _white(g)
    for face in faces:
        for v, p in _final(g, icon, face, rolls_after, time_locks):
            out[v] = out.get(v, 0.0) + p / len(faces)
    return tuple(out.items())


def _ball_die(g, rolls_after: int) -> float:
    """The chance a die rolled now ends showing a ball when rerolled until it does, with
    ``rolls_after`` rolls left (a Hail Mary or onside kick: time may be rerolled)."""
    faces = _white(g)
    q = sum(1 for f in faces if "ball" in g.face_icons[f]) / len(faces)
    p = q
    for _ in range(rolls_after):
        p = q + (1 - q) * p
    return p


# --------------------------------------------------------------------------- plays


def _met(g, colour: str, count: dice.Dist, added: int = 0, removed: int = 0) -> dice.Dist:
    need = g.pack.requirements[colour]
    return dice.mapped(count, lambda n: max(0, n + added - removed) // need.count)


def _advances_to_score(g, s: GameState, colour: str, ball: int | None = None) -> int:
    """How many moves of ``colour`` take the ball from ``ball`` into the end zone."""
    pos, attacking = (s.ball if ball is None else ball), g.attacking(s)
    for n in range(1, g.field.n + 1):
        pos, touchdown = g.field.advance(pos, colour, attacking)
        if touchdown:
            return n
    return g.field.n


def _play_dist(g, colour: str, count: int) -> dice.Dist:
    """Times met by a fresh play of ``count`` dice of ``colour``, its rerolls played well."""
    need = g.pack.requirements[colour]
    per_die = dict(_fresh(g, need.icon, g.rules.rolls_per_play - 1, True))
    return _met(g, colour, dice.repeat(per_die, count))


def _cards_against(g, s: GameState) -> list[tuple[float, object]]:
    """What the offense may face, each with its chance: (weight, card) where card is a pack
    defence card, or a solo AI card when the AI defends (the cards left in its deck)."""
    if s.solo and s.solo.get("ai") == s.defense:
        left = list(s.solo["draw"]) or list(s.solo["discard"])
        return [(1 / len(left), g.pack.ai_cards[cid]) for cid in left]
    cards = g.pack.defense_cards
    return [(1 / len(cards), card) for card in cards]


def _dice_against(g, s: GameState, colour: str, card) -> int | None:
    """The dice a play of ``colour`` rolls against ``card`` (None: no roll, the ball is lost)."""
    r = g.rules
    icon = getattr(card, "icon", None)
    defence = getattr(card, "defense", card)
    if icon is not None and icon.turnover:
        return None
    if icon is not None and icon.lose:
        count = r.base_dice - icon.lose
    else:
        colours = {defence.colour} | (
            {icon.double_defense} if icon is not None and icon.double_defense else set()
        )
        count = r.base_dice + (-defence.dice if colour in colours else defence.dice)
    count += s.mods.extra_dice - s.mods.fewer_dice
    return max(r.min_dice, min(r.max_dice, count))


def _selection(g, s: GameState, colour: str) -> tuple[dice.Dist, float]:
    """Times met by a play of ``colour`` over the cards the offense may face, and the chance
    the defence guessed the colour."""
    out: dice.Dist = {}
    guessed = 0.0
    for w, card in _cards_against(g, s):
        defence = getattr(card, "defense", card)
        guessed += w * (defence.colour == colour)
        count = _dice_against(g, s, colour, card)
        met = {0: 1.0} if count is None else _play_dist(g, colour, count)
        for v, p in met.items():
            out[v] = out.get(v, 0.0) + w * p
    return out, guessed


def _pawn_colour(g, s: GameState, action: str) -> str:
    words = action.split()
    here = s.player(s.offense).pawn
    cell = words[2] if words[1] == "move-to" else g.neighbours[here][words[2]]
    return g.cell_colour[cell]


def _pawn(g, s: GameState, prompt, legal: list[str]) -> Advice:
    opts = []
    for action in legal:
        colour = _pawn_colour(g, s, action)
        met, guessed = _selection(g, s, colour)
        td = dice.at_least(met, _advances_to_score(g, s, colour))
        opts.append(
            OptionOdds(
                action,
                dice.at_least(met, 1),
                dice.mean(met),
                f"{colour}: chance to gain, mean {MET}; touchdown {100 * td:.0f}%, "
                f"defence guesses {100 * guessed:.0f}%",
            )
        )
    best = best_of(opts, lambda o: (o.p, o.mean))
    return Advice(
        prompt.actor,
        prompt.text,
        opts,
        best.action,
        f"best chance to move the ball against the defence cards {prompt.actor} cannot see",
    )


def _defense_card(g, s: GameState, prompt, legal: list[str]) -> Advice:
    o = s.offense
    moves = (
        g.move_options(o, s.player(o).pawn)
        if not s.mods.free_pawn
        else tuple(f"{o} move-to {c}" for c in g.board_cells if c != s.player(o).pawn)
    )
    colours = [_pawn_colour(g, s, m) for m in moves]
    opts = []
    for action in legal:
        card = g.pack.defense_by_id[action.split()[2]]
        p = mean = 0.0
        for colour in colours:
            met = _play_dist(g, colour, _dice_against(g, s, colour, card))
            p += dice.at_least(met, 1) / len(colours)
            mean += dice.mean(met) / len(colours)
        guess = sum(c == card.colour for c in colours) / len(colours)
        opts.append(
            OptionOdds(
                action,
                p,
                mean,
                f"the offense's chance to gain, mean {MET}, over its "
                f"{len(colours)} moves alike; guesses the colour {100 * guess:.0f}%",
            )
        )
    best = best_of(opts, lambda x: (x.p, x.mean), lowest=True)
    return Advice(
        prompt.actor,
        prompt.text,
        opts,
        best.action,
        "leaves the offense the smallest chance to gain, whichever play it selects",
    )


# --------------------------------------------------------------------------- rerolls


def _keep(g, s: GameState, prompt, legal: list[str]) -> Advice:
    play = s.play
    if play.kind in ("hail_mary", "onside"):
        return _keep_all_balls(g, s, prompt, legal)
    need = g.pack.requirements[play.colour]
    table = _per_face(g, need.icon)
    after = g.rules.rolls_per_play - play.rolls - 1
    fresh = dict(_fresh(g, need.icon, after, True))
    opts = []
    for action in legal:
        words = action.split()
        chosen = {int(x) - 1 for x in words[2:]} if words[1] == "reroll" else set()
        kept = sum(table[f] for i, f in enumerate(play.dice) if not play.gone[i] and i not in chosen)
        met = _met(
            g,
            play.colour,
            dice.shift(dice.repeat(fresh, len(chosen)), kept),
            play.added.get(need.icon, 0),
            play.removed.get(need.icon, 0),
        )
        td = dice.at_least(met, _advances_to_score(g, s, play.colour))
        opts.append(
            OptionOdds(
                action,
                dice.at_least(met, 1),
                dice.mean(met),
                f"{play.colour} needs {need.count} {need.icon}: chance met, mean {MET}; "
                f"touchdown {100 * td:.0f}%",
            )
        )
    best = best_of(opts, lambda o: (o.p, o.mean, -len(o.action.split())))
    chosen = best.action.split()[2:]
    why = (
        "keeps every die that helps and rerolls the rest"
        if chosen
        else "no reroll raises the chance or the mean; stopping risks no time icon"
    )
    return Advice(prompt.actor, prompt.text, opts, best.action, why)


def _keep_all_balls(g, s: GameState, prompt, legal: list[str]) -> Advice:
    play = s.play
    after = g.rules.rolls_per_play - play.rolls - 1
    q = _ball_die(g, after)
    opts = []
    for action in legal:
        words = action.split()
        chosen = {int(x) - 1 for x in words[2:]} if words[1] == "reroll" else set()
        p = 1.0
        for i, face in enumerate(play.dice):
            if play.gone[i]:
                continue
            p *= q if i in chosen else float("ball" in g.face_icons[face])
        opts.append(
            OptionOdds(
                action, p, p, f"chance of {g.rules.all_balls_dice} balls on {g.rules.all_balls_dice} dice"
            )
        )
    best = best_of(opts, lambda o: (o.p, -len(o.action.split())))
    return Advice(prompt.actor, prompt.text, opts, best.action, "keeps the balls and rerolls every other die")


def _pick(g, s: GameState, prompt, legal: list[str]) -> Advice | None:
    """A Big Hit's discard (defence) or a card's rerolls (offense): the requirement after it."""
    play = s.play
    if play is None or not play.colour:
        return None
    need = g.pack.requirements[play.colour]
    table = _per_face(g, need.icon)
    fresh = dict(_fresh(g, need.icon, 0, True))
    purpose = prompt.choice.get("purpose")
    opts = []
    for action in legal:
        chosen = {int(x) - 1 for x in action.split()[2:]}
        kept = sum(table[f] for i, f in enumerate(play.dice) if not play.gone[i] and i not in chosen)
        rerolled = dice.repeat(fresh, len(chosen)) if purpose != "discard" else {0: 1.0}
        met = _met(
            g,
            play.colour,
            dice.shift(rerolled, kept),
            play.added.get(need.icon, 0),
            play.removed.get(need.icon, 0),
        )
        opts.append(
            OptionOdds(
                action,
                dice.at_least(met, 1),
                dice.mean(met),
                f"the offense's chance its {play.colour} play is met, mean {MET}",
            )
        )
    defence = purpose == "discard"
    best = best_of(opts, lambda o: (o.mean, o.p), lowest=defence)
    why = "takes away the most of what the play needs" if defence else "rerolls what does not help the play"
    return Advice(prompt.actor, prompt.text, opts, best.action, why)


# --------------------------------------------------------------------------- kicks and finals


def _kick(g, s: GameState, kind: str) -> tuple[float, str]:
    """The chance a kick of ``kind`` by the offense is good, and how that is known."""
    kicker = s.player(s.scorer if kind == "extra_point" and s.scorer else s.offense)
    r = g.rules
    if kicker.kicking == "skill":
        return r.skill_kick_success, "a skill toss (the pack's estimate)"
    if kind == "extra_point":
        count = r.extra_point_dice
    else:
        reds = g.field.reds_to_posts(s.ball, g.attacking(s))
        count = max(r.field_goal_min_dice, min(r.field_goal_max_dice, r.field_goal_base_dice - reds))
    faces = _white(g)
    miss = sum(1 for f in faces if "ball" not in g.face_icons[f]) / len(faces)
    return 1 - miss**count, f"any ball on {count} dice"


def _touchdown_now(g, s: GameState, ball: int | None = None) -> float:
    """The chance this play scores, the pawn moved to the best colour it can reach."""
    o = s.offense
    here = s.player(o).pawn
    cells = [c for c in g.board_cells if c != here] if s.mods.free_pawn else list(g.neighbours[here].values())
    best = 0.0
    for colour in {g.cell_colour[c] for c in cells}:
        met, _ = _selection(g, s, colour)
        best = max(best, dice.at_least(met, _advances_to_score(g, s, colour, ball)))
    return best


def _hail_mary(g) -> float:
    return _ball_die(g, g.rules.rolls_per_play - 1) ** g.rules.all_balls_dice


def _huddle(g, s: GameState, prompt, legal: list[str]) -> Advice:
    r = g.rules
    opts = []
    for action in legal:
        verb = action.split()[1]
        if verb == "run":
            p = _touchdown_now(g, s)
            what = "chance this play scores a touchdown (best play), mean points"
            if not s.final_play and s.down < 4:
                what += f"; down {s.down}: the drive goes on if it does not"
            opts.append(OptionOdds(action, p, p * r.touchdown_points, what))
        elif verb == "field-goal":
            p, how = _kick(g, s, "field_goal")
            opts.append(
                OptionOdds(
                    action, p, p * r.field_goal_points, f"chance the field goal is good ({how}), mean points"
                )
            )
        elif verb == "hail-mary":
            p = _hail_mary(g)
            opts.append(
                OptionOdds(
                    action,
                    p,
                    p * r.touchdown_points,
                    "chance of the touchdown (five balls, one reroll), mean points",
                )
            )
        else:
            what = (
                "no score: the opponent starts from its own end"
                if verb == "punt"
                else "no score: the half ends"
            )
            opts.append(OptionOdds(action, 0.0, 0.0, what))
    best = best_of(opts, lambda o: (o.mean, o.p))
    why = "the most points on average from this down"
    if best.action.endswith("punt") or best.action.endswith("kneel"):
        why = "nothing else scores here"
    return Advice(prompt.actor, prompt.text, opts, best.action, why)


def _conversion(g, s: GameState, prompt, legal: list[str]) -> Advice:
    r = g.rules
    opts = []
    for action in legal:
        if action.endswith("extra-point"):
            p, how = _kick(g, s, "extra_point")
            opts.append(
                OptionOdds(
                    action, p, p * r.extra_point_points, f"chance of the extra point ({how}), mean points"
                )
            )
        else:
            start = g.field.start[s.player(other(prompt.actor)).end_zone]
            p = _touchdown_now(g, s, start)
            opts.append(
                OptionOdds(
                    action,
                    p,
                    p * r.two_point_points,
                    "chance the two-point play reaches the end zone (best play), mean points",
                )
            )
    best = best_of(opts, lambda o: (o.mean, o.p))
    return Advice(prompt.actor, prompt.text, opts, best.action, "the more points on average")


def _onside(g, s: GameState, prompt, legal: list[str]) -> Advice:
    p = _hail_mary(g)
    opts = [
        OptionOdds(
            a,
            p if a.endswith("onside-kick") else 0.0,
            None,
            "chance to keep the ball (five balls, one reroll)"
            if a.endswith("onside-kick")
            else "the opponent gets the ball at its start; no clock lost",
        )
        for a in legal
    ]
    return Advice(
        prompt.actor,
        prompt.text,
        opts,
        f"{prompt.actor} onside-kick",
        "still losing late: the only way to get the ball back at once",
    )


def _window(g, s: GameState, prompt, legal: list[str]) -> Advice | None:
    """An ability card window after the roll: each card (and pass) played through the engine,
    its black die and rerolls enumerated, the other side then passing; the play's requirement
    met as it resolves."""
    if s.play is None or not s.play.colour or (s.solo and s.solo.get("ai") == s.offense):
        return None  # the solo AI's play moves by its card, not by dice to be met
    seat = prompt.actor
    offense = seat == s.offense

    def measure(t, events):
        for e in events:
            if e.get("event") == "play_result":
                return (float(e["met"] >= 1), float(e["met"]), float(e["touchdown"]))
        return None

    def respond(p, options):
        return f"{p.actor} pass" if f"{p.actor} pass" in options else options[0]

    opts = []
    for action in legal:
        try:
            p, mean, td = lookahead.expect(
                g, s, action, seat, measure, respond, better=max if offense else min
            )
        except lookahead.TooBig:
            opts.append(OptionOdds(action, None, None, "not rated: too many outcomes to enumerate"))
            continue
        opts.append(
            OptionOdds(
                action,
                p,
                mean,
                f"the offense's chance its {s.play.colour} play is met, mean {MET}; "
                f"touchdown {100 * td:.0f}%; the other side then passes",
            )
        )
    sign = 1 if offense else -1  # the defence wants the play's chance low; a tie: pass
    best = best_of(
        opts, lambda o: None if o.p is None else (sign * o.p, sign * o.mean, o.action.endswith(" pass"))
    )
    why = (
        "the best chance the play is met, then the most times"
        if offense
        else "the smallest chance the play is met, then the fewest times"
    )
    return Advice(
        seat, prompt.text, opts, best.action, why + " (cards cost momentum: pass when it changes nothing)"
    )


RATED = {
    "ability_window": _window,
    "keep": _keep,
    "pawn": _pawn,
    "defense_card": _defense_card,
    "huddle": _huddle,
    "conversion": _conversion,
    "onside_choice": _onside,
    "pick": _pick,
    "call_coin": _coin,
}
