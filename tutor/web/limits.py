"""The server's default limits, apart from the rest so that `tutor serve --help` can name them cheaply."""

KEEP_DAYS = 30.0
"""Default: a session folder unused this long is removed (its learner never came back)."""
MAX_SESSIONS = 4
"""Default for `tutor serve --max-sessions`: on 2 cores, 4 sessions all pressing the hint key at once
still got hints under 200 ms (p95), 6 did not; each session is about 41 MB resident (bench/serve.py)."""
IDLE_MINUTES = 30.0
"""Default: a session without a key press or click for this long is saved and ended."""
SILENT_SECONDS = 10.0
"""Default: a websocket that sends nothing for this long after opening is closed (the page sends
its terminal's size at once; a socket that stays silent holds no place and starts no app)."""
UNUSED_SECONDS = 60.0
"""At capacity, a newcomer takes the place of a session whose page has sent no key or click for
this long since it opened (the oldest such): a place is held by a learner, not by an open page."""
MAX_COLUMNS = 400
MAX_ROWS = 150
"""The largest terminal an app is started with or resized to: a socket asking for more is refused,
a larger resize is cut down. (The page fits its font so that a 4K screen stays near 200 columns;
an app's memory grows with its terminal, to gigabytes at 100000x100000.)"""
MIN_COLUMNS = 20
MIN_ROWS = 8
"""Smaller terminals are raised to this (the app needs a few lines to say it wants more room)."""
