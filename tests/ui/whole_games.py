"""Every screen of a whole game, as the device and the phones would show it: a seeded game
played by the game's computer policy in every seat (tests/conformance/harness.py), and at each
decision the panel's screen for it with the cursor on each choice in turn, the result screen
after each action, the pass-it-on screen before a private one, the scores at the end; and each
seat's and a watcher's phone page.

    for frame in frames("dodgeball", seed=1):
        frame.label, frame.model          # what a test renders
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.engine.registry import get_game
from companion.ui.controls import PromptController
from companion.ui.model import build_model, prompt_dict, screen_after
from tests.conformance.harness import play

PRESSES = 14  # the cursor walked this far down each list (a list scrolls past its fold)


@dataclass
class Frame:
    label: str  # "dodgeball seed 1 action 12 (p1 throw ...): down x3"
    model: dict


def _walk(game_id: str, prompt) -> Iterator[dict]:
    """The control's selection as the cursor walks down the choices, each one once."""
    controller = PromptController(game_id)
    controller.start(prompt_dict(prompt))
    seen = []
    for _ in range(PRESSES):
        ui = dict(controller.ui)
        if ui in seen:
            break
        seen.append(ui)
        yield ui
        if controller.press("down") is not None:
            break


def frames(game_id: str, seed: int, walk: bool = True) -> Iterator[Frame]:
    """The frames of one whole game (see the module's docstring)."""
    game = get_game(game_id)
    engine = game.load_engine()
    before: list[tuple] = []

    def after(state_before, prompt, action, events, state):
        before.append((state_before, prompt, action, events, state))

    played = play(game, engine, seed, after=after)
    for n, (state, prompt, action, events, after_state) in enumerate(before):
        where = f"{game_id} seed {seed} action {n} ({action})"
        if prompt.private:
            yield Frame(
                f"{where}: pass",
                {
                    "game": None,
                    "screen": "pass_to",
                    "seat": prompt.actor,
                    "title": f"Pass to {prompt.actor.upper()}",
                    "message": {
                        "title": f"Pass to {prompt.actor.upper()}",
                        "text": f"Pass the device to {prompt.actor.upper()}, then press OK.",
                    },
                },
            )
        viewer = None if prompt.is_chance else prompt.actor
        shown = not (
            prompt.is_chance and getattr(prompt.chance, "by", "table") == "device"
        )  # a draw the device makes
        uis = _walk(game_id, prompt) if walk else iter([PromptController(game_id).ui])
        for i, ui in enumerate(uis if shown else ()):
            yield Frame(f"{where}: down x{i}", build_model(engine, state, viewer=viewer, ui=ui))
        screen = screen_after(events, game_id)
        if screen:
            yield Frame(
                f"{where}: {screen}",
                build_model(engine, after_state, viewer=None, screen=screen, events=events),
            )
    yield Frame(f"{game_id} seed {seed}: scores", build_model(engine, played.state, screen="scores"))


def phone_pages(game_id: str, seed: int) -> Iterator[tuple[str, dict]]:
    """Each seat's and a watcher's page payload at every decision of a whole game, with the
    log as the phones would have it."""
    from companion.web import payloads

    game = get_game(game_id)
    engine = game.load_engine()
    pack = payloads.pack_for(game, engine)
    log: list[str] = []
    states: list[tuple] = []

    def after(state_before, prompt, action, events, state):
        states.append((state_before, prompt, action, events))

    play(game, engine, seed, after=after)
    for n, (state, _prompt, action, events) in enumerate(states):
        players = engine.summary(state).get("players") or []
        for viewer in (*players, None):
            page = payloads.build(
                game,
                engine,
                state,
                viewer,
                seats_held={},
                computers=set(),
                pack=pack,
                log=log[-payloads.LOG_LINES :],
            )
            yield f"{game_id} seed {seed} action {n} ({action}) for {viewer or 'a watcher'}", page
        log += [payloads.log_line(game, e, pack) for e in events]
