"""The technique families on boards of other shapes (4x4, 6x6, 12x12, 16x16): every step they find
on real positions is true of the solution, and its texts can be written."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pytest

from conftest import read_lines, shared_file
from tutor.engine import HintLevel
from tutor.engine.reasons import Position
from tutor.engine.search import searching
from tutor.engine.step import Step
from tutor.model.geometry import Geometry, regular, using
from tutor.model.grid import standard_masks

# Puzzles of our own, each with its one solution (made for these tests with a small solver).
OWN = {
    (2, 2): [
        ("4...3..2...4..2.", "4231314223141423"),
        ("2......1....14..", "2143432132141432"),
    ],
    (2, 3): [
        ("16........4..3......64......3.64.21.", "164352325146432561516423251634643215"),
        ("1......6.3.....25......63..6.....42.", "143562265341631254452136324615516423"),
        ("3.........42.....312.......5.1....6.", "342615615342456123123456264531531264"),
    ],
    (3, 4): [
        ("....2.1B.3...6.......5..7...4A....2....7.2.1..............8..96B8.751..2...2..9....1"
         "....C14.6..........68.75....3.6.4......8.B.29..7..3..C....1B",
         "CA45261B7398B6219837C54A78934A5CB1265487A2C13B6912AC69B35784396B84751CA263B27598A4C1"
         "8579C14A62B3A1C4B32689752B1A3769485C4C581BA2963797365C842A1B"),
    ],
    (4, 4): [
        ("F63..2GC178EA.59.A.9.3.....27E..C.2...815.9.6..B1....4..F.B...CG91.E5A...F...D82..."
         "2..E9B5..F6.3..A...3.8...1.....6.C....1E.5A...2.FE8..A....B65.3B5..FD.....9.1.E...."
         "1A6...2.DF.4.13.56.2.G..7.2G...C..4.71B...4...B5A32...8...3.5...62E8.C9...E8.D.1..."
         "B.5G..6",
         "F63BD2GC178EA4595A4963BFCDG27E18CD2G7E815A9463FB17E8A495F6B3D2CG917E5A4BGF36CD828CD2"
         "17E9B54AF6G3B5A4F63G8C2D179EGF63CD2891E75AB4D2GFE8C7A4193B6563B52GFD7EC849A17E8C491A"
         "635B2GDFA4913B56D2FGE87C2GF68CDE4971B53A4917B5A32G6F8CED3B5AGF62E8DC9147E8CD91743BA5"
         "GF26"),
    ],
}

SUDOQ = {(2, 2): "sudoq/4x4.txt", (2, 3): "sudoq/6x6.txt", (4, 4): "sudoq/16x16.txt"}
"""The shared SudoQ sets by box shape (one puzzle a line: givens, solution, level)."""

SHAPES = [(2, 2), (2, 3), (3, 4), (4, 4)]

Finder = Callable[[Sequence[int], Sequence[int]], Iterable[Step]]


def digits(text: str, board: Geometry) -> list[int]:
    """A line of the board's symbols ('.' or '0' empty) as values."""
    assert len(text) == board.cell_count, text
    return [0 if ch in ".0" else board.symbols.index(ch) + 1 for ch in text]


def puzzles(shape: tuple[int, int], shared: bool, limit: int) -> list[tuple[list[int], list[int]]]:
    """Our own puzzles of the shape, then (with `shared`) the first `limit` of its SudoQ set."""
    board = regular(*shape)
    found = [(digits(p, board), digits(s, board)) for p, s in OWN[shape]]
    if shared and shape in SUDOQ:
        for line in read_lines(shared_file(SUDOQ[shape]))[:limit]:
            givens, solution = line.split()[:2]
            found.append((digits(givens, board), digits(solution, board)))
    for _, solution in found:  # each solution is a full, valid grid of the board
        for unit in board.units:
            assert sorted(solution[c] for c in unit) == list(board.digits)
    return found


def single(values: Sequence[int], masks: Sequence[int], board: Geometry) -> tuple[int, int] | None:
    """A naked or hidden single of the position (with the board's units), or None."""
    for cell in board.cells:
        mask = masks[cell]
        if not values[cell] and mask and not mask & (mask - 1):
            return cell, mask.bit_length()
    for unit in board.units:
        for digit in board.digits:
            bit = 1 << (digit - 1)
            places = [c for c in unit if masks[c] & bit]
            if len(places) == 1 and not values[places[0]]:
                return places[0], digit
    return None


