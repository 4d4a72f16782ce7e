"""Dodgeball's odds, exact over what the seat cannot see: the chance to win each duel for each
target and card.

The other coach's card is any of the cards the seat has not seen (its hand, its deck and a card
it played face down are one pool to the seat), each alike; its rushing line, until revealed,
any pair of its players alike; its defensive action, when still to come, any it may declare
alike. Attributes, abilities and mascot or coach cards in play count as the engine counts them
(power.py). A DECEIVE is played again: the seat's best card left against the pool again; a
second DECEIVE, or a tie in the rush, counts as half a win.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from companion.games.dodgeball.duel import ACTIONS, why_not_action
from companion.games.dodgeball.power import Context, attribute, card_value
from companion.games.dodgeball.state import DEF, OFF, DodgeState, Duel
from companion.games.dodgeball.throws import throw_powers
from companion.odds.advice import Advice, OptionOdds
from companion.odds.advisor import best_of

HIT = "chance the throw puts the target out"
SAFE = "chance the target stays in"
NET = "mean players out, theirs less ours"


def advise(g, s: DodgeState, prompt, legal: list[str]) -> Advice | None:
    d = s.duel
    kind = prompt.kind
    if kind in ("line", "card") and d is not None and d.kind in ("rush", "tie"):
        return _rush(g, s, prompt, legal)
    if kind == "card" and d is not None:
        return _throw_card(g, s, prompt, legal)
    if kind == "defend":
        return _defend(g, s, prompt, legal)
    if kind in ("turn", "counter"):
        return _throws(g, s, prompt, legal)
    return None


# --------------------------------------------------------------------------- what the seat cannot see


def unseen(s: DodgeState, seat: str) -> Counter:
    """The other coach's cards as ``seat`` sees them: one pool, hand, deck and a face-down card."""
    them = s.other(seat)
    pool = list(them.deck)
    if s.cards == "digital":
        pool += them.hand
    if them.pick:
        pool.append(them.pick)
    return Counter(pool)


def _mine(s: DodgeState, seat: str) -> list[str]:
    me = s.coach(seat)
    cards = me.hand if s.cards == "digital" else me.deck
    return sorted(set(cards) | ({me.pick} if me.pick else set()))


def _spread(pool: Counter):
    n = sum(pool.values())
    return [(card, k / n) for card, k in sorted(pool.items())]


def _deceive(g, card: str) -> bool:
    return g.pack.by_card[card].kind == "deceive"


# --------------------------------------------------------------------------- a throw's duel


def _outcome(g, s: DodgeState, d: Duel, picks: dict[str, str]) -> tuple[float, float]:
    """(1 if the throw hits, players out theirs-less-ours for the thrower) for these cards."""
    attack, defence = throw_powers(g, s, d, picks)
    a, t = attack.total, defence.total
    if a > t or (a == t and d.action in ("dodge", "catch")):
        return 1.0, 1.0
    if d.action == "catch" and t > a:
        them = s.owner(d.target)
        return 0.0, -1.0 - (1.0 if them.out else 0.0)
    return 0.0, 0.0


def _duel(
    g,
    s: DodgeState,
    d: Duel,
    seat: str,
    mine: str,
    extras: tuple[str, ...],
    pool: Counter,
    hand: list[str],
    depth: int = 0,
) -> tuple[float, float]:
    """The throw's (hit, net) for the thrower, averaged over the other side's card from
    ``pool``; ``seat`` plays ``mine`` (with ``extras``). An action still to declare is the
    target's coach's: its best when that is ``seat``, else any alike."""
    attacker = d.attacker
    other = s.other(attacker).id if seat == attacker else attacker
    actions = [d.action] if d.action else [a for a in ACTIONS if why_not_action(s, a) is None]
    saved_action, saved_active = d.action, d.active
    per_action = []
    try:
        d.active = {**d.active, seat: [*d.active.get(seat, []), *extras]}
        for action in actions:
            d.action = action
            hit = net = 0.0
            for theirs, w in _spread(pool):
                if _deceive(g, mine) or _deceive(g, theirs):
                    h, n = _replay(g, s, d, seat, mine, theirs, pool, hand, depth)
                else:
                    h, n = _outcome(g, s, d, {seat: mine, other: theirs})
                hit += w * h
                net += w * n
            per_action.append((hit, net))
    finally:
        d.action, d.active = saved_action, saved_active
    if seat != attacker:
        return min(per_action, key=lambda r: (r[0], r[1]))
    return (sum(h for h, _ in per_action) / len(per_action), sum(n for _, n in per_action) / len(per_action))


