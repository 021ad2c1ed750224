"""The command line in-process: every command, every output format, stdin, bad input, exit codes."""

from __future__ import annotations

import csv
import io
import json
import re
import sys

import pytest

import tutor
from tutor.cli import main
from tutor.cli.main import COMMANDS
from tutor.engine import Position
from tutor.model.bundled import collections

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
# The integer-programming source's example: 5 solutions.
MILP_EXAMPLE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"
EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."


def bundled_lines() -> list[str]:
    return [p.line for c in collections() for p in c.puzzles()]


def pretty(line: str) -> str:
    return tutor.parse(line).to_pretty()


def unsolvable() -> str:
    """LEO with one given changed so that it still parses but has no solution."""
    for index, value in enumerate(LEO):
        for digit in "123456789":
            if value != "." and digit != value:
                line = LEO[:index] + digit + LEO[index + 1:]
                try:
                    if tutor.validity(tutor.parse(line)).status == "none":
                        return line
                except tutor.PuzzleError:
                    continue
    raise AssertionError("no unsolvable variant found")


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def mixed_file(tmp_path):
    """Good puzzles, a short line, a bad character, conflicting givens, no solution, two solutions."""
    lines = [
        LEO,
        EASY[:-1],
        "# a comment line is skipped",
        EASY[:10] + "a" + EASY[11:],
        "55" + LEO[2:],
        EASY,
        MILP_EXAMPLE,
    ]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- grade ------------------------------------------------------------------------------------
def test_grade_one_puzzle_table(capsys):
    code, out, err = run(capsys, "grade", LEO)
    graded = tutor.grade(tutor.parse(LEO))
    assert code == 0 and err == ""
    assert "unique solution" in out
    assert f"{graded.level} ({graded.band})" in out
    assert f"step {graded.bottleneck_index + 1}: {graded.bottleneck.name}" in out
    assert f"Givens        {graded.givens}" in out


def test_grade_json_matches_the_library(capsys):
    code, out, _ = run(capsys, "grade", "--json", LEO, EASY)
    assert code == 0
    records = json_lines(out)
    assert [r["source"] for r in records] == ["argument 1", "argument 2"]
    for record, line in zip(records, (LEO, EASY)):
        graded = tutor.grade(tutor.parse(line))
        assert record["valid"] is True and record["status"] == "unique"
        assert record["solutions"] == 1
        assert record["puzzle"] == tutor.parse(line).to_line()
        assert record["givens"] == graded.givens
        assert record["level"] == graded.level and record["band"] == graded.band
        assert record["techniques"] == graded.techniques
        assert record["bottleneck"] == {"step": str(graded.bottleneck),
                                        "index": graded.bottleneck_index}
        assert record["backtracking"] == graded.backtracking
        assert record["error"] is None and "steps" not in record


def test_grade_json_steps(capsys):
    code, out, _ = run(capsys, "grade", "--json", "--steps", LEO)
    (record,) = json_lines(out)
    start = tutor.parse(LEO)
    graded = tutor.grade(start)
    assert code == 0 and len(record["steps"]) == len(graded.steps)
    first, step = record["steps"][0], graded.steps[0]
    assert first["technique"] == step.technique
    assert first["text"] == str(step)
    assert first["explanation"] == step.hint(3, Position(start.values, start.masks))
    assert first["placements"] == [{"cell": tutor.model.geometry.cell_name(c), "row": c // 9 + 1,
                                    "col": c % 9 + 1, "digit": d} for c, d in step.placements]
    eliminating = next(s for s in record["steps"] if s["eliminations"])
    assert all(e["cell"].startswith("r") and "c" in e["cell"] for e in eliminating["eliminations"])
    assert record["steps"][record["bottleneck"]["index"]]["text"] == record["bottleneck"]["step"]


def test_grade_steps_as_text(capsys):
    code, out, _ = run(capsys, "grade", "--steps", LEO)
    start = tutor.parse(LEO)
    graded = tutor.grade(start)
    assert code == 0
    assert f"{len(graded.steps):>3}. {graded.steps[-1]}" in out
    assert f"  1. {graded.steps[0]}" in out
    # Each line of the full explanation (the last is "To spot it: ...") indented under its step.
    explanation = graded.steps[0].hint(3, Position(start.values, start.masks))
    assert "\n".join(f"     {line}" for line in explanation.split("\n")) in out
    assert "\n     To spot it: " in out
    assert "<- bottleneck" in out


