"""Grouped nice loops, grouped AICs and ALS chains: made positions, HoDoKu's cases, soundness and
speed on real puzzles, and the texts."""

import json

import pytest

import tutor
from tutor.engine.als_index import als_index
from tutor.engine.techniques import als, grouped
from tutor.app.view import chain_line
from tutor.engine.chain import IN_SET, SET_FORCES_CELL
from tutor.engine.registry import LADDER, RATINGS, technique
from tutor.model.geometry import (
    BOX_UNITS, COLUMN_UNITS, DIGITS_IN, PEERS, cell_at, cell_name, cells_of_bits,
    parse_cell_name as cell,
)
from tutor.model.grid import Grid
from conftest import shared_file, sweep_finders

IDS = ("grouped_nice_loop", "grouped_aic", "als_chain")
FINDERS = {"grouped_nice_loop": grouped.grouped_nice_loops, "grouped_aic": grouped.grouped_aics,
           "als_chain": als.als_chains}


def removals(digit: int, *names) -> set:
    return {(cell(n), digit) for n in names}


def names(cells) -> list[str]:
    return [cell_name(c) for c in cells]


def ones_only_in(*places) -> Grid:
    """An empty board whose rows 1 and 3 and box 2 keep their 1 only in `places`."""
    keep = {cell(p) for p in places}
    drop = [(cell_at(r, c), 1) for r in (0, 2) for c in range(9)]
    drop += [(cell_at(r, c), 1) for r in range(3) for c in range(3, 6)]
    return Grid.empty().eliminate(d for d in drop if d[0] not in keep)


# The 1s of row 1 are r1c1 and the group r1c5/r1c6 (box 2, row 1); box 2's are that group and
# r3c4; row 3's are r3c4 and r3c2. If r1c1 is not 1, the group holds it, so r3c4 does not, so
# r3c2 does: r1c1 or r3c2 is 1, and the rest of box 1 loses its 1s.
GROUPED = ("r1c1", "r1c5", "r1c6", "r3c4", "r3c2")


def test_grouped_aic_through_a_box_and_line_group():
    grid = ones_only_in(*GROUPED)
    steps = tutor.find_steps(grid, "grouped_aic")
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(1, "r2c1", "r2c2", "r2c3")
    assert names(step.cells) == ["r1c1", "r1c5", "r1c6", "r3c4", "r3c2"]
    assert step.role("groups") == (cell("r1c5"), cell("r1c6"))
    assert [link.strong for link in step.chain] == [True, False, True]
    assert step.chain[0].conclusion.cells == (cell("r1c5"), cell("r1c6"))
    assert step.rating == 7.1
    text = step.explanation
    assert "r1c1 is not 1, so the 1 of r1c5 or r1c6 is there (the only other place" in text
    assert "so r3c4 is not 1 (box 2 has only one 1)" in text
    assert "Either way r2c1, r2c2 and r2c3 cannot be 1: each sees both r1c1 and r3c2." in text
    assert "r1c5 or r1c6" in step.pattern and "strong link in row 1" in step.pattern
    assert "grouped alternating inference chain" in step.nudge


def test_grouped_chains_need_the_group_to_be_all_the_places():
    # A third 1 in row 1 outside the box: row 1 no longer ties r1c1 to the group.
    grid = ones_only_in(*GROUPED, "r1c9")
    assert tutor.find_steps(grid, "grouped_aic") == []
    assert all(not s.role("groups") or cell("r1c9") in s.cells
               for s in tutor.find_steps(grid, "grouped_nice_loop"))


def test_grouped_continuous_nice_loop_and_discontinuous_ones():
    grid = ones_only_in(*GROUPED)
    steps = tutor.find_steps(grid, "grouped_nice_loop")
    continuous = [s for s in steps if not s.role("discontinuous")]
    assert len(continuous) == 1
    loop = continuous[0]
    # r3c2 true and r1c1 false close the loop in box 1: one of them is the 1.
    assert set(loop.eliminations) == removals(1, "r2c1", "r2c2", "r2c3")
    assert loop.chain[-1].conclusion == loop.chain[0].premise and loop.chain[-1].weak
    assert "Either way r2c3 cannot be 1: it sees r3c2 and r1c1" in loop.explanation
    # Each of r2c1, r2c2, r2c3 true would make itself false around the loop.
    single = {s.eliminations for s in steps if s.role("discontinuous")}
    assert single == {((cell(n), 1),) for n in ("r2c1", "r2c2", "r2c3")}
    step = next(s for s in steps if s.role("discontinuous"))
    assert step.explanation.startswith(f"Suppose {cell_name(step.role('ends')[0])} is 1.")


