"""Crystal Auction's engine: the Engine contract (companion/engine/core.py) in one small file.

    >>> from companion.engine.core import Header
    >>> from tests.toygame.engine import CrystalAuction
    >>> g = CrystalAuction()
    >>> s = g.new_state(Header("toy", seed=1))
    >>> p = g.prompt(s)
    >>> p.chance.private, p.chance.by, p.chance.count
    ('p1', 'device', 3)
    >>> g.apply(s, "chance deal 4 9 12")
    [{'event': 'dealt', 'seat': 'p1', 'cards': 3}]
    >>> g.public_view(s, "p2")["seats"][0]
    {'id': 'p1', 'coins': 5, 'bid': None, 'crystals': [], 'score': 0, 'cards': 3, 'picked': False}

A round: a bag draw of crystals (with repeats), a bid for them in turn, the winner's roll of a
d4, a d6 and a d12 (a high total doubles the crystals' points), then a duel: every seat picks a
card face down, one after the other, and the engine reveals them together; the highest scores.
"""
from __future__ import annotations

from collections import Counter

import msgspec

from companion.engine.core import CHANCE, ChanceSpec, DieSpec, Header, IllegalAction, Prompt
from tests.toygame.pack import ToyPack, load_pack
from tests.toygame.state import SeatState, ToyState

GAME = "toy"
RULES = {"deal": "Dealing", "draw": "The bag", "bid": "Bidding", "roll": "The roll", "pick": "The duel",
         "over": "End of the game"}


