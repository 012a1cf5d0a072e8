"""unodice: exact rule engines for the Uno family of dice and domino games.

The public API in one place:

```python
import unodice

unodice.variants()                      # what is installed
game = unodice.new_game("coverall", players=3, seed=7)
while not game.is_over:
    game.play(game.legal_moves()[0])
game.scores, game.winners
unodice.replay(game.record())           # rebuild and verify
```

See the reference site for concepts, the rules of each variant and the plugin guide.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version

from unodice import agents
from unodice.agents import GreedyAgent, RandomAgent, play_game
from unodice.chance import Chance
from unodice.errors import (
    ComponentError,
    IllegalMove,
    InvalidOptions,
    InvalidRecord,
    PluginError,
    UnknownVariant,
    UnodiceError,
)
from unodice.game import Game, new_game
from unodice.hooks import hookimpl
from unodice.moves import Event, Move
from unodice.options import option
from unodice.record import replay
from unodice.registry import VariantInfo, default_registry
from unodice.variant import State, Variant, View

try:
    __version__ = version("unodice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = [
    "Chance",
    "ComponentError",
    "Event",
    "Game",
    "GreedyAgent",
    "IllegalMove",
    "InvalidOptions",
    "InvalidRecord",
    "Move",
    "PluginError",
    "RandomAgent",
    "State",
    "UnknownVariant",
    "UnodiceError",
    "Variant",
    "VariantInfo",
    "View",
    "__version__",
    "agents",
    "hookimpl",
    "new_game",
    "option",
    "play_game",
    "replay",
    "variants",
]

# Python binds a subpackage to its parent's attribute when the subpackage is first imported, so
# the built-in variants' package would replace the function below as ``unodice.variants`` the
# first time the registry loaded them. Importing it now, before the function is defined, keeps
# the function in place.
importlib.import_module("unodice.variants")


def variants() -> dict[str, VariantInfo]:
    """Every installed, working variant by name: title, seat range, options, summary, version."""
    return default_registry().variants()
