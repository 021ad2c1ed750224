"""Fish (X-Wing, swordfish, jellyfish; finned and sashimi): where they fire and where not, on
hand-made pictures, real puzzles, HoDoKu's and SudokuWiki's cases, and soundness sweeps."""

import json
from functools import partial

import pytest

import tutor
from tutor.engine.techniques import fish
from tutor.engine.engine import solution_values
from tutor.engine.registry import CARD_LADDER
from tutor.engine.walk import Walk, advance, ladder
from tutor.model.geometry import cell_name, parse_cell_name as cell
from tutor.model.grid import Grid
from conftest import read_lines, shared_file

FISH = ("x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish", "finned_jellyfish")


def picture(digit: int, text: str) -> Grid:
    """An empty grid where `digit` stays a candidate only in the cells marked 'x' of a 9x9 picture
    (one row per line); every other digit stays everywhere."""
    marks = "".join(text.split())
    assert len(marks) == 81
    return Grid.empty().eliminate((c, digit) for c, mark in enumerate(marks) if mark != "x")


def transposed(text: str) -> str:
    """The picture mirrored on the main diagonal: rows become columns."""
    rows = text.split()
    return "\n".join("".join(row[c] for row in rows) for c in range(9))


def cells(*names) -> set:
    return {cell(n) for n in names}


def column_cells(column: int, except_rows=()) -> set:
    return {cell(f"r{r}c{column}") for r in range(1, 10) if r not in except_rows}


def row_cells(row: int, except_columns=()) -> set:
    return {cell(f"r{row}c{c}") for c in range(1, 10) if c not in except_columns}


def only(grid: Grid, technique: str):
    found = tutor.find_steps(grid, technique)
    assert len(found) == 1, [str(s) for s in found]
    return found[0]


# Rows 2 and 6 hold the 7 only in columns 3 and 8; columns 3 and 8 hold it everywhere.
X_WING = """
xxxxxxxxx
..x....x.
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
..x....x.
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
"""


def test_x_wing_on_rows_and_on_columns():
    step = only(picture(7, X_WING), "x_wing")
    expected = (column_cells(3, (2, 6)) | column_cells(8, (2, 6)))
    assert set(step.eliminations) == {(c, 7) for c in expected}
    assert step.role("base_units") == (1, 5) and step.role("cover_units") == (11, 16)
    assert step.role("fins") == ()
    assert set(step.cells) == cells("r2c3", "r2c8", "r6c3", "r6c8")
    assert str(step) == "X-Wing: 7 r26 c38 => " + step.changes
    assert "rows 2 and 6" in step.nudge and "7" in step.nudge
    assert "columns 3 and 8" in step.pattern

    turned = only(picture(7, transposed(X_WING)), "x_wing")
    assert turned.role("base_units") == (10, 14) and turned.role("cover_units") == (2, 7)
    assert set(turned.eliminations) == {(c, 7) for c in row_cells(3, (2, 6)) | row_cells(8, (2, 6))}
    assert tutor.find_steps(picture(7, X_WING), "finned_x_wing") == []


def test_no_x_wing_when_a_row_has_a_third_place_or_nothing_to_remove():
    broken = X_WING.replace("..x....x.\nxxxxxxxxx\nxxxxxxxxx\nxxxxxxxxx\n..x....x.",
                            "..x....x.\nxxxxxxxxx\nxxxxxxxxx\nxxxxxxxxx\n..x.x..x.")
    assert broken != X_WING
    assert tutor.find_steps(picture(7, broken), "x_wing") == []
    # The third place r6c5 is a fin, but box 5 holds no cell of columns 3 or 8: nothing to remove.
    assert tutor.find_steps(picture(7, broken), "finned_x_wing") == []
    bare = """
    ..x....x.
    ..x....x.
    xx.xxxx.x
    xx.xxxx.x
    xx.xxxx.x
    xx.xxxx.x
    xx.xxxx.x
    xx.xxxx.x
    xx.xxxx.x
    """
    # Columns 3 and 8 hold the 7 only in rows 1 and 2: an X-Wing from the columns with nothing
    # to remove (rows 1 and 2 have no other 7), and rows 1 and 2 as base remove nothing either.
    assert tutor.find_steps(picture(7, bare), "x_wing") == []


