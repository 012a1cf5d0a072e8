"""The dice pig plays with, and the facts about them that every game shares.

Pig plays with the forty dice of the ``centre-die-40`` set (PIG-1). The set is loaded by name,
so a plugin allowed to replace it (``UNODICE_ALLOW_OVERRIDE``) replaces it for pig too, and is
refused if the rules cannot play with its dice: pig's legal moves rely on the bag never running
dry, which a die that shows only letters guarantees (``PigDice.letters_only``).
"""

from __future__ import annotations

from collections.abc import Mapping

from unodice.core.lookups import LookupsPerSet, SealedLookup, load_set, unsuitable_set
from unodice.core.pieces import ComponentSet, Die

__all__ = ["DICE", "PigDice", "dice_for"]

DICE = "centre-die-40"
"""The component set pig is played with (PIG-1)."""


class PigDice(SealedLookup):
    """What pig needs to know about its dice set, worked out once and shared by every game.

    Attributes:
        dice_set: The component set.
        dice: Its dice, in the set's order: what the bag holds at the start (PIG-1).
        letters_only: The dice with no number face. Whichever of them is drawn busts the turn
            (PIG-3), so a turn ends before the bag is empty and a roll always finds a die.
    """

    def __init__(self, dice_set: ComponentSet):
        self.dice_set = dice_set
        self.dice: tuple[Die, ...] = tuple(dice_set.dice)
        self.letters_only = tuple(
            die for die in self.dice if all(face.number is None for face in die.faces)
        )
        self.seal()


_tables: LookupsPerSet[PigDice] = LookupsPerSet(PigDice)
"""The shared table of each dice set."""


def dice_for(component_sets: Mapping[str, ComponentSet]) -> PigDice:
    """The table of the dice pig plays with, the set looked up among ``component_sets`` too.

    Raises:
        InvalidOptions: The set is not a set of dice, or none of its dice shows only letters.
    """
    dice_set = load_set("pig", None, DICE, component_sets, "dice")
    table = _tables(dice_set)
    if not table.letters_only:
        raise unsuitable_set(
            "pig", None, DICE, "has no die that shows only letters, so the bag could run dry"
        )
    return table
