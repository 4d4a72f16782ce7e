"""The placement phase: in turn order each player places one die that matches a character's
token on an action space, then the second, then the followers' dice. Red crystals peek under
two tiles; a die on an occupied tavern outbids with gold."""

from __future__ import annotations

from companion.engine.core import CHANCE, Prompt
from companion.engine.steps import QUIET, Frame, Step, StepMachine

from .open_spaces import live_squares, open_spaces
from .rules import drawn, next_die, on_space, spend
from .state import SEAT_INDEX, AlliesState, Placed, Seat

goto, push, pop = StepMachine.goto, StepMachine.push, StepMachine.pop

EXCURSION, ORDER, TREASURE, TRAINER = "Excursion", "Turn order", "Treasure", "Trainer"
TAVERN, PRISONER, TRADE, SORCERER = "Tavern", "Free prisoner", "Trade", "Sorcerer"
TURN = "The turn: placing dice"
ILLUMINATE = "Crystal spells: red (Illuminate)"


class Lines(dict):
    """One die's placement lines, space -> "<seat> place <die> <space>": each made the first
    time it is asked for and kept (the engine's ``place_lines``), not built again per prompt."""

    def __init__(self, head: str) -> None:
        super().__init__()
        self.head = head

    def __missing__(self, space: str) -> str:
        line = self[space] = self.head + space
        return line


def unplaced(s: AlliesState, seat: Seat, followers: bool) -> list[int]:
    used = {p.ally for p in s.placed if p.seat == seat.id}
    return [i for i, a in enumerate(seat.allies) if a.follower == followers and i not in used]


def placer(g, s: AlliesState, f: Frame) -> tuple[Seat, int, int, list[int]] | None:
    """Whose die is next, the pass and position it is at, and the allies whose dice are due
    (``unplaced``): one character die each in turn order per pass, as many passes as
    characters, then passes of followers' dice; None when every die is down. Pure: the prompt
    may call it without changing the state. Asked for every placement prompt, so it works in
    plain loops (a comprehension or generator is a call of its own)."""
    k, i = f.data["pass"], f.data["i"]
    each = g.pack.rules.characters_each
    order, placed = s.order, s.placed
    while True:
        if i >= len(order):
            k, i = k + 1, 0
            if k >= each and not followers_due(s):
                return None
            continue
        seat = s.seats[SEAT_INDEX[order[i]]]  # s.seat(), without the call
        followers = k >= each
        allies, me = seat.allies, seat.id
        used, characters = [], 0  # the allies with a die down (a list: a few), how many characters
        for p in placed:
            if p.seat == me:
                used.append(p.ally)
                characters += not allies[p.ally].follower
        if followers or characters <= k:
            due = []  # unplaced
            for n, a in enumerate(allies):
                if a.follower == followers and n not in used:
                    due.append(n)
            if due:
                return seat, k, i, due
        i += 1


def followers_due(s: AlliesState) -> bool:
    """Some seat has a follower's die still to place (``unplaced``), stopping at the first;
    in loops, not a pair of comprehensions per seat."""
    down = set()  # (seat, ally) of every die down
    for p in s.placed:
        down.add((p.seat, p.ally))
    for seat in s.seats:
        sid = seat.id
        for n, a in enumerate(seat.allies):
            if a.follower and (sid, n) not in down:
                return True
    return False


def refusal(g, s: AlliesState, seat: Seat, ally: int, space: str) -> tuple[str, str] | None:
    """Why ``seat`` may not put ``ally``'s die on ``space`` now, as (reason, rule); None if it may."""
    here = on_space(s, space)
    die = seat.allies[ally].die
    at = g.square_index.get(
        space
    )  # s.tile(space) without a search: a state's tiles are the pack's squares in order
    tile = None if at is None else s.tiles[at]
    if tile is not None:
        if tile.removed:
            return f"the monster on {space} is gone", EXCURSION
        other = next((p.seat for p in here if p.seat != seat.id), None)
        if other:
            return f"{other} has a die on {space}: one player per tile", EXCURSION
        return None
    if space == "order":
        if len(here) >= len(s.seats):
            return "every turn order space is taken", ORDER
        if any(p.seat == seat.id for p in here):
            return f"{seat.id} already has a die on the turn order spaces: one each per turn", ORDER
        return None
    if space.startswith("treasure") or space == "gold":
        if space != "gold" and not (space[8:].isdigit() and 1 <= int(space[8:]) <= len(s.treasure)):
            return f"no treasure space {space!r}", TREASURE
        if here:
            return f"{here[0].seat} has a die on {space}", TREASURE
        return None
    if space == "train":
        if len(here) >= g.pack.trainer_spaces:
            return f"all {g.pack.trainer_spaces} training spaces are taken", TRAINER
        if next_die(g, die) is None:
            return f"{die} is the top of the ladder: there is no higher die", TRAINER
        return None
    if space == "tavern":
        if not s.follower_top:
            return "no follower is left in the tavern", TAVERN
        if here:  # the follower's die is checked when he is gained, at step 5 (resolution.Tavern)
            top = max(here, key=lambda p: p.gold)
            if top.seat == seat.id:
                return f"{seat.id} already holds the tavern", TAVERN
            if seat.gold <= top.gold:
                return (
                    f"{seat.id} has {seat.gold} gold: outbidding {top.seat}'s {top.gold} needs more",
                    TAVERN,
                )
        return None
    if space.startswith("prisoner"):
        n = space[8:]
        if not (n.isdigit() and 1 <= int(n) <= len(g.pack.prisoners)):
            return f"no prisoner space {space!r}", PRISONER
        if here:
            return f"{here[0].seat} has a die on {space}: one die per space", PRISONER
        offering = g.pack.prisoners[int(n) - 1].offering
        if seat.gold < offering:
            return f"the offering is {offering} gold and {seat.id} has {seat.gold}", PRISONER
        return None
    if space == "trade":
        if any(p.seat == seat.id for p in here):
            return f"{seat.id} already has a die on the trade space", TRADE
        return None
    if space.startswith("sorcerer"):
        n = space[8:]
        if not (n.isdigit() and 1 <= int(n) <= len(s.row)) or not s.row[int(n) - 1]:
            return f"no sorcerer card on {space!r}", SORCERER
        if here:
            return f"{here[0].seat} has a die on {space}", SORCERER
        return None
    return f"{space!r} is not an action space", TURN