def _replay(g, s, d, seat, mine, theirs, pool, hand, depth) -> tuple[float, float]:
    """After a DECEIVE both play again, the action standing: the seat's best card left."""
    if depth >= 1:
        return 0.5, 0.0
    left = [c for c in hand if c != mine] or hand
    again = pool - Counter([theirs]) or pool
    attacking = seat == d.attacker
    best = None
    for card in sorted(set(left)):
        h, n = _duel(g, s, d, seat, card, (), again, left, depth + 1)
        key = (h, n) if attacking else (1 - h, -n)
        if best is None or key > best[0]:
            best = (key, (h, n))
    return best[1]


def _for(seat: str, d: Duel, hit: float, net: float) -> tuple[float, float]:
    """(p, mean) from ``seat``'s side: the thrower wants the hit, the target's coach the miss."""
    return (hit, net) if seat == d.attacker else (1 - hit, -net)


def _card_words(action: str) -> tuple[str, tuple[str, ...]]:
    words = action.split()
    return words[2], tuple(words[3:])


def _throw_card(g, s: DodgeState, prompt, legal: list[str]) -> Advice:
    seat, d = prompt.actor, s.duel
    pool, hand = unseen(s, seat), _mine(s, seat)
    opts = []
    for action in legal:
        card, extras = _card_words(action)
        p, mean = _for(seat, d, *_duel(g, s, d, seat, card, extras, pool, hand))
        opts.append(OptionOdds(action, p, mean, _what(seat, d)))
    best = best_of(opts, lambda o: (o.p, o.mean, -len(o.action.split())))
    return Advice(
        seat,
        prompt.text,
        opts,
        best.action,
        f"the best chance against the {sum(pool.values())} cards {seat} has not seen",
    )


def _what(seat: str, d: Duel) -> str:
    side = HIT if seat == d.attacker else SAFE
    action = "" if d.action else ", its action any alike" if seat == d.attacker else ", then the best action"
    return f"{side} (their card any unseen{action}), {NET}"


def _defend(g, s: DodgeState, prompt, legal: list[str]) -> Advice:
    seat, d = prompt.actor, s.duel
    me = s.coach(seat)
    pool, hand = unseen(s, seat), _mine(s, seat)
    opts = []
    for action in legal:
        d.action = action.split()[1]
        try:
            if me.pick:  # my card is down: only theirs is unknown
                hit, net = _duel(g, s, d, seat, me.pick, tuple(me.extras), pool, hand)
            else:  # cards come after the action: my best card then
                hit, net = min((_duel(g, s, d, seat, c, (), pool, hand) for c in hand), default=(1.0, 1.0))
        finally:
            d.action = ""
        p, mean = _for(seat, d, hit, net)
        opts.append(OptionOdds(action, p, mean, f"{SAFE} (the thrower's card any unseen), {NET}"))
    best = best_of(opts, lambda o: (o.p, o.mean))
    return Advice(seat, prompt.text, opts, best.action, f"the best chance {d.target} stays in")


