"""Backtracking, the last resort: a guess, shown with the contradiction that proves it.

When no technique applies, the tutor still teaches: a hint picks a cell with two candidates and
the wrong one whose contradiction follows fastest by singles, and shows that chain cell by cell, up
to the cell or unit that breaks. Only when no two-candidate cell breaks by singles does it fall
back to "trying it leads to a contradiction" (which the solver has proved).

Grading takes its guesses the cheap way (`guess_step`): searching the proof tries every
two-candidate cell, which made grading with the card's ladder twice as slow, and a grade shows no
proof. Everything the grade reports up to its first guess, and the level, rating and hardest
technique that guess sets, are the same either way.
"""

from __future__ import annotations

from typing import Sequence

from tutor.engine.chain import IN_CELL, Link, Node, reason
from tutor.engine.reasons import Position
from tutor.engine.refutation import (
    SEARCH_NODES, Roles, proof_chain, proof_lines, refutation, sections,
)
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, digits_or, symbol
from tutor.model.geometry import (
    COUNT, DIGITS_IN, ONLY_DIGIT, Geometry, cell_name, digits_name, unit_name,
)
from tutor.model.geometry import current as board_in_use

HOLDS_ON = "every regular board and the Samurai"
"""A guess proved by singles (or the solver's search) holds on any board."""

CHAIN_LIMIT = 30
"""The longest chain of singles followed after a trial digit: a longer proof teaches little."""

NAKED = -1
"""In a chain, the unit of a placement made as a naked single (a hidden single names its unit)."""
NO_CANDIDATE, NO_PLACE = 0, 1
"""How a trial breaks: a cell left with no candidate, or a unit left with no place for a digit."""


def backtracking_step(values: Sequence[int], masks: Sequence[int], solution: Sequence[int]) -> Step:
    """The guess to teach: the true digit of a cell, proved by the shortest contradiction.

    `chain` holds the proof: the wrong digit tried, then each single it forces (a placement link
    from the previous one), and `roles` say where it breaks: ("broken_cell", (cell,)) for a cell
    left with no candidate, or ("broken_unit", (unit, digit)) for a unit with no place for a
    digit. Without a chain (no two-candidate cell breaks by singles) the step has neither.
    """
    best = None
    for cell in board_in_use().cells:
        if values[cell] or COUNT[masks[cell]] != 2:
            continue
        wrong = next(d for d in DIGITS_IN[masks[cell]] if d != solution[cell])
        limit = CHAIN_LIMIT if best is None else len(best[2]) - 1
        found = contradiction(values, masks, cell, wrong, limit)
        if found is not None:
            best = (cell, wrong, *found)
    if best is None:
        return proved_guess(values, masks, solution)
    cell, wrong, forced, broken = best
    chain = []
    previous = Node((cell,), wrong)
    for c, d, unit in forced:
        node = Node((c,), d)
        chain.append(Link(previous, True, node, True, IN_CELL if unit == NAKED else unit))
        previous = node
    kind, where, digit = broken
    roles: tuple[tuple[str, tuple[int, ...]], ...]
    if kind == NO_CANDIDATE:
        roles = (("broken_cell", (where,)),)
    else:
        roles = (("broken_unit", (where, digit)),)
    return Step(
        "backtracking", placements=((cell, solution[cell]),),
        cells=(cell,) + tuple(c for c, _, _ in forced) + ((where,) if kind == NO_CANDIDATE else ()),
        units=(where,) if kind == NO_PLACE else (), digits=DIGITS_IN[masks[cell]],
        roles=roles, chain=tuple(chain),
    )


def guess_step(values: Sequence[int], masks: Sequence[int], solution: Sequence[int]) -> Step:
    """The cheap guess, without a proof: the true digit of the first cell with the fewest
    candidates (the grader's guess; a hint's is `backtracking_step`)."""
    cell = min((c for c in board_in_use().cells if not values[c]),
               key=lambda c: (COUNT[masks[c]], c))
    return Step("backtracking", placements=((cell, solution[cell]),), cells=(cell,),
                digits=DIGITS_IN[masks[cell]])


