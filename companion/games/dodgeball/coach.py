"""The computer coach: plays either side from its own seat's view (its hand, the public court,
the printed cards of the pack), never the other coach's hand.

It judges a throw by the chance that it eliminates the target, taking the other coach's card
as any card of a full intensity deck and the defensive action as the one best for the target;
it organises its strongest throwers forward with the balls, defends with the action most
likely to survive (a catch counts extra: it puts the thrower out), and retreats a player
left empty-handed in the offensive zone, spending its lowest sufficient card."""

from __future__ import annotations

from companion.engine.core import Prompt
from companion.games.dodgeball.policies import RandomPolicy

THROW_AT = 0.45  # the least chance of a hit worth a throw when none is compulsory
COUNTER_AT = 0.5
GIVEN_BALL = 0.1  # what a ball handed to the other side by a group throw costs, in hit chance
ATTR = {"block": "BLO", "dodge": "DOD", "catch": "CTH"}


def card_worth(pack, card: str, con: int, vs_catch: bool = False, attacking: bool = False) -> float:
    kind = pack.by_card[card].kind
    if kind == "boost":
        return pack.by_card[card].value
    if kind == "con":
        return con
    if kind == "supershot":
        return pack.rules.supershot if attacking and vs_catch else 0
    return 2.5  # DECEIVE: a fresh card of about average worth


_DECK_VALUES: dict[tuple, tuple] = {}


def deck_values(pack, con: int, vs_catch: bool, attacking: bool) -> list[float]:
    """The worth of every card of a full deck (kept per pack: a planner's rollouts ask often)."""
    key = (id(pack), con, vs_catch, attacking)
    kept = _DECK_VALUES.get(key)
    if kept is None or kept[0] is not pack:
        kept = _DECK_VALUES[key] = (pack, [card_worth(pack, c, con, vs_catch, attacking) for c in pack.deck])
    return kept[1]


