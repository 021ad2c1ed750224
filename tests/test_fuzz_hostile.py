"""Seeded, bounded fuzz over what a user's hands or disk can feed the tutor: the command line's
puzzle files, saved games and lesson progress. Nothing may escape as a traceback, and what is
refused is refused with a message naming its place (a file, a line, a change)."""

from __future__ import annotations

import json
import random
from datetime import date

import pytest

import tutor
from tutor.cli import main
from tutor.learning import load_lessons
from tutor.learning.progress import Progress
from tutor.model.bundled import default_puzzle
from tutor.model.errors import NewerVersion, TutorError
from tutor.model.storage import Unreadable
from tutor.play.game import Game, load_save, save_game

EASY = ("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
ODD_VALUES = [None, True, -1, 0, 81, 10 ** 50, 1.5, "", "r1c1", "x" * 300, [], {}, [[[[]]]],
              {"version": 99}, "9" * 5000]


def mutate_json(value, rng: random.Random, depth: int = 0):
    """A copy of `value` with one node replaced by something odd, or a key dropped or added."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.25:
            out[f"new_{rng.randrange(100)}"] = rng.choice(ODD_VALUES)
        else:
            out[key] = mutate_json(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        index = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.15:
            del out[index]
        elif roll < 0.25:
            out.insert(index, rng.choice(ODD_VALUES))
        else:
            out[index] = mutate_json(out[index], rng, depth + 1)
        return out
    if isinstance(value, str) and value and rng.random() < 0.6:
        chars = list(value)
        chars[rng.randrange(len(chars))] = rng.choice("0123456789.abc{}[]\x00\x0c\u2028é")
        return "".join(chars)
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice([-1, 1, 9, 81, -100])
    return rng.choice(ODD_VALUES)


def mutate_text(text: str, rng: random.Random) -> str:
    """The text with a few characters replaced, dropped or doubled, or cut short."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        index = rng.randrange(len(chars))
        roll = rng.random()
        if roll < 0.3:
            del chars[index]
        elif roll < 0.5:
            del chars[index:]
        else:
            chars[index] = rng.choice('0123456789{}[],:"\\ \n\x00\x0b\x85')
    return "".join(chars)


def played_game() -> Game:
    game = Game(tutor.parse(EASY), "fuzz")
    cells = game.grid.empty_cells
    solution = game.solution()
    for cell in cells[:6]:
        game.enter(cell, solution.value(cell))
    game.toggle_candidate(cells[7], 1)
    game.enter(cells[8], 1 + solution.value(cells[8]) % 9)  # a wrong digit is a move too
    game.undo()
    return game


# --- saved games --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_a_damaged_save_loads_or_is_moved_aside_naming_the_file(tmp_path, seed):
    rng = random.Random(seed)
    game = played_game()
    path = tmp_path / "game.json"
    save_game(game, path)
    good = json.loads(path.read_text())
    assert load_save(path).grid == game.grid  # the undamaged save reads back
    kept, loaded = 0, 0
    for trial in range(120):
        if trial % 3 == 0:
            text = mutate_text(path.read_text() if path.exists() else json.dumps(good), rng)
        else:
            text = json.dumps(mutate_json(good, rng))
        path.write_text(text)
        try:
            back = load_save(path)
        except Unreadable as error:
            kept += 1
            assert str(path) in str(error) or path.name in str(error), str(error)
            assert not path.exists(), "a refused save is moved aside, never read again"
            assert error.kept_at is not None and error.kept_at.read_text() == text
            error.kept_at.unlink()
        except NewerVersion as error:
            # A newer version's save is left as it is (this version must not destroy it), named.
            assert str(path) in str(error) and path.read_text() == text
        else:
            loaded += 1
            if back is not None:
                # What loads is a game that plays: its givens are the puzzle's, its moves legal.
                back.position()
                back.check()
        save_game(game, path)
    assert kept > 40 and loaded > 0  # the fuzz reached both outcomes


def test_saved_game_errors_are_the_tutors_own(tmp_path):
    path = tmp_path / "game.json"
    for text in ["[" * 100_000, '{"version": 1, "index": ' + "9" * 5000 + "}", "\xff\xfe", "",
                 json.dumps({"version": 10 ** 6})]:
        path.write_text(text)
        try:
            load_save(path)
        except TutorError as error:
            assert "game.json" in str(error)


# --- lesson progress ----------------------------------------------------------------------------

def recorded_progress(path) -> Progress:
    progress = Progress.load(path, today=lambda: date(2026, 11, 30))
    lessons = load_lessons()
    for lesson in lessons[:3]:
        for exercise in lesson.exercises[:2]:
            attempt = progress.attempt(lesson, exercise)
            attempt.saw_hint(1)
            attempt.give_up()
        progress.record_page(lesson, 1)
    progress.record_play("hidden_single")
    progress.save()
    return progress


@pytest.mark.parametrize("seed", range(3))
def test_damaged_progress_never_stops_a_lesson(tmp_path, seed):
    rng = random.Random(100 + seed)
    path = tmp_path / "progress.json"
    recorded_progress(path)
    good = json.loads(path.read_text())
    lessons = load_lessons()
    for trial in range(80):
        text = mutate_text(json.dumps(good), rng) if trial % 4 == 0 else json.dumps(mutate_json(good, rng))
        path.write_text(text)
        progress = Progress.load(path, today=lambda: date(2026, 12, 2))
        # Everything the lesson menu, review and the app's `t` ask of it answers.
        progress.suggest(lessons)
        for lesson in lessons:
            progress.summary(lesson)
            progress.is_done(lesson)
        progress.due_techniques()
        progress.weakest_technique()
        if progress.notice and not path.exists():
            assert "progress.json" in progress.notice  # moved aside: the message names the file
        for kept in tmp_path.glob("progress.json.*"):
            kept.unlink()


# --- the command line ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_the_command_line_names_where_a_damaged_file_is_wrong(tmp_path, capsys, seed):
    rng = random.Random(200 + seed)
    lines = [EASY, default_puzzle().line, "# a comment", EASY.replace("0", ".")]
    statuses = []
    for trial in range(12):
        text = mutate_text("\n".join(lines) + "\n", rng)
        path = tmp_path / f"puzzles-{trial}.txt"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        for command in (["grade", "--json", str(path)], ["solve", str(path)]):
            status = main(command)
            statuses.append(status)
            out, err = capsys.readouterr()
            assert status in (0, 1), (command, text, out, err)
            assert "Traceback" not in out + err
            if status == 1:
                assert "line " in out + err, (command, text, out, err)
    assert 0 in statuses and 1 in statuses  # the fuzz reached both outcomes
