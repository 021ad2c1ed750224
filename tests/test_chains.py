"""Chains (remote pairs, X-chains, XY-chains): made positions, HoDoKu's and SudokuWiki's cases,
soundness and speed on real puzzles, and the texts."""

import json

import tutor
from tutor.engine.techniques import chains
from tutor.engine.chain import IN_CELL, length_bonus
from tutor.engine.registry import LADDER, MORE_SPECIFIC, RATINGS, technique
from tutor.model.geometry import CLASSIC, cell_at, cell_name, parse_cell_name as cell
from tutor.model.grid import Grid
from conftest import read_lines, reasoning, shared_file, sweep_finders

CHAIN_IDS = ("remote_pair", "x_chain", "xy_chain", "nice_loop", "aic")
FINDERS = {"remote_pair": chains.remote_pairs, "x_chain": chains.x_chains,
           "xy_chain": chains.xy_chains, "nice_loop": chains.nice_loops, "aic": chains.aics}


def made(*cells_and_digits) -> Grid:
    """An empty board where only the named cells have the given candidates (others keep all 9)."""
    grid = Grid.empty()
    for name, digits in cells_and_digits:
        grid = grid.with_candidates(cell(name), digits)
    return grid


def removals(digit: int, *names) -> set:
    return {(cell(n), digit) for n in names}


def names(cells) -> list[str]:
    return [cell_name(c) for c in cells]


# --- X-chain --------------------------------------------------------------------------------


def ones_only_in(*places) -> Grid:
    """An empty board whose rows 1, 5 and 9 keep their 1 only in `places` (three strong links)."""
    keep = {cell(p) for p in places}
    return Grid.empty().eliminate((cell_at(r, c), 1) for r in (0, 4, 8) for c in range(9)
                                  if cell_at(r, c) not in keep)


def test_x_chain_of_five_links_removes_from_cells_seeing_both_ends():
    grid = ones_only_in("r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c2")
    steps = tutor.find_steps(grid, "x_chain")
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(1, "r2c2", "r3c2", "r7c1", "r8c1")
    assert step.digits == (1,)
    assert names(step.cells) == ["r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c2"]
    assert [link.strong for link in step.chain] == [True, False, True, False, True]
    assert [link.unit for link in step.chain] == [0, 9 + 4, 4, 9 + 8, 8]
    assert step.rating == 6.6
    text = step.explanation
    assert "r1c1 is not 1, so r1c5 is 1 (the only other place for 1 in row 1)" in text
    assert "so r5c5 is not 1 (column 5 has only one 1)" in text
    # Cells removed from for the same reason share one line.
    assert ("Either way r2c2, r3c2, r7c1 and r8c1 cannot be 1: each sees both r1c1 and r9c2."
            in text)
    assert reasoning(text).endswith("Remove 1 from r2c2, r3c2, r7c1 and r8c1.")
    # One link a line, the nodes lettered as the board marks them.
    assert "\n  strong link in row 1 to (b) 1 in r1c5\n  weak link in column 5" in step.pattern
    assert "either r1c1 is 1 or r9c2 is 1." in text
    assert step.nudge.startswith("Look for an X-Chain on the 1s")


def test_x_chain_needs_its_ends_to_share_a_seen_cell():
    # The last strong link moved to r9c9-r9c8: nothing sees both r1c1 and r9c8 and holds a 1
    # (r1c8 and r9c1 have none), and no shorter chain removes anything.
    grid = ones_only_in("r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c8")
    assert all(len(s.chain) != 5 or s.role("ends") != (cell("r1c1"), cell("r9c8"))
               for s in tutor.find_steps(grid, "x_chain"))
    two_links_only = ones_only_in("r1c1", "r1c5", "r5c5", "r5c9")
    assert tutor.find_steps(two_links_only, "x_chain") == []


# --- XY-chain -------------------------------------------------------------------------------

