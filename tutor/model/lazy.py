"""A package's names imported from their modules on first use, so importing the package is cheap."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module


def lazy_names(package: str, namespace: dict[str, object], homes: dict[str, tuple[str, ...]]
               ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, whose names listed in `homes` (module: names)
    are each imported the first time it is asked for, then kept in `namespace` (its globals).

    :raises AttributeError: from `__getattr__`, for a name the package does not have.
    """
    home_of = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(home_of))

    return __getattr__, __dir__
