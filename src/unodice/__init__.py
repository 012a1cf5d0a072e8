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
unodice.tournament("coverall", agents={"me": MyBot, "greedy": "greedy"}, games=200)
```

See the reference site for concepts, the rules of each variant and the plugin guide.
"""

from __future__ import annotations

from unodice import agents
from unodice._version import __version__, build_kind
from unodice.agents import AgentError, GreedyAgent, RandomAgent, play_game
from unodice.arena import TournamentReport, tournament
from unodice.chance import Chance
from unodice.errors import (
    ComponentError,
    GameBroken,
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
from unodice.registry import VariantInfo, default_registry, variants
from unodice.simulation import simulate
from unodice.stats import Report
from unodice.variant import State, Variant, View

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
    "InvalidRecord",
    "Move",
    "PluginError",
    "RandomAgent",
    "Report",
    "State",
    "TournamentReport",
    "UnknownVariant",
    "UnodiceError",
    "Variant",
    "VariantInfo",
    "View",
    "__version__",
    "agents",
    "build_kind",
    "default_registry",
    "hookimpl",
    "new_game",
    "option",
    "play_game",
    "replay",
    "simulate",
    "tournament",
    "variants",
]
