"""The proof of a guess on the main path: a trial of the wrong candidate, each fact checked here
from the position and the facts it names, up to a cell or unit that breaks; or what was tried."""

from __future__ import annotations

from pathlib import Path

from conftest import shared_file

import tutor
from tutor.engine import HintLevel, positions_along
from tutor.engine.technique import digits_or
from tutor.engine.techniques.backtracking import proved_guess
from tutor.engine.propagation import NO_CANDIDATE
from tutor.engine.refutation import (
    CLAIMING, HIDDEN_SINGLE, HIDDEN_SUBSET, NAKED_SINGLE, NAKED_SUBSET, POINTING, PREMISE_FACT,
    _refutation, proof_facts, refutation, sections,
)
from tutor.engine.step_json import step_from_json, step_to_json
from tutor.model.geometry import DIGITS_IN, cell_name, current

# Two of the forum's hardest puzzles, kept here so that the tests run without the shared data.
# Its second guess (r1c2=5) is refuted by a second trial inside the first.
PROVED = "..6.....1.8...7.5.9...5.8.......4....4..3..2....2.8.....3.7...9.7.....8.1.....6.3"
# Its first guess (r9c2=7): no short trial refutes 2 there.
UNPROVED = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def guesses(puzzle: str):
    """(proved guess step, position) for each guess of the puzzle's grade."""
    grid = tutor.parse(puzzle)
    result = tutor.grade(grid)
    solution = result.solution.values
    for step, position in zip(result.steps, positions_along(grid, result.steps)):
        if step.technique == "backtracking":
            yield proved_guess(position.values, position.masks, solution), position


class Board:
    """A position's candidates under some facts: what an independent reader of the proof sees
    (on the board in use)."""

    def __init__(self, position, facts):
        self.units = current().units
        peers = current().peers
        self.masks = [0 if v else m for v, m in zip(position.values, position.masks)]
        self.values = list(position.values)
        for fact in facts:
            if fact.true:
                self.values[fact.cell] = fact.digit
                self.masks[fact.cell] = 0
                for peer in peers[fact.cell]:
                    self.masks[peer] &= ~(1 << (fact.digit - 1))
            else:
                self.masks[fact.cell] &= ~(1 << (fact.digit - 1))

    def places(self, unit: int, digit: int) -> list[int]:
        return [c for c in self.units[unit] if self.masks[c] & (1 << (digit - 1))]

    def placed(self, unit: int, digit: int) -> bool:
        return any(self.values[c] == digit for c in self.units[unit])


def check_fact(position, facts, fact) -> None:
    """The fact follows from the position and the facts it names, by its stated reason."""
    board = Board(position, [facts[p] for p in fact.parents])
    units = board.units
    bit = 1 << (fact.digit - 1)
    name = f"{cell_name(fact.cell)} {fact.digit} ({fact.kind})"
    if fact.kind == NAKED_SINGLE:
        assert DIGITS_IN[board.masks[fact.cell]] == (fact.digit,), name
    elif fact.kind == HIDDEN_SINGLE:
        assert board.places(fact.unit_a, fact.digit) == [fact.cell], name
    elif fact.kind in (POINTING, CLAIMING):
        assert board.places(fact.unit_a, fact.digit) == list(fact.cells), name
        assert set(fact.cells) <= set(units[fact.unit_b]), name
        assert fact.cell in units[fact.unit_b] and fact.cell not in fact.cells, name
        assert not fact.true and board.masks[fact.cell] & bit, name
    elif fact.kind == NAKED_SUBSET:
        union = 0
        for c in fact.cells:
            assert board.masks[c], name
            union |= board.masks[c]
        assert union == fact.mask and len(DIGITS_IN[union]) == len(fact.cells), name
        assert fact.cell in units[fact.unit_a] and fact.cell not in fact.cells, name
        assert set(fact.cells) <= set(units[fact.unit_a]) and fact.mask & bit, name
    elif fact.kind == HIDDEN_SUBSET:
        found = {c for d in DIGITS_IN[fact.mask] for c in board.places(fact.unit_a, d)}
        assert found == set(fact.cells) and len(found) == len(DIGITS_IN[fact.mask]), name
        assert fact.cell in fact.cells and not fact.mask & bit, name
    else:
        assert fact.kind == PREMISE_FACT and not fact.parents, name


def check_section(position, section) -> None:
    """Every fact of one proof follows; each trial ends in a broken cell or unit that its named
    facts break; a second trial's cases are every candidate (or place) left."""
    facts = proof_facts(section)
    assert facts[0].kind == PREMISE_FACT
    for fact in facts:
        check_fact(position, facts, fact)
    ends = [m for name, m in section if name == "broken"]
    splits = [m for name, m in section if name == "split"]
    premises = [f for f in facts if f.kind == PREMISE_FACT]
    assert len(ends) == max(1, len(premises) - 1) and len(splits) == (len(premises) > 1)
    for kind, where, digit, n, *rest in ends:
        board = Board(position, [facts[p] for p in rest[:n]])
        if kind == NO_CANDIDATE:
            assert not board.values[where] and not board.masks[where]
        else:
            assert not board.places(where, digit) and not board.placed(where, digit)
    for cell, unit, digit, n, *rest in splits:
        board = Board(position, [facts[p] for p in rest[:n]])
        cases = premises[1:]
        if cell >= 0:
            assert DIGITS_IN[board.masks[cell]] == tuple(f.digit for f in cases)
        else:
            assert board.places(unit, digit) == [f.cell for f in cases]
            assert all(f.digit == digit for f in cases)


