"""Writing `tutor grade` results: JSON Lines, CSV, or Rich tables, and the summary at the end."""

from __future__ import annotations

import os
import re
import sys

from tutor.engine import BANDS, TECHNIQUES, band, technique
from tutor.cli.arguments import terminal_width
from tutor.cli.records import FIELDS, STATUSES
from tutor.model.formats import shorten
from tutor.model.geometry import listed

PIPED_WIDTH = 120
ROW_COLUMNS = ("#", "Source", "Givens", "Level", "Tutor", "SE", "Bottleneck")
"""The columns of the table with one row per puzzle; under the row, a line of its techniques (or,
for an invalid puzzle, what is wrong, in the row itself)."""
TECHNIQUES_INDENT = 3
"""Columns before the techniques line under a row."""
COLUMN_GAP = 2


def console(stderr: bool = False):
    """A Rich console on stdout or stderr; a fixed width when not a terminal keeps piped text stable."""
    from rich.console import Console  # lazy: start-up speed of commands that print plain text

    stream = sys.stderr if stderr else sys.stdout
    terminal = hasattr(stream, "isatty") and stream.isatty()
    width = None if terminal else piped_width()
    return Console(file=stream, width=width, highlight=False, soft_wrap=False)


def piped_width() -> int:
    """The width Rich is given when the output is not a terminal."""
    return int(os.environ.get("COLUMNS", "") or PIPED_WIDTH)


class Lines:
    """Prints plain lines on stdout or stderr as the Rich console of `console` would, without
    importing Rich while it can: when the stream is not a terminal and a line fits its width, Rich
    would print it as it is. Anything else goes through that console, made on first need."""

    def __init__(self, stderr: bool = False):
        self.stderr = stderr
        self.stream = sys.stderr if stderr else sys.stdout
        terminal = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.width = None if terminal else piped_width()
        self._console = None

    @property
    def rich(self):
        """The Rich console on the same stream."""
        if self._console is None:
            self._console = console(self.stderr)
        return self._console

    def print(self, text: str = "", markup: bool = False) -> None:
        """Print `text` (never as markup) and a newline."""
        if self._console is None and self.width is not None and plain(text, self.width):
            self.stream.write(text + "\n")
        else:
            self.rich.print(text, markup=False)


def plain(text: str, width: int) -> bool:
    """Whether Rich, printing `text` on a stream that is not a terminal, `width` wide, would write
    it unchanged: one line of printable ASCII that fits, without trailing spaces, and nothing Rich
    could read as an emoji code (:name:)."""
    return (len(text) <= width and text.isascii() and text.isprintable()
            and text == text.rstrip() and not re.search(r":\S*?:", text))


def show(renderable, out=None) -> None:
    """Print a Rich renderable on stdout (or the console `out`); when piped, as plain lines without
    trailing spaces."""
    out = out or console()
    if out.is_terminal:
        out.print(renderable)
        return
    with out.capture() as captured:
        out.print(renderable)
    sys.stdout.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def technique_counts(techniques: dict[str, int]) -> str:
    """'Naked single 51, Hidden single 13' in registry order."""
    return ", ".join(f"{technique(t).name} {n}" for t, n in techniques.items())


ECHO_LIMIT = 100
"""Characters of an unreadable input's first line echoed in a table (then how long it was)."""


def first_line(text: str) -> str:
    """A puzzle's text for a table cell: a whole unreadable file is cut to its first line, and a
    huge line to its start and its length."""
    lines = text.splitlines()
    first = shorten(lines[0] if lines else text, ECHO_LIMIT)
    if len(lines) <= 1:
        return first
    return f"{first} ... ({len(lines):,} lines)"


def level_text(record: dict) -> str:
    return f"{record['level']} ({record['band']})" if record["valid"] else ""


