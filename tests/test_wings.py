"""Wings (XY-, XYZ-, W- and WXYZ-Wing): made and real positions, HoDoKu's and SudokuWiki's cases,
soundness on real puzzles, and the texts."""

import json

import pytest

import tutor
from tutor.engine.techniques import wings
from tutor.engine.search import searching
from tutor.engine.registry import CARD_LADDER, technique
from tutor.model.geometry import cell_at, parse_cell_name as cell
from tutor.model.grid import Grid
from conftest import pattern_text_problems, read_lines, reasoning, shared_file, sweep_finders

WING_IDS = ("xy_wing", "xyz_wing", "w_wing", "wxyz_wing")


def made(*cells_and_digits) -> Grid:
    """An empty board where only the named cells have the given candidates (others keep all 9)."""
    grid = Grid.empty()
    for name, digits in cells_and_digits:
        grid = grid.with_candidates(cell(name), digits)
    return grid


def without(grid: Grid, digit: int, names) -> Grid:
    return grid.eliminate((cell(n), digit) for n in names)


def removals(digit: int, *names) -> set:
    return {(cell(n), digit) for n in names}


def only(grid: Grid, technique_id: str):
    found = tutor.find_steps(grid, technique_id)
    assert len(found) == 1, [str(s) for s in found]
    return found[0]


# --- XY-Wing --------------------------------------------------------------------------------


def test_xy_wing_fires_on_a_made_position():
    grid = made(("r5c5", [1, 6]), ("r5c1", [1, 9]), ("r2c5", [6, 9]))
    step = only(grid, "xy_wing")
    # r2c1 is the only cell that sees both pincers (the pivot, the other, holds no 9).
    assert set(step.eliminations) == removals(9, "r2c1")
    assert step.digits == (1, 6, 9)
    assert step.role("pivot") == (cell("r5c5"),)
    assert step.role("pincers") == (cell("r5c1"), cell("r2c5"))  # the one holding 1 first
    assert str(step) == "XY-Wing: 1,6,9 in r5c5 (pivot), r5c1, r2c5 => r2c1<>9"
    assert "r2c1 sees r5c1 (column 1) and r2c5 (row 2)" in step.explanation
    assert step.nudge.startswith("Look for an XY-Wing with its pivot in box 5")


def test_xy_wing_with_a_pincer_in_the_pivots_box_removes_along_two_lines():
    grid = made(("r1c1", [1, 2]), ("r1c2", [1, 3]), ("r4c1", [2, 3]))
    step = only(grid, "xy_wing")
    assert set(step.eliminations) == removals(3, "r2c1", "r3c1", "r4c2", "r5c2", "r6c2")


def test_xy_wing_does_not_fire_on_broken_patterns():
    no_shared_digit = made(("r5c5", [1, 6]), ("r5c1", [1, 9]), ("r2c5", [6, 8]))
    assert tutor.find_steps(no_shared_digit, "xy_wing") == []
    pincer_out_of_sight = made(("r5c5", [1, 6]), ("r5c1", [1, 9]), ("r2c6", [6, 9]))
    assert tutor.find_steps(pincer_out_of_sight, "xy_wing") == []
    nothing_to_remove = without(made(("r5c5", [1, 6]), ("r5c1", [1, 9]), ("r2c5", [6, 9])), 9,
                                ["r2c1"])
    assert tutor.find_steps(nothing_to_remove, "xy_wing") == []
    three_candidate_pivot = made(("r5c5", [1, 6, 9]), ("r5c1", [1, 9]), ("r2c5", [6, 9]))
    assert tutor.find_steps(three_candidate_pivot, "xy_wing") == []


# --- XYZ-Wing -------------------------------------------------------------------------------


def test_xyz_wing_removes_only_from_cells_seeing_all_three():
    grid = made(("r1c1", [1, 2, 4]), ("r1c2", [1, 4]), ("r5c1", [2, 4]))
    step = only(grid, "xyz_wing")
    # r5c2 sees both pincers but not the pivot, so it keeps its 4.
    assert set(step.eliminations) == removals(4, "r2c1", "r3c1")
    assert step.digits == (1, 2, 4)
    assert step.role("pivot") == (cell("r1c1"),) and step.role("pincers") == (cell("r1c2"),
                                                                                cell("r5c1"))
    text = step.explanation
    assert "if it is 4, the pivot holds the 4 itself" in text
    assert "r2c1 sees r1c1 (column 1), r1c2 (box 1) and r5c1 (column 1)" in text
    assert tutor.find_steps(grid, "xy_wing") == []