def peekable(s: AlliesState, sid: str) -> list[str]:
    return [t.square for t in s.tiles if not t.removed and not t.revealed and sid not in t.known]


def can_peek(g, s: AlliesState, sid: str) -> bool:
    """``peekable`` is not empty: stops at the first tile, and looks only at the tiles still on
    the board (``live_squares``, kept), not at every tile fought already."""
    tiles, index = s.tiles, g.square_index
    for square in live_squares(g, s):
        t = tiles[index[square]]
        if not t.revealed and sid not in t.known:
            return True
    return False


class Place(Step):
    rule = TURN

    def __init__(self) -> None:
        # placer's answer for the last prompt: (frame data, dice down, how many, answer), so the
        # act that answers that prompt does not work it out again. The data and the list are
        # held, so no other object takes their identity; a die put down since changes the count.
        self._due: tuple = (None, None, 0, None)

    def due(self, g, s: AlliesState, f: Frame) -> tuple[Seat, int, int, list[int]] | None:
        """``placer``, as the last prompt worked it out when the act answers that prompt."""
        data, placed, count, due = self._due
        if data is f.data and placed is s.placed and count == len(s.placed):
            return due
        due = placer(g, s, f)
        self._due = (f.data, s.placed, len(s.placed), due)
        return due

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt | None:
        # worked out afresh (an act before this prompt gave the frame new data), kept for the act
        due = placer(g, s, f)
        self._due = (f.data, s.placed, len(s.placed), due)
        if due is None:
            return None
        seat, sid = due[0], due[0].id
        allies, dice = seat.allies, []
        for a in due[3]:  # a loop, not a comprehension: a die or two
            dice.append(allies[a].die)
        text = f"place a die ({'/'.join(dice)})"
        free, spaces = open_spaces(g, s, seat, dice)  # each die due now -> the spaces it may take
        if not spaces:
            free, spaces = {die: ["pass"] for die in free}, ["pass"]  # nowhere to go: they sit the turn out
        if seat.crystals["red"] and (s.board == "real" or can_peek(g, s, sid)):
            dice, free["red"], spaces = [*dice, "red"], ["peek"], [*spaces, "peek"]
        options: list[str] = []
        lines = g.place_lines
        for die in dice:  # each line in C, looked up: "<seat> place <die> <space>", made once
            head = (sid, die)
            got = lines.get(head) or lines.setdefault(head, Lines(f"{sid} place {die} "))
            options += map(got.__getitem__, free[die])
        placeable = []  # the dice with a space to go to, for the word lists
        for die, listed in free.items():
            if listed:
                placeable.append(die)
        words = [placeable, spaces]
        return Prompt(sid, "place", text, tuple(options), choice={"words": words, "verb": "place"})

    def idle(self, g, s: AlliesState, f: Frame, ev: list[dict]) -> None:
        """Every die is down (the prompt asks nobody): on to the resolution."""
        if ev is not QUIET:
            ev.append({"event": "resolution", "turn": s.turn})
        goto(s, "excursion")

    def explain(self, g, s: AlliesState, f: Frame, w: list[str], p: Prompt):
        seat = s.seat(w[0])
        if len(w) == 3 and w[1] != "place":  # typed without the verb: "d4 tavern"
            return self.explain(g, s, f, [w[0], "place", *w[1:]], p)
        if w[1:] == ["place", "red", "peek"]:
            return f"{w[0]} has no red crystal or no tile left to look under", ILLUMINATE
        if len(w) == 4 and w[1] == "place":
            allies = placer(g, s, f)[3]
            ally = next((a for a in allies if seat.allies[a].die == w[2]), None)
            if ally is None:
                mine = [a.die for a in seat.allies]
                why = (
                    f"{w[0]} has no {w[2]} die"
                    if w[2] not in mine
                    else f"{w[0]}'s {w[2]} is not a die to place now"
                )
                return why + " (one die at a time: characters first, then followers)", TURN
            return refusal(g, s, seat, ally, w[3])
        return None

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat, k, i, due = self.due(g, s, f)  # the seat of w[0]: the action answers its prompt
        die, space = w[2], w[3]
        if space == "peek":
            f.data = {"pass": k, "i": i}
            spend(s, seat, "red")
            ev.append({"event": "illuminate", "seat": seat.id})
            if s.board == "digital":
                push(s, "peek", left=min(2, len(peekable(s, seat.id))), seat=seat.id)
            return
        allies = seat.allies
        for ally in due:  # the first ally due with this die
            if allies[ally].die == die:
                break
        if space == "pass":  # no space is open to this die: it sits the turn out
            s.placed.append(Placed(seat.id, ally, die, "pass"))
            if ev is not QUIET:
                ev.append({"event": "pass", "seat": seat.id, "die": die})
        else:
            if space == "tavern" and on_space(s, "tavern"):
                f.data = {"pass": k, "i": i}
                push(s, "bid", seat=seat.id, ally=ally)
                return
            offering = 0
            if space.startswith("prisoner"):
                offering = g.pack.prisoners[int(space[8:]) - 1].offering
                seat.gold -= offering
            s.placed.append(Placed(seat.id, ally, die, space, offering))
            if ev is not QUIET:
                ev.append({"event": "placed", "seat": seat.id, "die": die, "space": space})
        f.data = {"pass": k, "i": i + 1}


