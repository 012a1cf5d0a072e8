"""How an environment deals its matches: on the variant's native engine where it may."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.registry import Registry
from unodice.core.setup import new_game

__all__ = ["Games", "reset_options", "step_limit"]


def reset_options(
    options: Mapping[str, Any] | None, known: Mapping[str, str], *, refuse: bool = True
) -> dict[str, Any]:
    """``reset``'s ``options``, checked to hold only the names in ``known`` (name: meaning).

    An option ``reset`` does not know is refused, or with ``refuse=False`` left out with a
    ``UserWarning`` saying so (PettingZoo's own checks reset with an option of their making).

    Raises:
        InvalidOptions: ``options`` is not a mapping; or it names an option ``reset`` does not
            know, and ``refuse`` (the message lists those it knows, or says there are none).
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InvalidOptions(f"reset options must be a dict, not {brief(options)}")
    unknown = [name for name in options if name not in known]
    if unknown:
        if known:
            listed = "; ".join(f"{name!r} ({meaning})" for name, meaning in known.items())
            takes = f"it takes {listed}"
        else:
            takes = "it takes none (a variant's options are given when the environment is made)"
        if refuse:
            raise InvalidOptions(f"reset() does not know the option {brief(unknown[0])}: {takes}")
        names = ", ".join(brief(name) for name in unknown)
        warnings.warn(f"reset() ignores the options {names}: {takes}", UserWarning, stacklevel=3)
    return {name: value for name, value in options.items() if name in known}


def step_limit(max_steps: object) -> int | None:
    """``max_steps``, checked to be ``None`` or a whole number of at least 1.

    Raises:
        InvalidOptions: It is not.
    """
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidOptions(
            f"max_steps must be None or a whole number from 1, not {brief(max_steps)}"
        )
    return max_steps


class Games:
    """Deals one environment's matches, all on the native engine or all in Python.

    ``native`` chooses: ``None`` plays native games when
    [`new_game(..., native=True)`][unodice.core.setup.new_game] makes them for this setup (the
    native build is installed, the variant has a native engine, no house rule is on), Python
    games otherwise; ``True`` plays native games, and raises ``new_game``'s refusal when it
    cannot; ``False`` plays Python games. Both play the same matches from the same seeds.

    Attributes:
        native: Whether the matches are native games.
        first: The match dealt from seed 0 when the environment was made.

    Raises:
        InvalidOptions: ``native`` is not ``None``, ``True`` or ``False``; or the setup is bad.
        UnodiceError: ``native=True`` and the games cannot be native (the message says why).
    """

    def __init__(
        self,
        variant: str,
        players: int | None,
        options: Mapping[str, Any],
        house_rules: Sequence[str],
        registry: Registry | None,
        native: bool | None,
    ):
        if native is not None and not isinstance(native, bool):
            raise InvalidOptions(f"native must be None, True or False, not {brief(native)}")
        self._setup = (variant, players, dict(options), tuple(house_rules), registry)
        self.native = False
        if native is not False:
            try:
                self.first = self._deal(0, True)
                self.native = True
                return
            except UnodiceError:
                if native:
                    raise
                # Not natively, for whatever reason: the Python game, which refuses a bad
                # setup itself.
        self.first = self._deal(0, False)

    def _deal(self, seed: int, native: bool) -> Game:
        variant, players, options, house_rules, registry = self._setup
        return new_game(
            variant, players, seed, options, house_rules, registry=registry, native=native
        )

    def new(self, seed: int) -> Game:
        """The match dealt from ``seed``."""
        return self._deal(seed, self.native)
