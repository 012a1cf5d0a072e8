"""Variants written for unodice 0.1, which declared capabilities by overriding methods.

Until 0.2 the base class had every optional method, and a variant had a capability when it
overrode them (``write_position``, ``picture``…) or set ``reference`` to its plain reading.
Such a class still works for one release: it is registered as having each capability whose
methods it defines, with a `DeprecationWarning` that says what to inherit instead.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from unodice.core.capabilities import (
    CAPABILITIES,
    Capability,
    Reference,
    Text,
)


class EarlierReference(Protocol):
    """The type of unodice 0.1's ``Variant.reference``: a module of three functions."""

    def legal_moves(self, variant: Any, state: Any) -> Iterable[Any]:
        """Every move the seat to act may make in ``state`` (in any order)."""
        ...

    def move_points(self, variant: Any, state: Any, move: Any) -> Sequence[int]:
        """The points, per seat, that playing ``move`` in ``state`` scores by itself."""
        ...

    def round_points(self, variant: Any, state: Any) -> Sequence[int]:
        """The points, per seat, that the end of a round scores."""
        ...


def declare_earlier_capabilities(cls: type) -> None:
    """Register ``cls`` as having the capabilities whose methods it defines without inheriting."""
    earlier: list[str] = []
    for capability in CAPABILITIES:
        if issubclass(cls, capability) or capability is Reference:
            continue
        needed = set(capability.__abstractmethods__)
        if capability is Text:
            needed = {"render", "describe"}
        defined = {name for name in needed if _defines(cls, name)}
        if capability is Text and defined:
            if "describe" not in defined:
                cls.describe = Text.describe  # type: ignore[attr-defined]
            if "render" not in defined:
                cls.render = _repr_render  # type: ignore[attr-defined]
        elif defined != needed:
            continue
        capability.register(cls)
        earlier.append(capability.__name__)
    reading = cls.__dict__.get("reference")
    if reading is not None and not issubclass(cls, Reference):
        _forward_reference(cls, reading)
        Reference.register(cls)
        earlier.append(Reference.__name__)
    if earlier:
        warnings.warn(
            f"variant class {cls.__qualname__} declares its capabilities the unodice 0.1 way, "
            f"by defining their methods; inherit them instead ({', '.join(earlier)} from "
            "unodice.plugin): the old way will be removed in unodice 0.3",
            DeprecationWarning,
            stacklevel=4,
        )


def _defines(cls: type, name: str) -> bool:
    """Whether a class below ``Variant`` defines ``name``."""
    for klass in cls.__mro__:
        if klass.__module__ == "unodice.core.variant" or issubclass(Capability, klass):
            return False
        if name in klass.__dict__:
            return True
    return False


def _repr_render(self: Any, state: Any, seat: int | None = None, colour: bool = False) -> str:
    return repr(state)


def _forward_reference(cls: type, reading: Any) -> None:
    """Give ``cls`` the reference methods, calling the old reading's functions."""

    def forward(name: str) -> Callable[..., Any]:
        def method(self: Any, *args: Any) -> Any:
            return getattr(reading, name)(self, *args)

        return method

    cls.reference_legal_moves = forward("legal_moves")  # type: ignore[attr-defined]
    cls.reference_move_points = forward("move_points")  # type: ignore[attr-defined]
    cls.reference_round_points = forward("round_points")  # type: ignore[attr-defined]