class CoachPolicy(RandomPolicy):
    """A sensible coach; falls back to a random legal option for anything it does not judge."""

    view_keys = None  # it reads the whole view (the random player reads none)

    def __call__(self, engine, view: dict, prompt: Prompt) -> str:
        judge = getattr(self, "_" + prompt.kind, None)
        choice = judge(engine, view, prompt) if judge and (prompt.options or prompt.kind == "line") else None
        legal = prompt.options if prompt.options is not None else (choice,)
        return choice if choice and choice in legal else super().__call__(engine, view, prompt)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _sides(view: dict, seat: str) -> tuple[dict, dict]:
        me = view["coaches"][seat]
        them = next(c for sid, c in view["coaches"].items() if sid != seat)
        return me, them

    @staticmethod
    def _attr(engine, player: str, attr: str) -> int:
        return engine.pack.by_player[player].attrs[attr]

    def _hand(self, me: dict) -> list[str]:
        return me.get("hand") or []

    def _best_card(self, engine, me: dict, con: int, vs_catch=False, attacking=False) -> float:
        hand = self._hand(me)
        if not hand:
            return 3.0
        return max(card_worth(engine.pack, c, con, vs_catch, attacking) for c in hand)

    def hit_chance(
        self, engine, view, seat: str, thrower: str, target: str, attr: str = "THR", bonus: int = 0
    ) -> float:
        """The chance that the throw eliminates the target, the target choosing its best action."""
        me, them = self._sides(view, seat)
        pack = engine.pack
        penalty = pack.rules.defense_penalty if them["zone"][target] == "def" else 0
        held = them["balls"][target]
        actions = ["dodge"] + (["block"] if held else ["catch"])
        worst = 1.0
        for action in actions:
            mine = (
                self._attr(engine, thrower, attr)
                - penalty
                + bonus
                + self._best_card(engine, me, self._attr(engine, thrower, "CON"), action == "catch", True)
            )
            theirs = deck_values(pack, self._attr(engine, target, "CON"), False, False)
            base = self._attr(engine, target, ATTR[action])
            if action == "block":
                wins = sum(mine > base + v for v in theirs)
            else:
                wins = sum(mine >= base + v for v in theirs)
            worst = min(worst, wins / len(theirs))
        return worst

    # ------------------------------------------------------------------ decisions
    def _team(self, engine, view, prompt):
        return prompt.options[int(self.rng.random() * len(prompt.options))]

    def _captain(self, engine, view, prompt):
        return max(prompt.options, key=lambda o: sum(engine.pack.by_player[o.split()[2]].attrs.values()))

    _pick = _captain

    def _line(self, engine, view, prompt):
        """The two fastest players forward."""
        multi = prompt.choice["multi"]
        fastest = sorted(multi["items"], key=lambda p: -self._attr(engine, p, "SPD"))[: multi["max"]]
        return " ".join((prompt.actor, multi["verb"], *fastest))

    def _card(self, engine, view, prompt):
        seat = prompt.actor
        me, _ = self._sides(view, seat)
        options = prompt.options
        if view["cards_mode"] == "table":  # no real hand: a hand of three drawn at random
            unseen = list(engine.pack.deck)  # from the cards not yet seen, then the best of it
            for card in me["discard"]:
                unseen.remove(card)
            hand = set(self.rng.sample(unseen, min(3, len(unseen))))
            options = [o for o in options if o.split()[2] in hand] or options
        duel = view["duel"] or {}
        kind = duel.get("kind", "rush")
        if kind in ("throw", "counter"):
            attacking = duel["attacker"] == seat
            player = duel["thrower"] if attacking else duel["target"]
            con = self._attr(engine, player, "CON")
            vs_catch = attacking and duel.get("action") == "catch"
        else:
            attacking, vs_catch = False, False
            con = max((self._attr(engine, p, "CON") for p in me.get("rush") or []), default=2)

        def worth(option: str) -> float:
            words = option.split()
            bonus = 0.5 * (len(words) - 3)  # a mascot or coach card spent now
            return card_worth(engine.pack, words[2], con, vs_catch, attacking) + bonus

        return max(options, key=worth)

    def _defend(self, engine, view, prompt):
        seat = prompt.actor
        me, them = self._sides(view, seat)
        duel = view["duel"]
        target, thrower = duel["target"], duel["thrower"]
        attr = "COU" if duel["kind"] == "counter" else "THR"
        pick = me.get("pick") or ""
        penalty = engine.pack.rules.defense_penalty if me["zone"][target] == "def" else 0
        best, chosen = -1.0, None
        for option in prompt.options:
            action = option.split()[1]
            card = (
                card_worth(engine.pack, pick, self._attr(engine, target, "CON"))
                if pick
                else self._best_card(engine, me, self._attr(engine, target, "CON"))
            )
            mine = self._attr(engine, target, ATTR[action]) + card
            theirs = [
                self._attr(engine, thrower, attr) - penalty + len(duel.get("supporters", [])) + v
                for v in deck_values(engine.pack, self._attr(engine, thrower, "CON"), action == "catch", True)
            ]
            safe = sum(mine >= t if action == "block" else mine > t for t in theirs) / len(theirs)
            score = safe * (1.4 if action == "catch" else 1.0)
            if score > best:
                best, chosen = score, option
        return chosen

    def _turn(self, engine, view, prompt):
        seat = prompt.actor
        me, them = self._sides(view, seat)
        options = set(prompt.options)
        if not view["throws"]:
            move = self._organise(engine, me, seat, options)
            if move:
                return move
        throws = [o for o in prompt.options if o.split()[1] in ("throw", "group")]
        if throws:
            scored = []
            for o in throws:
                w = o.split()
                helpers = len(w) - 4 if w[1] == "group" else 0
                chance = self.hit_chance(
                    engine, view, seat, w[2], w[3], bonus=helpers * engine.pack.rules.group_bonus
                )
                scored.append(
                    (chance - GIVEN_BALL * helpers, chance, o)
                )  # each supporter's ball is given away
            _, chance, best = max(scored)
            if (
                chance >= THROW_AT
                or (view["must_throw"] and not view["throws"])
                or f"{seat} end" not in options
            ):
                return best
        return f"{seat} end"

    def _organise(self, engine, me: dict, seat: str, options: set[str]) -> str | None:
        court = [p for p in me["players"] if me["zone"][p] in ("off", "def")]
        balls = me["strays"] + sum(me["balls"].values())
        want = sorted(court, key=lambda p: -self._attr(engine, p, "THR"))[: min(4, balls)]
        for p in court:
            if p not in want and me["zone"][p] == "off" and f"{seat} back {p}" in options:
                return f"{seat} back {p}"
            if p not in want and me["balls"][p] and f"{seat} drop {p}" in options:
                return f"{seat} drop {p}"
        for p in want:
            if me["zone"][p] == "def" and f"{seat} forward {p}" in options:
                return f"{seat} forward {p}"
        for per in (1, 2):
            for p in want:
                if me["balls"][p] < per and f"{seat} give {p}" in options:
                    return f"{seat} give {p}"
        return None

    def _retreat(self, engine, view, prompt):
        seat = prompt.actor
        me, _ = self._sides(view, seat)
        options = [o for o in prompt.options if o.split()[1] == "retreat"]
        empty = [o for o in options if not me["balls"][o.split()[2]]]
        if not empty:
            return f"{seat} stay"
        return min(
            empty,
            key=lambda o: card_worth(engine.pack, o.split()[3], self._attr(engine, o.split()[2], "CON")),
        )

    def _counter(self, engine, view, prompt):
        seat = prompt.actor
        scored = [
            (self.hit_chance(engine, view, seat, o.split()[2], o.split()[3], "COU"), o)
            for o in prompt.options
            if o.split()[1] == "counter" and len(o.split()) == 4
        ]  # alone
        if scored and max(scored)[0] >= COUNTER_AT:
            return max(scored)[1]
        return f"{seat} pass"
