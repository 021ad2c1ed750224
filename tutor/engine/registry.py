"""The technique registry: every technique's id, name, family, order, levels, rating, finder and texts."""

from __future__ import annotations

from tutor.model.errors import UnknownTechniqueError
from tutor.model.geometry import CLASSIC, Geometry, regular
from tutor.model.geometry import MAX_TABLE_SIZE
from tutor.engine.technique import (BOX_LINE, EACH_GRID, ENTRIES, ONE_GRID, ONE_SOLUTION,
                                    ROW_COLUMN_GRID, Technique)

FORCING_HIGHEST_RATING = 9.9
"""forcing.HIGHEST_RATING, written here so that building the registry does not import forcing (a
test checks that the two agree)."""

# One row per technique, easiest first: the order is the ladder's. A row names its finder, texts
# class and rate by their names in the family's module, which is imported only when one of them is
# first used (Technique.finder, .texts, .rate): a puzzle that singles finish, and a command that
# needs no technique at all, never pay for importing chains, sets or forcing nets.
# Levels are the card's 0-6 scale (once, more than once; None: off the card); ratings are on
# Sudoku Explainer's scale (a `rate` function refines it per step).
_ROWS: tuple[tuple[str, str, str, float | None, float | None, str, float, str | None, str, str | None],
            ...] = (
    # id, name, family (its module in tutor/engine/techniques/), level, repeated, score group,
    # rating, and the names in the family's module of its finder, texts class and rate.
    # The card's ladder, with its 0-6 levels.
    ("naked_single", "Naked single", "singles", 0, 0, "naked_single", 2.3,
     "naked_singles", "NakedSingleTexts", "naked_single_rating"),
    ("hidden_single", "Hidden single", "singles", 0.5, 0.5, "hidden_single", 1.5,
     "hidden_singles", "HiddenSingleTexts", "hidden_single_rating"),
    ("pointing", "Pointing", "intersections", 1, 1.5, "intersection", 2.6,
     "pointing", "PointingTexts", None),
    ("claiming", "Claiming", "intersections", 1, 1.5, "intersection", 2.8,
     "claiming", "ClaimingTexts", None),
    ("naked_pair", "Naked pair", "subsets", 2, 2.5, "naked_pair", 3.0,
     "naked_pairs", "NakedSubsetTexts", None),
    ("naked_triple", "Naked triple", "subsets", 3, 3.5, "naked_triple", 3.6,
     "naked_triples", "NakedSubsetTexts", None),
    ("hidden_pair", "Hidden pair", "subsets", 4, 4.5, "hidden_pair", 3.4,
     "hidden_pairs", "HiddenSubsetTexts", None),
    ("hidden_triple", "Hidden triple", "subsets", 5, 5.5, "hidden_triple", 4.0,
     "hidden_triples", "HiddenSubsetTexts", None),
    # Beyond the card (level None: needing one means the card's ladder cannot finish),
    # easiest first by rating (why each rating is what it is: RATINGS, below).
    ("x_wing", "X-Wing", "fish", None, None, "x_wing", 3.2,
     "x_wings", "BasicFishTexts", None),
    ("finned_x_wing", "Finned X-Wing", "fish", None, None, "finned_x_wing", 3.4,
     "finned_x_wings", "FinnedFishTexts", None),
    ("swordfish", "Swordfish", "fish", None, None, "swordfish", 3.8,
     "swordfish", "BasicFishTexts", None),
    ("skyscraper", "Skyscraper", "single_digit", None, None, "skyscraper", 4.0,
     "skyscrapers", "SkyscraperTexts", None),
    ("finned_swordfish", "Finned swordfish", "fish", None, None, "finned_swordfish", 4.0,
     "finned_swordfish", "FinnedFishTexts", None),
    ("two_string_kite", "Two-string kite", "single_digit", None, None, "two_string_kite", 4.1,
     "two_string_kites", "TwoStringKiteTexts", None),
    ("turbot_fish", "Turbot fish", "single_digit", None, None, "turbot_fish", 4.2,
     "turbot_fish", "TurbotFishTexts", None),
    ("empty_rectangle", "Empty rectangle", "single_digit", None, None, "empty_rectangle", 4.2,
     "empty_rectangles", "EmptyRectangleTexts", None),
    ("xy_wing", "XY-Wing", "wings", None, None, "xy_wing", 4.2,
     "xy_wings", "XYWingTexts", None),
    ("xyz_wing", "XYZ-Wing", "wings", None, None, "xyz_wing", 4.4,
     "xyz_wings", "XYZWingTexts", None),
    ("w_wing", "W-Wing", "wings", None, None, "w_wing", 4.4,
     "w_wings", "WWingTexts", None),
    ("unique_rectangle", "Unique rectangle", "uniqueness", None, None, "unique_rectangle", 4.8,
     "unique_rectangles", "UniqueRectangleTexts", "unique_rectangle_rating"),
    ("simple_colors", "Simple colours", "colouring", None, None, "simple_colors", 4.5,
     "simple_colors", "SimpleColorsTexts", None),
    ("wxyz_wing", "WXYZ-Wing", "wings", None, None, "wxyz_wing", 4.6,
     "wxyz_wings", "WXYZWingTexts", None),
    ("hidden_rectangle", "Hidden rectangle", "uniqueness", None, None, "hidden_rectangle", 4.8,
     "hidden_rectangles", "HiddenRectangleTexts", None),
    ("naked_quad", "Naked quad", "subsets", None, None, "naked_quad", 5.0,
     "naked_quads", "NakedSubsetTexts", None),
    ("multi_colors", "Multi colours", "colouring", None, None, "multi_colors", 5.0,
     "multi_colors", "MultiColorsTexts", None),
    ("sue_de_coq", "Sue de Coq", "sue_de_coq", None, None, "sue_de_coq", 5.0,
     "sue_de_coq", "SueDeCoqTexts", None),
    ("jellyfish", "Jellyfish", "fish", None, None, "jellyfish", 5.2,
     "jellyfish", "BasicFishTexts", None),
    ("hidden_quad", "Hidden quad", "subsets", None, None, "hidden_quad", 5.4,
     "hidden_quads", "HiddenSubsetTexts", None),
    ("finned_jellyfish", "Finned jellyfish", "fish", None, None, "finned_jellyfish", 5.4,
     "finned_jellyfish", "FinnedFishTexts", None),
    ("bug_plus_one", "BUG+1", "uniqueness", None, None, "bug_plus_one", 5.6,
     "bug_plus_one", "BugPlusOneTexts", None),
    ("als_xz", "ALS-XZ", "als", None, None, "als_xz", 5.8,
     "als_xz", "AlsXZTexts", None),
    ("als_xy_wing", "ALS-XY-Wing", "als", None, None, "als_xy_wing", 6.1,
     "als_xy_wings", "AlsXYWingTexts", None),
    # Chains: Sudoku Explainer rates X-cycles 6.5 and XY-chains from 6.6, plus its length bonus
    # (chains.chain_rating); a remote pair is an XY-chain on one pair of digits, easier to see: 6.5.
    ("remote_pair", "Remote pair", "chains", None, None, "remote_pair", 6.5,
     "remote_pairs", "RemotePairTexts", "chain_rating"),
    ("x_chain", "X-Chain", "chains", None, None, "x_chain", 6.5,
     "x_chains", "XChainTexts", "chain_rating"),
    ("xy_chain", "XY-Chain", "chains", None, None, "xy_chain", 6.6,
     "xy_chains", "XYChainTexts", "chain_rating"),
    ("death_blossom", "Death Blossom", "als", None, None, "death_blossom", 6.6,
     "death_blossoms", "DeathBlossomTexts", None),
    ("nice_loop", "Nice loop", "chains", None, None, "nice_loop", 7.0,
     "nice_loops", "NiceLoopTexts", "chain_rating"),
    ("aic", "Alternating inference chain", "chains", None, None, "aic", 7.0,
     "aics", "AICTexts", "chain_rating"),
    # Grouped chains: an AIC's 7.0, plus 0.1 for groups (0.2 through an almost locked set), plus
    # the length bonus (grouped.grouped_rating); the rows hold the shortest chains' ratings.
    ("grouped_nice_loop", "Grouped nice loop", "grouped", None, None, "grouped_nice_loop", 7.1,
     "grouped_nice_loops", "GroupedNiceLoopTexts", "grouped_rating"),
    ("grouped_aic", "Grouped AIC", "grouped", None, None, "grouped_aic", 7.1,
     "grouped_aics", "GroupedAICTexts", "grouped_rating"),
    # An ALS chain: an AIC through almost locked sets only, 7.2 like a grouped AIC through a set,
    # plus 0.1 from a fifth set (als.als_chain_rating).
    ("als_chain", "ALS chain", "als", None, None, "als_chain", 7.2,
     "als_chains", "AlsChainTexts", "als_chain_rating"),
    # Forcing chains and nets, the last resort before a guess: Sudoku Explainer's forcing chains
    # and dynamic (net) forcing chains, 7.5 to 9.9 by shape and length (forcing.forcing_rating).
    ("forcing_chain", "Forcing chain", "forcing", None, None, "forcing_chain", FORCING_HIGHEST_RATING,
     "forcing_chains", "ForcingChainTexts", "forcing_rating"),
    # The last resort: a guess, shown with the contradiction that proves it.
    ("backtracking", "Backtracking", "backtracking", 6, 6, "backtracking", 10.0,
     None, "BacktrackingTexts", None),
)