class CrystalAuction:
    """One engine per content pack; states are separate plain data."""

    name = GAME

    def __init__(self, pack: str = "default", loaded: ToyPack | None = None, digest: str = ""):
        if loaded is None:
            loaded, digest = load_pack(pack)
        self.pack = loaded
        self.digest = digest
        self.bag = loaded.bag
        self.dice = tuple(DieSpec(kind, tuple(loaded.dice[kind])) for kind in ("d4", "d6", "d12"))
        self.roll_spec = ChanceSpec("roll", tuple(dict.fromkeys(f for d in self.dice for f in d.faces)),
                                    len(self.dice), dice=self.dice)

    # ------------------------------------------------------------------ the contract
    def new_state(self, header: Header) -> ToyState:
        options = dict(header.options)
        players = options.pop("players", 3)
        rounds = options.pop("rounds", self.pack.hand_size)
        options.pop("seats", None)
        if options:
            raise ValueError(f"options: unknown option(s) {', '.join(sorted(options))} "
                             "(known: players, seats, rounds)")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 3:
            raise ValueError(f"options.players: Crystal Auction takes 2 to 3 players, not {players!r}")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= self.pack.hand_size:
            raise ValueError(f"options.rounds: must be a whole number from 1 to {self.pack.hand_size}, "
                             f"not {rounds!r}")
        return ToyState(seats=[SeatState(f"p{i}", self.pack.coins) for i in range(1, players + 1)],
                        deck=list(self.pack.cards), bag=list(self.bag), rounds=rounds,
                        stats={"doubled": 0, "free_lots": 0, "crystal_points": 0, "duel_points": 0})

    def prompt(self, s: ToyState) -> Prompt:
        if s.over:
            return Prompt("", "over", self._over_text(s), ())
        return _PROMPTS[s.phase](self, s)

    def apply(self, s: ToyState, action: str, prompt: Prompt | None = None) -> list[dict]:
        """Check ``action``, then apply it; a refusal names the rule and changes nothing."""
        action = " ".join(action.split())
        if s.over:
            raise IllegalAction(action, "the game is over", RULES["over"])
        p = prompt or self.prompt(s)
        words = action.split()
        if not words:
            raise IllegalAction(action, "empty action", RULES[s.phase])
        if words[0] != p.actor:
            raise IllegalAction(action, f"it is {p.actor}'s turn: {p.text}", "Turn order")
        reason = self._refusal(s, p, words, action)
        if reason:
            raise IllegalAction(action, reason, RULES[s.phase])
        return self.apply_trusted(s, action, p)[0]

    def apply_trusted(self, s: ToyState, action: str, prompt: Prompt) -> tuple[list[dict], Prompt | None]:
        """The fast path: ``action`` answers ``prompt`` (its options, a policy, a dice source)."""
        ev: list[dict] = []
        _ACTS[s.phase](self, s, action.split(), ev)
        return ev, None if s.over else self.prompt(s)

    def legal_actions(self, s: ToyState) -> list[str]:
        if s.over:
            return []
        p = self.prompt(s)
        if p.options is not None:
            return list(p.options)
        if p.chance is not None:        # every distinct outcome, for tests that enumerate
            spec = p.chance
            if spec.dice is not None:
                from itertools import product
                return [spec.outcome(list(v)) for v in product(*(d.faces for d in spec.dice))]
            from itertools import combinations
            return sorted({spec.outcome(sorted(c)) for c in combinations(spec.faces, spec.count)})
        number = p.choice["number"]
        return [f"{p.actor} {number['verb']} {n}" for n in range(number["min"], number["max"] + 1)]

    def is_over(self, s: ToyState) -> bool:
        return s.over

    def to_json(self, s: ToyState) -> bytes:
        return msgspec.json.encode(s)

    def from_json(self, data: bytes | str) -> ToyState:
        return msgspec.json.decode(data, type=ToyState)

    def public_view(self, s: ToyState, viewer: str | None) -> dict:
        """What ``viewer`` may see, built from an allow-list: another seat's hand and face-down
        card are a count and a flag; the deck is its size."""
        seats = []
        for seat in s.seats:
            shown = {"id": seat.id, "coins": seat.coins, "bid": None if seat.bid < 0 else seat.bid,
                     "crystals": list(seat.crystals), "score": seat.score, "cards": len(seat.hand),
                     "picked": bool(seat.pick)}
            if seat.id == viewer:
                shown["hand"] = list(seat.hand)
                shown["pick"] = seat.pick
            seats.append(shown)
        return {"game": GAME, "round": s.round, "rounds": s.rounds, "phase": s.phase, "seats": seats,
                "deck": len(s.deck), "bag": dict(sorted(Counter(s.bag).items())), "lot": list(s.lot),
                "high": s.high, "roll": list(s.roll), "revealed": dict(s.revealed),
                "over": s.over, "winner": s.winner or None, "draw": s.draw}

    def summary(self, s: ToyState) -> dict:
        return {"game": GAME, "players": [seat.id for seat in s.seats],
                "scores": {seat.id: seat.score for seat in s.seats}, "over": s.over,
                "winner": s.winner or None, "draw": s.draw, "round": s.round,
                "coins": {seat.id: seat.coins for seat in s.seats},
                "crystals": {seat.id: len(seat.crystals) for seat in s.seats}}

    def status_line(self, s: ToyState) -> str:
        scores = " - ".join(f"{seat.id} {seat.score}" for seat in s.seats)
        if s.over:
            return f"game over | {self._over_text(s)} | {scores}"
        return f"round {s.round}/{s.rounds} | {s.phase} | {scores}"

    def die_faces(self, kind: str) -> tuple[str, ...]:
        """The faces of one of the game's die kinds (for calibration and manual entry)."""
        if kind == "bag":
            return tuple(self.pack.crystals)
        if kind == "deck":
            return tuple(self.pack.cards)
        return tuple(self.pack.dice[kind])

    # ------------------------------------------------------------------ checks
    def _refusal(self, s: ToyState, p: Prompt, words: list[str], action: str) -> str | None:
        """Why ``action`` does not answer ``p``, or None; changes nothing."""
        if p.chance is not None:
            if len(words) < 2 or words[1] != p.chance.verb:
                return f"chance must answer with '{p.chance.verb}': {p.text}"
            return p.chance.refusal(words[2:])
        if p.options is not None:
            if action in p.options:
                return None
            if len(words) == 3 and words[1] == "play":
                return f"{words[2]!r} is not in {p.actor}'s hand"
            return f"not a legal choice now ({p.text}); legal: {', '.join(p.options)}"
        number = p.choice["number"]
        if len(words) != 3 or words[1] != number["verb"] or not words[2].isdigit():
            return f"a bid is '{p.actor} bid N' with N from {number['min']} to {number['max']}"
        if not number["min"] <= int(words[2]) <= number["max"]:
            return f"{p.actor} has {number['max']} coins: a bid of {words[2]} is more than that"
        return None

    def _over_text(self, s: ToyState) -> str:
        return "a draw" if s.draw else f"{s.winner} wins"


# ---------------------------------------------------------------------- the phases
def _first(s: ToyState) -> int:
    """The round's first seat: the lead passes to the left each round."""
    return (s.round - 1) % len(s.seats)


def _turn_seat(s: ToyState) -> SeatState:
    return s.seats[(_first(s) + s.turn) % len(s.seats)]


def _deal_prompt(g: CrystalAuction, s: ToyState) -> Prompt:
    sid = s.seats[s.turn].id
    spec = ChanceSpec("deal", tuple(s.deck), g.pack.hand_size, die="deck", distinct=True, by="device",
                      private=sid)
    return Prompt(CHANCE, "deal", f"deal {sid} a hand of {g.pack.hand_size} cards", chance=spec)


def _deal(g: CrystalAuction, s: ToyState, w: list[str], ev: list[dict]) -> None:
    seat = s.seats[s.turn]
    seat.hand = sorted(w[2:], key=int)
    for card in w[2:]:
        s.deck.remove(card)
    ev.append({"event": "dealt", "seat": seat.id, "cards": len(seat.hand)})
    s.turn += 1
    if s.turn == len(s.seats):
        s.phase, s.turn = "draw", 0


