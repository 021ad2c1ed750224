"""Uniqueness family: unique rectangles (types 1-6), hidden rectangles and BUG+1.

Positions below were reached by this project's own basic ladder from top1465 puzzles (written with
Grid.to_compact); the synthetic ones are bare candidate grids built here.
"""

import json

import pytest

import tutor
from tutor.engine.registry import CARD_LADDER, TECHNIQUES, technique
from tutor.engine.techniques.uniqueness import (
    RECTANGLES, bug_plus_one, hidden_rectangles, unique_rectangle_rating, unique_rectangles,
)
from tutor.engine.walk import Walk, advance, ladder
from tutor.model.geometry import ALL_DIGITS, UNITS, cell_at, cell_name, mask_of, parse_cell_name
from tutor.model.grid import Grid
from conftest import read_lines, shared_file

FINDERS = {"unique_rectangle": unique_rectangles, "hidden_rectangle": hidden_rectangles,
           "bug_plus_one": bug_plus_one}

# (technique, type, position, corners, every change its steps of that type on those corners make)
POSITION_A = ("4{569}{1268}.3.....{359}{12}6..8...{3569}{268}.....1.{346}.{378}5{13678}{23}9{2378}.8{59}"
              "...6...7{59}2..{345}.....1+927{35}{35}5{12}3....4{29}9{12}+7{35}+4{35}{12}{68}{68}")
POSITION_B = ("8+19...3{57}{57}...7+51{24}{89}{89}5.+7{89}+3{89}{246}{16}{12}.7..+4..263{248}{12468}{68}9"
              "{2678}......1...4+3.6.2..{178}.4....8.5........{26}..")
POSITION_C = ("5{89}{89}6+13....2{16}.{47}.98+3+3{47}{47}{89}+2{89}1+6+5{68}1{34568}{458}9{45678}......3"
              "{47}..{19}67......{19}4....8.25.4..7...+3....{1259}+3{12569}.{47}.")
POSITION_D = ("+8+5+7...41+39.{14}3{1478}{148}+5..3.{14}{1478}5{148}....48..7...+7{39}.....52.1{369}{569}"
              "{236}{23569}+7{48}{48}6.{39}2..{13}{347}5{14}7{25}...8..{14}{38}{25}.9....")
POSITION_E = ("+38.{67}.{67}1+5+47.+514+82+3.4{26}+1{29}+3+5.+8{67}..+7...5+43+54..7.+6+18+8+364+51..{27}..+8"
              "+56+4+3...{279}+4.+1.8.5.53..2+4.1")
POSITION_BUG = ("+1+4+6.3+58.+2+8+5+3+62.+4..9+2+7+4+8163+5+7+6581+2+3+492+14.+6.+7+5+8+38+95+7+4+2..+4+9+8."
                "+561+2.+5+72+14.+9..63+1+2+9.5.+4")

FIRES = [
    ("unique_rectangle", 1, POSITION_A, "r8c2 r8c7 r9c2 r9c7", "r8c7<>1 r8c7<>2"),
    ("unique_rectangle", 2, POSITION_D, "r2c3 r2c6 r3c3 r3c6",
     "r2c5<>8 r3c4<>8 r5c6<>8 r7c6<>8 r9c6<>8"),
    ("unique_rectangle", 3, POSITION_D, "r2c3 r2c6 r3c3 r3c6", "r2c5<>8 r3c4<>8"),
    ("unique_rectangle", 4, POSITION_B, "r1c8 r1c9 r5c8 r5c9", "r5c8<>7 r5c9<>7"),
    ("unique_rectangle", 5, POSITION_E, "r6c8 r6c9 r7c8 r7c9", "r8c8<>9 r9c8<>9"),
    ("unique_rectangle", 6, POSITION_C, "r1c8 r1c9 r4c8 r4c9", "r1c8<>2 r4c9<>2"),
    ("hidden_rectangle", 1, POSITION_A, "r4c2 r4c3 r7c2 r7c3", "r4c3<>6"),
    ("hidden_rectangle", 2, POSITION_B, "r1c8 r1c9 r5c8 r5c9", "r5c8<>7 r5c9<>7"),
    ("bug_plus_one", None, POSITION_BUG, "r2c8", "r2c8=7"),
]