def check(step: Step, values: list[int], masks: list[int], solution: Sequence[int]) -> list[str]:
    """What is false in a step (empty when it is true), its texts written on the way."""
    wrong = [f"{step.technique}: places {d} in {c}, the solution has {solution[c]}"
             for c, d in step.placements if solution[c] != d]
    wrong += [f"{step.technique}: removes {d} from {c}, the solution's digit"
              for c, d in step.eliminations if solution[c] == d]
    wrong += [f"{step.technique}: removes {d} from {c}, not a candidate"
              for c, d in step.eliminations if not masks[c] >> (d - 1) & 1]
    if not (step.placements or step.eliminations):
        wrong.append(f"{step.technique}: changes nothing")
    str(step)
    for level in HintLevel:
        assert step.hint(level, Position(values, masks))
    return wrong


def walk(shape: tuple[int, int], finders: Sequence[Finder], shared: bool = True,
         limit: int = 60, every: int = 1) -> tuple[Counter, list[str]]:
    """Walk each puzzle of the shape with singles (and, where singles stall, the first step the
    finders give), asking the finders at every `every`-th position and checking each step they
    find against the solution: (steps found by technique, what was false)."""
    board = regular(*shape)
    found: Counter = Counter()
    wrong: list[str] = []
    for givens, solution in puzzles(shape, shared, limit):
        values = list(givens)
        masks = list(standard_masks(values, board))
        with using(board), searching():
            for turn in range(board.cell_count * board.size):
                first = None
                if turn % every == 0 or single(values, masks, board) is None:
                    for finder in finders:
                        for step in finder(tuple(values), tuple(masks)):
                            found[step.technique] += 1
                            wrong += check(step, values, masks, solution)
                            first = first or step
                if not advance(values, masks, board, None if wrong else first):
                    break
    return found, wrong


def advance(values: list[int], masks: list[int], board: Geometry, step: Step | None) -> bool:
    """Take the position one move on: a single if it has one, else `step`'s changes; False when
    it has neither."""
    move = single(values, masks, board)
    if move is not None:
        place(values, masks, board, *move)
    elif step is not None:
        for cell, digit in step.placements:
            place(values, masks, board, cell, digit)
        for cell, digit in step.eliminations:
            masks[cell] &= ~(1 << (digit - 1))
    else:
        return False
    return True


def place(values: list[int], masks: list[int], board: Geometry, cell: int, digit: int) -> None:
    values[cell] = digit
    masks[cell] = 0
    for peer in board.peers[cell]:
        masks[peer] &= ~(1 << (digit - 1))


def _report(family: str, shape: tuple[int, int], found: Counter, wrong: list[str]) -> None:
    print(f"{family} on {regular(*shape).name}: {sum(found.values())} steps {dict(found)}")
    assert not wrong, wrong[:5]


# --- the families --------------------------------------------------------------------------------


def _fish() -> list[Finder]:
    from tutor.engine.techniques import fish

    return [fish.x_wings, fish.swordfish, fish.jellyfish, fish.finned_x_wings,
            fish.finned_swordfish, fish.finned_jellyfish]


def _single_digit() -> list[Finder]:
    from tutor.engine.techniques import single_digit

    return [single_digit.skyscrapers, single_digit.two_string_kites, single_digit.turbot_fish,
            single_digit.empty_rectangles]


def _colouring() -> list[Finder]:
    from tutor.engine.techniques import colouring

    return [colouring.simple_colors, colouring.multi_colors]


def _wings() -> list[Finder]:
    from tutor.engine.techniques import wings

    return [wings.xy_wings, wings.xyz_wings, wings.w_wings, wings.wxyz_wings]


def _sue_de_coq() -> list[Finder]:
    from tutor.engine.techniques import sue_de_coq

    return [sue_de_coq.sue_de_coq]


def _uniqueness() -> list[Finder]:
    from tutor.engine.techniques import uniqueness

    return [uniqueness.unique_rectangles, uniqueness.hidden_rectangles, uniqueness.bug_plus_one]


def _forcing() -> list[Finder]:
    from tutor.engine.techniques import forcing

    return [forcing.forcing_chains]


def _chains() -> list[Finder]:
    from tutor.engine.techniques import chains

    return [chains.remote_pairs, chains.x_chains, chains.xy_chains, chains.nice_loops,
            chains.aics]


def _als() -> list[Finder]:
    from tutor.engine.techniques import als

    return [als.als_xz, als.als_xy_wings, als.death_blossoms, als.als_chains]


def _grouped() -> list[Finder]:
    from tutor.engine.techniques import grouped

    return [grouped.grouped_nice_loops, grouped.grouped_aics]


FAMILIES: dict[str, Callable[[], list[Finder]]] = {
    "fish": _fish, "single_digit": _single_digit, "colouring": _colouring, "wings": _wings,
    "sue_de_coq": _sue_de_coq, "uniqueness": _uniqueness, "forcing": _forcing,
    "chains": _chains, "als": _als, "grouped": _grouped,
}
"""Each family's finders, imported when its test runs."""

