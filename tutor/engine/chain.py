"""The shape of a chain: nodes (a candidate, or a group of one digit's candidates) and the links
between them, each read as one inference with its reason, so every chain reads aloud the same way.

A chain is a tuple of Links. Each Link says: if `premise` is (or is not) its digit, then
`conclusion` is (or is not) its digit, because of `unit` (or because both are in one cell).
Alternating inference chains use strong links (premise false => conclusion true) and weak links
(premise true => conclusion false); forcing chains and the proof of a guess also use placements
(premise true => conclusion true, by a single).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tutor.model.geometry import cell_name, cells_or, current, unit_name

TYPE_CHECKING = False  # not typing's: importing typing costs every command that takes a step
if TYPE_CHECKING:
    from tutor.engine.step import Step

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


class NamedSet(NamedTuple):
    """An almost locked set a chain goes through, and the name its texts give it ('set 2')."""

    cells: tuple[int, ...]
    name: str


def reason(link: Link, named: NamedSet | None = None) -> str:
    """Why the link holds, in a few words; a link through an almost locked set names the set
    when told which (`named`), and a set of one cell is that cell's other candidate."""
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
    which = "an almost locked set" if named is None else named.name
    if link.unit == IN_SET:
        if named is not None and named.cells == premise.cells == conclusion.cells:
            return f"{which} is this one cell, and {d} its only other candidate"
        return f"{which} without {symbol(premise.digit)} holds all its other digits, {d} among them"
    if link.unit == SET_FORCES_CELL:
        return (f"{which} without {symbol(premise.digit)} holds all its other digits, and they "
                f"leave {conclusion.name()} only {d}")
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


def link_text(link: Link, named: NamedSet | None = None) -> str:
    """'r3c1 is not 4, so r3c8 is 4 (the only other place for 4 in row 3)'."""
    return (f"{state(link.premise, link.premise_true)}, so "
            f"{state(link.conclusion, link.conclusion_true)} ({reason(link, named)})")


def narration(chain: tuple[Link, ...], sets: Sequence[NamedSet] = ()) -> list[str]:
    """The chain, one link a line; a link whose premise is the previous conclusion starts 'so'.
    `sets`: the almost locked sets the chain's links through a set go through, in order, so that
    each such link names its set."""
    lines = []
    previous = None
    through = iter(sets)
    for link in chain:
        named = next(through, None) if link.unit in (IN_SET, SET_FORCES_CELL) else None
        if previous is not None and (link.premise, link.premise_true) == previous:
            lines.append(f"so {state(link.conclusion, link.conclusion_true)} "
                         f"({reason(link, named)})")
        else:
            lines.append(link_text(link, named))
        previous = (link.conclusion, link.conclusion_true)
    return lines


NODE_LABELS = ("abcdefghijkmnpqrstuvwxyz" "ABCDEFGHJKMNPQRSTUVWXYZ"
               "αβγδεζηθκλμνξπρστυφχψω")
"""The marks of a chain's nodes in reading order: letters (l and o left out, they pass for 1
and 0), then capitals (I, L and O left out), then Greek letters; never a digit, which beside a
cell's pencil marks would read as a candidate. A chain of more nodes ends in '+'."""


def node_label(number: int) -> str:
    """The mark of a chain's node, numbered from 1 in reading order."""
    return NODE_LABELS[number - 1] if number <= len(NODE_LABELS) else "+"


def chain_nodes(step: Step) -> list[tuple[Node, bool]]:
    """A chain's nodes (a node and whether it is true) in reading order, each once, labelled
    a, b, c ... by their place here (node_label): each link's premise, then its conclusion. The
    board marks them so, and the hints name them by the same letters."""
    nodes: dict[tuple[Node, bool], None] = {}
    for link in step.chain:
        nodes.setdefault((link.premise, link.premise_true))
        nodes.setdefault((link.conclusion, link.conclusion_true))
    return list(nodes)


def _chain_lines(step: Step) -> list[str]:
    """The chain one link a line, its nodes lettered as the board marks them: '(a) 4 in r1c1',
    'strong link in row 1 to (b) 4 in r1c5', 'weak link in column 5 to (c) ...'."""
    letters = {node: node_label(n) for n, node in enumerate(chain_nodes(step), start=1)}
    first = step.chain[0]
    symbol = current().symbol  # a digit above 9 as the board in use writes it
    lines = [f"({letters[(first.premise, first.premise_true)]}) {symbol(first.premise.digit)} in "
             f"{first.premise.name()}"]
    for link in step.chain:
        kind = "strong link" if link.strong else "weak link"
        node = link.conclusion
        lines.append(f"{kind} {_where(link)} to ({letters[(node, link.conclusion_true)]}) "
                     f"{symbol(node.digit)} in {node.name()}")
    return lines


STRONG_AND_WEAK = ("A strong link means at least one of its two ends is true; a weak link means "
                   "at most one is.")


def chain_pattern(step: Step, opening: str, parts: Sequence[str] = ()) -> str:
    """A chain's pattern hint: `opening`, then one link a line, then what its parts (groups,
    sets) are and what strong and weak mean."""
    return "\n".join([opening, *(f"  {line}" for line in _chain_lines(step)), *parts,
                      STRONG_AND_WEAK])


def _where(link: Link) -> str:
    if link.unit == IN_CELL:
        return "inside the cell"
    if link.unit == IN_SET:
        return "inside an almost locked set"
    if link.unit == SET_FORCES_CELL:
        return "between an almost locked set and a cell it forces"
    if link.unit == SEEN:
        return "between cells that see each other"
    return f"in {unit_name(link.unit)}"


def length_bonus(links: int) -> float:
    """Sudoku Explainer's chain-length bonus, which every chain's rating adds: 0.0 up to 4 links,
    then 0.1 for each rung of 6, 8, 12, 16, 24 ..."""
    bonus, rung, grow_by_half = 0.0, 4, True
    while links > rung:
        bonus += 0.1
        rung = rung * 3 // 2 if grow_by_half else rung * 4 // 3
        grow_by_half = not grow_by_half
    return bonus
