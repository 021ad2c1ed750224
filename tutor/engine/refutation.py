"""The proof of a guess: the wrong candidate tried and followed to a contradiction, or what was tried.

When forcing chains are on the ladder, no candidate of a stuck position breaks the grid by singles
alone (that would have been a forcing chain), so the guess's proof needs more. A trial here is
followed by singles and, when they stall, by the card's other techniques (pointing, claiming,
naked and hidden pairs and triples), each fact recorded with the facts it rests on. If that does
not break the grid, a second trial inside the first: a cell with two candidates where each
candidate, followed the same way, breaks it. The proof with the fewest facts is shown. When none
is found within the bounds below, the texts say what was tried and how the solver's own search
(a trial on a cell with the fewest candidates, then on further cells) refutes the candidate.

The search is bounded by counts, never by time, so the same position always gets the same proof.

A proof is stored in a step's roles, so it is saved and read back with the step (ints only):
("refutes", (cell, digit)) opens the proof that `cell` is not `digit`; each fact is
("fact", (cell, digit, true, kind, unit_a, unit_b, digit_mask, n, parents..., cells...)), its
parents numbered by the order of all "fact" roles; ("split", (cell, -1, -1, n, parents...)) or ("split",
(-1, unit, digit, n, parents...)) opens the cases of a second trial on a cell's candidates or a
digit's places in a unit (each case a PREMISE fact, then its facts); ("broken", (NO_CANDIDATE,
cell, 0, n, parents...)) or ("broken", (NO_PLACE, unit, digit, n, parents...)) ends a trial; and
("unproved", (cell, digit, facts, singles_tried, techniques_tried, search_cell, ways,
deepest, search_digits...)) says what was tried when no proof was found.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from tutor.engine.chain import IN_CELL, Link, Node
from tutor.engine.propagation import NO_CANDIDATE, PREMISE, Branch, Position
from tutor.engine.technique import an, digits_or, symbol
from tutor.model.geometry import (
    COUNT, DIGITS_IN, Geometry, cell_name, cells_name, cells_or, current, digits_name, unit_name,
)
from tutor.model.geometry import listed  # 'a, b and c': the texts' one phrase for it

PREMISE_FACT, NAKED_SINGLE, HIDDEN_SINGLE, POINTING, CLAIMING, NAKED_SUBSET, HIDDEN_SUBSET = range(7)
"""A fact's kind: an assumption, a single, or a removal by one of the card's techniques."""
BY_PATTERN = -10
"""A removal fact's `unit` in a branch: its pattern is in `Trial.patterns`."""

SPLIT_CANDIDATES = 3
"""A second trial is made on cells with at most this many candidates (each one must break)."""
STRONG_CASES = 40
"""How many cases of second trials may be followed with the card's techniques (after every
two-candidate cell was tried by singles alone): the bound on the proof search."""
SEARCH_NODES = 20000
"""The most trials the solver's search may make to show a candidate fails."""

Pattern = tuple[int, int, int, int, tuple[int, ...]]
"""(kind, unit_a, unit_b, digit mask, cells): a pointing's box and line, a claiming's line and
box, a subset's unit (unit_b -1); the subset's or intersection's digits; the pattern's cells."""


class Trial(Branch):
    """A branch that may also remove candidates by the card's techniques (`patterns`: for each
    such removal fact, the pattern behind it)."""

    __slots__ = ("patterns",)

    def __init__(self, position: Position, cell: int, digit: int):
        self.patterns: dict[int, Pattern] = {}
        super().__init__(position, cell, digit, True)

    def fork(self) -> Trial:
        new = super().fork()
        assert isinstance(new, Trial)
        new.patterns = dict(self.patterns)
        return new

    def follow(self, techniques: bool) -> None:
        """Make singles, and when they stall (with `techniques`) the first removal by the card's
        techniques, until the grid breaks or nothing more follows."""
        self.extend()
        while techniques and self.broken is None:
            found = _first_pattern(self.values, self.masks)
            if found is None:
                return
            pattern, removals = found
            parents = _pattern_causes(self, pattern)
            for cell, digit in removals:
                self.patterns[len(self.facts)] = pattern
                self.eliminate(cell, digit, BY_PATTERN, parents)
                if self.broken is not None:
                    return
            self.extend()


# --- The card's techniques inside a trial ------------------------------------------------------