RATINGS = """Why each technique's rating is what it is, on Sudoku Explainer's scale.

- The card's ladder: Sudoku Explainer's own values: full house 1.0, hidden single 1.2 in a box and
  1.5 in a line, naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, hidden pair 3.4,
  naked triple 3.6, hidden triple 4.0, naked quad 5.0, hidden quad 5.4.
- Fish: Sudoku Explainer rates X-Wing 3.2, swordfish 3.8 and jellyfish 5.2. It has no finned fish,
  so each finned fish sits 0.2 above its plain one: the fins add one either-or to the same
  pattern. Sashimi fish are finned fish here and rate the same.
- Single-digit patterns. Sudoku Explainer 1.2 has none of them (it meets them as X-cycles, 6.5 and
  up); its fork SukakuExplainer, whose ratings the SE-rated puzzle bank carries, rates skyscraper
  4.0, two-string kite 4.1 and any other two-strong-link pattern, turbot fish and empty rectangle
  alike, 4.2 (between hidden triple 4.0 and XY-wing 4.2). The bank agrees: every sampled puzzle
  rated 4.0 offers a skyscraper where the basic ladder sticks, and 99 of 100 rated 4.1 a kite
  (most without a skyscraper).
- Wings, off the card's ladder. Ratings are Sudoku Explainer's: XY-Wing 4.2 and XYZ-Wing 4.4 are
  its own values. Sudoku Explainer 1.2.1 has no W-Wing: 4.4, beside XYZ-Wing (two cells and a
  strong link, about as hard to see); nor WXYZ-Wing: 4.6, a step above XYZ-Wing for the fourth
  cell (the value Sukaku Explainer, its fork, gives it).
- Uniqueness: sound only because the engine proves the puzzle has one solution first. Sudoku
  Explainer rates a unique rectangle 4.5 and type 3 4.6-4.8 by the naked subset's size (`rate`;
  the row holds the highest, 4.8);
  SE has no types 5 and 6, which are the type 2 and type 4 arguments on a diagonal, so they keep
  4.5 (HoDoKu scores all its uniqueness tests alike).
- SE has no hidden rectangle; 4.8 puts it beside the hardest type 3: on top of the rectangle it
  needs a digit confined to the corners in one or two lines (a chain of strong links).
- SE's "Bivalue Universal Grave" (type 1, one extra cell) is 5.6.
- Colouring has no Sudoku Explainer rule of its own (SE finds the same eliminations as X-cycles
  and forcing X-chains, 6.5 and up, which would rank a two-link trap above every fish). HoDoKu
  scores simple colours 150 and multi colours 200, between its wings (XY-Wing 160, XYZ-Wing 180)
  and its chains (X-chain 260); SE rates the XY-Wing 4.2 and the XYZ-Wing 4.4, so simple colours
  take 4.5, just above the wings, and multi colours, which needs a second chain and a bridge, 5.0
  (a naked quad's rating), still below SE's chains.
- Almost locked sets and Sue de Coq: Sudoku Explainer 1.2 has no rule for them (it finds their
  eliminations as forcing chains, 7.0 and up, which would rank a two-set pattern above the
  chains it replaces). Sukaku Explainer, its fork, rates Sue de Coq 5.0, kept here (beside the
  naked quad: two locked sets sharing the crossing cells). ALS-XZ is in effect the shortest
  chain of sets (two nodes and one link), so 5.8: above BUG+1 (5.6) and every fish, below SE's
  shortest chains (6.5); ALS-XY-Wing, one set and one link more, 6.1. HoDoKu orders them the same
  way (scores: Sue de Coq 250, ALS-XZ 300, ALS-XY-Wing 320). A death blossom joins a stem cell
  to one set per digit of the stem (usually three or four sets and a cell), so 6.6: above
  ALS-XY-Wing and beside SE's shortest chains (HoDoKu: 360).
- Chains: Sudoku Explainer rates an X-cycle (our X-chain) 6.5 and an XY-chain 6.6, then adds
  0.1 for each rung of its length ladder passed (more than 4, 6, 8, 12, 16, 24 ...), counting an
  X-chain's links and an XY-chain's cells: a 3-link X-chain (a turbot fish seen as a chain) rates
  6.5, a 5-link one 6.6, a 9-link one 6.8; a 4-cell XY-chain 6.6, a 7-cell one 6.8, a 13-cell one
  7.0 (`chains.chain_rating`). A remote pair is an XY-chain whose cells all hold the same two
  digits, the easiest kind to follow: 6.5 plus the same bonus by cells. An alternating inference
  chain mixing cells and units is what Sudoku Explainer finds as a forcing chain (7.0 and up):
  7.0 plus the bonus by links, so a 7-link AIC rates 7.2; a continuous nice loop (an AIC closed on
  itself) the same.
- Grouped chains: a grouped nice loop or grouped AIC is an AIC whose nodes may be a group (two or
  three places of a digit where a box meets a line) or an almost locked set. Sudoku Explainer
  finds them as forcing chains (7.0 and up); the group is one more thing to see, so 7.1 plus the
  same length bonus by links (`grouped.grouped_rating`), and 7.2 plus the bonus when the chain
  goes through an almost locked set. HoDoKu orders them the same way (AIC 280, grouped 300).
- ALS chain: four or more almost locked sets, each tied to the next by a restricted common digit,
  is an AIC through sets only: 7.2 like a grouped AIC through a set, plus the length bonus counted
  in sets (0.1 from a fifth set; `als.als_chain_rating`). Above the death blossom (6.6): more sets,
  each tie to be checked.
- Forcing chains and nets follow each case of an assumption by singles. Sudoku Explainer rates
  a contradiction found that way (its Nishio and contradiction forcing chains) 7.5 and up, and
  several cases agreeing (its cell and region forcing chains) 8.0 and up; when a fact needs two
  earlier facts at once (its dynamic forcing chains, a net here) 8.5 to 9.x. Here a contradiction
  is 7.5 as a chain and 8.5 as a net, branches agreeing 8.0 as a chain and 9.0 as a net, plus
  the chains' length bonus counted in links over every branch, at most 9.9 (below a guess).
- Backtracking is rated 10.0: above every technique, standing for the nested forcing nets
  Sudoku Explainer rates 9.5 to 11 that the tutor does not teach.
"""