def test_xyz_wing_does_not_fire_on_broken_patterns():
    four_digits = made(("r1c1", [1, 2, 4]), ("r1c2", [1, 5]), ("r5c1", [2, 4]))
    assert tutor.find_steps(four_digits, "xyz_wing") == []
    pincer_out_of_sight = made(("r1c1", [1, 2, 4]), ("r1c2", [1, 4]), ("r5c2", [2, 4]))
    assert tutor.find_steps(pincer_out_of_sight, "xyz_wing") == []
    same_pincers = made(("r1c1", [1, 2, 4]), ("r1c2", [1, 4]), ("r5c1", [1, 4]))
    assert tutor.find_steps(same_pincers, "xyz_wing") == []


# --- W-Wing ---------------------------------------------------------------------------------


def column_3_link(grid: Grid, keep) -> Grid:
    """Leave 1 in column 3 only in the cells `keep` (a strong link)."""
    return without(grid, 1, [f"r{r}c3" for r in range(1, 10) if f"r{r}c3" not in keep])


def test_w_wing_fires_through_a_strong_link():
    grid = column_3_link(made(("r1c1", [1, 4]), ("r5c6", [1, 4])), ["r1c3", "r5c3"])
    step = only(grid, "w_wing")
    assert set(step.eliminations) == removals(4, "r1c6", "r5c1")
    assert step.digits == (1, 4) and step.units == (9 + 2,)
    assert step.role("pincers") == (cell("r1c1"), cell("r5c6"))
    assert step.role("strong_link") == (cell("r1c3"), cell("r5c3"))
    assert str(step) == "W-Wing: 1/4 in r1c1,r5c6 joined by 1 in r1c3,r5c3 => r1c6<>4, r5c1<>4"
    assert ("Suppose neither r1c1 nor r5c6 were a 4: both would be a 1, so neither r1c3 nor r5c3 "
            "could be a 1, and column 3 would have no place left for its 1" in step.explanation)
    assert reasoning(step.explanation).endswith("Remove 4 from r1c6 and r5c1.")


def test_w_wing_whose_link_end_sees_both_pincers_still_fires():
    # HoDoKu skips this shape; the reasoning does not need it excluded: with both pincers 1, box 4
    # would lose both places for its 1 (r5c1 sees r1c1, r5c2 sees r5c6).
    box_4 = [f"r{r}c{c}" for r in (4, 5, 6) for c in (1, 2, 3)]
    grid = without(made(("r1c1", [1, 4]), ("r5c6", [1, 4])), 1,
                   [n for n in box_4 if n not in ("r5c1", "r5c2")])
    step = only(grid, "w_wing")
    assert step.role("strong_link") == (cell("r5c1"), cell("r5c2")) and step.units == (18 + 3,)
    assert set(step.eliminations) == removals(4, "r1c6", "r5c1")


def test_w_wing_needs_each_link_end_to_see_a_pincer():
    grid = column_3_link(made(("r1c1", [1, 4]), ("r5c6", [1, 4])), ["r1c3", "r9c3"])
    assert tutor.find_steps(grid, "w_wing") == []
    different_pairs = column_3_link(made(("r1c1", [1, 4]), ("r5c6", [1, 5])), ["r1c3", "r5c3"])
    assert tutor.find_steps(different_pairs, "w_wing") == []


# --- WXYZ-Wing ------------------------------------------------------------------------------

WXYZ_CELLS = (("r1c1", [1, 4]), ("r1c5", [2, 4]), ("r2c2", [3, 4]), ("r1c2", [1, 2, 3]))


