"""The step machine every game reuses: a stack of frames, one stateless step per rule procedure.

A game's state keeps ``frames``, a list of ``Frame(step, data)`` (plain msgspec data, so it
round-trips through JSON). The bottom frame is the main line (setup, a down, a kick); a nested
interruption (a card window, picking dice, an effect roll) is a frame pushed on top and popped
when it is done. Each frame names a ``Step``: a stateless object that says who must decide what
(``prompt``), what a decision does (``act``), whether the step runs by itself (``auto``) and,
for choices too many to list, why a given answer is wrong (``check``).

``StepMachine.apply`` checks an action against the open prompt and refuses it naming the rule,
changing nothing; ``apply_trusted`` skips the check for actions that came from the prompt's own
options, a built-in policy or a dice source. Both then run the steps that need no decision
(``settle``) and return the next prompt.

    >>> from companion.engine.core import Prompt
    >>> class Count(Step):
    ...     rule = "counting"
    ...     def prompt(self, g, s, f):
    ...         return Prompt("p1", "count", "say a number", ("p1 say 1", "p1 say 2"))
    ...     def act(self, g, s, f, words, ev):
    ...         s.total += int(words[2])
    ...         ev.append({"event": "said", "n": int(words[2])})
    ...         if s.total >= 3:
    ...             StepMachine.goto(s, "done")
    >>> class Done(Step):
    ...     rule = "the end"
    >>> class Game(msgspec.Struct):
    ...     frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame("count")])
    ...     total: int = 0
    ...     over: bool = False
    >>> machine = StepMachine({"count": Count(), "done": Done()}, is_over=lambda s: s.total >= 3)
    >>> s = Game()
    >>> machine.apply(None, s, "p1 say 2")[1].text
    'say a number'
    >>> try:
    ...     machine.apply(None, s, "p1 say 7")
    ... except IllegalAction as refused:
    ...     print(refused.reason, "|", refused.rule)
    not a legal choice now (say a number); legal: p1 say 1, p1 say 2 | counting
    >>> machine.apply(None, s, "p1 say 1")
    ([{'event': 'said', 'n': 1}], None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from companion.engine.core import IllegalAction, Prompt

Events = list[dict]


class _Quiet(list):
    """An events list that keeps nothing: see ``QUIET``."""

    def append(self, event: dict) -> None:
        pass


# The events list of an action whose events nobody reads (a simulation's, through ``advance``):
# what is appended to it is dropped, and a game may skip building an event for it with
# ``if ev is not QUIET: ev.append({...})``. It stays empty.
QUIET: Events = _Quiet()


class Frame(msgspec.Struct):
    """One procedure on the stack: the step it runs and that step's own data."""

    step: str
    data: dict = {}


class Step:
    """One rule procedure. Stateless: everything it needs is in the state and its frame.

    ``prompt`` returns who must decide what, or None when nobody is asked now (then ``auto``
    runs the step); ``auto`` may also run a step by itself before anyone is asked (the solo AI's
    turn) by returning True. ``check`` refuses an answer to a prompt without listed options.
    ``explain`` says why an action outside the listed options is wrong: (reason, rule) or None.
    """

    rule: str = ""

    def prompt(self, g: Any, s: Any, f: Frame) -> Prompt | None:
        return None

    def act(self, g: Any, s: Any, f: Frame, words: list[str], ev: Events) -> None:
        raise NotImplementedError(f"{type(self).__name__} takes no decision")

    def auto(self, g: Any, s: Any, f: Frame, ev: Events) -> bool:
        """Run by itself if nobody need decide now; return True when it ran."""
        return False

    def idle(self, g: Any, s: Any, f: Frame, ev: Events) -> None:
        """What happens when ``prompt`` asks nobody and ``auto`` did not run."""
        raise AssertionError(f"step {type(self).__name__} has no decision and cannot run by itself")

    def check(self, g: Any, s: Any, f: Frame, words: list[str]) -> str | None:
        return None

    def explain(self, g: Any, s: Any, f: Frame, words: list[str], p: Prompt) -> tuple[str, str] | None:
        return None


def _reads_over(s: Any) -> bool:
    return s.over


