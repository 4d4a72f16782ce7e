"""The Dodgeball Card Game on the phones' page (companion.web.views describes the blocks): the
turn and the last duel, the court (both coaches' zones with their players and balls, the
viewer's side nearest), the viewer's own hand with what each card does, its face-down card
and rush line once chosen, each coach's public counts, and the players' attributes.

It reads only the model a page view gets: the viewer's ``public_view`` (the other coach's
hand, face-down card, rush line and mascot/coach cards are not in it), the public summary and
the pack's content, so it shows nothing the viewer may not see.
"""

from __future__ import annotations

from companion.engine.words import counted
from companion.web.views import text

ATTRS = ("THR", "COU", "BLO", "DOD", "CTH", "SPD", "CON")
# The attributes table's columns, in ATTRS's order: a name and three columns fit a 320 px phone.
GROUPS = (ATTRS[:2], ATTRS[2:5], ATTRS[5:])
# What an intensity card does, by its kind (the pack's comment on [[intensity]] says the same).
KINDS = {
    "boost": "adds {value}",
    "con": "adds the player's CON",
    "supershot": "+{supershot} THR against a catch, else 0",
    "deceive": "cancels the other card",
}
ZONES = (("off", "offence"), ("def", "defence"))


def page_pack(engine) -> dict:
    """Full names, team names and what each card does: the panel's pack_info has 4 letters."""
    pack = engine.pack
    return {
        "players": {
            p.id: {
                "name": p.name,
                "captain": p.captain,
                "ability": p.ability.name,
                "ability_text": p.ability.text,
            }
            for p in pack.players
        },
        "teams": {t.id: t.name for t in pack.teams},
        "intensity": {
            c.id: KINDS.get(c.kind, c.kind).format(value=c.value, supershot=pack.rules.supershot)
            for c in pack.intensity
        },
        "specials": {
            **{m.id: f"{m.name}: +{m.add} {'/'.join(m.attrs)}" for m in pack.mascots},
            **{c.id: f"{c.name}: {c.text}" for c in pack.coaches},
        },
    }


VERBS = {
    "give": "give a ball",
    "drop": "drop a ball",
    "forward": "move forward",
    "back": "move back",
    "throw": "throw",
    "group": "group throw",
    "counter": "counter-attack",
    "retreat": "retreat",
    "stay": "no retreat",
    "end": "end the turn",
    "pass": "pass",
}  # a turn's first word on the page


def page_names(pack: dict) -> dict:
    """The words of a line as a coach says them: the players' and teams' names, what a card does."""
    names = {pid: _name(pack, pid) for pid in (pack.get("players") or {})}
    names.update(VERBS)
    names.update(pack.get("teams") or {})
    names.update({card: f"{card} ({what})" for card, what in (pack.get("intensity") or {}).items()})
    return names


def _name(pack: dict, player: str) -> str:
    """A player's one short name, as the court and the prompts say it ("Brick")."""
    return str((pack.get("names") or {}).get(player) or str(player).capitalize())


def _team(pack: dict, coach: dict) -> str:
    team = coach.get("team") or ""
    return (pack.get("teams") or {}).get(team, team) or "team not chosen yet"


def _seat(coach: dict) -> str:
    return str(coach["id"]).upper()


def scoreboard(view: dict, pack: dict, viewer: str | None) -> dict:
    turn = int(view.get("turn") or 0)
    active = str(view.get("active") or "")
    rows = [["turn", f"{turn}: {active.upper()} plays" if active else "the opening rush"]]
    for c in (view.get("coaches") or {}).values():
        out = [p for p in c.get("players", []) if (c.get("zone") or {}).get(p) == "out"]
        on = len(c.get("players", [])) - len(out) if c.get("zone") else len(c.get("players", []))
        rows.append([_seat(c) + (" (you)" if c["id"] == viewer else ""), f"{_team(pack, c)}: {on} on court"])
    if active:
        rows.append(
            [
                "throws",
                f"{view.get('throws', 0)} this turn" + (", must throw" if view.get("must_throw") else ""),
            ]
        )
    duel = view.get("duel")
    if duel:
        rows.append(["duel", duel_words(duel, pack)])
    last = view.get("last") or {}
    if last:
        rows.append(["last", last_words(last, pack)])
    rules = [k.replace("_", " ") for k, on in (view.get("options") or {}).items() if on]
    if rules:
        rows.append(["advanced", ", ".join(rules)])
    return {"kind": "facts", "title": "Game", "rows": rows}