def _throws(g, s: DodgeState, prompt, legal: list[str]) -> Advice | None:
    seat = prompt.actor
    pool, hand = unseen(s, seat), _mine(s, seat)
    opts = []
    for action in legal:
        words = action.split()
        if words[1] not in ("throw", "group", "counter"):
            opts.append(OptionOdds(action, None, None, "no duel: no card decides this"))
            continue
        t = g.from_json(g.to_json(s))
        g.apply(t, action)
        d = t.duel
        rated = [(c, _duel(g, t, d, seat, c, (), pool, hand)) for c in hand]
        card, (hit, net) = max(rated, key=lambda r: r[1]) if rated else ("", (0.0, 0.0))
        opts.append(
            OptionOdds(
                action,
                hit,
                net,
                f"{HIT} with its best card ({card}), their card any unseen, the action any alike; {NET}",
            )
        )
    throws = [o for o in opts if o.p is not None]
    if not throws:
        return None
    best = best_of(throws, lambda o: (o.p, o.mean))
    return Advice(seat, prompt.text, opts, best.action, "the likeliest hit of the throws open")


# --------------------------------------------------------------------------- the opening rush


def _rush_total(g, s: DodgeState, seat: str, line: tuple[str, ...], card: str) -> int:
    """SPD of ``line`` plus the card (reveal.rush_power's sum, lined up as at the reveal)."""
    coach = s.coach(seat)
    saved_rush, saved_zone = coach.rush, coach.zone
    coach.rush = list(line)
    coach.zone = {p: OFF if p in line else DEF for p in coach.players}
    try:
        ctx = Context("rush")
        speeds = sum(attribute(g, s, coach, p, "SPD", ctx).total for p in line)
        return speeds + max(card_value(g, s, coach, card, p, ctx, attacking=False) for p in line)
    finally:
        coach.rush, coach.zone = saved_rush, saved_zone


def _rush(g, s: DodgeState, prompt, legal: list[str]) -> Advice:
    seat, d = prompt.actor, s.duel
    me, them = s.coach(seat), s.other(seat)
    pool = unseen(s, seat)
    n = g.pack.rules.rush_forward
    tie = d.kind == "tie"
    if tie:
        theirs_lines = [()]
    elif d.deceived and them.rush:  # shown at the first reveal
        theirs_lines = [tuple(them.rush)]
    else:
        theirs_lines = list(combinations(sorted(them.players), n))
    if prompt.kind == "line":
        choices = [(tuple(a.split()[2:]), None) for a in legal]
    else:
        choices = [(tuple(me.rush), a.split()[2]) for a in legal]
    opts = []
    for action, (line, card) in zip(legal, choices):
        cards = [card] if card else _mine(s, seat)
        best = max(_rush_win(g, s, seat, them.id, line, c, theirs_lines, pool, tie) for c in cards)
        what = "chance to win the rush (a tie or DECEIVE half)"
        what += "" if card else ", with the best card in hand"
        opts.append(OptionOdds(action, best, None, what + "; their line and card any alike"))
    best = best_of(opts, lambda o: o.p)
    return Advice(seat, prompt.text, opts, best.action, "the likeliest to win the rush and begin")


def _rush_win(g, s, seat, other, line, card, their_lines, pool, tie) -> float:
    win = 0.0
    for theirs, w in _spread(pool):
        if _deceive(g, card) or _deceive(g, theirs):
            win += w * 0.5
            continue
        for their_line in their_lines:
            if tie:
                mine = _rush_card(g, s, seat, card)
                them = _rush_card(g, s, other, theirs)
            else:
                mine = _rush_total(g, s, seat, line, card)
                them = _rush_total(g, s, other, their_line, theirs)
            win += w / len(their_lines) * (1.0 if mine > them else 0.5 if mine == them else 0.0)
    return win


def _rush_card(g, s, seat: str, card: str) -> int:
    """A tie's replay: the card's value alone (reveal.rush_card_value)."""
    coach = s.coach(seat)
    ctx = Context("rush")
    return max(
        card_value(g, s, coach, card, p, ctx, attacking=False) for p in coach.rush or coach.players[:1]
    )


__all__ = ["advise", "unseen"]
