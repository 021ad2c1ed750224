"""`python -m tutor.app [PUZZLE]`: run the app directly (the `tutor` command is the usual way)."""

import sys

from tutor.app import run_app

raise SystemExit(run_app(sys.argv[1] if len(sys.argv) > 1 else None))
