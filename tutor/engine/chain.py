"""The shape of a chain: nodes (a candidate, or a group of one digit's candidates) and the links
between them, each read as one inference with its reason, so every chain reads aloud the same way.

A chain is a tuple of Links. Each Link says: if `premise` is (or is not) its digit, then
`conclusion` is (or is not) its digit, because of `unit` (or because both are in one cell).
Alternating inference chains use strong links (premise false => conclusion true) and weak links
(premise true => conclusion false); forcing chains and the proof of a guess also use placements
(premise true => conclusion true, by a single).
"""

from __future__ import annotations

from typing import NamedTuple

from tutor.model.geometry import cell_name, cells_or, current, unit_name

IN_CELL = -1
"""A link's `unit` when it lies within one cell (a two-candidate cell, or a cell's last candidate)."""
IN_SET = -2
"""A link's `unit` inside an almost locked set: without the premise's digit, the set holds the
conclusion's."""
SEEN = -3
"""A weak link's `unit` when its two nodes share no single unit, but each cell of one sees every
cell of the other (a node that is an almost locked set's places of a digit)."""
SET_FORCES_CELL = -4
"""A strong link's `unit` from an almost locked set's places of a digit (false) to a cell's
digit (true): the set then holds all its other digits, and the cell sees every place of those
it could be but one."""

NOT_A_UNIT = (IN_CELL, IN_SET, SEEN, SET_FORCES_CELL)
"""Every `unit` a link can have that names no unit."""


class Node(NamedTuple):
    """A digit in one cell, or in a group of cells of one unit (grouped chains)."""

    cells: tuple[int, ...]
    digit: int

    def name(self) -> str:
        return cell_name(self.cells[0]) if len(self.cells) == 1 else cells_or(self.cells)


class Link(NamedTuple):
    """One inference: if `premise` is `premise_true`, then `conclusion` is `conclusion_true`."""

    premise: Node
    premise_true: bool
    conclusion: Node
    conclusion_true: bool
    unit: int = IN_CELL

    @property
    def strong(self) -> bool:
        """A strong link: the premise false forces the conclusion true."""
        return not self.premise_true and self.conclusion_true

    @property
    def weak(self) -> bool:
        """A weak link: the premise true forces the conclusion false."""
        return self.premise_true and not self.conclusion_true


def state(node: Node, true: bool) -> str:
    """'r3c8 is 4', 'r3c1 is not 4', 'the 4 is in r1c1 or r1c2', 'the 4 is not in r1c1 or r1c2'
    (a digit above 9 as the board in use writes it)."""
    digit = current().symbol(node.digit)
    if len(node.cells) == 1:
        return f"{cell_name(node.cells[0])} is {'' if true else 'not '}{digit}"
    return f"the {digit} of {cells_or(node.cells)} is {'' if true else 'not '}there"


def reason(link: Link) -> str:
    """Why the link holds, in a few words."""
    premise, conclusion = link.premise, link.conclusion
    symbol = current().symbol
    d = symbol(conclusion.digit)
    if link.unit == IN_CELL:
        if (link.conclusion_true and premise.cells == conclusion.cells
                and premise.digit != conclusion.digit):
            return "its only other candidate"
        if link.conclusion_true:
            return "its only candidate left"
        return "a cell holds one digit"
    if link.unit == IN_SET:
        return (f"an almost locked set without {symbol(premise.digit)} holds all its other "
                f"digits, {d} among them")
    if link.unit == SET_FORCES_CELL:
        return (f"an almost locked set without {symbol(premise.digit)} holds all its other "
                f"digits, and they leave {conclusion.name()} only {d}")
    if link.unit == SEEN:
        return f"each of these cells sees every one of those, and one {d} would see the other"
    unit = unit_name(link.unit)
    if link.strong:
        return f"the only other place for {d} in {unit}"
    if link.weak:
        return f"{unit} has only one {d}"
    if link.conclusion_true:
        return f"the only place left for {d} in {unit}"
    return f"{unit} already has its {d}"


def link_text(link: Link) -> str:
    """'r3c1 is not 4, so r3c8 is 4 (the only other place for 4 in row 3)'."""
    return (f"{state(link.premise, link.premise_true)}, so "
            f"{state(link.conclusion, link.conclusion_true)} ({reason(link)})")


def narration(chain: tuple[Link, ...]) -> list[str]:
    """The chain, one link a line; a link whose premise is the previous conclusion starts 'so'."""
    lines = []
    previous = None
    for link in chain:
        if previous is not None and (link.premise, link.premise_true) == previous:
            lines.append(f"so {state(link.conclusion, link.conclusion_true)} ({reason(link)})")
        else:
            lines.append(link_text(link))
        previous = (link.conclusion, link.conclusion_true)
    return lines