_NEEDS: dict[str, frozenset[str]] = {
    # What a technique's argument needs of the board and the puzzle (engine/technique.py), by
    # family, then by technique where it differs from its family. Rows, columns and boxes of n
    # cells each, which every board has, go unsaid.
    "intersections": frozenset({BOX_LINE}),
    "finned_x_wing": frozenset({BOX_LINE}),      # the fins lie in one box with a corner
    "finned_swordfish": frozenset({BOX_LINE}),
    "finned_jellyfish": frozenset({BOX_LINE}),
    "empty_rectangle": frozenset({BOX_LINE}),    # a box's places on one row and one column
    "sue_de_coq": frozenset({BOX_LINE}),         # the cells where a line crosses a box
    "grouped": frozenset({BOX_LINE}),            # a group: a digit's places where a box meets a line
    # A rectangle's swap keeps the units of one grid (on a board of several grids, run grid by
    # grid and kept where the swap keeps every unit of the board: engine/grids.py).
    "unique_rectangle": frozenset({ONE_SOLUTION, ONE_GRID}),
    "hidden_rectangle": frozenset({ONE_SOLUTION, ONE_GRID}),
    # BUG+1 counts candidates in every unit of the whole board, whatever its shape.
    "bug_plus_one": frozenset({ONE_SOLUTION}),
    # Their tables read a digit's places by row and column number across one grid (on a board
    # of several grids, such as the Samurai, they run on each grid alone: engine/grids.py).
    "fish": frozenset({ROW_COLUMN_GRID}),
    "single_digit": frozenset({ROW_COLUMN_GRID}),
}
_SET_SIZES = {"naked_pair": 2, "hidden_pair": 2, "naked_triple": 3, "hidden_triple": 3,
              "naked_quad": 4, "hidden_quad": 4, "x_wing": 2, "finned_x_wing": 2,
              "swordfish": 3, "finned_swordfish": 3, "jellyfish": 4, "finned_jellyfish": 4}
