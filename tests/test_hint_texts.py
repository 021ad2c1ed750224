"""The hint texts of every technique at every level, on real positions: each names the step's cells
and digits, gives its reasons (the singles say what rules each place or digit out, the subsets and
intersections list their cells' candidates), and reads as English ('an 8', no leftover fields)."""

from __future__ import annotations

import re

import pytest

import tutor
from tutor.engine import (
    TECHNIQUES, Position, Step, chain_nodes, grade, in_sentence, node_label, positions_along,
)
from tutor.model.bundled import collections
from tutor.model.geometry import DIGITS, UNITS, cell_name, digits_name, unit_name
from tutor.model.grid import Grid
from tutor.play.game import Game
from tutor.learning import load_lessons

from conftest import first_guess

EXAMPLES = 3
"""Steps rendered per technique, each from a different position."""

LEVELS = (1, 2, 3)
FOUND = tuple(t.id for t in TECHNIQUES if t.finder is not None)
LISTS_CANDIDATES = ("pointing", "claiming", "naked_pair", "naked_triple", "naked_quad",
                    "hidden_pair", "hidden_triple", "hidden_quad")


def bundled_paths(techniques=None):
    """(puzzle, its graded path) for each bundled puzzle, the hardest collections first, so the
    rare techniques turn up early."""
    levels = sorted((c for c in collections() if c.level is not None), key=lambda c: -c.level)
    for collection in levels:
        for puzzle in collection.puzzles():
            grid = puzzle.grid
            yield grid, grade(grid, techniques).steps


@pytest.fixture(scope="module")
def examples() -> dict[str, list[tuple[Step, Position]]]:
    """Up to EXAMPLES steps of each technique, found by its own finder on the positions the
    bundled puzzles pass through (each with what removed the candidates it lacks), and the
    backtracking steps of the paths that need one."""
    found: dict[str, list[tuple[Step, Position]]] = {t: [] for t in FOUND + ("backtracking",)}
    for grid, steps in bundled_paths():
        for step, position in zip(steps, positions_along(grid, steps)):
            if step.technique == "backtracking" and len(found["backtracking"]) < EXAMPLES:
                found["backtracking"].append((step, position))
            for technique in FOUND:
                if len(found[technique]) < EXAMPLES:
                    instance = next(iter(tutor.engine.technique(technique).finder(
                        position.values, position.masks)), None)
                    if instance is not None:
                        found[technique].append((instance, position))
        if all(len(v) == EXAMPLES for v in found.values()):
            break
    # With forcing chains on the full ladder a bundled puzzle may never need a guess: the guesses
    # are the hints' (with their proofs) where the card's ladder is stuck, as in the backtracking
    # lesson.
    for grid, steps in bundled_paths("card"):
        if len(found["backtracking"]) >= EXAMPLES:
            break
        techniques = [s.technique for s in steps]
        if "backtracking" in techniques:
            _, guess = first_guess(grid)
            index = techniques.index("backtracking")
            found["backtracking"].append((guess, list(positions_along(grid, steps[:index + 1]))[index]))
    return found


def named_digits(text: str) -> set[int]:
    """The digits a text names on their own (not the numbers of cells and units)."""
    return {int(d) for d in re.findall(
        r"(?<![rc\d])(?<!row )(?<!rows )(?<!column )(?<!columns )(?<!box )(?<!boxes )([1-9])(?!\d)",
        text)}


def grammar_problems(text: str) -> list[str]:
    problems = []
    if re.search(r"\ba (8|11|18)\b", text):
        problems.append("'a 8' where 'an 8' is meant")
    if re.search(r"\ban ([1-79]|1[0-79])\b", text):
        problems.append("'an' before a digit that takes 'a'")
    if re.search(r"\ba [AEFHILMNORSX][A-Z+-]|\ban [BCDGJKPQTUVWYZ][A-Z+-]|\ban [Uu]ni", text):
        problems.append("the wrong article before a name")
    if re.search(r"\{[a-z_]*\}|\$\w|\bNone\b|\(\)|\[\]", text):
        problems.append("an unfilled placeholder")
    if re.search(r"\bfrom (r\dc\d(?:(?:, | and )r\dc\d)*); [\d, and]+ from \1\b(?!,| and)", text):
        problems.append("removals from the same cells not said together ('2 and 5 from r5c9')")
    if re.search(r"\b0 (facts|steps|singles)\b|\(([^()]+)\) \(\2\)", text):
        problems.append("a count of nothing, or a name repeated in brackets")
    # Two spaces inside a line are a slip; at a line's start they indent a branch's facts.
    if re.search(r"\S  ", text) or " ." in text or " ," in text or ".." in text:
        problems.append("stray spacing or punctuation")
    return problems


