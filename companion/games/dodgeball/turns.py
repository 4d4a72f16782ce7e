"""A coach's turn: 1. organise, 2. throw balls, 3. retreat; and the counter-attack offered
to the other coach after each throw.

Every action of a turn is checked by one function, ``why_not``; the options are the moves it
accepts and the throws built from the same conditions (a test holds them to agree).

Organising is free until the coach is done ("the coach can freely move around all their
players"): a player may go forward and back again, a ball be given, put down and given again.
Only the arrangement when organising is done (the first throw, or the end of the throws) is
held to the limits, four forward and two balls a player (docs/dodgeball.md, "The turn")."""

from __future__ import annotations

from itertools import combinations

from companion.engine.core import Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine
from companion.games.dodgeball import cards
from companion.games.dodgeball.power import Context, attribute, card_value
from companion.games.dodgeball.state import DEF, OFF, ON_COURT, Coach, DodgeState, Duel
from companion.games.dodgeball.text import court_lines

ORGANIZE, THROW, RETREAT, GROUP, COUNTER = (
    "Organize",
    "Throw balls",
    "Retreating",
    "Group throws",
    "Counter-attack",
)
MOVES = ("forward", "back", "give", "drop")


def start_turn(g, s: DodgeState, seat: str, ev: list[dict]) -> None:
    """A turn begins: 3+ balls on this side make a throw compulsory."""
    s.active, s.turn, s.throws = seat, s.turn + 1, 0
    me = s.coach(seat)
    s.must_throw = me.balls_on_side() >= g.pack.rules.must_throw_at
    s.other(seat).counter_used = False
    s.frames[0] = Frame("turn", {"stage": "play"})
    s.stats["turns"] = s.stats.get("turns", 0) + 1
    if ev is QUIET:  # a simulation reads no events: the court's words are not built
        return
    ev.append(
        {
            "event": "turn",
            "seat": seat,
            "turn": s.turn,
            "balls": me.balls_on_side(),
            "must_throw": s.must_throw,
            "text": "\n     ".join(
                [
                    f"turn {s.turn}: {seat.upper()} to play"
                    + (" (a throw is compulsory)" if s.must_throw else "")
                ]
                + court_lines(s)
            ),
        }
    )


def end_turn(g, s: DodgeState, ev: list[dict]) -> None:
    for coach in s.coaches:
        coach.protected = []
    start_turn(g, s, s.other(s.active).id, ev)


def can_throw_at_all(s: DodgeState) -> bool:
    """A throw is possible this turn: some opposing player is a legal target (organising can
    always put a ball in an attacker's hands before the first throw)."""
    them = s.other(s.active)
    return any(p not in them.protected for p in them.on_court())


def move(coach: Coach, verb: str, player: str) -> None:
    """An organising move: a player to the other zone, or a ball given from the strays or put
    down among them."""
    if verb in ("forward", "back"):
        coach.zone[player] = OFF if verb == "forward" else DEF
    else:
        delta = 1 if verb == "give" else -1
        coach.balls[player] += delta
        coach.strays -= delta


def arrangement(g, coach: Coach) -> tuple[int, str]:
    """The coach's players forward, and the first player on court holding more balls than a
    player may when organising is done ("" when none): one pass, asked at every turn prompt."""
    where, balls, most = coach.zone.get, coach.balls, g.pack.rules.balls_max
    forward, heavy = 0, ""
    for p in coach.players:
        here = where(p)
        if here == OFF:
            forward += 1
        if not heavy and here in ON_COURT and balls[p] > most:
            heavy = p
    return forward, heavy


def arrangement_refusal(g, coach: Coach) -> tuple[str, str] | None:
    """Why the arrangement may not stand when organising is done: more than four forward, or a
    player holding more than two balls; None when it may."""
    rules = g.pack.rules
    forward, heavy = arrangement(g, coach)
    if forward > rules.offense_max:
        return (
            f"the offensive zone holds {forward} players of {coach.id}: at most {rules.offense_max} when "
            "organising is done (move one back first)"
        ), ORGANIZE
    if heavy:
        return (
            f"{heavy} holds {coach.balls[heavy]} balls: at most {rules.balls_max} a player when organising "
            "is done (put one down first)"
        ), ORGANIZE
    return None


