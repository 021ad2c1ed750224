"""The hint ladder, used by the game and by the lesson exercises: the engine's answer for a
position and how many presses of the hint key have climbed it (nudge, pattern, full)."""

from __future__ import annotations

from tutor.engine import EngineError, HintLevel, Position, Step

HINT_LEVELS = len(HintLevel)
"""Presses of the hint key: nudge, pattern, full explanation."""

HintResult = Step | EngineError | None
"""The engine's answer: the next step, the problem that stops it, or None for a solved grid."""


class HintLadder:
    """The hint key's state. `level` is 0 before the first press, then 1-3 (a HintLevel)."""

    __slots__ = ("level", "result", "known", "position")

    def __init__(self) -> None:
        self.level = 0
        self.result: HintResult = None
        self.known = False
        """Whether `result` holds the engine's answer (None is an answer: solved)."""
        self.position: Position | None = None
        """The position the answer was found in, which lets the texts give their reasons."""

    def reset(self) -> None:
        """Forget the answer and go back below the first rung (the position changed)."""
        self.level = 0
        self.result = None
        self.known = False
        self.position = None

    def take(self, result: HintResult, position: Position | None = None) -> None:
        """Record the engine's answer for the position (and the position, where known)."""
        self.result = result
        self.known = True
        self.position = position

    def climb(self) -> int:
        """One more press: up one rung once an answer is known (it stays at the top); the level."""
        if self.known:
            self.level = min(HINT_LEVELS, self.level + 1)
        return self.level

    def down(self) -> None:
        """Hide the ladder but keep the answer (the next press starts at the nudge again)."""
        self.level = 0

    @property
    def step(self) -> Step | None:
        return self.result if isinstance(self.result, Step) else None

    @property
    def problem(self) -> EngineError | None:
        return self.result if isinstance(self.result, EngineError) else None

    @property
    def shown_step(self) -> Step | None:
        """The step whose hint is on screen (None before the first press or for a problem)."""
        return self.step if self.level else None
