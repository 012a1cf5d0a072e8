"""The centre-die game for learning agents: every move numbered, every view laid out.

[`CentreDieSpaces`][unodice.variants.centre_die.spaces.CentreDieSpaces] is the variant's
[`Spaces`][unodice.core.capabilities.Spaces] capability, which the rules class inherits.

**The action catalogue**
([`actions`][unodice.variants.centre_die.spaces.CentreDieSpaces.actions]) depends on
the dice set alone (the ``dice`` option), not on the seats or the other options. It lists, face
by face in the order of the set's face codes (see
[`FaceLookup`][unodice.variants.centre_die.lookups.FaceLookup]: red, yellow, green, blue, each by
number, then R, S, D2; then W, then WD4), a block of moves per face:

* a coloured face ``F``: ``play F``, ``play F uno`` (2 moves);
* ``W``: ``play W:c`` then ``play W:c uno`` for each declared colour ``c`` in the order r, y,
  g, b (8 moves);
* ``WD4``: its 8 plays as for ``W``, then the 8 bluffs ``bluff WD4:c`` and
  ``bluff WD4:c uno`` in the same order (16 moves);

and then the six word moves ``decline``, ``draw``, ``keep``, ``challenge``, ``accept``,
``catch``. So ``play F:c uno`` is number ``first(F) + 2 * colour + uno`` (colour 0 for a
coloured face), a bluff ``first(WD4) + 8 + 2 * colour + uno``, and the catalogue holds
``2 * coloured faces + 8 * [W in set] + 16 * [WD4 in set] + 6`` moves: 102 for the default
set, whose 38 faces are 36 coloured ones, W and WD4.

Every move the rules offer is there: a play is of a face some die of the set shows, with the
Uno call offered exactly when two dice are in the hand (CD-9); a bluff is of a WD4 (CD-7); the
words are all of the game's. Every move listed can be offered too, given a hand that shows the
face and a centre die it may be put on.

**The observation**
([`observation_layout`][unodice.variants.centre_die.spaces.CentreDieSpaces.observation_layout])
is the view, read
from the observer's seat: *relative seat* 0 is the observer, relative seat ``k`` the player
``k`` turns after her in the current direction of play, so her own hand always comes first and
the next player's second. With ``F`` faces in the set, ``D`` dice and ``P`` players it holds,
in this order:

* ``hands`` (``P * F``): per relative seat, per face code, the dice of the hand showing that
  face over the dice of the set that bear it (the most a hand can show);
* ``hand sizes`` (``P``): the dice in each hand, over ``D``;
* ``centre`` (``F``): the centre die's face, one-hot;
* ``centre colour`` (4): the colour the centre die counts as (its own, or the one declared for
  a W or WD4), one-hot in the order r, y, g, b;
* ``drawn`` (``F``): in step 3, the face of the drawn die, the only one that may be played
  (CD-5), one-hot;
* ``phase`` (5): step 1, step 2, step 3, answering a WD4, round over; one-hot; under the
  option ``catch_by="any-opponent"`` (6) a sixth place, last: an opponent is asked whether
  she catches a missed Uno (CD-9);
* ``wd4 illegal`` (1): 1 while a WD4 that broke CD-7 awaits its answer (the hands are open, so
  everyone knows);
* ``to act`` (``P``): the relative seat that must decide, one-hot (zeros when nobody must);
* ``turn`` (``P``): whose turn it is, one-hot; while a WD4 awaits its answer, its player's;
* ``catchable`` (``P``): the relative seat the player to act may catch (CD-9), one-hot;
* ``direction`` (1): 1 while play goes clockwise (increasing seat numbers), 0 after a reverse;
* ``bag`` (1): the dice in the bag, over ``D``;
* ``scores`` (``P``): per relative seat, the match total over the ``target``, clipped to 1;
* ``round`` (1): with the ``rounds`` option, the rounds played before this one over
  ``rounds``; else 0.

That is ``3 * F + 6 * P + P * F + 13`` numbers: ``43 * P + 89`` for the default set (175 for
two players, 347 for six), one more under ``catch_by="any-opponent"``. A view holds nothing
more than that: the only hidden thing in the game, the order of the bag, is in no slot.
"""

from __future__ import annotations

from typing import cast

from unodice.core.capabilities import Spaces
from unodice.core.lookups import LookupsPerSet, SealedLookup
from unodice.core.pieces import Colour, ComponentSet
from unodice.core.spaces import Buffer, Slot
from unodice.core.variant import View

from .lookups import WILD_DRAW_FOUR, CentreDieLookups, FaceLookup, lookups_for
from .moves import WORDS, CentreDieMove
from .options import CentreDieOptions
from .state import ANSWERING_WD4, CATCHING, ROUND_OVER, STEP_ONE, STEP_THREE, STEP_TWO, Phase

__all__ = [
    "PHASES",
    "PHASES_ANY_OPPONENT",
    "CentreDieEncoder",
    "CentreDieSpaces",
    "ObservationLookup",
    "observation_lookups",
]

