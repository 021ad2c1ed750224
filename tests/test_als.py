"""Almost locked sets (ALS-XZ, ALS-XY-Wing) and Sue de Coq: made positions, HoDoKu's and
SudokuWiki's cases, soundness on real puzzles, speed and the texts."""

import json

import pytest

import tutor
from tutor.engine import als_index as index
from tutor.engine.techniques import als, sue_de_coq
from tutor.engine.search import current, searching
from tutor.engine.registry import LADDER, technique
from tutor.model.geometry import (
    UNITS, cell_at, cell_name, cells_name, digit_cell_sets, digits_name, parse_cell_name as cell,
)
from tutor.model.grid import Grid
from conftest import fact_line_problems, pattern_text_problems, read_lines, shared_file, sweep_finders
from test_dead_ends import diabolical_stuck_positions

MY_IDS = ("als_xz", "als_xy_wing", "death_blossom", "sue_de_coq")
FINDERS = {"als_xz": als.als_xz, "als_xy_wing": als.als_xy_wings,
           "death_blossom": als.death_blossoms, "sue_de_coq": sue_de_coq.sue_de_coq}


def made(*cells_and_digits) -> Grid:
    """An empty board where only the named cells have the given candidates (others keep all 9)."""
    grid = Grid.empty()
    for name, digits in cells_and_digits:
        grid = grid.with_candidates(cell(name), digits)
    return grid


def cells(*names) -> tuple:
    return tuple(sorted(cell(n) for n in names))


def removals(digit: int, *names) -> set:
    return {(cell(n), digit) for n in names}


def with_sets(steps, **roles):
    """The steps whose roles hold exactly the given cells (role name -> cell names)."""
    wanted = {role: cells(*names) for role, names in roles.items()}
    return [s for s in steps if all(tuple(sorted(s.role(r))) == c for r, c in wanted.items())]


# --- ALS-XZ ---------------------------------------------------------------------------------

XZ = (("r1c1", [1, 2]), ("r5c1", [1, 3]), ("r5c2", [2, 3]))
"""A = r1c1 {1,2}; B = r5c1, r5c2 {1,2,3} in row 5. The 1s of A and B share column 1, so 1 is a
restricted common digit; 2 is then in r1c1 or r5c2."""


def test_als_xz_fires_on_a_made_position():
    steps = tutor.find_steps(made(*XZ), "als_xz")
    found = with_sets(steps, als_a=["r1c1"], als_b=["r5c1", "r5c2"])
    assert len(found) == 1
    step = found[0]
    # The cells seeing r1c1 and r5c2 (the 2s of both sets).
    assert set(step.eliminations) == removals(2, "r1c2", "r2c2", "r3c2", "r4c1", "r6c1")
    assert step.role("restricted_common") == (1,)
    assert step.digits == (2,)
    assert step.role("als_b_digits") == (1, 2, 3)
    assert "Every 1 of A sees every 1 of B" in step.explanation


def test_als_xz_needs_every_x_to_see_every_x():
    # B moved one column right: its 1 (r5c2) no longer sees A's 1 (r1c1), and its 2 (r5c3) no
    # longer sees A's 2: no digit is restricted, so no ALS-XZ with these sets.
    grid = made(("r1c1", [1, 2]), ("r5c2", [1, 3]), ("r5c3", [2, 3]))
    steps = tutor.find_steps(grid, "als_xz")
    assert with_sets(steps, als_a=["r1c1"], als_b=["r5c2", "r5c3"]) == []
    # Nothing to remove: the only cells seeing both 2s lose their 2 first.
    cleared = made(*XZ).eliminate(removals(2, "r1c2", "r2c2", "r3c2", "r4c1", "r6c1"))
    assert with_sets(tutor.find_steps(cleared, "als_xz"), als_a=["r1c1"],
                     als_b=["r5c1", "r5c2"]) == []


