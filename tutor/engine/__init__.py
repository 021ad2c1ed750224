"""The technique engine: finders per family, the registry, next step, find all, and the grader.

This module is the engine's face: code outside tutor/engine imports engine names from here only
(the layer contract in tests/test_architecture.py checks it).
"""

from tutor.model.lazy import lazy_names

# Bound now: its name is also a submodule's (tutor.engine.technique), which importing that module
# would otherwise put here in its place. The registry imports no technique family until one is used.
from tutor.engine.registry import technique

# The public names are listed once, in _HOMES (where each lives): the package imports each from
# there on first use, so that a command pays only for the part of the engine it uses (`tutor next`
# needs neither the grader nor the step's JSON form), and __all__ is made from it. Type checkers
# cannot follow that, so the block below imports the same names for them, each as itself (an
# explicit re-export); tests/test_architecture.py checks that it names exactly _HOMES's names.
_HOMES = {
    "tutor.engine.chain": ("NODE_LABELS", "chain_nodes", "node_label"),
    "tutor.engine.engine": ("ContradictionError", "EngineError", "MultipleSolutionsError",
                            "NoSolutionError", "clear_solution_cache", "find_contradiction",
                            "find_steps", "next_step", "solution_values"),
    "tutor.engine.techniques.backtracking": ("contradiction_story",),
    "tutor.engine.grader": ("Grade", "grade", "ladder_level"),
    "tutor.engine.registry": ("BANDS", "BY_ID", "CARD_LADDER", "LADDER", "LADDERS", "TECHNIQUES",
                              "Technique", "band", "on_ladder_of", "works_on"),
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
__all__ = ["technique", *(name for names in _HOMES.values() for name in names)]

# Not typing.TYPE_CHECKING: importing typing would cost start-up time.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tutor.engine.chain import (
        NODE_LABELS as NODE_LABELS,
        chain_nodes as chain_nodes,
        node_label as node_label,
    )
    from tutor.engine.engine import (
        ContradictionError as ContradictionError,
        EngineError as EngineError,
        MultipleSolutionsError as MultipleSolutionsError,
        NoSolutionError as NoSolutionError,
        clear_solution_cache as clear_solution_cache,
        find_contradiction as find_contradiction,
        find_steps as find_steps,
        next_step as next_step,
        solution_values as solution_values,
    )
    from tutor.engine.techniques.backtracking import contradiction_story as contradiction_story
    from tutor.engine.grader import Grade as Grade, grade as grade, ladder_level as ladder_level
    from tutor.engine.registry import (
        BANDS as BANDS,
        BY_ID as BY_ID,
        CARD_LADDER as CARD_LADDER,
        LADDER as LADDER,
        LADDERS as LADDERS,
        TECHNIQUES as TECHNIQUES,
        Technique as Technique,
        band as band,
        on_ladder_of as on_ladder_of,
        works_on as works_on,
    )
    from tutor.engine.reasons import (
        Position as Position,
        positions_along as positions_along,
        removals_in as removals_in,
    )
    from tutor.engine.scoring import Earned as Earned, level_earned as level_earned
    from tutor.engine.techniques.singles import (
        hidden_singles as hidden_singles,
        naked_singles as naked_singles,
    )
    from tutor.engine.se import SeRating as SeRating, se_rating as se_rating
    from tutor.engine.soundness import violations as violations
    from tutor.engine.step import Step as Step, describe_changes as describe_changes
    from tutor.engine.step_json import (
        step_from_json as step_from_json,
        step_to_json as step_to_json,
    )
    from tutor.engine.technique import (
        HintLevel as HintLevel,
        Texts as Texts,
        an as an,
        in_sentence as in_sentence,
    )
