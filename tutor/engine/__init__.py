"""The technique engine: finders per family, the registry, next step, find all, and the grader."""

from tutor.engine.engine import (
    ContradictionError,
    EngineError,
    MultipleSolutionsError,
    NoSolutionError,
    find_contradiction,
    find_steps,
    next_step,
    solution_values,
)
from tutor.engine.grader import Grade, grade
from tutor.engine.registry import (
    BANDS, CARD_LADDER, LADDER, LADDERS, TECHNIQUES, Technique, band, technique,
)
from tutor.engine.step import Step
from tutor.engine.technique import HintLevel

__all__ = [
    "BANDS", "CARD_LADDER", "ContradictionError", "EngineError", "Grade", "HintLevel", "LADDER", "LADDERS", "MultipleSolutionsError",
    "NoSolutionError", "Step", "TECHNIQUES", "Technique", "band", "find_contradiction",
    "find_steps", "grade", "next_step", "solution_values", "technique",
]
