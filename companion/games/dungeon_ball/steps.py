"""Dungeon Ball's steps on the shared step machine (companion.engine.steps).

The main line's procedures live in flow.py (and solo.py for the AI deck) as plain functions of
``(g, s)``; this module pairs each with its rule and says when it runs by itself. The card
windows, dice picks and effect rolls (abilities.py) are frames pushed on top of the main line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.core import Prompt
from companion.engine.steps import QUIET, Events, Frame, Step, StepMachine
from companion.games.dungeon_ball import flow, solo
from companion.games.dungeon_ball.abilities import RULE_BOARD, RULE_WHEN
from companion.games.dungeon_ball.state import GameState

RULE_OVER = "Final play of a half, end of game"


class MainStep(Step):
    """A main-line step made of flow.py's functions: ``prompt(g, s, f)`` and
    ``act(g, s, words, ev)``; ``check(g, s, words)`` for a prompt without listed options."""

    def __init__(self, prompt: Callable, act: Callable, rule: str, check: Callable | None = None):
        self.prompt = prompt  # called as prompt(g, s, f): no wrapper in the hot loop
        self._act, self.rule, self._check = act, rule, check

    def act(self, g: Any, s: GameState, f: Frame, words: list[str], ev: Events) -> None:
        self._act(g, s, words, ev)

    def check(self, g: Any, s: GameState, f: Frame, words: list[str]) -> str | None:
        return self._check(g, s, words) if self._check is not None else None


class AiStep(MainStep):
    """A main-line step the solo AI takes by itself (``ai(s)`` holds: ``run(g, s, ev)``), and
    that also runs by itself when its prompt asks nobody (the huddle with one choice)."""

    def __init__(
        self,
        prompt: Callable,
        act: Callable,
        rule: str,
        ai: Callable[[GameState], bool],
        run: Callable,
        check: Callable | None = None,
    ):
        super().__init__(prompt, act, rule, check)
        self._ai, self._run = ai, run

    def auto(self, g: Any, s: GameState, f: Frame, ev: Events) -> bool:
        if self._ai(s):
            self._run(g, s, ev)
            return True
        return False

    def idle(self, g: Any, s: GameState, f: Frame, ev: Events) -> None:
        self._run(g, s, ev)


class AutoStep(Step):
    """A main-line step nobody decides: it always runs by itself."""

    def __init__(self, run: Callable, rule: str):
        self._run, self.rule = run, rule

    def auto(self, g: Any, s: GameState, f: Frame, ev: Events) -> bool:
        self._run(g, s, ev)
        return True


class PawnStep(MainStep):
    """[On a turn, 2] names the direction the pawn cannot take."""

    def explain(self, g, s, f, words, p):
        if len(words) == 3 and words[1] == "move":
            here = s.player(s.offense).pawn
            return (
                f"the pawn on {here} cannot move {words[2]}: that is off the board or not a direction",
                self.rule,
            )
        return None


class HuddleStep(AiStep):
    """Run, kick, punt, Hail Mary or kneel: a refusal says when the choice is allowed."""

    REASONS = {
        "punt": "a punt is chosen on fourth down only, before selecting a play",
        "field-goal": "field goals are kicked from on or past the field-goal circle near the opponent's "
        "end zone",
        "hail-mary": "only the one more play after time runs out can be a Hail Mary or a kneel",
        "kneel": "only the one more play after time runs out can be a Hail Mary or a kneel",
    }

    def explain(self, g, s, f, words, p):
        reason = self.REASONS.get(words[1] if len(words) > 1 else "")
        return (reason, self.rule) if reason else None


class WindowStep(Step):
    """[When to play a card] a card window: the defense first, then turns until a decline; a
    player with nothing playable declines without being asked."""

    rule = RULE_WHEN

    def prompt(self, g, s, f):
        return g.abilities.window_prompt(s, f.data)

    def idle(self, g, s, f, ev):
        g.abilities.window_pass(s, f.data, ev)

    def act(self, g, s, f, words, ev):
        g.abilities.window_act(s, f.data, words, ev)

    def explain(self, g, s, f, words, p):
        verb = words[1] if len(words) > 1 else ""
        if verb == "card" and len(words) == 3:
            return g.abilities.why_not(s, words[0], words[2], f.data["kind"])
        if verb in ("juke", "big-hit"):
            if f.data["kind"] == "whistle":
                return "Juke and Big Hit are played after the offense rolls", RULE_WHEN
            return (
                f"{verb} is not available now (once per play, paid in momentum, offense Juke, defense Big Hit)",
                RULE_BOARD,
            )
        return None


class AbilityStep(Step):
    """A frame abilities.py runs: picking dice (``pick``), rerolling them (``effect_roll``), the
    black defense die (``defense_roll``); its methods are ``<name>_prompt``, ``<name>_act`` and,
    for a pick, ``<name>_check``, each taking the frame's data."""

    def __init__(self, name: str, rule: str):
        self.name, self.rule = name, rule

    def prompt(self, g, s, f):
        return getattr(g.abilities, f"{self.name}_prompt")(s, f.data)

    def act(self, g, s, f, words, ev):
        getattr(g.abilities, f"{self.name}_act")(s, f.data, words, ev)

    def check(self, g, s, f, words):
        check = getattr(g.abilities, f"{self.name}_check", None)
        return check(s, f.data, words) if check is not None else None