def test_a_guess_with_a_proof_shows_each_fact_of_it_and_each_follows():
    found = [(step, position) for step, position in guesses(PROVED)
             if step.placements == ((1, 5),)]
    (step, position), = found
    proofs = sections(step.roles)
    assert [s[0] for s in proofs] == [("refutes", (1, 2)), ("refutes", (1, 3))]
    for section in proofs:
        check_section(position, section)
    assert any(name == "split" for name, _ in proofs[0])  # a second trial inside the first
    full = step.hint(HintLevel.FULL, position)
    assert "Suppose r1c2 is 2:" in full and "Every case breaks, so r1c2 is not 2." in full
    assert "checked every way" not in full
    assert full.split("\n")[-2].endswith("makes the puzzle level 6.")
    assert full.split("\n")[-1].startswith("To spot it: ")
    assert "impossible." in full and "r1c2 = 5" in full
    # The board numbers the placements the proof makes, from the chain.
    assert step.chain and all(link.conclusion_true for link in step.chain)
    # Saved and read back, the step tells the same proof, with or without its position.
    again = step_from_json(step_to_json(step))
    assert again == step and again.hint(HintLevel.FULL) == full


def test_a_grade_guess_without_a_proof_finds_it_from_its_position():
    grid = tutor.parse(PROVED)
    result = tutor.grade(grid)
    pairs = [(s, p) for s, p in zip(result.steps, positions_along(grid, result.steps))
             if s.technique == "backtracking"]
    step, position = pairs[-1]
    assert not step.roles  # a grade's guess is taken without searching its proof
    proved = proved_guess(position.values, position.masks, result.solution.values)
    assert proved.placements == step.placements
    assert step.hint(HintLevel.FULL, position) == proved.hint(HintLevel.FULL, position)
    assert "r1c2 = 5" in step.hint(HintLevel.FULL)  # without the position: no proof, no claim
    assert "checked every way" not in step.hint(HintLevel.FULL)


def test_without_a_short_proof_the_hint_says_what_was_tried_and_how_the_search_refutes_it():
    step, position = next(guesses(UNPROVED))
    assert step.placements == ((73, 7),)
    (section,) = sections(step.roles)
    (name, members), = section
    assert name == "unproved" and members[:2] == (73, 2)
    full = step.hint(HintLevel.FULL, position)
    assert "No short trial shows that r9c2 is not 2." in full
    assert "then singles and the card's techniques" in full
    # What was tried, one trial a line, and the first cell of the search named with the
    # candidates it has left once r9c2 is 2 (the board shows it with one more).
    assert "\n  r9c2 = 2, then singles" in full and "\n  then a second trial on each of" in full
    assert "never breaks in every case" not in full
    first = members[5]
    left = members[8:]
    assert set(left) < set(position.candidates(first))
    assert f"it tries each candidate {cell_name(first)} has left then ({digits_or(left)})" in full
    assert "ways break" in full and "checked every way" not in full


def test_a_bundled_puzzle_s_fewest_candidate_cell_is_refuted_fact_by_fact():
    line = next(line for line in (Path(tutor.__file__).resolve().parents[1] / "puzzles" /
                                  "sources.txt").read_text().splitlines() if "Leo" in line)
    grid = tutor.parse(line.split("#")[0].strip())
    solution = tutor.solve(grid).values
    step = proved_guess(grid.values, grid.live_masks, solution)
    (cell, digit), = step.placements
    assert digit == solution[cell]
    position = tutor.engine.Position(grid.values, grid.live_masks)
    proofs = sections(step.roles)
    assert [s[0][1] for s in proofs] == [(cell, d) for d in step.digits if d != digit]
    for section in proofs:
        assert section[0][0] == "refutes"
        check_section(position, section)


def test_refutation_is_the_same_each_time():
    grid = tutor.parse(PROVED)
    values, masks = tuple(grid.values), tuple(grid.live_masks)
    cell = next(c for c in range(81) if not values[c])
    wrong = next(d for d in DIGITS_IN[masks[cell]] if d != tutor.solve(grid).values[cell])
    first = refutation(values, masks, cell, wrong)
    _refutation.cache_clear()
    assert refutation(values, masks, cell, wrong) == first


def test_every_proof_on_the_forum_s_hardest_holds_fact_by_fact():
    forum = shared_file("forum-hardest/HardestDatabase110626.txt")
    puzzles = [line.split(",")[0] for line in forum.read_text().splitlines()
               if len(line.split(",")[0]) == 81][:12]
    proved = unproved = 0
    for puzzle in puzzles:
        for step, position in guesses(puzzle):
            for section in sections(step.roles):
                if section[0][0] == "refutes":
                    check_section(position, section)
                    proved += 1
                else:
                    unproved += 1
            full = step.hint(HintLevel.FULL, position)
            assert "checked every way" not in full
    assert proved and unproved
