"""Lesson progress: every attempt with its date and hints, mastery and a Leitner review schedule.

The file (progress.json in the data folder) holds a log of attempts, in lessons, drills, reviews
and real play. Everything shown is worked out from that log, so it can never disagree with it:

- an attempt is *unaided* when its first answer was right and no hint was shown before it;
- a technique is *mastered* when its last MASTERY_WINDOW attempts were all unaided;
- review follows Leitner boxes: the first unaided success puts a technique in box 1; an unaided
  success on or after its due date moves it up a box (at most the last); any other attempt puts it
  back in box 1. A technique in box N is due REVIEW_DAYS[N - 1] days after its last attempt.

The clock is `today`, a function injected for tests; nothing here reads the time by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from tutor.engine import BY_ID
from tutor.model import storage
from tutor.model.errors import FolderError, NewerVersion, Unreadable, WriteError
from tutor.learning.answers import RIGHT, Feedback
from tutor.learning.drills import Drill
from tutor.learning.model import Change, Exercise, Lesson
from tutor.learning.tiers import by_tier

FILE_NAME = "progress.json"
VERSION = 2
REVISE_BELOW = 0.7
"""A finished lesson whose first-try rate is below this is suggested again for revision."""
MASTERY_WINDOW = 3
"""A technique is mastered when this many of its latest attempts were all unaided successes."""
REVIEW_DAYS = (1, 3, 7, 14, 30)
"""Days until a technique in Leitner box 1, 2, ... comes back for review."""

EXERCISE, DRILL, REVIEW, PLAY = "exercise", "drill", "review", "play"
SOURCES = (EXERCISE, DRILL, REVIEW, PLAY)
"""Where an attempt was made: a lesson's exercise, its 'practice more', a review drill, a game."""

NEW, LEARNING, MASTERED, DUE = "not practised yet", "learning", "mastered", "due for review"

Clock = Callable[[], date]


@dataclass(frozen=True)
class TechniqueStats:
    """How a learner does on one technique (or on one lesson's exercises): counts of attempts."""

    attempts: int = 0
    first_try: int = 0
    """Attempts whose first answer was right."""
    solved: int = 0
    """Attempts eventually answered right."""
    unaided: int = 0
    """Attempts right at the first answer with no hint shown."""

    @property
    def first_try_rate(self) -> float | None:
        return self.first_try / self.attempts if self.attempts else None


@dataclass(frozen=True)
class Mastery:
    """Where a learner stands on a technique: the state, the review box and dates."""

    technique: str
    state: str
    """NEW, LEARNING or MASTERED (DUE is `label` when a review is due)."""
    box: int = 0
    """Leitner box, 0 before the first unaided success."""
    due: date | None = None
    last_unaided: date | None = None
    today: date | None = None

    @property
    def is_due(self) -> bool:
        return self.due is not None and self.today is not None and self.due <= self.today

    @property
    def label(self) -> str:
        """'mastered', 'learning', 'due for review' or 'new'."""
        return DUE if self.is_due else self.state

    def __str__(self) -> str:
        """'mastered (last unaided 2026-11-20)'."""
        if self.last_unaided is None:
            return self.label
        return f"{self.label} (last unaided {self.last_unaided.isoformat()})"


@dataclass(frozen=True)
class Suggestion:
    lesson: object
    reason: str


def system_today() -> date:
    """The clock when none is injected (looked up at each call, so a test can replace it)."""
    return date.today()


def default_path() -> Path:
    """progress.json in the data folder. :raises FolderError: when the folder cannot be used."""
    return storage.data_dir() / FILE_NAME


def _empty() -> dict:
    return {"version": VERSION, "attempts": [], "earlier": {}, "lessons": {}, "open": {}}


def _counts_problem(table, name: str) -> str | None:
    """What is wrong with a table of counts per technique ('earlier', or version 1's), or None."""
    if not isinstance(table, dict):
        return f'"{name}" is not an object'
    for key, counts in table.items():
        if not isinstance(counts, dict) or not all(type(n) is int for n in counts.values()):
            return f'"{name}" of {key!r} is not a table of whole numbers'
    return None


def _lessons_problem(table) -> str | None:
    """What is wrong with the lessons' table (page reached, exercises solved), or None."""
    if not isinstance(table, dict):
        return '"lessons" is not an object'
    for key, entry in table.items():
        if not isinstance(entry, dict):
            return f"lesson {key!r} is not an object"
        solved = entry.get("solved", [])
        if not isinstance(solved, list) or not all(isinstance(e, str) for e in solved):
            return f"lesson {key!r}: \"solved\" is not a list of exercise names"
        page = entry.get("page", 0)
        if type(page) is not int or page < 0:
            return f"lesson {key!r}: \"page\" is not a page number"
    return None


