"""The app as `tutor lesson ID` starts it: the game underneath, the lesson menu and the lesson on top."""

from __future__ import annotations

from tutor.app.app import TutorApp
from tutor.app.learning.launch import open_lesson


class LessonApp(TutorApp):
    """TutorApp opened on a lesson; `seed` fixes its drills (None: random)."""

    CSS_PATH = "../app.tcss"
    """The app's own stylesheet (Textual reads CSS_PATH relative to the class's module)."""

    def __init__(self, lesson_id: str, seed: int | None = None) -> None:
        super().__init__()
        self.start_lesson = lesson_id
        self.lesson_seed = seed

    def on_mount(self) -> None:
        # Textual runs TutorApp.on_mount after this one; the lesson goes on top of what it pushes.
        self.call_later(self.open_start_lesson)

    def open_start_lesson(self) -> None:
        if self.return_code is not None:
            return  # ending already (another tutor has the data folder): no game, no lesson
        open_lesson(self, self.start_lesson, self.lesson_seed)