FINNED_X_WING = """
xxxxxxxxx
..x....x.
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
..x....xx
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
"""


def test_finned_x_wing_removes_only_cells_that_see_the_fin():
    grid = picture(7, FINNED_X_WING)
    assert tutor.find_steps(grid, "x_wing") == []
    step = only(grid, "finned_x_wing")
    assert set(step.eliminations) == {(cell("r4c8"), 7), (cell("r5c8"), 7)}
    assert step.role("fins") == (cell("r6c9"),)
    assert step.role("base_units") == (1, 5) and step.role("cover_units") == (11, 16)
    assert not fish.is_sashimi(step)
    assert "finned X-Wing" in step.nudge and "sashimi" not in step.explanation
    assert "the fin r6c9 in box 6" in step.pattern
    turned = only(picture(7, transposed(FINNED_X_WING)), "finned_x_wing")
    assert set(turned.eliminations) == {(cell("r8c4"), 7), (cell("r8c5"), 7)}
    assert turned.role("fins") == (cell("r9c6"),)
    # A second fin r6c1 in box 4: the fins no longer share a box, so no cell sees them all.
    two_boxes = picture(7, FINNED_X_WING).with_candidates(cell("r6c1"), range(1, 10))
    assert tutor.find_steps(two_boxes, "finned_x_wing") == []


SASHIMI_X_WING = """
xxxxxxxxx
..x....x.
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
..x...x.x
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
"""


def test_sashimi_x_wing_is_a_finned_x_wing_that_says_so():
    grid = picture(7, SASHIMI_X_WING)
    step = only(grid, "finned_x_wing")
    assert set(step.eliminations) == {(cell("r4c8"), 7), (cell("r5c8"), 7)}
    assert step.role("fins") == (cell("r6c7"), cell("r6c9"))
    assert fish.is_sashimi(step)
    assert str(step).startswith("Sashimi X-Wing: 7 r26 c38 fin r6c7,r6c9")
    assert "sashimi X-Wing" in step.nudge
    assert "row 6 would have only one place" in step.pattern
    assert "sashimi" in step.explanation


# Columns 1, 5 and 9 hold the 4 only in rows 2, 5 and 8, two places each, no two columns alike.
SWORDFISH = transposed("""
.x..x....
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
....x..x.
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
.x.....x.
""")


def test_swordfish_from_columns():
    grid = picture(4, SWORDFISH)
    assert tutor.find_steps(grid, "x_wing") == []
    step = only(grid, "swordfish")
    assert step.role("base_units") == (9, 13, 17) and step.role("cover_units") == (1, 4, 7)
    expected = row_cells(2, (1, 5, 9)) | row_cells(5, (1, 5, 9)) | row_cells(8, (1, 5, 9))
    assert set(step.eliminations) == {(c, 4) for c in expected}
    assert "columns 1, 5 and 9" in step.nudge and "rows 2, 5 and 8" in step.pattern
    assert tutor.find_steps(grid, "finned_swordfish") == []


# The 6 is placed in rows 3, 6, 9 and columns 3, 6, 9. Rows 1, 4, 7 hold it in columns 1, 4, 7
# (a swordfish), so columns 2, 5, 8 hold it only in rows 2, 5, 8: the same fish seen from the
# columns, with the same removals.
TWO_SIDED = """
x..x.....
xx.xx.xx.
.........
...x..x..
xx.xx.xx.
.........
x.....x..
xx.xx.xx.
.........
"""


