"""Making puzzles: full grids, digging, equivalence transforms, generation by level, search traces."""

from .generate import (
    Cancelled,
    Generated,
    GenerationError,
    LevelRange,
    Progress,
    generate,
    generate_one,
)
from .search_trace import SearchEvent, SearchTrace, SideBySide, trace
from .transforms import Transform, equivalent, random_transform

__all__ = [
    "Cancelled",
    "Generated",
    "GenerationError",
    "LevelRange",
    "Progress",
    "SearchEvent",
    "SearchTrace",
    "SideBySide",
    "Transform",
    "equivalent",
    "generate",
    "generate_one",
    "random_transform",
    "trace",
]