def proved_guess(values: Sequence[int], masks: Sequence[int], solution: Sequence[int]) -> Step:
    """`guess_step`'s guess with its proof (engine/refutation.py): for each other candidate of
    the cell, a trial that breaks the grid, or what was tried and how the solver refutes it."""
    step = guess_step(values, masks, solution)
    (cell, digit), = step.placements
    roles = guess_proof(values, masks, cell, digit)
    chain = proof_chain(roles)
    cells = dict.fromkeys((cell,) + tuple(c for link in chain for node in (link.premise,
                                                                           link.conclusion)
                                          for c in node.cells))
    return step._replace(roles=roles, chain=chain, cells=tuple(cells))


def guess_proof(values: Sequence[int], masks: Sequence[int], cell: int, digit: int) -> Roles:
    """The proof, as roles, that `cell` (whose solution is `digit`) holds none of its other
    candidates."""
    values, masks = tuple(values), tuple(masks)
    return tuple(role for wrong in DIGITS_IN[masks[cell]] if wrong != digit
                 for role in refutation(values, masks, cell, wrong))


Forced = list[tuple[int, int, int]]
"""Forced placements: (cell, digit, unit or NAKED)."""
Broken = tuple[int, int, int]
"""(NO_CANDIDATE, cell, 0) or (NO_PLACE, unit, digit)."""


def contradiction(values: Sequence[int], masks: Sequence[int], cell: int, digit: int,
                  limit: int = CHAIN_LIMIT) -> tuple[Forced, Broken] | None:
    """Place `digit` in `cell` and follow singles: (chain, broken) when the grid breaks within
    `limit` forced placements, else None. The chain lists (cell, digit, unit or NAKED)."""
    values, masks = list(values), list(masks)
    board = board_in_use()
    order = board.table("backtracking.unit_order", _unit_order)
    chain: list[tuple[int, int, int]] = []
    placing = (cell, digit, NAKED)
    while True:
        broken = _place(board, values, masks, *placing[:2])
        if broken is not None:
            return chain, broken
        if len(chain) >= limit:
            return None
        placing = _next_single(board, order, values, masks)
        if placing is None:
            return None
        chain.append(placing)


def contradiction_story(values: Sequence[int], masks: Sequence[int], cell: int,
                        digit: int) -> tuple[list[str], str] | None:
    """The trial cell=digit told in words: the singles it forces ('Hidden single in row 2:
    r2c7=4') and what breaks ('row 5 has no place left for a 4'); None as for `contradiction`."""
    found = contradiction(values, masks, cell, digit)
    if found is None:
        return None
    chain, (kind, where, broken_digit) = found
    forced = [f"{'Naked single' if unit == NAKED else 'Hidden single in ' + unit_name(unit)}: "
              f"{cell_name(c)}={symbol(d)}" for c, d, unit in chain]
    if kind == NO_CANDIDATE:
        return forced, f"{cell_name(where)} has no candidate left"
    return forced, f"{unit_name(where)} has no place left for {an(symbol(broken_digit))}"


def _unit_order(board: Geometry) -> tuple[int, ...]:
    """The units in the order hidden singles are looked for (singles.py's): boxes, rows,
    columns."""
    return board.box_units + board.row_units + board.column_units


def _place(board: Geometry, values, masks, cell: int, digit: int):
    """Place `digit` in `cell`; what breaks, if anything: (NO_CANDIDATE, cell, 0) or (NO_PLACE,
    unit, digit). Only two things can lose their last place: `digit` in the other units of the
    peers that lost it, and the cell's other candidates in the cell's own units."""
    others = masks[cell] & ~(1 << (digit - 1))
    values[cell] = digit
    masks[cell] = 0
    digit_bit = 1 << (digit - 1)
    units, units_of = board.units, board.units_of
    own = units_of[cell]
    touched = []
    for p in board.peers[cell]:
        if masks[p] & digit_bit:
            masks[p] ^= digit_bit
            if not masks[p] and not values[p]:
                return NO_CANDIDATE, p, 0
            touched += [u for u in units_of[p] if u not in own and u not in touched]
    for unit in touched:
        if not _has_place(units[unit], values, masks, digit):
            return NO_PLACE, unit, digit
    for other in DIGITS_IN[others]:
        for unit in own:
            if not _has_place(units[unit], values, masks, other):
                return NO_PLACE, unit, other
    return None


