"""Crystal Auction's content pack: read, validated, errors naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import msgspec

from companion.packs import PackError, convert, read_toml

DEFAULT = Path(__file__).resolve().parent / "toy.toml"
MAX_SEATS = 3


class Crystal(msgspec.Struct, forbid_unknown_fields=True):
    count: int
    points: int


class ToyPack(msgspec.Struct, forbid_unknown_fields=True):
    cards: list[str]
    hand_size: int
    coins: int
    lot_size: int
    duel_points: int
    double_at: int
    crystals: dict[str, Crystal]
    dice: dict[str, list[str]]

    @property
    def bag(self) -> tuple[str, ...]:
        """Every crystal in the bag, a colour repeated once per crystal of it."""
        return tuple(colour for colour, c in self.crystals.items() for _ in range(c.count))


def load_pack(pack: str = "default") -> tuple[ToyPack, str]:
    """The pack and a digest of its bytes; ``default`` is toy.toml beside this module."""
    path = DEFAULT if pack in ("", "default") else Path(pack).expanduser()
    data, digest = read_toml(path)
    loaded = convert(data, ToyPack, path)
    _check(loaded, path)
    return loaded, digest


def _check(p: ToyPack, path: Path) -> None:
    def bad(key: str, why: str) -> PackError:
        return PackError(f"{path}: {key}: {why}")

    for key in ("hand_size", "coins", "lot_size", "duel_points", "double_at"):
        if getattr(p, key) < 1:
            raise bad(key, f"must be at least 1, not {getattr(p, key)}")
    if len(set(p.cards)) != len(p.cards):
        raise bad("cards", "a card is listed twice")
    bad_card = next((c for c in p.cards if not c.isdigit()), None)
    if bad_card is not None:
        raise bad("cards", f"{bad_card!r} is not a number: the duel compares cards by number")
    if p.hand_size * MAX_SEATS > len(p.cards):
        raise bad(
            "hand_size",
            f"{MAX_SEATS} hands of {p.hand_size} need {p.hand_size * MAX_SEATS} cards, "
            f"the pack has {len(p.cards)}",
        )
    for colour, c in p.crystals.items():
        if c.count < 1 or c.points < 0:
            raise bad(f"crystals.{colour}", "count must be at least 1 and points not negative")
    if p.lot_size * p.hand_size > len(p.bag):
        raise bad(
            "lot_size",
            f"{p.hand_size} rounds of {p.lot_size} crystals need {p.lot_size * p.hand_size}, "
            f"the bag holds {len(p.bag)}",
        )
    if sorted(p.dice) != ["d12", "d4", "d6"]:
        raise bad("dice", f"must be d4, d6 and d12, not {', '.join(sorted(p.dice)) or 'none'}")
    for kind, faces in p.dice.items():
        if not faces or not all(f.isdigit() for f in faces):
            raise bad(f"dice.{kind}", "faces must be numbers")