def _first_pattern(values: Sequence[int], masks: Sequence[int]
                   ) -> tuple[Pattern, list[tuple[int, int]]] | None:
    """The first pattern of the card's techniques that removes something, easiest first."""
    for finder in (_intersections, _naked_subsets, _hidden_subsets):
        found = finder(values, masks)
        if found is not None:
            return found
    return None


def _intersections(values, masks):
    board = current()
    units = board.units
    for kind, outers in ((POINTING, board.box_units),
                         (CLAIMING, board.row_units + board.column_units)):
        for outer in outers:
            for digit in board.digits:
                bit = 1 << (digit - 1)
                cells = tuple(c for c in units[outer] if masks[c] & bit)
                if len(cells) < 2:
                    continue
                for inner in _shared_units(board, cells, kind):
                    removals = [(c, digit) for c in units[inner]
                                if masks[c] & bit and c not in cells]
                    if removals:
                        return (kind, outer, inner, bit, cells), removals
    return None


def _shared_units(board: Geometry, cells: tuple[int, ...], kind: int) -> list[int]:
    """The lines (for a pointing box) or the boxes (for a claiming line) holding every cell, rows
    before columns (on a Samurai a shared box's side lies in a line of each of its grids)."""
    kinds = ("row", "column") if kind == POINTING else ("box",)
    unit_kinds = board.unit_kinds
    return [unit for unit in board.common_units(cells) if unit_kinds[unit] in kinds]


def _naked_subsets(values, masks):
    units = current().units
    for size in (2, 3):
        for unit in range(len(units)):
            open_cells = [c for c in units[unit] if not values[c]]
            small = [c for c in open_cells if COUNT[masks[c]] <= size]
            for group in combinations(small, size):
                union = 0
                for c in group:
                    union |= masks[c]
                if COUNT[union] != size:
                    continue
                removals = [(c, d) for c in open_cells if c not in group
                            for d in DIGITS_IN[masks[c] & union]]
                if removals:
                    return (NAKED_SUBSET, unit, -1, union, group), removals
    return None


def _hidden_subsets(values, masks):
    board = current()
    units = board.units
    for size in (2, 3):
        for unit in range(len(units)):
            cells = units[unit]
            places = {}
            for digit in board.digits:
                bit = 1 << (digit - 1)
                where = tuple(c for c in cells if masks[c] & bit)
                if 2 <= len(where) <= size:
                    places[digit] = where
            for digits in combinations(places, size):
                group = tuple(sorted({c for d in digits for c in places[d]}))
                if len(group) != size:
                    continue
                union = sum(1 << (d - 1) for d in digits)
                removals = [(c, d) for c in group for d in DIGITS_IN[masks[c] & ~union]]
                if removals:
                    return (HIDDEN_SUBSET, unit, -1, union, group), removals
    return None


def _pattern_causes(trial: Trial, pattern: Pattern) -> tuple[int, ...]:
    """The facts a pattern rests on: those that removed, since the position, the candidates whose
    absence makes it (outside the pattern's cells, or of other digits inside them)."""
    kind, unit_a, _, mask, cells = pattern
    causes: list[int] = []
    if kind == NAKED_SUBSET:
        for c in cells:
            causes += trial.causes(c, ~mask)
    else:
        for c in trial.position.board.units[unit_a]:
            if c not in cells:
                causes += trial.causes(c, mask)
    return tuple(dict.fromkeys(causes))


# --- The search ----------------------------------------------------------------------------------


Roles = tuple[tuple[str, tuple[int, ...]], ...]


def refutation(values: tuple[int, ...], masks: tuple[int, ...], cell: int, digit: int) -> Roles:
    """The proof that `cell` is not `digit` (a candidate the solution does not have there) on
    the board in use, as step roles (see the module's docstring): the shortest trial found, or
    what was tried."""
    return _refutation(current(), values, masks, cell, digit)