class StepMachine:
    """Runs a game's steps over its state's ``frames``. One per game (its steps are fixed)."""

    def __init__(
        self,
        steps: dict[str, Step],
        is_over: Callable[[Any], bool] | None = None,
        over_prompt: Callable[[Any], Prompt] | None = None,
        over_rule: str = "end of the game",
    ):
        """``is_over(state)`` says whether the game has ended; None (the usual) reads the
        state's ``over``, which the hot loop then reads without a call."""
        self.steps = steps
        self._reads_over = is_over is None
        self.is_over = _reads_over if is_over is None else is_over
        # the hot loop calls these directly: a step's auto only where the step has one
        self._autos = {
            name: step.auto if type(step).auto is not Step.auto else None for name, step in steps.items()
        }
        self._prompts = {name: step.prompt for name, step in steps.items()}
        self.over_prompt = over_prompt or (lambda s: Prompt("", "over", "game over", ()))
        self.over_rule = over_rule

    # ------------------------------------------------------------------ the stack
    @staticmethod
    def push(s: Any, step: str, **data: Any) -> Frame:
        frame = Frame(step, data)
        s.frames.append(frame)
        return frame

    @staticmethod
    def pop(s: Any) -> Frame:
        assert len(s.frames) > 1, "the main line is never popped"
        return s.frames.pop()

    @staticmethod
    def goto(s: Any, step: str) -> None:
        """The main line moves on to ``step`` (the bottom frame)."""
        s.frames[0] = Frame(step)

    def step_of(self, s: Any) -> Step:
        return self.steps[s.frames[-1].step]

    # ------------------------------------------------------------------ prompts
    def prompt(self, g: Any, s: Any) -> Prompt:
        if self.is_over(s):
            return self.over_prompt(s)
        f = s.frames[-1]
        p = self.steps[f.step].prompt(g, s, f)
        assert p is not None, f"step {f.step} has no decision"
        return p

    def settle(self, g: Any, s: Any, ev: Events) -> Prompt | None:
        """Run the steps that need no decision until someone must decide; return that prompt,
        or None when the game is over."""
        autos, prompts, is_over, frames = self._autos, self._prompts, self.is_over, s.frames
        reads_over = self._reads_over
        while not (s.over if reads_over else is_over(s)):
            f = frames[-1]
            name = f.step
            auto = autos[name]
            if auto is not None and auto(g, s, f, ev):
                continue
            p = prompts[name](g, s, f)
            if p is not None:
                return p
            self.steps[name].idle(g, s, f, ev)
        return None

    def trusted(self, g: Any) -> Callable[[Any, str, Prompt], tuple[Events, Prompt | None]]:
        """``apply_trusted`` bound to the game ``g``, for the engine to expose as its own."""
        settle = self.settle
        acts = {name: step.act for name, step in self.steps.items()}  # looked up once

        def apply_trusted(s: Any, action: str, prompt: Prompt) -> tuple[Events, Prompt | None]:
            ev: Events = []
            f = s.frames[-1]
            acts[f.step](g, s, f, action.split(), ev)
            return ev, settle(g, s, ev)

        return apply_trusted

    # ------------------------------------------------------------------ applying actions
    def apply(
        self, g: Any, s: Any, action: str, prompt: Prompt | None = None
    ) -> tuple[Events, Prompt | None]:
        """Check ``action`` and apply it, or raise IllegalAction naming the rule broken and
        change nothing. Returns the events and the next prompt (None when the game is over)."""
        words = action.split()
        if len(action) != sum(map(len, words)) + len(words) - 1:
            action = " ".join(words)  # extra spaces typed or read from a file
        if self.is_over(s):
            raise IllegalAction(action, "the game is over", self.over_rule)
        p = prompt or self.prompt(g, s)
        if not words:
            raise IllegalAction(action, "empty action")
        if words[0] != p.actor:
            why = self.out_of_turn(g, s, p, words)
            reason = f"it is {p.actor}'s turn: {p.text}"
            raise IllegalAction(
                action, f"{reason}; {why[0]}" if why else reason, why[1] if why else "turn order"
            )
        self.check(g, s, p, words, action)
        return self._run(g, s, words, p)

    def apply_trusted(self, g: Any, s: Any, action: str, prompt: Prompt) -> tuple[Events, Prompt | None]:
        """Apply an action that answers ``prompt`` by construction (one of its options, a
        built-in policy's choice, a dice source's outcome): no parsing beyond splitting, no check."""
        return self._run(g, s, action.split(), prompt)

    def _run(self, g: Any, s: Any, words: list[str], p: Prompt) -> tuple[Events, Prompt | None]:
        ev: Events = []
        f = s.frames[-1]
        self.steps[f.step].act(g, s, f, words, ev)
        return ev, self.settle(g, s, ev)

    def check(self, g: Any, s: Any, p: Prompt, words: list[str], action: str) -> None:
        """Raise IllegalAction unless ``action`` answers prompt ``p``; nothing is changed."""
        f = s.frames[-1]
        step = self.steps[f.step]
        if p.options is not None:
            if action in p.options:
                return
            why = step.explain(g, s, f, words, p) or self.out_of_turn(g, s, p, words)
            if why is None:
                shown = ", ".join(p.options[:12]) + (" ..." if len(p.options) > 12 else "")
                why = (f"not a legal choice now ({p.text}); legal: {shown}", step.rule)
            raise IllegalAction(action, why[0], why[1])
        if p.chance is not None:
            spec = p.chance
            if len(words) < 2 or words[1] != spec.verb:
                raise IllegalAction(action, f"chance must answer with '{spec.verb}': {p.text}", step.rule)
            reason = spec.refusal(words[2:])
            if reason is not None:
                raise IllegalAction(action, self.chance_reason(p, words[2:], reason), step.rule)
            return
        if len(words) < 2:
            raise IllegalAction(action, f"say what {words[0]} does: {p.text}", step.rule)
        reason = step.check(g, s, f, words)
        if reason:
            why = self.out_of_turn(g, s, p, words) or (reason, step.rule)
            raise IllegalAction(action, why[0], why[1])

    # ------------------------------------------------------------------ hooks a game may replace
    def chance_reason(self, p: Prompt, values: list[str], reason: str) -> str:
        """The refusal of a chance outcome in the game's words (``reason`` is the spec's)."""
        return reason

    def out_of_turn(self, g: Any, s: Any, p: Prompt, words: list[str]) -> tuple[str, str] | None:
        """Why an action nobody asked for is wrong in itself, as (reason, rule), if known: a
        game says so with ``g.why_not_now(s, words)`` (a spent counter, a crystal not held), so
        the refusal names the rule broken rather than the turn order or the step's own rule."""
        own = getattr(g, "why_not_now", None)
        return own(s, words) if own is not None else None