def test_wxyz_wing_fires_with_one_unrestricted_digit():
    # 1, 2 and 3 each sit in two cells that see each other; the 4 is in r1c1, r1c5 and r2c2,
    # and r1c5 does not see r2c2. Only r1c3 sees all three.
    step = only(made(*WXYZ_CELLS), "wxyz_wing")
    assert set(step.eliminations) == removals(4, "r1c3")
    assert step.digits == (1, 2, 3, 4)
    assert step.role("pincers") == (cell("r1c1"), cell("r1c5"), cell("r2c2"))
    assert step.role("pivot") == (cell("r1c2"),)
    assert "Without a 4 the four cells would have only three digits" in step.explanation
    for other in ("xy_wing", "xyz_wing", "w_wing"):
        assert tutor.find_steps(made(*WXYZ_CELLS), other) == []


def test_wxyz_wing_does_not_fire_with_two_unrestricted_digits_or_five_digits():
    two_loose = made(*WXYZ_CELLS[:2], ("r2c9", [3, 4]), WXYZ_CELLS[3])
    assert tutor.find_steps(two_loose, "wxyz_wing") == []
    five_digits = made(*WXYZ_CELLS[:3], ("r1c2", [1, 2, 5]))
    assert tutor.find_steps(five_digits, "wxyz_wing") == []
    cleared = without(made(*WXYZ_CELLS), 4, ["r1c3"])
    assert tutor.find_steps(cleared, "wxyz_wing") == []


def test_wxyz_wing_search_follows_positions_losing_or_regaining_candidates():
    # The search keeps only patterns that remove something, and between positions that only
    # lose candidates searches again only around the changed cells; a candidate coming back
    # (another puzzle, or a hint asked on an earlier position) must not hide a wing.
    # (The questions share one search, as a walk's positions do.)
    wing = made(*WXYZ_CELLS)
    five_digits = made(*WXYZ_CELLS[:3], ("r1c2", [1, 2, 3, 5]))
    with searching():
        assert tutor.find_steps(five_digits, "wxyz_wing") == []
        # r1c2 loses its 5: the wing appears through the changed cell.
        assert set(only(wing, "wxyz_wing").eliminations) == removals(4, "r1c3")
        # A change elsewhere keeps it; losing its only removal leaves nothing.
        elsewhere = without(wing, 9, ["r9c9"])
        assert set(only(elsewhere, "wxyz_wing").eliminations) == removals(4, "r1c3")
        cleared = without(elsewhere, 4, ["r1c3"])
        assert tutor.find_steps(cleared, "wxyz_wing") == []
    # Searched afresh where it removes nothing, then the 4 comes back to r1c3: found again.
    with searching():
        assert tutor.find_steps(cleared, "wxyz_wing") == []
        assert set(only(elsewhere, "wxyz_wing").eliminations) == removals(4, "r1c3")


# --- Real positions (the basic ladder stuck on SE-rated "hard" puzzles) ---------------------

# Compact form: a digit is a given, +d a placed digit, '.' a cell with its standard candidates,
# {digits} a cell whose candidates were narrowed.
STUCK_XY_AND_WXYZ = ("21+795+3..4.9..6.{125}37...7..{1259}{25}...+1..{59}3.892..+7..158.5.{23}"
                     "{146}......+6.2...68..1.+74.1..{38}47.96")
STUCK_XYZ = ("9+6+48+21+7+35..+56+97...87+1...+26949+3+2+8+6+157+58+7...+32+6.+1.375.+9..4...."
             "+57.+7.8.6.9..1.9+7..6.3")
STUCK_W = (".24+7..65+11{59}+6.+4{59}+8.7{57}.8+61.9..{57}{1579}.....{69}{45}26.+49+7.83+48.5.1"
           "+27.6..9+23{45}.8..28547..+8..+17+6+3.{245}")


@pytest.mark.parametrize("position, technique_id, line", [
    (STUCK_XY_AND_WXYZ, "xy_wing", "XY-Wing: 2,5,8 in r3c8 (pivot), r3c5, r7c8 => r7c5<>8"),
    (STUCK_XY_AND_WXYZ, "wxyz_wing", "WXYZ-Wing: 2,3,5,8 in r3c5,r3c8,r7c8,r9c4 => r7c5<>8"),
    (STUCK_XYZ, "xyz_wing", "XYZ-Wing: 1,4,5 in r8c4 (pivot), r8c8, r9c5 => r8c6<>4"),
    (STUCK_W, "w_wing", "W-Wing: 5/9 in r2c2,r9c3 joined by 9 in r1c1,r8c1 => r7c2<>5, r9c2<>5"),
])
def test_real_stuck_positions(position, technique_id, line):
    grid = tutor.parse(position)
    assert [str(s) for s in tutor.find_steps(grid, technique_id)] == [line]
    assert tutor.next_step(grid, "card").technique == "backtracking"  # the card's ladder is stuck
    assert tutor.next_step(grid).technique not in CARD_LADDER + ("backtracking",)
    solution = tutor.solve(grid.as_puzzle()).values
    step = tutor.find_steps(grid, technique_id)[0]
    assert all(solution[c] != d for c, d in step.eliminations)


