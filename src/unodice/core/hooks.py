"""The plugin hooks: every way a plugin can extend unodice.

Plugins are [pluggy](https://pluggy.readthedocs.io) plugins under the project name ``unodice``,
found through the entry-point group ``unodice``. A plugin module (or object) marks its hook
functions with [`hookimpl`][unodice.core.hooks.hookimpl]:

```python
from unodice.core.hooks import hookimpl

@hookimpl
def unodice_register(registry):
    registry.add_variant(MyVariant)
```

Two kinds of hook exist:

* [`unodice_register`][unodice.core.hooks.HookSpecs.unodice_register] is called once when the
  registry loads. It is how variants, house rules, component sets and agents (bots) become
  available.
* The **rule hooks** ([`unodice_score`][unodice.core.hooks.HookSpecs.unodice_score],
  [`unodice_event`][unodice.core.hooks.HookSpecs.unodice_event]) belong to house rules. They take
  part
  only in games that name the house rule in ``new_game(..., house_rules=[...])``; installing a
  house rule changes no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from unodice.core.game import Game
    from unodice.core.moves import Event
    from unodice.core.registry import Registrar

__all__ = ["HookSpecs", "hookimpl"]

PROJECT = "unodice"
"""The pluggy project name, which is also the entry-point group."""

hookspec = pluggy.HookspecMarker(PROJECT)
"""Marker for hook specifications (used by unodice itself)."""

hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marker for hook implementations: decorate a plugin's hook functions with it."""


class HookSpecs:
    """The hook specifications. A plugin implements any of them with the same signature."""

    @hookspec
    def unodice_register(self, registry: Registrar) -> None:
        """Register what this plugin provides.

        Called once per plugin when the registry loads. Use
        [`Registrar.add_variant`][unodice.core.registry.Registrar.add_variant],
        [`Registrar.add_house_rule`][unodice.core.registry.Registrar.add_house_rule],
        [`Registrar.add_components`][unodice.core.registry.Registrar.add_components] and
        [`Registrar.add_agent`][unodice.core.registry.Registrar.add_agent]. An exception
        raised here (any ``BaseException`` but ``KeyboardInterrupt``) marks only this plugin as
        broken.

        A name that unodice itself provides, or that another plugin registers too, is not
        given to this plugin unless the user allows it to override (see
        [`unodice.core.registry`][unodice.core.registry]); that registration is refused alone and
        listed by ``unodice plugins``.

        Args:
            registry: Where to register; it remembers which plugin registered what.
        """

    @hookspec(firstresult=True)
    def unodice_score(
        self, game: Game, seat: int, points: int, reason: str, context: Mapping[str, Any]
    ) -> int | None:
        """Change the points a seat is about to score (house rules only).

        Called each time a variant scores points, before they are added, in games that use the
        house rule. Return the points to score instead, or ``None`` to leave them as they are.
        The first house rule that returns a number decides.

        Args:
            game: The game, to read (not to change).
            seat: The seat about to score.
            points: The points the variant's own rule gives.
            reason: The variant's words for what is scored (``"round won"``, ``"placement"``).
            context: The variant's details of the scoring situation; each variant's reference
                page lists its keys (for example the dice left in each hand).
        """

    @hookspec
    def unodice_event(self, game: Game, event: Event) -> None:
        """Observe an event as it happens (house rules only).

        Called for every event of a game that uses the house rule, in order, once the move or
        deal that caused it is final (every score hook accepted it). Observers must not change
        the game, nor play it (``game.play`` from a hook is refused), and cannot refuse a
        move: one that raises is named in a ``PluginError`` after the move, which stands. Use
        it for logs, statistics and displays.

        Args:
            game: The game the event belongs to.
            event: The event.
        """