def se_text(record: dict) -> str:
    """Sudoku Explainer's ER for the table ('-' when not computed, '>11' beyond SE's techniques)."""
    if record.get("se_beyond"):
        return ">11"
    er = record.get("se_rating")
    return "-" if er is None else str(er)


def se_rating_text(record: dict) -> str:
    """'7.1 (Forcing chain), EP 1.2, ED 1.2': SE's ER, what set it, EP and ED."""
    if record.get("se_beyond"):
        return "beyond Sudoku Explainer's techniques (nested forcing chains included)"
    if record.get("board") not in (None, "9x9"):
        return "Sudoku Explainer rates 9x9 boards only"
    er = record.get("se_rating")
    if er is None:
        return "not computed (--no-se)"
    return f"{er} ({record['se_hardest']}), EP {record['se_ep']}, ED {record['se_ed']}"


def rating_text(record: dict) -> str:
    """'3.2 (X-Wing)': the rating and the technique that set it."""
    if not record["valid"] or record["hardest"] is None:
        return ""
    return f"{record['rating']} ({technique(record['hardest']).name})"


def card_text(record: dict) -> str:
    """"the card's ladder runs out at step 23; needs X-Wing", or '' when it finishes."""
    runs_out = record["valid"] and record["card_runs_out"]
    if not runs_out:
        return ""
    return (f"the card's ladder runs out at step {runs_out['index'] + 1}; "
            f"needs {technique(runs_out['needs']).name}")


def bottleneck_text(record: dict) -> str:
    """'step 12: Pointing: ...', and on a board of several grids where it lies ('(in the centre
    grid)')."""
    found = record["bottleneck"]
    if not found:
        return ""
    grids = found.get("grids")
    where = f" (in the {listed(grids)} grid{'s' if len(grids) > 1 else ''})" if grids else ""
    return f"step {found['index'] + 1}: {found['step']}{where}"


def validity_text(record: dict) -> str:
    if record["valid"]:
        return STATUSES["unique"]
    reason = record["error"] or STATUSES[record["status"]]
    # The table's Source column already says where; keep only what is wrong (and the column).
    return reason.removeprefix(record["source"]).lstrip(":, ")


class JsonWriter:
    """One JSON object per line, written as soon as the record is ready."""

    def __init__(self, stream):
        import json  # lazy: only this output form needs it

        self.stream = stream
        self.dumps = json.dumps

    def add(self, record: dict) -> None:
        self.stream.write(self.dumps(record, ensure_ascii=False) + "\n")

    def finish(self) -> None:
        self.stream.flush()


class CsvWriter:
    """One row per puzzle: the record's fields, one count column per technique, then the steps."""

    def __init__(self, stream, with_steps: bool):
        self.stream = stream
        self.with_steps = with_steps
        header = [f for f in FIELDS if f not in ("techniques", "bottleneck")]
        header.remove("card_runs_out")
        header[header.index("rating"):header.index("rating")] = [
            "bottleneck", "bottleneck_index"]
        header[header.index("backtracking"):header.index("backtracking")] = [
            "card_runs_out_index", "card_runs_out_needs"]
        self.header = (header + [technique_column(t.id) for t in TECHNIQUES]
                       + (["steps"] if with_steps else []))
        import csv  # lazy: only this output form needs it

        self.writer = csv.writer(stream, lineterminator="\n")
        self.writer.writerow(self.header)

    def add(self, record: dict) -> None:
        row = dict(record)
        found = record["bottleneck"]
        row["bottleneck"] = found["step"] if found else None
        row["bottleneck_index"] = found["index"] if found else None
        runs_out = record["card_runs_out"]
        row["card_runs_out_index"] = runs_out["index"] if runs_out else None
        row["card_runs_out_needs"] = runs_out["needs"] if runs_out else None
        for t in TECHNIQUES:
            count = (record["techniques"] or {}).get(t.id, 0)
            row[technique_column(t.id)] = count if record["valid"] else None
        if self.with_steps:
            row["steps"] = " | ".join(s["text"] for s in record["steps"] or ())
        self.writer.writerow(["" if row[key] is None else _csv_value(row[key]) for key in self.header])

    def finish(self) -> None:
        self.stream.flush()


