"""The server's default limits, apart from the rest so that `tutor serve --help` can name them cheaply."""

KEEP_DAYS = 30.0
"""Default: a session folder unused this long is removed (its learner never came back)."""
MAX_SESSIONS = 4
"""Default for `tutor serve --max-sessions`: on 2 cores, 4 sessions all pressing the hint key at once
still got hints under 200 ms (p95), 6 did not; each session is about 47 MB (bench/serve.py)."""
IDLE_MINUTES = 30.0
"""Default: a session without a key press or click for this long is saved and ended."""
