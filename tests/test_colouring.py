"""Colouring: simple colours (trap, wrap) and multi colours, on hand-made and real positions."""

import time

import pytest

import tutor
from tutor.engine.techniques.colouring import clusters, multi_colors, simple_colors
from tutor.engine.registry import CARD_LADDER, technique
from tutor.engine.walk import Walk, advance, ladder
from tutor.model.geometry import UNITS, cell_name, unit_name, cells_name, digit_cell_sets, parse_cell_name as cell
from tutor.model.grid import Grid
from conftest import fact_line_problems, read_lines, shared_file

ROW, COLUMN, BOX = 0, 9, 18


def only_in(grid: Grid, digit: int, unit: int, keep) -> Grid:
    """Leave `digit` in `unit` only in the cells named in `keep`."""
    kept = {cell(name) for name in keep}
    return grid.eliminate((c, digit) for c in UNITS[unit] if c not in kept)


def named(pairs):
    return {(cell_name(c), d) for c, d in pairs}


def trap_grid() -> Grid:
    """5s: r1c1 = r1c5 (row 1) = r4c5 (column 5) = r4c2 (row 4): A r1c1, r4c5; B r1c5, r4c2."""
    grid = only_in(Grid.empty(), 5, ROW + 0, ["r1c1", "r1c5"])
    grid = only_in(grid, 5, COLUMN + 4, ["r1c5", "r4c5"])
    return only_in(grid, 5, ROW + 3, ["r4c5", "r4c2"])


def test_trap_removes_the_digit_from_cells_seeing_both_colours():
    found = list(simple_colors(trap_grid().values, trap_grid().masks))
    assert len(found) == 1
    step = found[0]
    # r1c1 (A) and r4c2 (B) are both seen by r2c2, r3c2 (box 1, column 2) and r5c1, r6c1 (column 1, box 4).
    assert named(step.eliminations) == {("r2c2", 5), ("r3c2", 5), ("r5c1", 5), ("r6c1", 5)}
    assert set(map(cell_name, step.role("colour_a"))) == {"r1c1", "r4c5"}
    assert set(map(cell_name, step.role("colour_b"))) == {"r1c5", "r4c2"}
    assert step.role("clash") == ()
    assert str(step) == "Simple colours: 5 (r1c1,r4c5)/(r1c5,r4c2) => r2c2<>5, r3c2<>5, r5c1<>5, r6c1<>5"
    assert step.nudge.startswith("Look for simple colours on the 5s")
    assert "r2c2, r3c2, r5c1 and r6c1 each see both colours" in step.pattern
    full = step.explanation
    lines = full.split("\n")
    # One strong link a line, each end with its colour; then the colours, the cells seeing both
    # colours, and the removal, each on its own line.
    for link in ("  row 1 has its 5 only in r1c1 (A) or r1c5 (B)",
                 "  column 5 has its 5 only in r1c5 (B) or r4c5 (A)",
                 "  row 4 has its 5 only in r4c5 (A) or r4c2 (B)",
                 "  colour A: r1c1 and r4c5", "  colour B: r1c5 and r4c2",
                 "  r2c2, r3c2, r5c1 and r6c1 see r1c1 (A) and r4c2 (B)",
                 "Remove 5 from r2c2, r3c2, r5c1 and r6c1."):
        assert link in lines, full
    assert not fact_line_problems(full), fact_line_problems(full)


def test_smaller_chains_come_first():
    # A one-link chain of 3s (row 1 only r1c1, r1c2: box 1 sees both) beside the 5s' three links.
    grid = trap_grid().eliminate((c, 3) for c in UNITS[ROW + 0] if c not in (cell("r1c1"), cell("r1c2")))
    found = list(simple_colors(grid.values, grid.masks))
    assert [s.digits for s in found] == [(3,), (5,)]
    assert "In that unit exactly one" in found[0].explanation


def test_no_trap_when_a_link_has_a_third_place():
    grid = only_in(Grid.empty(), 5, ROW + 0, ["r1c1", "r1c5"])
    grid = only_in(grid, 5, COLUMN + 4, ["r1c5", "r4c5"])
    grid = only_in(grid, 5, ROW + 3, ["r4c5", "r4c2", "r4c8"])  # row 4 is no longer a pair
    assert list(simple_colors(grid.values, grid.masks)) == []
    assert list(multi_colors(grid.values, grid.masks)) == []