def technique_column(technique_id: str) -> str:
    """'count_naked_single': a technique's CSV column, apart from the `backtracking` flag column."""
    return f"count_{technique_id}"


def _csv_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


DETAIL_GAP = 2
BOLD, NORMAL = "\x1b[1m", "\x1b[0m"


def plain_detail(rows: list[tuple[str, str]], width: int, bold: bool = False) -> list[str] | None:
    """The lines Rich prints for one puzzle's detail table (see TableWriter._detail), `width`
    wide, without importing Rich: on a stream that is not a terminal as show() leaves them
    (trailing spaces stripped), and with `bold` as Rich draws them on a terminal (labels bold).
    A value too long for the width is wrapped as Rich wraps it (see wrapped). None when Rich
    could read something as an emoji code, or the width is too narrow to tell how Rich would
    share it out (then Rich prints it)."""
    labels = max(len(name) for name, _ in rows)
    values = max(len(value) for _, value in rows)
    if not all(plain(value, max(width, len(value))) or value == "" for _, value in rows):
        return None
    # Every column is followed by the gap, the last one too; a value column too wide is narrowed
    # to what is left, and its values wrapped.
    room = width - labels - 2 * DETAIL_GAP
    if values > room and room < MIN_WRAP:
        return None
    label_width = labels + DETAIL_GAP
    out = []
    for name, value in rows:
        for index, part in enumerate(wrapped(value, room) if len(value) > room else [value]):
            label = name if index == 0 else ""
            if bold:
                out.append(f"{BOLD}{label.ljust(labels)}{NORMAL}{' ' * DETAIL_GAP}{part}".rstrip())
            else:
                out.append((label.ljust(label_width) + part).rstrip())
    return out


MIN_WRAP = 20
"""The narrowest value column plain_detail wraps itself (narrower, Rich shares the width out
between both columns)."""
_WORD = re.compile(r"\s*\S+\s*")


def wrapped(text: str, width: int) -> list[str]:
    """ASCII `text` in lines of at most `width` characters as Rich wraps a Text with
    overflow="fold" (rich/_wrap.py's divide_line): word by word, a word with the spaces after it;
    a word longer than a line is cut into lines of `width`."""
    lines: list[str] = []
    line = ""
    for word in _WORD.findall(text):
        length = len(word.rstrip())
        if len(line) + length <= width:
            line += word
        elif length > width:
            if line:
                lines.append(line)
            pieces = [word[start:start + width] for start in range(0, len(word), width)]
            lines.extend(pieces[:-1])
            line = pieces[-1]
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def terminal_styles() -> bool:
    """Whether Rich would draw bold text on the terminal: not when $TERM says it cannot."""
    return os.environ.get("TERM", "").lower() not in ("dumb", "unknown")


