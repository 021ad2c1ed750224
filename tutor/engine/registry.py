"""The technique registry: ids, names, families, order and difficulty levels, held as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator


@dataclass(frozen=True)
class Technique:
    """A technique on (or off) the 0-6 ladder.

    `level` is earned by using it once, `repeated_level` by using it more than once; techniques
    sharing a `score_group` are counted together (pointing and claiming are one technique there).
    A technique with `level` None is a finder only, off the ladder (quads).
    """

    id: str
    name: str
    family: str
    order: int
    level: float | None
    repeated_level: float | None
    score_group: str
    finder: Callable[..., Iterator] | None = None

    @property
    def on_ladder(self) -> bool:
        return self.level is not None


def _build():
    from . import singles, intersections, subsets

    rows = [
        # id, name, family, level, repeated level, score group, finder
        ("naked_single", "Naked single", "singles", 0, 0, "naked_single", singles.naked_singles),
        ("hidden_single", "Hidden single", "singles", 0.5, 0.5, "hidden_single", singles.hidden_singles),
        ("pointing", "Pointing", "intersections", 1, 1.5, "intersection", intersections.pointing),
        ("claiming", "Claiming", "intersections", 1, 1.5, "intersection", intersections.claiming),
        ("naked_pair", "Naked pair", "subsets", 2, 2.5, "naked_pair", subsets.naked_pairs),
        ("naked_triple", "Naked triple", "subsets", 3, 3.5, "naked_triple", subsets.naked_triples),
        ("hidden_pair", "Hidden pair", "subsets", 4, 4.5, "hidden_pair", subsets.hidden_pairs),
        ("hidden_triple", "Hidden triple", "subsets", 5, 5.5, "hidden_triple", subsets.hidden_triples),
        ("naked_quad", "Naked quad", "subsets", None, None, "naked_quad", subsets.naked_quads),
        ("hidden_quad", "Hidden quad", "subsets", None, None, "hidden_quad", subsets.hidden_quads),
        ("backtracking", "Backtracking", "backtracking", 6, 6, "backtracking", None),
    ]
    return tuple(
        Technique(id_, name, family, order, level, repeated, group, finder)
        for order, (id_, name, family, level, repeated, group, finder) in enumerate(rows)
    )


TECHNIQUES: tuple[Technique, ...] = _build()
BY_ID = {t.id: t for t in TECHNIQUES}

LADDER: tuple[str, ...] = tuple(t.id for t in TECHNIQUES if t.on_ladder and t.finder is not None)
"""The default ladder, easiest first (backtracking is the fallback after it)."""

BANDS = (
    (0, "Gentle"),
    (0.5, "Easy"),
    (1, "Moderate"),
    (2, "Tricky"),
    (3, "Tough"),
    (4, "Hard"),
    (5, "Fiendish"),
    (6, "Diabolical"),
)


def technique(technique_id: str) -> Technique:
    """The registry entry for an id; KeyError names the known ids."""
    try:
        return BY_ID[technique_id]
    except KeyError:
        raise KeyError(f"unknown technique {technique_id!r}; known: {', '.join(BY_ID)}") from None


def band(level: float) -> str:
    """The band name of a level on the 0-6 scale."""
    name = BANDS[0][1]
    for floor, band_name in BANDS:
        if level >= floor:
            name = band_name
    return name
