"""Playing any registered game through the device with a mix of seats: people at the device,
computers, and phones (a real WebBridge holding the seat), each decision taken as its holder
would take it. Used by the secrets check and the frame audit."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from companion.device.app import DeviceApp
from companion.device.game_setup import GameSetup
from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.engine.runner import RandomPolicy
from companion.journal import Journal
from companion.session import RefereeSession
from companion.web.bridge import WebBridge
from drivers import open_display

KINDS = ("human", "computer", "phone")


def mixes(game_id: str) -> list[dict[str, str]]:
    """Every mix of human, computer and phone seats at the game's default count, but not a
    table of computers only."""
    seats = get_game(game_id).seats(get_game(game_id).default_players())
    return [
        dict(zip(seats, kinds))
        for kinds in itertools.product(KINDS, repeat=len(seats))
        if set(kinds) != {"computer"}
    ]


def strings(x, out: set) -> set:
    if isinstance(x, dict):
        for v in x.values():
            strings(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            strings(v, out)
    elif isinstance(x, str):
        out.add(x.lower())
    return out


def shows_a_secret(engine, state, prompt) -> bool:
    """Whether answering this prompt shows its actor's secrets: a private choice, a decision
    taken looking at a hidden hand, or options that name what only the actor's view holds."""
    if prompt.private or prompt.shows_hand:
        return True
    own = strings(engine.public_view(state, prompt.actor), set()) - strings(
        engine.public_view(state, None), set()
    )
    return any(w.lower() in own for option in prompt.options or () for w in option.split()[1:])


@dataclass
class Table:
    app: DeviceApp
    mix: dict[str, str]
    bridge: WebBridge
    frames: list[dict] = field(default_factory=list)  # every model the panel showed
    computer_moves: int = 0


def table(tmp_path, game_id: str, mix: dict[str, str], seed: int) -> Table:
    """A game of ``game_id`` on the device, one seat per entry of ``mix`` (its length is the
    number of players), phones' seats held by connections of a real WebBridge."""
    session = RefereeSession(Journal(tmp_path / f"{game_id}-{'-'.join(mix.values())}-{seed}.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: seed, clock=lambda: 0.0)
    bridge = WebBridge()
    app.web = bridge
    setup = GameSetup(get_game(game_id))
    setup.players = len(mix)
    setup.seats = {seat: "computer" for seat, kind in mix.items() if kind == "computer"}
    app.start_game(game_id, setup.header_options())
    bridge.sync_game(app)
    for conn, seat in enumerate(s for s, kind in mix.items() if kind == "phone"):
        bridge.viewers[conn] = seat
    return Table(app, mix, bridge)


def said_moves(app: DeviceApp) -> list[str]:
    """The computer's moves on the result screens now showing and queued behind it, in order."""
    queue = [app.interstitial, *app.results_next] if app.interstitial else []  # read in turn, OK between
    return [
        line
        for screen, events in queue
        if screen == "computer_moves"
        for e in events
        if e.get("event") == "computer_moves"
        for line in e["lines"]
    ]


def look(t: Table) -> dict:
    model = t.app.model()
    t.frames.append(model)
    return model


def play(t: Table, seed: int, limit: int, check=None) -> Table:
    """Take up to ``limit`` decisions; ``check(t, prompt, secret, model)`` sees the panel as it
    stands when a person's decision comes up."""
    app, s = t.app, t.app.session
    policy = RandomPolicy(seed)
    dice = SeededDice(seed)
    for _ in range(limit):
        for _ in range(64):  # results, neutral screens and a computer turn's pages, read and passed on
            model = look(t)
            if app.interstitial is None and app.hidden_after is None:
                break
            app.press("ok")
        if s.engine.is_over(s.state):
            break
        prompt = s.prompt()
        if prompt.is_chance:
            app.act(dice.answer(prompt))
            continue
        secret = shows_a_secret(s.engine, s.state, prompt)
        if check is not None:
            check(t, prompt, secret, model)
        action = policy(s.engine, s.engine.public_view(s.state, prompt.actor), prompt)
        if t.mix[prompt.actor] == "phone":
            app.act(action, from_phone=True)
        else:
            if app.awaiting_pass() is not None:
                app.press("ok")
                look(t)
            app.act(action)
    return t


def random_seed(game_id: str, mix: dict) -> int:
    return random.Random(f"{game_id}{sorted(mix.items())}").randrange(1000)