class TableWriter:
    """Rich tables: one puzzle in detail, or one row per puzzle printed as soon as it is graded.

    Rows are not held until the end (a file of a million puzzles prints in flat memory); each is a
    table of its own with the same fixed column widths, so that they line up under the header.
    With --steps, each puzzle's steps follow its row.
    """

    def __init__(self, with_steps: bool, total: int, source_width: int = 20):
        self.with_steps = with_steps
        self.total = total
        self.source_width = source_width
        self._out = None
        self._widths_now: dict[str, int] | None = None
        self.single: dict | None = None
        self.count = 0
        self.live = None  # the progress bar's console while one is drawn on the same terminal

    @property
    def out(self):
        """The Rich console on stdout (made on first need: one puzzle piped never needs it)."""
        if self._out is None:
            self._out = console()
        return self._out

    @property
    def widths(self) -> dict[str, int]:
        if self._widths_now is None:
            self._widths_now = self._widths(self.total, self.source_width, self.out.width)
        return self._widths_now

    @staticmethod
    def _widths(total: int, source_width: int, width: int) -> dict[str, int]:
        """Each column's width: the narrow ones fixed, the source and the bottleneck sharing what
        is left of the console's width (Rich narrows them all alike if it is too little)."""
        widths = {"#": len(str(max(total, 1))), "Givens": 6,
                  "Level": max(len(f"6 ({name})") for _, name in BANDS), "Tutor": 5, "SE": 4}
        # Every column is followed by the gap, the last one too (Rich pads it the same way).
        left = width - sum(widths.values()) - COLUMN_GAP * len(ROW_COLUMNS)
        widths["Source"] = max(10, min(source_width, left // 2))
        widths["Bottleneck"] = max(10, left - widths["Source"])
        return widths

    def add(self, record: dict) -> None:
        self.count += 1
        if self.total == 1:
            self.single = record  # shown in detail at the end
            return
        if self.count == 1:
            self._print(self._row_table(header=True))
        table = self._row_table(invalid=not record["valid"])
        table.add_row(*self._cells(self.count, record))
        self._print(table)
        if record["valid"]:
            self._print(self._techniques_line(record))
        if self.with_steps:
            self._print_steps(record)

    def finish(self) -> None:
        if self.single is not None:
            lines = None
            if self.live is None:
                # Drawn without Rich when it can be, so that grading one puzzle starts as fast at
                # a terminal as with --json: Rich's tables take longer to import than the grade.
                terminal = sys.stdout.isatty()
                lines = plain_detail(self._detail_rows(self.single),
                                     terminal_width() if terminal else piped_width(),
                                     bold=terminal and terminal_styles())
            if lines is not None:
                sys.stdout.write("".join(line + "\n" for line in lines))
            else:
                self._print(self._detail(self.single))
            if self.with_steps:
                self._print_steps(self.single)
        sys.stdout.flush()

    def _print(self, renderable) -> None:
        if self.live is not None:
            self.live.print(renderable)
        else:
            show(renderable, self.out)

    def _row_table(self, header: bool = False, invalid: bool = False):
        """A table of one row (or the header) in the columns' widths; an invalid puzzle's row
        has one wide column for what is wrong after its source and givens."""
        from rich.table import Table  # lazy: start-up speed, as in console()

        table = Table(show_header=header, header_style="bold", box=None, show_edge=False,
                      padding=(0, COLUMN_GAP, 0, 0), expand=False)
        widths = {name: self.widths[name] for name in ROW_COLUMNS}
        if invalid:
            widths = {name: widths[name] for name in ROW_COLUMNS[:3]} | {"Problem": sum(
                widths[name] for name in ROW_COLUMNS[3:]) + COLUMN_GAP * (len(ROW_COLUMNS) - 4)}
        for name, width in widths.items():
            table.add_column(name, width=width, min_width=width, max_width=width, overflow="fold",
                             justify="right" if name in ("#", "Givens") else "left")
        return table

    @staticmethod
    def _cells(number: int, record: dict) -> list:
        """The row: for a valid puzzle its level, rating and bottleneck step (its number and
        technique: the whole step is in the detail of one puzzle, and in --steps); for an invalid
        one, what is wrong, from the level's column on."""
        from rich.text import Text  # lazy: start-up speed, as in console()

        givens = "" if record["givens"] is None else str(record["givens"])
        if not record["valid"]:
            return [str(number), Text(record["source"]), givens, Text(validity_text(record))]
        found = record["bottleneck"]
        # A step's text starts with its technique's name: 'Naked pair: 1,3 in r8c1,r8c2 => ...'.
        bottleneck = f"step {found['index'] + 1}: {found['step'].split(': ', 1)[0]}" if found else ""
        return [str(number), Text(record["source"]), givens, level_text(record),
                str(record["rating"]), se_text(record), Text(bottleneck)]

    def _techniques_line(self, record: dict):
        """'   Naked single 45, Hidden single 10, Pointing 4 and 9 more': one line under the row,
        as many techniques as fit the width (JSON and CSV have them all)."""
        from rich.text import Text  # lazy: start-up speed, as in console()

        counts = [f"{technique(t).name} {n}" for t, n in record["techniques"].items()]
        room = self.out.width - TECHNIQUES_INDENT
        shown = len(counts)
        while shown and len(", ".join(counts[:shown]) + self._more(len(counts) - shown)) > room:
            shown -= 1
        text = ", ".join(counts[:shown]) + self._more(len(counts) - shown)
        return Text(" " * TECHNIQUES_INDENT + text, style="dim", no_wrap=True, overflow="ellipsis")

    @staticmethod
    def _more(hidden: int) -> str:
        return f" and {hidden} more" if hidden else ""

    @staticmethod
    def _detail_rows(record: dict) -> list[tuple[str, str]]:
        """(label, value) of each line of one puzzle's detail."""
        rows = [
            ("Puzzle", first_line(record["puzzle"])),
            ("Source", record["source"]),
            ("Validity", validity_text(record)),
        ]
        if record.get("board") not in (None, "9x9"):
            rows.append(("Board", f"{record['board']}, boxes of {record['box']}"))
        if record["givens"] is not None:
            rows.append(("Givens", str(record["givens"])))
        if record["valid"]:
            level = level_text(record)
            if record["card_runs_out"]:
                level += f": {card_text(record)}"
            rows += [
                ("Level", level),
                ("Tutor rating", rating_text(record)),
                ("SE rating", se_rating_text(record)),
                ("Bottleneck", bottleneck_text(record)),
                ("Techniques", technique_counts(record["techniques"])),
            ]
        return rows

    @classmethod
    def _detail(cls, record: dict):
        from rich.table import Table  # lazy: start-up speed, as in console()
        from rich.text import Text

        table = Table(show_header=False, box=None, padding=(0, DETAIL_GAP, 0, 0))
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for name, value in cls._detail_rows(record):
            table.add_row(name, Text(value))
        return table

    @staticmethod
    def _print_steps(record: dict) -> None:
        if not record["valid"]:
            return
        lines = [f"\nSteps for {record['source']} (level {level_text(record)}):"]
        bottleneck = (record["bottleneck"] or {}).get("index")
        for index, step in enumerate(record["steps"]):
            mark = "  <- bottleneck" if index == bottleneck else ""
            lines.append(f"{index + 1:>3}. {step['text']}{mark}")
            # A long proof's facts come one a line: each line indented under its step.
            lines += [f"     {line}" for line in step["explanation"].split("\n")]
        sys.stdout.write("\n".join(lines) + "\n")


class Summary:
    """Counts per level and per reason a puzzle is invalid, for the summary after the results."""

    def __init__(self):
        self.levels: dict[float, int] = {}
        self.invalid: dict[str, int] = {}
        self.total = 0

    def add(self, record: dict) -> None:
        self.total += 1
        if record["valid"]:
            self.levels[record["level"]] = self.levels.get(record["level"], 0) + 1
        else:
            self.invalid[record["status"]] = self.invalid.get(record["status"], 0) + 1

    @property
    def invalid_count(self) -> int:
        return sum(self.invalid.values())

    def lines(self) -> list[str]:
        valid = self.total - self.invalid_count
        out = [f"Summary: {self.total} puzzle{'s' if self.total != 1 else ''} graded, "
               f"{valid} valid, {self.invalid_count} invalid"]
        for level in sorted(self.levels):
            out.append(f"  level {level:<3} {band(level):<10} {self.levels[level]:>8}")
        if self.invalid:
            reasons = ", ".join(f"{n} {STATUSES[s]}" for s, n in sorted(self.invalid.items()))
            out.append(f"  invalid: {reasons}")
        return out