def text_problems(step: Step, position: Position | None) -> list[str]:
    """What a step's texts get wrong: an empty level, a cell or digit of the step the full text
    leaves out, bad grammar."""
    texts = [step.hint(level, position) for level in LEVELS]
    problems = [f"level {level} is empty" for level, text in zip(LEVELS, texts) if not text.strip()]
    full = texts[-1]
    changed = [c for c, _ in step.placements + step.eliminations]
    problems += [f"the full hint misses {cell_name(c)}" for c in dict.fromkeys(changed + list(step.cells))
                 if cell_name(c) not in full]
    digits = {d for _, d in step.placements + step.eliminations} | set(step.digits)
    problems += [f"the full hint misses the digit {d}" for d in sorted(digits - named_digits(full))]
    problems += [f"level {level}: {p}" for level, text in zip(LEVELS, texts)
                 for p in grammar_problems(text)]
    if re.match(r"([^(:]+) \((\1)\)", str(step), re.IGNORECASE):
        problems.append(f"the one-line form repeats its name: {step}")
    return problems


@pytest.mark.parametrize("technique", FOUND + ("backtracking",))
def test_every_level_names_the_steps_cells_and_digits(examples, technique):
    cases = examples[technique]
    assert cases, f"no bundled puzzle passes a position with a {technique} step"
    problems = [f"{step}: {problem}" for step, position in cases
                for given in (position, None) for problem in text_problems(step, given)]
    assert not problems, problems


def unit_of_hidden_single_names_every_other_cell(step: Step, position: Position) -> list[str]:
    (cell, digit), = step.placements
    full = step.hint(3, position)
    return [f"{step}: {cell_name(c)} is not named" for c in UNITS[step.units[0]]
            if c != cell and cell_name(c) not in full]


def test_a_hidden_single_says_what_rules_out_each_other_place(examples):
    for step, position in examples["hidden_single"]:
        assert not unit_of_hidden_single_names_every_other_cell(step, position)
        full = step.hint(3, position)
        (cell, digit), = step.placements
        # Every empty cell but the single's is either seen by a placed digit, which is named with
        # its cell, or lost the digit earlier.
        for c in UNITS[step.units[0]]:
            if c != cell and not position.values[c]:
                holders = [p for p in tutor.model.geometry.PEERS[c] if position.values[p] == digit]
                assert any(f"the {digit} in {cell_name(p)}" in full for p in holders) or (
                    f"{digit} was removed from" in full or "pencil marks" in full), full


def test_a_naked_single_names_what_rules_out_each_other_digit(examples):
    singles = [(s, p) for s, p in examples["naked_single"] if not s.units]
    assert singles, "every naked single found was a full house"
    for step, position in singles:
        (cell, digit), = step.placements
        full = step.hint(3, position)
        reasons = full.split(": ", 1)[1].split(". So")[0]
        assert named_digits(reasons) >= set(DIGITS) - {digit}, full
        assert "earlier eliminations" not in full


def test_subsets_and_intersections_list_each_cells_candidates(examples):
    for technique in LISTS_CANDIDATES:
        for step, position in examples[technique]:
            for text in (step.hint(2, position), step.hint(3, position)):
                for c in step.cells:
                    marks = ",".join(map(str, position.candidates(c)))
                    assert f"{cell_name(c)} {{{marks}}}" in text, text


# --- what removed a candidate -------------------------------------------------------------

# The position of tests/test_finders.py's naked triple: r9c1, r9c5 and r9c9 hold 1, 2 and 3.
def triple_grid() -> Grid:
    grid = Grid.empty()
    for name, digits in (("r9c1", [1, 2]), ("r9c5", [2, 3]), ("r9c9", [1, 3])):
        grid = grid.with_candidates(tutor.model.geometry.parse_cell_name(name), digits)
    return grid