def test_a_fish_seen_from_rows_and_from_columns_is_one_step():
    step = only(picture(6, TWO_SIDED), "swordfish")
    assert step.role("base_units") == (0, 3, 6)
    assert set(step.eliminations) == {(cell(f"r{r}c{c}"), 6) for r in (2, 5, 8) for c in (1, 4, 7)}
    assert only(picture(6, transposed(TWO_SIDED)), "swordfish").eliminations == tuple(sorted(
        (cell(f"r{r}c{c}"), 6) for r in (1, 4, 7) for c in (2, 5, 8)))


def test_finned_swordfish():
    finned = picture(4, SWORDFISH).with_candidates(cell("r3c9"), range(1, 10))
    assert tutor.find_steps(finned, "swordfish") == []
    step = only(finned, "finned_swordfish")
    assert step.role("fins") == (cell("r3c9"),)
    assert set(step.eliminations) == {(cell("r2c7"), 4), (cell("r2c8"), 4)}
    assert not fish.is_sashimi(step)


# Rows 1, 3, 7 and 9 hold the 9 in columns 2, 4, 6 and 8 as a ring: no smaller fish inside.
JELLYFISH = """
.x.x.....
xxxxxxxxx
...x.x...
xxxxxxxxx
xxxxxxxxx
xxxxxxxxx
.....x.x.
xxxxxxxxx
.x.....x.
"""


def test_jellyfish_and_its_finned_form():
    grid = picture(9, JELLYFISH)
    assert tutor.find_steps(grid, "x_wing") == tutor.find_steps(grid, "swordfish") == []
    step = only(grid, "jellyfish")
    assert step.role("base_units") == (0, 2, 6, 8) and step.role("cover_units") == (10, 12, 14, 16)
    expected = set().union(*(column_cells(c, (1, 3, 7, 9)) for c in (2, 4, 6, 8)))
    assert set(step.eliminations) == {(c, 9) for c in expected}
    assert "rows 1, 3, 7 and 9" in step.nudge

    finned = grid.with_candidates(cell("r9c9"), range(1, 10))
    assert tutor.find_steps(finned, "jellyfish") == []
    # The new place r9c9 is a fin of the jellyfish; it also lets rows 1 and 3 (or 7 and 9) lean
    # on fins of their own, which makes sashimi jellyfish with other cover columns.
    found = tutor.find_steps(finned, "finned_jellyfish")
    plain = [s for s in found if not fish.is_sashimi(s)]
    assert len(plain) == 1 and plain[0].role("fins") == (cell("r9c9"),)
    assert set(plain[0].eliminations) == {(cell("r8c8"), 9)}
    assert {str(s) for s in found if fish.is_sashimi(s)} == {
        "Sashimi jellyfish: 9 r1379 c2689 fin r1c4,r3c4 => r2c6<>9",
        "Sashimi jellyfish: 9 r1379 c2469 fin r7c8,r9c8 => r8c9<>9"}
    turned_grid = picture(9, transposed(JELLYFISH)).with_candidates(cell("r9c9"), range(1, 10))
    turned = tutor.find_steps(turned_grid, "finned_jellyfish")
    plain = [s for s in turned if not fish.is_sashimi(s)]
    assert len(turned) == 3 and len(plain) == 1
    assert set(plain[0].eliminations) == {(cell("r8c8"), 9)}
    assert plain[0].role("base_units") == (9, 11, 15, 17)


# Real puzzles (public-domain Sudoku Exchange bank, SE-rated "hard"): walked with the ladder
# until stuck, then exactly one instance, checked against the solution.
REAL = [
    ("x_wing",
     "108500406000070900530004007001060008090408070800050600700100069006080000904006205",
     "X-Wing: 1 c57 r35 => r3c8<>1, r5c9<>1"),
    ("swordfish",
     "045900000000710205020003009008301026010000050360805100200100030801057000000009510",
     "Swordfish: 6 r258 c468 => r1c6<>6, r7c6<>6"),
    ("finned_x_wing",
     "024000650100000007008010900000000000260090083080501070600903008002854700000070000",
     "Finned X-Wing: 5 r57 c37 fin r7c2 => r9c3<>5"),
]


