"""What a coach reads for each team-building choice, on the panel's list and in the terminal
(``Prompt.choice["labels"]``): a player's name, stars and captain mark ("Bruno Brick 5* C"),
a team's name and stars, a mascot's or coach card's name and what it adds. At most 19
characters where it can (the panel's list row), so the stars are never cut off."""

from __future__ import annotations

ROW = 19  # characters on a list row of the panel (6 px font, with the scroll bar)


def _fit(name: str, tail: str) -> str:
    """``name`` shortened so that ``name tail`` fits a row, the stars kept: first its middle
    words go ("Barry the Bear" -> "Barry Bear"), then its end ("Bartholomew.")."""
    room = ROW - len(tail) - 1
    words = name.split()
    if len(name) > room and len(words) > 2:
        name = f"{words[0]} {words[-1]}"
    if len(name) > room:
        name = name[: max(1, room - 1)].rstrip() + "."
    return f"{name} {tail}"


def short_name(player) -> str:
    """The one short name a player goes by on the court, in prompts and on the phones: the
    word of the full name the pack's id is ("Brick" for Bruno Brick, id ``brick``), else the
    id capitalised."""
    return next((w for w in player.name.split() if w.lower() == player.id), player.id.capitalize())


def rush_label(player) -> str:
    """A player on the opening rush's list: the short name and the printed SPD the rush adds
    ("Rita SPD 4")."""
    return f"{short_name(player)} SPD {player.attrs['SPD']}"


def player_label(player) -> str:
    return _fit(player.name, f"{player.stars}*" + (" C" if player.captain else ""))


def team_label(pack, team_id: str) -> str:
    team = pack.by_team[team_id]
    return _fit(team.name, f"{sum(pack.by_player[p].stars for p in team.players)}*")


def kit_label(pack, kind: str, card_id: str) -> str:
    """A mascot: its name and what it adds ("Iron Goat +1 BLO"); a coach card: its name."""
    if kind == "mascot":
        m = next(m for m in pack.mascots if m.id == card_id)
        return _fit(m.name, f"+{m.add} {'/'.join(m.attrs)}")
    return next(c.name for c in pack.coaches if c.id == card_id)


def labels(pack, options: tuple[str, ...]) -> dict:
    """``{"labels": [...]}`` for a setup prompt's options (``p1 pick brick``, ``p1 team hawks``,
    ``p1 captain rita``, ``p1 mascot goat``)."""
    out = []
    for option in options:
        _, what, card = option.split()
        if what in ("pick", "captain"):
            out.append(player_label(pack.by_player[card]))
        elif what == "team":
            out.append(team_label(pack, card))
        else:
            out.append(kit_label(pack, what, card))
    return {"labels": out}
