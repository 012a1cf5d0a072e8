"""unodice: exact rule engines for the Uno family of dice and domino games.

The public API in one place:

```python
import unodice

unodice.available_variants()                      # what is installed
game = unodice.new_game("coverall", players=3, seed=7)
while not game.is_over:
    game.play(game.legal_moves()[0])
game.scores, game.winners
unodice.replay(game.record())           # rebuild and verify
unodice.tournament("coverall", agents={"me": MyBot, "greedy": "greedy"}, games=200)
```

See the reference site for concepts, the rules of each variant and the plugin guide.
"""

from __future__ import annotations

from unodice import _moved
from unodice import variants as variants  # the package; callable as the old listing function
from unodice._version import __version__, build_kind, build_reason
from unodice.core.chance import Chance
from unodice.core.errors import (
    ComponentError,
    GameBroken,
    IllegalMove,
    InvalidOptions,
    InvalidPosition,
    InvalidRecord,
    PluginError,
    UnknownVariant,
    UnodiceError,
    Unsupported,
)
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event, Move
from unodice.core.options import option
from unodice.core.registry import VariantInfo, available_variants, default_registry
from unodice.core.setup import new_game
from unodice.core.variant import State, Variant, View
from unodice.play import agents
from unodice.play.agents import AgentError, GreedyAgent, RandomAgent, play_game
from unodice.play.arena import TournamentReport, tournament
from unodice.play.simulation import simulate
from unodice.play.stats import Report
from unodice.records.record import replay

_moved.install()

__all__ = [
    "AgentError",
    "Chance",
    "ComponentError",
    "Event",
    "Game",
    "GameBroken",
    "GreedyAgent",
    "IllegalMove",
    "InvalidOptions",
    "InvalidPosition",
    "InvalidRecord",
    "Move",
    "PluginError",
    "RandomAgent",
    "Report",
    "State",
    "TournamentReport",
    "UnknownVariant",
    "UnodiceError",
    "Unsupported",
    "Variant",
    "VariantInfo",
    "View",
    "__version__",
    "agents",
    "available_variants",
    "build_kind",
    "build_reason",
    "default_registry",
    "hookimpl",
    "new_game",
    "option",
    "play_game",
    "replay",
    "simulate",
    "tournament",
]
