"""The game model: changes, undo/redo, hint ladder state, level earned, check and save files."""

from __future__ import annotations

import json

import pytest

import tutor
from tutor.engine import Step, step_to_json
from tutor.play.game import (
    HINT_LEVELS,
    Game,
    SaveError,
    find_hint,
    grid_to_json,
    level_earned,
    load_save,
    save_game,
)
from tutor.model.geometry import parse_cell_name
from tutor.model.bundled import collections
from tutor.model.errors import NewerVersion
from tutor.model.storage import Unreadable

from conftest import first_guess, read_lines, shared_file

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


@pytest.fixture
def game() -> Game:
    return Game(tutor.parse(EASY), "easy")


def solution_of(game: Game) -> tuple[int, ...]:
    return tutor.solve(game.puzzle).values


def first_empty(game: Game) -> int:
    return game.grid.empty_cells[0]


def test_enter_and_clear_a_digit(game):
    cell = first_empty(game)
    assert game.enter(cell, 4)
    assert game.grid.value(cell) == 4
    assert game.history_labels == [f"{tutor.model.geometry.cell_name(cell)}=4"]
    assert game.clear(cell)
    assert game.grid.value(cell) == 0
    assert not game.clear(cell), "clearing an empty cell is no change"


def test_givens_never_change(game):
    given = min(game.grid.givens)
    before = game.grid
    assert not game.enter(given, 1 + game.grid.value(given) % 9)
    assert not game.clear(given)
    assert game.grid == before and game.index == 0


def test_undo_redo_walks_the_history_and_a_new_change_drops_the_redo(game):
    a, b = game.grid.empty_cells[:2]
    start = game.grid
    game.enter(a, 1)
    after_a = game.grid
    game.toggle_candidate(b, min(game.grid.candidates(b)))
    after_b = game.grid
    assert game.undo() is not None and game.grid == after_a
    assert game.undo() is not None and game.grid == start
    assert game.undo() is None
    assert game.redo() is not None and game.grid == after_a
    game.enter(b, 2)
    assert not game.can_redo
    assert game.grid != after_b
    assert game.redo() is None


def test_pencil_marks_toggle_only_in_empty_cells(game):
    cell = first_empty(game)
    digit = min(game.grid.candidates(cell))
    assert game.toggle_candidate(cell, digit)
    assert digit not in game.grid.candidates(cell)
    assert game.toggle_candidate(cell, digit)
    assert digit in game.grid.candidates(cell)
    game.enter(cell, digit)
    assert not game.toggle_candidate(cell, digit)


def test_auto_candidates_restores_the_standard_marks(game):
    cell = first_empty(game)
    for digit in game.grid.candidates(cell):
        game.toggle_candidate(cell, digit)
    assert not game.grid.candidates(cell)
    assert game.auto_candidates()
    assert game.grid == game.grid.with_standard_candidates()
    assert game.grid.candidates(cell)
    assert not game.auto_candidates(), "already standard: no change"


def test_applied_steps_follow_undo(game):
    step = tutor.next_step(game.grid)
    game.apply_step(step)
    cell = first_empty(game)
    game.enter(cell, 5)
    assert game.applied_steps == [step]
    game.undo()
    game.undo()
    assert game.applied_steps == []
    assert game.earned.level == 0 and game.earned.tally == {}
    game.redo()
    assert game.applied_steps == [step]
    assert game.earned.tally == {step.technique: 1}


def test_apply_steps_is_one_change_and_solves(game):
    steps = tutor.grade(game.grid).steps
    assert game.apply_steps(steps, "solve")
    assert game.is_solved and game.index == 1
    assert game.grid.values == solution_of(game)
    assert game.undo() == "solve" and not game.is_solved


def test_restart_is_undoable(game):
    game.enter(first_empty(game), 3)
    moved = game.grid
    assert game.restart()
    assert game.grid == game.puzzle
    game.undo()
    assert game.grid == moved


def test_hint_ladder_state(game):
    assert game.advance_hint() == 0, "no hint known yet"
    grid = game.grid
    result = find_hint(grid)
    assert isinstance(result, Step)
    assert game.take_hint(grid, result)
    levels = [game.advance_hint() for _ in range(HINT_LEVELS + 2)]
    assert levels == [1, 2, 3, 3, 3]
    assert game.hint_step == result
    game.enter(first_empty(game), 1)
    assert game.hint_level == 0 and not game.hint_known


