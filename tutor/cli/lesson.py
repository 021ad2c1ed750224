"""`tutor lesson [ID]`: the lesson list with progress, a lesson in the app or as text, answers and drills."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.inputs import CliError

HELP = "guided lessons, one per technique, with exercises on real positions"
DESCRIPTION = """\
Without ID: list the lessons with your progress and the one suggested next.
With ID (a number like 3, a name like intersections, or a technique like naked_pair): open the
lesson in the app, or print it with --text.

  --answer N CHANGES   check an answer to exercise N, written as r3c7=4 (place) or r3c7<>4
                       (remove), several separated by commas: "r5c8<>2, r6c8<>2"
  --drill              practice more: a real position where the lesson's technique comes next
                       (--seed makes it reproducible, --file walks your own puzzles);
                       add --answer CHANGES to check an answer to that drill

Exit status: 0 fine (and a right answer), 1 an answer that is not right, an unreadable lesson or
file, 2 usage error (such as an unknown lesson)."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "lesson", help=HELP, description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lesson", nargs="?", metavar="ID", help="the lesson to open")
    parser.add_argument("--text", action="store_true", help="print the lesson instead of opening the app")
    parser.add_argument("--answers", action="store_true", help="with --text: show the exercises' answers")
    parser.add_argument("--answer", nargs="+", metavar="ARG",
                        help="N CHANGES for exercise N, or CHANGES with --drill")
    parser.add_argument("--drill", action="store_true", help="practice more on a fresh position")
    parser.add_argument("--seed", type=int, help="with --drill: which drill (default: random)")
    parser.add_argument("--file", metavar="PUZZLES", help="with --drill: walk the puzzles of this file")
    return parser


def _load():
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning import LessonError, load_lessons

    try:
        return load_lessons()
    except LessonError as error:
        raise CliError(f"lesson file problem: {error}") from None


def _progress():
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.progress import Progress

    progress = Progress.load()
    if progress.notice:
        print(f"tutor lesson: note: {progress.notice}; starting afresh", file=sys.stderr)
    return progress


def list_lessons(lessons, progress) -> int:
    suggestion = progress.suggest(lessons)
    print("Lessons (tutor lesson ID to open one):")
    for lesson in lessons:
        mark = ">" if suggestion and suggestion.lesson is lesson else " "
        done = "done" if progress.is_done(lesson) else ""
        print(f"{mark} {lesson.number}  {lesson.title:<52} {progress.summary(lesson):<34} {done}".rstrip())
    if suggestion:
        print(f"\nSuggested: lesson {suggestion.lesson.number}, {suggestion.lesson.title} "
              f"({suggestion.reason}).")
    else:
        print("\nEvery lesson is done. Practise more with: tutor lesson ID --drill")
    return 0


def _parse_changes(text: str):
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.loader import parse_changes

    try:
        return parse_changes(text)
    except ValueError as error:
        raise CliError(f"answer: {error}", code=2) from None


def _report(feedback) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning import RIGHT

    print(feedback)
    if feedback.verdict != RIGHT and feedback.hints:
        print(f"Hint: {feedback.hints[0]}")
    return 0 if feedback.verdict == RIGHT else 1


def answer_exercise(lesson, progress, words: list[str]) -> int:
    if len(words) < 2 or not words[0].isdigit():
        raise CliError("--answer takes the exercise number and the changes, as in: "
                       '--answer 1 "r5c8<>2, r6c8<>2"', code=2)
    number = int(words[0])
    if not 1 <= number <= len(lesson.exercises):
        raise CliError(f"lesson {lesson.number} has exercises 1 to {len(lesson.exercises)}", code=2)
    placements, eliminations = _parse_changes(" ".join(words[1:]))
    attempt = progress.attempt(lesson, lesson.exercises[number - 1])
    feedback = attempt.answer(placements, eliminations)
    attempt.give_up()  # one answer per command: a wrong one still counts as an attempt
    return _report(feedback)


def drill(lesson, lessons, progress, args) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    import random

    from tutor.learning.drills import DrillError, lesson_drills
    from tutor.learning.progress import drill_attempt

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        found = next(lesson_drills(lesson, lessons, seed, args.file), None)
    except DrillError as error:
        raise CliError(str(error)) from None
    if found is None:
        raise CliError(f"no drill found for lesson {lesson.number}")
    if not args.answer:
        print(f"Drill for lesson {lesson.number} ({lesson.technique_names}), seed {seed}")
        print(f"Source: {found.source}\n")
        print(found.grid.to_pencilmarks())
        print(f"\nPosition: {found.grid.to_compact()}")
        print(f"Answer with: tutor lesson {lesson.number} --drill --seed {seed} "
              f"{'--file ' + args.file + ' ' if args.file else ''}--answer \"r3c7<>4, ...\"")
        return 0
    placements, eliminations = _parse_changes(" ".join(args.answer))
    attempt = drill_attempt(progress, lesson, found)
    feedback = attempt.answer(placements, eliminations)
    attempt.give_up()
    return _report(feedback)


def run(args) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning import find_lesson
    from tutor.learning.text import lesson_text

    lessons = _load()
    progress = _progress()
    if args.lesson is None:
        if args.text or args.answer or args.drill:
            raise CliError("name a lesson: tutor lesson ID ...", code=2)
        return list_lessons(lessons, progress)
    try:
        lesson = find_lesson(args.lesson, lessons)
    except KeyError as error:
        raise CliError(error.args[0], code=2) from None
    if args.drill:
        return drill(lesson, lessons, progress, args)
    if args.answer:
        return answer_exercise(lesson, progress, args.answer)
    if not args.text:
        opener = _app_opener()
        if opener is not None:
            return opener(lesson.id)
        print("(The app cannot start here, so here is the lesson as text.)\n")
    print(lesson_text(lesson, show_answers=args.answers), end="")
    return 0


def _app_opener():
    """tutor.app.run_lesson if the app can run (imported only now: the CLI never loads Textual early)."""
    try:
        # lazy: the CLI never loads the app (and Textual) unless it opens it
        from tutor.app import run_lesson
    except ImportError:
        return None
    # tutor.app imports Textual only when it starts; without it, the text is the fallback.
    from importlib.util import find_spec  # lazy: start-up speed of the other commands

    return run_lesson if find_spec("textual") is not None else None
