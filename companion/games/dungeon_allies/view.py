"""What each seat may see (an allow-list: a new secret field stays secret) and the public
summary. A face-down monster is shown only to the seats that looked under it."""

from __future__ import annotations

from .rules import bag_size, sorcerer_cost
from .scoring import card_points, score
from .state import AlliesState


def seat_view(g, s: AlliesState, seat) -> dict:
    return {
        "id": seat.id,
        "gold": seat.gold,
        "crystals": dict(seat.crystals),
        "score": score(g, seat),
        "allies": [
            {"name": a.name, "die": a.die, "skill": a.skill, "follower": a.follower} for a in seat.allies
        ],
        "monsters": list(seat.monsters),
        "cards": list(seat.cards),
        "card_points": sum(card_points(g, seat, c) for c in seat.cards),
        "rolls": list(seat.rolls),
        "victory": seat.victory,
    }


def tile_view(tile, viewer: str | None) -> dict:
    shown = tile.revealed or (viewer is not None and viewer in tile.known)
    return {
        "square": tile.square,
        "section": tile.section,
        "removed": tile.removed,
        "revealed": tile.revealed,
        "monster": tile.monster if shown else "",
        "looked": list(tile.known),
    }


def combat_view(g, s: AlliesState) -> dict | None:
    c = s.combat
    if c is None:
        return None
    from .combat import doubled, need, total

    tile = s.tile(c.square)
    out = {
        "square": c.square,
        "seat": c.seat,
        "dice": list(c.dice),
        "values": list(c.values),
        "blessed": list(c.blessed),
        "hammer": c.hammer,
    }
    if tile.revealed:
        out |= {
            "monster": tile.monster,
            "need": need(g, s, c),
            "doubled": doubled(g, s, c),
            "total": total(g, s, c) if c.values else None,
        }
    return out


def public_view(g, s: AlliesState, viewer: str | None) -> dict:
    return {
        "game": g.name,
        "board": s.board,
        "round": s.round,
        "turn": s.turn,
        "step": s.step,
        "order": list(s.order),
        "removed": s.removed,
        "monsters_left": s.monsters_left,
        "seats": {seat.id: seat_view(g, s, seat) for seat in s.seats},
        "tiles": [tile_view(t, viewer) for t in s.tiles],
        "monster_pool": len(s.monster_pool),
        "follower_top": s.follower_top,
        "followers_left": len(s.follower_pool),
        "row": list(s.row),
        "deck": len(s.deck),
        "bag": dict(s.bag),
        "bag_size": bag_size(s),
        "treasure": [list(p) for p in s.treasure],
        "gold_pile": s.gold_pile,
        "placed": [{"seat": p.seat, "die": p.die, "space": p.space, "gold": p.gold} for p in s.placed],
        "cost": sorcerer_cost(g, s),
        "combat": combat_view(g, s),
        "over": s.over,
        "winner": s.winner or None,
        "draw": s.draw,
        "tie_break": s.tie_break,
    }


def referee_view(g, s: AlliesState) -> dict:
    """Everything, for checking a game and for bug reports: every face-down monster, and the
    monster, character, follower and sorcerer stacks in their order."""
    view = public_view(g, s, None)
    view["tiles"] = [tile_view(t, None) | {"monster": t.monster} for t in s.tiles]
    view |= {
        "monster_pool_tiles": list(s.monster_pool),
        "character_pool": list(s.character_pool),
        "follower_pool": list(s.follower_pool),
        "deck_cards": list(s.deck),
    }
    return view


def summary(g, s: AlliesState) -> dict:
    return {
        "game": g.name,
        "players": [seat.id for seat in s.seats],
        "scores": {seat.id: score(g, seat) for seat in s.seats},
        "over": s.over,
        "winner": s.winner or None,
        "draw": s.draw,
        "tie_break": s.tie_break,
        "round": s.round,
        "turn": s.turn,
        "removed": s.removed,
        "gold": {seat.id: seat.gold for seat in s.seats},
        "crystals": {seat.id: dict(seat.crystals) for seat in s.seats},
        "cards": {seat.id: list(seat.cards) for seat in s.seats},
    }
