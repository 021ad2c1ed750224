"""Forcing chains and nets: made positions (must fire, must not), a real stuck position, soundness
on real puzzles, the texts and the registry row."""

import pytest

import tutor
from tutor.engine.techniques import forcing
from tutor.engine.techniques.forcing import CELL, CONTRADICTION, UNIT, forcing_chains
from tutor.engine.registry import LADDER, RATINGS, TECHNIQUES
from tutor.engine.propagation import Position
from tutor.model.geometry import CELLS, DIGITS_IN, UNITS, cell_name, parse_cell_name as cell
from tutor.model.grid import Grid
from conftest import read_lines, shared_file, sweep_finders

TOP1465_FIRST_STUCK = (
    "4.{1268}.3{178}.....{12}6.{459}8.{3459}..{268}...{345}.1..{124}{378}5{13678}{23}9{378}.8{59}"
    "...6.{357}.7{59}2.{13689}......1+927{35}{35}5+13...+94+29+2+7{35}+4{35}+1{68}{68}")
"""The first top1465 puzzle where the ladder without forcing chains is stuck (HoDoKu's compact line)."""
TOP1465_FIRST = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def triangle() -> Grid:
    """An empty board but for r1c1 {1,2}, r1c2 {1,3} and r2c1 {2,3}: each digit of r1c1 forces
    the other two cells."""
    grid = Grid.empty()
    for name, digits in (("r1c1", (1, 2)), ("r1c2", (1, 3)), ("r2c1", (2, 3))):
        grid = grid.with_candidates(cell(name), digits)
    return grid


def test_a_contradiction_chain_removes_the_candidate_that_breaks_the_grid():
    grid = triangle()
    step = next(forcing_chains(grid.values, grid.masks))
    assert step.technique == "forcing_chain"
    assert step.role("forcing") == (CONTRADICTION,)
    assert step.eliminations == ((cell("r1c3"), 1),) and not step.placements
    assert step.role("net") == (0,)
    assert step.rating == 7.5
    assert step.explanation.splitlines()[-1].startswith("To spot it: ")
    assert step.explanation.splitlines()[:-1] == [
        "Suppose r1c3 is 1:",
        "  r1c3 is 1, so r1c1 is 2 (its only candidate left)",
        "  r1c3 is 1, so r1c2 is 3 (its only candidate left)",
        "  r1c1 is 2 and r1c2 is 3, so r2c1 has no candidate left: impossible.",
        "So r1c3 is not 1: remove 1 from r1c3.",
    ]
    assert step.pattern == ("Suppose r1c3 is 1: after 2 facts the grid breaks (r2c1 has no "
                            "candidate left). So r1c3 is not 1.")
    assert "Forcing chain: suppose r1c3 is 1" in step.nudge


def test_cell_forcing_follows_each_candidate_to_the_same_removal():
    grid = triangle()
    steps = [s for s in forcing_chains(grid.values, grid.masks, every_shape=True)
             if s.role("forcing") == (CELL,)]
    step = next(s for s in steps if s.eliminations == ((cell("r2c2"), 3),))
    assert step.role("branch_cells") == (cell("r1c1"), cell("r1c1"))
    assert step.role("branch_digits") == (1, 2)
    assert step.role("net") == (0,) and step.rating == 8.0
    assert step.explanation.splitlines()[-1].startswith("To spot it: ")
    assert step.explanation.splitlines()[:-1] == [
        "r1c1 can only be 1 or 2. Follow each:",
        "If r1c1 is 1:",
        "  r1c1 is 1, so r1c2 is 3 (its only candidate left)",
        "  r1c2 is 3, so r2c2 is not 3 (column 2 has only one 3)",
        "If r1c1 is 2:",
        "  r1c1 is 2, so r2c1 is 3 (its only candidate left)",
        "  r2c1 is 3, so r2c2 is not 3 (row 2 has only one 3)",
        "Either way r2c2 is not 3: remove 3 from r2c2.",
    ]
    assert step.nudge == "Forcing chain: try each candidate of r1c1 in turn and follow the singles."
    assert step.pattern == ("Branches: r1c1 is 1, r1c1 is 2. Each of them leads to the same "
                            "conclusion, r2c2 is not 3 (2 facts / 2 facts).")
    # Every cell-forcing removal lies in r1c1's, r1c2's or r2c1's units, and none is one of them.
    for s in steps:
        (c, _), = s.eliminations
        assert c not in (cell("r1c1"), cell("r1c2"), cell("r2c1"))
    # The 1 leaves row 1 (7 cells) and the rest of box 1 (5), the 2 column 1 (7) and the rest of
    # box 1 (5), the 3 the six other cells of box 1.
    assert len(steps) == 30