def test_the_stuck_xyz_position_has_no_xy_wing():
    assert tutor.find_steps(tutor.parse(STUCK_XYZ), "xy_wing") == []


# --- Registry -------------------------------------------------------------------------------


def test_wings_are_registered_off_the_ladder_with_their_ratings():
    ratings = {t: technique(t).rating for t in WING_IDS}
    assert ratings == {"xy_wing": 4.2, "xyz_wing": 4.4, "w_wing": 4.4, "wxyz_wing": 4.6}
    for t in WING_IDS:
        entry = technique(t)
        assert entry.level is None and entry.repeated_level is None and entry.score_group == t
        assert entry.family == "wings" and t not in CARD_LADDER
        assert entry.order < technique("backtracking").order


# --- HoDoKu's regression library and SudokuWiki's fixtures ----------------------------------


def test_reglib_wing_cases_all_pass():
    from test_reglib import load_cases, passes

    cases = [c for c in load_cases() if c["code"] in ("0800", "0801", "0803")]
    counts = {code: sum(c["code"] == code for c in cases) for code in ("0800", "0801", "0803")}
    assert counts == {"0800": 9, "0801": 16, "0803": 14}
    failing = [c["line"] for c in cases if not passes(c)]
    assert not failing


FIXTURES = {"yWing": "xy_wing", "xyzWing": "xyz_wing", "wxyzWing": "wxyz_wing"}


def wing_fixtures():
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [c for c in cases if c["technique_fn"] in FIXTURES]


def test_sudokuwiki_wing_fixtures_are_found_completely():
    cases = wing_fixtures()
    assert len(cases) == 16
    for case in cases:
        grid = tutor.parse(case["board"])
        found = set()
        for step in tutor.find_steps(grid, FIXTURES[case["technique_fn"]]):
            found |= set(step.eliminations)
        expected = {(cell_at(item["row"], item["col"]), d)
                    for item in case["expected"] for d in item["digits"]}
        assert found == expected, f"{case['technique_fn']} {case['test']}"


# --- Soundness and texts on real puzzles ----------------------------------------------------

FINDERS = {"xy_wing": wings.xy_wings, "xyz_wing": wings.xyz_wings, "w_wing": wings.w_wings,
           "wxyz_wing": wings.wxyz_wings}


def sweep(lines, check_texts=False):
    """Walk each puzzle with the card's ladder until stuck and check every wing step there against
    the solution (see conftest.sweep_finders); wings only remove candidates."""
    def own(line, step):
        found = [f"{line}: {step} places a digit"] if step.placements else []
        return found + (text_problems(step) if check_texts else [])

    return sweep_finders(lines, CARD_LADDER, FINDERS, own)


def text_problems(step) -> list[str]:
    return pattern_text_problems(step, " a XY")


def test_wings_are_sound_on_top1465_and_se_rated_puzzles():
    lines = [l.split()[0] for l in read_lines(shared_file("top1465/top1465.sdm"), 300)]
    for bucket in ("hard", "diabolical"):
        path = shared_file(f"se-rated/buckets_with_solutions/{bucket}_puzzle_and_solution.txt")
        lines += [l.split()[0] for l in read_lines(path, 100)]
    lines += rated_lines(4.2, 4.6, 40)
    positions, checked, problems, slowest = sweep(lines, check_texts=True)
    print(f"wings soundness: {positions} positions, {checked} steps, {len(problems)} problems, "
          f"slowest finder call {slowest * 1000:.1f} ms")
    assert positions > 300 and checked > 300
    assert not problems, problems[:5]


