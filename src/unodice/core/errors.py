"""The exceptions unodice raises.

Every refusal the library makes is one of these, with a message a person can act on. They all
derive from [`UnodiceError`][unodice.core.errors.UnodiceError], so one ``except`` clause
catches them. They pickle with their message and attributes, so they reach the caller intact
from worker processes (a simulation's workers, or any other process pool).
"""

from __future__ import annotations

import pickle
from typing import Any

from unodice.core._quoting import brief, did_you_mean

__all__ = [
    "ComponentError",
    "GameBroken",
    "IllegalMove",
    "InvalidOptions",
    "InvalidPosition",
    "InvalidRecord",
    "PluginError",
    "UnknownVariant",
    "UnodiceError",
    "Unsupported",
]


def _rebuild(cls: type[UnodiceError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """An exception unpickled as it was: its ``args`` and attributes, without calling ``__init__``.

    The default unpickling calls ``cls(*args)`` with the formatted message alone, which fails
    for the classes whose constructor takes the parts of the message instead.
    """
    error = cls.__new__(cls, *args)
    error.__dict__.update(state)
    return error


class UnodiceError(Exception):
    """Base class of every error the library raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self.args, dict(self.__dict__))


def _quoted(value: Any) -> str:
    """A value from outside, quoted and cut short (a 10 MB name gives a short message)."""
    return brief(value)


class UnknownVariant(UnodiceError, LookupError):
    """No installed variant or house rule has the name asked for.

    Attributes:
        name: The name that was asked for.
        known: The names that are installed.
    """

    def __init__(self, name: str, known: list[str] | tuple[str, ...], what: str = "variant"):
        self.name = name
        self.known = tuple(known)
        listing = ", ".join(self.known) if self.known else "none installed"
        hint = did_you_mean(name, self.known, lower=True)
        super().__init__(f"unknown {what} {_quoted(name)}; {hint}installed: {listing}")


class InvalidOptions(UnodiceError, ValueError):
    """Options, a player count or a game string that a variant cannot accept."""


class InvalidPosition(InvalidOptions):
    """A position text that cannot be read, or describes no state the game could be in.

    See [`unodice.core.positions`][unodice.core.positions] for what a position is.
    """


class ComponentError(UnodiceError, ValueError):
    """A component set (dice or dominoes as data) that is malformed or unknown."""


class IllegalMove(UnodiceError, ValueError):
    """A move that the rules do not allow now. The game is left exactly as it was.

    The message ends with the move's notation, cut short when it is long, so a reason need not
    quote the move again.

    Attributes:
        move: The move (or the notation) that was refused.
        reason: Why it is refused, in words.
        clause: The rule clause that forbids it (for example ``"CV-7"``), when there is one.
    """

    def __init__(self, move: Any, reason: str, clause: str | None = None):
        self.move = move
        self.reason = reason
        self.clause = clause
        prefix = f"{clause}: " if clause else ""
        super().__init__(f"{prefix}{reason} (move {_quoted(_written(move))})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its move, or with the move's text when the move would not come back.

        A refused move may be anything a caller made (a class of its own, a half-built
        object); the refusal still crosses to another process, as an error a worker raised.
        """
        state = dict(self.__dict__)
        try:
            pickle.loads(pickle.dumps(self.move))
        except Exception:
            state["move"] = _written(self.move)
        return _rebuild, (type(self), self.args, state)


def _written(move: Any) -> str:
    """The move as text, or what it is when it cannot be written (its ``__str__`` fails)."""
    try:
        text = str(move)
    except Exception:
        return f"<a {type(move).__name__} that cannot be written>"
    return text if isinstance(text, str) else f"<a {type(move).__name__}>"


class InvalidRecord(UnodiceError, ValueError):
    """A game record that cannot be read or does not replay.

    Attributes:
        field: The record field at fault (``"moves[12]"``, ``"options"`` …), when known.
    """

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


class PluginError(UnodiceError):
    """A plugin failed to load or registered something invalid.

    Attributes:
        plugin: The plugin's name (its entry point or registration name).
        cause: What went wrong, in words.
    """

    def __init__(self, plugin: str, cause: str):
        self.plugin = plugin
        self.cause = cause
        super().__init__(f"plugin {plugin!r} is broken: {cause}")


class Unsupported(UnodiceError):
    """What was asked of a variant needs a capability it does not have (a position, a picture).

    The message names the capability and what its plugin would implement to have it (see
    [`unodice.core.capabilities`][unodice.core.capabilities]).
    """


class GameBroken(UnodiceError):
    """A game that was interrupted in the middle of a move, and can no longer be used.

    A move is carried out in several steps; when something stops it halfway (Ctrl-C, or a
    crash in the variant's code) and the game kept no snapshot to go back to, its state is
    neither the position before the move nor the one after. Rather than go on silently from a
    corrupt position, the game refuses every further use with this error (its record
    included): replay a record saved before the interrupted move, or start again.
    """
