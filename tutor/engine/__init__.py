"""The technique engine: finders per family, the registry, next step, find all, and the grader.

This module is the engine's face: code outside tutor/engine imports engine names from here only
(the layer contract in tests/test_architecture.py checks it).
"""

from tutor.model.lazy import lazy_names

# Bound now: its name is also a submodule's (tutor.engine.technique), which importing that module
# would otherwise put here in its place. The registry imports no technique family until one is used.
from tutor.engine.registry import technique

# Not typing.TYPE_CHECKING: importing typing would cost start-up time.
TYPE_CHECKING = False
if TYPE_CHECKING:
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
    from tutor.engine.techniques.backtracking import contradiction_story
    from tutor.engine.grader import Grade, grade
    from tutor.engine.registry import BANDS, BY_ID, CARD_LADDER, LADDER, LADDERS, TECHNIQUES, Technique, band
    from tutor.engine.reasons import Position, positions_along, removals_in
    from tutor.engine.scoring import Earned, level_earned
    from tutor.engine.techniques.singles import hidden_singles, naked_singles
    from tutor.engine.soundness import violations
    from tutor.engine.se import SeRating, se_rating
    from tutor.engine.step import Step, describe_changes
    from tutor.engine.step_json import step_from_json, step_to_json
    from tutor.engine.technique import HintLevel, Texts, an, in_sentence

# Where each name lives. They are imported on first use, so that a command pays only for the part
# of the engine it uses (`tutor next` needs neither the grader nor the step's JSON form).
_HOMES = {
    "tutor.engine.engine": ("ContradictionError", "EngineError", "MultipleSolutionsError",
                            "NoSolutionError", "clear_solution_cache", "find_contradiction",
                            "find_steps", "next_step", "solution_values"),
    "tutor.engine.techniques.backtracking": ("contradiction_story",),
    "tutor.engine.grader": ("Grade", "grade"),
    "tutor.engine.registry": ("BANDS", "BY_ID", "CARD_LADDER", "LADDER", "LADDERS", "TECHNIQUES",
                              "Technique", "band"),
    "tutor.engine.reasons": ("Position", "positions_along", "removals_in"),
    "tutor.engine.scoring": ("Earned", "level_earned"),
    "tutor.engine.techniques.singles": ("hidden_singles", "naked_singles"),
    "tutor.engine.soundness": ("violations",),
    "tutor.engine.se": ("SeRating", "se_rating"),
    "tutor.engine.step": ("Step", "describe_changes"),
    "tutor.engine.step_json": ("step_from_json", "step_to_json"),
    "tutor.engine.technique": ("HintLevel", "Texts", "an", "in_sentence"),
}
__getattr__, __dir__ = lazy_names(__name__, globals(), _HOMES)


__all__ = [
    "BANDS", "BY_ID", "CARD_LADDER", "ContradictionError", "Earned", "EngineError", "Grade", "HintLevel", "LADDER",
    "LADDERS",    "MultipleSolutionsError", "NoSolutionError", "Position", "Step", "TECHNIQUES", "Technique", "Texts", "an", "band", "in_sentence",
    "clear_solution_cache", "contradiction_story", "describe_changes", "find_contradiction", "find_steps", "grade",
    "hidden_singles", "level_earned", "naked_singles", "next_step", "positions_along", "removals_in", "solution_values",
    "step_from_json", "step_to_json", "technique", "violations", "SeRating", "se_rating",
]
