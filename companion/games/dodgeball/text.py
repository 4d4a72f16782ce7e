"""The words the terminal and the device show for what happened: a duel as arithmetic
("THR 5+3-1=7 vs DOD 4+4=8"), its result, the court in two lines. Public facts only."""

from __future__ import annotations

from companion.games.dodgeball.state import DEF, OFF, DodgeState

RESULTS = {
    "hit": "{target} out",
    "blocked_tie": "blocked, tie: ball back to {seat}",
    "blocked": "blocked",
    "dodged": "dodged",
    "caught": "caught! {thrower} out",
}


def duel_text(attack: dict, defence: dict) -> str:
    return f"{attack['text']} vs {defence['text']}"


def result_text(o: dict, thrower_seat: str) -> str:
    text = RESULTS[o["result"]].format(target=o["target"], thrower=o["thrower"], seat=thrower_seat)
    if o.get("back"):
        text += f", {o['back']} back"
    return text


def player_text(coach, p: str) -> str:
    n = coach.balls.get(p, 0)
    return p + ("*" * n)


def court_lines(s: DodgeState) -> list[str]:
    """``P1 falcons off: rita** tomas | def: hook nets | 1 stray | out: pip``: * a ball held."""
    lines = []
    for c in s.coaches:
        off = " ".join(player_text(c, p) for p in c.in_zone(OFF)) or "-"
        dfn = " ".join(player_text(c, p) for p in c.in_zone(DEF)) or "-"
        line = f"{c.id.upper()} {c.team} off: {off} | def: {dfn} | {c.strays} stray"
        if c.out:
            line += " | out: " + " ".join(c.out)
        lines.append(line)
    return lines
