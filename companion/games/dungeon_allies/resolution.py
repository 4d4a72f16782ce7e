"""The resolution phase after the excursions, in the board's order: turn order, treasure,
trainer, tavern, free the prisoner, trade, sorcerer; then the end of the turn (or of the game).

On a real board each step that has something to do waits for an OK, so the device walks the
table through the phase one step at a time; on the device's own board they run at once."""

from __future__ import annotations

from companion.engine.core import Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine

from .open_spaces import numbered
from .placement import PRISONER, SORCERER, TAVERN, TRADE, TRAINER, TREASURE
from .rules import dice_by_space, gain_crystals, lowest_rank, next_die, on_space, sorcerer_cost, spend
from .scoring import finish_game
from .state import AlliesState, Ally

goto = StepMachine.goto


class Resolve(Step):
    """A resolution step that needs no decision: ``work`` says what it will do (None: nothing)."""

    then = ""

    def work(self, g, s: AlliesState) -> str | None:
        raise NotImplementedError

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        raise NotImplementedError

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt | None:
        if s.board != "real":
            return None
        what = self.work(g, s)
        # a person says the table has done it: the computer moves no pieces on a real board
        who = next((sid for sid in s.order if sid not in s.computers), s.order[0])
        return Prompt(who, "resolve", what, (f"{who} ok",)) if what else None

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        if s.board == "real":
            if self.work(g, s):
                return False
            self.do(g, s, ev)  # act's work, without the call
            goto(s, self.then)
            return True
        # the device's own board: this step and the ones after it that need no decision, in a
        # row, without a round of the step machine for each (none of them ends the game)
        step = self
        while isinstance(step, Resolve):
            step.do(g, s, ev)
            then = step.then
            step = g.steps[then]
        goto(s, then)
        return True

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        self.do(g, s, ev)
        goto(s, self.then)


class TurnOrder(Resolve):
    """The players on the turn-order spaces take those places and their crystals; the others
    move right, keeping their order."""

    rule, then = "Turn order", "treasure"

    def work(self, g, s: AlliesState) -> str | None:
        movers = [p.seat.upper() for p in on_space(s, "order")]
        return f"2 order: {' '.join(movers)} first" if movers else None

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        movers = [p.seat for p in dice_by_space(g, s).get("order", ())]
        if not movers:
            return
        s.order = movers + [sid for sid in s.order if sid not in movers]
        gains = {sid: gain_crystals(s, s.seat(sid), [g.pack.turn_order[i]]) for i, sid in enumerate(movers)}
        if ev is not QUIET:
            ev.append({"event": "turn order", "order": list(s.order), "crystals": gains})


def guarded(s: AlliesState, space: str, pile: list[str]) -> bool:
    """The gold is always guarded, a crystal space only with a green or white crystal in it;
    nothing is guarded once every monster is gone."""
    return (space == "gold" or "green" in pile or "white" in pile) and s.monsters_remain


class Treasure(Resolve):
    rule, then = TREASURE, "train"

    def spaces(self, s: AlliesState) -> list[tuple[str, list[str]]]:
        """Each treasure space and its pile, in the board's order (the gold pile as so many
        "gold"); made in C, not by a generator, as it is asked every turn."""
        return [*zip(numbered("treasure", len(s.treasure)), s.treasure), ("gold", ["gold"] * s.gold_pile)]

    def work(self, g, s: AlliesState) -> str | None:
        takers = [
            f"{p.seat.upper()} "
            + ("the gold" if space == "gold" else f"pile {space.removeprefix('treasure')}")
            for space, _ in self.spaces(s)
            for p in on_space(s, space)
        ]
        return f"3 treasure: {', '.join(takers)}" if takers else None

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        on = dice_by_space(g, s)
        for space, pile in self.spaces(s):
            for p in on.get(space, ()):
                seat = s.seat(p.seat)
                if not seat.victory and guarded(s, space, pile):  # the cheaper test first
                    ev.append({"event": "treasure guarded", "seat": seat.id, "space": space})
                    continue
                if space == "gold":
                    seat.gold += s.gold_pile
                    if ev is not QUIET:
                        ev.append({"event": "treasure", "seat": seat.id, "space": space, "gold": s.gold_pile})
                    s.gold_pile = 0
                else:
                    for c in pile:
                        seat.crystals[c] += 1
                    if ev is not QUIET:
                        ev.append(
                            {"event": "treasure", "seat": seat.id, "space": space, "crystals": list(pile)}
                        )
                    pile.clear()