PHASES: tuple[Phase, ...] = (STEP_ONE, STEP_TWO, STEP_THREE, ANSWERING_WD4, ROUND_OVER)
"""The phases in the order of the ``phase`` slot."""
PHASES_ANY_OPPONENT: tuple[Phase, ...] = (*PHASES, CATCHING)
"""The phases in the order of the ``phase`` slot under ``catch_by="any-opponent"`` (CD-9)."""

_COLOURS = tuple(Colour)


class ObservationLookup(SealedLookup):
    """Where each part of a view goes in an observation, worked out once per dice set and seats.

    Args:
        dice_set: The set of dice.
        players: How many seats the game has.
        any_opponent: Whether the game plays ``catch_by="any-opponent"`` (CD-9), which adds
            the phase ``catching`` to the ``phase`` slot.

    Attributes:
        faces: The set's face lookup (codes of faces).
        players: How many seats.
        phases: The phases in the order of the ``phase`` slot.
        slots: The layout.
        starts: The first index of each slot, by name.
        share_of: Per face code, per count ``n``: ``n`` over the dice of the set bearing that
            face (the ``hands`` slot's value for ``n`` dice showing it).
        dice: How many dice the set has (what hand sizes and the bag are counted over).
        seats_in_order: Per direction (``1`` clockwise, ``-1`` after a reverse), per observer:
            the seats in relative order, the observer first.
        relative_seat: Per direction, per observer: each seat's relative seat.
        hand_places: Per direction, per observer, per relative seat: the seat, where its
            hand's faces begin in ``hands`` and where its size goes in ``hand sizes``.
        dice_set: The set of dice.
        code_by_identity: The code of each face object the set's dice bear, by identity.
        colour_at: Per colour, its place in ``centre colour``.
        phase_at: Per phase, its place in ``phase``.
    """

    def __init__(self, dice_set: ComponentSet, players: int, any_opponent: bool = False):
        faces = lookups_for(dice_set).faces
        self.faces: FaceLookup = faces
        self.players = players
        self.phases = PHASES_ANY_OPPONENT if any_opponent else PHASES
        count = len(faces.faces)
        self.slots: tuple[Slot, ...] = _slots(count, players, self.phases)
        starts: dict[str, int] = {}
        start = 0
        for slot in self.slots:
            starts[slot.name] = start
            start += slot.size
        self.starts = starts
        bearing = [0] * count
        for die in dice_set.dice:
            for code in faces.die_faces[die.id]:
                bearing[code] += 1
        self.share_of: tuple[tuple[float, ...], ...] = tuple(
            tuple(n / most for n in range(most + 1)) for most in bearing
        )
        self.dice = len(dice_set.dice)
        self.seats_in_order: dict[int, tuple[tuple[int, ...], ...]] = {
            direction: tuple(
                tuple((observer + direction * k) % players for k in range(players))
                for observer in range(players)
            )
            for direction in (1, -1)
        }
        self.relative_seat: dict[int, tuple[tuple[int, ...], ...]] = {
            direction: tuple(
                tuple(((seat - observer) * direction) % players for seat in range(players))
                for observer in range(players)
            )
            for direction in (1, -1)
        }
        # Where each seat's hand begins, per direction and observer: the encoding's loop.
        self.hand_places: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
            direction: tuple(
                tuple(
                    (seat, starts["hands"] + relative * count, starts["hand sizes"] + relative)
                    for relative, seat in enumerate(order)
                )
                for order in orders
            )
            for direction, orders in self.seats_in_order.items()
        }
        # The code of each face object of the set's dice (a view shows these very objects),
        # held with the set, so that no other object can have one of these identities.
        self.dice_set = dice_set
        self.code_by_identity: dict[int, int] = {
            id(face): faces.code_of[face] for die in dice_set.dice for face in die.faces
        }
        self.colour_at: dict[Colour, int] = {
            colour: starts["centre colour"] + index for index, colour in enumerate(_COLOURS)
        }
        self.phase_at: dict[Phase, int] = {
            phase: starts["phase"] + index for index, phase in enumerate(self.phases)
        }
        self.seal()


observation_lookups: LookupsPerSet[ObservationLookup] = LookupsPerSet(ObservationLookup)
"""The observation lookup of a dice set and seat count, built once and shared."""


def _slots(faces: int, players: int, phases: tuple[Phase, ...]) -> tuple[Slot, ...]:
    named = ", ".join("answering a WD4" if phase == ANSWERING_WD4 else phase for phase in phases)
    return (
        Slot(
            "hands",
            players * faces,
            "per relative seat (observer first, then in play order), per face: dice showing "
            "it over the set's dice bearing it",
        ),
        Slot("hand sizes", players, "per relative seat: dice in the hand over the set's dice"),
        Slot("centre", faces, "the centre die's face, one-hot"),
        Slot("centre colour", len(_COLOURS), "the colour the centre die counts as, one-hot"),
        Slot("drawn", faces, "in step 3, the drawn die's face, one-hot (CD-5)"),
        Slot("phase", len(phases), f"{named}; one-hot"),
        Slot("wd4 illegal", 1, "1 while a WD4 that broke CD-7 awaits its answer (CD-8)"),
        Slot("to act", players, "the relative seat that must decide, one-hot"),
        Slot("turn", players, "the relative seat whose turn it is, one-hot"),
        Slot("catchable", players, "the relative seat the player to act may catch (CD-9)"),
        Slot("direction", 1, "1 while play goes clockwise, 0 after a reverse (CD-6)"),
        Slot("bag", 1, "dice in the bag over the set's dice"),
        Slot("scores", players, "per relative seat: match total over the target, clipped"),
        Slot("round", 1, "with the rounds option, rounds played over rounds; else 0"),
    )