def test_doubly_linked_als_xz_locks_both_sets():
    # A = r1c1, r1c2 {1,2,3} (row 1); B = r2c1, r2c2 {1,2,4} (row 2); all four in box 1, so 1 and
    # 2 are both restricted: each set holds its third digit for sure, and 1 and 2 are in A or B.
    # (Other splits of the four cells read the same; one step per set of removals is kept.)
    grid = made(("r1c1", [1, 3]), ("r1c2", [2, 3]), ("r2c1", [1, 4]), ("r2c2", [2, 4]))
    steps = tutor.find_steps(grid, "als_xz")
    assert len(steps) == 1
    step = steps[0]
    assert len(step.role("restricted_common")) == 2
    assert set(step.cells) == set(cells("r1c1", "r1c2", "r2c1", "r2c2"))
    removed = set(step.eliminations)
    # 3 leaves the rest of row 1, 4 the rest of row 2, and every digit the rest of box 1.
    assert removals(3, "r1c3", "r1c9") <= removed and removals(4, "r2c3", "r2c9") <= removed
    for digit in (1, 2, 3, 4):
        assert removals(digit, "r3c1", "r3c2", "r3c3") <= removed
    # 1 leaves column 1 below the box, 2 column 2; nothing outside those lines and the box.
    assert removals(1, "r4c1", "r9c1") <= removed and removals(2, "r4c2", "r9c2") <= removed
    assert (cell("r1c4"), 4) not in removed and (cell("r4c1"), 2) not in removed
    assert len(removed) == 44


# --- ALS-XY-Wing ----------------------------------------------------------------------------


def test_als_xy_wing_fires_on_a_made_position():
    # Pivot C = r5c5 {1,2}; A = r5c1, r5c2 {1,3,4} (row 5, 1 seen from the pivot);
    # B = r1c5 {2,3} (column 5). Removes 3 from cells seeing every 3 of A and of B.
    grid = made(("r5c5", [1, 2]), ("r5c1", [1, 4]), ("r5c2", [3, 4]), ("r1c5", [2, 3]))
    # (The same four cells also read as A = r5c2, C = r5c1, B = r1c5 and r5c5; one step per set
    # of removals is kept.)
    steps = tutor.find_steps(grid, "als_xy_wing")
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(3, "r1c2")
    assert set(step.cells) == set(cells("r5c5", "r5c1", "r5c2", "r1c5"))
    assert step.digits == (3,)
    assert "Remove 3 from r1c2" in step.explanation


def test_als_xy_wing_needs_two_different_links():
    # Both sets tied to the pivot by the same digit 1: C could hold 2 and still let both hold 1.
    grid = made(("r5c5", [1, 2]), ("r5c1", [1, 4]), ("r5c2", [3, 4]), ("r1c5", [1, 3]))
    steps = tutor.find_steps(grid, "als_xy_wing")
    assert not [s for s in steps if s.role("pivot") == (cell("r5c5"),)
                and {cell("r1c5"), cell("r5c1")} <= set(s.cells)]


# --- Death Blossom -------------------------------------------------------------------------


def test_death_blossom_fires_on_a_made_position():
    # Stem r5c5 {1,2,4}; petals: 1 -> r5c1, r5c2 {1,3,6} (row 5), 2 -> r1c5 {2,3} (column 5),
    # 4 -> r4c4 {3,4} (box 5). Every petal holds 3, but no cell sees all three 3s: nothing goes.
    grid = made(("r5c5", [1, 2, 4]), ("r5c1", [1, 6]), ("r5c2", [3, 6]), ("r1c5", [2, 3]),
                ("r4c4", [3, 4]))
    steps = tutor.find_steps(grid, "death_blossom")
    assert [s for s in steps if s.role("stem") == (cell("r5c5"),)] == []
    # Two petals: stem r5c5 {1,2}, 1 -> r5c1, r5c2 {1,3,6}; 2 -> r1c5 {2,3}. Either way a 3 is
    # in r5c2 or r1c5, so r1c2, seeing both, loses its 3.
    grid = made(("r5c5", [1, 2]), ("r5c1", [1, 6]), ("r5c2", [3, 6]), ("r1c5", [2, 3]))
    steps = [s for s in tutor.find_steps(grid, "death_blossom") if s.role("stem") == (cell("r5c5"),)]
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(3, "r1c2")
    assert step.role("petal_1") == cells("r5c1", "r5c2") and step.role("petal_2") == cells("r1c5")
    assert "Remove 3 from r1c2" in step.explanation


