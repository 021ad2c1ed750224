"""Making puzzles: full grids, digging, equivalence transforms, generation by level, search traces."""

from tutor.generator.generate import (
    Cancelled,
    Generated,
    GenerationError,
    LevelError,
    LevelRange,
    Progress,
    generate,
    generate_one,
)
from tutor.generator.needs import UnknownTechnique, check_technique, generate_needing
from tutor.generator.search_trace import SearchEvent, SearchTrace, SideBySide, trace
from tutor.generator.transforms import Transform, equivalent, random_transform

__all__ = [
    "Cancelled",
    "Generated",
    "GenerationError",
    "LevelError",
    "LevelRange",
    "Progress",
    "SearchEvent",
    "SearchTrace",
    "SideBySide",
    "Transform",
    "UnknownTechnique",
    "check_technique",
    "equivalent",
    "generate",
    "generate_needing",
    "generate_one",
    "random_transform",
    "trace",
]
