"""Counting words for the texts: '1 step', '2 steps', '1,000 changes'."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 step', '0 steps', '2 steps', '20,000 changes'; `plural` for a noun not made with 's'."""
    many = plural if plural is not None else noun + "s"
    return f"{count:,} {noun if count == 1 else many}"
