"""The technique registry: every technique's id, name, family, order, levels, rating, finder and texts."""

from __future__ import annotations

from tutor.engine import backtracking, fish, intersections, singles, subsets
from tutor.engine.technique import ENTRIES, Technique

NAKED_SUBSET, HIDDEN_SUBSET = subsets.NakedSubsetTexts(), subsets.HiddenSubsetTexts()
BASIC_FISH, FINNED_FISH = fish.BasicFishTexts(), fish.FinnedFishTexts()

# One row per technique, easiest first: the order is the ladder's.
# Levels are the card's 0-6 scale (once, more than once; None: off the card); ratings are on
# Sudoku Explainer's scale (a `rate` function refines it per step).
_ROWS = (
    # id, name, family module, level, repeated, score group, rating, finder, texts, rate
    ("naked_single", "Naked single", singles, 0, 0, "naked_single", 2.3,
     singles.naked_singles, singles.NakedSingleTexts(), singles.naked_single_rating),
    ("hidden_single", "Hidden single", singles, 0.5, 0.5, "hidden_single", 1.5,
     singles.hidden_singles, singles.HiddenSingleTexts(), singles.hidden_single_rating),
    ("pointing", "Pointing", intersections, 1, 1.5, "intersection", 2.6,
     intersections.pointing, intersections.PointingTexts(), None),
    ("claiming", "Claiming", intersections, 1, 1.5, "intersection", 2.8,
     intersections.claiming, intersections.ClaimingTexts(), None),
    ("naked_pair", "Naked pair", subsets, 2, 2.5, "naked_pair", 3.0,
     subsets.naked_pairs, NAKED_SUBSET, None),
    ("naked_triple", "Naked triple", subsets, 3, 3.5, "naked_triple", 3.6,
     subsets.naked_triples, NAKED_SUBSET, None),
    ("hidden_pair", "Hidden pair", subsets, 4, 4.5, "hidden_pair", 3.4,
     subsets.hidden_pairs, HIDDEN_SUBSET, None),
    ("hidden_triple", "Hidden triple", subsets, 5, 5.5, "hidden_triple", 4.0,
     subsets.hidden_triples, HIDDEN_SUBSET, None),
    ("naked_quad", "Naked quad", subsets, None, None, "naked_quad", 5.0,
     subsets.naked_quads, NAKED_SUBSET, None),
    ("hidden_quad", "Hidden quad", subsets, None, None, "hidden_quad", 5.4,
     subsets.hidden_quads, HIDDEN_SUBSET, None),
    # Fish: Sudoku Explainer rates X-Wing 3.2, swordfish 3.8 and jellyfish 5.2. It has no finned
    # fish, so each finned fish sits 0.2 above its plain one: the fins add one either-or to the
    # same pattern. Sashimi fish are finned fish here and rate the same.
    ("x_wing", "X-Wing", fish, None, None, "x_wing", 3.2,
     fish.x_wings, BASIC_FISH, None),
    ("swordfish", "Swordfish", fish, None, None, "swordfish", 3.8,
     fish.swordfish, BASIC_FISH, None),
    ("jellyfish", "Jellyfish", fish, None, None, "jellyfish", 5.2,
     fish.jellyfish, BASIC_FISH, None),
    ("finned_x_wing", "Finned X-Wing", fish, None, None, "finned_x_wing", 3.4,
     fish.finned_x_wings, FINNED_FISH, None),
    ("finned_swordfish", "Finned swordfish", fish, None, None, "finned_swordfish", 4.0,
     fish.finned_swordfish, FINNED_FISH, None),
    ("finned_jellyfish", "Finned jellyfish", fish, None, None, "finned_jellyfish", 5.4,
     fish.finned_jellyfish, FINNED_FISH, None),
    ("backtracking", "Backtracking", backtracking, 6, 6, "backtracking", 10.0,
     None, backtracking.BacktrackingTexts(), None),
)


def _family(module) -> str:
    return module.__name__.rsplit(".", 1)[-1]


TECHNIQUES: tuple[Technique, ...] = tuple(
    Technique(id_, name, _family(module), order, level, repeated, group, rating, finder, texts, rate)
    for order, (id_, name, module, level, repeated, group, rating, finder, texts, rate)
    in enumerate(_ROWS)
)
BY_ID = {t.id: t for t in TECHNIQUES}
ENTRIES.update(BY_ID)

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
    """The registry entry for an id.

    :raises KeyError: naming the known ids, for an unknown id.
    """
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
