"""Helpers for the driver tests (a uniquely named module, not a conftest)."""

import queue


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, t: float = 1000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> float:
        self.t += dt
        return self.t


def drain(q):
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


def kinds(events):
    return [(e.button, e.kind) for e in events]
