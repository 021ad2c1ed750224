"""`tutor lesson [ID]`: the lesson list with progress, a lesson in the app or as text, answers and drills."""

from __future__ import annotations

import argparse
import sys

from tutor.cli.arguments import HELPS, DescriptionFormatter
from tutor.cli.inputs import CliError

HELP = HELPS["lesson"]
DESCRIPTION = """\
Without ID: list the lessons in number order, each with its tier and your progress, each
technique's standing (mastered, learning, due for review, with the date of the last unaided
success) and the lesson suggested next.
With ID (a number like 3, a name like intersections, or a technique like naked_pair; S1, S2...
or a board like 4x4, 6x6 or samurai for the other boards' lessons): open the lesson in the app,
or print it with --text. On a Samurai a cell is named with its grid: "C r2c4<>1" (grids TL, TR,
C, BL and BR).

  --answer N CHANGES   check an answer to exercise N, written as r3c7=4 (place) or r3c7<>4
                       (remove), several separated by commas: "r5c8<>2, r6c8<>2"
  --drill              practice more: a real position where the lesson's technique comes next
                       (--seed makes it reproducible, --file walks your own puzzles);
                       add --answer CHANGES to check an answer to that drill
  --review             a mixed review drill on the techniques due for review (no ID);
                       --seed and --answer CHANGES as for --drill

An exercise answered wrong stays one attempt until you answer it right, however many commands
that takes.

Progress is kept in progress.json in the data folder ($TUTOR_DATA_DIR). --text, and --drill
without --answer, work without it; the other forms need a data folder they can use.

Exit status: 0 fine (and a right answer), 1 an answer that is not right, an unreadable lesson or
file, a data folder that cannot be used or progress that cannot be saved (the answer's verdict is
still printed), or (opening the app) the data folder in use by another tutor, 2 usage error (such
as an unknown lesson)."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "lesson", help=HELP, description=DESCRIPTION,
        formatter_class=DescriptionFormatter,
    )
    parser.add_argument("lesson", nargs="?", metavar="ID", help="the lesson to open")
    parser.add_argument("--text", action="store_true", help="print the lesson instead of opening the app")
    parser.add_argument("--answers", action="store_true", help="with --text: show the exercises' answers")
    parser.add_argument("--answer", nargs="+", metavar="ARG",
                        help="N CHANGES for exercise N, or CHANGES with --drill")
    parser.add_argument("--drill", action="store_true", help="practice more on a fresh position")
    parser.add_argument("--review", action="store_true",
                        help="a mixed review drill on the techniques due for review")
    parser.add_argument("--seed", type=int, help="with --drill or --review: which drill (default: random)")
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
    """The learner's progress, its notices printed; CliError when the data folder is unusable."""
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.progress import Progress

    progress = Progress.load()
    if progress.unusable is not None:
        raise CliError(str(progress.unusable))
    if progress.notice:
        print(f"tutor lesson: note: {progress.notice}", file=sys.stderr)
    if progress.upgraded:
        print(f"tutor lesson: note: {progress.upgraded}", file=sys.stderr)
    return progress


def list_lessons(lessons, progress) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.tiers import in_number_order

    suggestion = progress.suggest(lessons)
    print("Lessons (tutor lesson ID to open one), each with its tier: the small boards (S1, S2...:")
    print("4x4 and 6x6, where children start), then on 9x9 the card's ladder, tough, diabolical and")
    print("extreme techniques, where a learner first needs the lesson, then other boards (the")
    print("Samurai).\n")
    for lesson, tier in in_number_order(lessons):
        mark = ">" if suggestion and suggestion.lesson is lesson else " "
        done = "done" if progress.is_done(lesson) else ""
        print(f"{mark} {lesson.label:>2}  {lesson.title:<50} {tier.id:<10}  "
              f"{progress.summary(lesson):<34} {done}".rstrip())
    print("\nTechniques:")
    for line in technique_standing(lessons, progress):
        print(f"  {line}")
    due = progress.due_techniques()
    if due:
        print(f"\n{len(due)} due for review: tutor lesson --review")
    if suggestion:
        print(f"\nSuggested: lesson {suggestion.lesson.label}, {suggestion.lesson.title} "
              f"({suggestion.reason}).")
    else:
        print("\nEvery lesson is done. Practise more with: tutor lesson ID --drill")
    return 0


def technique_standing(lessons, progress) -> list[str]:
    """'Pointing                 mastered (last unaided 2026-11-20)' for each technique the
    lessons teach, then those practised only in play."""
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.engine import technique

    ids = list(dict.fromkeys([t for lesson in lessons for t in lesson.practised]
                             + progress.practised_techniques()))
    return [f"{technique(t).name:<28} {progress.mastery(t)}" for t in ids]


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