class StepEngine:
    """The engine methods every step-machine game delegates the same way. A game subclasses
    it and sets ``state_type`` (its msgspec state), ``steps`` (its step table), ``load_pack``
    (``staticmethod``: pack name -> (pack, digest)) and ``over_rule``, and says who won in
    ``result``; the constructor loads the pack and makes ``self.machine``. What is its own
    (``new_state``, ``legal_actions``, views, summary) it writes itself."""

    state_type: type
    steps: dict[str, Step]
    over_rule: str = "end of the game"
    machine: StepMachine
    # The fast path: ``apply_trusted(s, action, prompt)`` when ``action`` answers ``prompt`` (its
    # options, a policy, a dice source). The constructor sets it to the machine's own, one layer less.
    apply_trusted: Callable[[Any, str, Prompt], tuple[list[dict], Prompt | None]]

    def __init__(self, pack: str = "default", loaded: Any = None, digest: str = ""):
        if loaded is None:
            loaded, digest = self.load_pack(pack)
        self.pack = loaded
        self.digest = digest
        self.machine = StepMachine(
            self.steps,
            over_rule=self.over_rule,
            over_prompt=lambda s: Prompt("", "over", f"game over: {self.result(s)}", ()),
        )
        self.apply_trusted = self.machine.trusted(self)

    @staticmethod
    def load_pack(name: str) -> tuple[Any, str]:
        raise NotImplementedError("a StepEngine names its pack loader: load_pack = staticmethod(...)")

    def result(self, s) -> str:
        """Who won, for the "game over" prompt."""
        return f"{s.winner} wins"

    def prompt(self, s) -> Prompt:
        return self.machine.prompt(self, s)

    def apply(self, s, action: str, prompt: Prompt | None = None) -> list[dict]:
        """Check ``action``, then apply it; a refusal names the rule and changes nothing."""
        return self.machine.apply(self, s, action, prompt)[0]

    def is_over(self, s) -> bool:
        return s.over

    def to_json(self, s) -> bytes:
        return msgspec.json.encode(s)

    def from_json(self, data: bytes | str):
        return msgspec.json.decode(data, type=self.state_type)


__all__ = ["Frame", "Step", "StepMachine", "StepEngine", "Events", "QUIET"]
