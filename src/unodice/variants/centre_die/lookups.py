"""What a dice set's games share: the set, checked, and the faces numbered once.

The rules compare faces all the time: does this die match the centre die (CD-2), what is it
worth (CD-10), what does it do when played (CD-6, CD-7)?
[`FaceLookup`][unodice.variants.centre_die.lookups.FaceLookup] answers these questions from
lookups worked out once per dice set, so that the hot path of a game works with small whole
numbers (face *codes*) instead of comparing objects.
[`CentreDieLookups`][unodice.variants.centre_die.lookups.CentreDieLookups] adds the play moves
of every face and the set's shared events;
[`lookups_for`][unodice.variants.centre_die.lookups.lookups_for] hands them out, and
[`load_dice`][unodice.variants.centre_die.lookups.load_dice] loads the set the ``dice`` option
names, refusing one the rules cannot play a round with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from unodice.core.lookups import LookupsPerSet, SealedLookup, load_set, unsuitable_set
from unodice.core.pieces import Colour, ComponentSet, Die, Face

from .kernel import SharedEvents
from .moves import Bluff, Play

__all__ = [
    "HAND_SIZE",
    "NORMAL",
    "WILD",
    "WILD_DRAW_FOUR",
    "CentreDieLookups",
    "FaceLookup",
    "face_value",
    "load_dice",
    "lookups_for",
]

HAND_SIZE = 5
"""Dice in a hand at the start of a round (CD-1)."""

NORMAL = 0
"""The kind of a number or command face."""
WILD = 1
"""The kind of a W face."""
WILD_DRAW_FOUR = 2
"""The kind of a WD4 face."""

_SYMBOL_ORDER = {
    symbol: index
    for index, symbol in enumerate(
        ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "R", "S", "D2", "W", "WD4")
    )
}
_COLOUR_ORDER = {colour: index for index, colour in enumerate(Colour)}

COMMAND_VALUE = 20
"""What an R, S or D2 left in a hand is worth (CD-10)."""
WILD_VALUE = 50
"""What a W or WD4 left in a hand is worth (CD-10)."""


def face_value(face: Face) -> int:
    """What a face left in a hand scores for the round's winner (CD-10).

    Numbers count their value, R, S and D2 count 20, W and WD4 count 50.
    """
    if face.is_wild:
        return WILD_VALUE
    if face.is_command:
        return COMMAND_VALUE
    return int(face.symbol)


def _face_order(face: Face) -> tuple[int, int, int]:
    colour = -1 if face.colour is None else _COLOUR_ORDER[face.colour]
    return (face.is_wild, colour, _SYMBOL_ORDER[face.symbol])


def _kind(face: Face) -> int:
    if face.symbol == "W":
        return WILD
    if face.symbol == "WD4":
        return WILD_DRAW_FOUR
    return NORMAL


def _matches(hand: Face, centre: Face | None, declared: Colour | None) -> bool:
    """CD-2 for a non-wild hand face: same number, same colour or same command."""
    if hand.is_wild:
        return False
    if centre is None:
        return hand.colour is declared
    return hand.colour is centre.colour or hand.symbol == centre.symbol


class FaceLookup(SealedLookup):
    """Every distinct face of a dice set, numbered in a stable order, with the rules' answers.

    A face's *code* is its index in ``faces`` (coloured faces by colour and symbol, then W,
    then WD4). The centre die is described by a
    *centre key*: its code when it is coloured, or one of four extra keys (one per declared
    colour) when it is a W or WD4, which then matches by that colour only.

    Args:
        dice: The dice of the set.

    Attributes:
        faces: The distinct faces, indexed by code.
        code_of: Code of each face.
        kinds: ``NORMAL``, ``WILD`` or ``WILD_DRAW_FOUR`` per code.
        values: Points per code when left in a hand (CD-10).
        symbols: The symbol per code (what a played die does).
        commands: Per code, whether it is an R, S or D2 (a played die that acts, CD-6).
        matches: Per centre key, per code: whether a die showing that face matches the centre
            die by CD-2 (always false for W and WD4, which have rules of their own).
        matching: Per centre key, the set of codes that match it by CD-2.
        playable: Per centre key, the codes a player may put on it: the matching ones and the
            wild ones (a WD4 at least as a bluff).
        numbered_dice: Ids of the dice that have at least one number face.
        die_faces: Per die id, the codes of its six faces.
    """

    def __init__(self, dice: Sequence[Die]):
        distinct = sorted({face for die in dice for face in die.faces}, key=_face_order)
        self.faces: tuple[Face, ...] = tuple(distinct)
        self.code_of: dict[Face, int] = {face: code for code, face in enumerate(distinct)}
        self._code_by_identity = {
            id(face): self.code_of[face] for die in dice for face in die.faces
        }
        self.kinds: tuple[int, ...] = tuple(_kind(face) for face in distinct)
        self.values: tuple[int, ...] = tuple(face_value(face) for face in distinct)
        self.symbols: tuple[str, ...] = tuple(face.symbol for face in distinct)
        self.commands: tuple[bool, ...] = tuple(face.is_command for face in distinct)
        self._wild_keys = {colour: len(distinct) + index for index, colour in enumerate(Colour)}
        rows = [tuple(_matches(face, centre, None) for face in distinct) for centre in distinct]
        rows += [tuple(_matches(face, None, colour) for face in distinct) for colour in Colour]
        self.matches: tuple[tuple[bool, ...], ...] = tuple(rows)
        wilds = frozenset(code for code, kind in enumerate(self.kinds) if kind != NORMAL)
        self.matching: tuple[frozenset[int], ...] = tuple(
            frozenset(code for code, match in enumerate(row) if match) for row in rows
        )
        self.playable: tuple[frozenset[int], ...] = tuple(
            matching | wilds for matching in self.matching
        )
        self.die_faces: dict[int, frozenset[int]] = {
            die.id: frozenset(self.code_of[face] for face in die.faces) for die in dice
        }
        self.numbered_dice: frozenset[int] = frozenset(
            die.id for die in dice if any(face.is_number for face in die.faces)
        )
        self.seal()

    def code(self, face: Face) -> int:
        """The code of a face a die of the set shows (fast for the set's own face objects)."""
        code = self._code_by_identity.get(id(face))
        return self.code_of[face] if code is None else code

    def codes(self, faces: Sequence[Face]) -> tuple[int, ...]:
        """The codes of several faces, in order."""
        by_identity = self._code_by_identity
        try:
            return tuple([by_identity[id(face)] for face in faces])
        except KeyError:
            return tuple([self.code(face) for face in faces])

    def centre_key(self, code: int, declared: Colour | None) -> int:
        """The centre key of a centre die showing face ``code`` (with its declared colour)."""
        return code if declared is None else self._wild_keys[declared]

    def any_match(self, codes: Sequence[int], key: int) -> bool:
        """Whether any of the faces ``codes`` matches the centre key by CD-2 (wilds never do)."""
        return not self.matching[key].isdisjoint(codes)

    def has_play(self, codes: Sequence[int], key: int) -> bool:
        """Whether any of the faces ``codes`` may be put on the centre key (CD-2, CD-7).

        A W always may, and a WD4 too, if only as a bluff.
        """
        return not self.playable[key].isdisjoint(codes)


class CentreDieLookups(SealedLookup):
    """What the games of one dice set share: its face lookup, play moves and shared events.

    ``plays[code][uno]`` are the plays of a die showing face ``code``: one per declared colour
    for a wild die, and with ``uno`` true each also in the form that calls Uno.
    ``bluffs[uno]`` likewise for a bluffed WD4. ``shared`` hands out the events that the
    set's games share.

    Args:
        dice_set: The set of dice.
    """

    def __init__(self, dice_set: ComponentSet):
        self.dice_set = dice_set
        self.faces = FaceLookup(dice_set.dice)
        self.shared = SharedEvents(self.faces.faces)
        self.plays = tuple(
            (self._plays_of(face, False), self._plays_of(face, True)) for face in self.faces.faces
        )
        self.bluffs = (self._bluffs(False), self._bluffs(True))
        self.seal()

    @staticmethod
    def _plays_of(face: Face, uno_possible: bool) -> tuple[Play, ...]:
        colours: Sequence[Colour | None] = tuple(Colour) if face.is_wild else (None,)
        calls = (False, True) if uno_possible else (False,)
        return tuple(Play(face, colour, call) for colour in colours for call in calls)

    @staticmethod
    def _bluffs(uno_possible: bool) -> tuple[Bluff, ...]:
        calls = (False, True) if uno_possible else (False,)
        return tuple(Bluff(colour, call) for colour in Colour for call in calls)


lookups_for: LookupsPerSet[CentreDieLookups] = LookupsPerSet(CentreDieLookups)
"""The lookups of a dice set, built once per set and shared by every game that uses it."""


def load_dice(name: str, extra: Mapping[str, ComponentSet], players: int) -> ComponentSet:
    """The dice set the ``dice`` option names, checked to be able to play a round (CD-1).

    Raises:
        InvalidOptions: No set has that name, it is a set of dominoes, it has fewer dice than
            a centre die and five per hand, or none of its dice has a number face for the
            centre die.
    """
    dice_set = load_set("centre-die", "dice", name, extra, "dice")
    needed = 1 + HAND_SIZE * players
    if len(dice_set.dice) < needed:
        raise unsuitable_set(
            "centre-die",
            "dice",
            name,
            f"has {len(dice_set.dice)} dice; {players} players need at least {needed} "
            "(a centre die and five per hand)",
        )
    if not any(face.is_number for die in dice_set.dice for face in die.faces):
        raise unsuitable_set(
            "centre-die", "dice", name, "has no number face for the centre die (CD-1)"
        )
    return dice_set
