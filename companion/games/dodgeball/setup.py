"""Setting the game: each coach's team (chosen from the pack, or drafted), the hands dealt,
then the opening rush.

Draft (advanced, Creating teams): each coach picks a captain (and with it that team's mascot
and coach card), the device draws ten athletes, and the coaches pick in turn, P1 first, until
each has six; a pick may not take a team over the star limit unless no card left fits."""
from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dodgeball.state import DodgeState, Duel

CREATING = "Creating teams"


def stars(g, players: list[str]) -> int:
    return sum(g.pack.by_player[p].stars for p in players)


def team_fits(g, s: DodgeState, team: str) -> bool:
    return stars(g, g.pack.by_team[team].players) <= s.star_limit


def set_team(g, s: DodgeState, seat: str, team: str, players: list[str] | None = None) -> None:
    coach = s.coach(seat)
    coach.team = team
    coach.players = list(players if players is not None else g.pack.by_team[team].players)
    t = g.pack.by_team[team]
    coach.mascot = t.mascot if s.mascots else ""
    coach.coach = t.coach if s.coach_cards else ""


def begin(g, s: DodgeState) -> None:
    """Teams are set: hands are dealt (digital cards) and the opening rush begins."""
    for coach in s.coaches:
        coach.zone = {p: "" for p in coach.players}
        coach.balls = {p: 0 for p in coach.players}
        coach.deck = list(g.pack.deck)
    s.frames = [Frame("turn", {"stage": "play"})]
    s.duel = Duel("rush")
    StepMachine.push(s, "duel", queue=["p1:line", "p1:card", "p2:line", "p2:card"])
    if s.cards == "digital":
        StepMachine.push(s, "deal", queue=["p1", "p2"])


def draft_choices(g, s: DodgeState, seat: str) -> list[str]:
    coach = s.coach(seat)
    left = s.pool
    fits = [p for p in left if stars(g, coach.players + [p]) <= s.star_limit]
    if fits:
        return fits
    low = min((g.pack.by_player[p].stars for p in left), default=0)
    return [p for p in left if g.pack.by_player[p].stars == low]


class Setup(Step):
    rule = CREATING

    def prompt(self, g, s: DodgeState, f: Frame) -> Prompt:
        stage = f.data.get("stage", "team")
        if stage == "pool":
            taken = {p for c in s.coaches for p in c.players}
            faces = tuple(p.id for p in g.pack.players if not p.captain and p.id not in taken)
            spec = ChanceSpec("draft", faces, min(g.pack.rules.draft_pool, len(faces)), die="draft",
                              distinct=True, by="device")
            return Prompt(CHANCE, "draft", f"draw {spec.count} athletes for the draft", chance=spec)
        seat = "p1" if f.data.get("turn", 0) % 2 == 0 else "p2"
        if stage == "captain":
            taken = {c.team for c in s.coaches}
            opts = tuple(f"{seat} captain {p.id}" for p in g.pack.players if p.captain and p.team not in taken)
            return Prompt(seat, "captain", "draft: your captain", opts)
        if stage == "pick":
            return Prompt(seat, "pick", f"draft: pick {len(s.coach(seat).players) + 1} of 6",
                          tuple(f"{seat} pick {p}" for p in draft_choices(g, s, seat)))
        taken = {c.team for c in s.coaches}
        opts = tuple(f"{seat} team {t.id}" for t in g.pack.teams if t.id not in taken and team_fits(g, s, t.id))
        return Prompt(seat, "team", "choose your team", opts)

    def explain(self, g, s: DodgeState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) == 3 and w[1] == "team":
            if w[2] not in g.pack.by_team:
                return f"no team {w[2]!r} in the pack ({', '.join(g.pack.by_team)})", CREATING
            if any(c.team == w[2] for c in s.coaches):
                return f"the other coach already plays {w[2]}", CREATING
            return (f"{w[2]} has {stars(g, g.pack.by_team[w[2]].players)} stars, over the limit of "
                    f"{s.star_limit}", CREATING)
        if len(w) == 3 and w[1] == "pick":
            if w[2] not in s.pool:
                return f"{w[2]!r} is not among the athletes left in the draft", CREATING
            return f"{w[2]} would take {w[0]}'s team over {s.star_limit} stars", CREATING
        return None

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        stage = f.data.get("stage", "team")
        if stage == "pool":
            s.pool = list(w[2:])
            f.data = {"stage": "pick", "turn": 0}
            ev.append({"event": "draft_pool", "athletes": list(s.pool)})
            return
        seat = w[0]
        if stage == "team":
            set_team(g, s, seat, w[2])
            ev.append({"event": "team", "seat": seat, "team": w[2]})
        elif stage == "captain":
            captain = g.pack.by_player[w[2]]
            set_team(g, s, seat, captain.team, [w[2]])
            ev.append({"event": "captain", "seat": seat, "player": w[2]})
        else:
            s.pool.remove(w[2])
            s.coach(seat).players.append(w[2])
            ev.append({"event": "pick", "seat": seat, "player": w[2]})
        f.data["turn"] = f.data.get("turn", 0) + 1
        done_two = f.data["turn"] == 2
        if stage == "captain" and done_two:
            f.data = {"stage": "pool"}
        elif stage == "team" and done_two:
            begin(g, s)
        elif stage == "pick" and all(len(c.players) == 6 for c in s.coaches):
            s.pool = []
            begin(g, s)
        elif stage == "pick" and len(s.coach("p1" if f.data["turn"] % 2 == 0 else "p2").players) == 6:
            f.data["turn"] += 1                          # that coach is full: the other picks on
