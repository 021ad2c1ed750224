"""Maintainer scripts: run from a checkout as `python -m scripts.NAME`; not part of the installed package."""
