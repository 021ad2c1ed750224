"""next_step, contradictions, improper puzzles, the backtracking fallback and the grader's rules."""

from itertools import islice

import pytest

import tutor
from tutor.engine import TECHNIQUES, technique
from tutor.model.geometry import cell_name
from tutor.model.grid import Grid
from tutor.model.bundled import collections

from conftest import first_guess

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
MILP_EXAMPLE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"


def walk(grid, techniques=None):
    """Steps by repeated next_step, as a user pressing 'apply' would make them."""
    steps = []
    while (step := tutor.next_step(grid, techniques)) is not None:
        steps.append(step)
        grid = grid.apply(step)
    return steps, grid


def test_next_step_is_the_simplest():
    grid = tutor.parse(LEO)
    step = tutor.next_step(grid)
    order = [t.id for t in TECHNIQUES]
    for easier in order[: order.index(step.technique)]:
        assert tutor.find_steps(grid, easier) == [], easier
    assert step in tutor.find_steps(grid, step.technique)


def test_grade_equals_walking_next_step():
    # The grader has fast paths for naked and hidden singles; they must choose exactly the steps
    # that next_step chooses, in the same order.
    # Half-level puzzles included: there the engine's preference between instances shows.
    bundled = [p.line for c in collections() for p in c.puzzles()[:4] + c.puzzles()[-4:]]
    for line in [LEO, TWO_HIDDEN_PAIRS] + bundled:
        grid = tutor.parse(line)
        steps, final = walk(grid)
        result = tutor.grade(grid)
        assert list(result.steps) == steps
        assert final.values == result.solution.values and final.is_solved


# Two hidden pairs are there when a hidden pair is first needed; the first in cell order (3,8 in
# row 3) leaves another hidden pair to find, the second (1,4 in column 8) lets easier techniques
# finish. Walking in plain cell order, this puzzle used hidden pairs twice (4.5); turned, once (4).
TWO_HIDDEN_PAIRS = ".1....3....4...8.9...965...1..8.6..3..34.71..2..3.9..4...678...6.1...9....8....2."


def before_first(grid, technique_id):
    """The position just before the grade's first step of a technique, and that step."""
    result = tutor.grade(grid)
    index = next(i for i, s in enumerate(result.steps) if s.technique == technique_id)
    for step in result.steps[:index]:
        grid = grid.apply(step)
    return grid, result.steps[index]


def easier_finish(grid, step) -> bool:
    easier = [t.id for t in TECHNIQUES if t.on_ladder and t.order < technique(step.technique).order
              and t.finder is not None]
    return not tutor.grade(grid.apply(step), techniques=easier).backtracking


def test_next_step_prefers_an_instance_after_which_easier_techniques_finish():
    position, chosen = before_first(tutor.parse(TWO_HIDDEN_PAIRS), "hidden_pair")
    instances = tutor.find_steps(position, "hidden_pair")
    assert [str(s) for s in instances] == [
        "Hidden pair: 3,8 in r3c1,r3c2 => r3c1<>7, r3c2<>2, r3c2<>7",
        "Hidden pair: 1,4 in r3c8,r7c8 => r3c8<>7, r7c8<>3, r7c8<>5",
    ]
    assert not easier_finish(position, instances[0])
    assert easier_finish(position, instances[1])
    assert tutor.next_step(position) == chosen == instances[1]
    result = tutor.grade(tutor.parse(TWO_HIDDEN_PAIRS))
    assert result.techniques["hidden_pair"] == 1 and result.level == 4


def test_next_step_keeps_cell_order_when_no_instance_finishes():
    # At a puzzle's first pointing, when it needs harder techniques later, no pointing can let
    # singles finish: the engine takes the finder's first.
    for puzzle in collections()[4].puzzles()[:5]:
        position, chosen = before_first(puzzle.grid, "pointing")
        instances = tutor.find_steps(position, "pointing")
        assert not any(easier_finish(position, s) for s in instances)
        assert chosen == instances[0] == tutor.next_step(position)