def stuck(grid: Grid) -> Walk | None:
    """The position where the ladder's techniques get stuck, or None when they solve the puzzle."""
    walk = Walk(grid.values, grid.masks)
    return None if advance(walk, ladder(CARD_LADDER), [], None, None, prefer=False) else walk


@pytest.mark.parametrize("technique, line, expected", REAL)
def test_real_stuck_positions(technique, line, expected):
    grid = tutor.parse(line)
    walk = stuck(grid)
    step = only(Grid(walk.values, grid.givens, walk.masks), technique)
    assert str(step) == expected
    solution = solution_values(grid)
    assert all(solution[c] != d for c, d in step.eliminations)


def test_registry_rows():
    for technique_id, rating in zip(FISH, (3.2, 3.8, 5.2, 3.4, 4.0, 5.4)):
        entry = tutor.engine.technique(technique_id)
        assert entry.rating == rating and not entry.on_ladder and entry.family == "fish"
        assert technique_id not in CARD_LADDER


# HoDoKu's regression library: the fish codes, every case (see test_reglib.py for the protocol).
FISH_CODES = {
    "0300": ("x_wing", None), "0301": ("swordfish", None), "0302": ("jellyfish", None),
    "0310": ("finned_x_wing", False), "0311": ("finned_swordfish", False),
    "0312": ("finned_jellyfish", False),
    "0320": ("finned_x_wing", True), "0321": ("finned_swordfish", True),
    "0322": ("finned_jellyfish", True),
}


def reglib_cases():
    path = shared_file("reglib/reglib-1.3.parsed.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines()]
    return [c for c in cases if not c["disabled"] and c["code"] in FISH_CODES]


def reglib_grid(case) -> Grid:
    values = [int(ch) if ch.isdigit() else 0 for ch in case["grid"]]
    givens = [c for c, ch in enumerate(case["givens"]) if ch.isdigit() and ch != "0"]
    masks = [sum(1 << (int(ch) - 1) for ch in pm) for pm in case["pencilmarks"]]
    return Grid(values, givens, masks)


def test_reglib_fish_cases_all_pass():
    cases = reglib_cases()
    assert len(cases) == 90
    failures = []
    for case in cases:
        technique, sashimi = FISH_CODES[case["code"]]
        steps = [s for s in tutor.find_steps(reglib_grid(case), technique)
                 if s.digits == (int(case["candidates"]),)
                 and (sashimi is None or fish.is_sashimi(s) == sashimi)]
        expected = {(cell(f"r{r}c{c}"), d) for d, r, c in case["eliminations"]}
        if not steps or any(set(s.eliminations) != expected for s in steps):
            failures.append(f"line {case['line']} {case['code']}")
        for s in steps:
            rendered(s)
    assert not failures, failures


def rendered(step) -> None:
    """Every hint level renders; the full hint names every cell that loses the digit."""
    nudge, pattern, full = step.nudge, step.pattern, step.explanation
    assert nudge and pattern and full and str(step)
    assert str(step.digits[0]) in nudge
    for c, _ in step.eliminations:
        assert cell_name(c) in full, (str(step), full)
    for fin in step.role("fins"):
        assert cell_name(fin) in pattern and cell_name(fin) in full
    assert "a X" not in full and "a 8" not in full


SUDOKUWIKI = {"xWing": "x_wing", "swordfish": "swordfish", "jellyfish": "jellyfish",
              "finnedXWing": "finned_x_wing", "finnedSwordfish": "finned_swordfish"}


def test_sudokuwiki_fish_fixtures_are_found_completely():
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    cases = [c for c in cases if c["technique_fn"] in SUDOKUWIKI]
    assert len(cases) == 28
    failures = []
    for case in cases:
        grid = tutor.parse(case["board"])
        found = set()
        for step in tutor.find_steps(grid, SUDOKUWIKI[case["technique_fn"]]):
            found |= set(step.eliminations)
            rendered(step)
        expected = {(item["row"] * 9 + item["col"], d) for item in case["expected"]
                    for d in item["digits"]}
        if found != expected:
            failures.append(f"{case['technique_fn']} {case['test']}")
    assert not failures, failures


def sweep(lines, rounds=30):
    """Walk each puzzle with the ladder until stuck, check every fish step against the solution,
    make the first fish step and carry on. Returns (positions, steps, problems)."""
    positions = checked = 0
    problems = []
    for line in lines:
        grid = tutor.parse(line.split()[0])
        solution = solution_values(grid)
        walk = Walk(grid.values, grid.masks)
        for _ in range(rounds):
            if advance(walk, ladder(CARD_LADDER), [], None, None, prefer=False):
                break
            positions += 1
            first = None
            for technique in FISH:
                steps = list(tutor.engine.technique(technique).finder(walk.values, walk.masks))
                removals = [s.eliminations for s in steps]
                if len(set(removals)) != len(removals):
                    problems.append(f"{line}: {technique} yields the same removals twice")
                for step in steps:
                    checked += 1
                    if not step.eliminations or step.placements:
                        problems.append(f"{line}: {step} removes nothing")
                    for c, d in step.eliminations:
                        where = cell_name(c)
                        if solution[c] == d:
                            problems.append(f"{line}: {step} removes the solution {d} of {where}")
                        if not walk.masks[c] >> (d - 1) & 1:
                            problems.append(f"{line}: {step} removes a missing {d} from {where}")
                    rendered(step)
                first = first or (steps[0] if steps else None)
            if first is None:
                break
            walk.apply(first)
    return positions, checked, problems


SOUNDNESS = [
    ("top1465/top1465.sdm", 300),
    ("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", 150),
    ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 150),
]