def test_no_colouring_on_an_empty_grid():
    grid = Grid.empty()
    assert list(simple_colors(grid.values, grid.masks)) == []
    assert list(multi_colors(grid.values, grid.masks)) == []


def test_wrap_removes_the_colour_that_sees_itself():
    # Close the trap's chain: column 2 holds 5 only in r4c2 (B) and r2c2, so r2c2 is A, and it
    # shares box 1 with r1c1, also A.
    grid = only_in(trap_grid(), 5, COLUMN + 1, ["r4c2", "r2c2"])
    wraps = [s for s in simple_colors(grid.values, grid.masks) if s.role("clash")]
    assert len(wraps) == 1
    assert named(wraps[0].eliminations) == {("r1c1", 5), ("r4c5", 5), ("r2c2", 5)}
    assert set(map(cell_name, wraps[0].role("clash"))) == {"r1c1", "r2c2"}
    assert "box 1" in wraps[0].explanation


def test_clusters_split_into_two_alternating_colours():
    grid = trap_grid()
    found = clusters(digit_cell_sets(grid.masks)[5])
    assert len(found) == 1
    assert found[0].colour_a == 1 << cell("r1c1") | 1 << cell("r4c5")
    assert found[0].colour_b == 1 << cell("r1c5") | 1 << cell("r4c2")
    assert len(found[0].links) == 3


def bridge_grid() -> Grid:
    """8s: row 1 only r1c1 (A) and r1c5 (B); column 2 only r3c2 (C) and r7c2 (D); r1c1 sees r3c2."""
    grid = only_in(Grid.empty(), 8, ROW + 0, ["r1c1", "r1c5"])
    return only_in(grid, 8, COLUMN + 1, ["r3c2", "r7c2"])


def test_multi_colours_bridge():
    grid = bridge_grid()
    found = list(multi_colors(grid.values, grid.masks))
    assert len(found) == 1
    step = found[0]
    # r1c1 (A) sees r3c2 (C): B (r1c5) or D (r7c2) holds the 8, and r7c5 sees both.
    assert named(step.eliminations) == {("r7c5", 8)}
    assert [cell_name(c) for c in step.role("bridges")] == ["r1c1", "r3c2"]
    assert "r7c5 sees r1c5 (B) and r7c2 (D)" in step.explanation
    assert list(simple_colors(grid.values, grid.masks)) == []


def test_no_multi_colours_when_the_chains_do_not_touch():
    grid = only_in(Grid.empty(), 8, ROW + 0, ["r1c1", "r1c5"])
    grid = only_in(grid, 8, COLUMN + 8, ["r5c9", "r8c9"])  # sees neither r1c1 nor r1c5
    assert list(multi_colors(grid.values, grid.masks)) == []


def test_multi_colours_wrap():
    # r1c1 (A) sees both r2c2 (C) and r3c2 (D) in box 1: one of C and D holds the 8, so A is false.
    grid = only_in(Grid.empty(), 8, ROW + 0, ["r1c1", "r1c5"])
    grid = only_in(grid, 8, COLUMN + 1, ["r2c2", "r3c2"])
    found = list(multi_colors(grid.values, grid.masks))
    wraps = [s for s in found if s.role("wrap")]
    assert len(wraps) == 1
    assert named(wraps[0].eliminations) == {("r1c1", 8)}
    assert [cell_name(c) for c in wraps[0].role("colour_a")] == ["r1c1"]
    bridges = [s for s in found if s.role("bridges")]
    assert len(bridges) == 1
    assert {("r2c5", 8), ("r3c5", 8), ("r2c4", 8), ("r3c6", 8)} <= named(bridges[0].eliminations)


def assert_texts(step):
    for text in (step.nudge, step.pattern, step.explanation, str(step)):
        assert text and "{" not in text
    full = step.explanation
    for c in step.eliminated_cells:
        assert cell_name(c) in full, (cell_name(c), full)
    # Ends with what goes, then how one could have spotted it.
    assert full.split("\n")[-2].endswith(f"{cells_name(step.eliminated_cells)}."), full
    assert full.split("\n")[-1].startswith("To spot it: "), full
    assert not fact_line_problems(full) and not fact_line_problems(step.pattern), full
    # Each strong link on its own line, naming its unit, the digit and both cells with colours.
    d = step.digits[0]
    for (a, b), unit in zip(zip(*[iter(step.role("links"))] * 2), step.role("link_units")):
        assert any(line.startswith(f"  {unit_name(unit)} has its {d} only in {cell_name(a)} (")
                   and f" or {cell_name(b)} (" in line for line in full.split("\n")), full
    assert str(step.digits[0]) in step.nudge


