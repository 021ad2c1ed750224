"""What the app says when it runs in a browser (`tutor serve` sets these variables for it)."""

from __future__ import annotations

import os


ENV_CODE = "TUTOR_SERVED_CODE"
"""The learner's resume code; set only for an app served to a browser."""
ENV_URL = "TUTOR_SERVED_URL"
"""The address the learner's browser opened (for the resume link)."""

BROWSER_KEYS = (
    ("ctrl+w", "closes the tab"),
    ("ctrl+t", "opens a new tab"),
    ("ctrl+n", "opens a new window"),
)
"""Keys a browser keeps for itself: they never reach the tutor."""

ALTERNATIVES = (
    ("alt+backspace", "in the puzzle box (o): delete the word before the cursor, as ctrl+w does"),
    ("ctrl+u", "in any text box: delete everything before the cursor"),
    ("t, g", "lessons and a new puzzle: the tutor's own commands never need ctrl+t or ctrl+n"),
)
"""What to press instead, in the app's help when served."""


def served_code() -> str | None:
    """The resume code when the app is served to a browser, else None."""
    code = os.environ.get(ENV_CODE)
    if code is None:
        return None  # not served: the app's start need not load the web sessions' module
    from tutor.web.sessions import normalise  # lazy: see above

    return normalise(code)


PUZZLE_PARAMETER = "puzzle"
"""The page's parameter that opens a puzzle (`/?puzzle=LINE`, checked by guards.puzzle_parameter):
a line of 4x4 to 16x16 with their usual boxes, or a Samurai's."""


def page_link(query: str) -> str:
    """The served page's address with `query` ('resume=CODE'); only the query when the address is unknown."""
    base = os.environ.get(ENV_URL, "").split("?")[0]
    return f"{base}?{query}"


def resume_link(code: str) -> str:
    from tutor.web.sessions import display  # lazy: only a served app shows its code

    return page_link(f"resume={display(code)}")


def puzzle_link(line: str) -> str | None:
    """The link that opens the puzzle of `line` (its board's line, '.' for an empty cell: 81
    characters, 36 on 6x6, 369 on a Samurai) in a served tutor; None when the app is not
    served."""
    if served_code() is None:
        return None
    return page_link(f"{PUZZLE_PARAMETER}={line}")


def served_help() -> str | None:
    """Rich markup for the help screen when served (the resume code and the browser's keys), else None."""
    code = served_code()
    if code is None:
        return None
    from tutor.web.sessions import display  # lazy: as in served_code

    kept = ", ".join(f"{key} {what}" for key, what in BROWSER_KEYS)
    instead = "\n".join(f"  [b]{key}[/b]  {what}" for key, what in ALTERNATIVES)
    return (f"[b]In a browser[/b]  Your resume code: [b]{display(code)}[/b]. This browser comes back "
            f"to your game by itself; from another one, open {resume_link(code)}\n"
            f"The browser keeps {kept}: they never reach the tutor. Instead:\n{instead}")


def served_greeting() -> str | None:
    """A one-line notice for the start of a served session, else None."""
    code = served_code()
    if code is None:
        return None
    from tutor.web.sessions import display  # lazy: as in served_code

    return (f"Your resume code is {display(code)}: keep it to continue from another browser "
            "(? shows it again).")