def duel_words(duel: dict, pack: dict) -> str:
    kind = duel.get("kind") or ""
    if kind in ("rush", "tie"):
        return "the opening rush" + (": a tie, play again" if kind == "tie" else "")
    words = f"{_name(pack, duel.get('thrower'))} throws at {_name(pack, duel.get('target'))}"
    if duel.get("supporters"):
        words += " with " + ", ".join(_name(pack, p) for p in duel["supporters"])
    if duel.get("action"):
        words += f", who tries to {duel['action']}"
    return ("counter-attack: " if kind == "counter" else "") + words


def last_words(last: dict, pack: dict) -> str:
    cards = last.get("cards") or {}
    if "thrower_id" in last:
        thrower, target = last.get("thrower") or {}, last.get("target") or {}
        words = (
            f"{_name(pack, last['thrower_id'])} at {_name(pack, last.get('target_id'))} "
            f"({last.get('action') or 'no action'}): {thrower.get('text', '')} vs {target.get('text', '')}, "
            f"{str(last.get('result', '')).replace('_', ' ')}"
        )
        if last.get("out"):
            words += "; out: " + ", ".join(_name(pack, p) for p in last["out"])
        if last.get("back"):
            words += f"; {_name(pack, last['back'])} back in"
        return words
    shown = " vs ".join(f"{seat.upper()} {card}" for seat, card in cards.items())
    if last.get("deceive"):
        return f"{shown}: DECEIVE, both play again"
    winner = last.get("winner")
    return f"rush {shown}: " + (f"{winner.upper()} begins" if winner else "a tie")


def _player_chip(pack: dict, coach: dict, player: str, duel: dict | None) -> dict:
    balls = int((coach.get("balls") or {}).get(player) or 0)
    info = (pack.get("players") or {}).get(player) or {}
    sub = " ".join(
        [
            "\u25cf" * balls,
            "captain" if info.get("captain") else "",
            "revived" if player in (coach.get("protected") or []) else "",
        ]
    ).strip()
    hot = duel and player in (duel.get("thrower"), duel.get("target"), *(duel.get("supporters") or []))
    return {"text": _name(pack, player), "sub": sub, "cls": "hot" if hot else ""}


def court(view: dict, pack: dict, viewer: str | None) -> dict:
    """The far coach's defence and offence, the centre line, the near coach's offence and
    defence: the viewer's side at the bottom, as they sit at the table (P1's for a watcher)."""
    coaches = list((view.get("coaches") or {}).values())
    near = next((c for c in coaches if c["id"] == viewer), coaches[0] if coaches else None)
    far = [c for c in coaches if c is not near]
    duel = view.get("duel")
    rows = []

    def zone_row(coach: dict, zone: str, word: str, cls: str = "") -> dict:
        zones = coach.get("zone") or {}
        players = [p for p in coach.get("players", []) if zones.get(p) == zone]
        sub = counted(coach["strays"], "stray") if zone == "def" and coach.get("strays") else ""
        return {
            "label": f"{_seat(coach)} {word}",
            "sub": sub,
            "cls": cls,
            "items": [_player_chip(pack, coach, p, duel) for p in players],
        }

    for coach in far:
        if coach.get("zone"):
            rows += [zone_row(coach, "def", "defence"), zone_row(coach, "off", "offence")]
    if near is not None and near.get("zone"):
        mine = "you" if near["id"] == viewer else ""
        rows += [zone_row(near, "off", "offence", f"mid {mine}"), zone_row(near, "def", "defence", mine)]
    for coach in coaches:
        out = list(coach.get("out") or [])
        if not coach.get("zone"):
            rows.append(
                {
                    "label": f"{_seat(coach)} team",
                    "sub": "face down until the rush",
                    "items": [
                        {"text": _name(pack, p), "sub": "", "cls": ""} for p in coach.get("players", [])
                    ],
                }
            )
        elif out:
            rows.append(
                {
                    "label": f"{_seat(coach)} out",
                    "sub": "first out first",
                    "items": [{"text": _name(pack, p), "sub": "", "cls": "dim"} for p in out],
                }
            )
    return {"kind": "rows", "title": "Court (\u25cf a ball)", "rows": rows}


