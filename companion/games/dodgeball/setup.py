"""Setting the game: each coach's team (chosen from the pack, or drafted), the hands dealt,
then the opening rush.

Draft (advanced, Creating teams): each coach picks a captain (and with it that team's mascot
and coach card), the device draws ten athletes, and the coaches pick in turn, P1 first, until
each has six; a pick must leave the team able to reach six within the star limit (with the
cheapest cards left), unless no card left does.
Building (Creating teams: "create your dream team"): the coaches pick six players each, in
turn, from every player of the pack, at most one captain and within the star limit, then a
mascot and a coach card when those rules are on."""

from __future__ import annotations

from companion.engine.core import CHANCE, ChanceSpec, Prompt
from companion.engine.steps import Frame, Step, StepMachine
from companion.games.dodgeball.labels import kit_label, labels, player_label, team_label
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


def can_finish(g, s: DodgeState, players: list[str], pick: str, left: list[str]) -> bool:
    """After this pick the team can still reach six within the star limit, with the cheapest
    cards left."""
    need = 6 - len(players) - 1
    cheapest = sorted(g.pack.by_player[p].stars for p in left if p != pick)[:need]
    return len(cheapest) == need and stars(g, players + [pick]) + sum(cheapest) <= s.star_limit


def draft_choices(g, s: DodgeState, seat: str) -> list[str]:
    """The athletes this coach may pick: a second captain never; within the star limit unless
    no card left fits, then one of the fewest stars."""
    coach = s.coach(seat)
    has_captain = any(g.pack.by_player[p].captain for p in coach.players)
    left = [p for p in s.pool if not (has_captain and g.pack.by_player[p].captain)]
    fits = [p for p in left if can_finish(g, s, coach.players, p, left)]
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
            spec = ChanceSpec(
                "draft",
                faces,
                min(g.pack.rules.draft_pool, len(faces)),
                die="draft",
                distinct=True,
                by="device",
            )
            return Prompt(CHANCE, "draft", f"draw {spec.count} athletes for the draft", chance=spec)
        seat = "p1" if f.data.get("turn", 0) % 2 == 0 else "p2"
        if stage == "captain":
            taken = {c.team for c in s.coaches}
            opts = tuple(
                f"{seat} captain {p.id}" for p in g.pack.players if p.captain and p.team not in taken
            )
            return Prompt(seat, "captain", "draft: your captain", opts, choice=labels(g.pack, opts))
        if stage == "pick":
            how = "build" if s.build else "draft"
            opts = tuple(f"{seat} pick {p}" for p in draft_choices(g, s, seat))
            return Prompt(
                seat,
                "pick",
                f"{how}: pick {len(s.coach(seat).players) + 1} of 6",
                opts,
                choice=labels(g.pack, opts),
            )
        if stage == "kit":
            seat, kind = f.data["queue"][0].split(":")
            cards = g.pack.mascots if kind == "mascot" else g.pack.coaches
            opts = tuple(f"{seat} {kind} {c.id}" for c in cards)
            return Prompt(seat, "kit", f"your {kind} card", opts, choice=labels(g.pack, opts))
        taken = {c.team for c in s.coaches}
        opts = tuple(
            f"{seat} team {t.id}" for t in g.pack.teams if t.id not in taken and team_fits(g, s, t.id)
        )
        return Prompt(seat, "team", "choose your team", opts, choice=labels(g.pack, opts))

    def explain(self, g, s: DodgeState, f: Frame, w: list[str], p: Prompt) -> tuple[str, str] | None:
        if len(w) == 3 and w[1] == "team":
            if w[2] not in g.pack.by_team:
                return f"no team {w[2]!r} in the pack ({', '.join(g.pack.by_team)})", CREATING
            if any(c.team == w[2] for c in s.coaches):
                return f"the other coach already plays {w[2]}", CREATING
            return (
                f"{w[2]} has {stars(g, g.pack.by_team[w[2]].players)} stars, over the limit of "
                f"{s.star_limit}",
                CREATING,
            )
        if len(w) == 3 and w[1] == "pick":
            if w[2] not in s.pool:
                return f"{w[2]!r} is not among the athletes left to pick", CREATING
            if g.pack.by_player[w[2]].captain and any(
                g.pack.by_player[p].captain for p in s.coach(w[0]).players
            ):
                return f"{w[0]}'s team has its captain: a team has only one", CREATING
            if stars(g, s.coach(w[0]).players + [w[2]]) > s.star_limit:
                return f"{w[2]} would take {w[0]}'s team over {s.star_limit} stars", CREATING
            return f"after {w[2]}, {w[0]}'s team could not reach six within {s.star_limit} stars", CREATING
        return None

    def act(self, g, s: DodgeState, f: Frame, w: list[str], ev: list[dict]) -> None:
        stage = f.data.get("stage", "team")
        if stage == "pool":
            s.pool = list(w[2:])
            f.data = {"stage": "pick", "turn": 0}
            decided = "P1 picks first: the rulebook says only that the coaches take turns, the device decides"
            ev.append(
                {
                    "event": "draft_pool",
                    "athletes": list(s.pool),
                    "decided": decided,
                    "text": "drawn for the draft: "
                    + ", ".join(player_label(g.pack.by_player[p]) for p in s.pool)
                    + f"; {decided}",
                }
            )
            return
        seat = w[0]
        if stage == "kit":
            setattr(s.coach(seat), w[1], w[2])
            ev.append(
                {
                    "event": w[1],
                    "seat": seat,
                    "card": w[2],
                    "text": f"{seat.upper()} takes {kit_label(g.pack, w[1], w[2])}",
                }
            )
            f.data["queue"].pop(0)
            if not f.data["queue"]:
                begin(g, s)
            return
        if stage == "team":
            set_team(g, s, seat, w[2])
            ev.append(
                {
                    "event": "team",
                    "seat": seat,
                    "team": w[2],
                    "text": f"{seat.upper()} plays {team_label(g.pack, w[2])}",
                }
            )
        elif stage == "captain":
            captain = g.pack.by_player[w[2]]
            set_team(g, s, seat, captain.team, [w[2]])
            ev.append(
                {
                    "event": "captain",
                    "seat": seat,
                    "player": w[2],
                    "text": f"{seat.upper()}'s captain: {player_label(captain)}",
                }
            )
        else:
            s.pool.remove(w[2])
            s.coach(seat).players.append(w[2])
            ev.append(
                {
                    "event": "pick",
                    "seat": seat,
                    "player": w[2],
                    "text": f"{seat.upper()} picks {player_label(g.pack.by_player[w[2]])}",
                }
            )
        f.data["turn"] = f.data.get("turn", 0) + 1
        done_two = f.data["turn"] == 2
        if stage == "captain" and done_two:
            f.data = {"stage": "pool"}
        elif stage == "team" and done_two:
            begin(g, s)
        elif stage == "pick" and all(len(c.players) == 6 for c in s.coaches):
            s.pool = []
            kit = [
                f"{c.id}:{kind}"
                for c in s.coaches
                for kind, on in (("mascot", s.mascots), ("coach", s.coach_cards))
                if on
            ]
            if s.build and kit:
                f.data = {"stage": "kit", "queue": kit}
            else:
                begin(g, s)
        elif stage == "pick" and len(s.coach("p1" if f.data["turn"] % 2 == 0 else "p2").players) == 6:
            f.data["turn"] += 1  # that coach is full: the other picks on