def test_grade_csv(capsys, mixed_file):
    code, out, _ = run(capsys, "grade", "--csv", str(mixed_file))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 1
    assert [int(r["line"]) for r in rows] == [1, 2, 4, 5, 6, 7]
    first = rows[0]
    graded = tutor.grade(tutor.parse(LEO))
    assert first["valid"] == "true" and first["level"] == str(graded.level)
    assert first["count_naked_single"] == str(graded.techniques["naked_single"])
    assert first["backtracking"] == str(graded.backtracking).lower()
    assert first["count_backtracking"] == str(graded.techniques.get("backtracking", 0))
    assert first["bottleneck"] == str(graded.bottleneck)
    assert rows[1]["valid"] == "false" and "found 80 cells" in rows[1]["error"]
    assert rows[1]["count_naked_single"] == ""


def test_file_with_good_and_bad_lines(capsys, mixed_file):
    code, out, err = run(capsys, "grade", "--json", str(mixed_file))
    records = json_lines(out)
    assert code == 1
    by_line = {r["line"]: r for r in records}
    assert sorted(by_line) == [1, 2, 4, 5, 6, 7]
    assert by_line[1]["valid"] and by_line[6]["valid"]
    assert by_line[2]["error"] == (f"{mixed_file} line 2: found 80 cells, expected 81 (a 9x9 "
                                   f"board), or 16, 36, 64, 100, 144, 256 or 625 for a board of "
                                   f"4x4 to 25x25")
    assert by_line[2]["status"] == "unreadable"
    assert by_line[4]["error"] == f"{mixed_file} line 4, column 11: unexpected character 'a'"
    assert by_line[5]["status"] == "conflict" and "two 5s in row 1" in by_line[5]["error"]
    assert by_line[7]["status"] == "multiple" and by_line[7]["solutions"] == 2
    # Bad lines are on stderr too, with the summary, so stdout stays pure JSON Lines.
    assert f"{mixed_file} line 2: found 80 cells, expected 81" in err
    assert "Summary: 6 puzzles graded, 2 valid, 4 invalid" in err
    assert "Traceback" not in err


def test_table_summary_counts_levels(capsys, mixed_file):
    code, out, _ = run(capsys, "grade", str(mixed_file))
    levels = [tutor.grade(tutor.parse(p)).level for p in (LEO, EASY)]
    assert code == 1
    assert "Summary: 6 puzzles graded, 2 valid, 4 invalid" in out
    for level in levels:
        assert f"level {format(level, 'g'):<3} {tutor.engine.band(level)}" in out
    assert "found 80 cells" in out


def test_stdin_one_puzzle_per_line(capsys, monkeypatch):
    code, out, _ = run(capsys, "grade", "--json", stdin=f"{LEO}\n{EASY}\n", monkeypatch=monkeypatch)
    records = json_lines(out)
    assert code == 0
    assert [(r["file"], r["line"]) for r in records] == [("-", 1), ("-", 2)]


def test_stdin_pasted_multi_line_grid(capsys, monkeypatch):
    text = "\n" + pretty(LEO)
    code, out, _ = run(capsys, "grade", "--json", "-", stdin=text, monkeypatch=monkeypatch)
    (record,) = json_lines(out)
    assert code == 0
    assert record["puzzle"] == LEO and record["line"] == 2 and record["valid"]


def test_bad_pasted_grid_names_the_line(capsys, monkeypatch):
    rows = pretty(LEO).splitlines()
    rows[5] = rows[5] + " 7"
    code, out, _ = run(capsys, "grade", "--json", stdin="\n".join(rows),
                       monkeypatch=monkeypatch)
    (record,) = json_lines(out)
    assert code == 1
    assert record["error"] == "stdin line 6, column 23: row 5 has 10 cells, expected 9"


