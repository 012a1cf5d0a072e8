"""A variant's spaces as Gymnasium spaces, and a seat's view as NumPy arrays."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from unodice.core.capabilities import Spaces, missing
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.spaces import ActionCatalogue, Buffer, catalogue, observation_size
from unodice.core.variant import AnyVariant, View

__all__ = ["Arrays"]


class Arrays:
    """The action and observation spaces of one variant, options and seat count.

    It also remembers the numbers of the legal moves it was last asked about, so that a
    decision's moves are numbered once, for its mask and for the action that ends it.

    Attributes:
        catalogue: The variant's numbering of its moves.
        observation_space: ``Dict(observation=Box(0, 1, (N,), float32),
            action_mask=Box(0, 1, (A,), int8))``.
        action_space: ``Discrete(A)``.
    """

    def __init__(self, variant: AnyVariant):
        self.catalogue: ActionCatalogue = catalogue(variant)
        self.size = observation_size(variant)
        actions = len(self.catalogue)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self._no_moves: np.ndarray[Any, Any] = np.zeros(actions, np.int8)
        # The legal moves last numbered (held, so that no other tuple can be this one), their
        # moves by number, and their mask.
        self._legal: Sequence[Move] | None = None
        self._numbered: dict[int, Move] = {}
        self._mask = self._no_moves
        # The variant whose encoding was last asked for, and its encode_view.
        self._variant: object = None
        self._encode: Callable[[View, Buffer], None] = lambda view, out: None

    def numbered(self, legal: Sequence[Move]) -> dict[int, Move]:
        """The legal moves of a decision by their numbers: the very objects the game offered.

        A game hands out the same tuple of legal moves until it changes, so they are numbered
        once per decision.

        Raises:
            UnodiceError: A legal move is not in the catalogue.
        """
        if legal is not self._legal:
            numbers = self.catalogue.indices(legal)
            mask = np.zeros(len(self.catalogue), np.int8)
            for number in numbers:
                mask[number] = 1
            self._numbered = dict(zip(numbers, legal, strict=True))
            self._mask = mask
            self._legal = legal
        return self._numbered

    def mask(self, game: Game) -> np.ndarray[Any, Any]:
        """The mask of the legal moves of ``game`` (all zeros once it is over): a new array."""
        if game.is_over:
            return self._no_moves.copy()
        self.numbered(game.legal_moves())
        return self._mask.copy()

    def observe(self, game: Game, seat: int, acting: bool) -> dict[str, Any]:
        """``seat``'s observation: its view encoded, and the mask of its legal moves.

        The mask is all zeros unless ``acting`` (the seat must choose now).
        """
        observation = np.zeros(self.size, np.float32)
        variant = game.variant
        if variant is not self._variant:
            if not isinstance(variant, Spaces):
                raise missing(variant, Spaces, "encode a view for learning agents")
            self._variant = variant
            self._encode = variant.encode_view
        self._encode(game._read_view(seat), observation)
        mask = self.mask(game) if acting else self._no_moves.copy()
        return {"observation": observation, "action_mask": mask}
