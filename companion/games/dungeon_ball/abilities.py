"""Ability cards, Juke and Big Hit: when they may be played, what they cost, what they do.

Two kinds of window open during a down (rulebook, "When to play a card"):

* the whistle window, before the offense selects a play (which is also right after the
  previous down was resolved): whistle cards only;
* the ability window, after the offense has finished rolling and before the ball moves: every
  other card, plus Juke (offense) and Big Hit (defense), each at most once per play.

In both, the defense acts first; then the players alternate, so nobody plays two cards in a
row. A decline ends the window, except the defense's opening decline, which still gives the
offense its opportunity ("after the defense's card is played, or after the player declines to
play a card, the offense may play a card"). A player with nothing playable declines without
being asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.core import Prompt
from companion.engine.steps import QUIET, Frame
from companion.games.dungeon_ball import rolls
from companion.games.dungeon_ball.pack import ACTS_ON_OFFENSE_DICE, AbilityCard, Effect
from companion.games.dungeon_ball.state import GameState

if TYPE_CHECKING:
    from companion.games.dungeon_ball.engine import DungeonBall

Events = list[dict]
RULE_WHEN = "When to play a card"
RULE_ABILITY = "Ability cards"
RULE_COST = "Ability cards: to play one, discard its momentum cost"
RULE_LIMIT = "Ability cards: a star card once a game, a half card once a half"
RULE_SIDE = "Ability cards: offensive cards on offense, defensive cards on defense"
# Juke, a Big Hit's discard, a Big Hit's push: each seat's option lines
BOARD_OPTIONS = {
    pid: (f"{pid} juke", f"{pid} big-hit discard", f"{pid} big-hit push") for pid in ("p1", "p2")
}
# effects kind_blocked may find doing nothing now, besides picking dice (checked on their own)
BLOCKABLE = frozenset(("move_back", "add_time", "drain_time"))
RULE_BOARD = "Player board abilities: Juke and Big Hit, once per play, for their momentum cost"


class Abilities:
    def __init__(self, g: DungeonBall):
        self.g = g
        # card id -> (side, whistle, cost, effect kind): the cheap tests, made once per pack
        self.facts = {cid: (c.side, c.whistle, c.cost, c.effect.kind()) for cid, c in g.pack.cards.items()}
        self.whistles = frozenset(cid for cid, c in g.pack.cards.items() if c.whistle)
        # the whistle cards of each side: a whistle window where neither seat holds one of its
        # own side's closes at once, without asking the seats (a third of whistle windows)
        self.offense_whistles = frozenset(cid for cid in self.whistles if g.pack.cards[cid].side == "offense")
        self.defense_whistles = self.whistles - self.offense_whistles
        # (hand, seat, on offense, whistle window) -> ((cost, effect kind, option), ...): the hand's
        # cards of that side and window in the hand's order, found once per hand (few, all game)
        self._slots: dict[tuple, tuple[tuple[int, str, str], ...]] = {}
        # seat -> four (hand as last seen, its slot), at 2 on offense + 1 in a whistle window: a hand
        # changes only when a card leaves it, so its last slot serves nearly every window
        # without a key built and hashed
        self._last_slots: dict[str, list] = {"p1": [None] * 4, "p2": [None] * 4}
        self._window_prompts: dict[tuple[str, ...], Prompt] = {}  # by window kind and options
        self._reroll_prompts: dict[str, dict[int, Prompt]] = {}  # by source, then count of dice
        board = g.pack.board
        self.juke_cost, self.big_hit_cost = board.juke.cost, board.big_hit.cost
        self.cheapest = min([c.cost for c in g.pack.cards.values()] + [board.juke.cost, board.big_hit.cost])
        # cards whose effect, or the effect their defense-die roll triggers, acts on offense dice
        self.on_dice = frozenset(cid for cid, c in g.pack.cards.items() if _acts_on_dice(c.effect))
        # the options open_window found for the window it just pushed: (its frame's data, the
        # options of the seat whose turn it is), taken once by window_prompt; any action in the
        # window drops them
        self._ready: tuple[dict, list[str]] | None = None

    # ------------------------------------------------------------------ windows
    def open_window(self, s: GameState, kind: str, ev: Events) -> Prompt | None:
        """Open a card window; call it last in an act (it reads the state as it then is). A
        window where neither player can afford anything closes at once, as if both declined.
        Hands back the window's first prompt, or None when it closed at once. A defense with
        nothing playable declines without being asked: the window opens on the offense's turn."""
        p1, p2 = s.players
        whistle = kind == "whistle"
        defense = "p2" if s.offense == "p1" else "p1"
        if whistle:
            on_offense, on_defense = (p1, p2) if defense == "p2" else (p2, p1)
            offense_cards, defense_cards = self.offense_whistles, self.defense_whistles
            if offense_cards.isdisjoint(on_offense.hand) and defense_cards.isdisjoint(on_defense.hand):
                # no seat holds a whistle card of its side: nothing to offer. Held by nobody, the
                # window never opened; held by the other side, it closed as if both declined
                if ev is not QUIET and not (
                    self.whistles.isdisjoint(p1.hand) and self.whistles.isdisjoint(p2.hand)
                ):
                    ev.append({"event": "window_closed", "kind": kind})
                return None
        ai = s.solo["ai"] if s.solo else ""
        cheapest = self.cheapest
        if (p1.momentum < cheapest or p1.id == ai) and (p2.momentum < cheapest or p2.id == ai):
            if ev is not QUIET:
                ev.append({"event": "window_closed", "kind": kind})
            return None
        opts = self.seat_options(s, defense, whistle)
        if opts:
            frame = {"kind": kind, "turn": defense, "opening": True}
        else:
            opts = self.seat_options(s, s.offense, whistle)
            if not opts:
                if ev is not QUIET:
                    ev.append({"event": "window_closed", "kind": kind})
                return None
            # the defense's opening decline (window_pass), made at once
            frame = {"kind": kind, "turn": s.offense, "opening": False}
        s.frames.append(Frame("window", frame))
        self._ready = (frame, opts)
        p = self._window_prompts.get((kind, *opts))
        return p if p is not None else self._asked(kind, frame["turn"], opts)

    def window_options(self, s: GameState, frame: dict) -> list[str]:
        return self.seat_options(s, frame["turn"], frame["kind"] == "whistle")

    def seat_options(self, s: GameState, pid: str, whistle: bool) -> list[str]:
        """What ``pid`` may play in a whistle window (``whistle``) or an ability window."""
        solo = s.solo
        if solo and solo["ai"] == pid:
            return []  # [Solo] the AI has no ability cards
        player = s.players[0] if pid == "p1" else s.players[1]
        momentum = player.momentum
        if momentum < self.cheapest:
            return []  # nothing is affordable: the player declines without being asked
        offense = pid == s.offense
        last = self._last_slots[pid]
        at = (2 if offense else 0) + (1 if whistle else 0)
        kept = last[at]
        if kept is not None and kept[0] == player.hand:
            slot = kept[1]
        else:
            slot = self._slot_of(player.hand, pid, offense, whistle)
            last[at] = (list(player.hand), slot)
        # no_effect_vs_ai, for every card at once (no bool() call: a type's call costs more)
        vs_ai = solo["ai"] == s.offense if solo else False
        opts = []
        pickable = None  # whether any die can be picked: looked at once, if asked
        for cost, kind, option in slot:
            if cost > momentum:
                continue
            if kind in ("reroll", "discard"):
                if pickable is None:
                    pickable = rolls.any_rerollable(s.play)
                if not pickable:
                    continue
            elif kind in BLOCKABLE and self.kind_blocked(s, kind):
                continue
            if not vs_ai or option.rpartition(" ")[2] not in self.on_dice:
                opts.append(option)
        if whistle:
            return opts
        # [Player board abilities] Juke (offense) and Big Hit (defense), once per play each
        play = s.play
        if offense:
            if not play.juke_used and momentum >= self.juke_cost:
                if pickable if pickable is not None else rolls.any_rerollable(play):
                    opts.append(BOARD_OPTIONS[pid][0])
        elif not play.big_hit_used and momentum >= self.big_hit_cost:
            if pickable if pickable is not None else rolls.any_rerollable(play):
                opts.append(BOARD_OPTIONS[pid][1])
            if self.can_move_back(s):
                opts.append(BOARD_OPTIONS[pid][2])
        return opts

    def _slot_of(self, hand: list[str], pid: str, offense: bool, whistle: bool) -> tuple:
        """``_slot``, made once per hand, seat, side and window."""
        key = (tuple(hand), pid, offense, whistle)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = self._slot(*key)
        return slot

    def _slot(self, hand: tuple[str, ...], pid: str, offense: bool, whistle: bool) -> tuple:
        """The cards of ``hand`` that ``pid`` may play on that side in that window, in order, as
        (cost, effect kind, option); what else they need (momentum, dice, the clock) is asked each time."""
        if len(self._slots) > 4096:  # hands are few; a bound all the same
            self._slots.clear()
        side = "offense" if offense else "defense"
        facts = self.facts
        return tuple(
            (facts[cid][2], facts[cid][3], f"{pid} card {cid}")
            for cid in hand
            if facts[cid][0] == side and facts[cid][1] == whistle
        )

    def window_prompt(self, s: GameState, frame: dict) -> Prompt | None:
        ready = self._ready
        self._ready = None
        if ready is not None and ready[0] is frame:
            opts = ready[1]
        else:  # window_options, inline
            opts = self.seat_options(s, frame["turn"], frame["kind"] == "whistle")
        if not opts:
            return None
        p = self._window_prompts.get((frame["kind"], *opts))
        return p if p is not None else self._asked(frame["kind"], frame["turn"], opts)

    def _asked(self, kind: str, pid: str, opts: list[str]) -> Prompt:
        """The prompt of a ``kind`` window offering ``opts`` to ``pid``."""
        key = (kind, *opts)
        p = self._window_prompts.get(key)
        if p is None:  # the same few prompts all game: made once each
            if len(self._window_prompts) > 4096:  # few; a bound all the same
                self._window_prompts.clear()
            what = "a whistle card before the play" if kind == "whistle" else "an ability card"
            p = self._window_prompts[key] = Prompt(
                pid,
                f"{kind}_window",
                f"{pid}: play {what}, or pass",
                tuple(opts) + (f"{pid} pass",),
                shows_hand=True,
            )  # the options are the hand's cards
        return p

    def window_pass(self, s: GameState, frame: dict, ev: Events) -> None:
        pid = frame["turn"]
        if frame["opening"] and pid != s.offense:  # the defense's opening decline
            frame["opening"] = False
            frame["turn"] = s.offense
            return
        s.frames.pop()
        self._ready = None
        if ev is not QUIET:
            ev.append({"event": "window_closed", "kind": frame["kind"]})

    def window_act(self, s: GameState, frame: dict, w: list[str], ev: Events) -> None:
        self._ready = None
        pid, verb = w[0], w[1]
        if verb == "pass":  # window_pass, inline
            if frame["opening"] and frame["turn"] != s.offense:  # the defense's opening decline
                frame["opening"] = False
                frame["turn"] = s.offense
                return
            s.frames.pop()
            if ev is not QUIET:
                ev.append({"event": "window_closed", "kind": frame["kind"]})
            return
        frame["opening"] = False
        frame["turn"] = "p2" if pid == "p1" else "p1"
        if verb == "card":
            self.play_card(s, pid, w[2], ev)
        elif verb == "juke":
            self.pay(s, pid, self.g.pack.board.juke.cost)
            s.play.juke_used = True
            if ev is not QUIET:
                ev.append({"event": "juke", "player": pid})
            self.push_pick(s, pid, "reroll", 1, "Juke")
        elif verb == "big-hit":
            self.pay(s, pid, self.g.pack.board.big_hit.cost)
            s.play.big_hit_used = True
            if ev is not QUIET:
                ev.append({"event": "big_hit", "player": pid, "choice": w[2]})
            if w[2] == "discard":
                self.push_pick(s, pid, "discard", 1, "Big Hit")
            else:
                self.move_back(s, self.g.pack.board.big_hit.move_back, ev)

    # ------------------------------------------------------------------ legality
    def why_not(self, s: GameState, pid: str, cid: str, window: str) -> tuple[str, str] | None:
        """Why ``pid`` may not play card ``cid`` now, as (reason, rule), or None if it may."""
        g = self.g
        card = g.pack.cards.get(cid)
        p = s.player(pid)
        if card is None:
            return f"there is no ability card {cid!r} in this pack", RULE_ABILITY
        if cid not in p.hand:
            if cid in p.spent_half:
                return f"{card.name} is a half card already played this half", RULE_LIMIT
            if cid in p.discarded:
                return (
                    f"{card.name} has been discarded (star cards once a game, half cards once a half)",
                    RULE_LIMIT,
                )
            return f"{card.name} is not in {pid}'s hand", RULE_ABILITY
        role = "offense" if pid == s.offense else "defense"
        if card.side != role:
            article = "an" if card.side == "offense" else "a"
            return f"{card.name} is {article} {card.side} card and {pid} is on {role}", RULE_SIDE
        if card.whistle and window != "whistle":
            return f"{card.name} has a whistle: only before a play or right after one", RULE_WHEN
        if not card.whistle and window != "ability":
            return f"{card.name} is played after the offense rolls, before the ball moves", RULE_WHEN
        if p.momentum < card.cost:
            return f"{card.name} costs {card.cost} momentum and {pid} has {p.momentum}", RULE_COST
        reason = self.kind_blocked(s, self.facts[cid][3])
        if reason:
            return f"{card.name}: {reason}", RULE_ABILITY
        if self.no_effect_vs_ai(s, cid):
            return (
                f"{card.name}: defense cards that act on the offense's dice have no effect against the AI",
                "Solo mode, ability cards",
            )
        if s.solo and s.solo["ai"] == s.offense and window == "ability" and not (s.play and s.play.matched):
            return (
                "against the AI, defensive cards without a whistle follow a correctly guessed play only",
                "Solo mode, ability cards",
            )
        return None

    def no_effect_vs_ai(self, s: GameState, cid: str) -> bool:
        """[Solo] "defense cards that affect offensive dice have no effect": the AI rolls none."""
        return bool(s.solo) and s.solo["ai"] == s.offense and cid in self.on_dice

    def kind_blocked(self, s: GameState, kind: str) -> str | None:
        """Why an effect of this kind would do nothing now, or None."""
        if kind in ("reroll", "discard") and not rolls.rerollable(s.play):
            return "no die can be chosen (time dice and discarded dice cannot)"
        if kind == "move_back" and not self.can_move_back(s):
            return "the ball cannot move back any further"
        if kind in ("add_time", "drain_time") and (s.overtime or s.final_play):
            return "the clock does not run now"
        if kind == "add_time" and s.clock >= s.clock_start:
            return "the clock is already full"
        if kind == "drain_time" and s.clock == 0:
            return "the clock is already at zero"
        return None

    def can_move_back(self, s: GameState) -> bool:
        players = s.players  # g.attacking(s), inline: every Big Hit's window asks this
        attacking = "high" if (players[0] if s.offense == "p1" else players[1]).end_zone == "low" else "low"
        return self.g.field.move_back(s.ball, 1, attacking) != s.ball

    # ------------------------------------------------------------------ playing a card
    def pay(self, s: GameState, pid: str, cost: int) -> None:
        (s.players[0] if pid == "p1" else s.players[1]).momentum -= cost

    def play_card(self, s: GameState, pid: str, cid: str, ev: Events) -> None:
        card: AbilityCard = self.g.pack.cards[cid]
        p = s.players[0] if pid == "p1" else s.players[1]
        p.momentum -= card.cost  # pay, inline
        if card.limit == "star":
            p.hand.remove(cid)
            p.discarded.append(cid)
        elif card.limit == "half":
            p.hand.remove(cid)
            (p.spent_half if s.half == 1 and not s.overtime else p.discarded).append(cid)
        if ev is not QUIET:
            ev.append({"event": "card", "player": pid, "card": cid, "name": card.name, "cost": card.cost})
        self.apply_effect(s, pid, card.effect, card.name, ev, self.facts[cid][3])

    def apply_effect(
        self, s: GameState, pid: str, effect: Effect, source: str, ev: Events, kind: str = ""
    ) -> None:
        """Do what ``effect`` says; ``kind`` is its ``kind()`` when the caller knows it."""
        kind = kind or effect.kind()
        value = getattr(effect, kind)
        play = s.play
        if s.solo and kind in ACTS_ON_OFFENSE_DICE and s.solo["ai"] == s.offense:
            if ev is not QUIET:
                ev.append({"event": "no_effect", "source": source})
        elif kind == "add":
            for icon, n in value.items():
                play.added[icon] = play.added.get(icon, 0) + n
        elif kind == "remove":
            for icon, n in value.items():
                play.removed[icon] = play.removed.get(icon, 0) + n
        elif kind == "cancel_time":
            play.cancel_time += value
        elif kind == "reroll":
            self.push_pick(s, pid, "reroll", value, source)
        elif kind == "discard":
            if rolls.rerollable(play):
                self.push_pick(s, pid, "discard", value, source)
        elif kind == "move_back":
            self.move_back(s, value, ev)
        elif kind == "defense_roll":
            s.frames.append(
                Frame(
                    "defense_roll",
                    {
                        "actor": pid,
                        "on": list(value.on),
                        "source": source,
                        "effect": _effect_to_dict(value.effect),
                    },
                )
            )
        elif kind == "add_time":
            before = s.clock
            s.clock = min(s.clock_start, s.clock + value)
            if ev is not QUIET:
                ev.append({"event": "clock", "from": before, "to": s.clock})
        elif kind == "drain_time":
            before = s.clock
            s.clock = max(0, s.clock - value)
            if ev is not QUIET:
                ev.append({"event": "clock", "from": before, "to": s.clock})
            if s.clock == 0 and not s.conversion:
                s.final_play = True  # the down about to be run is the one more play
                if ev is not QUIET:
                    ev.append({"event": "final_play", "half": s.half, "offense": s.offense})
        elif kind == "extra_dice":
            s.mods.extra_dice += value
        elif kind == "fewer_dice":
            s.mods.fewer_dice += value
        elif kind == "free_pawn":
            s.mods.free_pawn = True

    def move_back(self, s: GameState, spaces: int, ev: Events) -> None:
        before = s.ball
        s.ball = self.g.field.move_back(s.ball, spaces, self.g.attacking(s))
        if ev is not QUIET:
            ev.append({"event": "ball_moved_back", "from": before, "to": s.ball})

    # ------------------------------------------------------------------ picking dice
    def push_pick(self, s: GameState, pid: str, purpose: str, count: int, source: str) -> None:
        s.frames.append(Frame("pick", {"actor": pid, "purpose": purpose, "count": count, "source": source}))

    def pick_bounds(self, s: GameState, frame: dict, available: int = -1) -> tuple[int, int]:
        """Discards take as many dice as the card says (or all there are); rerolls up to that.
        ``available``: how many dice can be picked, when the caller has counted them."""
        if available < 0:
            available = len(rolls.rerollable(s.play))
        most = frame["count"]
        if most > available:  # min(count, available), compared: the builtin's call costs more
            most = available
        return (most if frame["purpose"] == "discard" else 1), most

    def pick_prompt(self, s: GameState, frame: dict) -> Prompt:
        eligible = rolls.rerollable_positions(s.play)
        low, high = self.pick_bounds(s, frame, len(eligible))
        verb = "discard" if frame["purpose"] == "discard" else "reroll"
        howmany = ("1 die" if high == 1 else f"{high} dice") if low == high else f"1 to {high} dice"
        return Prompt(
            frame["actor"],
            "pick",
            f"{frame['actor']}: {frame['source']}: choose {howmany} to {verb}",
            choice={
                "dice": s.play.dice[:],  # a copy by slice, as the keep prompt's
                "eligible": eligible,
                "min": low,
                "max": high,
                "purpose": frame["purpose"],
            },
        )

    def pick_check(self, s: GameState, frame: dict, w: list[str]) -> str | None:
        if w[1] != "pick":
            return "name the dice with 'pick' and their positions"
        picked = rolls.parse_positions(w[2:], rolls.rerollable(s.play))
        if isinstance(picked, str):
            return picked + "; time dice and discarded dice cannot be chosen"
        low, high = self.pick_bounds(s, frame)
        if not low <= len(picked) <= high:
            return f"choose {low} die" if low == high == 1 else f"choose between {low} and {high} dice"
        return None

    def pick_act(self, s: GameState, frame: dict, w: list[str], ev: Events) -> Prompt | None:
        """Discard the picked dice, or push their reroll and hand back its prompt."""
        picked = list(map(rolls.index_of, w[2:]))
        s.frames.pop()
        if frame["purpose"] == "discard":
            for i in picked:
                s.play.gone[i] = True
            if ev is not QUIET:
                ev.append({"event": "discarded", "player": frame["actor"], "dice": [i + 1 for i in picked]})
            return None
        s.play.pending = picked
        rolled = {"source": frame["source"]}
        s.frames.append(Frame("effect_roll", rolled))
        return self.effect_roll_prompt(s, rolled)

    def pick_legal(self, s: GameState, frame: dict) -> list[str]:
        from itertools import combinations

        low, high = self.pick_bounds(s, frame)
        can = [i + 1 for i in rolls.rerollable(s.play)]
        return [
            f"{frame['actor']} pick " + " ".join(map(str, c))
            for k in range(low, high + 1)
            for c in combinations(can, k)
        ]

    # ------------------------------------------------------------------ effect rolls
    def effect_roll_prompt(self, s: GameState, frame: dict) -> Prompt:
        source, n = frame["source"], len(s.play.pending)
        kept = self._reroll_prompts.get(source)
        if kept is None:
            kept = self._reroll_prompts[source] = {}
        p = kept.get(n)
        if p is None:  # the same few all game (a card's name or Juke, one to a few dice): made once
            p = kept[n] = Prompt(
                "chance", "roll", f"{source}: reroll {n} offense dice", chance=self.g.white_spec(n)
            )
        return p

    def effect_roll_act(self, s: GameState, frame: dict, w: list[str], ev: Events) -> None:
        play = s.play
        for index, face in zip(play.pending, w[2:]):
            play.dice[index] = face
            if "time" in self.g.face_icons[face]:
                play.locked[index] = True
        play.pending.clear()  # in place, as a roll's
        s.frames.pop()
        if ev is not QUIET:
            ev.append({"event": "reroll", "source": frame["source"], "dice": list(play.dice)})

    def defense_roll_prompt(self, s: GameState, frame: dict) -> Prompt:
        return Prompt(
            "chance",
            "defense_roll",
            f"{frame['actor']} rolls the black defense die for {frame['source']}",
            chance=self.g.black_spec,
        )

    def defense_roll_act(self, s: GameState, frame: dict, w: list[str], ev: Events) -> None:
        s.frames.pop()
        face = w[2]
        hit = any(icon in frame["on"] for icon in self.g.face_icons[face])
        if ev is not QUIET:
            ev.append({"event": "defense_roll", "player": frame["actor"], "face": face, "hit": hit})
        if hit:
            import msgspec

            effect = msgspec.convert(frame["effect"], Effect)
            self.apply_effect(s, frame["actor"], effect, frame["source"], ev)


def _acts_on_dice(effect: Effect) -> bool:
    kind = effect.kind()
    if kind == "defense_roll":
        return _acts_on_dice(effect.defense_roll.effect)
    return kind in ACTS_ON_OFFENSE_DICE


def _effect_to_dict(effect: Effect) -> dict:
    import msgspec

    return msgspec.to_builtins(effect)