def _has_place(cells: Sequence[int], values, masks, digit: int) -> bool:
    """Whether `digit` is placed in a unit's `cells` or still a candidate of one of them."""
    digit_bit = 1 << (digit - 1)
    for c in cells:  # a plain loop: this is the hot path of the proof search
        if masks[c] & digit_bit or values[c] == digit:
            return True
    return False


def _next_single(board: Geometry, order: Sequence[int], values, masks):
    """The next forced placement: a naked single (lowest cell), else a hidden single (units in
    `order`)."""
    units = board.units
    for c in board.cells:
        if not values[c] and ONLY_DIGIT[masks[c]]:
            return c, ONLY_DIGIT[masks[c]], NAKED
    for unit in order:
        once = twice = 0
        for c in units[unit]:
            twice |= once & masks[c]
            once |= masks[c]
        single = once & ~twice
        if single:
            low = single & -single
            c = next(c for c in units[unit] if masks[c] & low)
            return c, low.bit_length(), unit
    return None


def tried(step: Step) -> tuple[int, int] | None:
    """(cell, wrong digit) of a guess shown with its contradiction by singles, else None."""
    if not step.role("broken_cell") and not step.role("broken_unit"):
        return None
    cell, = step.cells[:1]
    wrong = next(d for d in step.digits if (cell, d) not in step.placements)
    return cell, wrong


def broken_text(step: Step) -> str:
    if step.role("broken_cell"):
        return f"{cell_name(step.role('broken_cell')[0])} has no candidate left"
    unit, digit = step.role("broken_unit")
    return f"{unit_name(unit)} has no place left for {an(symbol(digit))}"