@lru_cache(maxsize=32)
def _refutation(board: Geometry, values: tuple[int, ...], masks: tuple[int, ...], cell: int,
                digit: int) -> Roles:
    """refutation, kept by the board too (two boards may have as many cells)."""
    position = Position(values, masks)
    outer = Trial(position, cell, digit)
    outer.follow(True)
    header = (("refutes", (cell, digit)),)
    if outer.broken is not None:
        numbering: dict[int, int] = {}
        roles, _ = _encode(outer, outer.closure(outer.broken[3]), numbering, 0)
        return header + roles + (_broken_role(outer, numbering),)
    best: tuple[int, Roles] | None = None
    singles_tried = strong_tried = 0
    for techniques in (False, True):
        for split in _splits(outer):
            if techniques and strong_tried >= STRONG_CASES:
                break
            cases = []
            for case_cell, case_digit in split[1]:
                if techniques:
                    strong_tried += 1
                inner = outer.fork()
                inner.assume(case_cell, case_digit)
                inner.follow(techniques)
                if inner.broken is None:
                    break
                cases.append(inner)
            else:
                found = _split_proof(outer, split[0], cases)
                if best is None or found[0] < best[0]:
                    best = found
            if not techniques:
                singles_tried += 1
        if best is not None:
            return header + best[1]
    search = _search(outer)
    facts = sum(1 for f in outer.facts if f[3] != PREMISE)
    return (("unproved", (cell, digit, facts, singles_tried, strong_tried) + search),)


Split = tuple[tuple[int, int, int], tuple[tuple[int, int], ...]]
"""((cell, -1, -1) or (-1, unit, digit), the cases (cell, digit)): a second trial's cases."""


def _splits(trial: Trial) -> list[Split]:
    """The second trials to make: each cell with few candidates (each candidate a case), then
    each digit with two places in a unit (each place a case); the fewest cases first."""
    found: list[tuple[int, Split]] = []
    board = trial.position.board
    for c in board.cells:
        if not trial.values[c] and COUNT[trial.masks[c]] <= SPLIT_CANDIDATES:
            found.append((COUNT[trial.masks[c]],
                          ((c, -1, -1), tuple((c, d) for d in DIGITS_IN[trial.masks[c]]))))
    for unit, cells in enumerate(board.units):
        for digit in board.digits:
            bit = 1 << (digit - 1)
            places = [c for c in cells if trial.masks[c] & bit]
            if len(places) == 2:
                found.append((2, ((-1, unit, digit), tuple((c, digit) for c in places))))
    found.sort(key=lambda item: item[0])  # stable: cells before units, in order
    return [split for _, split in found]


def _split_proof(outer: Trial, split: tuple[int, int, int], cases: list[Trial]
                 ) -> tuple[int, Roles]:
    """A second trial's proof and its size (in facts): the first trial's facts that the cases
    and the split (the cell's other candidates gone, or the digit's other places in the unit)
    rest on, then each case."""
    n_outer = len(outer.facts)
    cell, unit, digit = split
    if cell >= 0:
        split_parents = outer.causes(cell, ~outer.masks[cell])
    else:
        bit = 1 << (digit - 1)
        split_parents = tuple(dict.fromkeys(
            p for c in outer.position.board.units[unit] if not outer.masks[c] & bit
            for p in outer.causes(c, bit)))
    needed = set(outer.closure(split_parents))
    closures = []
    for case in cases:
        closure = case.closure(case.broken[3])  # type: ignore[index]
        needed.update(i for i in closure if i < n_outer)
        closures.append([i for i in closure if i >= n_outer])
    numbering: dict[int, int] = {}
    roles, number = _encode(outer, sorted(needed), numbering, 0)
    roles += (("split", (cell, unit, digit, len(split_parents))
               + tuple(numbering[p] for p in split_parents)),)
    for case, closure in zip(cases, closures):
        own = dict(numbering)  # each case numbers its own facts on from the last one's
        case_roles, number = _encode(case, closure, own, number)
        roles += case_roles + (_broken_role(case, own),)
    size = len(needed) + sum(len(c) for c in closures) + len(cases)
    return size, roles


def _encode(trial: Trial, indexes: Sequence[int], numbering: dict[int, int],
            number: int) -> tuple[Roles, int]:
    """The facts `indexes` of `trial` as roles, numbered on from `number` (`numbering` gains
    them), and the next number."""
    roles = []
    for index in indexes:
        cell, digit, true, unit, parents = trial.facts[index]
        numbering[index] = number
        number += 1
        if unit == PREMISE:
            head: Pattern = (PREMISE_FACT, -1, -1, 0, ())
        elif unit == IN_CELL:
            head = (NAKED_SINGLE, -1, -1, 0, ())
        elif unit >= 0:
            head = (HIDDEN_SINGLE, unit, -1, 0, ())
        else:
            head = trial.patterns[index]
        kind, unit_a, unit_b, mask, cells = head
        roles.append(("fact", (cell, digit, int(true), kind, unit_a, unit_b, mask, len(parents))
                      + tuple(numbering[p] for p in parents) + cells))
    return tuple(roles), number


