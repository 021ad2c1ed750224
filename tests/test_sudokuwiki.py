"""Completeness on SudokuWiki-style fixtures: find_steps finds every instance on the board.

Each fixture (../shared/data/sudokuwiki-fixtures, MIT, from joeseibel/sudoku-solver) gives a
candidate board and the merged result of ALL instances of one technique.
"""

import json


import tutor
from tutor.engine.techniques.grouped import one_digit, uses_sets
from tutor.model.geometry import cell_at
from conftest import shared_file


def x_cycle(step) -> bool:
    return one_digit(step) and not uses_sets(step)


OURS = {
    "nakedSingles": ["naked_single"],
    "hiddenSingles": ["hidden_single"],
    "nakedPairs": ["naked_pair"],
    "nakedTriples": ["naked_triple"],
    "nakedQuads": ["naked_quad"],
    "hiddenPairs": ["hidden_pair"],
    "hiddenTriples": ["hidden_triple"],
    "hiddenQuads": ["hidden_quad"],
    "pointingPairsPointingTriples": ["pointing"],
    "boxLineReduction": ["claiming"],
    "emptyRectangles": ["empty_rectangle"],
    "yWing": ["xy_wing"],
    "xyzWing": ["xyz_wing"],
    "wxyzWing": ["wxyz_wing"],
    # Rule 2 is a colour twice in a unit (our wrap), rule 4 a cell seeing both colours (our trap).
    "simpleColoringRule2": [("simple_colors", lambda s: bool(s.role("clash")))],
    "simpleColoringRule4": [("simple_colors", lambda s: not s.role("clash"))],
    "bug": ["bug_plus_one"],
    # SudokuWiki's type 2 includes roofs on a diagonal (HoDoKu's type 5); its types 3 and "3B with
    # triple pseudo-cells" are our type 3 with a naked pair and a naked triple. (SudokuWiki's type 5
    # is our type 6 seen from the other side: tests/test_uniqueness.py checks it.)
    "uniqueRectanglesType1": [("unique_rectangle", lambda s: s.role("type") == (1,))],
    "uniqueRectanglesType2": [("unique_rectangle", lambda s: s.role("type") in ((2,), (5,)))],
    "uniqueRectanglesType3": [("unique_rectangle", lambda s: s.role("type") == (3,)
                               and len(s.role("subset_digits")) == 2)],
    "uniqueRectanglesType3BWithTriplePseudoCells": [
        ("unique_rectangle", lambda s: s.role("type") == (3,) and len(s.role("subset_digits")) == 3)],
    "uniqueRectanglesType4": [("unique_rectangle", lambda s: s.role("type") == (4,))],
    "hiddenUniqueRectangles": ["hidden_rectangle"],
    "xWing": ["x_wing"],
    "swordfish": ["swordfish"],
    "jellyfish": ["jellyfish"],
    "finnedXWing": ["finned_x_wing"],
    "finnedSwordfish": ["finned_swordfish"],
    "sueDeCoq": ["sue_de_coq"],
    "xyChains": ["xy_chain"],
    # X-cycles rule 3 (a place with a weak link on both sides) is an X-chain between its
    # neighbours; rule 2 (a placement) is one of our discontinuous loops, but SudokuWiki's
    # fixtures for it list fewer placements than our loops make, so it stays out.
    "xCyclesRule3": ["x_chain"],
    # Rule 1 of X-cycles and of AICs is a closed loop: our continuous nice loops.
    "xCyclesRule1": [("nice_loop", lambda s: not s.role("discontinuous"))],
    "alternatingInferenceChainsRule1": [("nice_loop", lambda s: not s.role("discontinuous"))],
    # Grouped X-cycles are our grouped nice loops on one digit: rule 1 the continuous ones, rule 2
    # those placing a digit, rule 3 those removing one (a place with weak links on both sides).
    "groupedXCyclesRule1": [("grouped_nice_loop", lambda s: x_cycle(s)
                             and not s.role("discontinuous"))],
    "groupedXCyclesRule2": [("grouped_nice_loop", lambda s: x_cycle(s) and bool(s.placements))],
    "groupedXCyclesRule3": [("grouped_nice_loop", lambda s: x_cycle(s)
                             and bool(s.role("discontinuous")) and not s.placements)],
}
"""Fixture name -> our technique ids, or (id, which of its steps count) where one id covers
several of the fixtures' rules."""

# Cases whose expected result we judge wrong, each with its own test explaining why.
EXCLUDED = {("hiddenUniqueRectangles", "type2BTest1")}  # tests/test_uniqueness.py


def fixtures():
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [c for c in cases if c["technique_fn"] in OURS]


def expected_changes(case):
    removals, sets = set(), set()
    for item in case["expected"]:
        cell = cell_at(item["row"], item["col"])
        if item["type"] == "remove":
            removals |= {(cell, d) for d in item["digits"]}
        else:
            sets.add((cell, item["value"]))
    return removals, sets


def test_every_fixture_is_found_completely():
    cases = fixtures()
    assert len(cases) == 139
    failures = []
    for case in cases:
        if (case["technique_fn"], case["test"]) in EXCLUDED:
            continue
        grid = tutor.parse(case["board"])
        removals, sets = set(), set()
        for wanted in OURS[case["technique_fn"]]:
            technique, keep = wanted if isinstance(wanted, tuple) else (wanted, None)
            for step in tutor.find_steps(grid, technique):
                if keep is not None and not keep(step):
                    continue
                removals |= set(step.eliminations)
                sets |= set(step.placements)
        if (removals, sets) != expected_changes(case):
            failures.append(f"{case['technique_fn']} {case['test']}")
    assert not failures, failures