class BacktrackingTexts(Texts):
    """`digits` are the cell's candidates; the placement is the one that survives."""

    def spot(self, step: Step) -> str:
        return ("take a cell with few candidates, suppose one of them and follow what it forces "
                "until the grid breaks or nothing more follows.")

    def one_line(self, step: Step) -> str:
        return f"{step.name}: {step.changes}"

    def nudge(self, step: Step) -> str:
        guess = tried(step)
        if guess is not None:
            cell, _ = guess
            return (f"No technique the tutor knows applies here. Try one of the two candidates of "
                    f"{cell_name(cell)} and follow the singles it forces.")
        return ("No technique the tutor knows applies here: the next step needs trial and error "
                "(backtracking).")

    def pattern(self, step: Step) -> str:
        return self._pattern(step, step.roles)

    def pattern_in(self, step: Step, position: Position) -> str:
        return self._pattern(step, _proof(step, position))

    def full(self, step: Step) -> str:
        return self._full(step, step.roles)

    def full_in(self, step: Step, position: Position) -> str:
        return self._full(step, _proof(step, position))

    def _pattern(self, step: Step, proof: Roles) -> str:
        guess = tried(step)
        if guess is not None:
            cell, wrong_digit = guess
            wrong = symbol(wrong_digit)
            n = len(step.chain)
            return (f"Suppose {cell_name(cell)} were {wrong}: after "
                    f"{n} forced single{'s' if n != 1 else ''} the grid breaks "
                    f"({broken_text(step)}).")
        cell = step.cells[0]
        parts = []
        for section in sections(proof):
            (name, members), = section[:1]
            wrong = symbol(members[1])
            if name == "unproved":
                parts.append(f"no short trial shows that {cell_name(cell)} is not {wrong}")
            elif any(role == "split" for role, _ in section):
                parts.append(f"{cell_name(cell)} = {wrong} breaks the grid in every case of a "
                             "second trial")
            else:
                parts.append(f"{cell_name(cell)} = {wrong} breaks the grid")
        found = (f" Trying the candidates that fail: {'; '.join(parts)}." if parts else "")
        return (f"{cell_name(cell)} has the fewest candidates ({digits_name(step.digits)}): "
                f"try each of them.{found}")

    def _full(self, step: Step, proof: Roles) -> str:
        (cell, placed), = step.placements
        digit = symbol(placed)
        guess = tried(step)
        if guess is not None:
            wrong = symbol(guess[1])
            forced = [f"{cell_name(link.conclusion.cells[0])} = {symbol(link.conclusion.digit)} "
                      f"({reason(link)})" for link in step.chain]
            chain = " => ".join([f"{cell_name(cell)} = {wrong}"] + forced + [broken_text(step)])
            return (f"No technique the tutor knows applies, so it tests a candidate. {cell_name(cell)} "
                    f"can only be {digits_or(step.digits)}. Suppose it were {wrong}: {chain}. "
                    f"That is impossible, so {cell_name(cell)} is not {wrong}: "
                    f"{cell_name(cell)} = {digit}. Needing a guess makes the puzzle level 6.")
        others = [x for x in step.digits if x != placed]
        lines = [f"No technique the tutor knows applies, so it tests a candidate. {cell_name(cell)} "
                 f"has the fewest candidates ({digits_name(step.digits)})."]
        if not others:
            lines.append("Nothing else fits there.")
        elif not proof:
            lines.append(f"The solution has {digit} there, so {digits_or(others)} "
                         f"{'fails' if len(others) == 1 else 'fail'}; given the position, the "
                         "hint shows the trial that proves it.")
        for section in sections(proof):
            (name, members), = section[:1]
            wrong = symbol(members[1])
            if name == "unproved":
                lines.append(_unproved_text(members))
                continue
            lines += proof_lines(section)
            end = ("Every case breaks" if any(role == "split" for role, _ in section)
                   else "That is impossible")
            lines.append(f"{end}, so {cell_name(cell)} is not {wrong}.")
        lines.append(f"So {cell_name(cell)} = {digit}. After this trial-and-error step the "
                     "techniques resume; needing it makes the puzzle level 6.")
        return "\n".join(lines)


def _proof(step: Step, position: Position) -> Roles:
    """The step's proof; for a guess stored without one (a grade's), the proof found now from the
    position it was taken in (the search is bounded, and remembered for the last positions)."""
    if step.roles or tried(step) is not None or len(step.digits) < 2:
        return step.roles
    (cell, digit), = step.placements
    return guess_proof(position.values, position.masks, cell, digit)


def _unproved_text(members: tuple[int, ...]) -> str:
    """What was tried for a candidate no short trial refutes, and the solver's search."""
    cell, wrong_digit, facts, splits, strong, first, ways, deepest = members[:8]
    wrong = symbol(wrong_digit)
    digits = members[8:]
    name = cell_name(cell)
    text = "\n".join([
        f"No short trial shows that {name} is not {wrong}. Tried:",
        f"  {name} = {wrong}, then singles and the card's techniques (pointing, claiming, naked "
        f"and hidden pairs and triples): {facts} fact{'s' if facts != 1 else ''}, no "
        f"contradiction;",
        f"  then a second trial on each of {splits} cells and places (every cell with at most 3 "
        f"candidates, every digit with two places in a unit), followed by singles ({strong} of "
        f"them by the card's techniques too): none breaks the grid in every case."])
    # The first cell's candidates are those it has left once the wrong digit is in place (and
    # the singles it forces), not those on the board: say so.
    left = f"each candidate {cell_name(first)} has left then ({digits_or(digits)})"
    if ways < 0:
        return (f"{text}\nThe solver's search, supposing {name} = {wrong} and trying {left} and "
                f"then of further cells, needs more than {SEARCH_NODES} trials to close every "
                f"way.")
    return (f"{text}\nThe solver's search shows that {wrong} fails: with {name} = {wrong} it "
            f"tries {left}, follows the singles, and goes on the same way in each case that "
            f"does not break; all {ways} ways break, the longest after {deepest} trials.")