def changes(text: str):
    removed, placed = set(), set()
    for item in text.split():
        if "<>" in item:
            cell, digit = item.split("<>")
            removed.add((parse_cell_name(cell), int(digit)))
        else:
            cell, digit = item.split("=")
            placed.add((parse_cell_name(cell), int(digit)))
    return removed, placed


def steps_on(grid: Grid, technique_id: str, kind, corners, finder_only: bool = False):
    """The steps of one technique and type on the given corners (BUG+1: on the given cell).

    `finder_only` asks the finder itself, on the grid's pencil marks as they are: the engine
    ignores a mark that a peer's digit rules out, and some spoiled positions add just such a mark.
    """
    found = []
    for step in (finder_steps(grid, technique_id) if finder_only
                 else tutor.find_steps(grid, technique_id)):
        if kind is not None and step.role("type") != (kind,):
            continue
        where = step.role("corners") or step.role("trivalue_cell")
        if tuple(sorted(where)) == corners:
            found.append(step)
    return found


def corners_of(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cell_name(name) for name in text.split()))


@pytest.mark.parametrize("technique_id, kind, position, corners, expected", FIRES)
def test_fires_with_exact_changes(technique_id, kind, position, corners, expected):
    grid = tutor.parse(position)
    found = steps_on(grid, technique_id, kind, corners_of(corners))
    assert found, f"no {technique_id} type {kind} on {corners}"
    removed = {e for s in found for e in s.eliminations}
    placed = {p for s in found for p in s.placements}
    assert (removed, placed) == changes(expected)


def with_candidate(grid: Grid, cell: int, digit: int) -> Grid:
    return grid.with_candidates(cell, set(grid.candidates(cell)) | {digit})


def outside(grid: Grid, unit: int, corners, digit: int) -> int:
    """An empty cell of the unit, off the corners, that lacks the digit."""
    return next(c for c in UNITS[unit] if c not in corners and not grid.values[c]
                and not grid.has_candidate(c, digit))


def spoiled(name: str) -> tuple[Grid, str, int | None, tuple[int, ...]]:
    """Each firing position with one candidate added that breaks the pattern's condition."""
    if name == "ur1":  # a second roof: r8c2 gains a 5
        return with_candidate(tutor.parse(POSITION_A), cell_at(7, 1), 5), "unique_rectangle", 1, \
            corners_of("r8c2 r8c7 r9c2 r9c7")
    if name == "ur2":  # a third roof with another extra digit: r2c3 gains a 9
        return with_candidate(tutor.parse(POSITION_D), cell_at(1, 2), 9), "unique_rectangle", 2, \
            corners_of("r2c3 r2c6 r3c3 r3c6")
    if name == "ur4":  # 5 is no longer confined to the roofs r5c8 and r5c9 in row 5 or box 6
        grid = tutor.parse(POSITION_B)
        corners = corners_of("r1c8 r1c9 r5c8 r5c9")
        for unit in (4, 23):
            grid = with_candidate(grid, outside(grid, unit, corners, 5), 5)
        return grid, "unique_rectangle", 4, corners
    if name == "ur6":  # 2 leaves the corners in row 4 and in column 9
        grid = tutor.parse(POSITION_C)
        corners = corners_of("r1c8 r1c9 r4c8 r4c9")
        for unit in (3, 9 + 8):
            grid = with_candidate(grid, outside(grid, unit, corners, 2), 2)
        return grid, "unique_rectangle", 6, corners
    if name == "ur3":  # the subset cell gains a digit outside the subset
        grid = tutor.parse(POSITION_D)
        corners = corners_of("r2c3 r2c6 r3c3 r3c6")
        for step in steps_on(grid, "unique_rectangle", 3, corners):
            for cell in step.role("subset_cells"):
                spare = next(d for d in range(1, 10) if d not in step.role("subset_digits")
                             and d not in step.digits)
                grid = with_candidate(grid, cell, spare)
        return grid, "unique_rectangle", 3, corners
    if name == "ur5":  # a roof gains a second extra digit
        grid = tutor.parse(POSITION_E)
        corners = corners_of("r6c8 r6c9 r7c8 r7c9")
        (step,) = steps_on(grid, "unique_rectangle", 5, corners)
        roof = step.role("extra_cells")[0]
        spare = next(d for d in range(1, 10) if not grid.has_candidate(roof, d))
        return with_candidate(grid, roof, spare), "unique_rectangle", 5, corners
    if name == "hidden2":  # the strong digit appears elsewhere in each step's line
        grid = tutor.parse(POSITION_B)
        corners = corners_of("r1c8 r1c9 r5c8 r5c9")
        for step in steps_on(grid, "hidden_rectangle", 2, corners):
            digit = step.role("strong_digit")[0]
            grid = with_candidate(grid, outside(grid, step.units[0], corners, digit), digit)
        return grid, "hidden_rectangle", 2, corners
    if name == "hidden1":  # 4 appears elsewhere in row 4, the row through r4c3
        grid = tutor.parse(POSITION_A)
        corners = corners_of("r4c2 r4c3 r7c2 r7c3")
        return with_candidate(grid, outside(grid, 3, corners, 4), 4), "hidden_rectangle", 1, corners
    if name == "bug":  # a second cell with three candidates
        grid = tutor.parse(POSITION_BUG)
        cell = next(c for c in range(81) if not grid.values[c] and len(grid.candidates(c)) == 2)
        spare = next(d for d in range(1, 10) if d not in grid.candidates(cell))
        return with_candidate(grid, cell, spare), "bug_plus_one", None, corners_of("r2c8")
    raise KeyError(name)