def single_resting_on_a_removal() -> tuple[Grid, list[Step], int, str]:
    """A bundled puzzle, its path, the index of a single on it that an earlier step's removal
    helps force, and that single's full hint."""
    for grid, steps in bundled_paths():
        for index, (step, position) in enumerate(zip(steps, positions_along(grid, steps))):
            if step.technique in ("naked_single", "hidden_single") and not (
                    step.technique == "naked_single" and step.units):
                full = step.hint(3, position)
                if "was removed from" in full or "were removed from" in full:
                    return grid, steps, index, full
    pytest.fail("no single on the bundled paths rests on an earlier removal")


def test_a_single_names_the_earlier_step_that_removed_a_digit():
    grid, steps, index, full = single_resting_on_a_removal()
    names = "|".join(re.escape(s.name.lower()) for s in steps[:index])
    assert re.search(rf"removed from r\dc\d(, r\dc\d)*( and r\dc\d)? by (the )?({names}) (in|at) ",
                     full, re.IGNORECASE), full


def test_the_games_hint_panel_names_the_earlier_step():
    from tutor.app.hint_panel import ladder_content  # lazy: only this test needs the app layer

    grid, steps, index, full = single_resting_on_a_removal()
    game = Game(grid)
    for step in steps[:index]:
        game.apply_step(step)
    assert game.take_hint(game.grid, steps[index])
    for _ in range(3):
        game.advance_hint()
    shown = ladder_content(game, pending=False)
    assert shown is not None and full in shown.plain


def test_the_game_credits_each_removal_to_its_step_or_to_the_player():
    game = Game(tutor.parse(
        "2.......9.1..6..3..685.341..8.6.7.9...5...1..9.1...7.3...2.5...5.......4........."))
    pair = next(s for t in ("naked_pair", "naked_triple", "pointing")
                for s in tutor.find_steps(game.grid, t))
    game.apply_step(pair)
    cell, digit = pair.eliminations[0]
    typed = next((c, d) for c in game.grid.empty_cells for d in sorted(game.grid.candidates(c))
                 if (c, d) not in pair.eliminations)
    game.toggle_candidate(*typed)
    removed = game.position().removed_by
    assert removed[(cell, digit)] == f"by the {pair.name.lower()} in {unit_name(pair.units[0])}"
    assert removed[typed] == "by you"
    game.toggle_candidate(*typed)  # given back: nothing removed it any more
    assert typed not in game.position().removed_by


def test_a_typed_pencil_mark_position_says_the_digit_is_not_among_its_marks():
    # r9c1 keeps only 1 and 2 as typed; nothing on the board rules 3 to 9 out of it.
    grid = triple_grid().with_candidates(tutor.model.geometry.parse_cell_name("r9c1"), [1])
    step = next(s for s in tutor.find_steps(grid, "naked_single") if s.placements[0][1] == 1)
    full = step.hint(3, Position(grid.values, grid.masks))
    assert "2, 3, 4, 5, 6, 7, 8 and 9 are not among the pencil marks of r9c1" in full, full


def test_the_naked_triple_with_no_cell_holding_all_three_shows_it():
    grid = triple_grid()
    step, = tutor.find_steps(grid, "naked_triple")
    pattern = step.hint(2, Position(grid.values, grid.masks))
    assert pattern.startswith("r9c1 {1,2}, r9c5 {2,3} and r9c9 {1,3} hold only the candidates "
                              f"{digits_name((1, 2, 3))}"), pattern


def test_every_step_of_the_hardest_bundled_paths_reads_well():
    # Beyond the few examples per technique: every step, every level, on whole solving paths,
    # so each digit meets each text ('an 8' is only wrong where an 8 comes up).
    hardest = max((c for c in collections() if c.level is not None), key=lambda c: c.level)
    problems = []
    for puzzle in hardest.puzzles()[:8]:
        grid = puzzle.grid
        steps = grade(grid).steps
        for step, position in zip(steps, positions_along(grid, steps)):
            problems += [f"{step}: {p}" for p in text_problems(step, position)]
    assert not problems, problems[:10]