def test_death_blossom_needs_every_petal_to_see_the_stem():
    # The 2's petal moved to r1c6: its 2 no longer sees the stem.
    grid = made(("r5c5", [1, 2]), ("r5c1", [1, 6]), ("r5c2", [3, 6]), ("r1c6", [2, 3]))
    assert [s for s in tutor.find_steps(grid, "death_blossom")
            if s.role("stem") == (cell("r5c5"),)] == []


# --- Sue de Coq -----------------------------------------------------------------------------

SDC = (("r1c1", [1, 2, 3]), ("r1c2", [1, 2, 4]), ("r1c5", [1, 2]), ("r2c2", [3, 4]))
"""Row 1 meets box 1 at r1c1, r1c2 {1,2,3,4}; r1c5 {1,2} in row 1, r2c2 {3,4} in box 1."""


def test_sue_de_coq_fires_on_a_made_position():
    steps = tutor.find_steps(made(*SDC), "sue_de_coq")
    found = with_sets(steps, intersection=["r1c1", "r1c2"], line_cells=["r1c5"],
                      box_cells=["r2c2"])
    assert len(found) == 1
    step = found[0]
    row_rest = ("r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9")
    box_rest = ("r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3")
    expected = (removals(1, *row_rest) | removals(2, *row_rest) | removals(3, *box_rest)
                | removals(4, *box_rest))
    assert set(step.eliminations) == expected
    assert step.digits == (1, 2, 3, 4)
    assert step.units == (0, 18)
    text = step.explanation
    lines = text.split("\n")
    # One fact a line: the crossing, each set, the count, where each set's digits go, a removal
    # a line.
    assert ("So 1 and 2 can only be in the crossing cells or r1c5, all in row 1: no other cell of "
            "row 1 can hold them.") in lines
    assert ("And 3 and 4 only in the crossing cells or r2c2, all in box 1: no other cell of box 1 "
            "can hold them.") in lines
    assert lines[-1].startswith("To spot it: where a line crosses a box")
    assert lines[-4:-1] == ["Remove:", "  1 and 2 from r1c3, r1c4, r1c6, r1c7, r1c8 and r1c9",
                          "  3 and 4 from r1c3, r2c1, r2c3, r3c1, r3c2 and r3c3."], lines
    assert not text_problems(step), text_problems(step)


def test_sue_de_coq_does_not_fire_when_the_sets_share_a_digit():
    # The box's cell holds 1, which the line's cell holds too: the count no longer works.
    grid = made(("r1c1", [1, 2, 3]), ("r1c2", [1, 2, 4]), ("r1c5", [1, 2]), ("r2c2", [1, 3]))
    assert with_sets(tutor.find_steps(grid, "sue_de_coq"), intersection=["r1c1", "r1c2"],
                     line_cells=["r1c5"], box_cells=["r2c2"]) == []
    # Only one more digit than cells in the crossing: not a Sue de Coq.
    grid = made(("r1c1", [1, 2]), ("r1c2", [1, 3]), ("r1c5", [1, 2]), ("r2c2", [3, 4]))
    assert with_sets(tutor.find_steps(grid, "sue_de_coq"), intersection=["r1c1", "r1c2"]) == []


def test_sue_de_coq_fixtures_are_found_completely():
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    cases = [c for c in cases if c["technique_fn"] == "sueDeCoq"]
    assert len(cases) == 3
    for case in cases:
        found = set()
        for step in tutor.find_steps(tutor.parse(case["board"]), "sue_de_coq"):
            found |= set(step.eliminations)
        expected = {(cell_at(item["row"], item["col"]), d)
                    for item in case["expected"] for d in item["digits"]}
        assert found == expected, case["test"]


# --- HoDoKu's library -----------------------------------------------------------------------


def library_cases(codes):
    from test_reglib import load_cases

    return [c for c in load_cases() if c["code"] in codes]


def test_library_codes_pass_completely():
    from test_reglib import code_of, passes

    cases = library_cases(("0901", "0902", "0904", "1101"))
    failed = [f"{c['line']} {code_of(c)}" for c in cases if not passes(c)]
    assert len(cases) == 17 + 14 + 17 + 30
    assert not failed, failed