def test_plain_chains_are_left_to_the_plain_techniques():
    """A chain with neither a group nor a set is a plain AIC or nice loop, never a grouped one."""
    # r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c1 {4,1}: an XY-chain and nice loop, no group.
    grid = Grid.empty()
    for name, digits in (("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]),
                         ("r5c1", [1, 4])):
        grid = grid.with_candidates(cell(name), digits)
    assert tutor.find_steps(grid, "nice_loop")
    # The empty cells' many almost locked sets make other grouped loops; each goes through a
    # group or a set.
    loops = tutor.find_steps(grid, "grouped_nice_loop")
    assert all(s.role("groups") or grouped.uses_sets(s) for s in loops)
    assert all(s.role("groups") or grouped.uses_sets(s)
               for s in tutor.find_steps(grid, "grouped_aic"))


def test_grouped_aic_through_an_almost_locked_set():
    # r1c1 {1,2}: not 1, so 2; r1c5 loses its 2 ... the set r5c5/r5c6 {3,4,6} in row 5 loses its
    # 3 (seen by r1c5's 3? no: by r1c5 {2,3} being 3), so holds 4 in r5c6, and r5c1 {1,4} is 1.
    grid = Grid.empty()
    for name, digits in (("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 6]),
                         ("r5c6", [4, 6]), ("r5c1", [1, 4])):
        grid = grid.with_candidates(cell(name), digits)
    steps = [s for s in tutor.find_steps(grid, "als_chain")
             if set(s.eliminations) == removals(1, *[f"r{r}c1" for r in (2, 3, 4, 6, 7, 8, 9)])]
    assert steps
    step = steps[0]
    assert len(step.units) == 4 and step.role("set_3") == (cell("r5c5"), cell("r5c6"))
    assert step.role("ties") == (2, 3, 4)
    assert step.rating == 7.2
    text = step.explanation
    assert "Suppose set 1 had no 1, and follow the chain one link at a time:" in text
    # One link a line: inside a set (it holds its other digits) and between sets (a weak link).
    assert ("  so r5c6 is 4 (set 3 without 3 holds all its other digits, 4 among "
            "them)\n  so r5c1 is not 4 (row 5 has only one 4)\n") in text
    assert "So if set 1 had no 1, set 4 would hold it: 1 is in set 1 or in set 4." in text
    # The chain's links: each set's places of a digit, strong inside a set, weak between sets.
    assert [(link.unit == IN_SET, link.strong) for link in step.chain] == [
        (True, True), (False, False)] * 3 + [(True, True)]
    assert chain_line(step) == "a = b -2- c = d -3- e = f -4- g = h"
    assert text.split("\n")[-2].endswith("(each sees every 1 of the sets that hold it).")
    # Give r5c6 a 3 and the set's 3s no longer all see r1c5's: that tie is gone.
    broken = grid.with_candidates(cell("r5c6"), [3, 4, 6])
    assert all(s.role("set_3") != (cell("r5c5"), cell("r5c6"))
               for s in tutor.find_steps(broken, "als_chain"))
    # The grouped chains through a set cross it by a strong link inside it.
    sets = [s for s in tutor.find_steps(grid, "grouped_nice_loop") if grouped.uses_sets(s)]
    assert sets and all(any(link.unit == IN_SET for link in s.chain) for s in sets)


def test_registered_before_backtracking_in_rating_order():
    for technique_id in IDS:
        entry = technique(technique_id)
        assert entry.level is None and technique_id in LADDER
        assert technique("aic").order < entry.order < technique("backtracking").order
    assert [technique(t).rating for t in IDS] == [7.1, 7.1, 7.2]
    assert "grouped" in RATINGS and "ALS chain" in RATINGS


# --- HoDoKu's regression library --------------------------------------------------------------


def reglib_cases(codes):
    from test_reglib import code_of

    path = shared_file("reglib/reglib-1.3.parsed.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines()]
    return [c for c in cases if c["code"] in codes and not c["disabled"]
            and code_of(c) is not None]


def test_reglib_grouped_and_als_chain_cases_pass():
    from test_reglib import code_of, load_cases, passes

    codes = ("0709", "0710", "0711", "0903")
    cases = [c for c in load_cases() if c["code"] in codes]
    counts = {}
    for case in cases:
        counts[code_of(case)] = counts.get(code_of(case), 0) + 1
    assert sum(counts.values()) == 96 + 15 - 8 - 2 - 1
    assert [c["line"] for c in cases if not passes(c)] == []


def test_reglib_grouped_lines_with_other_sound_chains():
    """On these boards HoDoKu's grouped chain is exactly one of ours, and every one of ours with
    the same digits (HoDoKu's table search builds one path per candidate and drops it when it
    crosses itself, so it misses some that ours finds) is sound."""
    from test_reglib import (
        CODES, GROUPED_OTHER_CHAINS, code_of, digits_of, effect, grid_of, passes, triples)

    cases = [c for c in reglib_cases(("0709", "0710", "0711"))
             if c["line"] in GROUPED_OTHER_CHAINS]
    assert len(cases) == len(GROUPED_OTHER_CHAINS)
    for case in cases:
        assert not passes(case)
        grid = grid_of(case)
        solution = tutor.solve(grid.as_puzzle()).values
        technique_id, keep = CODES[code_of(case)]
        steps = [s for s in tutor.find_steps(grid, technique_id)
                 if digits_of(s, grid, case["code"]) == case["candidates"]
                 and (keep is None or keep(s))]
        expected = triples(case["eliminations"]), triples(case["placements"])
        assert expected in [effect(s, grid, case["code"]) for s in steps], case["line"]
        for step in steps:
            assert all(solution[c] != d for c, d in step.eliminations), (case["line"], str(step))
            assert all(solution[c] == d for c, d in step.placements), (case["line"], str(step))


# The candidate ours clears besides HoDoKu's on each of its loops: a cell of one of the loop's
# groups or sets that sees both ends of one of its weak links on that digit.
MORE_REMOVALS = {1247: ("r8c3", 2), 1253: ("r1c1", 3)}


def test_reglib_grouped_loops_also_clear_a_cell_of_their_own_group_or_set():
    """HoDoKu never clears a cell its continuous loop touches, a group's or a set's included;
    ours clears every cell but the loop's single cells that sees both ends of a weak link (each
    weak link of a continuous loop has exactly one true end, whatever else the cell holds). One
    loop on each board: HoDoKu's removals and that one more, all sound."""
    from test_reglib import CODES, GROUPED_MORE_REMOVALS, code_of, digits_of, grid_of, triples

    cases = [c for c in reglib_cases(("0709",)) if c["line"] in GROUPED_MORE_REMOVALS]
    assert sorted(c["line"] for c in cases) == sorted(MORE_REMOVALS)
    for case in cases:
        grid = grid_of(case)
        solution = tutor.solve(grid.as_puzzle()).values
        technique_id, keep = CODES[code_of(case)]
        steps = [s for s in tutor.find_steps(grid, technique_id)
                 if digits_of(s, grid, case["code"]) == case["candidates"] and keep(s)]
        assert len(steps) == 1, case["line"]
        step = steps[0]
        name, digit = MORE_REMOVALS[case["line"]]
        extra = (cell(name), digit)
        assert set(step.eliminations) == triples(case["eliminations"]) | {extra}
        groups_and_sets = set(step.role("groups"))
        for n in range(1, 9):
            groups_and_sets |= set(step.role(f"set_{n}"))
        single = {link.premise.cells[0] for link in step.chain if len(link.premise.cells) == 1}
        assert extra[0] in groups_and_sets - single
        assert any(link.weak and link.premise.digit == link.conclusion.digit == digit
                   and all(p in PEERS[extra[0]] for p in link.premise.cells + link.conclusion.cells)
                   for link in step.chain), case["line"]
        assert all(solution[c] != d for c, d in step.eliminations), case["line"]


def test_reglib_grouped_loop_through_its_own_cells_is_not_built():
    """Line 1299: HoDoKu removes 8 from r3c8 by a loop that passes r1c8 and r1c9 twice. If r3c8
    were 8, the 8 of r1c8 or r1c9 would not be there, so r1c1 would be 8; the set r2c3, r3c3,
    r5c3 would lose its 8 and hold 6, so r1c2 would be 1; the set r1c7, r1c8, r1c9, r2c9, r3c9
    would lose its 1 and hold 8, seen by r3c8. That set holds the group's cells again. Ours
    never enters a cell twice and finds no loop for that 8; the removal is sound."""
    from test_reglib import CODES, GROUPED_CROSSING, code_of, digits_of, grid_of, triples

    [case] = [c for c in reglib_cases(("0710",)) if c["line"] in GROUPED_CROSSING]
    grid = grid_of(case)
    group = {cell("r1c8"), cell("r1c9")}
    first = {cell(n) for n in ("r2c3", "r3c3", "r5c3")}
    second = {cell(n) for n in ("r1c7", "r1c8", "r1c9", "r2c9", "r3c9")}
    row_1_box_3 = {c for c in range(3) if grid.masks[cell_at(0, 6 + c)] >> 7 & 1}
    assert {cell_at(0, 6 + c) for c in row_1_box_3} == group
    for cells, digits in ((first, {6, 8}), (second, {1, 8})):
        union = 0
        for c in cells:
            union |= grid.masks[c]
        assert bin(union).count("1") == len(cells) + 1 and all(union >> (d - 1) & 1
                                                                for d in digits)
    assert group <= second
    assert triples(case["eliminations"]) == {(cell("r3c8"), 8)}
    technique_id, keep = CODES[code_of(case)]
    steps = [s for s in tutor.find_steps(grid, technique_id)
             if digits_of(s, grid, case["code"]) == "8" and keep(s)]
    assert all((cell("r3c8"), 8) not in s.eliminations for s in steps)
    assert tutor.solve(grid.as_puzzle()).values[cell("r3c8")] != 8


def test_a_set_forcing_a_cell_and_two_sets_tied_by_a_digit():
    """HoDoKu's links out of a set (line 1287, a placement): a set without one digit holds all
    the others, which may leave a cell of three digits just one (a strong link from the set's
    places of that digit to the cell's); and two sets whose places of a digit all see each
    other cannot both hold it (a weak link)."""
    from test_reglib import grid_of

    [case] = [c for c in reglib_cases(("0710",)) if c["line"] == 1287]
    grid = grid_of(case)
    steps = [s for s in tutor.find_steps(grid, "grouped_nice_loop")
             if s.placements == ((cell("r3c7"), 9),)]
    assert len(steps) == 1
    step = steps[0]
    assert step.role("set_1") == (cell("r7c8"), cell("r7c9"), cell("r9c9"))
    assert step.role("set_2") == (cell("r1c9"), cell("r3c9"))
    assert [link.unit for link in step.chain] == [
        BOX_UNITS[2], COLUMN_UNITS[7], IN_SET, COLUMN_UNITS[8], SET_FORCES_CELL]
    # The tie: set 1's 5 (r9c9) and set 2's 5 (r1c9), in column 9.
    tie = step.chain[3]
    assert tie.weak and tie.premise.cells == (cell("r9c9"),) and tie.conclusion.cells == (
        cell("r1c9"),)
    text = step.explanation
    assert ("so r3c7 is 9 (set 2 without 5 holds all its other digits, and they "
            "leave r3c7 only 9)") in text
    assert "So if r3c7 is not 9, it is 9" in text
    assert "strong link between an almost locked set and a cell it forces" in step.pattern
    assert step.rating == 7.3


def test_a_loop_through_a_group_holding_its_own_cell():
    """Line 1280: HoDoKu's loop goes through the group r9c4/r9c5/r9c6 of 7 while it leaves and
    comes back to r9c4 (at 6 and 8): the group stands for row 9's 7s in box 8, the start cell's
    among them. Not 6 there makes it not 8 either, and 6 makes it not 8 too."""
    from test_reglib import grid_of

    [case] = [c for c in reglib_cases(("0710",)) if c["line"] == 1280]
    grid = grid_of(case)
    steps = [s for s in tutor.find_steps(grid, "grouped_nice_loop")
             if s.eliminations == ((cell("r9c4"), 8),) and not grouped.uses_sets(s)]
    assert len(steps) == 1
    step = steps[0]
    assert len(step.chain) == 6 and step.role("groups") == (cell("r9c4"), cell("r9c5"),
                                                            cell("r9c6"))
    text = step.explanation
    assert text.startswith("Suppose r9c4 is not 6.")
    assert "so the 7 of r9c4, r9c5 or r9c6 is there (the only other place for 7 in row 9)" in text
    assert "So if r9c4 is not 6, it is not 8 either; and if it is 6, it is not 8." in text
    assert "Either way r9c4 cannot be 8." in text


# HoDoKu's ALS chain lines on boards rich in sets, where tens of thousands of chains run through
# the position: the chains they need are four to seven sets long.
LONG_ALS_CHAINS = {1445: 5, 1452: 4, 1455: 6, 1459: 7}


def test_reglib_long_als_chains_are_found_within_the_bound():
    """The search follows each (set, digits it lacks) once for every chain start at once, so on
    these boards it finds the chains HoDoKu's removals need well within its bound: a bound ten
    times larger finds the same steps."""
    from test_reglib import grid_of, passes, triples

    cases = [c for c in reglib_cases(("0903",)) if c["line"] in LONG_ALS_CHAINS]
    assert len(cases) == len(LONG_ALS_CHAINS)
    for case in cases:
        assert passes(case), case["line"]
        grid = grid_of(case)
        found = tutor.find_steps(grid, "als_chain")
        steps = [s for s in found if "".join(map(str, s.digits)) == case["candidates"]]
        assert [len(s.units) for s in steps] == [LONG_ALS_CHAINS[case["line"]]], case["line"]
        assert set(steps[0].eliminations) == triples(case["eliminations"])
        assert not als.chain_shares_cells(steps[0])
        longer = als.als_chains_within(grid.masks, 10 * als.CHAIN_SEARCH_BUDGET)
        assert [str(s) for s in longer] == [str(s) for s in found], case["line"]


def simple_chain_removals(masks, longest: int) -> dict[tuple, int]:
    """The removals of every ALS chain of at most `longest` sets, by the definition: a depth-first
    search over chains of distinct sets (each tie passing on its digits but those the set
    lacks), each set of removals with the fewest sets that make it (first set numbered below the
    last, as the finder reads them)."""
    position = als_index(masks)
    sets, links, near = position.sets, position.links, position.near
    fewest: dict[tuple, int] = {}

    def extend(start, first_tie, here, lacked, used, length):
        if length >= 4 and here > start:
            removed = []
            for z in DIGITS_IN[sets[start].mask & sets[here].mask & ~first_tie & ~lacked]:
                if near[10 * here + z] >> start & 1:
                    removed += [(c, z) for c in
                                cells_of_bits(sets[start].seers[z] & sets[here].seers[z])]
            if removed:
                key = tuple(sorted(removed))
                fewest[key] = min(fewest.get(key, length), length)
        if length < longest:
            for other, digits in links[here]:
                passing = digits & ~lacked
                if passing and not used >> other & 1:
                    extend(start, first_tie, other, passing, used | 1 << other, length + 1)

    for start, als_set in enumerate(sets):
        for digit in DIGITS_IN[als_set.mask]:
            tie = 1 << (digit - 1)
            for other, digits in links[start]:
                if digits & tie:
                    extend(start, tie, other, tie, 1 << start | 1 << other, 2)
    return fewest


# Boards of HoDoKu's almost locked set lines (ALS-XZ, ALS-XY-Wing, ALS chain) rich in chains of
# four and five sets.
DEFINITION_BOARDS = (1415, 1419, 1420, 1421, 1422, 1423, 1435, 1449, 1450, 1459)


def test_als_chains_are_every_chain_the_definition_finds():
    """The finder's steps are exactly the removals of every chain of distinct sets up to five
    sets long, each with the fewest sets that make it: following each state once for all chain
    starts loses no chain that a search over the chains themselves finds."""
    from test_reglib import grid_of

    cases = [c for c in reglib_cases(("0901", "0902", "0903")) if c["line"] in DEFINITION_BOARDS]
    assert len(cases) == len(DEFINITION_BOARDS)
    compared = 0
    for case in cases:
        grid = grid_of(case)
        expected = simple_chain_removals(list(grid.masks), 5)
        found = {s.eliminations: len(s.units) for s in tutor.find_steps(grid, "als_chain")
                 if len(s.units) <= 5}
        assert found == expected, case["line"]
        compared += len(expected)
    assert compared > 200


# --- Soundness, texts and speed on real puzzles -----------------------------------------------


def text_problems(step) -> list[str]:
    texts = [step.hint(level) for level in (1, 2, 3)] + [str(step)]
    found = [f"{step}: an empty text" for t in texts if not t.strip()]
    full = step.explanation
    found += [f"{step}: the full hint misses {cell_name(c)}" for c in step.eliminated_cells
              if cell_name(c) not in full]
    found += [f"{step}: the full hint misses {cell_name(c)}" for c, _ in step.placements
              if cell_name(c) not in full]
    if step.chain and len(full.splitlines()) < len(step.chain) + 2:
        found.append(f"{step}: not one link a line")
    if " a 8" in " ".join(texts) or " a 1 " in " ".join(texts):
        found.append(f"{step}: a wrong article")
    return found


def chain_problems(step) -> list[str]:
    """Each link starts where the last ended and links alternate strong and weak; a grouped chain
    has a group or a set; an ALS chain's ties differ one to the next."""
    links = step.chain
    found = []
    if step.technique == "als_chain":
        ties = step.role("ties")
        if any(a == b for a, b in zip(ties, ties[1:])):
            found.append(f"{step}: a tie repeats")
        if len(links) != 2 * len(step.units) - 1 or not all(
                link.strong == (link.unit == IN_SET) for link in links):
            found.append(f"{step}: not one strong link inside each set, weak ones between")
    for before, after in zip(links, links[1:]):
        if before.conclusion != after.premise or before.strong == after.strong:
            found.append(f"{step}: a broken chain")
    if step.technique == "als_chain":
        return found
    if not (step.role("groups") or grouped.uses_sets(step)):
        found.append(f"{step}: no group and no set")
    if step.technique == "grouped_aic" and not (links[0].strong and links[-1].strong):
        found.append(f"{step}: an AIC not strong at both ends")
    return found


def sweep(lines):
    """Walk each puzzle with the full ladder less these techniques until stuck, and check every
    step they yield there against the solution, its links and its texts."""
    def own(line, step):
        return chain_problems(step) + text_problems(step)

    ids = [t for t in LADDER if t not in IDS]
    return sweep_finders(lines, ids, FINDERS, own)


def test_grouped_and_als_chains_are_sound_on_top1465_and_se_rated_puzzles():
    from test_als import puzzles

    positions, checked, problems, slowest = sweep(puzzles(30, 10))
    print(f"grouped and ALS chains soundness: {positions} positions, {checked} steps, "
          f"{len(problems)} problems, slowest finder call {slowest * 1000:.1f} ms")
    assert positions > 10 and checked > 50 and not problems, problems[:5]


@pytest.mark.slow
def test_grouped_and_als_chains_are_sound_on_more_of_top1465():
    from test_als import puzzles

    positions, checked, problems, slowest = sweep(puzzles(400, 0))
    print(f"{positions} positions, {checked} steps, slowest {slowest * 1000:.1f} ms")
    assert not problems, problems[:5]


def test_grouped_loops_first_needs_no_more_search():
    # The loops are worked out (path, removals) in the order they are given, only as far as
    # asked: the first, taken alone, must be the full list's first.
    from test_dead_ends import diabolical_stuck_positions

    found = 0
    for grid in diabolical_stuck_positions(2)[::2]:
        steps = list(grouped.grouped_nice_loops(grid.values, grid.live_masks))
        first = next(grouped.grouped_nice_loops(grid.values, grid.live_masks), None)
        assert first == (steps[0] if steps else None)
        found += len(steps)
    assert found
