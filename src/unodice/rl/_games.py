"""How an environment deals its matches: on the variant's native engine where it may."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.registry import Registry
from unodice.core.setup import new_game

__all__ = ["Games"]


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