def test_overlapping_sets_are_what_hodoku_variant_two_needs():
    """HoDoKu's 0902-2 cases (its 'allow overlap' option) need sets sharing cells; its 0902-1
    cases must be found by sets sharing none, so the library test keeps only those there."""
    from test_reglib import grid_of, overlapping

    for case in library_cases(("0902",)):
        steps = [s for s in tutor.find_steps(grid_of(case), "als_xy_wing")
                 if "".join(map(str, s.digits)) == case["candidates"]]
        assert steps
        if case["variant"] == "2":
            assert all(overlapping(s) for s in steps), case["line"]


# --- Soundness, speed and texts on real puzzles ---------------------------------------------


def sweep(lines, check_texts=False):
    """Walk each puzzle with the full ladder less these techniques until stuck and check every
    step of theirs there against the solution (see conftest.sweep_finders); they only remove."""
    def own(line, step):
        found = [f"{line}: {step} places a digit"] if step.placements else []
        return found + (text_problems(step) if check_texts else [])

    # The chains beyond these (grouped chains, ALS chains) would take the positions they need.
    later = ("grouped_nice_loop", "grouped_aic", "als_chain")
    return sweep_finders(lines, [t for t in LADDER if t not in MY_IDS + later], FINDERS, own)


def text_problems(step) -> list[str]:
    found = pattern_text_problems(step, " a ALS")
    found += [f"{step}: {p}" for p in fact_line_problems(step.explanation)]
    return found + [f"{step}: {p}" for p in set_line_problems(step)]


SET_ROLES = {"als_xz": ("als_a", "als_b"), "als_xy_wing": ("als_a", "als_b", "pivot")}


def set_line_problems(step) -> list[str]:
    """The sets an ALS step's full hint must name, each on a line of its own with its cells and
    digits, and any cells two of them share named as shared."""
    names = SET_ROLES.get(step.technique)
    if step.technique == "als_chain":
        names = tuple(f"set_{n}" for n in range(1, len(step.units) + 1))
    elif step.technique == "death_blossom":
        names = tuple(name for name, _ in step.roles
                      if name.startswith("petal_") and not name.endswith("_digits"))
    if names is None:
        return []
    lines = step.explanation.split("\n")
    found = []
    for name in names:
        cells, digits = cells_name(step.role(name)), digits_name(step.role(f"{name}_digits"))
        if not any(cells in line and digits in line for line in lines):
            found.append(f"no line names {name}: {cells} holding {digits}")
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            for c in set(step.role(first)) & set(step.role(second)):
                if not any(cell_name(c) in line and ("share" in line or "inside" in line
                                                     or " in the petals for " in line)
                           for line in lines):
                    found.append(f"{first} and {second} share {cell_name(c)}, unsaid")
    return found


def puzzles(top: int, per_bucket: int) -> list[str]:
    lines = [l.split()[0] for l in read_lines(shared_file("top1465/top1465.sdm"), top)]
    for bucket in ("hard", "diabolical"):
        path = shared_file(f"se-rated/buckets_with_solutions/{bucket}_puzzle_and_solution.txt")
        lines += [l.split()[0] for l in read_lines(path, per_bucket)]
    return lines


def test_als_and_sue_de_coq_are_sound_on_real_puzzles():
    positions, checked, problems, slowest = sweep(puzzles(60, 30), check_texts=True)
    print(f"ALS/Sue de Coq soundness: {positions} positions, {checked} steps, {len(problems)} "
          f"problems, slowest finder call {slowest * 1000:.1f} ms of CPU")
    assert positions > 40 and checked > 100
    assert not problems, problems[:5]


@pytest.mark.slow
def test_als_and_sue_de_coq_are_sound_on_more_puzzles():
    positions, checked, problems, slowest = sweep(puzzles(300, 100))
    print(f"ALS/Sue de Coq soundness: {positions} positions, {checked} steps, {len(problems)} "
          f"problems, slowest finder call {slowest * 1000:.1f} ms of CPU")
    assert not problems, problems[:5]