def _answer(attempt, words: list[str]) -> int:
    """Check and record an answer; its verdict is printed even when progress cannot be saved
    (then CliError says so)."""
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.model.errors import WriteError

    placements, eliminations = _parse_changes(" ".join(words))
    try:
        feedback = attempt.answer(placements, eliminations)
    except WriteError as error:
        _report(attempt.answers[-1])  # checked before the save failed
        raise _not_saved(error, "this answer is not recorded") from None
    code = _report(feedback)
    if code and feedback.hints:
        try:
            attempt.saw_hint(1)  # the nudge printed with a wrong answer
        except WriteError as error:
            raise _not_saved(error, "the hint shown is not recorded") from None
    return code


def _not_saved(error, what: str) -> CliError:
    return CliError(f"progress not saved: {error}; {what}")


def answer_exercise(lesson, progress, words: list[str]) -> int:
    if len(words) < 2 or not words[0].isdigit():
        raise CliError("--answer takes the exercise number and the changes, as in: "
                       '--answer 1 "r5c8<>2, r6c8<>2"', code=2)
    number = int(words[0])
    if not 1 <= number <= len(lesson.exercises):
        raise CliError(f"lesson {lesson.label} has exercises 1 to {len(lesson.exercises)}", code=2)
    exercise = lesson.exercises[number - 1]
    # Kept open under the exercise's key: answering again continues the same attempt.
    return _answer(progress.attempt(lesson, exercise, key=exercise.key), words[1:])


def _print_drill(found, heading: str, answer_command: str) -> None:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.review import example_answer

    print(heading)
    print(f"Source: {found.source}\n")
    print(found.grid.to_pencilmarks())
    print(f"\nPosition: {found.grid.to_compact()}")
    example = example_answer(found.grid, bool(found.step.placements))
    print(f"Answer with: {answer_command} --answer \"{example}\"")


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
        raise CliError(f"no drill found for lesson {lesson.label}")
    if not args.answer:
        file = f"--file {args.file} " if args.file else ""
        _print_drill(found, f"Drill for lesson {lesson.label} ({lesson.technique_names}), seed {seed}",
                     f"tutor lesson {lesson.label} --drill --seed {seed} {file}".rstrip())
        return 0
    key = f"drill/{lesson.id}/{found.grid.to_compact()}"
    return _answer(drill_attempt(progress, lesson, found, key=key), args.answer)


def review(lessons, progress, args) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    import random

    from tutor.learning.drills import DrillError
    from tutor.learning.progress import REVIEW, drill_attempt
    from tutor.learning.review import review_drills

    due = progress.due_techniques()
    if not due:
        print("Nothing is due for review today.")
        return 0
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        found = next(review_drills(due, lessons, seed), None)
    except DrillError as error:
        raise CliError(str(error)) from None
    if found is None:
        raise CliError("no review position found")
    if not args.answer:
        _print_drill(found, f"Review ({len(due)} technique{'s' if len(due) > 1 else ''} due), "
                     f"seed {seed}: find the next step", f"tutor lesson --review --seed {seed}")
        return 0
    key = f"review/{found.grid.to_compact()}"
    return _answer(drill_attempt(progress, None, found, REVIEW, key), args.answer)


def run(args) -> int:
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning import find_lesson
    from tutor.model.geometry import using

    lessons = _load()
    if args.review:
        if args.lesson is not None or args.drill or args.text or args.file:
            raise CliError("--review takes no lesson, --drill, --text or --file: "
                           "tutor lesson --review [--seed S] [--answer CHANGES]", code=2)
        return review(lessons, _progress(), args)
    if args.lesson is None:
        if args.text or args.answer or args.drill:
            raise CliError("name a lesson: tutor lesson ID ...", code=2)
        return list_lessons(lessons, _progress())
    try:
        lesson = find_lesson(args.lesson, lessons)
    except KeyError as error:
        raise CliError(error.args[0], code=2) from None
    # Answers are read, and cells named, on the lesson's board.
    with using(lesson.geometry):
        return _open(lesson, lessons, args)


def _open(lesson, lessons, args) -> int:
    """`tutor lesson ID ...`: a drill, an answer, the app or the text."""
    # lazy: the lessons load only for `tutor lesson` (start-up speed of the other commands)
    from tutor.learning.text import lesson_text

    # Reading a lesson or a drill needs no progress (and works without a data folder).
    if args.drill:
        return drill(lesson, lessons, _progress() if args.answer else None, args)
    if args.answer:
        return answer_exercise(lesson, _progress(), args.answer)
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
