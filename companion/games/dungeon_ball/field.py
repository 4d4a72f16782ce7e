"""Geometry of the field: which way the offense moves, the next space of a colour, touchdowns,
field-goal range and the red spaces between the ball and the posts."""

from __future__ import annotations

from companion.games.dungeon_ball.pack import DungeonBallPack


class Field:
    def __init__(self, pack: DungeonBallPack):
        f = pack.field
        self.colours = pack.colours
        self.n = len(self.colours)
        self.final = f.final_spaces
        self.start = {"low": f.start_low, "high": f.start_high}
        self.field_goal = {"low": f.field_goal_low, "high": f.field_goal_high}
        self.midfield = f.midfield
        # advance's answers, found once each; resolving a play reads them straight
        self.advances: dict[tuple[int, str, str], tuple[int, bool]] = {}

    @staticmethod
    def attacking(end_zone: str) -> str:
        """A team defends its own end zone and attacks the other."""
        return "high" if end_zone == "low" else "low"

    def step(self, attacking: str) -> int:
        return 1 if attacking == "high" else -1

    def is_final(self, index: int) -> bool:
        return index < self.final or index >= self.n - self.final

    def advance(self, pos: int, colour: str, attacking: str) -> tuple[int, bool]:
        """Move to the next space of ``colour``; return (new position, touchdown).

        Landing on a final space, or having no space of that colour left ahead ("what would be
        beyond" the final spaces), is a touchdown.
        """
        key = (pos, colour, attacking)
        moved = self.advances.get(key)
        if moved is None:
            moved = self.advances[key] = self._advance(pos, colour, attacking)
        return moved

    def _advance(self, pos: int, colour: str, attacking: str) -> tuple[int, bool]:
        d = self.step(attacking)
        i = pos + d
        colours = self.colours
        while 0 <= i < self.n:
            if colours[i] == colour:
                return i, self.is_final(i)
            i += d
        return (self.n - 1 if d > 0 else 0), True

    def move_back(self, pos: int, spaces: int, attacking: str) -> int:
        """Push the ball back toward the offense's own end zone, never onto its final spaces."""
        if attacking == "high":  # compared, not max/min: a card window asks this of every Big Hit
            back = pos - spaces
            return back if back > self.final else self.final
        back, last = pos + spaces, self.n - 1 - self.final
        return back if back < last else last

    def move_back_colour(self, pos: int, colour: str, spaces: int, attacking: str) -> int:
        """Back to the previous space of ``colour``, ``spaces`` times, never onto the offense's
        own final spaces (an AI team card's "move back 1 red space")."""
        d = -self.step(attacking)
        for _ in range(spaces):
            i = pos + d
            while 0 <= i < self.n and not self.is_final(i) and self.colours[i] != colour:
                i += d
            if not (0 <= i < self.n) or self.is_final(i):
                break
            pos = i
        return pos

    def in_field_goal_range(self, pos: int, attacking: str) -> bool:
        """On or past the field-goal circle near the end zone being attacked."""
        circle = self.field_goal[attacking]
        return pos >= circle if attacking == "high" else pos <= circle

    def reds_to_posts(self, pos: int, attacking: str) -> int:
        """Red spaces between the ball and the posts at the back of the attacked end zone."""
        d = self.step(attacking)
        span = range(pos + d, self.n) if d > 0 else range(pos - 1, -1, -1)
        return sum(1 for i in span if self.colours[i] == "red")

    def to_go(self, pos: int, attacking: str) -> int:
        """Spaces from the ball to the first final space of the attacked end (0 once there)."""
        return max(0, (self.n - self.final - pos) if attacking == "high" else (pos - self.final + 1))
