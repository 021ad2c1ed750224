"""The technique engine: finders per family, the registry, next step, find all, and the grader."""

from tutor.engine.engine import (
    ContradictionError,
    EngineError,
    MultipleSolutionsError,
    NoSolutionError,
    clear_solution_cache,
    find_contradiction,
    find_steps,
    next_step,
    solution_values,
)
from tutor.engine.grader import Grade, grade
from tutor.engine.registry import BANDS, LADDER, TECHNIQUES, Technique, band, technique
from tutor.engine.step import Step

__all__ = [
    "BANDS", "ContradictionError", "EngineError", "Grade", "LADDER", "MultipleSolutionsError",
    "NoSolutionError", "Step", "TECHNIQUES", "Technique", "band", "clear_solution_cache", "find_contradiction",
    "find_steps", "grade", "next_step", "solution_values", "technique",
]
