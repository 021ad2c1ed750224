"""Colouring: simple colours (trap and wrap) and multi colours on the conjugate pairs of one digit."""

from __future__ import annotations

from typing import Iterator, NamedTuple, Sequence

from tutor.engine.step import Step
from tutor.engine.technique import Texts, an
from tutor.model.geometry import (
    CELLS, DIGITS, PEERS, UNIT_BITS, UNITS, cell_name, cells_name, cells_of_bits, digit_cell_sets,
    unit_name,
)

PEER_BITS = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)
"""PEER_BITS[cell]: the cells it sees, as an 81-bit set."""


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


def _sees(cell_bits: int) -> int:
    seen = 0
    while cell_bits:
        low = cell_bits & -cell_bits
        seen |= PEER_BITS[low.bit_length() - 1]
        cell_bits ^= low
    return seen


def clusters(digit_cells: int) -> list[Cluster]:
    """The clusters of a digit whose places are `digit_cells`, each with both colours non-empty.

    A conjugate pair (strong link) is a unit where the digit has exactly two places: one of them
    holds it. Following such links the digit's truth alternates, so each connected group splits
    into two colours of which exactly one holds the digit everywhere.
    """
    neighbours: dict[int, list[tuple[int, int]]] = {}
    for unit, unit_bits in enumerate(UNIT_BITS):
        inside = digit_cells & unit_bits
        if inside.bit_count() == 2:
            first = (inside & -inside).bit_length() - 1
            second = inside.bit_length() - 1
            neighbours.setdefault(first, []).append((second, unit))
            neighbours.setdefault(second, []).append((first, unit))
    found = []
    coloured: dict[int, int] = {}
    for start in sorted(neighbours):
        if start in coloured:
            continue
        coloured[start] = 0
        sides = [1 << start, 0]
        links = []
        queue = [start]
        for cell in queue:  # breadth first: the links read outwards from the first cell
            side = coloured[cell]
            for other, unit in neighbours[cell]:
                if other not in coloured:
                    coloured[other] = 1 - side
                    sides[1 - side] |= 1 << other
                    links.append((cell, other, unit))
                    queue.append(other)
        found.append(Cluster(sides[0], sides[1], tuple(links), _sees(sides[0]), _sees(sides[1])))
    return found


def _clash(colour: int) -> tuple[int, int] | None:
    """Two cells of one colour that see each other, or None."""
    rest = colour
    while rest:
        low = rest & -rest
        cell = low.bit_length() - 1
        rest ^= low
        other = PEER_BITS[cell] & rest
        if other:
            return cell, (other & -other).bit_length() - 1
    return None


def _link_roles(links) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(c for a, b, _ in links for c in (a, b)), tuple(u for _, _, u in links)


def _units_of(links) -> tuple[int, ...]:
    return tuple(sorted({u for _, _, u in links}))


