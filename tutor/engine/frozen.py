"""Frozen: the immutable record the engine's value classes share, without dataclasses' import."""

from __future__ import annotations


class Frozen:
    """A record whose fields are its class's `__slots__`, each set once by `_freeze` in `__init__`.

    Equal when of the same class with equal fields; unhashable unless the class defines `__hash__`
    (a field may be a dict); its repr names every field; it pickles by its fields, in slot order,
    which must be its `__init__`'s order. A plain class rather than a dataclass: importing
    dataclasses (with inspect) would cost every command that takes a step several milliseconds
    of start-up.
    """

    __slots__: tuple[str, ...] = ()

    def _freeze(self, *values: object) -> None:
        for field, value in zip(self.__slots__, values, strict=True):
            object.__setattr__(self, field, value)

    def _values(self) -> tuple:
        return tuple(getattr(self, field) for field in self.__slots__)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of {type(self).__name__}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    # No __hash__: defining __eq__ leaves it None, so a record is unhashable unless its class
    # defines one.

    def __repr__(self) -> str:
        fields = ", ".join(f"{field}={getattr(self, field)!r}" for field in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple:
        return self.__class__, self._values()
