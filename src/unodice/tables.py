"""Precomputed tables that every game of a component set shares.

A variant works out once, per component set, what its rules need to look up quickly (the ways
to lay each tile, the faces each face matches, the moves on each space). Such a table is shared
by every game in the process that uses the set, so nothing may change it once built: a
[`SealedTable`][unodice.tables.SealedTable] refuses every attribute assignment after its
``__init__`` has called ``seal()``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SealedTable"]


class SealedTable:
    """Base class of a shared table: its attributes are set in ``__init__``, then never again.

    A subclass sets its attributes in ``__init__`` and ends it with ``self.seal()``; from then
    on, setting or deleting any attribute raises ``AttributeError``. Reading costs what reading
    a plain attribute costs.
    """

    _sealed = False

    def seal(self) -> None:
        """Refuse every later change to the table's attributes."""
        object.__setattr__(self, "_sealed", True)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} is shared by every game of its component set and "
                f"cannot be changed (setting {name!r})"
            )
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} is shared by every game of its component set and "
                f"cannot be changed (deleting {name!r})"
            )
        object.__delattr__(self, name)