def _broken_role(trial: Trial, numbering: dict[int, int]) -> tuple[str, tuple[int, ...]]:
    kind, where, digit, parents = trial.broken  # type: ignore[misc]
    return "broken", (kind, where, digit, len(parents)) + tuple(numbering[p] for p in parents)


def _search(start: Trial) -> tuple[int, ...]:
    """How the solver's search refutes the trial: (first cell, ways, deepest, its candidates...):
    it tries each candidate of a cell with the fewest, follows singles, and goes on the same way
    in each case that does not break; `ways` counts the dead ends (-1: more than SEARCH_NODES
    trials), `deepest` the most trials on one way."""
    first = _fewest(start)
    counts = [0, 0]  # dead ends, trials

    def walk(trial: Trial, depth: int) -> int:
        """The deepest depth below; counts[0] -1 once the bound is passed."""
        cell = _fewest(trial)
        assert cell is not None, "a wrong candidate's trial filled the grid"
        deepest = depth
        for digit in DIGITS_IN[trial.masks[cell]]:
            counts[1] += 1
            if counts[1] > SEARCH_NODES:
                counts[0] = -1
                return deepest
            inner = trial.fork()
            inner.assume(cell, digit)
            if inner.broken is not None:
                counts[0] += 1
                deepest = max(deepest, depth + 1)
            else:
                deepest = max(deepest, walk(inner, depth + 1))
            if counts[0] < 0:
                break
        return deepest

    deepest = walk(start, 0)
    assert first is not None
    return (first, counts[0], deepest) + DIGITS_IN[start.masks[first]]


def _fewest(trial: Trial) -> int | None:
    open_cells = [c for c in trial.position.board.cells if not trial.values[c]]
    if not open_cells:
        return None
    return min(open_cells, key=lambda c: (COUNT[trial.masks[c]], c))


# --- Reading a proof back --------------------------------------------------------------------


class Fact:
    """One fact of a stored proof."""

    __slots__ = ("cell", "digit", "true", "kind", "unit_a", "unit_b", "mask", "parents", "cells")

    def __init__(self, members: tuple[int, ...]):
        self.cell, self.digit, true, self.kind, self.unit_a, self.unit_b, self.mask, n = members[:8]
        self.true = bool(true)
        self.parents = members[8:8 + n]
        self.cells = members[8 + n:]

    def state(self) -> str:
        return f"{cell_name(self.cell)} is {'' if self.true else 'not '}{symbol(self.digit)}"


def refuted(roles: Roles) -> Iterator[tuple[int, int, bool]]:
    """(cell, digit, proved) for each candidate the roles refute or say they could not."""
    for name, members in roles:
        if name == "refutes":
            yield members[0], members[1], True
        elif name == "unproved":
            yield members[0], members[1], False


def sections(roles: Roles) -> list[Roles]:
    """The roles of each candidate's proof (or of what was tried), in order; facts are numbered
    within their proof."""
    found: list[list[tuple[str, tuple[int, ...]]]] = []
    for role in roles:
        if role[0] in ("refutes", "unproved"):
            found.append([])
        if found:
            found[-1].append(role)
    return [tuple(section) for section in found]


def proof_facts(section: Roles) -> list[Fact]:
    """The facts of one proof, in their numbering."""
    return [Fact(members) for name, members in section if name == "fact"]


def proof_chain(roles: Roles) -> tuple[Link, ...]:
    """The proofs' placements as chain links (for the board's numbers): one from each true fact
    a placement rests on. A removal it rests on is told only in the text, with its pattern."""
    links = []
    for section in sections(roles):
        facts = proof_facts(section)
        for fact in facts:
            if fact.kind not in (NAKED_SINGLE, HIDDEN_SINGLE):
                continue
            unit = IN_CELL if fact.kind == NAKED_SINGLE else fact.unit_a
            for p in fact.parents:
                parent = facts[p]
                if parent.true:
                    links.append(Link(Node((parent.cell,), parent.digit), True,
                                      Node((fact.cell,), fact.digit), True, unit))
    return tuple(links)