def rated_lines(low: float, high: float, per_rating: int | None = None) -> list[str]:
    """Puzzles of the SE-rated sample rated `low` to `high` (XY-Wing is 4.2, XYZ-Wing 4.4 there)."""
    path = shared_file("se-rated/se_stratified_sample_100_per_rating.txt")
    taken: dict[str, int] = {}
    lines = []
    for line in read_lines(path):
        _, puzzle, rating = line.split()
        if low <= float(rating) <= high and taken.get(rating, 0) < (per_rating or 10 ** 9):
            taken[rating] = taken.get(rating, 0) + 1
            lines.append(puzzle)
    return lines


@pytest.mark.slow
def test_wings_are_sound_on_all_of_top1465_and_the_rated_sample():
    lines = [l.split()[0] for l in read_lines(shared_file("top1465/top1465.sdm"))]
    lines += rated_lines(4.0, 9.9)
    positions, checked, problems, slowest = sweep(lines)
    print(f"wings soundness: {positions} positions, {checked} steps, {len(problems)} problems, "
          f"slowest finder call {slowest * 1000:.1f} ms")
    assert not problems, problems[:5]


def test_texts_name_every_eliminated_cell_on_the_library_cases():
    from test_reglib import grid_of, load_cases

    steps = []
    for case in load_cases():
        if case["code"] in ("0800", "0801", "0803"):
            steps += tutor.find_steps(grid_of(case), CODE_IDS[case["code"]])
    for case in wing_fixtures():
        steps += tutor.find_steps(tutor.parse(case["board"]), FIXTURES[case["technique_fn"]])
    assert {s.technique for s in steps} == set(WING_IDS)
    problems = [p for s in steps for p in text_problems(s)]
    assert not problems, problems[:5]


CODE_IDS = {"0800": "xy_wing", "0801": "xyz_wing", "0803": "w_wing"}


def test_wings_can_join_the_ladder_and_grade_soundly():
    from tutor.engine.soundness import violations

    used = 0
    for line in rated_lines(4.2, 4.4, 10):
        grid = tutor.parse(line)
        result = tutor.grade(grid, techniques=list(CARD_LADDER) + list(WING_IDS))
        assert not violations(grid, result.steps, result.solution_values)
        used += sum(s.technique in WING_IDS for s in result.steps)
    assert used > 10


# --- WXYZ search between positions -----------------------------------------------------------


def wxyz_by_definition(grid: Grid) -> list[tuple[tuple[int, ...], tuple]]:
    """(cells, removals) of every WXYZ-Wing, straight from the definition: four cells holding four
    digits between them, every digit but one (z) restricted (its cells all see each other), z
    leaving every cell that sees all the cells holding it. Quads in cell order."""
    from itertools import combinations

    from tutor.model.geometry import PEERS

    masks = grid.live_masks
    open_cells = [c for c in range(81) if not grid.values[c] and 2 <= bin(masks[c]).count("1") <= 4]
    found = []
    for quad in combinations(open_cells, 4):
        union = 0
        for c in quad:
            union |= masks[c]
        if bin(union).count("1") != 4:
            continue
        loose = [d for d in range(1, 10) if union >> (d - 1) & 1
                 and any(b not in PEERS[a] for a, b in combinations(
                     [c for c in quad if masks[c] >> (d - 1) & 1], 2))]
        if len(loose) != 1:
            continue
        z = loose[0]
        holders = [c for c in quad if masks[c] >> (z - 1) & 1]
        removed = tuple((c, z) for c in range(81) if masks[c] >> (z - 1) & 1 and c not in quad
                        and all(h in PEERS[c] for h in holders))
        if removed:
            found.append((quad, removed))
    return found


def test_wxyz_search_around_changed_cells_finds_what_a_full_search_finds():
    # The finder searches again only around the cells that changed since the position before:
    # walk real paths position by position (a step changes a few cells), and jump between
    # puzzles (everything changes), checking each position against the definition.
    lines = read_lines(shared_file("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt"), 3)
    checked = 0
    for line in lines:
        grid = tutor.parse(line.split()[0])
        for step in tutor.grade(grid, "card").steps:
            if step.technique not in ("naked_single", "hidden_single"):
                found = [(s.cells, s.eliminations) for s in tutor.find_steps(grid, "wxyz_wing")]
                assert found == wxyz_by_definition(grid), line
                checked += 1
            grid = grid.apply(step)
    assert checked >= 10