def test_solved_grid_has_no_next_step():
    assert tutor.next_step(tutor.solve(tutor.parse(LEO))) is None


def test_removed_true_candidate_is_reported_not_stepped_on():
    grid = tutor.parse(LEO)
    solution = tutor.solve(grid)
    cell = grid.empty_cells[0]
    broken = grid.eliminate([(cell, solution.values[cell])])
    with pytest.raises(tutor.ContradictionError) as info:
        tutor.next_step(broken)
    assert info.value.cells == (cell,)
    assert f"{cell_name(cell)} has lost its true candidate {solution.values[cell]}" in str(info.value)


def test_wrong_entry_is_reported():
    grid = tutor.parse(LEO)
    solution = tutor.solve(grid)
    cell = grid.empty_cells[0]
    wrong = next(d for d in grid.candidates(cell) if d != solution.values[cell])
    with pytest.raises(tutor.ContradictionError) as info:
        tutor.next_step(grid.place(cell, wrong))
    assert info.value.wrong_values == ((cell, wrong, solution.values[cell]),)


def test_improper_puzzles_get_a_clear_result():
    with pytest.raises(tutor.MultipleSolutionsError):
        tutor.next_step(tutor.parse(MILP_EXAMPLE))
    with pytest.raises(tutor.MultipleSolutionsError):
        tutor.grade(Grid.empty())
    dead = Grid(list(range(1, 9)) + [0] * 9 + [9] + [0] * 63)
    with pytest.raises(tutor.NoSolutionError):
        tutor.next_step(dead)
    with pytest.raises(tutor.NoSolutionError, match="two 5s in row 1"):
        tutor.grade(Grid([5, 5] + [0] * 79))


def test_backtracking_fallback_places_the_solution_digit():
    grid = tutor.parse(LEO)
    step = tutor.next_step(grid, techniques=[])
    solution = tutor.solve(grid)
    (cell, digit), = step.placements
    assert step.technique == "backtracking" and digit == solution.values[cell]
    fewest = min(len(grid.candidates(c)) for c in grid.empty_cells)
    assert len(grid.candidates(cell)) == fewest
    result = tutor.grade(grid, techniques=[])
    assert result.level == 6 and result.backtracking
    assert all(s.technique == "backtracking" for s in result.steps)


def expected_level(steps):
    """The documented rule, computed independently from the registry."""
    used = {}
    for s in steps:
        group = technique(s.technique).score_group
        used.setdefault(group, []).append(s)
    level = 0
    for group, group_steps in used.items():
        entry = technique(group_steps[0].technique)
        level = max(level, entry.level if len(group_steps) == 1 else entry.repeated_level)
    return level


def test_grade_level_follows_the_rule():
    result = tutor.grade(tutor.parse(LEO))
    assert result.level == expected_level(result.steps)
    assert sum(result.techniques.values()) == len(result.steps)
    assert result.band == tutor.engine.band(result.level)
    # The bottleneck is the first step at which the running level reached the final level.
    assert expected_level(result.steps[: result.bottleneck_index + 1]) == result.level
    assert expected_level(result.steps[: result.bottleneck_index]) < result.level
    assert result.givens == 20


def test_pointing_and_claiming_count_as_one_technique():
    entry_p, entry_c = technique("pointing"), technique("claiming")
    assert entry_p.score_group == entry_c.score_group
    assert (entry_p.level, entry_p.repeated_level) == (1, 1.5)


def test_quads_can_join_the_ladder_by_option():
    result = tutor.grade(tutor.parse(LEO), techniques=[t.id for t in TECHNIQUES])
    assert result.level == expected_level(result.steps)


def test_hints_at_three_levels_name_the_cells():
    grid = tutor.parse(LEO)
    for step in tutor.grade(grid).steps:
        assert step.hint(1) and step.hint(2) and step.hint(3)
        for cell, _ in step.eliminations + step.placements:
            assert cell_name(cell) in step.hint(3), (str(step), step.hint(3))