def test_a_hint_for_a_grid_that_moved_on_is_refused(game):
    stale = game.grid
    game.enter(first_empty(game), 1)
    assert not game.take_hint(stale, find_hint(stale))
    assert not game.hint_known


def test_wrong_digit_gives_a_contradiction_naming_the_cell(game):
    solution = solution_of(game)
    # A wrong digit that no peer holds, so it is not a plain conflict.
    cell, digit = next((c, d) for c in game.grid.empty_cells for d in game.grid.candidates(c)
                       if d != solution[c])
    game.enter(cell, digit)
    result = find_hint(game.grid)
    assert isinstance(result, tutor.ContradictionError)
    assert cell in result.cells
    assert (cell, digit, solution[cell]) in result.wrong_values


def test_removed_true_candidate_gives_a_contradiction(game):
    solution = solution_of(game)
    cell = first_empty(game)
    game.toggle_candidate(cell, solution[cell])
    result = find_hint(game.grid)
    assert isinstance(result, tutor.ContradictionError)
    assert result.missing == ((cell, solution[cell]),)


def test_check_marks_conflicts_wrong_digits_and_lost_candidates(game):
    assert game.check().ok
    solution = solution_of(game)
    empties = game.grid.empty_cells
    # r1c1 is empty in EASY; put there the digit of a given in the same row: a conflict.
    r1c1 = parse_cell_name("r1c1")
    entered = game.grid.value(parse_cell_name("r1c3"))
    game.enter(r1c1, entered)
    lost = next(c for c in empties if c not in tutor.model.geometry.PEER_SETS[r1c1] and c != r1c1)
    game.toggle_candidate(lost, solution[lost])
    result = game.check()
    assert r1c1 in result.conflicts and r1c1 in result.wrong
    # Placing the wrong digit also took it from peers whose true digit it is.
    peers_robbed = {p for p in tutor.model.geometry.PEERS[r1c1]
                    if not game.grid.value(p) and solution[p] == entered}
    assert result.missing == {lost} | peers_robbed
    assert game.check_result == result
    game.undo()
    assert game.check_result is None


@pytest.mark.parametrize("techniques, level", [
    ([], 0),
    (["naked_single", "naked_single"], 0),
    (["hidden_single"], 0.5),
    (["pointing"], 1),
    (["pointing", "pointing"], 1.5),
    (["pointing", "claiming"], 1.5),
    (["naked_pair"], 2),
    (["naked_pair", "hidden_single", "naked_pair"], 2.5),
    (["hidden_triple", "naked_pair"], 5),
    (["naked_quad"], 6),  # beyond the card: needing it means the card's ladder cannot finish
    (["backtracking"], 6),
])
def test_level_earned_from_the_registry(techniques, level):
    earned = level_earned([Step(t) for t in techniques])
    assert earned.level == level
    assert earned.band == tutor.engine.registry.band(level)
    assert sum(earned.tally.values()) == len(techniques)


def _graded_puzzles():
    lines = [p.line for c in collections() for p in c.puzzles()]
    return lines[:12]


@pytest.mark.parametrize("line", _graded_puzzles())
def test_level_earned_matches_the_grader_on_bundled_puzzles(line):
    graded = tutor.grade(tutor.parse(line))
    earned = level_earned(graded.steps)
    assert earned.level == graded.level
    assert earned.tally == graded.techniques


def test_level_earned_matches_the_grader_on_real_puzzles():
    for line in read_lines(shared_file("kaggle/kaggle_first10000.txt"), limit=25):
        graded = tutor.grade(tutor.parse(line))
        assert level_earned(graded.steps).level == graded.level


def test_json_round_trip_keeps_wrong_entries_marks_steps_and_position(game):
    game.apply_step(tutor.next_step(game.grid))
    r1c1 = parse_cell_name("r1c1")
    game.enter(r1c1, game.grid.value(parse_cell_name("r1c3")))  # a conflict parse would refuse
    cell = game.grid.empty_cells[-1]
    game.toggle_candidate(cell, min(game.grid.candidates(cell)))
    game.undo()
    data = json.loads(json.dumps(game.to_json()))
    back = Game.from_json(data)
    assert back.name == game.name and back.index == game.index
    assert [s.grid for s in back.states] == [s.grid for s in game.states]
    assert [s.label for s in back.states] == [s.label for s in game.states]
    assert back.applied_steps == game.applied_steps
    assert back.redo() is not None and back.grid == game.states[-1].grid


