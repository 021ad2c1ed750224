"""Sudoku Explainer's dynamic forcing chains (+) and nested forcing chains (tutor.engine.se.nested):
the difficulty of each level, the candidates a rule run on a chain's grid rests on, and three of
the forum's hardest puzzles rated as SE rates them."""

import tutor
from tutor.engine import se_rating
from tutor.engine.se.board import Board
from tutor.engine.se.chains import chain_bonus
from tutor.engine.se.nested import (
    SUFFIXES, _locking, _places, level_difficulty, nested_chains,
)
from tutor.engine.se.rating import PRODUCERS, next_hint

# Rated by SE 1.2.1 in the forum's "hardest sudokus" list (HardestDatabase110626): ER/EP/ED.
FORUM_97 = "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4"
FORUM_ED_95 = "..3.....945...92....9..3.54....6....6..9..8....5..8.2..1.7................4..5.92"
FORUM_103 = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"


def _solution(puzzle: str) -> str:
    return tutor.solve(tutor.parse(puzzle)).to_compact().replace("+", "")


def test_each_level_adds_half_a_point_from_dynamic_chains_8_5():
    assert [level_difficulty(level) for level in range(1, 6)] == [9.0, 9.5, 10.0, 10.5, 11.0]
    assert SUFFIXES[1] == " (+)" and SUFFIXES[3] == " (+ multiple forcing chains)"


def test_the_levels_come_after_dynamic_chains_in_order():
    levels = [p.keywords["level"] for p in PRODUCERS if getattr(p, "func", None) is nested_chains]
    assert levels == [1, 2, 3, 4, 5]
    assert PRODUCERS.index(next(p for p in PRODUCERS if getattr(p, "func", None) is nested_chains)
                           ) == len(PRODUCERS) - 5


def test_a_pointing_made_by_the_chain_rests_on_the_candidate_the_chain_removed():
    # Digit 1 in box 1 at r1c1, r1c2, r1c3 and r2c1, and in r1c6. The chain removed it from
    # r2c1 (cell 9): the box's 1 is then in row 1, so r1c6 (cell 5) loses it, resting on r2c1.
    source = [0b1111111100] * 81
    for cell in (0, 1, 2, 9, 5):
        source[cell] |= 0b10
    grid = source[:]
    grid[9] &= ~0b10
    found = _locking(grid, [0] * 81, source, _places(grid))
    assert found == [([(5, 1)], [9 * 20 + 1 * 2], None)]
    # On the source grid itself the same rule rests on nothing removed: no parent.
    assert all(not parents for _, parents, _ in _locking(source, [0] * 81, source,
                                                          _places(source)))


def test_a_forum_puzzle_starts_with_a_region_forcing_chain_plus_rated_9_5():
    # Its ED is 9.5: nothing up to dynamic chains applies; level 1 (9.0) with 19-26 candidates.
    hint = next_hint(Board.from_digits(FORUM_ED_95))
    assert hint is not None
    assert (hint.difficulty, hint.name) == (9.5, "Region forcing chains (+)")
    assert round(level_difficulty(1) + chain_bonus(20), 1) == 9.5
    solution = _solution(FORUM_ED_95)
    assert hint.removes and all(int(solution[c]) != d for c, d in hint.removes)


def test_a_forum_puzzle_rated_9_7_rates_9_7_with_every_step_true():
    found = se_rating(FORUM_97)
    assert (found.er, found.ep, found.ed) == (9.7, 9.7, 2.6)
    assert found.hardest == "Contradiction forcing chains (+)"
    solution = _solution(FORUM_97)
    for step in found.steps:
        assert all(int(solution[c]) != d for c, d in step.removes), step
        if step.places is not None:
            assert int(solution[step.places[0]]) == step.places[1], step


def test_a_forum_puzzle_rated_10_3_needs_forcing_chains_nested_in_dynamic_ones():
    # Level 2: 9.5, plus the bonus of the candidates, those of the nested chains included.
    found = se_rating(FORUM_103)
    assert (found.er, found.ep, found.ed) == (10.3, 10.3, 2.6)
    assert found.hardest == "Contradiction forcing chains (+ forcing chains)"
    solution = _solution(FORUM_103)
    for step in found.steps:
        assert all(int(solution[c]) != d for c, d in step.removes), step