def test_texts_name_every_eliminated_cell_on_the_library_cases():
    from test_reglib import grid_of

    ids = {"0901": "als_xz", "0902": "als_xy_wing", "0904": "death_blossom",
           "1101": "sue_de_coq"}
    steps = []
    for case in library_cases(tuple(ids)):
        steps += tutor.find_steps(grid_of(case), ids[case["code"]])
    assert {s.technique for s in steps} == set(MY_IDS)
    problems = [p for s in steps for p in text_problems(s)]
    assert not problems, problems[:5]


def test_the_shared_search_never_answers_for_another_position():
    first, second = made(*XZ), made(*SDC)
    fresh = [str(s) for s in tutor.find_steps(second, "als_xz")]
    tutor.find_steps(first, "als_xz")  # leaves the first position's sets behind
    assert [str(s) for s in tutor.find_steps(second, "als_xz")] == fresh
    assert [str(s) for s in tutor.find_steps(first, "als_xy_wing")] == [
        str(s) for s in als.als_xy_wings(first.values, list(first.masks))]
    assert fresh != [str(s) for s in tutor.find_steps(first, "als_xz")]


def test_registry_places_them_beyond_the_card_by_rating():
    for technique_id in MY_IDS:
        entry = technique(technique_id)
        assert entry.level is None and entry.score_group == technique_id
    assert technique("sue_de_coq").rating == 5.0
    assert technique("als_xz").rating < technique("als_xy_wing").rating < 6.5
    order = list(LADDER)
    assert order.index("bug_plus_one") < order.index("als_xz") < order.index("als_xy_wing")
    assert order.index("als_xy_wing") < order.index("death_blossom")


def test_the_sets_ties_and_near_sets_agree_with_their_definitions_on_real_positions():
    """The finders pair only the sets that the bitsets of ties and near sets allow: on real
    stuck positions those bitsets are exactly the pairwise definitions (a restricted common digit
    of two sets, possibly sharing cells; two sets whose cells seeing all their places of a digit
    meet), and so are the ties as lists, the sets tied twice, those ALS-XZ may pair and the sets
    reaching outside with more than two digits."""
    problems: list[str] = []

    def check(values, masks):
        found = index.als_index(masks)
        sets = found.sets
        wide = 0
        for i, a in enumerate(sets):
            links = []
            twice = pairing = 0
            reaching = sum(1 << (d - 1) for d in range(1, 10) if a.seers[d])
            if reaching != found.reaching[i]:
                problems.append(f"reaching of {i}")
            if bin(reaching).count("1") > 2:
                wide |= 1 << i
            for j, b in enumerate(sets):
                shared = a.cells & b.cells
                rcs = untied_near = 0
                for d in range(1, 10):
                    both = a.mask & b.mask & 1 << (d - 1)
                    tied = bool(both) and i != j and not b.holders[d] & ~a.seers[d] and not (
                        shared and (a.holders[d] & shared or shared in (a.cells, b.cells)))
                    near = bool(both) and bool(a.seers[d] & b.seers[d])
                    if tied != bool(found.ties[10 * i + d] >> j & 1):
                        problems.append(f"tie {i} {j} {d}")
                    if near != bool(found.near[10 * i + d] >> j & 1):
                        problems.append(f"near {i} {j} {d}")
                    rcs |= both if tied else 0
                    untied_near |= near and not tied
                if rcs:
                    links.append((j, rcs))
                    twice |= (bin(rcs).count("1") > 1) << j
                    pairing |= (bin(rcs).count("1") > 1 or untied_near) << j
            if found.links[i] != links:
                problems.append(f"links of {i}")
            if found.twice[i] != twice or found.pairing[i] != pairing:
                problems.append(f"twice or pairing of {i}")
        if found.wide != wide:
            problems.append("wide")
        return iter(())

    lines = puzzles(0, 4)
    positions, _, _, _ = sweep_finders(lines, [t for t in LADDER if t not in MY_IDS + (
        "grouped_nice_loop", "grouped_aic", "als_chain")], dict(FINDERS, check=check))
    assert positions > 5
    assert not problems, problems[:5]


# --- What the build keeps from one position to the next ---------------------------------------


