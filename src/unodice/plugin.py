"""What a plugin imports: the variant contract, its capabilities, and the pieces it is made of.

A variant plugin needs this module and, to test itself, [`unodice.testing`][unodice.testing]:

```python
from unodice.plugin import Move, Positions, State, Table, Variant, View, hookimpl, option
```

Five modules of the engine are toolkits a variant uses as it needs them, documented with the
rest of the API: [`unodice.core.positions`][unodice.core.positions] (writing and reading
position text), [`unodice.core.pictures`][unodice.core.pictures] (drawing SVG pictures),
[`unodice.core.render`][unodice.core.render] (faces in colour for a terminal),
[`unodice.core.uno`][unodice.core.uno] (what every game of the Uno family does the same way:
skips, reversals, draw penalties, the Wild Draw Four's challenge, the Uno call) and
[`unodice.core.turns`][unodice.core.turns] (seats and direction).
"""

from __future__ import annotations

from unodice.core.capabilities import (
    Inventory,
    Matches,
    Pictures,
    Positions,
    Reference,
    Resampling,
    Spaces,
    Text,
    describe_event,
)
from unodice.core.errors import (
    IllegalMove,
    InvalidOptions,
    InvalidPosition,
    UnodiceError,
    Unsupported,
)
from unodice.core.hooks import hookimpl
from unodice.core.lookups import LookupsPerSet, SealedLookup, load_set, unsuitable_set
from unodice.core.moves import Event, Move, Scored, WordMove, shared_event
from unodice.core.options import option
from unodice.core.pieces import Bag, Colour, ComponentSet, Die, Domino, Face
from unodice.core.registry import Registrar
from unodice.core.spaces import Buffer, Slot
from unodice.core.variant import NoOptions, RoundOutcome, State, Table, Variant, View

__all__ = [
    "Bag",
    "Buffer",
    "Colour",
    "ComponentSet",
    "Die",
    "Domino",
    "Event",
    "Face",
    "IllegalMove",
    "InvalidOptions",
    "InvalidPosition",
    "Inventory",
    "LookupsPerSet",
    "Matches",
    "Move",
    "NoOptions",
    "Pictures",
    "Positions",
    "Reference",
    "Registrar",
    "Resampling",
    "RoundOutcome",
    "Scored",
    "SealedLookup",
    "Slot",
    "Spaces",
    "State",
    "Table",
    "Text",
    "UnodiceError",
    "Unsupported",
    "Variant",
    "View",
    "WordMove",
    "describe_event",
    "hookimpl",
    "load_set",
    "option",
    "shared_event",
    "unsuitable_set",
]
