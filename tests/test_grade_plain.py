"""`tutor grade` writes one puzzle's detail and its summary lines without Rich when piped: the
same characters Rich writes, and Rich itself when a line would need wrapping."""

from __future__ import annotations

import pytest

from tutor.cli.inputs import Item
from tutor.cli.output import Lines, TableWriter, console, plain, plain_detail, show
from tutor.cli.records import grade_record

LEO = "9..1.4..2.8..6..7..........4.......1.7.....3.3.......7..........3..7..8.1..2.9..4"
EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
# Too few givens (several solutions), no solution (LEO with a given changed), a bad character.
LINES = [LEO, EASY, "1" + "." * 80, "7" + LEO[1:], EASY[:10] + "a" + EASY[11:], "." * 81]


def rich_lines(renderable, capsys) -> str:
    """What show() prints for `renderable` on a stdout that is not a terminal."""
    show(renderable, console())
    return capsys.readouterr().out


@pytest.mark.parametrize("width", [120, 60])
@pytest.mark.parametrize("line", LINES)
def test_the_plain_detail_is_what_rich_prints(line, width, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    record = grade_record(Item("argument 1", None, None, 0, line))
    rows = TableWriter._detail_rows(record)
    expected = rich_lines(TableWriter._detail(record), capsys)
    lines = plain_detail(rows, width)
    if lines is None:  # Rich wraps some line at this width: it prints the table itself
        assert any(len(value) + len(name) + 4 > width for name, value in rows)
    else:
        assert "".join(line + "\n" for line in lines) == expected


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
