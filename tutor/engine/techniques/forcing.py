"""Forcing chains and nets: follow each case of a cell, a unit or an assumption by singles.

The last resort before a guess. Four shapes, each proved by branches that follow an assumption
by naked and hidden singles (engine/propagation.py):

- contradiction: assuming a candidate breaks the grid (a cell with no candidate, or a unit with
  no place for a digit), so the candidate is false (or, assuming it false, it is true);
- cell forcing: each candidate of a cell, in turn, leads to the same conclusion;
- unit forcing: each place of a digit in a unit, in turn, leads to the same conclusion.

Digit forcing (a candidate true and the candidate false both lead to the same conclusion) is the
two-branch case of these: followed by singles, a candidate's false side forces anything only when
its cell has two candidates or its digit two places in a unit, and then it is the true side of the
other candidate or place. So it is found, and told, as a cell or unit forcing chain of two
branches (tests/test_forcing.py shows the false side of any other candidate forces nothing).

A branch is a chain when each fact in it rests on one earlier fact, and a net when some fact
needs two or more at once (a cell's last candidate after two removals). The simplest proof is
chosen: the fewest facts over all its branches.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tutor.engine.chain import Link, length_bonus, reason, state
from tutor.engine.propagation import NO_CANDIDATE, Branch, Position
from tutor.engine.step import Step
from tutor.engine.technique import Texts, an, digits_or, symbol
from tutor.model.geometry import COUNT, DIGITS_IN, cell_name, cells_or, unit_name
from tutor.model.geometry import listed  # 'a, b and c': the texts' one phrase for it
from tutor.model.geometry import current as board_in_use

HOLDS_ON = "every regular board and the Samurai"
"""Forcing chains and nets follow singles, which hold on any board."""

CONTRADICTION, CELL, UNIT = range(3)
"""A step's shape, its ("forcing", (shape,)) role."""

HIGHEST_RATING = 9.9
"""The row's rating: the highest a forcing step rates (a long net), still below a guess (10.0)."""

BRANCH_LIMITS: tuple[int | None, ...] = (8, None)
"""Rounds of the search: first every branch is followed to this many facts, then to the end
only if nothing was found (most proofs are short, and a branch that fills the grid is slow)."""

Conclusion = tuple[bool, int]
"""(placed, candidate key cell * size + digit - 1, size the board's digits): what every branch
agrees on."""


def forcing_chains(values: Sequence[int], masks: Sequence[int],
                   every_shape: bool = False) -> Iterator[Step]:
    """Every forcing chain or net found, the fewest facts first (one proof per conclusion).

    `every_shape` keeps the simplest proof of each conclusion in each shape, each branch followed
    to its end.

    Roles: ("forcing", (shape,)); ("branch_cells", ...), ("branch_digits", ...) and
    ("branch_true", ...) give each branch's assumption (1: the cell is the digit, 0: it is not);
    ("branch_links", ...) how many links of `chain` each branch has, in order; ("net", (0|1,));
    a contradiction adds ("broken_cell", (cell,)) or ("broken_unit", (unit, digit)), and
    ("broken_by", (cell, digit, true, ...)): the facts that together break it.
    """
    board = board_in_use()
    board_cells, size = board.cells, board.size
    if any(not values[c] and not masks[c] for c in board_cells):
        return  # a cell without a candidate: the position is already broken
    position = Position(values, masks)
    found: dict[tuple[Conclusion, int], tuple[int, int, list[Branch]]] = {}

    def offer(cost: int, shape: int, conclusion: Conclusion, branches: list[Branch]) -> None:
        key = (conclusion, shape if every_shape else 0)
        known = found.get(key)
        if known is None or (cost, shape) < known[:2]:
            found[key] = (cost, shape, branches)

    on: dict[int, Branch] = {}
    for limit in (None,) if every_shape else BRANCH_LIMITS:
        for cell in board_cells:
            if values[cell]:
                continue
            for digit in DIGITS_IN[masks[cell]]:
                key = cell * size + digit - 1
                branch = on.get(key)
                if branch is None:
                    branch = on[key] = position.branch(cell, digit, True, limit)
                elif branch.finished:
                    continue  # nothing new since the last round
                else:
                    branch.extend(limit)
                if branch.broken is not None:
                    offer(_broken_cost(branch), CONTRADICTION, (False, key), [branch])
        for cell in board_cells:
            if not values[cell] and COUNT[masks[cell]] >= 2:
                _agree(CELL, [on[cell * size + d - 1] for d in DIGITS_IN[masks[cell]]], offer)
        for unit, cells in enumerate(board.units):
            for digit in board.digits:
                bit = 1 << (digit - 1)
                places = [c for c in cells if masks[c] & bit]
                if len(places) >= 2:
                    _agree(UNIT, [on[c * size + digit - 1] for c in places], offer)
        if found:
            break
    ranked = sorted(found.items(), key=lambda item: (item[1][0], item[1][1], item[0][0][1]))
    for ((placed, key), _), (_, shape, branches) in ranked:
        yield _step(shape, placed, key, branches)


