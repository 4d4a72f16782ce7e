"""The contract every game engine follows.

A game is its header (game, content pack, options, seed) plus the list of actions taken,
chance outcomes included. An engine never rolls a die by itself: when chance must decide, its
prompt is a chance prompt and a dice source (seeded RNG, forced values, a person, the camera)
answers it with an action like any player would. Replaying a record's actions through the
engine rebuilds the identical state.

Actions are short text lines, ``"<actor> <verb> [args...]"``, e.g. ``"p2 defend red-1"`` or
``"chance roll ball ball time cleat lightning"``: the same line is what a player picks, what a
game file stores and what a bug report quotes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product
from typing import Any, Protocol

import msgspec

CHANCE = "chance"


class IllegalAction(ValueError):
    """An action the rules forbid. The state it was offered to is unchanged.

    ``rule`` names the rule broken (a rulebook section), ``reason`` says what was wrong.
    """

    def __init__(self, action: str, reason: str, rule: str | None = None):
        self.action = action
        self.reason = reason
        self.rule = rule
        text = f"illegal action {action!r}: {reason}"
        if rule:
            text += f" (rule: {rule})"
        super().__init__(text)


@dataclass(frozen=True, slots=True)
class DieSpec:
    """One die of a mixed roll: its kind (``"d4"``, ``"d12"``, a pack's icon die) and faces."""

    kind: str
    faces: tuple[str, ...]


# Who answers a chance prompt (``ChanceSpec.by``):
DEVICE = "device"  # always the device: a hidden draw, the solo AI deck, a secret chest
TABLE = "table"  # the players at the table: dice they roll, read by the camera or entered on
# the buttons, or rolled by the device when the players chose digital dice


@dataclass(frozen=True, slots=True)
class ChanceSpec:
    """What chance must decide: ``count`` draws from ``faces``.

    ``verb`` is the outcome action's verb (``roll``, ``coin``, ``toss``, ``draw``), ``faces`` the
    sides of the die (repeats weight a face) and ``weights`` optional explicit weights, used for
    outcomes that are not a fair die (a simulated skill toss). ``die`` names the die kind, which
    the game's registry entry maps to a camera reader (companion.engine.registry.DieKind).

    * ``distinct``: draws without replacement from ``faces`` taken as a bag: a face listed twice
      can be drawn twice (four crystals from a bag of 60 where two reds are two draws), a face
      listed once only once (cards taken out of a deck).
    * ``dice``: a roll of mixed dice, each with its own faces (a d4, a d6 and a d12 together);
      then ``count == len(dice)`` and value i answers die i.
    * ``ordered``: the values are positional though the dice are alike (a roll-off: value 1 is
      P1's d6, value 2 P2's). A camera cannot tell whose die is whose, so the device has such a
      roll of two or more entered on the buttons, in order.
    * ``by``: ``"device"`` (always answered by the device) or ``"table"`` (the players; digital
      dice, the camera or the buttons). ``digital=False`` keeps a table outcome that no die
      decides (the skill toss's verdict) from being answered digitally.
    * ``private``: the seat that alone may see the outcome (a card drawn into a hidden hand); it
      reaches only that seat's view, never a summary, an event or the serial link.
    * ``unseeded``: a live game's device draws it from the system's randomness at the moment
      it is asked, not from the game's seed, so no one holding the seat (a game file's header,
      the journal) can work out in advance what it will be (a chest's content, decided when
      it opens). The outcome is recorded like any other, so replay and resume are unchanged.
    """

    verb: str
    faces: tuple[str, ...]
    count: int = 1
    die: str = ""
    weights: tuple[float, ...] | None = None
    distinct: bool = False
    dice: tuple[DieSpec, ...] | None = None
    by: str = TABLE
    digital: bool = True
    private: str | None = None
    unseeded: bool = False
    ordered: bool = False

    def outcome(self, values: list[str] | tuple[str, ...]) -> str:
        return " ".join((CHANCE, self.verb, *values))

    def outcomes(self, ordered: bool = False) -> list[str]:
        """Every distinct outcome action, for a ``legal_actions`` that enumerates chance. Mixed
        dice are positional (value i answers die i), and so are plain draws when ``ordered``
        (each player's own die in a roll-off); otherwise the values are a multiset, sorted, and a
        bag (``distinct``) never gives more of a face than it holds."""
        if self.dice is not None:
            return [self.outcome(list(v)) for v in product(*(d.faces for d in self.dice))]
        faces = sorted(set(self.faces))
        if ordered or self.ordered:
            return sorted({self.outcome(list(v)) for v in product(faces, repeat=self.count)})
        have = Counter(self.faces)
        return sorted(
            self.outcome(list(c))
            for c in combinations_with_replacement(faces, self.count)
            if not self.distinct or all(n <= have[f] for f, n in Counter(c).items())
        )

    def faces_of(self, position: int) -> tuple[str, ...]:
        """The faces value number ``position`` (0-based) may take."""
        return self.dice[position].faces if self.dice is not None else self.faces

    def refusal(self, values: list[str]) -> str | None:
        """Why these outcome values cannot answer this chance, or None if they can."""
        if len(values) != self.count:
            return f"expected {self.count} {'value' if self.count == 1 else 'values'}, got {len(values)}"
        if self.distinct:
            left = Counter(self.faces)
            for v in values:
                if left[v] <= 0:
                    return (
                        f"{v!r} is not in the {self.die or 'bag'} now"
                        if v not in left
                        else f"no {v!r} left in the {self.die or 'bag'} to draw"
                    )
                left[v] -= 1
            return None
        for i, v in enumerate(values):
            faces = self.faces_of(i)
            if v not in faces:
                kind = self.dice[i].kind if self.dice is not None else self.die
                shown = ", ".join(sorted(set(faces))[:12]) + (" ..." if len(set(faces)) > 12 else "")
                return f"{v!r} is not a face of the {kind or 'die'} ({shown})"
        return None


class Prompt(msgspec.Struct):
    """Who must decide what now.

    ``options`` lists every legal action line when the choice is small. For a choice with many
    combinations (which dice to reroll) ``options`` is ``None`` and ``choice`` describes it; the
    engine's ``legal_actions`` still enumerates it on demand. Generic devices read these
    ``choice`` shapes (companion/ui/controls.py):

    * ``{"multi": {"items": [...], "min": 0, "max": 3, "verb": "reroll", "labels": [...],
      "none": "stop"}}``: any subset of items (``labels`` shows them, ``none`` is the word sent
      for choosing nothing);
    * ``{"number": {"min": 1, "max": 20, "verb": "bid", "default": 1}}``: a number (a bid);
    * ``{"words": [[...], [...], ...], "verb": "play"}``: an action built word by word when the
      options are too many for a list (card, then board, then day); ``options`` may still list
      them all;
    * ``{"grid": [[...], ...]}``: option indices laid out as a grid for the cursor;
    * ``{"labels": [...]}`` with ``options``: what each option shows on the panel's list and
      beside it in the terminal, in the options' order ("Bruno Brick 5* C" for
      ``p1 pick brick``); the option line is still what is sent.

    ``private`` marks a secret decision (a hand, a choice made at once in secret): the device
    shows "pass to <actor>" before anything private is drawn, and hides it again after.
    ``shows_hand`` marks a public decision made looking at the actor's hidden hand (a card game's
    turn): the device is passed to the actor first as for ``private``, but the action itself is
    public (announced, and a computer's move is shown).
    """

    actor: str
    kind: str
    text: str
    options: tuple[str, ...] | None = None
    chance: ChanceSpec | None = None
    choice: dict[str, Any] = {}
    private: bool = False
    shows_hand: bool = False

    @property
    def is_chance(self) -> bool:
        return self.actor == CHANCE


@dataclass(slots=True)
class Header:
    """Everything besides the actions that a game needs to be rebuilt."""

    game: str
    pack: str = "default"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    pack_digest: str = ""


class Engine(Protocol):
    """The interface each game's engine implements (see companion/games/ and
    docs/adding-a-game.md). A game is its header plus its actions; the state is plain data.

    ``summary(state)`` is public and has at least ``players`` (the seats, ``["p1", "p2", ...]``),
    ``scores`` (seat -> number), ``over``, ``winner`` (a seat, or None) and ``draw``, then the
    game's own keys. ``public_view(state, seat)`` is what that seat may see (``seat=None``: a
    spectator); it is built from an allow-list, so a new secret field stays secret.
    """

    name: str
    pack: Any
    digest: str

    def new_state(self, header: Header) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, action: str, prompt: Prompt | None = None) -> list[dict]:
        """Check ``action`` and apply it, or raise IllegalAction naming the rule broken and
        change nothing. ``prompt`` may pass in ``self.prompt(state)`` just computed."""

    def apply_trusted(self, state: Any, action: str, prompt: Prompt) -> tuple[list[dict], Prompt | None]:
        """The fast path for simulation and computer seats: ``action`` came from ``prompt``'s
        own options, a built-in policy or a dice source, so it is not parsed and re-validated.
        Returns the events and the next prompt (None when the game is over)."""

    def legal_actions(self, state: Any) -> list[str]: ...

    def is_over(self, state: Any) -> bool: ...

    def summary(self, state: Any) -> dict: ...

    def public_view(self, state: Any, viewer: str | None) -> dict: ...

    def to_json(self, state: Any) -> bytes: ...

    def from_json(self, data: bytes | str) -> Any: ...

    def status_line(self, state: Any) -> str: ...


# Optional engine methods the device uses when a game has them:
#   die_faces(kind) -> tuple[str, ...]      the faces of a pack's die, for camera calibration
#   table_viewer(state, prompt) -> seat|None whose view the shared panel shows when no private
#                                           prompt is open (solo: the one human seat)
#   automatic_seats(state) -> set[str]      seats no person holds (a solo AI deck): with them and
#                                           the computer's, one person alone passes nothing
#   table_text(state, seat) -> list[str]    the table as text lines for the terminal, before a
#                                           prompt (``seat``: whose secrets it may show, or None)
#   advance(state, action, prompt) -> Prompt|None   apply_trusted without building the events
#                                           (a simulation reads none): runner.play_out takes it
#   public_view(state, seat, keys=None)     ``keys`` builds only those keys of the view; a
#                                           policy may name them with ``view_keys(prompt)``,
#                                           and ``runner.play_out`` then builds only those