def _draw_prompt(g: CrystalAuction, s: ToyState) -> Prompt:
    spec = ChanceSpec("draw", tuple(s.bag), g.pack.lot_size, die="bag", distinct=True, by="device")
    return Prompt(CHANCE, "draw", f"round {s.round}: draw {g.pack.lot_size} crystals from the bag", chance=spec)


def _draw(g: CrystalAuction, s: ToyState, w: list[str], ev: list[dict]) -> None:
    s.lot = w[2:]
    for crystal in s.lot:
        s.bag.remove(crystal)
    for seat in s.seats:
        seat.bid = -1
    s.phase, s.turn, s.high = "bid", 0, ""
    ev.append({"event": "lot", "round": s.round, "crystals": list(s.lot)})


def _bid_prompt(g: CrystalAuction, s: ToyState) -> Prompt:
    seat = _turn_seat(s)
    standing = f"high bid {s.seat(s.high).bid} by {s.high}" if s.high else "no bid yet"
    return Prompt(seat.id, "bid", f"{seat.id}: bid for {', '.join(s.lot)} ({standing}; you have {seat.coins})",
                  choice={"number": {"min": 0, "max": seat.coins, "verb": "bid"}})


def _bid(g: CrystalAuction, s: ToyState, w: list[str], ev: list[dict]) -> None:
    seat = _turn_seat(s)
    seat.bid = int(w[2])
    if not s.high or seat.bid > s.seat(s.high).bid:     # a tie stays with the earlier bidder
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
    s.phase, s.turn = "roll", 0


def _roll_prompt(g: CrystalAuction, s: ToyState) -> Prompt:
    return Prompt(CHANCE, "roll", f"{s.high} rolls a d4, a d6 and a d12 ({g.pack.double_at}+ doubles)",
                  chance=g.roll_spec)


def _roll(g: CrystalAuction, s: ToyState, w: list[str], ev: list[dict]) -> None:
    s.roll = w[2:]
    total = sum(map(int, s.roll))
    doubled = total >= g.pack.double_at
    points = sum(g.pack.crystals[c].points for c in s.lot) * (2 if doubled else 1)
    s.seat(s.high).score += points
    s.stats["doubled"] += doubled
    s.stats["crystal_points"] += points
    ev.append({"event": "roll", "seat": s.high, "dice": list(s.roll), "total": total, "doubled": doubled,
               "points": points})
    s.phase, s.turn = "pick", 0


def _pick_prompt(g: CrystalAuction, s: ToyState) -> Prompt:
    seat = _turn_seat(s)
    return Prompt(seat.id, "pick", f"{seat.id}: choose a card for the duel, face down",
                  tuple(f"{seat.id} play {card}" for card in seat.hand), private=True)


def _pick(g: CrystalAuction, s: ToyState, w: list[str], ev: list[dict]) -> None:
    seat = _turn_seat(s)
    seat.hand.remove(w[2])
    seat.pick = w[2]
    ev.append({"event": "chose", "seat": seat.id})
    s.turn += 1
    if s.turn == len(s.seats):
        _reveal(g, s, ev)


def _reveal(g: CrystalAuction, s: ToyState, ev: list[dict]) -> None:
    """The secret choices are shown together; the highest card (cards are unique) scores."""
    s.revealed = {seat.id: seat.pick for seat in s.seats}
    best = max(s.seats, key=lambda seat: int(seat.pick))
    best.score += g.pack.duel_points
    s.stats["duel_points"] += g.pack.duel_points
    for seat in s.seats:
        seat.pick = ""
    ev.append({"event": "reveal", "cards": dict(s.revealed), "seat": best.id, "points": g.pack.duel_points})
    if s.round == s.rounds:
        _end(s, ev)
    else:
        s.round, s.phase, s.turn = s.round + 1, "draw", 0


def _end(s: ToyState, ev: list[dict]) -> None:
    top = max(seat.score for seat in s.seats)
    leaders = [seat.id for seat in s.seats if seat.score == top]
    s.over, s.phase = True, "over"
    s.draw = len(leaders) > 1
    s.winner = "" if s.draw else leaders[0]
    ev.append({"event": "over", "winner": s.winner or None, "draw": s.draw,
               "scores": {seat.id: seat.score for seat in s.seats}})


_PROMPTS = {"deal": _deal_prompt, "draw": _draw_prompt, "bid": _bid_prompt, "roll": _roll_prompt,
            "pick": _pick_prompt}
_ACTS = {"deal": _deal, "draw": _draw, "bid": _bid, "roll": _roll, "pick": _pick}


def sim_stats(engine: CrystalAuction, state: ToyState) -> dict:
    """The game's own sim statistics for one finished game: lots doubled, lots won for nothing,
    points from crystals and from duels."""
    return dict(state.stats)