class Train(Resolve):
    """Top to bottom, each die's character trades its token for the next on the ladder; a
    token another of the player's characters already holds forfeits the training."""

    rule, then = TRAINER, "tavern"

    def work(self, g, s: AlliesState) -> str | None:
        dice = [f"{p.seat.upper()} {p.die}" for p in on_space(s, "train")]
        return f"4 trainer: {', '.join(dice)}" if dice else None

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        for p in dice_by_space(g, s).get("train", ()):
            seat = s.seat(p.seat)
            ally = seat.allies[p.ally]
            higher = next_die(g, ally.die)
            holder = next((a.name for a in seat.allies if a.die == higher), None)
            if higher is None or holder:
                why = f"{holder} already has the {higher}" if holder else f"{ally.die} is the top"
                s.stats["trainings_forfeited"] = s.stats.get("trainings_forfeited", 0) + 1
                ev.append({"event": "training forfeited", "seat": seat.id, "ally": ally.name, "why": why})
                continue
            ev.append(
                {"event": "trained", "seat": seat.id, "ally": ally.name, "from": ally.die, "to": higher}
            )
            ally.die = higher
            s.stats["trainings"] = s.stats.get("trainings", 0) + 1


def follower_refused(g, s: AlliesState, seat) -> str | None:
    """ "When a follower is gained, he must have a die token lower than the lowest die of the
    other characters tiles": checked here, at step 5, after the trainer; None when he may join."""
    fol = g.followers[s.follower_top]
    if g.pack.die_rank(fol.die) < lowest_rank(g, seat):
        return None
    return (
        f"the {fol.name}'s {fol.die} is not lower than {seat.id}'s lowest die "
        f"{g.pack.rules.ladder[lowest_rank(g, seat)]}"
    )


class Tavern(Resolve):
    """The highest bid (the last to outbid) gains the follower when his die is lower than the
    player's lowest after the trainer; else the tavern is forfeited, as the trainer forfeits a
    duplicate, and he stays on the stack. All gold bid went to the supply."""

    rule, then = TAVERN, "prisoner"

    def work(self, g, s: AlliesState) -> str | None:
        bids = on_space(s, "tavern")
        if not bids or not s.follower_top:
            return None
        top = max(bids, key=lambda p: p.gold)
        follower = g.followers[s.follower_top].name if s.follower_top in g.followers else s.follower_top
        if follower_refused(g, s, s.seat(top.seat)):
            return f"5 tavern: {top.seat.upper()} forfeits {follower}"
        return f"5 tavern: {top.seat.upper()} gains {follower}"

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        bids = dice_by_space(g, s).get("tavern")
        if not bids or not s.follower_top:
            return
        top = max(bids, key=lambda p: p.gold)
        seat = s.seat(top.seat)
        why = follower_refused(g, s, seat)
        if why:
            s.stats["followers_forfeited"] = s.stats.get("followers_forfeited", 0) + 1
            ev.append(
                {
                    "event": "follower forfeited",
                    "seat": seat.id,
                    "follower": s.follower_top,
                    "why": why,
                    "bid": top.gold,
                    "bids": {p.seat: p.gold for p in bids},
                }
            )
            return
        fol = g.followers[s.follower_top]
        seat.allies = [*seat.allies, Ally(s.follower_top, die=fol.die, follower=True)]
        ev.append(
            {
                "event": "follower gained",
                "seat": seat.id,
                "follower": s.follower_top,
                "die": fol.die,
                "bid": top.gold,
                "bids": {p.seat: p.gold for p in bids},
            }
        )
        s.stats["followers"] = s.stats.get("followers", 0) + 1
        s.follower_top = ""


class Prisoner(Resolve):
    rule, then = PRISONER, "trade"

    def work(self, g, s: AlliesState) -> str | None:
        freed = [
            p.seat.upper() for i in range(len(g.pack.prisoners)) for p in on_space(s, f"prisoner{i + 1}")
        ]
        return f"6 prisoner: {', '.join(freed)}" if freed else None

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        on = dice_by_space(g, s)
        for i, space in enumerate(g.pack.prisoners):
            for p in on.get(f"prisoner{i + 1}", ()):
                got = gain_crystals(s, s.seat(p.seat), list(space.reward))
                if ev is not QUIET:
                    ev.append(
                        {
                            "event": "prisoner freed",
                            "seat": p.seat,
                            "offering": space.offering,
                            "crystals": got,
                        }
                    )


def trade_rates(g) -> list[tuple[str, int, str, int]]:
    """(give, how many, take, how many): every rate on the trade board, both ways. The engine
    keeps them (``g.rates``): a trade prompt reads them several times."""
    out = []
    for t in g.pack.trades:
        out += [(t.give, t.count, t.take, 1), (t.take, 1, t.give, t.count)]
    return out


