"""The `tutor` command line (a thin layer over the library; never imports Textual at module level)."""

from tutor.cli.main import main

__all__ = ["main"]