@pytest.mark.shared
def test_every_step_on_the_sudokuwiki_boards_reads_well():
    # An extra on ../shared: typed pencil-mark boards with no history, so a digit nothing on the
    # board rules out is one the marks lack.
    from test_sudokuwiki import OURS, fixtures

    problems = []
    for case in fixtures():
        grid = tutor.parse(case["board"])
        position = Position(grid.values, grid.masks)
        for wanted in OURS[case["technique_fn"]]:
            technique = wanted[0] if isinstance(wanted, tuple) else wanted
            for step in tutor.find_steps(grid, technique):
                problems += [f"{case['test']} {step}: {p}" for p in text_problems(step, position)]
    assert not problems, problems[:10]


def test_a_sue_de_coq_states_a_sets_other_digits_only_once_they_follow():
    # Lesson 14's Sue de Coq exercise: r2c3 and r3c2 (box 1) hold 1, 3, 8 and 9; that they hold
    # the 1 follows only once every digit of the crossing is placed, not from their own count.
    lesson = next(l for l in load_lessons() if "sue_de_coq" in l.techniques)
    found = [s for p in list(lesson.positions.values()) + [e.position for e in lesson.exercises]
             for s in tutor.find_steps(p.grid, "sue_de_coq")]
    with_extra = [s for s in found if "other digit (" in s.hint(3)]
    assert with_extra, "a Sue de Coq whose set holds a digit beside the crossing's"
    for step in with_extra:
        text = step.hint(3)
        assert "and also" not in text
        counted = text.index("every one of them, each once.")
        # Each set's other digits on a line of its own, after the count.
        then = " ".join(line for line in text[counted:].split("\n") if line.startswith("Then "))
        for extra in re.findall(r"only \d other digits? \(([^)]+)\)", text[:counted]):
            assert re.search(rf"other (cell the|\d cells) {extra}\b", then), then


EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def test_a_step_from_the_api_explains_itself_fully_without_a_position():
    grid = tutor.parse(EASY)
    position = Position(grid.values, grid.masks)
    step = tutor.next_step(grid)
    assert step.explanation == step.hint(3, position)
    assert "7 and 8 are in row 5" in step.explanation, "the digits its peers hold, named"
    hidden = tutor.find_steps(grid, "hidden_single")
    assert hidden and all(h.explanation == h.hint(3, position) for h in hidden)
    assert "the only place left for it: " in hidden[0].explanation
    # The same step as a plain Step (as read from JSON): equal, and its text says why without
    # being circular.
    plain = Step(*hidden[0])
    assert plain == hidden[0] and hash(plain) == hash(hidden[0])
    assert repr(plain) == repr(hidden[0])
    assert "has lost" not in plain.explanation
    assert "each is filled, or sees a 6 placed in its row, column or box" in plain.explanation


SPOTTING_FAMILIES = ("singles", "intersections", "subsets", "fish", "single_digit", "wings",
                     "colouring", "uniqueness", "sue_de_coq", "chains", "grouped", "als", "forcing",
                     "backtracking")
"""The families whose full hint ends with how one could have spotted the pattern."""


@pytest.mark.parametrize("technique", [t for t in FOUND + ("backtracking",)
                                       if tutor.engine.technique(t).family in SPOTTING_FAMILIES])
def test_a_full_hint_ends_with_one_sentence_on_how_to_spot_the_pattern(examples, technique):
    for step, position in examples[technique]:
        for given in (position, None):
            lines = step.hint(3, given).split("\n")
            last = lines[-1]
            assert last.startswith("To spot it: ") and last.endswith("."), last
            assert not re.search(r"\. [A-Z]", last) and len(last) <= 200, last
            assert "To spot it" not in "\n".join(lines[:-1])
            assert "To spot it" not in step.hint(2, given) + step.hint(1, given)


CHAIN_TECHNIQUES = tuple(t.id for t in TECHNIQUES if t.family in ("chains", "grouped"))


@pytest.mark.parametrize("technique", CHAIN_TECHNIQUES)
def test_a_chains_pattern_names_it_in_the_sentence_and_letters_its_nodes_as_the_board(
        examples, technique):
    """'The alternating inference chain runs ...', not 'The chain (Alternating inference chain)';
    one link a line, each node lettered as the board marks it (not numbered: the board shows
    letters, and a number beside a cell reads as a candidate)."""
    for step, position in examples[technique]:
        text = step.hint(2, position)
        assert text.startswith(f"The {in_sentence(step.name)} runs"), text
        assert f"({step.name})" not in text
        letters = {node: node_label(n) for n, node in enumerate(chain_nodes(step), start=1)}
        first = step.chain[0]
        wanted = [letters[(first.premise, first.premise_true)]] + [
            letters[(link.conclusion, link.conclusion_true)] for link in step.chain]
        assert re.findall(r"\((\w)\) \d in ", text) == wanted
        links = [line for line in text.splitlines() if line.startswith(("  strong", "  weak"))]
        assert len(links) == len(step.chain)