class Trade(Step):
    """Each player with a die on the trade space makes as many trades as he likes, one at a
    time, at the board's rates, with the supply; a player with nothing he can trade is not
    asked (his only answer would be ``done``)."""

    rule = TRADE

    def traders(self, g, s: AlliesState) -> list[str]:
        out = []  # a loop, not a comprehension: asked by the step's auto and its prompt
        for p in dice_by_space(g, s).get("trade", ()):
            out.append(p.seat)
        return out

    def trades(self, g, s: AlliesState, sid: str) -> list[str]:
        crystals, bag, out = s.seat(sid).crystals, s.bag, []
        for give, n, take, m in g.rates:  # a loop: asked by the step's auto and its prompt
            if crystals[give] >= n and bag[take] >= m:
                out.append(f"{sid} trade {give} {take}")
        return out

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt | None:
        traders = self.traders(g, s)
        i = f.data.get("i", 0)
        if i >= len(traders):
            return None
        sid = traders[i]
        held = []  # "2R 0B ...": the crystals he holds, colour by colour
        for c, n in s.seat(sid).crystals.items():
            held.append(f"{n}{c[0].upper()}")
        return Prompt(sid, "trade", "7 trade: " + " ".join(held), (*self.trades(g, s, sid), f"{sid} done"))

    def explain(self, g, s: AlliesState, f: Frame, w: list[str], p: Prompt):
        if len(w) == 4 and w[1] == "trade":
            rate = next(((a, n, b, m) for a, n, b, m in trade_rates(g) if (a, b) == (w[2], w[3])), None)
            if rate is None:
                return f"the merchants do not trade {w[2]} for {w[3]}", TRADE
            give, n, take, m = rate
            if s.seat(w[0]).crystals[give] < n:
                return f"{n} {give} for {m} {take}: {w[0]} has {s.seat(w[0]).crystals[give]} {give}", TRADE
            return f"the supply has no {take} crystal left", TRADE
        return None

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        traders, i = self.traders(g, s), f.data.get("i", 0)
        if i < len(traders) and self.trades(g, s, traders[i]):
            return False
        if i < len(traders):  # nothing he can trade: no question
            if ev is not QUIET:
                ev.append({"event": "nothing to trade", "seat": traders[i]})
            f.data = {"i": i + 1}
            return True
        goto(s, "sorcerer")
        return True

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        if w[1] == "done":
            f.data = {"i": f.data.get("i", 0) + 1}
            return
        seat = s.seat(w[0])
        give, n, take, m = next(r for r in trade_rates(g) if (r[0], r[2]) == (w[2], w[3]))
        spend(s, seat, give, n)
        gain_crystals(s, seat, [take] * m)
        s.stats["trades"] = s.stats.get("trades", 0) + 1
        ev.append({"event": "traded", "seat": seat.id, "gave": [give] * n, "got": [take] * m})


class Sorcerer(Resolve):
    """Each card with a die on it goes to that player for one crystal of the round's colour;
    without one the action is lost and the card stays."""

    rule, then = SORCERER, "endturn"

    def work(self, g, s: AlliesState) -> str | None:
        buyers = [p.seat.upper() for i in range(len(s.row)) for p in on_space(s, f"sorcerer{i + 1}")]
        return f"8 sorcerer: {', '.join(buyers)} pay {sorcerer_cost(g, s)}" if buyers else None

    def do(self, g, s: AlliesState, ev: list[dict]) -> None:
        cost = sorcerer_cost(g, s)
        on = dice_by_space(g, s)
        for i, card in enumerate(s.row):
            for p in on.get(f"sorcerer{i + 1}", ()):
                seat = s.seat(p.seat)
                if not seat.crystals[cost]:
                    ev.append({"event": "sorcerer forfeited", "seat": seat.id, "card": card, "cost": cost})
                    continue
                spend(s, seat, cost)
                seat.cards = [*seat.cards, card]
                s.row[i] = ""
                s.stats["cards"] = s.stats.get("cards", 0) + 1
                if ev is not QUIET:
                    ev.append({"event": "sorcerer card", "seat": seat.id, "card": card, "cost": cost})


class EndTurn(Step):
    """When every monster is gone the game ends with this turn; else clear the dice and refill."""

    rule = "End of the turn"

    def auto(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> bool:
        s.placed = []
        for seat in s.seats:
            seat.victory = False
        if not s.monsters_remain:
            finish_game(g, s, ev)
            return True
        goto(s, "refill")
        s.frames[0].data = {"next": 1}
        return True