def test_no_input_on_a_terminal_is_a_usage_error(capsys, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    code, _, err = run(capsys, "grade", stdin="", monkeypatch=monkeypatch)
    assert code == 1 and "stdin: no puzzle found" in err
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["grade"]) == 2
    assert "no puzzle given" in capsys.readouterr().err


def test_missing_and_unreadable_files(capsys, tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    code, out, err = run(capsys, "grade", "--json", "missing.txt", str(binary), str(tmp_path), LEO)
    assert code == 1
    assert "missing.txt: no such file" in err
    assert f"{binary}: not UTF-8 text" in err
    assert f"{tmp_path}: is a directory" in err
    assert [r["source"] for r in json_lines(out)] == ["argument 4"]
    assert "Traceback" not in err


def test_empty_file(capsys, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n", encoding="utf-8")
    code, _, err = run(capsys, "grade", str(empty))
    assert code == 1 and f"{empty}: no puzzle found" in err


def test_jobs_two_equals_jobs_one(capsys, tmp_path, mixed_file):
    lines = bundled_lines() + [LEO, EASY, MILP_EXAMPLE] * 10 + [EASY[:-3]]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Without SE's rating (a second solve of every puzzle, checked below on a few).
    one = run(capsys, "grade", "--json", "--steps", "--no-se", "--jobs", "1", str(path),
              str(mixed_file))
    two = run(capsys, "grade", "--json", "--steps", "--no-se", "--jobs", "2", str(path),
              str(mixed_file))
    assert one == two
    assert one[0] == 1
    assert len(json_lines(one[1])) == len(lines) + 6
    with_se = [run(capsys, "grade", "--json", "--jobs", jobs, LEO, EASY) for jobs in ("1", "2")]
    assert with_se[0] == with_se[1]
    assert all(record["se_rating"] for record in json_lines(with_se[0][1]))


def test_bad_jobs_is_a_usage_error(capsys):
    code, _, err = run(capsys, "grade", "--jobs", "0", LEO)
    assert code == 2 and "--jobs" in err


def test_json_and_csv_together_is_a_usage_error(capsys):
    code, _, err = run(capsys, "grade", "--json", "--csv", LEO)
    assert code == 2 and "not allowed with" in err


# --- solve ------------------------------------------------------------------------------------
def test_solve_pretty_and_line(capsys):
    solution = tutor.solve(tutor.parse(LEO))
    code, out, _ = run(capsys, "solve", LEO)
    assert code == 0 and out == solution.to_pretty()
    code, out, _ = run(capsys, "solve", "--line", LEO)
    assert code == 0 and out == solution.to_line() + "\n"


def test_solve_count(capsys):
    code, out, _ = run(capsys, "solve", "--count", "--limit", "10", MILP_EXAMPLE)
    assert code == 0 and out == "5 solutions\n"
    code, out, _ = run(capsys, "solve", "--count", "--limit", "3", MILP_EXAMPLE)
    assert out.startswith("more than 3 solutions")
    code, out, _ = run(capsys, "solve", "--count", LEO)
    assert out == "1 solution\n"


def test_solve_improper_puzzles(capsys):
    code, out, err = run(capsys, "solve", MILP_EXAMPLE)
    assert code == 1 and "more than one solution" in err
    assert tutor.parse(out).is_solved
    code, out, err = run(capsys, "solve", unsolvable())
    assert code == 1 and out == "" and "no solution" in err


def test_solve_reads_stdin_grid_and_file(capsys, monkeypatch, tmp_path):
    code, out, _ = run(capsys, "solve", "--line", stdin=pretty(LEO), monkeypatch=monkeypatch)
    assert code == 0 and out.strip() == tutor.solve(tutor.parse(LEO)).to_line()
    path = tmp_path / "one.txt"
    path.write_text(LEO + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", "--line", str(path))
    assert code == 0 and out.strip() == tutor.solve(tutor.parse(LEO)).to_line()


def test_solve_bad_input(capsys, mixed_file):
    code, out, err = run(capsys, "solve", LEO[:-1])
    assert (code, out) == (1, "") and "argument 1: found 80 cells, expected 81" in err
    code, _, err = run(capsys, "solve", str(mixed_file))
    assert code == 1 and "holds 6 puzzles" in err
    code, _, err = run(capsys, "solve", "nowhere.txt")
    assert code == 1 and "nowhere.txt: no such file" in err


def test_show_model_needs_milp(capsys):
    code, _, err = run(capsys, "solve", "--method", "backtracking", "--show-model", LEO)
    assert code == 2 and "--method milp" in err


# --- next -------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3])
def test_next_at_each_hint_level(capsys, level):
    grid = tutor.parse(LEO)
    step = tutor.next_step(grid)
    code, out, _ = run(capsys, "next", "--hint", str(level), LEO)
    assert code == 0 and out == step.hint(level, Position(grid.values, grid.masks)) + "\n"


def test_next_on_a_pencil_mark_grid_from_stdin(capsys, monkeypatch):
    grid = tutor.parse(LEO).with_standard_candidates()
    for _ in range(12):
        grid = grid.apply(tutor.next_step(grid))
    code, out, _ = run(capsys, "next", "--hint", "3", stdin=grid.to_pencilmarks(),
                       monkeypatch=monkeypatch)
    assert code == 0 and out == tutor.next_step(grid).hint(3, Position(grid.values, grid.masks)) + "\n"


def test_next_names_wrong_entries_and_marks(capsys, monkeypatch):
    puzzle = tutor.parse(LEO).with_standard_candidates()
    solution = tutor.solve(puzzle)
    empty = [c for c in range(81) if not puzzle.values[c]]
    wrong_cell = next(c for c in empty if len(puzzle.candidates(c)) > 1)
    wrong_digit = next(d for d in sorted(puzzle.candidates(wrong_cell))
                       if d != solution.values[wrong_cell])
    marked_cell = next(c for c in empty if c != wrong_cell
                       and c not in tutor.model.geometry.PEERS[wrong_cell])
    grid = puzzle.place(wrong_cell, wrong_digit).eliminate(
        [(marked_cell, solution.values[marked_cell])])
    code, out, err = run(capsys, "next", "-", stdin=grid.to_pencilmarks(), monkeypatch=monkeypatch)
    name = tutor.model.geometry.cell_name
    assert code == 1 and out == ""
    assert (f"{name(wrong_cell)}: you entered {wrong_digit}, but the solution has "
            f"{solution.values[wrong_cell]} there") in err
    assert (f"{name(marked_cell)}: the candidate {solution.values[marked_cell]} was removed"
            in err)


def test_next_names_the_wrong_entry_as_the_cause_of_what_it_rules_out(capsys, monkeypatch):
    # The README's puzzle as a pencil-mark grid, with r1c2's "56" changed to a placed 6 (the
    # solution there is 5): the 6 rules the true 6 out of r1c8, r3c1 and r9c2, which the user
    # never touched (r1c8 still reads "56"). The wrong entry is the cause, those its consequence.
    pencil = tutor.parse(LEO).to_pencilmarks()
    first = pencil.splitlines()[0]
    assert [t for t in first.split() if t != "|"][1::6] == ["56", "56"]  # r1c2 and r1c8
    grid_text = pencil.replace(first, first.replace("56", "+6", 1), 1)
    code, out, err = run(capsys, "next", "-", stdin=grid_text, monkeypatch=monkeypatch)
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == "stdin line 1: 1 wrong entry contradicts the solution:"
    assert lines[1] == "  r1c2: you entered 6, but the solution has 5 there"
    assert lines[2].startswith("    so 6 is ruled out of r1c8, r3c1 and r9c2, where it is the solution")
    assert "was removed" not in err, "the user removed nothing"
    # A candidate the user did remove, away from the wrong entry, is still named as removed.
    solution = tutor.solve(tutor.parse(LEO))
    r5c1 = tutor.model.geometry.parse_cell_name("r5c1")
    grid = tutor.parse(grid_text).eliminate([(r5c1, solution.values[r5c1])])
    code, _, err = run(capsys, "next", "-", stdin=grid.to_pencilmarks(), monkeypatch=monkeypatch)
    assert err.splitlines()[0] == ("stdin line 1: 1 wrong entry and 1 removed true candidate "
                                   "contradict the solution:")
    assert f"  r5c1: the candidate {solution.values[r5c1]} was removed" in err
    with pytest.raises(tutor.ContradictionError) as info:
        tutor.next_step(grid)
    assert "r1c2 holds 6, but the solution has 5 there; that 6 rules the true 6 out of r1c8, " \
           "r3c1 and r9c2" in str(info.value)
    assert info.value.ruled_out == {tutor.model.geometry.parse_cell_name("r1c2"): tuple(
        tutor.model.geometry.parse_cell_name(n) for n in ("r1c8", "r3c1", "r9c2"))}


def wrong_eight() -> str:
    """The README's puzzle as a pencil-mark grid with a wrong +8 placed in r1c7 (the solution
    there is 3): the grid itself has no solution, but its puzzle has one."""
    pencil = tutor.parse(LEO).to_pencilmarks()
    first = pencil.splitlines()[0]
    cells = [t for t in first.split() if t != "|"]
    assert cells[6] == "3568" and tutor.solve(tutor.parse(LEO)).values[6] == 3
    return pencil.replace(first, first.replace("3568", "+8  ", 1), 1)


WRONG_EIGHT = ("r1c7 holds 8, but the solution has 3 there; that 8 rules the true 8 out of "
               "r1c5, r3c9 and r4c7")


def test_grade_names_a_wrong_placed_digit_as_next_does(capsys, monkeypatch):
    code, out, err = run(capsys, "grade", "--json", stdin=wrong_eight(), monkeypatch=monkeypatch)
    (record,) = json_lines(out)
    assert code == 1
    assert record["status"] == "contradiction" and record["solutions"] == 1
    assert record["error"] == f"stdin line 1: {WRONG_EIGHT}" and record["error"] in err
    code, out, _ = run(capsys, "grade", stdin=wrong_eight(), monkeypatch=monkeypatch)
    assert code == 1 and f"Validity  {WRONG_EIGHT}\n" in out and "no solution" not in out


def test_solve_names_a_wrong_placed_digit_as_next_does(capsys, monkeypatch):
    code, out, err = run(capsys, "solve", stdin=wrong_eight(), monkeypatch=monkeypatch)
    assert code == 1 and out == ""
    code, _, next_err = run(capsys, "next", stdin=wrong_eight(), monkeypatch=monkeypatch)
    assert err == next_err
    assert err.splitlines()[:2] == ["stdin line 1: 1 wrong entry contradicts the solution:",
                                    "  r1c7: you entered 8, but the solution has 3 there"]


def test_solve_still_says_no_solution_when_the_givens_have_none(capsys):
    code, out, err = run(capsys, "solve", unsolvable())
    assert code == 1 and out == "" and err == "argument 1: no solution\n"


def test_next_on_solved_and_improper_grids(capsys):
    solved = tutor.solve(tutor.parse(LEO)).to_line()
    code, out, _ = run(capsys, "next", solved)
    assert code == 0 and "solved" in out
    code, out, err = run(capsys, "next", MILP_EXAMPLE)
    assert code == 1 and "more than one solution" in err


# --- play -------------------------------------------------------------------------------------
def test_play_rejects_bad_puzzles_before_starting_the_app(capsys):
    code, _, err = run(capsys, "play", LEO[:-1])
    assert code == 1 and "argument 1: found 80 cells, expected 81" in err
    code, _, err = run(capsys, "play", MILP_EXAMPLE)
    assert code == 1 and "exactly one solution" in err


def test_play_without_the_app_says_so(capsys, monkeypatch):
    # Simulates an install where the app cannot be imported (None in sys.modules blocks it).
    monkeypatch.setitem(sys.modules, "tutor.app", None)
    code, _, err = run(capsys, "play", LEO)
    assert code == 2 and "the app cannot start" in err
    code, _, err = run(capsys)
    assert code == 2 and "the app cannot start" in err


# --- help and usage ---------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["grade", "solve", "next", "play"])
def test_each_command_has_help(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert out.startswith(f"usage: tutor {command}")
    assert "Exit status" in out


def test_top_level_help_lists_every_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in ("grade", "solve", "next", "play"):
        assert f"    {name} " in out
    assert len(COMMANDS) >= 4


def test_unknown_command_is_a_usage_error(capsys):
    code, _, err = run(capsys, "grdae", LEO)
    assert code == 2 and "invalid choice" in err


def test_a_mistyped_puzzle_gets_the_parsers_message(capsys):
    code, out, err = run(capsys, "grade", LEO[:20] + "a" + LEO[21:])
    assert code == 1 and "column 21: unexpected character 'a'" in out + err
    code, _, err = run(capsys, "grade", "no-such-puzzles.txt")
    assert code == 1 and "no-such-puzzles.txt: no such file" in err


def test_grade_level_six_says_where_the_card_ladder_runs_out(capsys):
    puzzle = next(p for p in collections() if p.level == 6).puzzles()[0].line
    graded = tutor.grade(tutor.parse(puzzle))
    stop = graded.card_runs_out_at
    code, out, _ = run(capsys, "grade", puzzle)
    needs = graded.steps[stop].name
    assert code == 0
    assert f"6 (Diabolical): the card's ladder runs out at step {stop + 1}; needs {needs}" in out
    assert f"Tutor rating  {graded.rating} ({tutor.engine.technique(graded.hardest).name})" in out
    code, out, _ = run(capsys, "grade", "--json", puzzle)
    (record,) = json_lines(out)
    assert record["card_runs_out"] == {"index": stop, "needs": graded.steps[stop].technique}
    assert (record["rating"], record["hardest"]) == (graded.rating, graded.hardest)


def test_grade_ladder_card_is_the_card_ladder_then_backtracking(capsys):
    puzzle = next(p for p in collections() if p.level == 6).puzzles()[0].line
    card = tutor.grade(tutor.parse(puzzle), "card")
    code, out, _ = run(capsys, "grade", "--json", "--steps", "--ladder", "card", puzzle)
    (record,) = json_lines(out)
    assert code == 0
    assert [s["text"] for s in record["steps"]] == [str(s) for s in card.steps]
    assert record["card_runs_out"]["needs"] == "backtracking"
    code, out, err = run(capsys, "grade", "--ladder", "cards", puzzle)
    assert code == 2 and "invalid choice: 'cards'" in err


def test_table_rows_are_printed_as_they_come_and_line_up(capsys, mixed_file):
    from tutor.cli.inputs import collect
    from tutor.cli.output import TableWriter
    from tutor.cli.records import grade_record

    items, _ = collect([str(mixed_file)])
    writer = TableWriter(False, len(items), max(len(item.where()) for item in items))
    starts = set()
    for number, item in enumerate(items, start=1):
        writer.add(grade_record(item))
        printed = capsys.readouterr().out  # already out, before the next puzzle is graded
        row = next(line for line in printed.splitlines() if line.lstrip().startswith(f"{number} "))
        assert item.origin in row or str(item.line) in printed
        starts.add(row.index(str(mixed_file)[:8]))  # the Source column starts at the same place
    writer.finish()
    assert len(starts) == 1 and capsys.readouterr().out == ""


HARD = "050908600800006007006020000009000070203000809010000400000030700900800004005604030"


@pytest.mark.parametrize("columns", [110, 80])
def test_the_table_gives_a_puzzle_two_lines(capsys, monkeypatch, columns):
    # A row (source, givens, level, rating, the bottleneck's step and technique), then its
    # techniques on one line: 11 lines a puzzle at 110 columns before.
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "grade", "--no-se", HARD, EASY, EASY[:-1] + "a")
    lines = out.splitlines()
    assert code == 1
    assert lines[0].split() == ["#", "Source", "Givens", "Level", "Tutor", "SE", "Bottleneck"]
    first, second, third = (next(i for i, line in enumerate(lines) if line.startswith(f"{n} "))
                            for n in (1, 2, 3))
    # At 80 columns a long bottleneck name may take a second line of its column.
    assert second - first == (2 if columns == 110 else 3) and third - second == 2
    assert "6 (Diabolical)" in lines[first] and "step 3: Forcing chain" in lines[first]
    assert lines[second - 1].startswith("   Naked single 45, Hidden single 10, ")
    assert re.search(r" and \d+ more$", lines[second - 1]), "the techniques that do not fit, counted"
    assert all(len(line) <= columns for line in lines)
    assert lines[second + 1] == f"   Naked single {tutor.grade(tutor.parse(EASY)).techniques['naked_single']}"
    assert "unexpected character 'a'" in lines[third] and lines[third + 1] == ""


# --- boards of other sizes ---------------------------------------------------------------------
def _own_line(height: int, width: int, holes: int = 3) -> str:
    """A puzzle of our own with one solution: a shifted filling of the board with boxes of
    height x width, one cell in `holes` of each row emptied (each then a naked single)."""
    from tutor.model.geometry import regular

    board = regular(height, width)
    n = board.size
    values = [0 if (r + 2 * c) % holes == 0 else (r % height * width + r // height + c) % n + 1
              for r in range(n) for c in range(n)]
    return tutor.Grid(values, geometry=board).to_line()


SIX = _own_line(2, 3)
SIXTEEN = _own_line(4, 4, holes=5)


def test_grade_reads_a_6x6_and_a_16x16_puzzle_and_names_their_boards(capsys, tmp_path):
    code, out, _ = run(capsys, "grade", SIX)
    assert code == 0 and "6x6, boxes of 2x3" in out and "unique solution" in out
    assert "Sudoku Explainer rates 9x9 boards only" in out
    code, out, _ = run(capsys, "grade", SIXTEEN)  # letters on the command line: a puzzle, not a file
    assert code == 0 and "16x16, boxes of 4x4" in out
    both = tmp_path / "mixed.txt"
    both.write_text(f"{SIX}\n{SIXTEEN}\n")
    code, out, _ = run(capsys, "grade", "--json", "--steps", str(both))
    records = json_lines(out)
    assert code == 0 and [(r["board"], r["box"], r["valid"]) for r in records] == [
        ("6x6", "2x3", True), ("16x16", "4x4", True)]
    # Each step speaks of its own board: a 16x16 cell far down the board, digits as its symbols.
    cells = {change["cell"] for step in records[1]["steps"] for change in step["placements"]}
    assert "r16c15" in cells or any(c.startswith("r1") and len(c) > 4 for c in cells)
    code, out, _ = run(capsys, "grade", "--csv", SIX)
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["board"] == "6x6" and row["box"] == "2x3" and row["se_rating"] == ""


def test_the_box_option_reads_the_other_6x6_shape_and_refuses_what_no_board_has(capsys):
    code, out, _ = run(capsys, "grade", "--box", "3x2", SIX)
    assert code == 1 and "two 2s in box 1" in out  # the 2x3 puzzle's digits clash in 3x2 boxes
    code, out, _ = run(capsys, "grade", "--box", "3x2", _own_line(3, 2))
    assert code == 0 and "6x6, boxes of 3x2" in out
    code, _, err = run(capsys, "grade", "--box", "7x1", SIX)
    assert code == 2 and "no board has boxes of 7x1" in err


def test_solve_next_and_play_take_any_board(capsys, monkeypatch):
    code, out, _ = run(capsys, "solve", SIX)
    assert code == 0 and out.splitlines()[0] == "1 2 3 | 4 5 6"
    code, out, _ = run(capsys, "next", "--hint", "3", SIX)
    assert code == 0 and "r1c1" in out and "To spot it" in out
    opened = []
    monkeypatch.setattr("tutor.app.run_app", lambda grid=None: opened.append(grid) or 0)
    code, _, _ = run(capsys, "play", SIX)
    assert code == 0 and opened[-1].geometry.name == "6x6"
    assert (opened[-1].geometry.box_height, opened[-1].geometry.box_width) == (2, 3)
    code, _, _ = run(capsys, "play", "--box", "3x2", _own_line(3, 2))
    assert code == 0 and opened[-1].geometry.box_height == 3
    code, _, err = run(capsys, "play", "." * 625)
    assert code == 1 and "boards of 4x4 to 16x16" in err and len(opened) == 2


def test_a_wrong_cell_count_lists_every_board_s(capsys):
    code, out, _ = run(capsys, "grade", "1234512345")
    assert code == 1
    assert "found 10 cells, expected 81 (a 9x9 board), or 16, 36, 64, 100, 144, 256 or 625" in out
