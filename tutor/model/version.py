"""The package's version, in one place: pyproject.toml reads it from here, and so does `tutor --version`."""

VERSION = "0.1.0"
