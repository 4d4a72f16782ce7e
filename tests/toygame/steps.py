"""Crystal Auction's rules as steps of the shared step machine (companion/engine/steps.py).

A round: a bag draw of crystals (with repeats), a bid for them in turn, the winner's roll of a
d4, a d6 and a d12 (a high total doubles the crystals' points), then a duel: every seat picks a
card face down, one after the other, and the engine reveals them together; the highest scores.
Each step is one rule; the main line moves with ``StepMachine.goto``.
"""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from tests.toygame.state import SeatState, ToyState

goto = StepMachine.goto


def first_seat(s: ToyState) -> int:
    """The round's first seat: the lead passes to the left each round."""
    return (s.round - 1) % len(s.seats)


def turn_seat(s: ToyState) -> SeatState:
    return s.seats[(first_seat(s) + s.turn) % len(s.seats)]


class Deal(Step):
    rule = "Dealing"

    def prompt(self, g, s: ToyState, f: Frame) -> Prompt:
        sid = s.seats[s.turn].id
        spec = ChanceSpec(
            "deal", tuple(s.deck), g.pack.hand_size, die="deck", distinct=True, by="device", private=sid
        )
        return Prompt(CHANCE, "deal", f"deal {sid} a hand of {g.pack.hand_size} cards", chance=spec)

    def act(self, g, s: ToyState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.seats[s.turn]
        seat.hand = sorted(w[2:], key=int)
        for card in w[2:]:
            s.deck.remove(card)
        ev.append({"event": "dealt", "seat": seat.id, "cards": len(seat.hand)})
        s.turn += 1
        if s.turn == len(s.seats):
            goto(s, "draw")
            s.turn = 0


class Draw(Step):
    rule = "The bag"

    def prompt(self, g, s: ToyState, f: Frame) -> Prompt:
        spec = ChanceSpec("draw", tuple(s.bag), g.pack.lot_size, die="bag", distinct=True, by="device")
        return Prompt(
            CHANCE, "draw", f"round {s.round}: draw {g.pack.lot_size} crystals from the bag", chance=spec
        )

    def act(self, g, s: ToyState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.lot = w[2:]
        for crystal in s.lot:
            s.bag.remove(crystal)
        for seat in s.seats:
            seat.bid = -1
        goto(s, "bid")
        s.turn, s.high = 0, ""
        ev.append({"event": "lot", "round": s.round, "crystals": list(s.lot)})


class Bid(Step):
    """Each seat bids once, in turn, from 0 to its coins; the highest bid takes the lot and a
    tie stays with the earlier bidder (so the first seat takes an unwanted lot for nothing)."""

    rule = "Bidding"

    def prompt(self, g, s: ToyState, f: Frame) -> Prompt:
        seat = turn_seat(s)
        standing = f"top bid {s.seat(s.high).bid}" if s.high else "no bid yet"
        return Prompt(
            seat.id,
            "bid",
            f"{'+'.join(s.lot)}, {standing}",
            choice={"number": {"min": 0, "max": seat.coins, "verb": "bid"}},
        )

    def check(self, g, s: ToyState, f: Frame, w: list[str]) -> str | None:
        coins = turn_seat(s).coins
        if len(w) != 3 or w[1] != "bid" or not w[2].isdigit():
            return f"a bid is '{w[0]} bid N' with N from 0 to {coins}"
        if int(w[2]) > coins:
            return f"{w[0]} has {coins} coins: a bid of {w[2]} is more than that"
        return None

    def act(self, g, s: ToyState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = turn_seat(s)
        seat.bid = int(w[2])
        if not s.high or seat.bid > s.seat(s.high).bid:
            s.high = seat.id
        ev.append({"event": "bid", "seat": seat.id, "coins": seat.bid})
        s.turn += 1
        if s.turn < len(s.seats):
            return
        winner = s.seat(s.high)
        winner.coins -= winner.bid
        winner.crystals.extend(s.lot)
        s.stats["free_lots"] += winner.bid == 0
        ev.append({"event": "auction", "seat": winner.id, "paid": winner.bid, "crystals": list(s.lot)})
        goto(s, "roll")
        s.turn = 0


class Roll(Step):
    rule = "The roll"

    def prompt(self, g, s: ToyState, f: Frame) -> Prompt:
        return Prompt(CHANCE, "roll", f"{s.high} rolls d4+d6+d12", chance=g.roll_spec)

    def act(self, g, s: ToyState, f: Frame, w: list[str], ev: list[dict]) -> None:
        s.roll = w[2:]
        total = sum(map(int, s.roll))
        doubled = total >= g.pack.double_at
        points = sum(g.pack.crystals[c].points for c in s.lot) * (2 if doubled else 1)
        s.seat(s.high).score += points
        s.stats["doubled"] += doubled
        s.stats["crystal_points"] += points
        ev.append(
            {
                "event": "roll",
                "seat": s.high,
                "dice": list(s.roll),
                "total": total,
                "doubled": doubled,
                "points": points,
            }
        )
        goto(s, "pick")
        s.turn = 0


class Pick(Step):
    """The duel: each seat chooses a card face down; the last choice reveals them all."""

    rule = "The duel"

    def prompt(self, g, s: ToyState, f: Frame) -> Prompt:
        seat = turn_seat(s)
        return Prompt(
            seat.id,
            "pick",
            "duel card, face down",
            tuple(f"{seat.id} play {card}" for card in seat.hand),
            private=True,
        )

    def explain(self, g, s: ToyState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) == 3 and w[1] == "play":
            return f"{w[2]!r} is not in {w[0]}'s hand", self.rule
        return None

    def act(self, g, s: ToyState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = turn_seat(s)
        seat.hand.remove(w[2])
        seat.pick = w[2]
        ev.append({"event": "chose", "seat": seat.id})
        s.turn += 1
        if s.turn == len(s.seats):
            reveal(g, s, ev)


def reveal(g, s: ToyState, ev: list[dict]) -> None:
    """The secret choices are shown together; the highest card (cards are unique) scores."""
    s.revealed = {seat.id: seat.pick for seat in s.seats}
    best = max(s.seats, key=lambda seat: int(seat.pick))
    best.score += g.pack.duel_points
    s.stats["duel_points"] += g.pack.duel_points
    for seat in s.seats:
        seat.pick = ""
    ev.append({"event": "reveal", "cards": dict(s.revealed), "seat": best.id, "points": g.pack.duel_points})
    if s.round == s.rounds:
        end(s, ev)
    else:
        s.round, s.turn = s.round + 1, 0
        goto(s, "draw")


def end(s: ToyState, ev: list[dict]) -> None:
    top = max(seat.score for seat in s.seats)
    leaders = [seat.id for seat in s.seats if seat.score == top]
    s.over = True
    goto(s, "over")
    s.draw = len(leaders) > 1
    s.winner = "" if s.draw else leaders[0]
    ev.append(
        {
            "event": "over",
            "winner": s.winner or None,
            "draw": s.draw,
            "scores": {seat.id: seat.score for seat in s.seats},
        }
    )


class Over(Step):
    rule = "End of the game"


STEPS = {"deal": Deal(), "draw": Draw(), "bid": Bid(), "roll": Roll(), "pick": Pick(), "over": Over()}
