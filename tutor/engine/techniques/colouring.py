"""Colouring: simple colours (trap, wrap) and multi colours on the conjugate pairs of a digit.

Holds on every regular board: conjugate pairs are units with two places of a digit, whatever the
boxes' shape; and on a Samurai over the whole board, its 131 units (a conjugate pair is one in any
unit, and a cluster may run through all five grids).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Iterator, NamedTuple, Sequence

from tutor.engine.dead_ends import is_dead, mark_dead
from tutor.engine.search import kept
from tutor.engine.places import PLACES_LIMIT, box_links, line_links, unit_links
from tutor.engine.step import Step
from tutor.engine.technique import ROW_COLUMN_GRID, Texts, an, symbol, symbols
from tutor.model.geometry import cell_name, cells_name, cells_of_bits, current, unit_name
from tutor.engine.search import digit_cell_sets

HOLDS_ON = "every regular board, and the Samurai as a whole (every unit's conjugate pairs)"

_COLOUR_ROLES = ("colour_a", "colour_b", "colour_c", "colour_d")


class Cluster(NamedTuple):
    """One connected group of conjugate pairs of a digit, split into its two colours.

    `links` holds the (cell, cell, unit) pairs that coloured it (a spanning tree: enough to show
    why each cell has its colour). `sees_a` / `sees_b` are the cells seeing some cell of a colour.
    """

    colour_a: int
    colour_b: int
    links: tuple[tuple[int, int, int], ...]
    sees_a: int
    sees_b: int

    @property
    def cells(self) -> int:
        return self.colour_a | self.colour_b


_CELLS_AND_UNIT = itemgetter(0, 1, 2)
"""A link's two cells and its unit (line and box links carry more after them)."""


@kept("clusters", PLACES_LIMIT)
def clusters(digit_cells: int) -> tuple[Cluster, ...]:
    """The clusters of a digit whose places are `digit_cells`, each with both colours non-empty.
    Kept for the next finder asking about the same places (simple then multi colours).

    A conjugate pair (strong link) is a unit where the digit has exactly two places: one of them
    holds it. Following such links the digit's truth alternates, so each connected group splits
    into two colours of which exactly one holds the digit everywhere.
    """
    board = current()
    peer_bits = board.peer_bits
    neighbours: dict[int, list[tuple[int, int]]] = {}
    # The links in unit order (rows, columns, boxes), kept from the single-digit finders at this
    # position. A box's link that is also a line's is not among them: it would only repeat the
    # line's, which comes first and colours the same cells. On a board whose lines are not one
    # grid's (a Samurai), every unit's links, each pair of cells once.
    by_kind: tuple[Sequence[Any], ...]  # line, box or unit links: (cell, cell, unit, ...)
    if ROW_COLUMN_GRID in board.features:
        row_links, column_links = line_links(digit_cells)
        by_kind = (row_links, column_links, box_links(digit_cells))
    else:
        by_kind = (unit_links(digit_cells),)
    for links_of_kind in by_kind:
        for first, second, unit in map(_CELLS_AND_UNIT, links_of_kind):
            neighbours.setdefault(first, []).append((second, unit))
            neighbours.setdefault(second, []).append((first, unit))
    found = []
    coloured: dict[int, int] = {}
    for start in sorted(neighbours):
        if start in coloured:
            continue
        coloured[start] = 0
        sides = [1 << start, 0]
        sees = [peer_bits[start], 0]  # the cells seeing each colour, gathered as it grows
        links: list[tuple[int, int, int]] = []
        queue = [start]
        for cell in queue:  # breadth first: the links read outwards from the first cell
            side = 1 - coloured[cell]  # the side of the cells it colours
            for other, unit in neighbours[cell]:
                if other not in coloured:
                    coloured[other] = side
                    sides[side] |= 1 << other
                    sees[side] |= peer_bits[other]
                    links.append((cell, other, unit))
                    queue.append(other)
        found.append(Cluster(sides[0], sides[1], tuple(links), sees[0], sees[1]))
    return tuple(found)


def _clash(colour: int) -> tuple[int, int] | None:
    """Two cells of one colour that see each other, or None."""
    peer_bits = current().peer_bits
    rest = colour
    while rest:
        low = rest & -rest
        cell = low.bit_length() - 1
        rest ^= low
        other = peer_bits[cell] & rest
        if other:
            return cell, (other & -other).bit_length() - 1
    return None