def test_grade_without_search_still_refuses_improper_puzzles():
    # grade() asks the solver only when logic runs out; improper puzzles must still be refused.
    dead = Grid(list(range(1, 9)) + [0] * 9 + [9] + [0] * 63)
    assert dead.is_fresh_puzzle
    with pytest.raises(tutor.NoSolutionError):
        tutor.grade(dead)
    with pytest.raises(tutor.MultipleSolutionsError):
        tutor.grade(tutor.parse(MILP_EXAMPLE))


# Two solutions, yet the full ladder fills the grid: a unique rectangle (sound only with one
# solution) picks one of them, after 33 placements that hold in both.
TWO_SOLUTIONS_FILLED_BY_A_RECTANGLE = (
    "95....3.....9....5.43....98.96..78.18........3..8..547...5....3..4.7.28...823.7..")


def test_grade_refuses_a_puzzle_that_a_uniqueness_step_would_fill():
    from tutor.engine.engine import ladder_of
    from tutor.engine.walk import Walk, advance, ladder

    grid = tutor.parse(TWO_SOLUTIONS_FILLED_BY_A_RECTANGLE)
    assert tutor.count_solutions(grid) == 2
    walk, steps = Walk(grid.values, grid.live_masks), []
    assert advance(walk, ladder(ladder_of(None)), steps, None, None)  # filled, without a guess
    assert "unique_rectangle" in {step.technique for step in steps}
    # The grader proves the one solution after the walk, searching from the placements made
    # before the first uniqueness step: that search must still find both solutions.
    with pytest.raises(tutor.MultipleSolutionsError):
        tutor.grade(grid)


# Two solutions; the card's ladder places 22 digits (true in both) and then must guess.
TWO_SOLUTIONS_THE_CARD_GUESSES_ON = (
    "95...4....8..6.475..372.1...96.578....54.29363..89.5.........1...4.....9..8......")


def test_grade_refuses_a_puzzle_whose_guess_would_pick_one_of_two_solutions():
    # The guess needs the solution, searched for from the placements made so far: that search
    # must still see both solutions.
    grid = tutor.parse(TWO_SOLUTIONS_THE_CARD_GUESSES_ON)
    assert tutor.count_solutions(grid) == 2
    with pytest.raises(tutor.MultipleSolutionsError):
        tutor.grade(grid, "card")


def test_grade_of_sudopedia_invalid_puzzles():
    from conftest import shared_file

    path = shared_file("sudopedia/sudopedia_test_cases.tsv")
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, name, puzzle, expected, *_ = line.split("\t")
        grid = Grid([int(c) if c.isdigit() else 0 for c in puzzle])
        if expected == "none":
            with pytest.raises(tutor.NoSolutionError):
                tutor.grade(grid)
        elif expected.startswith("multiple"):
            with pytest.raises(tutor.MultipleSolutionsError):
                tutor.grade(grid)
        else:
            assert tutor.grade(grid).solution.to_line() == expected, name


def test_grade_solution_agrees_with_the_solver():
    for collection in collections():
        for puzzle in collection.puzzles()[:5]:
            grid = puzzle.grid
            assert tutor.grade(grid).solution.values == tutor.solve(grid).values


from hypothesis import given, settings
from hypothesis import strategies as st

SOLVED = tutor.solve(tutor.parse(LEO)).values


@settings(max_examples=150, deadline=None)
@given(st.sets(st.integers(0, 80), min_size=30, max_size=70), st.integers(0, 80), st.integers(0, 9))
def test_grade_agrees_with_the_solver_on_any_puzzle(blanks, cell, digit):
    values = [0 if c in blanks else v for c, v in enumerate(SOLVED)]
    values[cell] = digit  # sometimes a wrong given, which may leave no solution
    grid = Grid(values)
    count = tutor.count_solutions(grid)
    try:
        result = tutor.grade(grid)
    except tutor.NoSolutionError:
        assert count == 0
        return
    except tutor.MultipleSolutionsError:
        assert count == 2
        return
    assert count == 1 and result.solution.values == tutor.solve(grid).values