def built(grid) -> tuple:
    """Everything the position's build holds, and the ALS-XZ and ALS-XY-Wing steps."""
    values, masks = list(grid.values), list(grid.masks)
    current().als_found = None  # not the finders' shared answer: a build of this position now
    found = index.als_index(masks)
    return (found.sets, found.ties, found.tied, found.near, found.near_any, found.seen,
            found.reaching, found.twice, found.pairing, found.wide, found.links,
            list(als.als_xz(values, masks)), list(als.als_xy_wings(values, masks)))


def test_the_remembered_build_is_the_build_from_nothing_along_real_walks():
    # The build keeps each unit's sets, each set and each digit's places from the position
    # before, as long as what they depend on is unchanged. Along real graded paths (warm), and
    # backwards, where candidates come back, and across puzzles, it must hold exactly what a
    # build with nothing kept (cold) holds, and the finders must find the same steps in order.

    positions = diabolical_stuck_positions()
    for order in (positions, positions[::-1]):
        with searching():  # one search along the path: what the build keeps serves the next
            warm = [built(grid) for grid in order]
        cold = []
        for grid in order:
            with searching():
                cold.append(built(grid))
        assert warm == cold
        assert any(xz for *_, xz, _ in warm) and any(xy for *_, xy in warm)
    grid = positions[len(positions) // 2]
    assert built(grid)[0] == index.almost_locked_sets(list(grid.masks),
                                                      digit_cell_sets(list(grid.masks)))


def test_the_build_keeps_one_position_in_its_search():
    # The search keeps the last position's build only (bounded memories of places and spots);
    # a new search starts with none.
    with searching() as search:
        for grid in diabolical_stuck_positions():
            found = index.AlsIndex(list(grid.masks))
            cells, units, entries, places = search.als_built
            assert [entry.als for entry in entries.values()] == found.sets
            assert len(units) == 27
            assert all(len(kept) < index._INFOS_KEPT + len(found.sets) * 9 for kept in places)
            assert len(search.als_spots) < index._SPOTS_KEPT + 2 * len(found.sets) * 9
    with searching() as search:
        assert search.als_built is None and search.als_spots is None


def test_sue_de_coq_second_pool_lists_every_set_that_can_pair():
    # The second pool's sets are drawn only from the cells holding none of some first-pool set's
    # digits of the crossing: at real stuck positions, exactly the sets of the full listing that
    # share no such digit with some first-pool set must be there.
    checked = 0
    tables = sue_de_coq._tables()  # the classic board's
    for grid in diabolical_stuck_positions(8):  # from 8 puzzles on, some sets lie in two pools
        masks = grid.live_masks
        for line, box in tables.crossings:
            line_cells = [c for c in UNITS[line] if masks[c]]
            box_cells = [c for c in UNITS[box] if masks[c]]
            crossing = [c for c in line_cells if c in box_cells]
            if len(crossing) < 2:
                continue
            for core in tables.cores[len(crossing)]:
                core_cells = [crossing[i] for i in core]
                core_mask = 0
                for c in core_cells:
                    core_mask |= masks[c]
                spare = bin(core_mask).count("1") - len(core_cells)
                if spare < 2:
                    continue
                for first, second in ((line_cells, box_cells), (box_cells, line_cells)):
                    first_pool = [c for c in first if c not in core_cells]
                    second_pool = [c for c in second if c not in core_cells]
                    first_groups = sue_de_coq._groups(tables, first_pool, masks, core_mask, spare)
                    expected = {
                        key: sorted(sets) for key, sets in
                        sue_de_coq._groups(tables, second_pool, masks, core_mask, spare).items()
                        if any(not key[1] & digits for _, digits in first_groups)}
                    found = sue_de_coq._groups_avoiding(tables, second_pool, masks, core_mask, spare,
                                                        first_groups)
                    assert {key: sorted(sets) for key, sets in found.items()} == expected
                    checked += 1
    assert checked > 1000


def test_als_xy_wings_come_easiest_first_one_per_set_of_removals_on_real_positions():
    # The walk mostly reads the first wing only, so the finder builds each step when reached,
    # in the order it promises: sets sharing no cell first, then the fewest cells (counted once
    # per set), then the most removals; one wing per set of removals.

    seen_wings = 0
    for grid in diabolical_stuck_positions():
        values, masks = list(grid.values), list(grid.masks)
        steps = list(als.als_xy_wings(values, masks))
        seen_wings += len(steps)
        keys = [(als.shares_cells(s), als._pattern_size(s), -len(s.eliminations)) for s in steps]
        assert keys == sorted(keys)
        assert len({s.eliminations for s in steps}) == len(steps)
        first = next(als.als_xy_wings(values, masks), None)
        assert first == (steps[0] if steps else None)
    assert seen_wings > 0


def test_a_death_blossom_whose_stem_can_be_the_removed_digit_says_the_stem_is_seen_too():
    # Stem r5c5 {1,3}; petals: 1 -> r5c1 {1,3} (row 5), 3 -> r4c4 {3,7} (box 5). If the stem is 1,
    # r5c1 is 3; if it is 3, the 3-petal may lose its 3, but the stem is the 3. r5c4 and r5c6 see
    # r5c1, r4c4 and the stem: they lose 3. A cell seeing both petals but not the stem would not.
    grid = made(("r5c5", [1, 3]), ("r5c1", [1, 3]), ("r4c4", [3, 7]))
    steps = [s for s in tutor.find_steps(grid, "death_blossom")
             if s.role("stem") == (cell("r5c5"),) and s.role("petal_3") == cells("r4c4")]
    assert steps and all(s.digits == (3,) for s in steps)
    step = steps[0]
    assert set(step.eliminations) == removals(3, "r5c4", "r5c6")
    text = step.explanation
    assert "If r5c5 is 3 itself" in text and "and r5c5 too cannot be 3" in text
    assert "whichever digit the stem takes" not in text


def graded_step(puzzle: str, technique: str):
    """The first step of `technique` on the puzzle's graded path."""
    return next(s for s in tutor.grade(tutor.parse(puzzle)).steps if s.technique == technique)


def test_an_als_chain_whose_first_set_lies_inside_the_last_says_so_and_what_follows():
    # SE-rated diabolical: set 1 is r2c1 {5,7}, set 4 r2c1 and r7c1 {4,5,7}. "7 is in set 1 or in
    # set 4" then means set 4 holds the 7 either way.
    step = graded_step("300090002020104000000300700603500080870000014010007605002001000000905020"
                       "900030006", "als_chain")
    assert step.role("set_1") == cells("r2c1") and step.role("set_4") == cells("r2c1", "r7c1")
    lines = step.explanation.split("\n")
    assert ("Set 1 lies inside set 4 (r2c1 is in both), so if set 1 holds the 7, set 4 does too: "
            "set 4 holds the 7 either way.") in lines
    assert "So a cell that sees every 7 of set 4 (and so every 7 of both sets) cannot be 7." in lines
    assert lines[-2] == "Remove 7 from r8c1 (it sees every 7 of the sets that hold it)."
    assert lines[-1].startswith("To spot it: look for almost locked sets")
    # One set a line, each tie on its own line under it, the chain one link a line.
    assert "Set 2: r2c5, r6c5, r7c5 and r8c5 (column 5), holding 4, 5, 6, 7 and 8" in lines
    assert "  every 6 of set 2 sees every 6 of set 3" in lines
    assert "  so r7c4 is not 6 (box 8 has only one 6)" in lines
    assert not text_problems(step), text_problems(step)


def test_a_death_blossom_whose_petals_share_a_cell_says_which_and_why_it_holds():
    # Stem r6c8 {2,6,8}: every petal holds r4c1. Only the petal of the stem's digit is used.
    step = graded_step("040280030010006007609070008000092000900000004000740000500020803400800010"
                       "070035090", "death_blossom")
    lines = step.explanation.split("\n")
    assert "  r4c1 is in the petals for 2, 6 and 8" in lines
    assert any(line.startswith("That does not weaken the argument: it uses only the one petal")
               for line in lines)
    assert "  for 8, r4c1, r4c4, r4c7, r4c8 and r4c9 holding 1, 3, 5, 6, 7 and 8" in lines
    assert not text_problems(step), text_problems(step)