class Bid(Step):
    """Outbid the tavern: any die atop more gold than the standing bid; the gold goes to the
    supply."""

    rule = TAVERN

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt:
        seat = s.seat(f.data["seat"])
        top = max(p.gold for p in on_space(s, "tavern"))
        return Prompt(
            seat.id,
            "bid",
            f"tavern: outbid {top} gold",
            choice={"number": {"min": top + 1, "max": seat.gold, "verb": "bid", "default": top + 1}},
        )

    def check(self, g, s: AlliesState, f: Frame, w: list[str]) -> str | None:
        seat = s.seat(f.data["seat"])
        top = max(p.gold for p in on_space(s, "tavern"))
        if len(w) != 3 or w[1] != "bid" or not w[2].isdigit():
            return f"a bid is '{w[0]} bid N' with N from {top + 1} to {seat.gold}"
        if int(w[2]) <= top:
            return f"gold outbids: {w[2]} does not beat the standing {top}"
        if int(w[2]) > seat.gold:
            return f"{w[0]} has {seat.gold} gold: a bid of {w[2]} is more than that"
        return None

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        seat = s.seat(f.data["seat"])
        ally, bid = f.data["ally"], int(w[2])
        seat.gold -= bid
        s.placed.append(Placed(seat.id, ally, seat.allies[ally].die, "tavern", bid))
        s.stats["gold_bid"] = s.stats.get("gold_bid", 0) + bid
        ev.append(
            {"event": "placed", "seat": seat.id, "die": seat.allies[ally].die, "space": "tavern", "bid": bid}
        )
        pop(s)
        main = s.frames[0]
        main.data = {"pass": main.data["pass"], "i": main.data["i"] + 1}


class Peek(Step):
    """Illuminate: look under two face-down tiles; what is there only this player sees, on a
    private prompt (the device passes itself to him first) that he closes with OK."""

    rule = EXCURSION

    def prompt(self, g, s: AlliesState, f: Frame) -> Prompt:
        sid = f.data["seat"]
        if f.data.get("done"):  # a secret: shown to the player alone, then OK
            return Prompt(
                sid, "seen", "you saw " + " ".join(f.data.get("seen", [])), (f"{sid} ok",), private=True
            )
        pending = f.data.get("pending")
        if pending:
            pool = tuple(m for m in s.monster_pool)
            return Prompt(
                CHANCE,
                "peek",
                f"{sid} looks under {pending}",
                chance=drawn(s, "reveal", pool, 1, "monster", private=sid),
            )
        return Prompt(
            sid,
            "peek",
            f"look under a tile ({f.data['left']} left)",
            tuple(f"{sid} look {sq}" for sq in peekable(s, sid)),
        )

    def act(self, g, s: AlliesState, f: Frame, w: list[str], ev: list[dict]) -> None:
        sid = f.data["seat"]
        if f.data.get("done"):
            pop(s)
            return
        if w[0] == CHANCE:
            tile = s.tile(f.data["pending"])
            tile.monster = w[2]
            s.monster_pool.remove(w[2])
            tile.known = [*tile.known, sid]
            f.data = {k: v for k, v in f.data.items() if k != "pending"}
        else:
            tile = s.tile(w[2])
            ev.append({"event": "looked", "seat": sid, "square": w[2]})
            f.data = {**f.data, "left": f.data["left"] - 1, "seen": [*f.data.get("seen", []), w[2]]}
            if tile.monster:
                tile.known = [*tile.known, sid]
            else:
                f.data["pending"] = w[2]
        if not f.data.get("pending") and (f.data["left"] <= 0 or not peekable(s, sid)):
            f.data = {**f.data, "done": True}