def _colour_step(technique_id: str, digit: int, removed: int, colours: Sequence[int], links,
                 extra: tuple[str, tuple[int, ...]] | None = None) -> Step:
    """A step: the cells of `removed` lose `digit`; `colours` are the cell sets A, B (C, D)."""
    cells = 0
    for colour in colours:
        cells |= colour
    return Step(technique_id, eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                cells=cells_of_bits(cells), units=tuple(sorted({u for _, _, u in links})),
                digits=(digit,),
                roles=tuple(zip(_COLOUR_ROLES, map(cells_of_bits, colours)))
                + (("links", tuple(c for a, b, _ in links for c in (a, b))),
                   ("link_units", tuple(u for _, _, u in links)))
                + ((extra,) if extra else ()))


def simple_colors(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Simple colours: one cluster of conjugate pairs of a digit, coloured in two.

    Trap: a cell outside the cluster that sees both colours loses the digit (one colour is true).
    Wrap: two cells of one colour see each other, so that colour is false and all its cells lose
    the digit. Smaller clusters come first, a wrap before a trap.

    Roles: ("colour_a", cells), ("colour_b", cells): the two colours; in a wrap colour A is the
    false one. ("links", cells in pairs) and ("link_units", units), aligned: each conjugate pair
    that coloured the cluster and the unit it lies in. A wrap has ("clash", (cell, cell)): two
    cells of colour A that see each other.
    """
    steps: list[tuple[int, int, int, Step]] = []
    digit_cells = digit_cell_sets(masks)
    for digit in current().digits:
        # A digit's colouring depends on its places alone: skip places already searched in vain.
        key = ("simple_colors", digit_cells[digit])
        if not key[1] or is_dead(key):
            continue
        before = len(steps)
        for colour_a, colour_b, links, sees_a, sees_b in clusters(digit_cells[digit]):
            size = (colour_a | colour_b).bit_count()
            for false, true, sees_false in ((colour_a, colour_b, sees_a),
                                            (colour_b, colour_a, sees_b)):
                # Only a colour seen from its own cells has two that see each other.
                clash = _clash(false) if sees_false & false else None
                if clash is not None:
                    steps.append((size, digit, 0, _colour_step(
                        "simple_colors", digit, false, (false, true), links, ("clash", clash))))
            trapped = digit_cells[digit] & sees_a & sees_b & ~(colour_a | colour_b)
            if trapped:
                steps.append((size, digit, 1, _colour_step(
                    "simple_colors", digit, trapped, (colour_a, colour_b), links)))
        if len(steps) == before:
            mark_dead(key)
    steps.sort(key=lambda entry: entry[:3])
    for *_, step in steps:
        yield step


def _seeing_pair(colour: int, other: int) -> tuple[int, int] | None:
    """A cell of `colour` and a cell of `other` that see each other, or None."""
    peer_bits = current().peer_bits
    rest = colour
    while rest:
        low = rest & -rest
        cell = low.bit_length() - 1
        rest ^= low
        seen = peer_bits[cell] & other
        if seen:
            return cell, (seen & -seen).bit_length() - 1
    return None


def multi_colors(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Multi colours: two clusters of conjugate pairs of one digit whose cells see each other.

    Bridge: a cell of one colour of the first cluster sees a cell of one colour of the second, so
    those two colours are not both true and one of their opposites is. A cell seeing both
    opposites loses the digit. All bridges between the same two clusters make one step (as
    HoDoKu counts them).
    Wrap: colour A has cells seeing both colours C and D of the other cluster; one of C and D is
    true, so A is false and all its cells lose the digit. Smaller pairs of clusters come first.

    Roles: ("colour_a", cells), ("colour_b", cells) the first cluster's colours, ("colour_c",
    cells), ("colour_d", cells) the second's; ("links", cells in pairs) and ("link_units", units)
    aligned, both clusters' conjugate pairs. A bridge step has ("bridges", cells in pairs): each
    pair a cell of the first cluster and a cell of the second that see each other. A wrap step
    has ("wrap", (a, c, a', d)): cells of colour A that see a cell of C and of D; colour A is the
    false one.
    """
    steps: list[tuple[int, int, int, Step]] = []
    digit_cells = digit_cell_sets(masks)
    for digit in current().digits:
        key = ("multi_colors", digit_cells[digit])
        if not key[1] or is_dead(key):
            continue
        before = len(steps)
        found = clusters(digit_cells[digit])
        for i, first in enumerate(found):
            first_sees = first.sees_a | first.sees_b
            for j, second in enumerate(found):
                # A wrap or a bridge needs a cell of the first seeing one of the second.
                if i == j or not first_sees & second.cells:
                    continue
                size = (first.cells | second.cells).bit_count()
                links = first.links + second.links
                first_colours = ((first.colour_a, first.colour_b, first.sees_a, first.sees_b),
                                 (first.colour_b, first.colour_a, first.sees_b, first.sees_a))
                # A wrap is directed (one colour of the first sees both of the second): every order.
                for colour, opposite, sees, _ in first_colours:
                    if not sees & second.colour_a or not sees & second.colour_b:
                        continue
                    to_c = _seeing_pair(colour, second.colour_a)
                    to_d = _seeing_pair(colour, second.colour_b)
                    if to_c and to_d:
                        colours = (colour, opposite, second.colour_a, second.colour_b)
                        steps.append((size, digit, 1, _colour_step(
                            "multi_colors", digit, colour, colours, links, ("wrap", to_c + to_d))))
                if i > j:  # a bridge is symmetric: each pair of clusters once
                    continue
                bridges: tuple[int, ...] = ()
                removed = 0
                for colour, _, sees, sees_opposite in first_colours:
                    for other, sees_other_opposite in ((second.colour_a, second.sees_b),
                                                       (second.colour_b, second.sees_a)):
                        bridge = _seeing_pair(colour, other) if sees & other else None
                        if bridge is None:
                            continue
                        here = digit_cells[digit] & sees_opposite & sees_other_opposite
                        if here:
                            bridges += bridge
                            removed |= here
                if removed:
                    colours = (first.colour_a, first.colour_b, second.colour_a, second.colour_b)
                    steps.append((size, digit, 0, _colour_step(
                        "multi_colors", digit, removed, colours, links, ("bridges", bridges))))
        if len(steps) == before:
            mark_dead(key)
    steps.sort(key=lambda entry: entry[:3])
    for *_, step in steps:
        yield step


# --- Texts -------------------------------------------------------------------------------------

_LABELS = ("A", "B", "C", "D")
_OPPOSITE = {"A": "B", "B": "A", "C": "D", "D": "C"}


def _colour_of(step: Step) -> dict[int, str]:
    """Each coloured cell's label: 'A', 'B', 'C' or 'D'."""
    return {c: label for label, role in zip(_LABELS, _COLOUR_ROLES) for c in step.role(role)}


def _colour_cells(step: Step) -> dict[str, tuple[int, ...]]:
    """Each label's cells."""
    return {label: step.role(role) for label, role in zip(_LABELS, _COLOUR_ROLES)}


def _pairs(flat: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def _link_lines(step: Step, cells: set[int], colours: dict[int, str]) -> list[str]:
    """'  row 1 has its 5 only in r1c1 (A) or r1c5 (B)', one line a link, for the links in
    `cells`, in the order that coloured them."""
    d = symbol(step.digits[0])
    return [f"  {unit_name(unit)} has its {d} only in {_tagged(a, colours)} or "
            f"{_tagged(b, colours)}"
            for (a, b), unit in zip(_pairs(step.role("links")), step.role("link_units"))
            if a in cells]


def _each_unit(step: Step, cells: set[int]) -> str:
    """'in that unit' for a chain of one link, else 'in each of those units'."""
    links = sum(1 for a, _ in _pairs(step.role("links")) if a in cells)
    return "in that unit" if links == 1 else "in each of those units"


def _tagged(cell: int, colours: dict[int, str]) -> str:
    """'r1c1 (A)'."""
    return f"{cell_name(cell)} ({colours[cell]})"


def _shared_unit(first: int, second: int) -> str:
    return unit_name(next(u for u, unit in enumerate(current().units)
                          if first in unit and second in unit))


def _sees_one_of(cell: int, colour: tuple[int, ...]) -> int:
    """A cell of `colour` that `cell` sees, or -1."""
    peers = current().peer_bits[cell]
    return next((c for c in colour if peers >> c & 1), -1)


def _colour_lines(step: Step, labels: str) -> list[str]:
    """'  colour A: r1c1 and r4c5', one line a colour."""
    cells = _colour_cells(step)
    return [f"  colour {label}: {cells_name(cells[label])}" for label in labels]


def _reasons(witnesses: dict[int, tuple[int, int]], colours: dict[int, str]) -> list[str]:
    """'  r2c1 and r2c2 see r1c1 (A) and r1c2 (B)', one line for the cells that see the same
    two cells."""
    by_pair: dict[tuple[int, int], list[int]] = {}
    for cell in sorted(witnesses):
        by_pair.setdefault(witnesses[cell], []).append(cell)
    return [f"  {cells_name(cells)} {'sees' if len(cells) == 1 else 'see'} "
            f"{_tagged(a, colours)} and {_tagged(b, colours)}"
            for (a, b), cells in sorted(by_pair.items(), key=lambda item: item[1])]


def _who_sees(step: Step) -> str:
    """'r5c9 sees' or 'each of those cells sees'."""
    cells = step.eliminated_cells
    return f"{cell_name(min(cells))} sees" if len(cells) == 1 else "each of those cells sees"


def _removal(step: Step, d: str) -> str:
    return f"Remove {d} from {cells_name(step.eliminated_cells)}."


class _ColourTexts(Texts):
    def one_line(self, step: Step) -> str:
        groups = "/".join("(" + ",".join(cell_name(c) for c in step.role(role)) + ")"
                          for role in _COLOUR_ROLES if step.role(role))
        return f"{step.name}: {symbol(step.digits[0])} {groups} => {step.changes}"


class SimpleColorsTexts(_ColourTexts):
    """Simple colours: one chain of conjugate pairs, two colours; a trap or a wrap."""

    def spot(self, step: Step) -> str:
        return ("take a digit with many units where it has only two places, colour those pairs "
                "in turn, and look for two cells of one colour in one unit or a cell seeing both "
                "colours.")

    def nudge(self, step: Step) -> str:
        d, ds = symbol(step.digits[0]), symbols(step.digits[0])
        return (f"Look for simple colours on the {ds}: follow the rows, columns and boxes where "
                f"{d} has only two places, and colour the cells in turn.")

    def pattern(self, step: Step) -> str:
        ds = symbols(step.digits[0])
        lines = [f"The {ds} linked by units with only two places form one chain; colour them "
                 f"alternately:", *_colour_lines(step, "AB")]
        clash = step.role("clash")
        if clash:
            lines.append(f"Two cells of colour A, {cells_name(clash)}, share "
                         f"{_shared_unit(*clash)}.")
        else:
            verb = "sees" if len(step.eliminated_cells) == 1 else "each see"
            lines.append(f"{cells_name(step.eliminated_cells)} {verb} both colours.")
        return "\n".join(lines)

    def full(self, step: Step) -> str:
        d, ds = symbol(step.digits[0]), symbols(step.digits[0])
        colours = _colour_of(step)
        chain = set(step.cells)
        lines = [f"Follow the {ds} through the units where they have only two places (each such "
                 f"pair is a conjugate pair, or strong link):",
                 *_link_lines(step, chain, colours),
                 f"{_each_unit(step, chain).capitalize()} exactly one of the two cells holds the "
                 f"{d}, so along the chain the cells alternate; colour them A and B:",
                 *_colour_lines(step, "AB"),
                 f"Either every A cell holds {d} or every B cell does."]
        clash = step.role("clash")
        if clash:
            unit = _shared_unit(*clash)
            lines += [f"But {cell_name(clash[0])} and {cell_name(clash[1])}, both colour A, share "
                      f"{unit}: if A held the {d}, {unit} would hold two {ds}.",
                      f"So colour A is false and colour B holds every {d} of the chain.",
                      f"Remove {d} from every A cell: {cells_name(step.eliminated_cells)}."]
        else:
            cells = _colour_cells(step)
            witnesses = {cell: (_sees_one_of(cell, cells["A"]), _sees_one_of(cell, cells["B"]))
                         for cell in step.eliminated_cells}
            lines += [f"Each cell that loses the {d} sees a cell of each colour:",
                      *_reasons(witnesses, colours),
                      f"Whichever colour is true, {_who_sees(step)} {an(d)}.",
                      _removal(step, d)]
        return "\n".join(lines)


class MultiColorsTexts(_ColourTexts):
    """Multi colours: two chains of conjugate pairs of one digit whose cells see each other."""

    def spot(self, step: Step) -> str:
        return ("colour each separate chain of a digit's two-place units, then look for a cell of "
                "one chain that sees a cell of another.")

    def nudge(self, step: Step) -> str:
        d, ds = symbol(step.digits[0]), symbols(step.digits[0])
        return (f"Look for multi colours on the {ds}: two separate chains of units where {d} has "
                f"only two places, with cells of one chain seeing cells of the other.")

    def pattern(self, step: Step) -> str:
        ds = symbols(step.digits[0])
        colours = _colour_of(step)
        lines = [f"Two chains of {ds}, the first coloured A/B, the second C/D:",
                 *_colour_lines(step, "ABCD")]
        wrap = step.role("wrap")
        if wrap:
            lines.append(f"Colour A sees both colours of the other chain: "
                         f"{_tagged(wrap[0], colours)} sees {_tagged(wrap[1], colours)} and "
                         f"{_tagged(wrap[2], colours)} sees {_tagged(wrap[3], colours)}.")
        else:
            lines.append("The chains touch:")
            lines += [f"  {_tagged(x, colours)} sees {_tagged(y, colours)}"
                      for x, y in _pairs(step.role("bridges"))]
        return "\n".join(lines)

    def full(self, step: Step) -> str:
        d, ds = symbol(step.digits[0]), symbols(step.digits[0])
        colours = _colour_of(step)
        cells = _colour_cells(step)
        first, second = set(cells["A"] + cells["B"]), set(cells["C"] + cells["D"])
        lines = [f"Two separate chains of {ds} run through units where {d} has only two places "
                 f"(conjugate pairs, or strong links).",
                 "First chain:",
                 *_link_lines(step, first, colours),
                 f"{_each_unit(step, first).capitalize()} one of the two cells holds the {d}, so "
                 f"the cells alternate between colour A and colour B:",
                 *_colour_lines(step, "AB"),
                 "Second chain:",
                 *_link_lines(step, second, colours),
                 "Its cells alternate between colour C and colour D:",
                 *_colour_lines(step, "CD"),
                 f"In each chain one colour holds every {d} of the chain."]
        wrap = step.role("wrap")
        if wrap:
            a1, c, a2, dd = wrap
            lines += [f"{_tagged(a1, colours)} sees {_tagged(c, colours)} and "
                      f"{_tagged(a2, colours)} sees {_tagged(dd, colours)}.",
                      f"If colour A held the {d}, {cell_name(a1)} would rule it out of "
                      f"{cell_name(c)} and so out of all of colour C, and {cell_name(a2)} out of "
                      f"{cell_name(dd)} and all of colour D; but one of C and D holds it.",
                      f"So colour A is false: remove {d} from every A cell: "
                      f"{cells_name(step.eliminated_cells)}."]
            return "\n".join(lines)
        witnesses: dict[int, tuple[int, int]] = {}
        lines.append("The chains touch:")
        for x, y in _pairs(step.role("bridges")):
            ox, oy = _OPPOSITE[colours[x]], _OPPOSITE[colours[y]]
            lines.append(f"  {_tagged(x, colours)} sees {_tagged(y, colours)}, so {colours[x]} "
                         f"and {colours[y]} are not both true and {ox} or {oy} holds the {d}")
            for cell in step.eliminated_cells:
                seen = (_sees_one_of(cell, cells[ox]), _sees_one_of(cell, cells[oy]))
                if cell not in witnesses and -1 not in seen:
                    witnesses[cell] = seen
        lines += [f"Each cell that loses the {d} sees a cell of each of two colours one of "
                  f"which holds the {d}:",
                  *_reasons(witnesses, colours),
                  f"Either way {_who_sees(step)} {an(d)}.",
                  _removal(step, d)]
        return "\n".join(lines)
