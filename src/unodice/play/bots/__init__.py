"""Strong bots: search that decides from a seat's view only.

[`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] searches over determinizations of what its
seat cannot see; it plays every variant through the public API.
[`play_out`][unodice.play.bots.playout.play_out] plays a game on with one agent at every seat,
in the native engine when the game is a native one: the playouts a search evaluates with. Each
built-in variant's own heuristic agent lives beside its rules, in the variant package's
``agents`` module.
"""

from __future__ import annotations

from unodice.play.bots.ismcts import ISMCTSAgent
from unodice.play.bots.playout import play_out, seat_seed

__all__ = ["ISMCTSAgent", "play_out", "seat_seed"]