def own_cards(view: dict, pack: dict, viewer: str | None) -> list[dict]:
    coach = next((c for c in (view.get("coaches") or {}).values() if c["id"] == viewer and "hand" in c), None)
    if coach is None:
        return []
    what = pack.get("intensity") or {}
    specials = pack.get("specials") or {}
    items = [{"text": card, "sub": what.get(card, "")} for card in coach.get("hand") or []]
    for key, word in (("mascot_card", "mascot"), ("coach_card", "coach card")):
        if coach.get(key):
            items.append(
                {
                    "text": specials.get(coach[key], coach[key]).split(":")[0],
                    "cls": "hot",
                    "sub": word + ": " + specials.get(coach[key], "").partition(": ")[2],
                }
            )
    blocks = [{"kind": "cards", "title": "Your hand", "private": True, "items": items}]
    chosen = []
    if coach.get("pick"):
        chosen.append({"text": coach["pick"], "sub": "face down: " + what.get(coach["pick"], "")})
    for extra in coach.get("extras") or []:
        chosen.append({"text": specials.get(extra, extra).split(":")[0], "sub": "played with it"})
    for player in coach.get("rush") or []:
        chosen.append({"text": _name(pack, player), "sub": "rushes"})
    if chosen:
        blocks.append({"kind": "cards", "title": "Your secret choice", "private": True, "items": chosen})
    return blocks


def coach_facts(view: dict, pack: dict, viewer: str | None) -> list[dict]:
    blocks = []
    for c in (view.get("coaches") or {}).values():
        mine = c["id"] == viewer
        rows = [
            ["team", _team(pack, c)],
            ["cards in hand", str(c.get("cards", 0))],
            ["deck", counted(int(c.get("deck") or 0), "card")],
            ["discard", text(c.get("discard"))],
        ]
        if c.get("picked"):
            rows.append(["face down", "a card chosen"])
        if c.get("lined_up"):
            rows.append(["rush", "two players chosen"])
        if (view.get("options") or {}).get("mascots"):
            rows.append(["mascot", "in hand" if c.get("mascot") else "played"])
        if (view.get("options") or {}).get("coach_cards"):
            rows.append(["coach card", "in hand" if c.get("coach") else "played"])
        if (view.get("options") or {}).get("counter_attack"):
            rows.append(["counter-attack", "spent" if c.get("counter_used") else "ready"])
        blocks.append(
            {"kind": "facts", "title": _seat(c) + (" (you)" if mine else ""), "rows": rows, "you": mine}
        )
    return blocks


def attributes(view: dict, pack: dict) -> dict:
    """Every player still on court with the printed attributes a duel adds its card to: a line
    per player, the short name (and seat; the full name as its title) first, then the seven attributes in three columns
    (``GROUPS``), each value said with its attribute. Seven numbered columns beside a name
    leave a 320 px phone no room for the name."""
    printed = pack.get("attrs") or {}
    rows = []
    for c in (view.get("coaches") or {}).values():
        zones = c.get("zone") or {}
        mine = "you" if c["id"] == view.get("viewer") else ""
        for p in c.get("players", []):
            if zones.get(p) == "out":
                continue
            values = printed.get(p) or {}
            full = ((pack.get("players") or {}).get(p) or {}).get("name") or _name(pack, p)
            rows.append(
                [{"text": f"{_name(pack, p)}\n{_seat(c)}", "title": f"{_seat(c)} {full}", "cls": mine}]
                + [
                    {"text": "\n".join(f"{a} {values.get(a, '-')}" for a in group), "cls": ""}
                    for group in GROUPS
                ]
            )
    return {"kind": "grid", "title": "Players on court", "rows": rows, "fit": True}


