"""What a player counts in a duel: the attribute, the abilities, mascot and coach cards, the
intensity card and the penalty, each a term, so a duel can be shown as arithmetic
("THR 5+3-1=7 vs DOD 4+4=8") and summed.

Abilities read the printed (base) attributes; an ability's ``base`` form compares base values
only. CON is changed only by an ability that names CON (rulebook, Abilities: notes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.dodgeball.pack import ALL_BUT_CON
from companion.games.dodgeball.state import DEF, OFF, Coach, DodgeState

ACTION_ATTR = {"block": "BLO", "dodge": "DOD", "catch": "CTH"}


@dataclass
class Context:
    """The situation an attribute is read in."""

    situation: str  # throw | counter | defend | rush | retreat
    target_zone: str = ""  # the throw's target's zone
    action: str = ""  # the target's defensive action
    thrower: str = ""  # the thrower, whose ball in the air still counts as held


@dataclass
class Power:
    """A sum shown as its terms: the attribute's name and base, then signed additions."""

    attr: str
    base: int
    terms: list[tuple[str, int]] = field(default_factory=list)

    @property
    def total(self) -> int:
        total = self.base
        for _, v in self.terms:  # a plain loop: a handful of terms, read many times a duel
            total += v
        return total

    def arithmetic(self) -> str:
        """``THR 5+3-1=7``; a lone base is ``DOD 4``."""
        if not self.terms:
            return f"{self.attr} {self.base}"
        return f"{self.attr} {self.base}" + "".join(f"{v:+d}" for _, v in self.terms) + f"={self.total}"

    def as_dict(self) -> dict:
        return {
            "attr": self.attr,
            "base": self.base,
            "terms": [list(t) for t in self.terms],
            "total": self.total,
            "text": self.arithmetic(),
        }


def _expand(attrs: list[str]) -> set[str]:
    out = set()
    for a in attrs:
        out.update(ALL_BUT_CON if a == "ALL" else (a,))
    return out


def _holds(g, s: DodgeState, coach: Coach, owner: str, when: str, ctx: Context) -> bool:
    if when == "always":
        return True
    if when == "target_in_defense":
        return ctx.situation in ("throw", "counter") and ctx.target_zone == DEF
    if when == "target_in_offense":
        return ctx.situation in ("throw", "counter") and ctx.target_zone == OFF
    if when == "vs_catch":
        return ctx.situation in ("throw", "counter") and ctx.action == "catch"
    if when in ("counter", "rush", "retreat"):
        return ctx.situation == when
    if when in ("holding_two", "empty_hands"):  # the balls held when the throw is made
        held = coach.balls.get(owner, 0) + (owner == ctx.thrower)
        return held >= 2 if when == "holding_two" else held == 0
    if when == "in_offense":
        return coach.zone.get(owner) == OFF
    if when == "in_defense":
        return coach.zone.get(owner) == DEF
    if when == "last_three":  # teammates: the other players of the team on court
        return sum(p != owner for p in coach.on_court()) <= 3
    raise ValueError(f"unknown condition {when!r}")


def ability_terms(
    g, s: DodgeState, coach: Coach, player: str, attr: str, ctx: Context
) -> list[tuple[str, int]]:
    """The abilities (the player's own and teammates' support) that change ``attr`` now."""
    if not s.abilities:
        return []
    terms = []
    zone = coach.zone.get(player)
    for owner in coach.on_court():
        ab = g.pack.by_player[owner].ability
        if ab.who == "self" and owner != player:
            continue
        # a support names the teammates in a zone: the holder helps from either zone while on court
        if ab.who == "offense_mates" and (owner == player or zone != OFF):
            continue
        if ab.who == "defense_mates" and (owner == player or zone != DEF):
            continue
        if attr not in _expand(ab.attrs) or not _holds(g, s, coach, owner, ab.when, ctx):
            continue
        if ab.base:
            base = g.pack.by_player[player].attrs
            gain = base[ab.base] - base[attr]
            if gain > 0:
                terms.append((ab.name, gain))
        elif ab.add:
            terms.append((ab.name, ab.add))
    return terms


def attribute(g, s: DodgeState, coach: Coach, player: str, attr: str, ctx: Context) -> Power:
    """The player's attribute with its abilities, as a Power of terms."""
    return Power(attr, g.pack.by_player[player].attrs[attr], ability_terms(g, s, coach, player, attr, ctx))


def con_of(g, s: DodgeState, coach: Coach, player: str, ctx: Context) -> int:
    """The CON a CONSISTENCY card adds: printed CON and only abilities that name CON."""
    return attribute(g, s, coach, player, "CON", ctx).total


def card_value(g, s: DodgeState, coach: Coach, card: str, player: str, ctx: Context, attacking: bool) -> int:
    """What an intensity card adds: a boost its value, CONSISTENCY the player's CON,
    SUPERSHOT +6 to a thrower against a catch and nothing otherwise, DECEIVE nothing (it
    cancels the other card instead)."""
    kind = g.pack.by_card[card].kind
    if kind == "boost":
        return g.pack.by_card[card].value
    if kind == "con":
        return con_of(g, s, coach, player, ctx)
    if kind == "supershot":
        return g.pack.rules.supershot if attacking and ctx.action == "catch" else 0
    return 0


def extra_terms(
    g, coach: Coach, player: str, attr: str, ctx: Context, active: list[str], s: DodgeState
) -> list:
    """Mascot and coach cards in effect for this duel that change ``attr``."""
    terms = []
    for card in active:
        if card in g.pack.by_mascot:
            m = g.pack.by_mascot[card]
            if attr in _expand(m.attrs) and g.pack.by_player[player].team == m.team:
                terms.append((m.name, m.add))
        elif card in g.pack.by_coach:
            c = g.pack.by_coach[card]
            if attr in _expand(c.attrs) and _holds(g, s, coach, player, c.when, ctx):
                terms.append((c.name, c.add))
    return terms
