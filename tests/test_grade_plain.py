"""`tutor grade` writes one puzzle's detail and its summary lines without Rich when piped: the
same characters Rich writes, and Rich itself when a line would need wrapping."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tutor.cli.inputs import Item
from tutor.cli.output import BOLD, NORMAL, Lines, TableWriter, console, plain, plain_detail, show
from tutor.cli.records import grade_record

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
# Too few givens (several solutions), no solution (LEO with a given changed), a bad character.
LINES = [LEO, EASY, "1" + "." * 80, "7" + LEO[1:], EASY[:10] + "a" + EASY[11:], "." * 81]


def rich_lines(renderable, capsys) -> str:
    """What show() prints for `renderable` on a stdout that is not a terminal."""
    show(renderable, console())
    return capsys.readouterr().out


@pytest.mark.parametrize("width", [120, 80, 60, 40])
@pytest.mark.parametrize("line", LINES)
def test_the_plain_detail_is_what_rich_prints(line, width, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    record = grade_record(Item("argument 1", None, None, 0, line))
    rows = TableWriter._detail_rows(record)
    expected = rich_lines(TableWriter._detail(record), capsys)
    lines = plain_detail(rows, width)
    assert lines is not None
    assert "".join(line + "\n" for line in lines) == expected


def test_a_long_step_is_wrapped_word_by_word_as_rich_wraps_it(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    rows = [("Puzzle", LEO), ("Bottleneck", "step 23: Hidden triple: 5,6,8 in r7c4,r7c6,r7c7 => "
                                          "r7c4<>4, r7c6<>1, r7c7<>1, r7c7<>2, r7c7<>9"),
            ("Techniques", "x" * 30 + " " + "y" * 70 + "  z")]
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    for name, value in rows:
        table.add_row(name, Text(value))
    lines = plain_detail(rows, 50)
    assert lines is not None and len(lines) > 6
    assert "".join(line + "\n" for line in lines) == rich_lines(table, capsys)


@pytest.mark.parametrize("width", [120, 80])
@pytest.mark.parametrize("line", LINES[:3])
def test_at_a_terminal_the_detail_is_what_rich_draws_with_bold_labels(line, width):
    record = grade_record(Item("argument 1", None, None, 0, line))
    terminal = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="standard",
                       highlight=False)
    terminal.print(TableWriter._detail(record))
    rows = TableWriter._detail_rows(record)
    lines = plain_detail(rows, width, bold=True)
    assert lines is not None
    assert [unstyled(line) for line in lines] == [
        unstyled(line) for line in terminal.file.getvalue().splitlines()]
    starts = [line[:line.index(NORMAL)] for line in lines]
    widest = max(len(name) for name, _ in rows)
    assert [start for start in starts if start.strip(BOLD + " ")] == [BOLD + name.ljust(widest)
                                                                      for name, _ in rows]


def unstyled(line: str) -> str:
    """A line as it looks: without its style codes and trailing spaces."""
    return re.sub("\x1b\\[[0-9;]*m", "", line).rstrip()


@pytest.mark.parametrize("text", ["Summary: 6 puzzles graded, 2 valid, 4 invalid",
                                  "  level 0   Gentle            1", "",
                                  "file.txt line 3: no solution", "x" * 130,
                                  "a :smile: here", "trailing  ", "tab\there", "naïve"])
def test_plain_lines_are_what_rich_prints(text, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    console().print(text, markup=False)
    expected = capsys.readouterr().out
    Lines().print(text)
    assert capsys.readouterr().out == expected
    simple = text.startswith(("Summary", "  level", "file")) or text == ""
    assert plain(text, 120) == simple  # anything else is left to Rich