def two_places() -> Grid:
    """An empty board but for r1c1 {5,6}, r1c5 {5,7}, r2c2 {6,8} and r2c6 {7,8}, and no other 5
    in row 1: whichever of r1c1 and r1c5 holds the 5, row 2's 8 lands in r2c2 or r2c6."""
    grid = Grid.empty()
    for name, digits in (("r1c1", (5, 6)), ("r1c5", (5, 7)), ("r2c2", (6, 8)), ("r2c6", (7, 8))):
        grid = grid.with_candidates(cell(name), digits)
    for column in (2, 3, 4, 6, 7, 8, 9):
        grid = grid.with_candidates(cell(f"r1c{column}"), tuple(d for d in range(1, 10) if d != 5))
    return grid


def test_unit_forcing_follows_each_place_of_a_digit_to_the_same_removal():
    grid = two_places()
    steps = [s for s in forcing_chains(grid.values, grid.masks, every_shape=True)
             if s.role("forcing") == (UNIT,) and s.eliminations == ((cell("r2c9"), 8),)]
    step, = steps
    assert step.role("branch_cells") == (cell("r1c1"), cell("r1c5"))
    assert step.role("branch_digits") == (5, 5) and step.role("branch_true") == (1, 1)
    assert step.units == (0,)  # row 1
    assert step.role("net") == (0,) and step.rating == 8.1  # 8.0, and 6 links pass 4
    assert step.nudge == ("Forcing chain: try each place for the 5 in row 1 in turn and follow "
                          "the singles.")
    assert step.pattern == ("Branches: r1c1 is 5, r1c5 is 5. Each of them leads to the same "
                            "conclusion, r2c9 is not 8 (3 facts / 3 facts).")
    assert step.explanation.splitlines()[-1].startswith("To spot it: ")
    assert step.explanation.splitlines()[:-1] == [
        "The 5 of row 1 can only go in r1c1 or r1c5. Follow each:",
        "If r1c1 is 5:",
        "  r1c1 is 5, so r1c5 is 7 (its only candidate left)",
        "  r1c5 is 7, so r2c6 is 8 (its only candidate left)",
        "  r2c6 is 8, so r2c9 is not 8 (row 2 has only one 8)",
        "If r1c5 is 5:",
        "  r1c5 is 5, so r1c1 is 6 (its only candidate left)",
        "  r1c1 is 6, so r2c2 is 8 (its only candidate left)",
        "  r2c2 is 8, so r2c9 is not 8 (row 2 has only one 8)",
        "Either way r2c9 is not 8: remove 8 from r2c9.",
    ]
    # The same removal is found without asking for every shape, and every removal is one row 2,
    # row 1's 6 and 7 or boxes 1 to 2 share between the branches: none touches the four cells.
    found = {s.eliminations for s in forcing_chains(grid.values, grid.masks)}
    assert ((cell("r2c9"), 8),) in found
    assert not {c for (c, _), in found} & {cell(n) for n in ("r1c1", "r1c5", "r2c2", "r2c6")}


def test_digit_forcing_is_the_two_branch_cell_or_unit_forcing():
    """A candidate true and the candidate false: followed by singles, the false side forces a
    fact only when the cell has two candidates or the digit two places in a unit (then it is the
    other candidate's or place's true side, which the cell and unit forcing chains follow); for
    any other candidate it forces nothing, so there is nothing more for a digit forcing chain."""
    for grid in (two_places(), triangle(), tutor.parse(TOP1465_FIRST_STUCK)):
        masks = grid.live_masks
        position = Position(grid.values, masks)
        two_places_of = set()
        for cells in UNITS:
            for digit in range(1, 10):
                places = [c for c in cells if masks[c] >> (digit - 1) & 1]
                if len(places) == 2:
                    two_places_of.update((c, digit) for c in places)
        others = [(c, d) for c in CELLS if not grid.values[c] and len(DIGITS_IN[masks[c]]) > 2
                  for d in DIGITS_IN[masks[c]] if (c, d) not in two_places_of]
        assert others
        for c, d in others:
            branch = position.branch(c, d, False)
            assert len(branch.facts) == 1 and branch.broken is None, (cell_name(c), d)