def _AI_OFFENSE(s: GameState) -> bool:
    return bool(s.solo) and s.solo["ai"] == s.offense


def _AI_SCORER(s: GameState) -> bool:
    return bool(s.solo) and s.solo["ai"] == s.scorer


def _AI_DEFENSE_STARTER(s: GameState) -> bool:
    return bool(s.solo) and s.solo["ai"] == s.started_on_defense


STEPS: dict[str, Step] = {
    "team": MainStep(flow.team_prompt, flow.team_act, "Setup, 4: choose a team"),
    "call_coin": MainStep(
        flow.call_coin_prompt, flow.call_coin_act, "Setup, 5: the younger player calls the toss"
    ),
    "coin": MainStep(flow.coin_prompt, flow.coin_act, "Setup, 5: flip a coin"),
    "elect": AiStep(
        flow.elect_prompt,
        flow.elect_act,
        "Setup, 5: the toss winner chooses offense or defense",
        _AI_SCORER,
        flow.elect_auto,
    ),
    "endzone": AiStep(
        flow.endzone_prompt,
        flow.endzone_act,
        "Setup, 6: the player starting on defense picks the end zone",
        _AI_DEFENSE_STARTER,
        flow.endzone_auto,
    ),
    "kicking": MainStep(
        flow.kicking_prompt, flow.kicking_act, "How to kick: choose skill or luck before the game"
    ),
    "huddle": HuddleStep(
        flow.huddle_prompt,
        flow.huddle_act,
        "Punting / Field goals / Hail Mary passes",
        _AI_OFFENSE,
        flow.huddle_decide,
    ),
    "defense_card": MainStep(
        flow.defense_card_prompt, flow.defense_card_act, "On a turn, 1: the defense selects a card"
    ),
    "pawn": PawnStep(
        flow.pawn_prompt,
        flow.pawn_act,
        "On a turn, 2: move the pawn to a directly adjacent play; never stay, never diagonally",
    ),
    "roll": MainStep(flow.roll_prompt, flow.roll_act, "On a turn, 4: roll the offense dice"),
    "keep": AiStep(
        flow.keep_prompt,
        flow.keep_act,
        "On a turn, 5: at most two rolls; time icons cannot be rerolled",
        _AI_OFFENSE,
        solo.keep_auto,
        check=flow.keep_check,
    ),
    "conversion": AiStep(
        flow.conversion_prompt, flow.conversion_act, "Extra points", _AI_SCORER, solo.conversion_auto
    ),
    "toss": MainStep(flow.toss_prompt, flow.toss_act, "How to kick: skill-based"),
    "onside_choice": AiStep(
        flow.onside_prompt, flow.onside_act, "Onside kicks", _AI_SCORER, flow.onside_auto
    ),
    "ai_teams": MainStep(solo.teams_prompt, solo.teams_act, "Solo mode, level V: any two teams"),
    "ai_remove": MainStep(
        solo.remove_prompt, solo.remove_act, "Solo mode: randomly remove six cards per team"
    ),
    "ai_draw": MainStep(solo.draw_prompt, solo.draw_act, "Solo mode: draw the top card of the AI deck"),
    "resolve": AutoStep(flow.resolve_auto, "On a turn, 7-9: resolve the play"),
    "ai_resolve": AutoStep(solo.resolve_auto, "Solo mode: resolve the AI's play"),
    "ai_deck": AutoStep(solo.deck_auto, "Solo mode: the AI deck"),
    "window": WindowStep(),
    "pick": AbilityStep("pick", "Ability cards"),
    "effect_roll": AbilityStep("effect_roll", "Ability cards"),
    "defense_roll": AbilityStep("defense_roll", "Abilities: roll the black defense die"),
}


