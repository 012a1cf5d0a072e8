"""A variant's spaces as Gymnasium spaces, and a seat's view as NumPy arrays."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from unodice.core.game import Game
from unodice.core.spaces import ActionCatalogue, catalogue, encode, observation_size
from unodice.core.variant import AnyVariant

__all__ = ["Arrays"]


class Arrays:
    """The action and observation spaces of one variant, options and seat count.

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

    def observe(self, game: Game, seat: int, acting: bool) -> dict[str, Any]:
        """``seat``'s observation: its view encoded, and the mask of its legal moves.

        The mask is all zeros unless ``acting`` (the seat must choose now).
        """
        observation = np.zeros(self.size, np.float32)
        encode(game.view(seat), observation)
        mask = np.zeros(len(self.catalogue), np.int8)
        if acting and not game.is_over:
            self.catalogue.mask(game.legal_moves(), mask)
        return {"observation": observation, "action_mask": mask}