XY_CELLS = (("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]), ("r5c9", [1, 4]))


def test_xy_chain_of_four_cells():
    steps = tutor.find_steps(made(*XY_CELLS), "xy_chain")
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(1, "r1c9", "r5c1")
    assert step.digits == (1,) and names(step.cells) == ["r1c1", "r1c5", "r5c5", "r5c9"]
    assert [link.unit == IN_CELL for link in step.chain] == [True, False] * 3 + [True]
    assert str(step) == "XY-Chain: 1 r1c1 r1c5 r5c5 r5c9 => r1c9<>1, r5c1<>1"
    assert "r1c1 is not 1, so r1c1 is 2 (its only other candidate)" in step.explanation
    assert "so r1c5 is not 2 (row 1 has only one 2)" in step.explanation
    assert step.rating == 6.6  # four cells: no length bonus yet
    assert tutor.find_steps(made(*XY_CELLS), "xy_wing") == []


def test_xy_chain_does_not_fire_on_broken_chains():
    wrong_end = made(*XY_CELLS[:3], ("r5c9", [4, 5]))
    assert tutor.find_steps(wrong_end, "xy_chain") == []
    three_candidates = made(*XY_CELLS[:3], ("r5c9", [1, 4, 5]))
    assert tutor.find_steps(three_candidates, "xy_chain") == []
    cleared = made(*XY_CELLS, ("r1c9", [5, 6]), ("r5c1", [5, 7]))
    assert tutor.find_steps(cleared, "xy_chain") == []


# --- Remote pair ----------------------------------------------------------------------------

PAIR_CELLS = (("r1c1", [1, 2]), ("r1c5", [1, 2]), ("r5c5", [1, 2]), ("r5c9", [1, 2]))


def test_remote_pair_removes_both_digits():
    steps = tutor.find_steps(made(*PAIR_CELLS), "remote_pair")
    assert len(steps) == 1
    step = steps[0]
    assert set(step.eliminations) == removals(1, "r1c9", "r5c1") | removals(2, "r1c9", "r5c1")
    assert step.digits == (1, 2)
    assert "The same holds with 1 and 2 swapped" in step.explanation
    assert "Either way r1c9 and r5c1 cannot be 1 or 2: each sees both r1c1 and r5c9." in step.explanation
    assert step.rating == 6.5


def test_remote_pair_needs_four_cells_of_one_pair():
    assert tutor.find_steps(made(*PAIR_CELLS[:3]), "remote_pair") == []
    mixed = made(*PAIR_CELLS[:3], ("r5c9", [1, 3]))
    assert tutor.find_steps(mixed, "remote_pair") == []


def test_shortest_chain_comes_first():
    # Two X-chains remove the same 1s from box 1 column 2 and box 7 column 1; only the shorter
    # is offered, and steps come shortest first.
    grid = ones_only_in("r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c2")
    lengths = [len(s.chain) for s in tutor.find_steps(grid, "x_chain")]
    assert lengths == sorted(lengths)
    for technique_id in ("xy_chain", "remote_pair"):
        found = tutor.find_steps(made(*PAIR_CELLS), technique_id)
        assert [len(s.chain) for s in found] == sorted(len(s.chain) for s in found)
        assert len({s.eliminations for s in found}) == len(found)


# --- Registry -------------------------------------------------------------------------------


def test_chains_are_registered_beyond_the_card_in_rating_order():
    for technique_id in CHAIN_IDS:
        entry = technique(technique_id)
        assert entry.level is None and entry.family == "chains" and technique_id in LADDER
        assert entry.order < technique("backtracking").order
        assert entry.order > technique("bug_plus_one").order
    assert [technique(t).rating for t in CHAIN_IDS] == [6.5, 6.5, 6.6, 7.0, 7.0]
    assert "X-chain" in RATINGS and "remote pair" in RATINGS
    assert length_bonus(4) == 0 and length_bonus(5) == 0.1
    assert round(length_bonus(13), 1) == 0.4


# --- HoDoKu's regression library and SudokuWiki's fixtures ----------------------------------


def test_reglib_chain_cases_all_pass():
    from test_reglib import code_of, load_cases, passes

    codes = ("0701", "0702", "0703", "0707-1", "0707-2")
    cases = [c for c in load_cases() if code_of(c) in codes]
    counts = {code: sum(code_of(c) == code for c in cases) for code in codes}
    assert counts == {"0701": 14, "0702": 23, "0703": 20, "0707-1": 14, "0707-2": 13}
    assert [c["line"] for c in cases if not passes(c)] == []


FIXTURES = {"xyChains": "xy_chain", "xCyclesRule3": "x_chain"}


def test_sudokuwiki_chain_fixtures_are_found_completely():
    path = shared_file("sudokuwiki-fixtures/kotlin_logic_tests.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    cases = [c for c in cases if c["technique_fn"] in FIXTURES]
    assert len(cases) == 9
    for case in cases:
        found = set()
        for step in tutor.find_steps(tutor.parse(case["board"]), FIXTURES[case["technique_fn"]]):
            found |= set(step.eliminations)
        expected = {(cell_at(item["row"], item["col"]), d)
                    for item in case["expected"] for d in item["digits"]}
        assert found == expected, f"{case['technique_fn']} {case['test']}"


# --- Soundness, texts and speed on real puzzles ---------------------------------------------


def text_problems(step) -> list[str]:
    texts = [step.hint(level) for level in (1, 2, 3)] + [str(step)]
    found = [f"{step}: an empty text" for t in texts if not t.strip()]
    full = step.explanation
    found += [f"{step}: the full hint misses {cell_name(c)}" for c in step.eliminated_cells
              if not any(line.startswith("Either way ") and cell_name(c) in line.split(" cannot be")[0]
                         for line in full.splitlines())
              and not (step.technique == "nice_loop" and cell_name(c) in full)]
    found += [f"{step}: the full hint misses chain cell {cell_name(c)}" for c in step.cells
              if cell_name(c) not in full]
    if len(full.splitlines()) < len(step.chain) + 3:
        found.append(f"{step}: not one link a line")
    if " a 8" in " ".join(texts):
        found.append(f"{step}: a wrong article")
    return found


def chain_is_linked(step) -> bool:
    """Each link starts where the last ended, links alternate strong and weak, and the chain's
    cells are its nodes' cells in order."""
    links = step.chain
    loop = step.technique == "nice_loop"
    continuous = loop and not step.role("discontinuous")
    if continuous and (links[-1].conclusion != links[0].premise or not links[-1].weak):
        return False
    if loop and not continuous and links[-1].conclusion.cells != links[0].premise.cells:
        return False
    if loop and not continuous and links[0].weak:
        # Starts with the cell true for its digit and comes back to undo it.
        if not links[-1].weak or links[-1].conclusion != links[0].premise:
            return False
    elif not links or not links[0].strong or not (links[-1].strong or continuous):
        return False
    for before, after in zip(links, links[1:]):
        if before.conclusion != after.premise or before.strong == after.strong:
            return False
    nodes = [links[0].premise] + [link.conclusion for link in links]
    order = []
    for node in nodes:
        if not order or order[-1] != node.cells[0]:
            order.append(node.cells[0])
    if loop and order[-1] == order[0]:
        order.pop()
    return tuple(order) == step.cells


def sweep(lines):
    """Walk each puzzle with the full ladder less the chains (and the almost locked sets, which
    take many of the positions chains would otherwise get) until stuck, and check every chain
    step there against the solution (see conftest.sweep_finders), its links and its texts."""
    def own(line, step):
        found = []
        if step.placements and step.technique != "nice_loop":
            found.append(f"{line}: {step} places a digit")
        if not chain_is_linked(step):
            found.append(f"{line}: {step} has a broken chain")
        return found + text_problems(step)

    ids = [t for t in LADDER if t not in CHAIN_IDS
           and technique(t).family not in ("als", "sue_de_coq", "grouped")]
    return sweep_finders(lines, ids, FINDERS, own)


def test_chains_are_sound_on_top1465_and_se_rated_puzzles():
    lines = [l.split()[0] for l in read_lines(shared_file("top1465/top1465.sdm"), 40)]
    for bucket in ("hard", "diabolical"):
        path = shared_file(f"se-rated/buckets_with_solutions/{bucket}_puzzle_and_solution.txt")
        lines += [l.split()[0] for l in read_lines(path, 20)]
    positions, checked, problems, slowest = sweep(lines)
    print(f"chains soundness: {positions} positions, {checked} steps, {len(problems)} problems, "
          f"slowest finder call {slowest * 1000:.1f} ms")
    assert positions > 50 and checked > 200
    assert not problems, problems[:5]


# --- Alternating inference chains -----------------------------------------------------------


def test_aic_with_different_end_digits_removes_across():
    # r1c1 not 1 => r1c1 is 2 => r1c5 is 3 => r5c5 is 4 => r5c9 is not 4 => r1c9 is 4 (the 4 of
    # column 9 only in r5c9 and r1c9): r1c1 is 1 or r1c9 is 4, and r1c9 sees r1c1.
    grid = made(("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]))
    grid = grid.eliminate((cell(f"r{r}c9"), 4) for r in (2, 3, 4, 6, 7, 8, 9))
    assert tutor.find_steps(grid, "xy_chain") == []
    found = {s.eliminations: s for s in tutor.find_steps(grid, "aic")}
    step = found[((cell("r1c9"), 1),)]
    assert step.digits == (1, 4) and step.chain[0].strong and step.chain[-1].strong
    assert names(step.cells) == ["r1c1", "r1c5", "r5c5", "r5c9", "r1c9"]
    assert step.rating == 7.2  # 7 links
    text = step.explanation
    assert "so r1c9 is 4 (the only other place for 4 in column 9)" in text
    assert "either r1c1 is 1 or r1c9 is 4." in text
    assert ("Either way r1c9 cannot be 1: either it is 4 itself, or r1c1, which it sees, is 1."
            in text)
    cleared = grid.with_candidates(cell("r1c9"), [4, 5])
    assert ((cell("r1c9"), 1),) not in {s.eliminations for s in tutor.find_steps(cleared, "aic")}


def test_aic_leaves_x_and_xy_chains_to_their_techniques():
    assert tutor.find_steps(ones_only_in("r1c1", "r1c5", "r5c5", "r5c9", "r9c9", "r9c2"),
                            "aic") == []
    xy = made(*XY_CELLS)
    assert all(s.digits != (1,) or s.role("ends") != (cell("r1c1"), cell("r5c9"))
               for s in tutor.find_steps(xy, "aic"))


def reglib_aic_cases():
    path = shared_file("reglib/reglib-1.3.parsed.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines()]
    return [c for c in cases if c["code"] == "0708" and not c["disabled"]]


def test_reglib_aic_cases_hodoku_lists_one_of_several_sound_chains():
    """HoDoKu names a chain an AIC only when it removes two candidates or more (a single removal
    it reports as a discontinuous nice loop), and never offers a chain that comes back to a cell
    it has left; with both rules 33 of its 34 AIC lines (0708) pass the strict rule. On the
    other, HoDoKu's one 7-link chain removes 8 from r1c7 and 3 from r9c7; ours remove the same
    two by a 5-link and a 7-link chain. Every one of our AICs on these boards is sound."""
    from test_reglib import AIC_OTHER_CHAINS, grid_of, passes, triples

    cases = reglib_aic_cases()
    assert len(cases) == 34
    assert [c["line"] for c in cases if not passes(c)] == list(AIC_OTHER_CHAINS) == [1225]
    for case in cases:
        grid = grid_of(case)
        solution = tutor.solve(grid.as_puzzle()).values
        steps = [s for s in tutor.find_steps(grid, "aic")
                 if "".join(map(str, s.digits)) == case["candidates"]]
        expected = triples(case["eliminations"])
        if case["line"] in AIC_OTHER_CHAINS:
            assert set().union(*(set(s.eliminations) for s in steps)) == expected
            assert sorted(len(s.eliminations) for s in steps) == [1, 1]
        for step in tutor.find_steps(grid, "aic"):
            assert all(solution[c] != d for c, d in step.eliminations), (case["line"], str(step))
            assert not chains.crosses_itself([(n.cells[0], n.digit) for n in
                                              [step.chain[0].premise]
                                              + [link.conclusion for link in step.chain]])


def test_aic_never_comes_back_to_a_cell_it_has_left():
    path = [(0, 1), (0, 2), (4, 2), (40, 2), (40, 3), (0, 3)]
    assert chains.crosses_itself(path)
    assert not chains.crosses_itself(path[:-1])
    assert not chains.crosses_itself([(0, 1), (4, 1), (40, 1), (0, 1)], loop=True)


# --- Continuous nice loops ------------------------------------------------------------------


def test_continuous_nice_loop_clears_the_units_of_its_weak_links():
    # r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c1 {4,1} -1- back to r1c1: each weak link
    # has exactly one true end, so row 1 loses its other 2s, column 5 its 3s, row 5 its 4s and
    # column 1 its 1s.
    grid = made(("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]), ("r5c1", [1, 4]))
    loops = [s for s in tutor.find_steps(grid, "nice_loop") if not s.role("discontinuous")]
    assert len(loops) == 1
    step = loops[0]
    expected = ({(cell(f"r1c{c}"), 2) for c in range(2, 10) if c != 5}
                | {(cell(f"r{r}c5"), 3) for r in range(2, 10) if r != 5}
                | {(cell(f"r5c{c}"), 4) for c in range(2, 10) if c != 5}
                | {(cell(f"r{r}c1"), 1) for r in range(2, 10) if r != 5})
    assert set(step.eliminations) == expected
    assert step.digits == (1, 2, 3, 4) and len(step.chain) == 8
    assert step.chain[-1].weak and step.chain[-1].conclusion == step.chain[0].premise
    assert step.rating == 7.2  # 8 links: two rungs (more than 4, more than 6)
    text = step.explanation
    assert "each weak link has exactly one true end" in text
    assert text.endswith(".") and "One of r1c1 and r1c5 is 2, so either way" in text
    broken = made(("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]), ("r5c1", [4, 5]))
    assert tutor.find_steps(broken, "nice_loop") == []


def test_reglib_nice_loop_cases_hodoku_specific_lines():
    """Of HoDoKu's 18 continuous nice loop lines (0706), 14 pass the strict rule. On the other 4
    the board holds another sound loop removing the same digit elsewhere, or our loop also clears
    a second unit its weak link's two cells share (a box and a line), which HoDoKu leaves. All 13
    discontinuous ones removing one candidate (0707-2) pass: each of those loops, S - a = ... =
    b - S with a and b in two cells, is given as the chain a = ... = b, named X-chain, XY-chain or
    AIC, which removes S (and any other candidate seeing both ends). Every step of the nice loop
    search there is sound, and one of them removes at least HoDoKu's candidates."""
    from test_reglib import LOOP_OTHER_LOOPS, code_of, grid_of, passes, triples

    path = shared_file("reglib/reglib-1.3.parsed.jsonl")
    cases = [json.loads(line) for line in path.read_text().splitlines()]
    cases = [c for c in cases if code_of(c) in ("0706", "0707-2") and not c["disabled"]]
    assert len(cases) == 18 + 13
    assert [c["line"] for c in cases if not passes(c)] == list(LOOP_OTHER_LOOPS)
    for case in cases:
        grid = grid_of(case)
        solution = tutor.solve(grid.as_puzzle()).values
        steps = list(chains.nice_loops(grid.values, grid.live_masks))
        assert {s.technique for s in steps} <= {"nice_loop", *MORE_SPECIFIC["nice_loop"]}
        expected = triples(case["eliminations"])
        assert any(expected <= set(s.eliminations) for s in steps), case["line"]
        if code_of(case) == "0707-2":
            assert any(expected <= set(s.eliminations) for s in steps
                       if s.technique in MORE_SPECIFIC["nice_loop"]), case["line"]
        for step in steps:
            assert all(solution[c] != d for c, d in step.eliminations), (case["line"], str(step))
            assert all(solution[c] == d for c, d in step.placements), (case["line"], str(step))


def placing_loop_grid() -> Grid:
    """r1c1 not 1 => r1c5 is 1 (row 1) => r1c5 not 2 => r5c5 is 2 (column 5) => r5c5 not 3 =>
    r5c1 is 3 (row 5) => r5c1 not 1 => r1c1 is 1 (column 1): so r1c1 is 1."""
    grid = made(("r1c5", [1, 2]), ("r5c5", [2, 3]), ("r5c1", [1, 3]))
    grid = grid.eliminate((cell_at(0, c), 1) for c in range(9) if c not in (0, 4))
    grid = grid.eliminate((cell_at(r, 0), 1) for r in range(9) if r not in (0, 4))
    grid = grid.eliminate((cell_at(r, 4), 2) for r in range(9) if r not in (0, 4))
    return grid.eliminate((cell_at(4, c), 3) for c in range(9) if c not in (0, 4))


def test_discontinuous_nice_loop_places_the_digit_it_started_without():
    steps = [s for s in tutor.find_steps(placing_loop_grid(), "nice_loop")
             if s.placements == ((cell("r1c1"), 1),)]
    assert len(steps) == 1
    step = steps[0]
    assert step.role("discontinuous") == (cell("r1c1"),) and not step.eliminations
    assert names(step.cells) == ["r1c1", "r1c5", "r5c5", "r5c1"]
    assert step.chain[0].strong and step.chain[-1].strong and len(step.chain) == 7
    text = step.explanation
    assert "r1c1 is not 1, so r1c5 is 1 (the only other place for 1 in row 1)" in text
    assert "so r1c1 is 1 (the only other place for 1 in column 1)" in text
    assert reasoning(text).endswith("Place 1 in r1c1.")
    assert step.nudge.endswith("suppose it is not 1.")


def test_discontinuous_nice_loop_removes_a_digit_that_would_undo_itself():
    # r1c9 is 2 => r1c1 is not 2 (row 1) => r1c1 is 1 ... r1c9 sees r1c1 (row 1) and, through the
    # XY-style chain r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4}, the 4 of column 9 only in r5c9, r1c9:
    # r1c9 is 1 would make r1c1 not 1, so 2, so r1c5 3, r5c5 4, r5c9 not 4, r1c9 4: not 1.
    grid = made(("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r5c5", [3, 4]))
    grid = grid.eliminate((cell(f"r{r}c9"), 4) for r in (2, 3, 4, 6, 7, 8, 9))
    # Without the two weak links to r1c9's 1, the chain r1c1 1 = ... = r1c9 4 is an AIC whose
    # ends, two digits in cells that see each other, take each other's digit: the nice loop
    # search gives it by that name, and the nice loops listed are the others.
    assert not [s for s in tutor.find_steps(grid, "nice_loop")
                if s.eliminations == ((cell("r1c9"), 1),)]
    masks = grid.live_masks
    steps = [s for s in chains.nice_loops(grid.values, masks)
             if s.eliminations == ((cell("r1c9"), 1),)]
    assert steps
    step = steps[0]
    assert step.technique == "aic" and step.chain[0].strong and step.chain[-1].strong
    assert step.role("ends") == (cell("r1c1"), cell("r1c9")) and step.digits == (1, 4)
    assert step.rating == chains.chain_rating(step)
    text = step.explanation
    assert text.startswith("Suppose r1c1 is not 1.")
    assert ("Either way r1c9 cannot be 1: either it is 4 itself, or r1c1, which it sees, is 1."
            in text)
    assert reasoning(text).endswith("Remove 1 from r1c9.")


def test_discontinuous_nice_loop_keeps_a_cell_to_two_digits():
    # r1c1 {1,2,9} not 1 => r1c5 is 1 (row 1) => r1c5 not 2 => r5c5 is 2 (column 5)... as above,
    # but the chain ends on r1c1's 2 via column 1's only other 2 (r5c1 {2,3}): r1c1 is 1 or 2.
    grid = made(("r1c1", [1, 2, 9]), ("r1c5", [1, 2]), ("r5c5", [2, 3]), ("r5c1", [2, 3]))
    grid = grid.eliminate((cell_at(0, c), 1) for c in range(9) if c not in (0, 4))
    grid = grid.eliminate((cell_at(r, 0), 2) for r in range(9) if r not in (0, 4))
    grid = grid.eliminate((cell_at(r, 4), 2) for r in range(9) if r not in (0, 4))
    grid = grid.eliminate((cell_at(4, c), 3) for c in range(9) if c not in (0, 4))
    steps = [s for s in tutor.find_steps(grid, "nice_loop") if s.role("discontinuous")
             and s.eliminations == ((cell("r1c1"), 9),)]
    assert steps
    assert "Either way r1c1 cannot be 9." in steps[0].explanation


# --- The search a link at a time --------------------------------------------------------------


def test_numbered_candidate_graph_has_the_links_of_the_definition():
    from test_dead_ends import diabolical_stuck_positions
    from tutor.model.geometry import DIGITS_IN, PEERS, UNITS

    for grid in diabolical_stuck_positions(2)[::3]:
        masks = grid.live_masks
        strong, weak, weak_sets, starts, _ = chains._numbered_graph(masks)
        node = chains.numbered_candidates(CLASSIC)
        for n, (cell, digit) in enumerate(node):
            if not masks[cell] >> (digit - 1) & 1:
                assert weak[n] is None and strong[n] is None
                continue
            seen = {(p, digit) for p in PEERS[cell] if masks[p] >> (digit - 1) & 1}
            seen |= {(cell, d) for d in DIGITS_IN[masks[cell]] if d != digit}
            assert {node[m] for m in weak[n]} == seen == {node[m] for m in weak_sets[n]}
            pairs = {(p, digit) for unit in UNITS if cell in unit
                     for p in unit if p != cell and masks[p] >> (digit - 1) & 1
                     and sum(masks[q] >> (digit - 1) & 1 for q in unit) == 2}
            if len(DIGITS_IN[masks[cell]]) == 2:
                pairs |= {(cell, d) for d in DIGITS_IN[masks[cell]] if d != digit}
            assert {node[m] for m in strong[n] or ()} == pairs
            assert len(strong[n] or ()) == len(pairs)
        assert starts == sorted(n for n in range(len(node)) if strong[n])


def test_searching_a_link_at_a_time_finds_what_each_start_finds_alone():
    # Every start's search goes one link at a time, all of them together, so that the shortest
    # chains can be given before longer ones are searched: the paths must be those each start's
    # breadth-first search finds alone (the search X- and XY-chains use).
    from test_dead_ends import diabolical_stuck_positions

    for grid in diabolical_stuck_positions(2)[::2]:
        masks = grid.live_masks
        strong, weak, _, starts, digit_cells = chains._numbered_graph(masks)
        node = chains.numbered_candidates(CLASSIC)
        by_pair = {node[n]: [node[m] for m in links] for n, links in enumerate(strong) if links}
        weak_by_pair = {node[n]: [node[m] for m in links] for n, links in enumerate(weak)
                        if links is not None}

        def is_end(start, end) -> bool:
            return bool(chains._aic_removals(start, end, masks, digit_cells))

        alone = list(chains._paths(sorted(by_pair), by_pair, weak_by_pair, is_end,
                                   chains.MAX_AIC_LINKS))
        together = []
        for links, paths in chains._rounds(starts, strong, weak,
                                           lambda s, e: is_end(node[s], node[e]),
                                           chains.MAX_AIC_LINKS):
            assert all(len(path) == links + 2 for path in paths)
            together += [[node[n] for n in path] for path in paths]
        assert sorted(together) == sorted(alone) and alone


def test_loops_and_aics_come_shortest_first_and_the_first_needs_no_more_search():
    # The ladder takes a finder's first step: taken alone it must be the full list's first.
    from test_dead_ends import diabolical_stuck_positions

    # The nice loop search orders its steps by the loop's length. A discontinuous loop S - a =
    # ... = b - S it gives as the open chain a = ... = b (an X-chain, XY-chain or AIC) keeps that
    # loop's place: the chain's links and the two weak links to S. So the loop search's list is
    # shortest first counting those two links, and shortest first by each name's own chains.
    def loop_links(step) -> int:
        return len(step.chain) + (2 if step.technique in MORE_SPECIFIC["nice_loop"] else 0)

    found = renamed = 0
    for grid in diabolical_stuck_positions(3):
        for finder in (chains.nice_loops, chains.aics):
            steps = list(finder(grid.values, grid.live_masks))
            first = next(finder(grid.values, grid.live_masks), None)
            assert first == (steps[0] if steps else None)
            if finder is chains.nice_loops:
                assert [loop_links(s) for s in steps] == sorted(loop_links(s) for s in steps)
                renamed += sum(s.technique != "nice_loop" for s in steps)
            else:
                assert {s.technique for s in steps} <= {"aic"}
            for name in {s.technique for s in steps}:
                lengths = [len(s.chain) for s in steps if s.technique == name]
                assert lengths == sorted(lengths), name
            found += len(steps)
    assert found > 10 and renamed > 0