def test_nothing_fires_on_an_empty_or_a_solved_board():
    empty = Grid.empty()
    assert list(forcing_chains(empty.values, empty.masks, every_shape=True)) == []
    solved = tutor.solve(tutor.parse(TOP1465_FIRST))
    assert list(forcing_chains(solved.values, solved.masks, every_shape=True)) == []


def test_nothing_fires_on_a_position_with_a_cell_left_without_candidates():
    grid = triangle().with_candidates(cell("r9c9"), ())
    assert list(forcing_chains(grid.values, grid.masks, every_shape=True)) == []


def test_a_real_stuck_position_gets_a_sound_forcing_net_not_a_guess():
    grid = tutor.parse(TOP1465_FIRST_STUCK)
    solution = tutor.solve(tutor.parse(TOP1465_FIRST)).values
    # A grouped nice loop now comes first here; without it, the forcing chain is what goes on.
    assert tutor.next_step(grid).technique not in ("backtracking", "forcing_chain")
    step = tutor.find_steps(grid, "forcing_chain")[0]
    assert step.changes == "r5c4<>3"
    assert step.role("net") == (1,) and 8.5 <= step.rating <= forcing.HIGHEST_RATING
    shapes = set()
    for found in forcing_chains(grid.values, grid.masks, every_shape=True):
        shapes.add(found.role("forcing")[0])
        for c, d in found.eliminations:
            assert solution[c] != d and grid.masks[c] >> (d - 1) & 1
        for c, d in found.placements:
            assert solution[c] == d
    assert {CONTRADICTION, UNIT} <= shapes


def text_problems(step) -> list[str]:
    """Every hint level renders, and the full one names each changed cell."""
    problems = []
    texts = [step.hint(level) for level in (1, 2, 3)]
    if not all(texts):
        problems.append(f"{step}: an empty hint")
    for c, _ in step.eliminations + step.placements:
        if cell_name(c) not in texts[2]:
            problems.append(f"{step}: the full hint does not name {cell_name(c)}")
    if not texts[2].splitlines()[-2].startswith(("Either way", "So ")):
        problems.append(f"{step}: the full hint does not end with the conclusion")
    if sum(step.role("branch_links")) != len(step.chain):
        problems.append(f"{step}: the branches do not add up to the chain")
    return problems


def sweep(top1465: int, diabolical: int):
    lines = [l.split()[0] for l in read_lines(shared_file("top1465/top1465.sdm"), top1465)]
    path = shared_file("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt")
    lines += [l.split()[0] for l in read_lines(path, diabolical)]
    ids = [t for t in LADDER if t != "forcing_chain"]
    positions, checked, problems, slowest = sweep_finders(
        lines, ids, {"forcing_chain": forcing_chains}, lambda line, step: text_problems(step))
    print(f"forcing soundness: {positions} positions, {checked} steps, {len(problems)} problems, "
          f"slowest finder call {slowest * 1000:.1f} ms")
    return positions, checked, problems


def test_forcing_chains_are_sound_on_top1465_and_se_rated_diabolical_puzzles():
    positions, checked, problems = sweep(4, 10)
    assert positions > 8 and checked > 150
    assert problems == []


@pytest.mark.slow
def test_forcing_chains_are_sound_on_a_bigger_sweep():
    positions, checked, problems = sweep(200, 300)
    assert positions > 300 and checked > 5000
    assert problems == []


def test_the_row_sits_just_before_backtracking_off_the_card():
    ids = [t.id for t in TECHNIQUES]
    assert ids[-2:] == ["forcing_chain", "backtracking"]
    entry = TECHNIQUES[-2]
    assert entry.level is None and entry.repeated_level is None
    assert entry.rating == forcing.HIGHEST_RATING < TECHNIQUES[-1].rating
    assert "Forcing chains and nets" in RATINGS
