"""`python -m tutor` runs the command line."""

from tutor.cli import main

raise SystemExit(main())