# --- the full ladder: rating, hardest technique, where the card's ladder runs out ---------------
def test_rating_is_the_hardest_steps_rating():
    result = tutor.grade(tutor.parse(LEO))
    ratings = [step.rating for step in result.steps]
    assert result.rating == max(ratings)
    assert result.steps[ratings.index(max(ratings))].technique == result.hardest


def test_rating_and_card_run_out_are_those_of_the_steps():
    # The grader reads the hardest step and where the card's ladder runs out from each technique's
    # first step, as the scoring kept it: they must be what the steps say, step by step.
    from tutor.engine.grader import hardest_step

    grids = bundled_grids(("4.5", "5.5", "6"))
    for grid in grids:
        for ladder in (None, "card", [t.id for t in TECHNIQUES if t.family in ("fish", "wings")]):
            result = tutor.grade(grid, ["naked_single", "hidden_single", "pointing", "claiming"]
                                 + ladder if isinstance(ladder, list) else ladder)
            ratings = [step.rating for step in result.steps]
            assert result.rating == max(ratings)
            first = ratings.index(max(ratings))
            assert hardest_step(list(result.steps), result.techniques) == result.steps[first]
            assert result.hardest == result.steps[first].technique
            beyond = [i for i, step in enumerate(result.steps)
                      if step.technique not in tutor.engine.CARD_LADDER]
            assert result.card_runs_out_at == (beyond[0] if beyond else None)


def test_the_card_ladder_alone_decides_the_level():
    for grid in bundled_grids(("4.5", "5.5", "6")):
        full, card = tutor.grade(grid), tutor.grade(grid, "card")
        assert full.level == card.level
        # The two walks are the same until the card's ladder runs out.
        stop = full.card_runs_out_at
        assert (stop is None) == (card.card_runs_out_at is None) == (full.level < 6)
        assert full.steps[:stop] == card.steps[:stop]
        if stop is not None:
            assert full.steps[stop].technique not in tutor.engine.CARD_LADDER
            assert card.steps[stop].technique == "backtracking"


def test_card_ladder_by_name_and_by_ids_agree():
    grid = bundled_grids(("6",))[0]
    assert tutor.grade(grid, "card").steps == tutor.grade(grid, tutor.engine.CARD_LADDER).steps
    with pytest.raises(KeyError, match="unknown ladder 'cards'"):
        tutor.grade(grid, "cards")


def test_backtracking_only_where_a_guess_was_taken():
    for grid in bundled_grids(("5.5", "6")):
        result = tutor.grade(grid)
        guessed = any(step.technique == "backtracking" for step in result.steps)
        assert result.backtracking == guessed


def bundled_grids(levels, per_level=4):
    """The first bundled puzzles that grade at each of `levels` on the card's scale."""
    found = []
    for level in map(float, levels):
        files = [c for c in collections() if c.level is not None and int(c.level) == int(level)]
        at_level = (p.grid for c in files for p in c.puzzles())
        chosen = list(islice((g for g in at_level if tutor.grade(g, "card").level == level),
                             per_level))
        assert chosen, level
        found += chosen
    return found


def test_uniqueness_steps_are_refused_on_a_puzzle_with_several_solutions():
    # Uniqueness techniques are sound only with one solution: find_steps proves it first. (The
    # grader's guard is exercised by test_grade_of_sudopedia_invalid_puzzles, whose multi-solution
    # cases a unique rectangle would otherwise "solve".)
    for technique_id in ("unique_rectangle", "hidden_rectangle", "bug_plus_one"):
        with pytest.raises(tutor.MultipleSolutionsError):
            tutor.find_steps(tutor.parse("." * 81), technique_id)
    assert tutor.find_steps(tutor.parse("." * 81), "x_wing") == []