def simple_colors(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Simple colours: one cluster of conjugate pairs of a digit, coloured in two.

    Trap: a cell outside the cluster that sees both colours loses the digit (one colour is true).
    Wrap: two cells of one colour see each other, so that colour is false and all its cells lose
    the digit. Smaller clusters come first.

    Roles: ("colour_a", cells), ("colour_b", cells): the two colours; in a wrap colour A is the
    false one. ("links", cells in pairs) and ("link_units", units), aligned: each conjugate pair
    that coloured the cluster and the unit it lies in. A wrap also has ("clash", (cell, cell)):
    two cells of colour A that see each other.
    """
    steps = []
    digit_cells = digit_cell_sets(masks)
    for digit in DIGITS:
        for cluster in clusters(digit_cells[digit]):
            link_cells, link_units = _link_roles(cluster.links)
            size = cluster.cells.bit_count()
            for false, true in ((cluster.colour_a, cluster.colour_b), (cluster.colour_b, cluster.colour_a)):
                clash = _clash(false)
                if clash is not None:
                    steps.append((size, digit, 0, Step(
                        "simple_colors", eliminations=tuple((c, digit) for c in cells_of_bits(false)),
                        cells=cells_of_bits(cluster.cells), units=_units_of(cluster.links), digits=(digit,),
                        roles=(("colour_a", cells_of_bits(false)), ("colour_b", cells_of_bits(true)),
                               ("links", link_cells), ("link_units", link_units), ("clash", clash)))))
            trapped = digit_cells[digit] & cluster.sees_a & cluster.sees_b & ~cluster.cells
            if trapped:
                steps.append((size, digit, 1, Step(
                    "simple_colors", eliminations=tuple((c, digit) for c in cells_of_bits(trapped)),
                    cells=cells_of_bits(cluster.cells), units=_units_of(cluster.links), digits=(digit,),
                    roles=(("colour_a", cells_of_bits(cluster.colour_a)),
                           ("colour_b", cells_of_bits(cluster.colour_b)),
                           ("links", link_cells), ("link_units", link_units)))))
    steps.sort(key=lambda entry: entry[:3])
    for *_, step in steps:
        yield step


def _seeing_pair(colour: int, other: int) -> tuple[int, int] | None:
    """A cell of `colour` and a cell of `other` that see each other, or None."""
    rest = colour
    while rest:
        low = rest & -rest
        cell = low.bit_length() - 1
        rest ^= low
        seen = PEER_BITS[cell] & other
        if seen:
            return cell, (seen & -seen).bit_length() - 1
    return None


def multi_colors(values: Sequence[int], masks: Sequence[int]) -> Iterator[Step]:
    """Multi colours: two clusters of conjugate pairs of one digit, joined where their cells see each other.

    Bridge: a cell of one colour of the first cluster sees a cell of one colour of the second, so
    those two colours are not both true and one of their opposites is. A cell seeing both
    opposites loses the digit. Every bridge between the same two clusters makes one step (as
    HoDoKu counts them).
    Wrap: colour A has cells seeing both colours C and D of the other cluster; one of C and D is
    true, so A is false and all its cells lose the digit.

    Roles: ("colour_a", cells), ("colour_b", cells) the first cluster's colours, ("colour_c",
    cells), ("colour_d", cells) the second's; ("links", cells in pairs) and ("link_units", units)
    aligned, both clusters' conjugate pairs. A bridge step has ("bridges", cells in pairs): each
    pair a cell of the first cluster and a cell of the second that see each other. A wrap step
    has ("wrap", (a, c, a', d)): cells of colour A that see a cell of C and of D; colour A is the
    false one.
    """
    steps = []
    digit_cells = digit_cell_sets(masks)
    for digit in DIGITS:
        found = clusters(digit_cells[digit])
        if len(found) < 2:
            continue
        for i, first in enumerate(found):
            for j, second in enumerate(found):
                if i == j:
                    continue
                pair_cells = cells_of_bits(first.cells | second.cells)
                links = first.links + second.links
                link_cells, link_units = _link_roles(links)
                units = _units_of(links)
                size = len(pair_cells)
                first_colours = ((first.colour_a, first.colour_b, first.sees_a, first.sees_b),
                                 (first.colour_b, first.colour_a, first.sees_b, first.sees_a))
                # A wrap is directed (one colour of the first sees both of the second): every order.
                for colour, opposite, sees, _ in first_colours:
                    to_c = _seeing_pair(colour, second.colour_a)
                    to_d = _seeing_pair(colour, second.colour_b) if to_c else None
                    if to_d:
                        steps.append((size, digit, 1, Step(
                            "multi_colors", eliminations=tuple((c, digit) for c in cells_of_bits(colour)),
                            cells=pair_cells, units=units, digits=(digit,),
                            roles=(("colour_a", cells_of_bits(colour)), ("colour_b", cells_of_bits(opposite)),
                                   ("colour_c", cells_of_bits(second.colour_a)),
                                   ("colour_d", cells_of_bits(second.colour_b)),
                                   ("links", link_cells), ("link_units", link_units),
                                   ("wrap", to_c + to_d)))))
                if i > j:  # a bridge is symmetric: each pair of clusters once
                    continue
                bridges: list[int] = []
                removed = 0
                for colour, _, _, sees_opposite in first_colours:
                    for other, sees_other_opposite in ((second.colour_a, second.sees_b),
                                                       (second.colour_b, second.sees_a)):
                        bridge = _seeing_pair(colour, other)
                        if bridge is None:
                            continue
                        here = digit_cells[digit] & sees_opposite & sees_other_opposite
                        if here:
                            bridges += bridge
                            removed |= here
                if removed:
                    steps.append((size, digit, 0, Step(
                        "multi_colors", eliminations=tuple((c, digit) for c in cells_of_bits(removed)),
                        cells=pair_cells, units=units, digits=(digit,),
                        roles=(("colour_a", cells_of_bits(first.colour_a)),
                               ("colour_b", cells_of_bits(first.colour_b)),
                               ("colour_c", cells_of_bits(second.colour_a)),
                               ("colour_d", cells_of_bits(second.colour_b)),
                               ("links", link_cells), ("link_units", link_units),
                               ("bridges", tuple(bridges))))))
    steps.sort(key=lambda entry: entry[:3])
    for *_, step in steps:
        yield step


# --- Texts -------------------------------------------------------------------------------------

_LABELS = ("A", "B", "C", "D")
_COLOUR_ROLES = ("colour_a", "colour_b", "colour_c", "colour_d")


def _colour_of(step: Step) -> dict[int, str]:
    """Each coloured cell's label: 'A', 'B', 'C' or 'D'."""
    return {c: label for label, role in zip(_LABELS, _COLOUR_ROLES) for c in step.role(role)}


def _pairs(flat: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def _links_text(step: Step, cells: set[int] | None = None) -> str:
    """'row 1 has its 5 only in r1c1 or r1c5; column 5 only in r1c5 or r6c5' for the chain's links."""
    d = step.digits[0]
    parts = []
    for (a, b), unit in zip(_pairs(step.role("links")), step.role("link_units")):
        if cells is None or a in cells:
            parts.append(f"{unit_name(unit)} only in {cell_name(a)} or {cell_name(b)}")
    if not parts:
        return ""
    parts[0] = parts[0].replace(" only in", f" has its {d} only in", 1)
    return "; ".join(parts)


def _tagged(cell: int, colours: dict[int, str]) -> str:
    return f"{cell_name(cell)} ({colours[cell]})"


def _shared_unit(first: int, second: int) -> str:
    shared = [u for u, unit in enumerate(UNITS) if first in unit and second in unit]
    return unit_name(shared[0])


def _witness(cell: int, colour: tuple[int, ...]) -> int:
    """A cell of `colour` that `cell` sees."""
    return next(c for c in colour if PEER_BITS[cell] >> c & 1)


def _colours_text(step: Step, labels: Sequence[str]) -> str:
    roles = dict(step.roles)
    return "; ".join(f"colour {label}: {cells_name(roles[_COLOUR_ROLES[_LABELS.index(label)]])}"
                     for label in labels)


class _ColourTexts(Texts):
    def one_line(self, step: Step) -> str:
        groups = "/".join("(" + ",".join(cell_name(c) for c in step.role(role)) + ")"
                          for role in _COLOUR_ROLES if step.role(role))
        return f"{step.name}: {step.digits[0]} {groups} => {step.changes}"


class SimpleColorsTexts(_ColourTexts):
    """Simple colours: one chain of conjugate pairs, two colours; a trap or a wrap."""

    def nudge(self, step: Step) -> str:
        d = step.digits[0]
        return (f"Look for simple colours on the {d}s: follow the rows, columns and boxes where "
                f"{d} has only two places, and colour the cells in turn.")

    def pattern(self, step: Step) -> str:
        d = step.digits[0]
        text = (f"The {d}s linked by units with only two places form one chain; colour them "
                f"alternately ({_colours_text(step, 'AB')}).")
        clash = step.role("clash")
        if clash:
            return text + (f" Two cells of colour A, {cells_name(clash)}, share "
                           f"{_shared_unit(*clash)}.")
        return text + f" {cells_name(step.eliminated_cells)} {_see(step)} both colours."

    def full(self, step: Step) -> str:
        d = step.digits[0]
        colours = _colour_of(step)
        text = (f"Follow the {d}s through the units where they have only two places (each such "
                f"pair is a conjugate pair, or strong link): "
                f"{_links_text(step)}. In each of those units exactly one of the two cells holds "
                f"the {d}, so along the chain the cells alternate; colour them A and B "
                f"({_colours_text(step, 'AB')}). Either every A cell holds {d} or every B cell does.")
        clash = step.role("clash")
        if clash:
            return text + (f" But {cell_name(clash[0])} and {cell_name(clash[1])}, both colour A, "
                           f"share {_shared_unit(*clash)}: if A held the {d}, {_shared_unit(*clash)} would "
                           f"hold two {d}s. So colour A is false and colour B holds every {d} of the "
                           f"chain. Remove {d} from every A cell: {cells_name(step.eliminated_cells)}.")
        reasons = []
        for cell in sorted(step.eliminated_cells):
            a = _witness(cell, step.role("colour_a"))
            b = _witness(cell, step.role("colour_b"))
            reasons.append(f"{cell_name(cell)} sees {_tagged(a, colours)} and {_tagged(b, colours)}")
        return text + (f" {'; '.join(reasons)}: whichever colour is true, "
                       f"{'that cell sees' if len(reasons) == 1 else 'each of them sees'} "
                       f"{an(str(d))} there. Remove {d} from {cells_name(step.eliminated_cells)}.")


def _see(step: Step) -> str:
    return "sees" if len(step.eliminated_cells) == 1 else "each see"


def _opposite(label: str) -> str:
    return {"A": "B", "B": "A", "C": "D", "D": "C"}[label]


class MultiColorsTexts(_ColourTexts):
    """Multi colours: two chains of conjugate pairs of one digit, joined by cells that see each other."""

    def nudge(self, step: Step) -> str:
        d = step.digits[0]
        return (f"Look for multi colours on the {d}s: two separate chains of units where {d} has "
                f"only two places, with cells of one chain seeing cells of the other.")

    def _chains(self, step: Step) -> str:
        d = step.digits[0]
        first = set(step.role("colour_a")) | set(step.role("colour_b"))
        second = set(step.role("colour_c")) | set(step.role("colour_d"))
        return (f"Two separate chains of {d}s run through units where {d} has only two places "
                f"(conjugate pairs, or strong links). "
                f"First chain: {_links_text(step, first)}; in each of those units one of the two "
                f"cells holds the {d}, so the cells alternate between colour A and colour B "
                f"({_colours_text(step, 'AB')}). Second chain: {_links_text(step, second)}; its "
                f"cells alternate between colour C and colour D ({_colours_text(step, 'CD')}). "
                f"In each chain one colour holds every {d} of the chain.")

    def pattern(self, step: Step) -> str:
        d = step.digits[0]
        colours = _colour_of(step)
        text = (f"Two chains of {d}s, coloured A/B ({_colours_text(step, 'AB')}) and C/D "
                f"({_colours_text(step, 'CD')}).")
        wrap = step.role("wrap")
        if wrap:
            return text + (f" Colour A sees both colours of the other chain: {_tagged(wrap[0], colours)} "
                           f"sees {_tagged(wrap[1], colours)} and {_tagged(wrap[2], colours)} sees "
                           f"{_tagged(wrap[3], colours)}.")
        bridges = "; ".join(f"{_tagged(x, colours)} sees {_tagged(y, colours)}"
                            for x, y in _pairs(step.role("bridges")))
        return text + f" The chains touch: {bridges}."

    def full(self, step: Step) -> str:
        d = step.digits[0]
        colours = _colour_of(step)
        text = self._chains(step)
        wrap = step.role("wrap")
        if wrap:
            return text + (f" {_tagged(wrap[0], colours)} sees {_tagged(wrap[1], colours)} and "
                           f"{_tagged(wrap[2], colours)} sees {_tagged(wrap[3], colours)}. If colour A held "
                           f"the {d}, {cell_name(wrap[0])} would rule it out of {cell_name(wrap[1])} and so "
                           f"out of all of colour C, and {cell_name(wrap[2])} out of {cell_name(wrap[3])} "
                           f"and all of colour D; but one of C and D holds it. So colour A is false: "
                           f"remove {d} from every A cell: "
                           f"{cells_name(step.eliminated_cells)}.")
        roles = {label: step.role(role) for label, role in zip(_LABELS, _COLOUR_ROLES)}
        facts = []
        for x, y in _pairs(step.role("bridges")):
            fx, fy = colours[x], colours[y]
            facts.append(f"{_tagged(x, colours)} sees {_tagged(y, colours)}, so {fx} and {fy} are "
                         f"not both true and {_opposite(fx)} or {_opposite(fy)} holds the {d}")
        reasons = []
        for cell in sorted(step.eliminated_cells):
            for x, y in _pairs(step.role("bridges")):
                ox, oy = roles[_opposite(colours[x])], roles[_opposite(colours[y])]
                if any(PEER_BITS[cell] >> c & 1 for c in ox) and any(PEER_BITS[cell] >> c & 1 for c in oy):
                    reasons.append(f"{cell_name(cell)} sees {_tagged(_witness(cell, ox), colours)} and "
                                   f"{_tagged(_witness(cell, oy), colours)}")
                    break
        return text + (f" {'; '.join(facts)}. {'; '.join(reasons)}: either way "
                       f"{'that cell sees' if len(reasons) == 1 else 'each of them sees'} "
                       f"{an(str(d))}. Remove {d} from {cells_name(step.eliminated_cells)}.")