class CentreDieSpaces(Spaces[CentreDieMove]):
    """The action catalogue and the observation layout (the rules class inherits them)."""

    _lookups: CentreDieLookups  # the dice set's lookups, which the rules class sets up
    options: CentreDieOptions  # the game's options, which the variant sets up

    def actions(self) -> tuple[CentreDieMove, ...]:
        """Every move that can be legal with the variant's dice set, in the module's order.

        Per face code its plays (and a WD4's bluffs too), then the word moves.
        """
        lookups = self._lookups
        moves: list[CentreDieMove] = []
        for code, kind in enumerate(lookups.faces.kinds):
            moves.extend(lookups.plays[code][True])
            if kind == WILD_DRAW_FOUR:
                moves.extend(lookups.bluffs[True])
        moves.extend(cast(tuple[CentreDieMove, ...], WORDS))
        return tuple(moves)

    def observation_layout(self) -> tuple[Slot, ...]:
        """The slots of an observation, in the order the module's docstring lists them."""
        return self._observation_lookup().slots

    def _observation_lookup(self) -> ObservationLookup:
        options = self.options
        return observation_lookups(
            self._lookups.dice_set, self.player_count, options.catch_by == "any-opponent"
        )

    def encode_view(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout), from the observer's seat."""
        self.view_encoder()(view, out)

    def view_encoder(self) -> CentreDieEncoder:
        """An encoder of this variant's views (see ``CentreDieEncoder``)."""
        options = self.options
        return CentreDieEncoder(self._observation_lookup(), options.target, options.rounds)


class CentreDieEncoder:
    """Writes views of one game's variant as ``encode_view`` does.

    (See [`view_encoder`][unodice.core.capabilities.Spaces.view_encoder].) It holds what
    every view of the game is encoded with, worked out once: the observation lookup, the
    options ``target`` and ``rounds``.

    Args:
        lookup: The observation lookup of the variant's dice set, seats and options.
        target: The option ``target``.
        rounds: The option ``rounds``.
    """

    __slots__ = ("colour_at", "lookup", "rounds", "target")

    def __init__(self, lookup: ObservationLookup, target: int, rounds: int | None):
        self.lookup = lookup
        self.target = target
        self.rounds = rounds
        # Each colour's place by identity: hashing a colour hashes an enum member, which
        # Python does in Python.
        self.colour_at = {id(colour): at for colour, at in lookup.colour_at.items()}

    def __call__(self, view: View, out: Buffer) -> None:
        """Write ``view`` into ``out`` (zeros, as long as the layout)."""
        lookup = self.lookup
        faces, starts = lookup.faces, lookup.starts
        data = view.data
        direction = data["direction"]
        observer = view.seat
        place = lookup.relative_seat[direction][observer]
        hands = data["hands"]
        share_of, dice = lookup.share_of, lookup.dice
        code_of, by_identity = faces.code, lookup.code_by_identity
        for seat, base, size_at in lookup.hand_places[direction][observer]:
            hand = hands[seat]
            if hand:
                shown: dict[int, int] = {}
                for face in hand:
                    code = by_identity.get(id(face))
                    if code is None:
                        code = code_of(face)
                    shown[code] = shown.get(code, 0) + 1
                for code, many in shown.items():
                    out[base + code] = share_of[code][many]
                out[size_at] = len(hand) / dice
            else:
                out[size_at] = 0 / dice
        centre = data["centre"]
        code = by_identity.get(id(centre))
        out[starts["centre"] + (code_of(centre) if code is None else code)] = 1
        centre_colour = data["centre_colour"]
        if centre_colour is not None:
            out[self.colour_at[id(centre_colour)]] = 1
        drawn = data["drawn"]
        if drawn is not None:
            out[starts["drawn"] + code_of(drawn)] = 1
        out[lookup.phase_at[data["phase"]]] = 1
        if data["wd4_legal"] is False:
            out[starts["wd4 illegal"]] = 1
        to_act = view.to_act
        if to_act is not None:
            out[starts["to act"] + place[to_act]] = 1
        out[starts["turn"] + place[data["turn"]]] = 1
        catchable = data["catchable"]
        if catchable is not None:
            out[starts["catchable"] + place[catchable]] = 1
        if direction == 1:
            out[starts["direction"]] = 1
        out[starts["bag"]] = data["bag"] / dice
        at, target = starts["scores"], self.target
        for seat, points in enumerate(view.scores):
            out[at + place[seat]] = min(1.0, points / target)
        rounds = self.rounds
        if rounds is not None:
            out[starts["round"]] = min(1.0, (view.round - 1) / rounds)
