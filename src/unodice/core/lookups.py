"""Lookups: what a variant works out once per component set, shared by every game of the set.

A variant works out once, per component set, what its rules need to look up quickly (the ways
to lay each tile, the faces each face matches, the moves on each cell). A lookup is shared by
every game in the process that uses the set, so nothing may change it once built: a
[`SealedLookup`][unodice.core.lookups.SealedLookup] refuses every attribute assignment after
its ``__init__`` has called ``seal()``. [`LookupsPerSet`][unodice.core.lookups.LookupsPerSet]
hands out the lookup of a set, building it on first use and keeping a bounded number.
[`load_set`][unodice.core.lookups.load_set] loads the set an option names, and
[`unsuitable_set`][unodice.core.lookups.unsuitable_set] words the refusal of one a variant cannot
play with. (A *table*, in unodice, is only what the core hands a variant as it plays: its
[`Table`][unodice.core.variant.Table].)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

from unodice.core._quoting import brief
from unodice.core.errors import ComponentError, InvalidOptions
from unodice.core.pieces import ComponentSet, load_components

__all__ = ["LookupsPerSet", "SealedLookup", "load_set", "unsuitable_set"]

_Lookup = TypeVar("_Lookup")


class SealedLookup:
    """Base class of a shared lookup: its attributes are set in ``__init__``, then never again.

    A subclass sets its attributes in ``__init__`` and ends it with ``self.seal()``; from then
    on, setting or deleting any attribute raises ``AttributeError``. Reading costs what reading
    a plain attribute costs.
    """

    _sealed = False

    def seal(self) -> None:
        """Refuse every later change to the lookup's attributes."""
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


class LookupsPerSet(Generic[_Lookup]):
    """The lookup of each component set, built on first use and shared by every game.

    A set is known by its identity (component sets never change), together with anything else
    that shapes its lookup (a tray's rows and columns, say). The most recently used ``limit``
    lookups are kept; a process that plays with many sets builds again those it has dropped.

    Args:
        build: Makes the lookup of a set: ``build(components, *shape)``.
        limit: How many lookups to keep at most.
    """

    def __init__(self, build: Callable[..., _Lookup], limit: int = 32):
        if limit < 1:
            raise ValueError("a cache of lookups keeps at least one")
        self._build = build
        self._limit = limit
        self._kept: OrderedDict[tuple[Hashable, ...], tuple[object, _Lookup]] = OrderedDict()

    def __call__(self, components: object, *shape: Hashable) -> _Lookup:
        """The lookup of ``components`` (and ``shape``), built now if it is not kept."""
        key = (id(components), *shape)
        entry = self._kept.get(key)
        if entry is not None and entry[0] is components:
            self._kept.move_to_end(key)
            return entry[1]
        lookup = self._build(components, *shape)
        self._kept[key] = (components, lookup)
        self._kept.move_to_end(key)
        while len(self._kept) > self._limit:
            self._kept.popitem(last=False)
        return lookup

    def __len__(self) -> int:
        return len(self._kept)


def load_set(
    variant: str,
    option: str | None,
    name: str,
    extra: Mapping[str, ComponentSet] | None,
    kind: str,
) -> ComponentSet:
    """The component set an option names, checked to be of the ``kind`` the variant plays with.

    Args:
        variant: The variant's name, for the message.
        option: The option that names the set (``"dice"``, ``"tiles"``), or ``None`` when the
            rules fix the set.
        name: The set's name.
        extra: Sets given to the game beside the built-in ones.
        kind: ``"dice"`` or ``"tiles"``.

    Raises:
        InvalidOptions: No set has that name (the message lists those that do), or it is a set
            of the other kind.
    """
    try:
        components = load_components(name, extra)
    except ComponentError as error:
        raise InvalidOptions(f"{_whose(variant, option)}: {error}") from None
    if components.kind != kind:
        raise unsuitable_set(variant, option, name, f"is a set of {components.kind}, not {kind}")
    return components


def unsuitable_set(variant: str, option: str | None, name: str, why: str) -> InvalidOptions:
    """The error for a component set the variant cannot play with: ``why`` says what is wrong.

    The message reads ``option 'dice' of coverall: 'tiny' has only 3 dice; …`` (or
    ``pig: …`` when no option names the set).
    """
    return InvalidOptions(f"{_whose(variant, option)}: {brief(name)} {why}")


def _whose(variant: str, option: str | None) -> str:
    return variant if option is None else f"option {option!r} of {variant}"


def __getattr__(name: str) -> Any:
    earlier = {"SealedTable": SealedLookup, "TablesPerSet": LookupsPerSet}
    if name in earlier:
        import warnings

        now = earlier[name].__name__
        warnings.warn(
            f"{name} is now {now}; the old name goes in unodice 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        return earlier[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