@pytest.mark.parametrize("damage, words", [
    (lambda d: d.update(version=99), "newer version"),
    (lambda d: d.update(version="x"), "version"),
    (lambda d: d.update(index=7), "outside"),
    (lambda d: d.update(changes="x"), "not a list"),
    (lambda d: d["start"].update(masks="1ff"), "candidates"),
    (lambda d: d["start"].update(masks="fff" * 81), "candidates"),
    (lambda d: d["start"].update(values="1" * 80), "81 cells"),
    (lambda d: d["changes"][0]["steps"][0].update(technique="x_wing_maybe"), "x_wing_maybe"),
    (lambda d: d["changes"][0]["steps"][0].update(cells=[81]), "81"),
    (lambda d: d["changes"][0].update(cells=[[81, 1, 0]]), "change 1 .* names no cell"),
    (lambda d: d["changes"][0].update(cells=[[3, 10, 0]]), "change 1 .* puts 10"),
    (lambda d: d["changes"][0].update(cells=[[3, 0, 1024]]), "candidates 1024"),
    (lambda d: d.pop("changes"), "changes"),
])
def test_damaged_saves_are_refused_with_a_reason(game, damage, words):
    game.apply_step(tutor.next_step(game.grid))
    data = json.loads(json.dumps(game.to_json()))
    damage(data)
    with pytest.raises(SaveError, match=words):
        Game.from_json(data)


def test_a_save_whose_later_change_alters_a_given_is_refused_naming_it(game):
    # r1c3 is a given (3): a change that writes another digit there is no position of this puzzle.
    game.enter(first_empty(game), 4)
    game.enter(game.grid.empty_cells[0], 5)
    data = json.loads(game.save_text())
    r1c3 = parse_cell_name("r1c3")
    data["changes"][1]["cells"].append([r1c3, 7, 0])
    with pytest.raises(SaveError, match=r"change 2 \(r1c2=5\) changes the given r1c3"):
        Game.from_json(data)


def version_1_save(game: Game) -> dict:
    """The game as the first save format wrote it: every position whole."""
    return {"version": 1, "name": game.name, "index": game.index,
            "states": [{"grid": grid_to_json(s.grid), "label": s.label,
                        "steps": [step_to_json(x) for x in s.steps]} for s in game.states]}


def test_a_version_1_save_still_loads(game):
    game.apply_step(tutor.next_step(game.grid))
    game.enter(first_empty(game), 4)
    back = Game.from_json(json.loads(json.dumps(version_1_save(game))))
    assert [s.grid for s in back.states] == [s.grid for s in game.states]
    assert back.applied_steps == game.applied_steps and back.index == game.index


def with_value(grid: dict, cell: int, digit: int) -> dict:
    values = grid["values"]
    return dict(grid, values=values[:cell] + str(digit) + values[cell + 1:])


@pytest.mark.parametrize("damage, words", [
    (lambda d: d.update(states=[]), "no positions"),
    (lambda d: d.pop("states"), "states"),
    # The digit of a given changed while the set of givens stayed: once accepted as it was.
    (lambda d: d["states"][2].update(grid=with_value(d["states"][2]["grid"], 2, 7)),
     r"change 2 \(r1c2=5\) changes the given r1c3 from 3 to 7"),
    (lambda d: d["states"][1]["grid"].update(givens="0" * 81), "other givens"),
])
def test_a_damaged_version_1_save_is_refused_naming_the_change(game, damage, words):
    game.enter(parse_cell_name("r1c1"), 4)
    game.enter(parse_cell_name("r1c2"), 5)
    data = version_1_save(game)
    damage(data)
    with pytest.raises(SaveError, match=words):
        Game.from_json(data)


def test_an_improper_saved_puzzle_is_refused(game):
    data = game.to_json()
    data["start"]["values"] = "0" * 81
    data["start"]["givens"] = "0" * 81
    with pytest.raises(SaveError, match="cannot be played"):
        Game.from_json(data)