def test_every_hint_level_renders_on_the_hand_made_positions():
    grids = [trap_grid(), only_in(trap_grid(), 5, COLUMN + 1, ["r4c2", "r2c2"]), bridge_grid()]
    seen = 0
    for grid in grids:
        for technique_id in ("simple_colors", "multi_colors"):
            for step in tutor.find_steps(grid, technique_id):
                assert_texts(step)
                assert step.rating == technique(technique_id).rating
                seen += 1
    assert seen >= 3


def test_registry_rows():
    simple, multi = technique("simple_colors"), technique("multi_colors")
    assert (simple.level, multi.level) == (None, None)
    assert simple.order < multi.order < technique("backtracking").order
    assert (simple.rating, multi.rating) == (4.5, 5.0)
    assert "simple_colors" not in CARD_LADDER and "multi_colors" not in CARD_LADDER


# --- Real puzzles: stuck positions of the basic ladder --------------------------------------

def stuck_positions(lines):
    """(values, masks, solution) wherever the basic ladder stops; after each, the first colouring
    step is made and the walk goes on, so one puzzle can give several positions."""
    basic = ladder(CARD_LADDER)
    for line in lines:
        grid = tutor.parse(line)
        solution = tutor.solve(grid).values
        walk = Walk(grid.values, grid.masks)
        while not advance(walk, basic, [], None, None, prefer=False):
            yield walk.values[:], walk.masks[:], solution
            step = next(simple_colors(walk.values, walk.masks), None) or next(
                multi_colors(walk.values, walk.masks), None)
            if step is None or any(solution[c] == d for c, d in step.eliminations):
                break  # stuck for good (an unsound step is reported by the sweep)
            walk.apply(step)


def sweep(lines):
    positions = steps_checked = 0
    problems = []
    slowest = 0.0
    for values, masks, solution in stuck_positions(lines):
        positions += 1
        for finder in (simple_colors, multi_colors):
            start = time.perf_counter()
            found = list(finder(values, masks))
            slowest = max(slowest, time.perf_counter() - start)
            for step in found:
                steps_checked += 1
                assert step.eliminations and not step.placements
                assert_texts(step)
                for c, d in step.eliminations:
                    if solution[c] == d:
                        problems.append(f"{step}: removes the solution {d} of {cell_name(c)}")
                    if not masks[c] >> (d - 1) & 1:
                        problems.append(f"{step}: {d} is not a candidate of {cell_name(c)}")
    return positions, steps_checked, problems, slowest


SOUNDNESS_SETS = [
    ("top1465/top1465.sdm", 400),
    ("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", 150),
    ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 150),
]


@pytest.mark.parametrize("relative, count", SOUNDNESS_SETS)
def test_colouring_is_sound_on_real_stuck_positions(relative, count):
    lines = [l.split()[0] for l in read_lines(shared_file(relative), count)]
    positions, steps_checked, problems, slowest = sweep(lines)
    print(f"{relative}: {positions} stuck positions, {steps_checked} steps, slowest call {slowest * 1000:.1f} ms")
    assert positions > 20 and steps_checked > 20
    assert not problems, problems[:5]


FULL_SETS = [
    ("top1465/top1465.sdm", None),
    ("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", None),
    ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", None),
    ("forum-hardest/HardestDatabase110626.txt", None),
]


@pytest.mark.slow
@pytest.mark.parametrize("relative, count", FULL_SETS)
def test_colouring_is_sound_on_whole_sets(relative, count):
    fields = (l.replace(",", " ").split()[0] for l in read_lines(shared_file(relative), count))
    lines = [f for f in fields if len(f) == 81]  # the forum list opens with a title line
    positions, steps_checked, problems, slowest = sweep(lines)
    print(f"{relative}: {positions} stuck positions, {steps_checked} steps, slowest call {slowest * 1000:.1f} ms")
    assert positions > 0
    assert not problems, problems[:5]
