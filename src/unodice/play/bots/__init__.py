"""Strong bots: search that decides from a seat's view only.

[`ISMCTSAgent`][unodice.play.bots.ismcts.ISMCTSAgent] searches over determinizations of what its
seat cannot see; it plays every variant through the public API. Each built-in variant's own
heuristic agent lives beside its rules, in the variant package's ``agents`` module.
"""

from __future__ import annotations

from unodice.play.bots.ismcts import ISMCTSAgent

__all__ = ["ISMCTSAgent"]