@pytest.mark.parametrize("relative, count", SOUNDNESS)
def test_fish_steps_are_sound_on_real_puzzles(relative, count):
    positions, checked, problems = sweep(read_lines(shared_file(relative), count))
    assert positions > 50 and checked > 100, (positions, checked)
    assert not problems, problems[:5]


@pytest.mark.slow
@pytest.mark.parametrize("relative", [
    "top1465/top1465.sdm",
    "se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt",
    "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt",
    "forum-hardest/HardestDatabase110626.txt",
])
def test_fish_steps_are_sound_on_whole_sets(relative):
    lines = [line.split(",")[0] for line in read_lines(shared_file(relative))]
    positions, checked, problems = sweep([line for line in lines if len(line.split()[0]) == 81])
    print(relative, "positions", positions, "steps", checked)
    assert positions > 100 and not problems, problems[:5]


def _triple_with_close_lines(line_masks, lines, _, orientation, tables, band_stacks):
    return fish._triple_fin_bands(lines, line_masks, orientation, tables, band_stacks,
                                  fish._close(line_masks))


def test_the_two_and_three_line_fin_searches_find_what_the_general_one_finds():
    # Finned X-Wings and swordfish have their own searches for speed (pairs tried band by band,
    # triples from the lines a fin band can hold): on any lines they must list the same bases,
    # bands and places, in the same order, as the general search of every size.
    import random

    rng = random.Random(15)
    compared = found = 0
    for _ in range(3000):
        density = rng.choice((2, 3, 4))
        line_masks = [sum(1 << j for j in range(9) if rng.randrange(9) < density)
                      for _ in range(9)]
        for orientation in (0, 1):
            triple = partial(_triple_with_close_lines, line_masks)
            for size, special in ((2, fish._pair_fin_bands), (3, triple)):
                tables = fish._fin_tables(orientation, size)
                lines = [i for i in range(9) if tables[0][line_masks[i]]]
                if len(lines) < size:
                    continue
                band_stacks = [rng.choice((7, 7, rng.randrange(8))) for _ in range(3)]
                general = fish._fin_bands(lines, line_masks, size, orientation, tables,
                                          band_stacks)
                assert special(lines, line_masks, orientation, tables, band_stacks) == general, (
                    line_masks, size, band_stacks)
                compared += 1
                found += bool(general)
    assert compared > 3000 and found > 500