"""The cells of a subset, the lines of a fish (the complement rule's k)."""


def _needs(technique_id: str, family: str) -> frozenset[str]:
    return _NEEDS.get(technique_id, frozenset()) | _NEEDS.get(family, frozenset())


TECHNIQUES: tuple[Technique, ...] = tuple(
    Technique(id_, name, family, order, level, repeated, group, rating, finder, texts, rate,
              _needs(id_, family), _SET_SIZES.get(id_, 0))
    for order, (id_, name, family, level, repeated, group, rating, finder, texts, rate)
    in enumerate(_ROWS)
)
BY_ID = {t.id: t for t in TECHNIQUES}
ENTRIES.update(BY_ID)

MORE_SPECIFIC: dict[str, tuple[str, ...]] = {
    "finned_x_wing": ("skyscraper",),
    "w_wing": ("remote_pair",),
    "nice_loop": ("x_chain", "xy_chain", "aic"),
}
"""The names a general finder may give its steps besides its own: a step it finds that is an
instance of a more specific technique is named by that technique (a sashimi X-Wing of four places
is a skyscraper, a W-Wing whose link ends hold only its two digits a remote pair, a discontinuous
nice loop through a candidate seeing both ends of an open chain that chain), with that
technique's removals and rating. find_steps(grid, id) lists only the steps named id."""

