"""Tables indexed by a mask of a line's or a box's positions: whole on small boards, on demand on large ones."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Entry = TypeVar("Entry")

EAGER_BITS = 12
"""Masks of up to this many bits get every entry at once (4,096 at most); a 16x16 board's 65,536
would cost seconds to fill, of which a grade reads a few hundred."""


class _OnDemand(dict):
    """A mask table whose entries are worked out when first read, then kept. Two threads that
    read a missing entry at once both work it out and store the same value."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[int], object]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, mask: int) -> object:
        value = self[mask] = self.build(mask)
        return value


def per_mask(bits: int, build: Callable[[int], Entry]) -> Sequence[Entry]:
    """[mask]: build(mask) for every mask of `bits` bits, read as `table[mask]`: a tuple when the
    masks are few, else entries made on first read (never iterate such a table)."""
    if bits <= EAGER_BITS:
        return tuple(build(mask) for mask in range(1 << bits))
    return _OnDemand(build)  # type: ignore[return-value]