def _attempt_problem(record) -> str | None:
    """What is wrong with one attempt of the log, or None.

    A technique, lesson or source this version does not know (one a newer release wrote) is
    not wrong: the attempt is kept in the file and left out of what is shown.
    """
    if not isinstance(record, dict):
        return "is not an object"
    if not isinstance(record.get("technique"), str):
        return "names no technique"
    try:
        date.fromisoformat(record["date"])
    except (KeyError, TypeError, ValueError):
        return f"has no valid date ({record.get('date')!r})"
    if type(record.get("hint", 0)) is not int:
        return "has a hint level that is not a whole number"
    for field in ("first_try", "solved"):
        if type(record.get(field)) is not bool:
            return f'has "{field}": {record.get(field)!r}, not true or false'
    if not isinstance(record.get("source"), str):
        return "names no source"
    for field in ("lesson", "exercise"):
        if not isinstance(record.get(field), (str, type(None))):
            return f'has "{field}": {record[field]!r}, not a name'
    return None


def _version(data) -> object:
    """The "version" field (1 when missing: the first format had none)."""
    return data.get("version", 1) if isinstance(data, dict) else None


def _is_version_1(data) -> bool:
    """The first format: counts per technique, no dates (written before mastery was kept)."""
    return (_version(data) == 1 and type(_version(data)) is int
            and _counts_problem(data.get("techniques"), "techniques") is None
            and _lessons_problem(data.get("lessons")) is None)


def _shape_problem(data) -> str | None:
    """What keeps `data` from being the shape this module writes, or None; a file with a problem
    is treated like a corrupt one."""
    if not isinstance(data, dict):
        return "not a JSON object"
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        return f"unknown format version {version!r}"
    attempts = data.get("attempts")
    if not isinstance(attempts, list):
        return '"attempts" is not a list'
    for number, record in enumerate(attempts, start=1):
        problem = _attempt_problem(record)
        if problem:
            return f"attempt {number} {problem}"
    problem = _counts_problem(data.get("earlier"), "earlier") or _lessons_problem(data.get("lessons"))
    if problem:
        return problem
    open_ = data.get("open")
    if not isinstance(open_, dict):
        return '"open" is not an object'
    for key, index in open_.items():
        if type(index) is not int or not 0 <= index < len(attempts):
            return f"open attempt {key!r} points to no attempt"
    return None


def _from_version_1(old: dict) -> dict:
    """Counts without dates cannot say when or how a technique was done: they are kept as
    'earlier' totals (shown in the counts) and take no part in mastery or review."""
    data = _empty()
    data["earlier"] = old["techniques"]
    data["lessons"] = old["lessons"]
    return _with_current_lesson_names(data)


RENAMED_LESSONS = {"08-backtracking": "16-backtracking"}
"""Lesson files renamed when lessons were added before them: old id to new id."""


def _renamed(key):
    """A lesson id or exercise key ('08-backtracking/2') under its lesson's current name."""
    if not isinstance(key, str):
        return key
    lesson, slash, rest = key.partition("/")
    return RENAMED_LESSONS.get(lesson, lesson) + slash + rest


def _with_current_lesson_names(data: dict) -> dict:
    """Progress saved before a lesson was renamed still counts for that lesson."""
    data["lessons"] = {_renamed(k): {**v, "solved": [_renamed(e) for e in v.get("solved", [])]}
                       for k, v in data["lessons"].items()}
    for record in data.get("attempts", []):
        for field in ("lesson", "exercise"):
            if field in record:
                record[field] = _renamed(record[field])
    if isinstance(data.get("open"), dict):
        data["open"] = {_renamed(k): v for k, v in data["open"].items()}
    return data


def is_unaided(record: dict) -> bool:
    return bool(record.get("first_try")) and not record.get("hint", 0)


