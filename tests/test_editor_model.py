"""The editor's model: live validation while composing, and saving only a proper puzzle."""

import re

import pytest

import tutor
from tutor.generator import editor
from tutor.model.geometry import parse_cell_name
from tutor.model.bundled import load_file

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
FIVE_SOLUTIONS = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def compose(entries):
    """A puzzle composed by entering givens one at a time: {'r1c1': 9, ...}."""
    grid = tutor.Grid.empty()
    for name, digit in entries.items():
        grid = editor.set_given(grid, parse_cell_name(name), digit)
    return grid


def test_empty_board_has_several_solutions_and_too_few_givens():
    state = editor.check(tutor.Grid.empty())
    assert state.status == "multiple" and state.givens == 0 and state.too_few
    assert "fewer than 17 givens can never be unique" in state.message
    assert "add at least 17 more" in state.message


def test_entering_givens_counts_them():
    grid = compose({"r1c1": 5, "r5c5": 3, "r9c9": 1})
    state = editor.check(grid)
    assert state.givens == 3 and state.status == "multiple"
    assert editor.check(editor.clear_given(grid, parse_cell_name("r5c5"))).givens == 2


def test_conflict_marks_both_cells():
    state = editor.check(compose({"r3c1": 5, "r3c8": 5, "r9c9": 2}))
    assert state.status == "conflict"
    assert state.conflict_cells == {parse_cell_name("r3c1"), parse_cell_name("r3c8")}
    assert "two 5s in row 3 (r3c1 and r3c8)" in state.message
    assert not state.is_proper


def test_no_solution_without_a_conflict():
    # r1c9 sees 1-8 in its row and 9 in its column: no digit is left for it.
    entries = {f"r1c{c}": c for c in range(1, 9)}
    entries["r5c9"] = 9
    state = editor.check(compose(entries))
    assert state.status == "none" and state.solutions == 0 and state.conflict_cells == frozenset()
    assert state.message.startswith("no solution (9 givens)")


def test_unique_puzzle_is_proper():
    state = editor.check(tutor.parse(LEO))
    assert state.status == "unique" and state.is_proper and state.givens == 20 and not state.too_few
    assert state.message == "exactly one solution: a proper puzzle with 20 givens"


def test_several_solutions_with_enough_givens_has_no_too_few_note():
    state = editor.check(tutor.parse(FIVE_SOLUTIONS))
    assert state.status == "multiple" and state.solutions == 2 and not state.too_few
    assert "never be unique" not in state.message


def test_removing_a_given_from_a_proper_puzzle_is_seen_at_once():
    grid = tutor.parse(LEO)
    for cell in sorted(grid.givens):
        fewer = editor.clear_given(grid, cell)
        state = editor.check(fewer)
        assert state.givens == 19
        assert state.status == ("unique" if tutor.count_solutions(fewer) == 1 else "multiple")


def test_pencil_marks_and_player_entries_are_not_part_of_the_puzzle():
    played = tutor.parse(LEO).place(parse_cell_name("r1c2"), 5)
    assert editor.compose(played).givens == frozenset(c for c in range(81) if played.values[c])


def test_save_appends_a_named_line_and_it_plays(data_dir):
    saved = editor.save(tutor.parse(LEO), "Star Burst Leo", source="typed from the book")
    path = data_dir / "my-puzzles.txt"
    assert saved.path == path and saved.line_number == 1
    assert path.read_text() == f"{LEO} # Star Burst Leo; typed from the book\n"
    loaded = load_file(path)
    assert [(p.line, p.name, p.source) for p in loaded] == [(LEO, "Star Burst Leo", "typed from the book")]
    assert tutor.next_step(loaded[0].grid) is not None


def test_save_keeps_what_the_file_held(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# mine\n" + FIVE_SOLUTIONS + " # an old line")
    saved = editor.save(tutor.parse(LEO), "Leo", path)
    text = path.read_text().splitlines()
    assert text[:2] == ["# mine", f"{FIVE_SOLUTIONS} # an old line"]
    assert text[2] == f"{LEO} # Leo; made in the editor" and saved.line_number == 3


@pytest.mark.parametrize("grid_text, reason", [
    (FIVE_SOLUTIONS, "only a proper puzzle (exactly one solution) can be saved, and this one has several"),
    ("55" + "." * 79, "conflicting givens: two 5s in row 1"),
    ("." * 81, "fewer than 17 givens can never be unique"),
])
def test_improper_puzzles_are_refused_with_the_reason(grid_text, reason, data_dir):
    grid = tutor.Grid([int(c) if c != "." else 0 for c in grid_text])
    with pytest.raises(editor.EditorError, match=re.escape(reason)):
        editor.save(grid, "Nope")
    assert not (data_dir / "my-puzzles.txt").exists()


@pytest.mark.parametrize("name, reason", [
    ("", "needs a name"),
    ("   ", "needs a name"),
    ("a # b", "may not contain '#'"),
    ("first; second", "may not contain ';'"),
    ("two\nlines", "may not contain '\\\\n'"),
])
def test_unusable_names_are_refused(name, reason, tmp_path):
    with pytest.raises(editor.EditorError, match=reason):
        editor.save(tutor.parse(LEO), name, tmp_path / "p.txt")


def test_a_puzzle_already_in_the_file_is_not_saved_twice(tmp_path):
    path = tmp_path / "p.txt"
    editor.save(tutor.parse(LEO), "Leo", path)
    with pytest.raises(editor.EditorError, match="already in .* \\(line 1\\)"):
        editor.save(tutor.parse(LEO), "Leo again", path)
    assert len(load_file(path)) == 1


def test_unreadable_file_is_reported_not_overwritten(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\xff\xfe not text")
    with pytest.raises(editor.EditorError, match="could not be read"):
        editor.save(tutor.parse(LEO), "Leo", path)
    assert path.read_bytes() == b"\xff\xfe not text"
