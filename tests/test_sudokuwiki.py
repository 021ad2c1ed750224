"""Completeness on SudokuWiki-style fixtures: find_steps finds every instance on the board.

Each fixture (../shared/data/sudokuwiki-fixtures, MIT, from joeseibel/sudoku-solver) gives a
candidate board and the merged result of ALL instances of one technique.
"""

import json


import tutor
from tutor.model.geometry import cell_at
from conftest import shared_file

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
    "xWing": ["x_wing"],
    "swordfish": ["swordfish"],
    "jellyfish": ["jellyfish"],
    "finnedXWing": ["finned_x_wing"],
    "finnedSwordfish": ["finned_swordfish"],
}


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
    assert len(cases) == 17 + 28
    failures = []
    for case in cases:
        grid = tutor.parse(case["board"])
        removals, sets = set(), set()
        for technique in OURS[case["technique_fn"]]:
            for step in tutor.find_steps(grid, technique):
                removals |= set(step.eliminations)
                sets |= set(step.placements)
        if (removals, sets) != expected_changes(case):
            failures.append(f"{case['technique_fn']} {case['test']}")
    assert not failures, failures
