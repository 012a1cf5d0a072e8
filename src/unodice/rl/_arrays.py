"""A variant's spaces as Gymnasium spaces, and a seat's view as NumPy arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from unodice.core.capabilities import Spaces, missing
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.spaces import (
    ActionCatalogue,
    ViewEncoder,
    catalogue,
    observation_size,
)
from unodice.core.variant import AnyVariant

__all__ = ["END_ACTION", "Arrays"]

END_ACTION = 0
"""The one action the mask of an ended match's last observation marks, so that it is never empty.

The action is never played: Gymnasium's vector environments reset a sub-environment whose match
has ended instead of stepping it, and ``step`` on an ended match raises.
"""


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
        # The legal moves last numbered (held, so that no other tuple can be this one) and
        # their numbers, in the same order.
        self._legal: Sequence[Move] = ()
        self._numbers: list[int] = []
        # The variant whose encoding was last asked for (held, so that no other object can be
        # this one), and its encoder of views, or its encode_view where it has none.
        self._variant: object = None
        self._encode: ViewEncoder = lambda view, out: None

    def _numbered(self, legal: Sequence[Move]) -> list[int]:
        """The numbers of a decision's legal moves, in their order (worked out once each).

        A game hands out the same tuple of legal moves until it changes.

        Raises:
            UnodiceError: A legal move is not in the catalogue.
        """
        if legal is not self._legal:
            self._numbers = self.catalogue.indices(legal)
            self._legal = legal
        return self._numbers

    def legal_move(self, game: Game, number: int) -> Move | None:
        """The legal move of ``game`` numbered ``number``: the very object the game offered.

        ``None`` if no legal move has that number.
        """
        legal = game.legal_moves()
        try:
            return legal[self._numbered(legal).index(number)]
        except ValueError:
            return None

    def mask(self, game: Game) -> np.ndarray[Any, Any]:
        """The mask of the legal moves of ``game`` (all zeros once it is over): a new array."""
        mask = np.zeros(len(self.catalogue), np.int8)
        if not game.is_over:
            for number in self._numbered(game.legal_moves()):
                mask[number] = 1
        return mask

    def end_mask(self) -> np.ndarray[Any, Any]:
        """The mask of an ended match's last observation: ``END_ACTION`` only (a new array)."""
        mask = np.zeros(len(self.catalogue), np.int8)
        mask[END_ACTION] = 1
        return mask

    def observe(self, game: Game, seat: int, acting: bool, ended: bool = False) -> dict[str, Any]:
        """``seat``'s observation: its view encoded, and the mask of its legal moves.

        The mask is all zeros unless ``acting`` (the seat must choose now); when ``ended``, it
        is ``end_mask()``.
        """
        observation = np.zeros(self.size, np.float32)
        variant = game.variant
        if variant is not self._variant:
            if not isinstance(variant, Spaces):
                raise missing(variant, Spaces, "encode a view for learning agents")
            # Another game's variant (a game and its copies share one): its own encoder.
            self._variant = variant
            # A variant of the earlier plugin interface declares Spaces without inheriting
            # it, so without its view_encoder.
            encoder = getattr(variant, "view_encoder", None)
            self._encode = (encoder() if encoder is not None else None) or variant.encode_view
        self._encode(game._read_view(seat), observation)
        if ended:
            mask = self.end_mask()
        elif acting:
            mask = self.mask(game)
        else:
            mask = np.zeros(len(self.catalogue), np.int8)
        return {"observation": observation, "action_mask": mask}