class Progress:
    """The learner's progress; every change is saved at once (atomically) to `path`.

    `load` never raises: whatever is on disk, the learner gets a Progress, and `notice` says
    what went wrong (the app shows it, the CLI prints it):

    - a file that cannot be read, or not in the shape this module writes, is moved aside (the
      message says where) and progress starts afresh, so nothing is overwritten;
    - one that cannot be moved aside, one written by a newer version of the tutor, and an old
      one that could not be copied aside before converting it are left as they are, and
      `saving` is False: this session's progress is not written over them;
    - when the data folder itself cannot be used, `unusable` is that error (a FolderError) and
      `saving` is False too.

    `upgraded` is set when a file of the first format was converted; the old file was copied
    aside first. Attempts dated after today (a clock that was wrong) count as made today.
    """

    def __init__(self, path: Path | None = None, data: dict | None = None, notice: str | None = None,
                 today: Clock | None = None, upgraded: str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.data = data if data is not None else _empty()
        self.notice = notice
        self.upgraded = upgraded
        self.clock = today
        self.saving = True
        """False when the file on disk must not be written (see the class's docstring)."""
        self.unusable: FolderError | None = None
        """The data folder's problem when it cannot be used at all."""

    def today(self) -> date:
        return (self.clock or system_today)()

    @classmethod
    def _read_only(cls, path: Path, notice: str, today: Clock | None,
                   data: dict | None = None) -> Progress:
        """Progress that is kept in memory only: the file at `path` is never written."""
        progress = cls(path, data, notice=notice, today=today)
        progress.saving = False
        return progress

    @classmethod
    def load(cls, path: Path | str | None = None, today: Clock | None = None) -> Progress:
        """The progress saved at `path` (default: progress.json in the data folder); never raises
        (see the class's docstring for what a bad file, folder or version gives)."""
        if path is None:
            try:
                path = default_path()
            except FolderError as error:
                progress = cls._read_only(storage.data_dir_path() / FILE_NAME,
                                          f"{error}; lesson progress is not kept", today)
                progress.unusable = error
                return progress
        path = Path(path)
        try:
            data = storage.read_json(path)
        except Unreadable as error:
            if error.kept_at is None:
                return cls._read_only(path, f"{error}; this session's progress is not saved", today)
            return cls(path, notice=f"{error}; progress starts afresh", today=today)
        if data is None:
            return cls(path, today=today)
        try:
            storage.check_version(path, data, VERSION)
        except NewerVersion as error:
            return cls._read_only(path, f"{error}; it is left as it is, and this session starts "
                                        "from no progress and is not saved", today)
        if _is_version_1(data):
            return cls._upgrade(path, data, today)
        problem = _shape_problem(data)
        if problem:
            bad = storage.unreadable(path, f"unexpected content: {problem}")
            if bad.kept_at is None:
                return cls._read_only(path, f"{bad}; this session's progress is not saved", today)
            return cls(path, notice=f"{bad}; progress starts afresh", today=today)
        progress = cls(path, _with_current_lesson_names(data), today=today)
        progress.notice = progress._future_notice()
        return progress

    def _future_notice(self) -> str | None:
        """Said of attempts dated more than a day after today (a day: another time zone)."""
        today = self.today()
        ahead = [day for day in map(_day, self.attempts) if day > _add_days(today, 1)]
        if not ahead:
            return None
        many = len(ahead) > 1
        return (f"{self.path}: {len(ahead)} attempt{'s are' if many else ' is'} dated after today "
                f"(the latest {max(ahead).isoformat()}); {'they count' if many else 'it counts'} "
                "as made today")

    @classmethod
    def _upgrade(cls, path: Path, old: dict, today: Clock | None) -> Progress:
        try:
            kept = storage.keep_copy(path, "version-1")
        except OSError as error:
            # Without a copy the old file is not rewritten: this session's progress is not saved
            # over it (saving would fail the same way or lose the original).
            return cls._read_only(path, f"{path} is in the old format and could not be copied "
                                        f"aside ({error}); it is left as it is and this "
                                        "session's progress is not saved", today,
                                  _from_version_1(old))
        progress = cls(path, _from_version_1(old), today=today,
                       upgraded=f"{path} was converted to the new progress format; "
                                f"the old file was kept as {kept}")
        try:
            progress.save()
        except WriteError as error:
            progress.upgraded = None
            progress.notice = f"{error}; it is left in the old format and this session's " \
                              "progress is not saved"
            progress.saving = False
        return progress

    def save(self) -> None:
        """Write the progress to its file (atomically), unless `saving` is False.

        :raises WriteError: (an OSError) when the file cannot be written; what is in memory is
            kept, and the file is as it was.
        """
        if not self.saving:
            return
        try:
            storage.write_json(self.path, self.data)
        except OSError as error:
            raise WriteError(self.path, error.strerror or str(error), error.errno) from None

    # --- reading ------------------------------------------------------------------------
    @property
    def attempts(self) -> list[dict]:
        return self.data["attempts"]

    def _of(self, technique_id: str) -> list[dict]:
        return [a for a in self.attempts if a["technique"] == technique_id]

    def technique(self, technique_id: str) -> TechniqueStats:
        """Counts over every attempt at a technique, the earlier format's totals included."""
        earlier = self.data["earlier"].get(technique_id, {})
        mine = _stats(self._of(technique_id))
        return TechniqueStats(mine.attempts + earlier.get("attempts", 0),
                              mine.first_try + earlier.get("first_try", 0),
                              mine.solved + earlier.get("solved", 0), mine.unaided)

    def mastery(self, technique_id: str) -> Mastery:
        """State, Leitner box and dates for a technique, replayed from its attempts."""
        records = self._of(technique_id)
        today = self.today()
        if not records:
            # Counts from the first format, undated, still say it was practised.
            state = LEARNING if self.data["earlier"].get(technique_id, {}).get("attempts") else NEW
            return Mastery(technique_id, state, today=today)
        box, due, last_unaided = 0, None, None
        for record in records:
            day = min(_day(record), today)  # a date after today counts as today
            if is_unaided(record):
                last_unaided = day
                if box == 0 or (due is not None and day >= due):
                    box = min(box + 1, len(REVIEW_DAYS))
                due = _add_days(day, REVIEW_DAYS[box - 1])
            elif box:
                box = 1
                due = _add_days(day, REVIEW_DAYS[0])
        recent = records[-MASTERY_WINDOW:]
        mastered = len(recent) == MASTERY_WINDOW and all(is_unaided(r) for r in recent)
        return Mastery(technique_id, MASTERED if mastered else LEARNING, box, due, last_unaided,
                       today)

    def practised_techniques(self) -> list[str]:
        """Every technique with an attempt, in the order first met. One this version does not
        know (written by a newer release) is left out: its attempts stay in the file."""
        return [t for t in dict.fromkeys(a["technique"] for a in self.attempts) if t in BY_ID]

    def due_techniques(self) -> list[str]:
        """Techniques due for review, the longest overdue first."""
        due = [m for m in map(self.mastery, self.practised_techniques()) if m.is_due]
        return [m.technique for m in sorted(due, key=lambda m: (m.due, m.technique))]

    def weakest_technique(self, candidates: Iterable[str] | None = None) -> str | None:
        """The practised technique most in need of work: not mastered, fewest unaided attempts
        for its attempts; None when nothing was practised."""
        ids = list(candidates) if candidates is not None else self.practised_techniques()
        scored = []
        for technique_id in ids:
            stats = _stats(self._of(technique_id))
            if not stats.attempts:
                continue
            mastered = self.mastery(technique_id).state == MASTERED
            scored.append((mastered, stats.unaided / stats.attempts, technique_id))
        return min(scored)[2] if scored else None

    def _lesson(self, lesson_id: str) -> dict:
        return self.data["lessons"].get(lesson_id, {})

    def solved_exercises(self, lesson: Lesson) -> set[str]:
        """Keys of the lesson's exercises answered right at least once."""
        keys = {e.key for e in lesson.exercises}
        return keys & set(self._lesson(lesson.id).get("solved", []))

    def is_done(self, lesson: Lesson) -> bool:
        """Every exercise answered right (a lesson without exercises: every page read)."""
        if lesson.exercises:
            return len(self.solved_exercises(lesson)) == len(lesson.exercises)
        return self.last_page(lesson) >= len(lesson.pages) - 1

    def last_page(self, lesson: Lesson) -> int:
        """The furthest page reached (0 before the lesson is opened)."""
        return self._lesson(lesson.id).get("page", 0)

    def lesson_stats(self, lesson: Lesson) -> TechniqueStats:
        """Counts over the attempts at this lesson's own exercises (not its drills, not other
        lessons practising the same technique)."""
        keys = {e.key for e in lesson.exercises}
        return _stats([a for a in self.attempts if a.get("exercise") in keys])

    def summary(self, lesson: Lesson) -> str:
        """'2/4 exercises, 3 of 5 right first try' for the lesson menu (its own exercises only)."""
        done = len(self.solved_exercises(lesson))
        parts = [f"{done}/{len(lesson.exercises)} exercises"]
        stats = self.lesson_stats(lesson)
        if stats.attempts:
            parts.append(f"{stats.first_try} of {stats.attempts} right first try")
        return ", ".join(parts)

    def suggest(self, lessons: Sequence[Lesson]) -> Suggestion | None:
        """The next lesson to take, tier by tier (the menu lists them by number, each naming its
        tier): the first not done (a small board's lesson only once started: they are taken by
        choice); then
        one whose technique is due for review; then the weakest done one; else None."""
        lessons = [lesson for _, group in by_tier(lessons) for lesson in group]
        for lesson in lessons:
            if not self.is_done(lesson):
                started = self.last_page(lesson) or self.solved_exercises(lesson)
                if lesson.series and not started:
                    continue  # the small boards' lessons are taken by choice, not suggested
                return Suggestion(lesson, "continue where you left off" if started else "next on the ladder")
        due = self.due_techniques()
        for technique_id in due:
            # The 9x9 ladder's lesson first: the review is on the 9x9 board.
            teaching = next((one for one in sorted(lessons, key=lambda l: l.series != "")
                             if technique_id in one.practised), None)
            if teaching is not None:
                return Suggestion(teaching, "due for review")
        weakest = None
        for lesson in lessons:
            rate = self.lesson_stats(lesson).first_try_rate
            if rate is not None and rate < REVISE_BELOW and (weakest is None or rate < weakest[0]):
                weakest = (rate, lesson)
        if weakest:
            return Suggestion(weakest[1], f"revise: {weakest[0]:.0%} right first try")
        return None

    # --- recording (each saves, and raises WriteError when the file cannot be written) ----
    def record_page(self, lesson: Lesson, page: int) -> None:
        """The furthest page reached in a lesson. :raises WriteError: see save."""
        entry = self.data["lessons"].setdefault(lesson.id, {})
        if page > entry.get("page", 0):
            entry["page"] = page
            self.save()

    def record_attempt(self, technique_id: str, first_try: bool, solved: bool,
                       lesson: Lesson | None = None, exercise_key: str | None = None,
                       hint: int = 0, source: str | None = None) -> int:
        """One attempt at a position of `technique_id`, dated today; its index in the log.

        `hint` is the highest hint level (1 nudge, 2 pattern, 3 full) seen before the step was
        made; `source` defaults to an exercise when a key is given, else a drill.

        :raises WriteError: see save (the attempt is in the log in memory all the same).
        """
        if source is None:
            source = EXERCISE if exercise_key is not None else DRILL
        if source not in SOURCES:
            raise ValueError(f"unknown attempt source {source!r}; known: {', '.join(SOURCES)}")
        self.attempts.append({
            "technique": technique_id, "date": self.today().isoformat(), "source": source,
            "lesson": lesson.id if lesson is not None else None, "exercise": exercise_key,
            "first_try": bool(first_try), "solved": bool(solved), "hint": int(hint),
        })
        if solved:
            self._mark_solved(lesson, exercise_key)
        self.save()
        return len(self.attempts) - 1

    def record_play(self, technique_id: str, hint: int = 0) -> None:
        """A step of `technique_id` made by the learner in a game, after hints up to `hint`.

        :raises WriteError: see save.
        """
        self.record_attempt(technique_id, True, True, hint=hint, source=PLAY)

    def update_attempt(self, index: int, solved: bool, hint: int) -> None:
        """A later answer in the same attempt: solved now, or a higher hint seen (never lower).

        :raises WriteError: see save.
        """
        record = self.attempts[index]
        changed = False
        if solved and not record["solved"]:
            record["solved"] = True
            if record.get("lesson") and record.get("exercise"):
                self._mark_solved_ids(record["lesson"], record["exercise"])
            changed = True
        if hint > record.get("hint", 0):
            record["hint"] = hint
            changed = True
        if changed:
            self.save()

    def _mark_solved(self, lesson: Lesson | None, exercise_key: str | None) -> None:
        if lesson is not None and exercise_key is not None:
            self._mark_solved_ids(lesson.id, exercise_key)

    def _mark_solved_ids(self, lesson_id: str, exercise_key: str) -> None:
        entry = self.data["lessons"].setdefault(lesson_id, {})
        solved_keys = entry.setdefault("solved", [])
        if exercise_key not in solved_keys:
            solved_keys.append(exercise_key)

    # --- attempts left open between commands (the CLI answers one call at a time) --------
    def open_attempt(self, key: str) -> int | None:
        """The log index of the unfinished attempt kept under `key`, if any."""
        return self.data["open"].get(key)

    def keep_open(self, key: str, index: int | None) -> None:
        """Keep an attempt open under `key` (None closes it). :raises WriteError: see save."""
        if index is None:
            self.data["open"].pop(key, None)
        else:
            self.data["open"][key] = index
        self.save()

    def attempt(self, lesson: Lesson, exercise: Exercise, key: str | None = None) -> Attempt:
        """Start answering one of a lesson's exercises (see Attempt)."""
        return Attempt(self, lesson, exercise, key=key)


def _day(record: dict) -> date:
    """The date of an attempt (checked when the file was read)."""
    return date.fromisoformat(record["date"])


def _add_days(day: date, days: int) -> date:
    """`day` and `days` later, at most the last day a date can hold (9999-12-31)."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max


def _stats(records: Iterable[dict]) -> TechniqueStats:
    records = list(records)
    return TechniqueStats(len(records), sum(bool(r["first_try"]) for r in records),
                          sum(bool(r["solved"]) for r in records),
                          sum(is_unaided(r) for r in records))


class Attempt:
    """One go at an exercise or drill: answers until right, recorded as one attempt.

    The attempt is written at its first answer (right first try or not) and updated by later
    answers and hints: however many answers it takes, it is one attempt. `key` keeps it open
    in the progress file until answered right, so that the shell's `--answer`, one answer per
    command, continues the same attempt. Screens call `answer()`, `saw_hint()` and `give_up()`.
    """

    def __init__(self, progress: Progress, lesson: Lesson | None, exercise: Exercise | None,
                 drill: Drill | None = None, source: str | None = None, key: str | None = None):
        self.progress = progress
        self.lesson = lesson
        self.exercise = exercise
        self.drill = drill
        self.source = source or (EXERCISE if exercise is not None else DRILL)
        self.key = key
        self.answers: list[Feedback] = []
        self.hint = 0
        self.index: int | None = progress.open_attempt(key) if key is not None else None
        if self.index is not None:
            self.hint = progress.attempts[self.index].get("hint", 0)

    @property
    def solved(self) -> bool:
        return self.index is not None and self.progress.attempts[self.index]["solved"]

    @property
    def technique(self) -> str:
        if self.drill is not None:
            return self.drill.technique
        assert self.exercise is not None, "an attempt is at an exercise or a drill"
        # A remote pair exercise states the skyscraper the ladder meets first (`seen_as`): the
        # learner practised the remote pair, the technique the lesson teaches.
        return self.exercise.position.seen_as or self.exercise.technique

    def check(self, placements: Iterable[Change], eliminations: Iterable[Change]) -> Feedback:
        if self.drill is not None:
            return self.drill.check(placements, eliminations)
        assert self.lesson is not None and self.exercise is not None
        return self.lesson.check(self.exercise, placements, eliminations)

    def saw_hint(self, level: int) -> None:
        """A hint of this level was shown; once solved, later hints change nothing.

        :raises WriteError: see Progress.save.
        """
        if level <= self.hint or self.solved:
            return
        self.hint = level
        if self.index is not None:
            self.progress.update_attempt(self.index, False, level)

    def answer(self, placements: Iterable[Change] = (), eliminations: Iterable[Change] = ()) -> Feedback:
        """Check an answer and record it (the feedback is also the last of `answers`).

        :raises WriteError: when the progress file cannot be written; the answer was checked
            and is in `answers` and in memory all the same.
        """
        placements, eliminations = tuple(placements), tuple(eliminations)
        feedback = self.check(placements, eliminations)
        if not (placements or eliminations):
            return feedback  # nothing entered yet: not an attempt
        self.answers.append(feedback)
        right = feedback.verdict == RIGHT
        if self.index is None:
            key = self.exercise.key if self.exercise is not None else None
            try:
                self.index = self.progress.record_attempt(
                    self.technique, right, right, self.lesson, key, self.hint, self.source)
            except WriteError:
                # Recorded in memory, not on disk: later answers continue this attempt.
                self.index = len(self.progress.attempts) - 1
                raise
            if self.key is not None and not right:
                self.progress.keep_open(self.key, self.index)
        elif right and not self.solved:
            self.progress.update_attempt(self.index, True, self.hint)
            if self.key is not None:
                self.progress.keep_open(self.key, None)
        return feedback

    def give_up(self) -> None:
        """Leaving without a right answer: nothing more to write, since the attempt was recorded
        (not solved) at its first answer, and an attempt never answered is not one."""


def drill_attempt(progress: Progress, lesson: Lesson | None, drill: Drill, source: str = DRILL,
                  key: str | None = None) -> Attempt:
    """Start answering a drill (counts toward the technique, not toward the lesson's exercises)."""
    return Attempt(progress, lesson, None, drill, source, key)
