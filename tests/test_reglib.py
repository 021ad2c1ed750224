"""Conformance with HoDoKu's technique regression library (reglib-1.3) for the ladder's techniques.

Pass rule (PROVENANCE.md in ../shared/data/reglib): build the exact pencil-mark state, find every
instance of the technique, keep those with the test's digit set; at least one must exist and each
must make exactly the expected eliminations/placements. A `-x` case must find none.
"""

import json
from collections import Counter


from tutor import find_steps
from tutor.engine.fish import is_sashimi
from tutor.model.geometry import DIGITS_IN, UNITS, cell_at, mask_of
from tutor.model.grid import Grid
from conftest import shared_file



def locked(step) -> bool:
    """HoDoKu's Locked Pair/Triple: a naked subset sharing a box and a line, eliminating in both."""
    hit = [u for u in step.units if any(c in UNITS[u] for c, _ in step.eliminations)]
    return len(hit) == 2


# HoDoKu code -> (our technique, which of its steps count). Locked pair/triple are our naked pair/triple.
CODES = {
    "0000": ("naked_single", lambda s: bool(s.units)),
    "0002": ("hidden_single", None),
    "0003": ("naked_single", lambda s: not s.units),
    "0100": ("pointing", None),
    "0101": ("claiming", None),
    "0110": ("naked_pair", locked),
    "0111": ("naked_triple", locked),
    "0200": ("naked_pair", None),
    "0201": ("naked_triple", None),
    "0202": ("naked_quad", None),
    "0210": ("hidden_pair", None),
    "0211": ("hidden_triple", None),
    "0212": ("hidden_quad", None),
    "0300": ("x_wing", None),
    "0301": ("swordfish", None),
    "0302": ("jellyfish", None),
    # HoDoKu names a finned fish sashimi when a base line keeps at most one place without its
    # fins; ours are the same finders, told apart by is_sashimi.
    "0310": ("finned_x_wing", lambda s: not is_sashimi(s)),
    "0311": ("finned_swordfish", lambda s: not is_sashimi(s)),
    "0312": ("finned_jellyfish", lambda s: not is_sashimi(s)),
    "0320": ("finned_x_wing", is_sashimi),
    "0321": ("finned_swordfish", is_sashimi),
    "0322": ("finned_jellyfish", is_sashimi),
}


def load_cases():
    path = shared_file("reglib/reglib-1.3.parsed.jsonl")
    cases = []
    for line in path.read_text().splitlines():
        case = json.loads(line)
        if not case["disabled"] and case["code"] in CODES:
            cases.append(case)
    return cases


def grid_of(case) -> Grid:
    values = [int(ch) if ch.isdigit() else 0 for ch in case["grid"]]
    givens = [c for c, ch in enumerate(case["givens"]) if ch.isdigit() and ch != "0"]
    masks = [mask_of(int(ch) for ch in pm) for pm in case["pencilmarks"]]
    return Grid(values, givens, masks)


def triples(items):
    return {(cell_at(r - 1, c - 1), d) for d, r, c in items}


def passes(case) -> bool:
    technique, keep = CODES[case["code"]]
    steps = find_steps(grid_of(case), technique)
    wanted = "".join(sorted(case["candidates"]))
    matching = [s for s in steps if "".join(map(str, s.digits)) == wanted and (keep is None or keep(s))]
    if case["fail_case"]:
        return not matching
    expected_elims = triples(case["eliminations"])
    expected_places = triples(case["placements"])
    return bool(matching) and all(
        set(s.eliminations) == expected_elims and set(s.placements) == expected_places
        for s in matching
    )


def test_reglib_pencil_marks_are_read_exactly():
    for case in load_cases()[:50]:
        grid = grid_of(case)
        assert [("".join(map(str, DIGITS_IN[m])) if not v else "") for v, m in
                zip(grid.values, grid.masks)] == case["pencilmarks"]


def test_reglib_every_basic_case_passes():
    cases = load_cases()
    total, passed = Counter(), Counter()
    failures = []
    for case in cases:
        total[case["code"]] += 1
        if passes(case):
            passed[case["code"]] += 1
        else:
            failures.append(f"line {case['line']} {case['code']}{'-x' if case['fail_case'] else ''}")
    report = ", ".join(f"{code} {passed[code]}/{total[code]}" for code in sorted(total))
    print("reglib:", report)
    assert set(total) == set(CODES), report
    assert not failures, f"{len(failures)} failing: {failures[:20]}; {report}"