def _broken_cost(branch: Branch) -> int:
    assert branch.broken is not None
    return branch.weight(branch.broken[3]) + 1


def _agree(shape: int, branches: list[Branch], offer) -> None:
    """Offer what every branch concludes (none broken: a broken one is its own contradiction)."""
    if any(b.broken is not None for b in branches):
        return
    first, rest = branches[0], branches[1:]
    size = first.position.board.size
    placed = set(first.placed).intersection(*(b.placed for b in rest))
    removed = set(first.removed).intersection(*(b.removed for b in rest))
    for key in placed:
        offer(sum(b.weight((b.placed[key],)) for b in branches), shape, (True, key), branches)
    if removed:
        placed_cells = {key // size for key in placed}
        for key in removed:
            if key // size not in placed_cells:  # the placement there says more
                offer(sum(b.weight((b.removed[key],)) + 1 for b in branches), shape,
                      (False, key), branches)


def _step(shape: int, placed: bool, key: int, branches: list[Branch]) -> Step:
    board = branches[0].position.board
    cell, digit = divmod(key, board.size)
    digit += 1
    chain: list[Link] = []
    counts = []
    net = False
    broken_roles: tuple[tuple[str, tuple[int, ...]], ...] = ()
    for branch in branches:
        if branch.broken is not None:
            kind, where, broken_digit, parents = branch.broken
            indexes = branch.closure(parents)
            links = branch.links(indexes)
            broken_roles = ((("broken_cell", (where,)),) if kind == NO_CANDIDATE
                            else (("broken_unit", (where, broken_digit)),))
            broken_roles += (("broken_by", tuple(x for p in parents for x in (
                branch.facts[p][0], branch.facts[p][1], int(branch.facts[p][2])))),)
        elif placed:
            indexes = branch.closure((branch.placed[key],))
            links = branch.links(indexes)
        else:
            indexes = branch.closure((branch.removed[key],))
            links = branch.links(indexes) + [branch.removal_link(cell, digit)]
        net = net or any(len(branch.facts[i][4]) > 1 for i in indexes)
        chain += links
        counts.append(len(links))
    starts = [b.facts[0] for b in branches]
    pattern_cells = dict.fromkeys([s[0] for s in starts] + [c for link in chain
                                                            for c in link.conclusion.cells])
    if shape == UNIT:
        units = tuple(u for u in range(len(board.units))
                      if set(s[0] for s in starts) <= set(board.units[u]))[:1]
    else:
        units = ()
    if broken_roles and broken_roles[0][0] == "broken_unit":
        units += (broken_roles[0][1][0],)
    roles = (("forcing", (shape,)),
             ("branch_cells", tuple(s[0] for s in starts)),
             ("branch_digits", tuple(s[1] for s in starts)),
             ("branch_true", tuple(int(s[2]) for s in starts)),
             ("branch_links", tuple(counts)),
             ("net", (int(net),))) + broken_roles
    return Step(
        "forcing_chain",
        placements=((cell, digit),) if placed else (),
        eliminations=() if placed else ((cell, digit),),
        cells=tuple(pattern_cells), units=units,
        digits=tuple(sorted(set(s[1] for s in starts))),
        roles=roles, chain=tuple(chain),
    )


def forcing_rating(step: Step) -> float:
    """Sudoku Explainer's scale: a contradiction 7.5 as a chain, 8.5 as a net; two or more
    branches agreeing 8.0 as a chain, 9.0 as a net; plus its length bonus counted in links over
    all branches, at most HIGHEST_RATING."""
    contradiction = step.role("forcing")[0] == CONTRADICTION
    base = (7.5 if contradiction else 8.0) + (1.0 if step.role("net")[0] else 0.0)
    return round(min(HIGHEST_RATING, base + length_bonus(len(step.chain))), 1)


# --- Texts ----------------------------------------------------------------------------------


def _branches(step: Step) -> list[tuple[int, int, bool, tuple[Link, ...]]]:
    """(cell, digit, true, links) for each branch."""
    result = []
    start = 0
    for cell, digit, true, count in zip(step.role("branch_cells"), step.role("branch_digits"),
                                        step.role("branch_true"), step.role("branch_links")):
        result.append((cell, digit, bool(true), step.chain[start:start + count]))
        start += count
    return result


def _assumption(cell: int, digit: int, true: bool) -> str:
    return f"{cell_name(cell)} {'is' if true else 'is not'} {symbol(digit)}"


def _conclusion(step: Step) -> str:
    if step.placements:
        (cell, digit), = step.placements
        return f"{cell_name(cell)} is {symbol(digit)}"
    (cell, digit), = step.eliminations
    return f"{cell_name(cell)} is not {symbol(digit)}"


def _broken(step: Step) -> str:
    if step.role("broken_cell"):
        return f"{cell_name(step.role('broken_cell')[0])} has no candidate left"
    unit, digit = step.role("broken_unit")
    return f"{unit_name(unit)} has no place left for {an(symbol(digit))}"


def _name(step: Step) -> str:
    return "forcing net" if step.role("net")[0] else "forcing chain"


def narration_lines(links: Sequence[Link]) -> list[str]:
    """One derived fact a line with its reason; a fact resting on several facts names them all:
    'r1c1 is 2 and r5c1 is 6, so r3c1 is 9 (its only candidate left)'."""
    lines = []
    i = 0
    while i < len(links):
        j = i + 1
        while j < len(links) and links[j].conclusion == links[i].conclusion \
                and links[j].conclusion_true == links[i].conclusion_true:
            j += 1
        premises = listed(state(link.premise, link.premise_true) for link in links[i:j])
        link = links[i]
        lines.append(f"{premises}, so {state(link.conclusion, link.conclusion_true)} "
                     f"({reason(link) if j == i + 1 else _net_reason(link)})")
        i = j
    return lines


def _net_reason(link: Link) -> str:
    """The reason of a fact resting on several facts (always a placement by a single)."""
    return reason(link._replace(premise_true=True))


class ForcingChainTexts(Texts):
    """Hints for a forcing chain or net: the cell or unit to branch on, then each branch."""

    def spot(self, step: Step) -> str:
        return ("follow each candidate of a cell with few, or each place of a digit in a unit, "
                "by singles: they may all lead to one fact, or one may break the grid.")

    def one_line(self, step: Step) -> str:
        kind = "" if _name(step) == step.name.lower() else f" ({_name(step)})"
        return f"{step.name}{kind}: {step.changes}"

    def nudge(self, step: Step) -> str:
        shape = step.role("forcing")[0]
        name = _name(step).capitalize()
        (cell, digit, true, _), *_ = _branches(step)
        if shape == CONTRADICTION:
            return (f"{name}: suppose {_assumption(cell, digit, true)} and follow the singles "
                    "it forces.")
        if shape == CELL:
            return f"{name}: try each candidate of {cell_name(cell)} in turn and follow the singles."
        return (f"{name}: try each place for the {symbol(digit)} in {unit_name(step.units[0])} "
                "in turn and follow the singles.")

    def pattern(self, step: Step) -> str:
        shape = step.role("forcing")[0]
        branches = _branches(step)
        if shape == CONTRADICTION:
            cell, digit, true, links = branches[0]
            return (f"Suppose {_assumption(cell, digit, true)}: {_facts(links, 'after')} the grid "
                    f"breaks ({_broken(step)}). So {_conclusion(step)}.")
        starts = ", ".join(_assumption(c, d, t) for c, d, t, _ in branches)
        return (f"Branches: {starts}. Each of them leads to the same conclusion, "
                f"{_conclusion(step)} ({' / '.join(_facts(links) for *_, links in branches)}).")

    def full(self, step: Step) -> str:
        shape = step.role("forcing")[0]
        branches = _branches(step)
        if shape == CONTRADICTION:
            cell, digit, true, links = branches[0]
            lines = [f"Suppose {_assumption(cell, digit, true)}:"]
            lines += [f"  {line}" for line in narration_lines(links)]
            by = step.role("broken_by")
            facts = listed(_assumption(by[i], by[i + 1], bool(by[i + 2]))
                   for i in range(0, len(by), 3))
            lines.append(f"  {facts}, so {_broken(step)}: impossible.")
            lines.append(f"So {_assumption(cell, digit, not true)}: {_result(step)}.")
            return "\n".join(lines)
        cell, digit = branches[0][0], branches[0][1]
        if shape == CELL:
            lines = [f"{cell_name(cell)} can only be {digits_or(step.digits)}. Follow each:"]
        else:
            places = [c for c, *_ in branches]
            lines = [f"The {symbol(digit)} of {unit_name(step.units[0])} can only go in "
                     f"{cells_or(places)}. Follow each:"]
        for c, d, true, links in branches:
            lines.append(f"If {_assumption(c, d, true)}:")
            lines += [f"  {line}" for line in narration_lines(links)] or [
                f"  so {_conclusion(step)}."]
        lines.append(f"Either way {_conclusion(step)}: {_result(step)}.")
        return "\n".join(lines)


def _facts(links: Sequence[Link], after: str = "") -> str:
    """'3 facts' ('after 3 facts'); with no fact between the assumption and its end, 'at once'."""
    n = len({(link.conclusion, link.conclusion_true) for link in links})
    if not n:
        return "at once"
    return f"{after} {n} fact{'s' if n != 1 else ''}".lstrip()


def _result(step: Step) -> str:
    if step.placements:
        (cell, digit), = step.placements
        return f"place {symbol(digit)} in {cell_name(cell)}"
    (cell, digit), = step.eliminations
    return f"remove {symbol(digit)} from {cell_name(cell)}"