def _candidates_grid(cells: dict[str, list[int]]) -> Grid:
    grid = Grid.empty()
    for name, digits in cells.items():
        grid = grid.with_candidates((int(name[1]) - 1) * 9 + int(name[3]) - 1, digits)
    return grid


def test_an_als_chain_says_when_a_set_is_one_cell_and_names_each_set():
    """A set of one cell: 'r1c1 is not 2, so r1c1 is 1' says why (the set is that cell, 1 its
    other candidate), and a link inside a bigger set names it ('set 3 without 4 ...')."""
    grid = _candidates_grid({"r1c1": [1, 2], "r1c5": [2, 3], "r5c5": [3, 6], "r5c6": [4, 6],
                             "r5c1": [1, 4]})
    step = tutor.find_steps(grid, "als_chain")[0]
    assert step.role("set_1") == (0,)
    text = step.explanation
    assert ("r1c1 is not 2, so r1c1 is 1 (set 1 is this one cell, and 1 its only other "
            "candidate)") in text
    assert "so r5c5 is 3 (set 3 without 4 holds all its other digits, 3 among them)" in text
    assert "an almost locked set without" not in text


THROUGH_SETS = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
"""A puzzle of the forum's hardest list whose grade goes through grouped nice loops with almost
locked sets."""


def test_a_grouped_chains_full_hint_names_the_sets_its_links_go_through():
    """The full hint, shown without the pattern's lines, says which cells form each almost locked
    set (with their candidates) and which set each link through a set uses."""
    grid = tutor.parse(THROUGH_SETS)
    steps = grade(grid).steps
    with_sets = [(s, p) for s, p in zip(steps, positions_along(grid, steps))
                 if s.technique.startswith("grouped_") and s.role("set_1")]
    assert with_sets
    for step, position in with_sets:
        full = step.hint(3, position)
        first = step.role("set_1")
        assert full.startswith(f"Set 1: {cell_name(first[0])} {{"), full
        assert "an almost locked set without" not in full
        assert re.search(r"\(set \d without \d holds all its other digits", full)


FORCING_NETS = "050908600800006007006020000009000070203000809010000400000030700900800004005604030"
"""The issue's SE 9.3 puzzle, whose path has forcing nets with facts resting on several facts."""


def test_a_fact_resting_on_several_facts_lists_them_as_a_sentence_would():
    """'r7c1 is 4, r5c2 is 4, r4c4 is 4 and r3c8 is 8, so ...', not 'r7c1 is 4 and r5c2 is 4
    and r4c4 is 4 and r3c8 is 8, so ...'."""
    grid = tutor.parse(FORCING_NETS)
    steps = grade(grid).steps
    several = 0
    for step, position in zip(steps, positions_along(grid, steps)):
        if step.technique != "forcing_chain":
            continue
        for line in step.hint(3, position).splitlines():
            premises = line.split(", so ")[0]
            assert premises.count(" and ") <= 1, line
            several += premises.count(", ") > 0 and ", so " in line
    assert several


KITE_BY_ONE_COLUMN = "000100000008090300170800000020000067061050930930000040000002056003040700000001000"
"""An SE 9.2 puzzle where, 23 steps in, a turbot fish's two ends lie in one column."""


def test_a_cell_seeing_both_ends_in_one_unit_says_so_once():
    """'r1c9 shares column 9 with both', not 'shares column 9 with r3c9 and column 9 with r8c9'."""
    grid = tutor.parse(KITE_BY_ONE_COLUMN)
    steps = grade(grid).steps
    for step in steps[:22]:
        grid = grid.apply(step)
    position = Position(grid.values, grid.masks)
    texts = [s.hint(3, position) for s in tutor.find_steps(grid, "turbot_fish")]
    assert any("r1c9 shares column 9 with both" in text for text in texts), texts
    for text in texts:
        assert not re.search(r"shares (\w+ \d) with r\dc\d and \1 with", text), text