class DungeonBallMachine(StepMachine):
    """The step machine with Dungeon Ball's words for refused dice and out-of-turn cards."""

    def __init__(self) -> None:
        super().__init__(
            STEPS,
            over_prompt=lambda s: Prompt("", "over", f"game over: {s.winner} wins", ()),
            over_rule=RULE_OVER,
        )
        # AiSteps run by themselves only for the solo AI: in a two-player game their autos
        # are never tried (they would only say no)
        self._plain_autos = {
            name: auto
            for name, auto in self._autos.items()
            if auto is not None and not isinstance(STEPS[name], AiStep)
        }

    def settle(self, g: Any, s: GameState, ev: Events) -> Prompt | None:
        """StepMachine.settle, reading ``s.over`` itself; a two-player game skips the AI's autos."""
        autos = self._autos if s.solo else self._plain_autos
        prompts, steps, frames = self._prompts, self.steps, s.frames
        while not s.over:
            f = frames[-1]
            name = f.step
            auto = autos.get(name)
            if auto is not None and auto(g, s, f, ev):
                continue
            p = prompts[name](g, s, f)
            if p is not None:
                return p
            steps[name].idle(g, s, f, ev)
        return None

    def fast_paths(self, g: Any) -> tuple[Callable, Callable]:
        """``apply_trusted`` and ``advance`` for ``g``, each step's work called straight: a
        main-line step's act and prompt from flow.py (solo.py), the card window's and the dice
        frames' methods of ``g.abilities`` bound once; then settle, where a step that always
        runs by itself runs, the AI's steps run when the AI decides, the rest are asked.
        ``advance`` is the same without the events: its steps are handed ``QUIET`` and build none.
        An act may hand back the next prompt (see flow.py, and abilities.py's window and dice
        frames); settle is then skipped: nothing would run before that prompt is asked."""
        steps = self.steps
        abilities = g.abilities
        acts: dict[str, Callable] = {}  # name -> act(g, s, words, ev)
        data_acts: dict[str, Callable] = {}  # name -> act(s, frame data, words, ev)
        prompts: dict[str, Callable] = {}  # name -> prompt(g, s, f)
        data_prompts: dict[str, Callable] = {}  # name -> prompt(s, frame data)
        runs: dict[str, Callable] = {}  # name -> run(g, s, ev): always runs by itself
        ai_runs: dict[str, tuple] = {}  # name -> (ai(s), run(g, s, ev)): runs when the AI decides
        idles: dict[str, Callable] = {}  # name -> run(g, s, ev) when nobody is asked
        data_idles: dict[str, Callable] = {}  # name -> idle(s, frame data, ev)
        others: dict[str, Callable] = {}  # any other step's own auto(g, s, f, ev)
        for name, step in steps.items():
            kind = type(step)
            if isinstance(step, MainStep) and kind.act is MainStep.act:
                acts[name] = step._act
            if (
                isinstance(step, WindowStep)
                and kind.act is WindowStep.act
                and kind.prompt is WindowStep.prompt
            ):
                data_acts[name], data_prompts[name] = abilities.window_act, abilities.window_prompt
            elif (
                isinstance(step, AbilityStep)
                and kind.act is AbilityStep.act
                and kind.prompt is AbilityStep.prompt
            ):
                data_acts[name] = getattr(abilities, f"{step.name}_act")
                data_prompts[name] = getattr(abilities, f"{step.name}_prompt")
            else:
                prompts[name] = self._prompts[name]
            if kind.auto is AutoStep.auto:
                runs[name] = step._run
            elif kind.auto is AiStep.auto:
                ai_runs[name] = (step._ai, step._run)
            elif self._autos[name] is not None:
                others[name] = self._autos[name]
            if kind.idle is AiStep.idle:
                idles[name] = step._run
            elif isinstance(step, WindowStep) and kind.idle is WindowStep.idle:
                data_idles[name] = abilities.window_pass

        # per step, everything settle may call, looked up once: (run, ai, ai_run, auto, ask,
        # data_ask, idle, data_idle), each None where the step has no such part
        plan = {
            name: (
                runs.get(name),
                *ai_runs.get(name, (None, None)),
                others.get(name),
                prompts.get(name),
                data_prompts.get(name),
                idles.get(name),
                data_idles.get(name),
            )
            for name in steps
        }
        # a two-player game never asks the AI and no step but those here runs by itself: per step
        # (run, ask, data, idle), ``ask`` and ``idle`` taking the frame's data when ``data``
        duo_plan = {
            name: (runs.get(name), data_prompts[name], True, data_idles.get(name))
            if name in data_prompts
            else (runs.get(name), prompts[name], False, idles.get(name))
            for name, (_, _, _, auto, *_rest) in plan.items()
            if auto is None
        }
        # per step, (act, data): ``act(s, frame data, words, ev)`` when ``data``, else ``act(g, s, words, ev)``
        act_plan = {
            name: (data_acts[name], True) if name in data_acts else (acts.get(name), False) for name in steps
        }

        def idle(s: GameState, f: Frame, ev: Events) -> None:
            """A step that asks nobody now and does not run by itself: its idle."""
            _, _, _, _, _, _, run, data_run = plan[f.step]
            if run is not None:
                run(g, s, ev)
            elif data_run is not None:
                data_run(s, f.data, ev)
            else:
                steps[f.step].idle(g, s, f, ev)

        def settle_solo(s: GameState, ev: Events) -> Prompt | None:
            frames = s.frames
            while not s.over:
                f = frames[-1]
                run, ai, ai_run, auto, ask, data_ask, _, _ = plan[f.step]
                if run is not None:
                    run(g, s, ev)
                    continue
                if ai is not None and ai(s):
                    ai_run(g, s, ev)
                    continue
                if auto is not None and auto(g, s, f, ev):
                    continue
                p = ask(g, s, f) if ask is not None else data_ask(s, f.data)
                if p is not None:
                    return p
                idle(s, f, ev)
            return None

        def advance(s: GameState, action: str, prompt: Prompt, ev: Events = QUIET) -> Prompt | None:
            frames = s.frames
            f = frames[-1]
            act, data = act_plan[f.step]
            if data:
                p = act(s, f.data, action.split(), ev)
            elif act is not None:
                p = act(g, s, action.split(), ev)
            else:
                p = None
                steps[f.step].act(g, s, f, action.split(), ev)
            if p is not None:  # the act knew the next prompt: settle would ask it straight away
                return p
            if s.solo:
                return settle_solo(s, ev)
            while not s.over:
                f = frames[-1]
                run, ask, data, idle_run = duo_plan[f.step]
                if run is not None:
                    run(g, s, ev)
                    continue
                if data:
                    p = ask(s, f.data)
                    if p is not None:
                        return p
                    if idle_run is not None:
                        idle_run(s, f.data, ev)
                        continue
                else:
                    p = ask(g, s, f)
                    if p is not None:
                        return p
                    if idle_run is not None:
                        idle_run(g, s, ev)
                        continue
                steps[f.step].idle(g, s, f, ev)
            return None

        def apply_trusted(s: GameState, action: str, prompt: Prompt) -> tuple[Events, Prompt | None]:
            ev: Events = []
            return ev, advance(s, action, prompt, ev)

        return apply_trusted, advance

    def trusted(self, g: Any) -> Callable[[GameState, str, Prompt], tuple[Events, Prompt | None]]:
        return self.fast_paths(g)[0]

    def chance_reason(self, p: Prompt, values: list[str], reason: str) -> str:
        spec = p.chance
        if len(values) != spec.count:
            return f"expected {spec.count} value(s) for {p.text}, got {len(values)}"
        faces = set(spec.faces)
        if spec.distinct and len(set(values)) != len(values):
            return f"each {spec.die} card can be named once"
        for v in values:
            if v not in faces and spec.die == "ai-deck":
                return f"{v!r} is not among the AI cards that can be taken now ({len(faces)} available)"
            if v not in faces:
                return f"{v!r} is not a face of the {spec.die} die ({', '.join(sorted(faces))})"
        return reason

    def out_of_turn(self, g, s: GameState, p: Prompt, words: list[str]) -> tuple[str, str] | None:
        """A card played by the player nobody asked: say what is wrong with the card itself."""
        if len(words) != 3 or words[1] != "card" or words[0] not in ("p1", "p2") or not s.offense:
            return None
        top = s.frames[-1]
        window = top.data["kind"] if top.step == "window" else ""
        return g.abilities.why_not(s, words[0], words[2], window)
