"""Strong bots: search that decides from a seat's view only.

[`DeterminizedAgent`][unodice.play.bots.determinized.DeterminizedAgent] compares every move
over determinizations of what its seat cannot see, each played out by the variant's heuristic
and valued by the match. [`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] grows a search
tree over such determinizations. Both play every variant through the public API. Each built-in
variant's own heuristic agent lives beside its rules, in the variant package's ``agents``
module.
[`play_out`][unodice.play.bots.playout.play_out] plays a game on with one agent at every seat,
in the native engine when the game is a native one: the playouts both evaluate with.
"""

from __future__ import annotations

from unodice.play.bots.determinized import DeterminizedAgent
from unodice.play.bots.ismcts import ISMCTSAgent
from unodice.play.bots.playout import play_out, seat_seed

__all__ = ["DeterminizedAgent", "ISMCTSAgent", "play_out", "seat_seed"]
