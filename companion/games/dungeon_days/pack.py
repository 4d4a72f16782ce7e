"""Dungeon Days' content pack (config/dungeon-days.toml): the play cards with their points and
copies per deck, the week, how many players share a deck. Errors name the file and the key."""

from __future__ import annotations

from pathlib import Path

import msgspec

from companion.packs import Int, PackError, convert, read_toml, resolve_pack_path

GAME = "dungeon-days"
# The 18 kinds of play card the rulebook names; the engine knows each one's rule by this id.
KINDS = (
    "terror",
    "transportation",
    "transformation",
    "invisibility",
    "lava",
    "boulder",
    "dragon",
    "dwarf",
    "elf",
    "pixie",
    "human",
    "halfling",
    "medusa",
    "orc",
    "sprite",
    "troll",
    "goblin",
    "mimic",
)
SPELLS = frozenset({"terror", "transportation", "transformation", "invisibility"})
TRAPS = frozenset({"lava", "boulder"})
TYPES = ("creature", "spell", "trap")
# every pack gives each kind this type (_check), so the creatures are the same in every pack
CREATURES = frozenset(KINDS) - SPELLS - TRAPS


class Card(msgspec.Struct, forbid_unknown_fields=True):
    code: str
    type: str
    count: Int(0, 20)  # copies in one deck
    text: str = ""
    points: Int(0, 99) = 0


class DaysPack(msgspec.Struct, forbid_unknown_fields=True):
    cards: dict[str, Card]
    days: list[str]
    players_per_deck: int = 2  # 1 to 6: _check says so
    starting_hand: Int(0, 20) = 0

    def deck(self, players: int) -> list[str]:
        """Every card of the decks ``players`` need, one id per card, sorted."""
        decks = -(-players // self.players_per_deck)
        return sorted(kind for kind, card in self.cards.items() for _ in range(card.count * decks))

    def is_creature(self, kind: str) -> bool:
        return self.cards[kind].type == "creature"

    def code(self, kind: str) -> str:
        return self.cards[kind].code


def load_pack(pack: str = "default") -> tuple[DaysPack, str]:
    """The pack and a digest of its values; ``default`` is config/dungeon-days.toml."""
    path = resolve_pack_path(GAME, pack)
    data, digest = read_toml(path)
    cards = data.get("cards")
    if isinstance(cards, dict):  # each card on its own, so an error names it: cards.elf.count
        for kind, card in cards.items():
            convert(card, Card, f"{path}: cards.{kind}")
    loaded = convert(data, DaysPack, path)
    _check(loaded, path)
    return loaded, digest


def _check(p: DaysPack, path: Path) -> None:
    def bad(key: str, why: str) -> PackError:
        return PackError(f"{path}: {key}: {why}")

    missing = [k for k in KINDS if k not in p.cards]
    if missing:
        raise bad("cards", f"missing {', '.join(missing)} (the rulebook's 18 kinds are all needed)")
    extra = [k for k in p.cards if k not in KINDS]
    if extra:
        raise bad(f"cards.{extra[0]}", f"not a Dungeon Days card (cards: {', '.join(KINDS)})")
    codes: dict[str, str] = {}
    for kind, card in p.cards.items():
        want = "spell" if kind in SPELLS else "trap" if kind in TRAPS else "creature"
        if card.type != want:
            raise bad(f"cards.{kind}.type", f"must be {want!r}, not {card.type!r}")
        if card.count < 0:
            raise bad(f"cards.{kind}.count", f"must not be negative, not {card.count}")
        if card.points < 0:
            raise bad(f"cards.{kind}.points", f"must not be negative, not {card.points}")
        if not card.code or len(card.code) > 3:
            raise bad(
                f"cards.{kind}.code", f"must be 1 to 3 letters (it fits a board column), not {card.code!r}"
            )
        if card.code in codes:
            raise bad(f"cards.{kind}.code", f"{card.code!r} is also {codes[card.code]}'s code")
        codes[card.code] = kind
    if len(p.days) != 7 or len(set(p.days)) != 7 or not all(d.isalpha() for d in p.days):
        raise bad("days", f"must be the 7 days of the week as 7 different words, not {p.days!r}")
    if not 1 <= p.players_per_deck <= 6:
        raise bad("players_per_deck", f"must be 1 to 6, not {p.players_per_deck}")
    if p.starting_hand < 0 or p.starting_hand * p.players_per_deck > sum(c.count for c in p.cards.values()):
        raise bad(
            "starting_hand",
            f"{p.starting_hand} cards for each of {p.players_per_deck} players is more than a deck holds",
        )