def page_view(model: dict) -> list[dict]:
    view, pack, viewer = model.get("view") or {}, model.get("pack") or {}, model.get("viewer")
    if view.get("pool"):
        pool = {
            "kind": "cards",
            "title": "Draft: athletes to pick",
            "items": [
                {
                    "text": _name(pack, p),
                    "sub": " ".join(f"{a} {v}" for a, v in ((pack.get("attrs") or {}).get(p) or {}).items()),
                }
                for p in view["pool"]
            ],
        }
    else:
        pool = None
    return (
        [scoreboard(view, pack, viewer), court(view, pack, viewer)]
        + own_cards(view, pack, viewer)
        + ([pool] if pool else [])
        + coach_facts(view, pack, viewer)
        + [attributes({**view, "viewer": viewer}, pack)]
    )


MOVES = {"give": "gives a ball", "forward": "moves forward", "back": "moves back", "drop": "drops a ball"}


def _reveal(event: dict, pack: dict) -> str:
    """The cards shown, its players by name: its text names them by id ("rita +4 vs moss catch +5")."""
    names = pack.get("names") or {}
    return "cards: " + " ".join(
        _name(pack, w) if w in names else w for w in str(event.get("text", "")).split()
    )


# The log's line for the events the if-chain of ``page_event`` does not word: (event, pack, seat).
EVENT_WORDS = {
    "drew": lambda e, pack, seat: f"{seat} draws {counted(int(e.get('cards') or 0), 'card')}",
    "reshuffle": lambda e, pack, seat: f"{seat} shuffles the discards into a new deck",
    "chose": lambda e, pack, seat: f"{seat} chooses a card, face down",
    "reveal": lambda e, pack, seat: _reveal(e, pack),
    "game_over": lambda e, pack, seat: (
        f"Game over: {str(e.get('winner') or '').upper()} wins" if e.get("winner") else "Game over"
    ),
}


def page_event(event: dict, pack: dict) -> str | None:
    """The log's line for an event, by the players' names (None: the generic words)."""
    kind, seat = event.get("event"), str(event.get("seat") or "").upper()
    name = lambda key: _name(pack, event.get(key))  # noqa: E731
    if kind in MOVES:
        return f"{seat}: {name('player')} {MOVES[kind]}"
    if kind == "throw":
        with_ = ", ".join(_name(pack, p) for p in event.get("supporters") or [])
        return f"{seat}: {name('thrower')} throws at {name('target')}" + (f" with {with_}" if with_ else "")
    if kind == "defend":
        return f"{seat}: {name('player')} tries to {event.get('action', 'defend')}"
    if kind == "retreat":
        return f"{seat}: {name('player')} retreats (card {event.get('card', '')})"
    if kind == "team":
        return f"{seat} plays the {(pack.get('teams') or {}).get(event.get('team'), event.get('team'))}"
    if kind == "outcome" and event.get("thrower"):
        words = (
            f"{name('thrower')} at {name('target')} ({event.get('action') or 'no action'}): "
            f"{event.get('thrower_power')} vs {event.get('target_power')}, "
            f"{str(event.get('result', '')).replace('_', ' ')}"
        )
        out = ", ".join(_name(pack, p) for p in event.get("out") or [])
        return words + (f"; out: {out}" if out else "")
    if kind == "turn":
        return f"Turn {event.get('turn')}: {seat} to play" + (
            ", a throw is compulsory" if event.get("must_throw") else ""
        )
    worded = EVENT_WORDS.get(str(kind))
    return worded(event, pack, seat) if worded else None


STARS = {
    "team": "choose your team (*: the stars of its players, added up)",
    "pick": "{text} (*: a player's stars, C: a captain)",
    "captain": "{text} (*: a player's stars)",
}


def page_text(prompt: dict, model: dict) -> str | None:
    """A team-building question with what its marks mean: a team's stars are its players'
    stars added up."""
    said = STARS.get(str(prompt.get("kind")))
    return said.format(text=prompt.get("text", "")) if said and prompt.get("mine") else None