SLOW_SHAPES = {(3, 4): 4, (4, 4): 8}
"""Big boards: the finders are asked at every fourth (16x16: eighth) position of a walk, on 10
SudoQ puzzles."""


SLOW_FAMILIES = {("forcing", (4, 4)): (2, 24), ("forcing", (3, 4)): (0, 8),
                 ("forcing", (2, 3)): (60, 2), ("als", (4, 4)): (0, 32), ("als", (3, 4)): (4, 4),
                 ("grouped", (4, 4)): (2, 16)}
"""(SudoQ puzzles, every how many positions) where a family's search is dear on a shape (forcing
chains follow every candidate of a position; on 16x16 a position holds thousands of almost
locked sets, and the ALS-XY-Wing pairs them: our own puzzle alone there)."""


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: regular(*shape).name)
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_steps_are_true_on_every_shape(family, shape):
    limit, every = SLOW_FAMILIES.get((family, shape), (
        10 if shape in SLOW_SHAPES else 60, SLOW_SHAPES.get(shape, 1)))
    found, wrong = walk(shape, FAMILIES[family](), limit=limit, every=every)
    _report(family, shape, found, wrong)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_finds_steps_on_our_own_puzzles(family):
    # Without ../shared, our own puzzles alone show each family at work on other boards.
    total: Counter = Counter()
    for shape in SHAPES:
        every = SLOW_FAMILIES.get((family, shape), (0, SLOW_SHAPES.get(shape, 1)))[1]
        found, wrong = walk(shape, FAMILIES[family](), shared=False, every=every)
        assert not wrong, wrong[:5]
        total += found
    assert sum(total.values()) > 0


# --- the guess ----------------------------------------------------------------------------------


def _follow(values: list[int], masks: list[int], board: Geometry, step: Step) -> str:
    """What is false in a guess's chain of singles from its wrong digit to where the grid breaks
    (empty when every link is a single and the grid breaks as the step says)."""
    from tutor.engine.chain import IN_CELL
    from tutor.engine.techniques.backtracking import tried

    cell, wrong = tried(step)
    values, masks = list(values), list(masks)
    place(values, masks, board, cell, wrong)
    for link in step.chain:
        (c,), d = link.conclusion.cells, link.conclusion.digit
        if link.unit == IN_CELL:
            if masks[c] != 1 << (d - 1):
                return f"r{c} is no naked single of {d}"
        elif [p for p in board.units[link.unit] if masks[p] >> (d - 1) & 1] != [c]:
            return f"{c} is no hidden single of {d} in unit {link.unit}"
        place(values, masks, board, c, d)
    if step.role("broken_cell"):
        (where,) = step.role("broken_cell")
        return "" if not values[where] and not masks[where] else "the cell is not broken"
    unit, digit = step.role("broken_unit")
    cells = board.units[unit]
    if any(values[c] == digit or masks[c] >> (digit - 1) & 1 for c in cells):
        return "the unit is not broken"
    return ""


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: regular(*shape).name)
def test_guesses_and_their_proofs_hold_on_every_shape(shape):
    # Along a walk by singles, the guess a hint teaches (its chain of singles followed link by
    # link) and the grade's guess with its proof (each fact checked) at every few positions.
    from test_refutation import check_section

    from tutor.engine.refutation import sections
    from tutor.engine.techniques.backtracking import backtracking_step, proved_guess, tried

    board = regular(*shape)
    chains = proofs = 0
    every = 6 if shape in SLOW_SHAPES else 3
    for givens, solution in puzzles(shape, True, 2 if shape in SLOW_SHAPES else 30):
        values = list(givens)
        masks = list(standard_masks(values, board))
        with using(board), searching():
            for turn in range(board.cell_count):
                if turn % every == 0 and 0 in values:
                    step = backtracking_step(values, masks, solution)
                    assert all(solution[c] == d for c, d in step.placements)
                    check(step, values, masks, solution)
                    if tried(step) is not None:
                        assert _follow(values, masks, board, step) == ""
                        chains += 1
                    guess = proved_guess(values, masks, solution)
                    assert all(solution[c] == d for c, d in guess.placements)
                    for section in sections(guess.roles):
                        if section[0][0] == "refutes":
                            check_section(Position(values, masks), section)
                            proofs += 1
                move = single(values, masks, board)
                if move is None:
                    break
                place(values, masks, board, *move)
    print(f"guesses on {board.name}: {chains} chains of singles and {proofs} proofs checked")
    assert chains + proofs > 0