def why_not(g, s: DodgeState, seat: str, w: list[str]) -> tuple[str, str] | None:
    """Why this turn action is refused, as (reason, rule), or None when it is legal."""
    me, them = s.coach(seat), s.other(seat)
    verb, args = w[1], w[2:]
    rules = g.pack.rules
    if verb in MOVES:
        if len(args) != 1 or args[0] not in me.on_court():
            return f"{' '.join(args) or 'nobody'} is not a player of {seat} on the court", ORGANIZE
        p = args[0]
        if s.throws:
            return "after the first throw no player or ball may move (only the retreat)", THROW
        if verb == "forward" and me.zone[p] == OFF:
            return f"{p} is already in the offensive zone", ORGANIZE
        if verb == "back" and me.zone[p] == DEF:
            return f"{p} is already in the defensive zone", ORGANIZE
        if verb == "give" and not me.strays:
            return f"{seat} has no stray ball to give", ORGANIZE
        if verb == "drop" and not me.balls[p]:
            return f"{p} holds no ball", ORGANIZE
        return None
    if verb in ("throw", "group", "end") and not s.throws:
        why = arrangement_refusal(g, me)
        if why:
            return why
    if verb in ("throw", "group"):
        if verb == "group" and not s.group_throws:
            return "group throws are an advanced rule not in play (option group_throws)", GROUP
        if len(args) < (3 if verb == "group" else 2) or (verb == "throw" and len(args) != 2):
            return f"a throw is '{seat} throw THROWER TARGET'" + (
                f", a group throw '{seat} group THROWER TARGET SUPPORTER...'" if s.group_throws else ""
            ), THROW
        thrower, target, helpers = args[0], args[1], args[2:]
        return (
            why_not_thrower(g, s, me, thrower, counter=False)
            or why_not_target(s, them, target)
            or why_not_supporters(g, me, thrower, helpers)
        )
    if verb == "end":
        if args:
            return f"'{seat} end' takes nothing more", THROW
        if s.must_throw and not s.throws and can_throw_at_all(s):
            return (
                f"{seat} began the turn with {rules.must_throw_at} or more balls: at least one throw "
                "must be attempted",
                THROW,
            )
        return None
    return None


def why_not_thrower(g, s: DodgeState, me, thrower: str, counter: bool) -> tuple[str, str] | None:
    if thrower not in me.on_court():
        return f"{thrower} is not a player of {me.id} on the court", COUNTER if counter else THROW
    if not me.balls[thrower]:
        return f"{thrower} holds no ball", COUNTER if counter else THROW
    if counter:
        if me.zone[thrower] == DEF and len(me.in_zone(OFF)) >= g.pack.rules.offense_max:
            return (
                f"{thrower} would join a full offensive zone ({g.pack.rules.offense_max} players)",
                COUNTER,
            )
    elif me.zone[thrower] != OFF:
        return f"{thrower} is in the defensive zone: throws are made from the offensive zone only", THROW
    return None


def why_not_supporters(g, me, thrower: str, helpers: list[str]) -> tuple[str, str] | None:
    """A group throw's supporters: 1 to 3 other players in the offensive zone holding a ball."""
    if len(helpers) > g.pack.rules.group_max or len(set(helpers)) != len(helpers):
        return f"a group throw has 1 to {g.pack.rules.group_max} different supporters", GROUP
    for h in helpers:
        if h == thrower or h not in me.on_court() or me.zone[h] != OFF or not me.balls[h]:
            return (
                f"{h} cannot support: supporters are other players in the offensive zone holding a ball",
                GROUP,
            )
    return None


def supporter_groups(g, s: DodgeState, me, thrower: str) -> list[tuple[str, ...]]:
    """Every group of supporters a throw by ``thrower`` may have (none when group throws are off)."""
    if not s.group_throws:
        return []
    mates = [p for p in me.in_zone(OFF) if me.balls[p] and p != thrower]
    return [c for n in range(1, min(len(mates), g.pack.rules.group_max) + 1) for c in combinations(mates, n)]


def why_not_target(s: DodgeState, them, target: str) -> tuple[str, str] | None:
    if target not in them.on_court():
        return f"{target} is not a player of {them.id} on the court", THROW
    if target in them.protected:
        return f"{target} came back after a catch: no throw may target them this turn", "Catching"
    return None


def organising_moves(me: Coach) -> list[str]:
    """The organising moves ``why_not`` accepts before the first throw, built from its
    conditions (asking it of every player and verb was most of a turn's cost)."""
    seat, where, balls, strays = me.id, me.zone.get, me.balls, me.strays
    out = []
    for p in me.players:
        here = where(p)
        if here not in ON_COURT:
            continue
        if here != OFF:
            out.append(f"{seat} forward {p}")
        if here != DEF:
            out.append(f"{seat} back {p}")
        if strays:
            out.append(f"{seat} give {p}")
        if balls[p]:
            out.append(f"{seat} drop {p}")
    return out