CARD_LADDER: tuple[str, ...] = tuple(t.id for t in TECHNIQUES if t.on_ladder and t.finder_name is not None)
"""The card's ladder, naked single to hidden triple: always tried first, and alone it decides the
0-6 level (6: it cannot finish)."""
LADDER: tuple[str, ...] = CARD_LADDER + tuple(
    t.id for t in TECHNIQUES if not t.on_ladder and t.finder_name is not None)
"""The default ladder, easiest first: the card's, then the techniques beyond it (backtracking is
the fallback after it)."""
LADDERS: dict[str, tuple[str, ...]] = {"full": LADDER, "card": CARD_LADDER}
"""The ladders by name, as `tutor grade --ladder NAME` and `techniques=NAME` choose them."""

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


def works_on(technique_id: str, board: Geometry) -> bool:
    """Whether the technique's finder works on `board`: the board offers what the technique needs
    (Technique.needs; a unique solution is the puzzle's, proved by the engine), or each of its
    grids does (runs_per_grid), and its digits fit the engine's per-mask tables (every family
    takes its tables from the board in use, and each family's HOLDS_ON says on which boards its
    arguments hold)."""
    if board is CLASSIC:
        return True
    entry = BY_ID[technique_id]
    return board.size <= MAX_TABLE_SIZE and (entry.needs - {ONE_SOLUTION} <= board.features
                                             or runs_per_grid(technique_id, board))


def grid_board(board: Geometry) -> Geometry:
    """The regular board each grid of `board` is (a Samurai's: the classic board)."""
    return regular(board.box_height, board.box_width)


def runs_per_grid(technique_id: str, board: Geometry) -> bool:
    """Whether the technique runs on each grid of `board` alone (engine/grids.py): the board is
    made of grids (EACH_GRID) and the technique needs what each grid offers but the whole board
    does not (the fish's row and column tables, a uniqueness swap within one grid's units)."""
    if EACH_GRID not in board.features:
        return False
    needs = BY_ID[technique_id].needs - {ONE_SOLUTION}
    return not needs <= board.features and needs <= grid_board(board).features


def on_ladder_of(technique_id: str, board: Geometry) -> bool:
    """Whether the technique is on `board`'s ladder: it works there and, for a subset or a fish, by
    the complement rule: on a board of n digits a naked set of k cells is a hidden set of the
    unit's other n - k cells (and the other way round), and a fish of k rows one of n - k columns,
    so sizes up to n/2 are enough (4x4: pairs and X-Wings; 6x6: triples and swordfish too; 8x8
    and up: quads and jellyfish too)."""
    return works_on(technique_id, board) and 2 * BY_ID[technique_id].set_size <= board.size


def technique(technique_id: str) -> Technique:
    """The registry entry for an id.

    :raises UnknownTechniqueError: naming the known ids, for an unknown id (or one that is not a
        string at all).
    """
    try:
        return BY_ID[technique_id]
    except (KeyError, TypeError):  # TypeError: an unhashable "id", such as a list
        raise UnknownTechniqueError(technique_id, tuple(BY_ID)) from None


def band(level: float) -> str:
    """The band name of a level on the 0-6 scale."""
    name = BANDS[0][1]
    for floor, band_name in BANDS:
        if level >= floor:
            name = band_name
    return name
