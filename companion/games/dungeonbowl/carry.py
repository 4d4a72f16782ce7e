"""The computer players' reading of the carrier's run (docs/dungeonbowl.md, "Computer players
that plan"). The device keeps no board, so the table's distances are not in the state; the
computer players follow a model of them, read from the public view alone:

* **A touchdown needs a whole turn of the other team.** A chest stands at least eight squares
  from an end zone, opening it costs a square and the ball is then picked up, so the finder
  has rarely the movement left to score (six to eight squares and two going-for-it). A team
  reports a touchdown only in a turn it began holding the ball (``ball_held_since`` before
  this turn): its carrier has lived through the other team's turn, in which it may be
  blocked. A hand-off or a pass between team-mates keeps the team's hold.
* **One action a player a turn**, as in Blood Bowl: a player who has acted this turn
  (``actors``) does not block the carrier again.
* **A player knocked down spends his team's next turn standing up** (three squares of his
  movement, and the carrier has moved on): a player down since turn ``d`` (``down_since``)
  may block the carrier from turn ``d + 3``, once his team has had a turn; a stunned player
  counts from the turn he turned face up. So knocking down the players who could reach the
  carrier protects it.

What the engine accepts is not changed: a table reports a touchdown whenever it sees one."""

from __future__ import annotations

STAND_UP = 3  # a player down since turn d may block from turn d + 3
UP = ("standing", "prone", "in a pit")  # stunned players stay face down


def holder_seat(view: dict) -> str:
    """The seat whose player holds the ball, or "" (in a chest, on the ground)."""
    ball = view["ball"]
    return ball.partition("#")[0] if "#" in ball else ""


def may_score(view: dict, seat: str) -> bool:
    """``seat`` holds the ball and has held it since before this turn."""
    held = view.get("ball_held_since")
    return holder_seat(view) == seat and held is not None and held < view["turn"]


def blockers(view: dict, seat: str, turn: int | None = None) -> list[str]:
    """The players of ``seat`` who may block the carrier in ``turn`` (this one by default):
    in the dungeon, not stunned, standing or down long enough to have stood up, and (this
    turn) not yet acted."""
    now = view["turn"] if turn is None else turn
    team = next(t for t in view["teams"] if t["seat"] == seat)
    acted = set(view["actors"]) if now == view["turn"] else set()
    since = view["down_since"]
    out = []
    for number in team["dungeon"]:
        pid = f"{seat}#{number}"
        if pid in acted or team["status"].get(number, "standing") not in UP:
            continue
        if pid not in since or since[pid] + STAND_UP <= now:
            out.append(pid)
    return out


# what a computer coach decides to report on its turn; the rest (a fall, a push into a wall,
# a trap entered, a ball bounced loose) happen to it, as the dice and the table say
DECIDED = {
    "teleport-in",
    "sponge",
    "chest",
    "pad",
    "block",
    "leap",
    "pass",
    "holder",
    "touchdown",
    "end-turn",
}


def decisions(view: dict, prompt, answers: list[str]) -> list[str]:
    """The answers a computer coach may decide on, by this model: no touchdown before the
    carrier has lived through the other team's turn, a block only by a player who may block,
    the ball picked up when loose or handed to a team-mate (never taken from the carrier
    without a block), and none of the mishaps the table reports when they happen."""
    me = prompt.actor
    if prompt.kind == "turn":
        carrier = holder_seat(view)
        ok = {
            "touchdown": may_score(view, me),
            "block": bool(blockers(view, me)),
            "holder": view["ball"] == "ground" or carrier == me,
        }
        return [a for a in answers if a.split()[1] in DECIDED and ok.get(a.split()[1], True)]
    if prompt.kind == "attacker":
        may = set(blockers(view, me))
        return [a for a in answers if a.split()[-1] in may]
    if prompt.kind == "holder":
        return [a for a in answers if a.split()[-1].startswith(me + "#")]
    return answers