def turn_options(g, s: DodgeState, refused: bool | None = None) -> tuple[str, ...]:
    """The turn's options; ``refused`` says whether the arrangement is refused now (organising
    not done), where the caller has asked already. Plain loops: a turn has a handful of players."""
    seat = s.active
    me, them = s.coach(seat), s.other(seat)
    if s.throws:
        options = []
    else:
        options = organising_moves(me)
        if refused is None:
            refused = arrangement_refusal(g, me) is not None
        if refused:
            return tuple(options)  # organising is not done yet
    where, balls = me.zone.get, me.balls
    attackers = []  # throws: legal by construction
    for p in me.players:
        if where(p) == OFF and balls[p]:
            attackers.append(p)
    there, protected = them.zone.get, them.protected
    targets = []  # can_throw_at_all: some target
    for p in them.players:
        if there(p) in ON_COURT and p not in protected:
            targets.append(p)
    for thrower in attackers:
        groups = supporter_groups(g, s, me, thrower) if s.group_throws else ()
        for target in targets:
            options.append(f"{seat} throw {thrower} {target}")
            for c in groups:
                options.append(f"{seat} group {thrower} {target} {' '.join(c)}")
    if not (s.must_throw and not s.throws and targets):  # why_not's "end", the arrangement stands
        options.append(f"{seat} end")
    return tuple(options)


def retreat_value(g, s: DodgeState, seat: str, player: str, card: str) -> int | None:
    """SPD plus the card's value for a retreat; None for a card that cannot be spent (DECEIVE)."""
    if g.pack.by_card[card].kind == "deceive":
        return None
    coach, ctx = s.coach(seat), Context("retreat")
    return attribute(g, s, coach, player, "SPD", ctx).total + card_value(
        g, s, coach, card, player, ctx, False
    )


def retreat_options(g, s: DodgeState) -> tuple[str, ...]:
    seat, verb = s.active, "retreat"
    me = s.coach(seat)
    out = [
        f"{seat} {verb} {p} {card}"
        for p in me.in_zone(OFF)
        for card in cards.playable(s, me)
        if (retreat_value(g, s, seat, p, card) or 0) >= g.pack.rules.retreat_at
    ]
    return tuple(out + [f"{seat} stay"]) if out else ()