def test_fin_boxes_are_the_boxes_with_places_in_two_rows_and_two_columns():
    # A fin box holds a fin and a place to remove on two lines of each kind: the finned searches
    # of three and four lines look only in boxes with places in two rows and in two columns.
    import random

    from tutor.engine.places import masks_by_unit

    rng = random.Random(16)
    for _ in range(2000):
        density = rng.choice((0.15, 0.25, 0.4))
        places = sum(1 << c for c in range(81) if rng.random() < density)
        expected = [[0, 0, 0], [0, 0, 0]]
        for band in range(3):
            for stack in range(3):
                cells = [(r, c) for r in range(3 * band, 3 * band + 3)
                         for c in range(3 * stack, 3 * stack + 3) if places >> 9 * r + c & 1]
                if len({r for r, _ in cells}) >= 2 and len({c for _, c in cells}) >= 2:
                    expected[0][band] |= 1 << stack  # rows as base: bands of rows
                    expected[1][stack] |= 1 << band  # columns as base: bands of columns
        found = fish._fin_boxes(masks_by_unit(places)[:2])
        if found is None:
            assert expected == [[0, 0, 0], [0, 0, 0]]
        else:
            assert [list(f) for f in found] == expected


def test_finned_searches_find_what_the_general_search_finds_in_every_box():
    # The finned searches skip bases and boxes that cannot make a step (the two- and three-line
    # searches of their own, the boxes without places in two rows and two columns): on random
    # places of one digit they must yield exactly the steps of the general search tried in every
    # box, in the same order.
    import random

    from tutor.engine.places import masks_by_unit

    rng = random.Random(17)
    steps = 0
    for _ in range(1500):
        density = rng.choice((0.2, 0.3, 0.4))
        places = sum(1 << c for c in range(81) if rng.random() < density)
        both = masks_by_unit(places)[:2]
        for size in (2, 3, 4):
            tables = (fish._fin_tables(0, size), fish._fin_tables(1, size))
            boxes = []
            for orientation in (0, 1):
                line_masks = both[orientation]
                lines = [i for i in range(9) if tables[orientation][0][line_masks[i]]]
                boxes.append(fish._fin_bands(lines, line_masks, size, orientation,
                                             tables[orientation],
                                             fish._tables().any_box[orientation])
                             if len(lines) >= size else [])
            general = list(fish._finned_steps(size, tables, 5, both, boxes, fish._tables()))
            assert list(fish._finned_digit(size, tables, 5, places)) == general, (places, size)
            steps += len(general)
    assert steps > 300


def test_swordfish_bases_read_off_the_close_lines_are_the_general_ones():
    # The swordfish's bases come with the pairs of close lines the finned swordfish reads (lines
    # of one place included there, left out of the bases): they must be the general search's.
    import random

    rng = random.Random(18)
    found = 0
    for _ in range(3000):
        line_masks = [sum(1 << j for j in rng.sample(range(9), rng.choice((1, 2, 2, 3, 3, 4))))
                      for _ in range(9)]
        base_line = fish._tables().base_line[3]
        lines = [i for i in range(9) if base_line[line_masks[i]]]
        popcount = fish._tables().popcount
        general = fish._bases(lines, line_masks, 3, popcount) if len(lines) >= 3 else []
        assert list(fish._close(line_masks)[2]) == general, line_masks
        found += bool(general)
    assert found > 100