def proof_lines(section: Roles) -> list[str]:
    """One proof told one fact a line, each with the facts it rests on and its reason: the
    trial, then (after a split) each case of the second trial, each to its contradiction."""
    facts = proof_facts(section)
    lines: list[str] = []
    number = 0
    depth = 0
    pending: list[Fact] = []  # removals by one pattern, told on one line
    for name, members in section:
        if name == "fact":
            fact = facts[number]
            number += 1
            if pending and not _same_pattern(pending[0], fact):
                lines.append(_indent(depth, _removal_line(pending, facts)))
                pending = []
            if fact.kind == PREMISE_FACT:
                if depth:  # a case of the second trial
                    lines.append(_indent(0, f"If {fact.state()}:"))
                else:
                    lines.append(f"Suppose {fact.state()}:")
            elif fact.kind in (NAKED_SINGLE, HIDDEN_SINGLE):
                lines.append(_indent(depth, _single_line(fact, facts)))
            else:
                pending.append(fact)
            continue
        if pending:
            lines.append(_indent(depth, _removal_line(pending, facts)))
            pending = []
        if name == "split":
            cell, unit, digit, n = members[:4]
            cases = [m for name, m in section if name == "fact" and m[3] == PREMISE_FACT][1:]
            if cell >= 0:
                what = f"{cell_name(cell)} can only be {digits_or(m[1] for m in cases)}"
            else:
                what = (f"the {symbol(digit)} of {unit_name(unit)} can only go in "
                        f"{cells_or(m[0] for m in cases)}")
            lines.append(_indent(0, f"{_premises(members[4:4 + n], facts)}so {what}. Try each:"))
            depth = 1
        elif name == "broken":
            kind, where, digit, n = members[:4]
            what = (f"{cell_name(where)} has no candidate left" if kind == NO_CANDIDATE
                    else f"{unit_name(where)} has no place left for {an(symbol(digit))}")
            lines.append(_indent(depth, f"{_premises(members[4:4 + n], facts)}so {what}: "
                                        "impossible."))
    return lines


def _indent(depth: int, text: str) -> str:
    return "  " * (depth + 1) + text


def _premises(parents: Sequence[int], facts: list[Fact]) -> str:
    """'r1c1 is 2 and r5c5 is not 3, ' (empty when the fact rests on the position alone)."""
    if not parents:
        return ""
    return listed(facts[p].state() for p in parents) + ", "


def _single_line(fact: Fact, facts: list[Fact]) -> str:
    reason = ("its only candidate left" if fact.kind == NAKED_SINGLE
              else f"the only place left for {symbol(fact.digit)} in {unit_name(fact.unit_a)}")
    return f"{_premises(fact.parents, facts)}so {fact.state()} ({reason})"


def _same_pattern(a: Fact, b: Fact) -> bool:
    return (a.kind, a.unit_a, a.unit_b, a.mask, a.cells, a.parents) == \
        (b.kind, b.unit_a, b.unit_b, b.mask, b.cells, b.parents)


def _removal_line(removals: list[Fact], facts: list[Fact]) -> str:
    """'r2c3 is 5, so the 4 of box 1 can only go in r1c1 or r1c2, all in row 1 (pointing): r1c7
    is not 4 and r1c8 is not 4'."""
    p = removals[0]
    digits = digits_name(DIGITS_IN[p.mask])
    if p.kind in (POINTING, CLAIMING):
        name = "pointing" if p.kind == POINTING else "claiming"
        pattern = (f"the {digits} of {unit_name(p.unit_a)} can only go in {cells_or(p.cells)}, "
                   f"all in {unit_name(p.unit_b)} ({name})")
    elif p.kind == NAKED_SUBSET:
        pattern = (f"{cells_name(p.cells)} hold only {digits} between them "
                   f"({an('naked ' + _subset_name(len(p.cells)))} in {unit_name(p.unit_a)})")
    else:
        pattern = (f"{digits} can only go in {cells_name(p.cells)} in {unit_name(p.unit_a)} "
                   f"({an('hidden ' + _subset_name(len(p.cells)))})")
    gone = " and ".join(f.state() for f in removals)
    return f"{_premises(p.parents, facts)}so {pattern}: {gone}"


def _subset_name(size: int) -> str:
    return {2: "pair", 3: "triple"}[size]
