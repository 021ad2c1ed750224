"""A plain pure-Python bitmask solver: the yardstick for `tutor.count_solutions(tutor.parse(line))`.

It is what a Python programmer writes in an afternoon: a used-digits bitmask per row, column and
box, then depth-first search on the empty cell with the fewest candidates. It reads the 81-character
line itself, so its figure includes its own (trivial) parsing, as tutor's includes tutor.parse.
"""

from __future__ import annotations

ALL = 0x1FF
BOX_OF = tuple((cell // 27) * 3 + (cell % 9) // 3 for cell in range(81))


def count_solutions(line: str, limit: int = 2) -> int:
    """How many solutions the puzzle in `line` has, counting no further than `limit`; 0 when two
    givens conflict."""
    rows = [0] * 9
    columns = [0] * 9
    boxes = [0] * 9
    empty = []
    for cell, character in enumerate(line):
        if "1" <= character <= "9":
            bit = 1 << (ord(character) - 49)
            row, column, box = cell // 9, cell % 9, BOX_OF[cell]
            if (rows[row] | columns[column] | boxes[box]) & bit:
                return 0
            rows[row] |= bit
            columns[column] |= bit
            boxes[box] |= bit
        else:
            empty.append(cell)

    def search(open_cells: list[int]) -> int:
        if not open_cells:
            return 1
        best = -1
        best_free = 0
        best_count = 10
        for index, cell in enumerate(open_cells):
            free = ALL & ~(rows[cell // 9] | columns[cell % 9] | boxes[BOX_OF[cell]])
            count = bin(free).count("1")
            if count < best_count:
                best, best_free, best_count = index, free, count
                if count <= 1:
                    break
        if best_count == 0:
            return 0
        cell = open_cells[best]
        rest = open_cells[:best] + open_cells[best + 1:]
        row, column, box = cell // 9, cell % 9, BOX_OF[cell]
        found = 0
        while best_free:
            bit = best_free & -best_free
            best_free ^= bit
            rows[row] |= bit
            columns[column] |= bit
            boxes[box] |= bit
            found += search(rest)
            rows[row] ^= bit
            columns[column] ^= bit
            boxes[box] ^= bit
            if found >= limit:
                break
        return found

    return min(search(empty), limit)
