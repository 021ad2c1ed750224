"""Each finder on hand-made positions: it fires where the pattern is, and not where it is broken."""

import tutor
from tutor.engine import Step
from tutor.model.geometry import UNITS, parse_cell_name as cell
from tutor.model.grid import Grid


def without(grid: Grid, digit: int, cells) -> Grid:
    """Remove `digit` from the candidates of `cells`."""
    return grid.eliminate((c, digit) for c in cells)


def only_in(grid: Grid, digit: int, unit: int, keep) -> Grid:
    """Leave `digit` in `unit` only in the cells `keep`."""
    return without(grid, digit, [c for c in UNITS[unit] if c not in keep])


ROW, COLUMN, BOX = 0, 9, 18


def steps(grid, technique):
    return tutor.find_steps(grid, technique)


def test_naked_single_and_full_house():
    grid = Grid.empty().with_candidates(cell("r5c5"), [5])
    found = steps(grid, "naked_single")
    assert [(s.placements, s.units) for s in found] == [(((cell("r5c5"), 5),), ())]
    assert str(found[0]) == "Naked single: r5c5=5"
    solved = tutor.solve(tutor.parse(
        "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"))
    blank = max(c for c in range(81) if not solved.is_given(c))
    last = solved.clear(blank)
    house = steps(last, "naked_single")
    assert len(house) == 1 and house[0].units  # the last empty cell of its row: a full house
    assert "full house" in house[0].explanation


def test_no_naked_single_when_every_cell_has_two():
    assert steps(Grid.empty(), "naked_single") == []


def test_hidden_single_in_a_box():
    grid = only_in(Grid.empty(), 7, BOX + 4, [cell("r4c5")])
    found = steps(grid, "hidden_single")
    assert found[0].placements == ((cell("r4c5"), 7),) and found[0].units == (BOX + 4,)
    assert "box 5" in found[0].nudge
    broken = only_in(Grid.empty(), 7, BOX + 4, [cell("r4c5"), cell("r6c6")])
    assert steps(broken, "hidden_single") == []


def test_pointing_removes_from_the_rest_of_the_line():
    grid = only_in(Grid.empty(), 1, BOX + 7, [cell("r9c4"), cell("r9c5")])
    grid = without(grid, 1, [c for c in UNITS[ROW + 8] if c not in (cell("r9c3"), cell("r9c8"),
                                                                     cell("r9c4"), cell("r9c5"))])
    found = steps(grid, "pointing")
    ours = [s for s in found if s.units[0] == BOX + 7]
    assert len(ours) == 1
    assert set(ours[0].eliminations) == {(cell("r9c3"), 1), (cell("r9c8"), 1)}
    assert str(ours[0]) == "Pointing: 1 in box 8 => r9c3<>1, r9c8<>1"
    # Found on this grid, the explanation lists the two cells' candidates too.
    assert ("In box 8 the 1 can only go in r9c4 {1,2,3,4,5,6,7,8,9} or r9c5 {1,2,3,4,5,6,7,8,9}, "
            "both in row 9" in ours[0].explanation and "r9c3 and r9c8" in ours[0].explanation)
    spread = only_in(Grid.empty(), 1, BOX + 7, [cell("r9c4"), cell("r8c5")])
    assert not [s for s in steps(spread, "pointing") if s.units[0] == BOX + 7]


def test_claiming_removes_from_the_rest_of_the_box():
    grid = only_in(Grid.empty(), 4, ROW + 2, [cell("r3c1"), cell("r3c2")])
    found = [s for s in steps(grid, "claiming") if s.units[0] == ROW + 2]
    assert len(found) == 1
    box_rest = {c for c in UNITS[BOX] if c not in (cell("r3c1"), cell("r3c2"))} - set(UNITS[ROW + 2])
    assert set(found[0].eliminations) == {(c, 4) for c in box_rest}
    spread = only_in(Grid.empty(), 4, ROW + 2, [cell("r3c1"), cell("r3c5")])
    assert not [s for s in steps(spread, "claiming") if s.units[0] == ROW + 2]


def test_naked_pair_clears_every_shared_unit():
    grid = Grid.empty().with_candidates(cell("r1c1"), [1, 6]).with_candidates(cell("r1c2"), [1, 6])
    found = steps(grid, "naked_pair")
    assert len(found) == 1
    rest = (set(UNITS[ROW]) | set(UNITS[BOX])) - {cell("r1c1"), cell("r1c2")}
    assert set(found[0].eliminations) == {(c, d) for c in rest for d in (1, 6)}
    assert found[0].units == (ROW, BOX)
    broken = Grid.empty().with_candidates(cell("r1c1"), [1, 6]).with_candidates(cell("r1c2"), [1, 7])
    assert steps(broken, "naked_pair") == []


def test_naked_triple_where_no_cell_holds_all_three():
    cells = [cell("r5c1"), cell("r5c5"), cell("r5c9")]
    grid = Grid.empty()
    for c, digits in zip(cells, ([1, 2], [2, 3], [1, 3])):
        grid = grid.with_candidates(c, digits)
    found = steps(grid, "naked_triple")
    assert len(found) == 1 and found[0].digits == (1, 2, 3) and found[0].units == (ROW + 4,)
    assert set(found[0].eliminations) == {(c, d) for c in UNITS[ROW + 4] if c not in cells
                                          for d in (1, 2, 3)}
    four = grid.with_candidates(cell("r5c9"), [1, 4])
    assert steps(four, "naked_triple") == []


def test_hidden_pair_and_hidden_triple():
    pair = [cell("r1c4"), cell("r1c7")]
    grid = only_in(only_in(Grid.empty(), 3, ROW, pair), 8, ROW, pair)
    found = [s for s in steps(grid, "hidden_pair") if s.units == (ROW,)]
    assert len(found) == 1 and found[0].digits == (3, 8)
    assert set(found[0].eliminations) == {(c, d) for c in pair for d in (1, 2, 4, 5, 6, 7, 9)}
    leak = only_in(only_in(Grid.empty(), 3, ROW, pair + [cell("r1c9")]), 8, ROW, pair)
    assert not [s for s in steps(leak, "hidden_pair") if s.units == (ROW,)]

    triple = [cell("r9c1"), cell("r9c5"), cell("r9c9")]
    grid = Grid.empty()
    for d in (1, 2, 3):
        grid = only_in(grid, d, ROW + 8, triple)
    found = [s for s in steps(grid, "hidden_triple") if s.units == (ROW + 8,)]
    assert len(found) == 1 and found[0].cells == tuple(triple)
    assert "r9c1, r9c5 and r9c9" in Step(*found[0]).explanation  # as a plain Step, no candidates
    assert "r9c1 {1,2,3,4,5,6,7,8,9}, r9c5" in found[0].explanation


def test_quads_are_beyond_the_card_but_on_the_full_ladder():
    cells = [cell(f"r2c{k}") for k in (1, 3, 5, 7)]
    grid = Grid.empty()
    for c in cells:
        grid = grid.with_candidates(c, [1, 2, 3, 4])
    assert len(steps(grid, "naked_quad")) == 1
    assert "naked_quad" not in tutor.engine.CARD_LADDER
    assert "naked_quad" in tutor.engine.LADDER
    entry = tutor.engine.technique("naked_quad")
    assert not entry.on_ladder