class Turn(Step):
    rule = THROW

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt | None:
        if f.data.get("stage") == "retreat":
            opts = retreat_options(g, s)
            return Prompt(s.active, "retreat", "retreat one player?", opts, shows_hand=True) if opts else None
        me, rules = s.coach(s.active), g.pack.rules
        refused = False
        if s.throws:
            text = f"throw again? ({s.throws} made)"
        else:
            forward, heavy = arrangement(g, me)
            refused = forward > rules.offense_max or bool(heavy)
            if forward > rules.offense_max:  # organising is not done: say which limit
                text = f"{forward} forward, max {rules.offense_max}"
            elif heavy:
                text = f"{heavy}: {me.balls[heavy]} balls, max {rules.balls_max}"
            elif s.must_throw:
                text = f"must throw: {me.balls_on_side()} balls"
            else:
                text = f"organise, {me.balls_on_side()} balls"
        return Prompt(s.active, "turn", text, turn_options(g, s, refused))

    def idle(self, g, s: DodgeState, f: Frame, ev: list[dict]) -> None:
        end_turn(g, s, ev)  # no retreat is possible

    def explain(self, g, s: DodgeState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if f.data.get("stage") == "retreat":
            return explain_retreat(g, s, w)
        if len(w) >= 2:
            return why_not(g, s, w[0], w)
        return None

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat, verb, args = w[0], w[1], w[2:]
        me = s.coach(seat)
        if verb == "stay":
            end_turn(g, s, ev)
        elif verb == "retreat":
            me.zone[args[0]] = DEF
            s.stats["retreats"] = s.stats.get("retreats", 0) + 1
            ev.append({"event": "retreat", "seat": seat, "player": args[0], "card": args[1]})
            cards.take_from_hand(s, me, args[1])
            draw = cards.discard(g, s, me, args[1], ev)
            end_turn(g, s, ev)
            if draw:
                cards.push_draws(s, [seat])
        elif verb == "end":
            f.data["stage"] = "retreat"
            ev.append({"event": "throws_done", "seat": seat, "throws": s.throws})
        elif verb in MOVES:
            move(me, verb, args[0])
            ev.append({"event": verb, "seat": seat, "player": args[0]})
        else:
            start_throw(g, s, seat, "throw", args[0], args[1], args[2:], ev)
            s.throws += 1


def explain_retreat(g, s: DodgeState, w: list[str]) -> tuple[str, str] | None:
    seat = w[0]
    if len(w) != 4 or w[1] != "retreat":
        return None
    me, p, card = s.coach(seat), w[2], w[3]
    if p not in me.on_court() or me.zone[p] != OFF:
        return f"{p} is not in {seat}'s offensive zone: only a player there retreats", RETREAT
    why = cards.why_not_card(g, s, me, card)
    if why:
        return why, "Intensity cards"
    value = retreat_value(g, s, seat, p, card)
    if value is None:
        return "DECEIVE cannot be discarded to retreat", RETREAT
    spd = attribute(g, s, me, p, "SPD", Context("retreat")).total
    said = card if g.pack.by_card[card].kind == "boost" else f"{card} ({value - spd:+d})"
    return (
        f"{p}'s SPD {spd} and {said} make {value}: a retreat needs {g.pack.rules.retreat_at} or more",
        RETREAT,
    )


def start_throw(
    g, s: DodgeState, seat: str, kind: str, thrower: str, target: str, helpers: list[str], ev: list[dict]
) -> None:
    """The thrower's ball is in the air; supporters' balls go to the target's strays."""
    me, them = s.coach(seat), s.other(seat)
    if me.zone[thrower] == DEF:  # a counter-attack from defence
        me.zone[thrower] = OFF
    me.balls[thrower] -= 1
    for h in helpers:
        me.balls[h] -= 1
        them.strays += 1
    s.duel = Duel(kind, attacker=seat, thrower=thrower, target=target, supporters=list(helpers))
    queue = (
        [f"{seat}:card", f"{them.id}:card", f"{them.id}:action"]
        if s.cards == "digital"
        else [f"{them.id}:action", f"{seat}:card", f"{them.id}:card"]
    )
    StepMachine.push(s, "duel", queue=queue)
    key = "counters" if kind == "counter" else "group_throws" if helpers else "throws"
    s.stats[key] = s.stats.get(key, 0) + 1
    ev.append(
        {"event": kind, "seat": seat, "thrower": thrower, "target": target, "supporters": list(helpers)}
    )


def offer_counter(g, s: DodgeState, ev: list[dict]) -> None:
    """After the active coach's throw resolves, the other coach may counter-attack once."""
    them = s.other(s.active)
    if s.counter_attack and not them.counter_used and counter_options(g, s):
        StepMachine.push(s, "counter")


def counter_options(g, s: DodgeState) -> tuple[str, ...]:
    """One player's throw, or with group throws on a group throw ("can be used whenever a throw
    attempt is made"): ``p2 counter THROWER TARGET [SUPPORTER...]``."""
    them, me = s.other(s.active), s.coach(s.active)
    out = []
    for p in them.on_court():
        if why_not_thrower(g, s, them, p, counter=True) is not None:
            continue
        groups = [()] + supporter_groups(g, s, them, p)
        out += [
            " ".join((them.id, "counter", p, t, *c))
            for t in me.on_court()
            if why_not_target(s, me, t) is None
            for c in groups
        ]
    return tuple(out)


def why_not_now(g, s: DodgeState, w: list[str]) -> tuple[str, str] | None:
    """A counter-attack asked for when none is offered: the rule it breaks."""
    if len(w) < 2 or w[1] != "counter" or w[0] not in ("p1", "p2"):
        return None
    if not s.counter_attack:
        return "counter-attacks are an advanced rule not in play (option counter_attack)", COUNTER
    if s.active == w[0]:
        return "a counter-attack is made during the opposing coach's attacking turn, not one's own", COUNTER
    if s.coach(w[0]).counter_used:
        return (
            f"{w[0]} has made its counter-attack this turn: each coach may perform only one counter-attack "
            "during the entire opposing attack turn"
        ), COUNTER
    return "a counter-attack is announced right after an opposing throw is fully executed", COUNTER


class Counter(Step):
    rule = COUNTER

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt:
        them = s.other(s.active)
        return Prompt(them.id, "counter", "counter-attack?", counter_options(g, s) + (f"{them.id} pass",))

    def explain(self, g, s: DodgeState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) >= 4 and w[1] == "counter":
            them, me = s.coach(w[0]), s.other(w[0])
            if len(w) > 4 and not s.group_throws:
                return "a counter-attack is one player's throw: group throws are not in play", GROUP
            return (
                why_not_thrower(g, s, them, w[2], counter=True)
                or why_not_target(s, me, w[3])
                or why_not_supporters(g, them, w[2], w[4:])
            )
        return None

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        StepMachine.pop(s)
        if w[1] == "pass":
            return
        s.coach(w[0]).counter_used = True
        start_throw(g, s, w[0], "counter", w[2], w[3], w[4:], ev)


class Over(Step):
    rule = "End of game"
