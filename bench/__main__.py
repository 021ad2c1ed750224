"""`python -m bench [SECTION...]` runs the benchmark sections."""

import os
import sys

from bench import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:
    # Output piped into `head` and closed early: stop quietly, as other command-line tools do.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
raise SystemExit(status)