@pytest.mark.parametrize("name", ["ur1", "ur2", "ur3", "ur4", "ur5", "ur6", "hidden1", "hidden2",
                                  "bug"])
def test_does_not_fire_once_the_condition_breaks(name):
    grid, technique_id, kind, corners = spoiled(name)
    assert not steps_on(grid, technique_id, kind, corners, finder_only=True)



def finder_steps(grid, technique_id):
    """The finder's steps on a made-up candidate grid (which may have many solutions, so
    find_steps, which proves one solution first for a uniqueness technique, would refuse it)."""
    return list(technique(technique_id).finder(grid.values, grid.masks))

# --- synthetic candidate grids: every cell empty with all nine candidates but the pattern's ----

def synthetic(pattern: dict[str, str]) -> Grid:
    masks = [ALL_DIGITS] * 81
    for name, digits in pattern.items():
        masks[parse_cell_name(name)] = mask_of(int(d) for d in digits)
    return Grid([0] * 81, (), masks)


def test_type_1_on_two_boxes_fires_alone():
    grid = synthetic({"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"})
    steps = finder_steps(grid, "unique_rectangle")
    assert [(s.role("type"), s.eliminations) for s in steps] == [
        ((1,), ((parse_cell_name("r2c4"), 1), (parse_cell_name("r2c4"), 2)))]
    assert str(steps[0]).startswith("Unique rectangle type 1: 1,2 in r1c1,r1c4,r2c1,r2c4 =>")


def test_a_rectangle_on_four_boxes_is_no_deadly_pattern():
    grid = synthetic({"r1c1": "12", "r1c4": "12", "r4c1": "12", "r4c4": "123"})
    assert not finder_steps(grid, "unique_rectangle")
    assert len(RECTANGLES) == 486  # 9 same-band row pairs x 27 column pairs, and the transpose


def test_a_filled_corner_stops_the_rectangle():
    grid = synthetic({"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"}).place(
        parse_cell_name("r1c4"), 1)
    assert not finder_steps(grid, "unique_rectangle")


def test_type_2_removes_the_extra_digit_from_cells_seeing_both_roofs():
    grid = synthetic({"r1c1": "12", "r2c1": "12", "r1c4": "123", "r2c4": "123"})
    (step,) = [s for s in finder_steps(grid, "unique_rectangle") if s.role("type") == (2,)]
    seeing = [f"r{r}c4" for r in range(3, 10)] + ["r1c5", "r1c6", "r2c5", "r2c6", "r3c5", "r3c6"]
    assert set(step.eliminations) == {(parse_cell_name(c), 3) for c in seeing}
    assert step.role("extra_digit") == (3,)