def test_a_save_holds_each_change_once_not_every_position(game):
    # 2,000 changes: the save stays in proportion (each change's cells, not 81 cells each), and
    # a save after one more change encodes that change only.
    cell = first_empty(game)
    for n in range(2000):
        assert game.toggle_candidate(cell, 1 + n // 2 % 9)
    text = game.save_text()
    assert len(text) < 2000 * 120, "about one short line per change"
    encoded = list(game._encoded_text)
    game.undo()
    game.toggle_candidate(cell, 9)
    again = json.loads(game.save_text())
    assert all(a is b for a, b in zip(encoded[:1999], game._encoded_text)), "kept, not redone"
    back = Game.from_json(again)
    assert back.grid == game.grid and len(back.states) == 2001 and back.index == 2000


def test_save_and_load_a_file(tmp_path, game):
    path = tmp_path / "game.json"
    assert load_save(path) is None
    game.enter(first_empty(game), 6)
    save_game(game, path)
    back = load_save(path)
    assert back.grid == game.grid and back.history_labels == game.history_labels


@pytest.mark.parametrize("content", ["{not json", json.dumps({"version": 1, "states": "x"})])
def test_a_corrupt_save_is_moved_aside(tmp_path, content):
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(Unreadable) as raised:
        load_save(path)
    assert not path.exists()
    assert raised.value.kept_at.read_text(encoding="utf-8") == content


def test_a_save_from_a_newer_version_is_reported_as_such_and_left_in_place(tmp_path, game):
    path = tmp_path / "game.json"
    game.enter(first_empty(game), 6)
    data = json.loads(game.save_text())
    data["version"] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(NewerVersion) as raised:
        load_save(path)
    assert not isinstance(raised.value, Unreadable), "not corrupt"
    assert (raised.value.path, raised.value.version) == (path, 3)
    assert "written by a newer version of the tutor" in str(raised.value)
    assert json.loads(path.read_text(encoding="utf-8")) == data, "left where it was, unchanged"
    assert list(tmp_path.iterdir()) == [path]


def test_a_step_keeps_its_roles_through_a_save_and_older_steps_without_roles_still_load():
    from tutor.engine import step_from_json, step_to_json

    step = Step("pointing", eliminations=((5, 2),), cells=(0, 1), units=(18, 0), digits=(2,),
                roles=(("box", (18,)), ("line", (0,))))
    stored = json.loads(json.dumps(step_to_json(step)))
    assert step_from_json(stored) == step
    del stored["roles"]  # as this version wrote it before roles were kept
    assert step_from_json(stored) == step._replace(roles=())


def test_chain_steps_through_sets_and_forced_cells_survive_a_save():
    # A saved game stores its steps: a chain link inside an almost locked set, by sight, or from
    # a set to the cell it forces names no unit, and must load again (it once raised SaveError).
    from tutor.engine import find_steps, step_from_json, step_to_json
    from tutor.engine.chain import NOT_A_UNIT
    from tutor.learning import load_lessons

    kinds = set()
    for lesson in load_lessons():
        chained = [t for t in lesson.techniques if "chain" in t or "loop" in t or "aic" in t]
        for position in [*lesson.positions.values(), *(e.position for e in lesson.exercises)]:
            for technique_id in chained:
                for step in find_steps(position.grid, technique_id):
                    stored = json.loads(json.dumps(step_to_json(step)))
                    assert step_from_json(stored) == step
                    kinds |= {link.unit for link in step.chain if link.unit in NOT_A_UNIT}
    assert len(kinds) >= 3, kinds  # in the cell, in a set, a set forcing a cell
    grid = load_lessons()[13].positions["x_chain"].grid
    step = next(s for t in ("x_chain", "aic", "nice_loop") for s in find_steps(grid, t) if s.chain)
    for unit in NOT_A_UNIT:  # each kind, whether or not a lesson position has it
        odd = step._replace(chain=(step.chain[0]._replace(unit=unit), *step.chain[1:]))
        assert step_from_json(json.loads(json.dumps(step_to_json(odd)))) == odd


def test_the_readable_step_form_names_cells():
    step = Step("naked_single", placements=((0, 5),), cells=(0,))
    from tutor.engine import step_to_json

    record = step_to_json(step, readable=True)
    assert record["placements"] == [{"cell": "r1c1", "row": 1, "col": 1, "digit": 5}]
    assert record["text"] == str(step) and record["explanation"] == step.explanation


def test_the_hint_ladder_climbs_only_once_it_knows_an_answer_and_can_be_lowered(game):
    from tutor.play.hints import HintLadder

    ladder = HintLadder()
    assert ladder.climb() == 0 and ladder.shown_step is None
    step = find_hint(game.grid)
    ladder.take(step)
    assert [ladder.climb() for _ in range(4)] == [1, 2, 3, 3]
    assert ladder.shown_step == step
    ladder.down()
    assert ladder.level == 0 and ladder.shown_step is None and ladder.step == step
    ladder.reset()
    assert not ladder.known and ladder.step is None


def test_a_guess_keeps_its_proof_chain_through_a_save():
    from tutor.engine import step_from_json, step_to_json
    from tutor.model.bundled import collections

    puzzle = next(c for c in collections() if c.level == 6).puzzles()[0]
    _, guess = first_guess(puzzle.grid)
    assert guess.technique == "backtracking" and guess.chain
    stored = json.loads(json.dumps(step_to_json(guess)))
    assert step_from_json(stored) == guess
    readable = step_to_json(guess, readable=True)
    assert len(readable["chain"]) == len(guess.chain)


def _own_puzzle(height: int, width: int) -> tutor.Grid:
    """A puzzle of our own with one solution: a shifted filling with one cell of each row emptied
    (each then the last empty cell of its row)."""
    from tutor.model.geometry import regular

    board = regular(height, width)
    n = board.size
    values = [0 if (r + 2 * c) % n == 0 else (r % height * width + r // height + c) % n + 1
              for r in range(n) for c in range(n)]
    return tutor.Grid(values, geometry=board)


@pytest.mark.parametrize("shape", [(2, 3), (2, 2), (4, 4)])
def test_a_game_on_another_board_saves_and_loads_whole(shape):
    start = _own_puzzle(*shape)
    board = start.geometry
    game = Game(start, "shape")
    empty = start.empty_cells
    game.enter(empty[0], board.size)          # a wrong entry is kept too
    game.toggle_candidate(empty[1], board.digits[-1])
    game.undo()
    game.redo()
    assert f"={board.symbols[-1]}" in game.states[1].label
    data = json.loads(json.dumps(game.to_json()))
    loaded = Game.from_json(data)
    assert [s.grid for s in loaded.states] == [s.grid for s in game.states]
    assert loaded.grid.geometry is board and loaded.index == game.index


def test_a_save_naming_no_board_or_digits_off_it_is_refused_by_name():
    data = Game(tutor.parse("1" + "." * 15, None)).to_json()
    assert data["start"]["box"] == [2, 2]
    bad = json.loads(json.dumps(data))
    bad["start"]["box"] = [7, 1]
    with pytest.raises(SaveError, match="names no board"):
        Game.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["start"]["values"] = "5" + bad["start"]["values"][1:]
    with pytest.raises(SaveError, match="16 cells of digits 1234"):
        Game.from_json(bad)



def test_a_game_on_a_larger_board_with_steps_applied_loads_back():
    # A step's cells above 80 and digits above 9 are read on the save's own board, not the
    # classic one (a 16x16 game saved after a step was once moved aside as unreadable).
    from tutor.model.geometry import regular
    from tutor.model.grid import Grid

    board = regular(4, 4)
    size = board.size
    values = [(4 * (r % 4) + r // 4 + c) % size + 1 for r in range(size) for c in range(size)]
    for cell in board.rows[-1]:  # the last row emptied: each cell a single
        values[cell] = 0
    game = Game(Grid(values, geometry=board), "16x16")
    for _ in range(2):
        step = find_hint(game.grid)
        assert isinstance(step, Step) and step.placements
        game.apply_step(step)
    loaded = Game.from_json(json.loads(game.save_text()))
    assert [s.grid for s in loaded.states] == [s.grid for s in game.states]
    assert [s.steps for s in loaded.states] == [s.steps for s in game.states]