# A game's position where r6c1 kept the pencil mark 9 after a 9 was placed in its column: counting it
# as a place for 9 once gave a wrong hidden single, and then a naked single of the digit 0 (the app's
# "solve to the end" ended with "not a digit 1-9: 0").
STALE_MARK_VALUES = "82....1561.....4.35.6.1.7.99...5...8...729....5.....4............12685.4.8..4..7."
STALE_MARK_GIVENS = "82.....561.......35.6.1.7.99...5...8...729....5.....4............12685...8..4..7."
STALE_MARK_MASKS = (
    0, 0, 332, 268, 324, 76, 0, 0, 0, 0, 320, 320, 432, 448, 114, 0, 130, 0, 0, 12, 0, 140, 0, 14, 0,
    130, 0, 0, 109, 78, 45, 0, 45, 38, 39, 0, 44, 45, 140, 0, 0, 0, 36, 37, 17, 358, 0, 198, 165,
    132, 37, 294, 0, 67, 110, 364, 350, 277, 324, 85, 422, 423, 3, 68, 324, 0, 0, 0, 0, 0, 260, 0,
    38, 0, 278, 277, 0, 21, 294, 0, 3)


def test_a_pencil_mark_a_peer_rules_out_is_not_a_place():
    values = [int(ch) if ch != "." else 0 for ch in STALE_MARK_VALUES]
    givens = [c for c, ch in enumerate(STALE_MARK_GIVENS) if ch != "."]
    grid = Grid(values, givens, STALE_MARK_MASKS)
    r6c1 = 45
    assert STALE_MARK_MASKS[r6c1] & 1 << 8 and 9 in [values[c] for c in range(0, 81, 9)]
    solution = tutor.solve(grid).values
    grade = tutor.grade(grid)
    for step in grade.steps:
        for cell, digit in step.placements:
            assert digit == solution[cell], (step.technique, cell_name(cell), digit)
        for cell, digit in step.eliminations:
            assert digit != solution[cell], (step.technique, cell_name(cell), digit)
    assert grade.solution_values == solution
    step = tutor.next_step(grid)
    assert all(digit == solution[cell] for cell, digit in step.placements)


def test_a_grade_guesses_cheaply_and_a_hint_teaches():
    # A grade shows no proof, so it does not search one: its guess is the first cell with the
    # fewest candidates. A hint's guess is the one whose wrong digit breaks fastest by singles.
    for grid in bundled_grids(("6",), per_level=2):
        card = tutor.grade(grid, "card")
        index = next(i for i, s in enumerate(card.steps) if s.technique == "backtracking")
        stuck, hint = first_guess(grid)
        guess = card.steps[index]
        (cell, digit), = guess.placements
        assert not guess.chain and hint.chain
        assert digit == card.solution.values[cell]
        assert len(stuck.candidates(cell)) == min(len(stuck.candidates(c)) for c in stuck.empty_cells)
        assert cell == min(c for c in stuck.empty_cells
                           if len(stuck.candidates(c)) == len(stuck.candidates(cell)))
        # What a grade reports is settled by its first guess, whichever cell it takes.
        assert (card.level, card.rating, card.hardest) == (6, 10.0, "backtracking")
        assert card.card_runs_out_at == card.bottleneck_index == index


def test_the_engine_records_are_frozen_equal_by_fields_and_pickle_whole():
    import pickle

    from tutor.engine import Earned, Position

    result = tutor.grade(tutor.parse(
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300"))
    position = Position((0,) * 81, (511,) * 81, {(0, 1): "by you"})
    for record in (result, position, Earned(1.5, "Moderate", {"pointing": 2})):
        copy = pickle.loads(pickle.dumps(record))  # as --jobs and --dask workers send them
        assert copy == record and copy is not record
        assert repr(copy) == repr(record)
        with pytest.raises(AttributeError, match="cannot assign"):
            record.level = 9 if hasattr(record, "level") else record.values  # type: ignore[misc]
    assert position != Position((0,) * 81, (511,) * 81)
    assert Earned(1.5, "Moderate") != result