# --- ratings, registry, texts --------------------------------------------------------------

def test_registry_rows_are_off_the_ladder_with_se_ratings():
    # A unique rectangle rates 4.5 to 4.8 by type (the rate function); the row holds the top.
    for technique_id, rating in (("unique_rectangle", 4.8), ("hidden_rectangle", 4.8),
                                 ("bug_plus_one", 5.6)):
        entry = technique(technique_id)
        assert entry.level is None and entry.repeated_level is None
        assert entry.score_group == technique_id and entry.rating == rating
        assert technique_id not in CARD_LADDER
    assert technique("backtracking").order == len(TECHNIQUES) - 1  # the guess stays last


def test_type_3_rates_by_subset_size():
    grid = tutor.parse(POSITION_D)
    ratings = {len(s.role("subset_digits")): s.rating for s in finder_steps(grid, "unique_rectangle")
               if s.role("type") == (3,)}
    assert ratings and all(r == round(4.5 + 0.1 * (n - 1), 1) for n, r in ratings.items())
    for s in finder_steps(grid, "unique_rectangle"):
        if s.role("type") != (3,):
            assert unique_rectangle_rating(s) == 4.5


def test_finder_order_is_easiest_first():
    for position in (POSITION_A, POSITION_B, POSITION_C, POSITION_D, POSITION_E):
        ratings = [s.rating for s in tutor.find_steps(tutor.parse(position), "unique_rectangle")]
        assert ratings == sorted(ratings)


def check_texts(step) -> list[str]:
    problems = []
    texts = [step.hint(level) for level in (1, 2, 3)]
    if not all(texts):
        problems.append(f"{step}: an empty hint")
    full = texts[2]
    if "Because the puzzle has only one solution" not in full:
        problems.append(f"{step}: the full hint does not say it rests on one solution")
    for cell, _ in step.eliminations + step.placements:
        if cell_name(cell) not in full:
            problems.append(f"{step}: full hint misses {cell_name(cell)}")
    if step.role("type") and f"type {step.role('type')[0]}" not in str(step):
        problems.append(f"{step}: one_line misses the type")
    return problems


@pytest.mark.parametrize("technique_id, kind, position, corners, expected", FIRES)
def test_every_hint_level_renders_and_names_the_cells(technique_id, kind, position, corners, expected):
    for step in tutor.find_steps(tutor.parse(position), technique_id):
        assert not check_texts(step)


# --- HoDoKu's regression library -------------------------------------------------------------

def test_reglib_uniqueness_cases_all_pass():
    import test_reglib

    cases = [c for c in test_reglib.load_cases() if c["code"][:3] == "060" or c["code"] == "0610"]
    by_code = {}
    for case in cases:
        by_code.setdefault(case["code"], []).append(test_reglib.passes(case))
    assert {code: len(results) for code, results in by_code.items()} == {
        "0600": 17, "0601": 20, "0602": 13, "0603": 21, "0604": 8, "0605": 12, "0606": 23, "0610": 15}
    assert all(all(results) for results in by_code.values()), {
        code: f"{sum(r)}/{len(r)}" for code, r in by_code.items()}


def test_reglib_missing_candidate_variants_have_a_corner_lacking_a_digit():
    """Variant -2 (HoDoKu's "missing candidates allowed") is handled, not dodged: in each such case
    the step found has a corner that lacks one of the rectangle's digits."""
    import test_reglib

    cases = [c for c in test_reglib.load_cases() if c["code"] in test_reglib.CODES
             and c["code"] != "0610" and c["code"][:2] == "06" and c["variant"] == "2"]
    assert len(cases) == 34
    for case in cases:
        grid = test_reglib.grid_of(case)
        technique_id, keep = test_reglib.CODES[case["code"]]
        steps = [s for s in tutor.find_steps(grid, technique_id) if keep(s)
                 and "".join(map(str, s.digits)) == case["candidates"]]
        assert steps, case["line"]
        for step in steps:
            assert any(not all(grid.has_candidate(c, d) for d in step.digits)
                       for c in step.role("corners")), case["line"]


# --- SudokuWiki fixtures beyond test_sudokuwiki ------------------------------------------------

