"""What the odds advisor answers: each legal option with its chance of what matters, and the
best one with the reason in words."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class OptionOdds:
    """One legal option: ``p`` the chance of what matters, ``mean`` its expected amount (None
    when the option has no amount), ``what`` the line saying what they measure, ``error`` the
    standard error of ``p`` when sampled (0 when exact)."""

    action: str
    p: float | None
    mean: float | None = None
    what: str = ""
    error: float = 0.0

    def as_dict(self) -> dict:
        out = {"action": self.action, "p": _round(self.p), "mean": _round(self.mean), "what": self.what}
        if self.error:
            out["error"] = _round(self.error)
        return out


@dataclass(slots=True)
class Advice:
    """The hint for one decision. ``exact``: every number enumerated; otherwise ``samples``
    draws with a fixed seed, each option's ``error`` its standard error."""

    seat: str
    prompt: str
    options: list[OptionOdds]
    best: str
    why: str
    exact: bool = True
    samples: int = 0
    notes: list[str] = field(default_factory=list)

    def option(self, action: str) -> OptionOdds:
        for o in self.options:
            if o.action == action:
                return o
        raise KeyError(action)

    def as_dict(self) -> dict:
        return {
            "seat": self.seat,
            "prompt": self.prompt,
            "options": [o.as_dict() for o in self.options],
            "best": self.best,
            "why": self.why,
            "exact": self.exact,
            "samples": self.samples,
        }

    def ranked(self) -> list[OptionOdds]:
        """The options best first, then by chance and mean; those not rated last."""
        return sorted(
            self.options,
            key=lambda o: (
                o.action != self.best,
                o.p is None,
                -round(o.p or 0.0, 9),
                -round(o.mean or 0.0, 9),
            ),
        )

    def lines(self, limit: int | None = None) -> list[str]:
        """The advice as text: the options best first (``limit`` of them), then the best and why."""
        ranked = self.ranked()
        shown = ranked if limit is None else ranked[:limit]
        width = max((len(o.action) for o in shown), default=0)
        prompt = self.prompt if self.prompt.startswith(self.seat) else f"{self.seat}: {self.prompt}"
        out = [prompt]
        shared = len({o.what for o in self.options}) == 1
        if shared:
            out.append(f"  ({self.options[0].what})")
        for o in shown:
            out.append(
                f"  {o.action:<{width}}  {percent(o.p, o.error):>7}"
                + (f"  mean {o.mean:.2f}" if o.mean is not None else "")
                + ("" if shared else f"  {o.what}")
            )
        if limit is not None and len(ranked) > limit:
            out.append(f"  ... {len(ranked) - limit} more")
        out.append(f"best: {self.best}: {self.why}")
        out.append("exact" if self.exact else f"sampled: {self.samples} draws, fixed seed")
        return out


def percent(p: float | None, error: float = 0.0) -> str:
    """``p`` as a percentage, with its error when sampled; ``-`` when no chance decides it."""
    if p is None:
        return "-"
    text = f"{100 * p:.1f}%"
    return f"{text} ±{100 * error:.1f}" if error else text


def _round(x: float | None) -> float | None:
    return None if x is None else round(float(x), 4)