def fixture_cases(technique_fn):
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [c for c in cases if c["technique_fn"] == technique_fn]


def test_sudokuwiki_type_5_is_our_type_6_seen_from_the_floors():
    """SudokuWiki's type 5 places the strong digit in the two diagonal floors; our type 6 (HoDoKu's)
    removes it from the two roofs, after which it is a hidden single in each floor's row."""
    cases = fixture_cases("uniqueRectanglesType5")
    assert len(cases) == 2
    for case in cases:
        grid = tutor.parse(case["board"])
        removed = set()
        for step in finder_steps(grid, "unique_rectangle"):
            if step.role("type") == (6,):
                removed |= set(step.eliminations)
        after = grid.eliminate(removed)
        for item in case["expected"]:
            cell, digit = cell_at(item["row"], item["col"]), item["value"]
            row = UNITS[cell // 9]
            assert [c for c in row if after.has_candidate(c, digit)] == [cell], case["test"]


def test_sudokuwiki_hidden_type2b_test1_keeps_one_removal_we_cannot_prove():
    """joeseibel's hidden rectangle type 1 checks the strong links through the bivalue corner
    itself instead of through the opposite corner (SudokuWiki's page has the opposite corner).
    From the bivalue corner's own lines, X = v only forces that corner to u, which breaks nothing,
    so that rule proves nothing in general. Here it gives r8c6<>4 (true on this board by luck);
    we find every other expected removal, and not that one."""
    (case,) = [c for c in fixture_cases("hiddenUniqueRectangles") if c["test"] == "type2BTest1"]
    grid = tutor.parse(case["board"])
    ours = {e for s in tutor.find_steps(grid, "hidden_rectangle") for e in s.eliminations}
    expected = {(cell_at(i["row"], i["col"]), d) for i in case["expected"] for d in i["digits"]}
    unproved = {(parse_cell_name("r8c6"), 4)}
    assert ours == expected - unproved


# --- soundness: every step on real stuck positions, against the solution -------------------

def sweep(lines):
    """Walk the basic ladder until stuck, check every uniqueness step there against the solution,
    apply the first and go on. Returns (positions, steps, violations, steps seen)."""
    basic = ladder(CARD_LADDER)
    positions = checked = 0
    problems, seen = [], []
    for line in lines:
        grid = tutor.parse(line)
        solution = tutor.solve(grid).values
        walk = Walk(grid.values, grid.masks)
        for _ in range(40):
            if advance(walk, basic, [], None, None, prefer=False):
                break
            positions += 1
            found = [s for f in FINDERS.values() for s in f(walk.values, walk.masks)]
            for step in found:
                checked += 1
                seen.append(step)
                problems += [f"{line}: {step} removes the solution" for c, d in step.eliminations
                             if solution[c] == d]
                problems += [f"{line}: {step} places a wrong digit" for c, d in step.placements
                             if solution[c] != d]
            if not found:
                break
            walk.apply(found[0])
    return positions, checked, problems, seen


SOUNDNESS = [("top1465/top1465.sdm", 300),
             ("se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt", 150),
             ("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt", 150)]


@pytest.mark.parametrize("relative, count", SOUNDNESS)
def test_steps_on_real_stuck_positions_are_sound(relative, count):
    lines = [l.split()[0] for l in read_lines(shared_file(relative), count)]
    positions, checked, problems, seen = sweep(lines)
    assert positions > 50 and checked > 50, (positions, checked)
    assert not problems, problems[:5]
    text_problems = [p for step in seen for p in check_texts(step)]
    assert not text_problems, text_problems[:5]


@pytest.mark.slow
@pytest.mark.parametrize("relative", [
    "top1465/top1465.sdm",
    "se-rated/buckets_with_solutions/easy_puzzle_and_solution.txt",
    "se-rated/buckets_with_solutions/medium_puzzle_and_solution.txt",
    "se-rated/buckets_with_solutions/hard_puzzle_and_solution.txt",
    "se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt",
])
def test_whole_sets_are_sound(relative):
    lines = [l.split()[0] for l in read_lines(shared_file(relative))]
    positions, checked, problems, _ = sweep(lines)
    assert not problems, problems[:5]
