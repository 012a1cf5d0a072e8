"""A plain reading of the dominoes rules, to check the fast path against.

The variant's fast path files open ends by colour and symbol in bit masks and shares its move
objects between every game of a tile set. This module reads the same rules straight from their
clauses (DO-2 to DO-10), with loops over hands, open ends and faces and nothing worked out in
advance, so that it is plainly right.
[`DominoesReference`][unodice.variants.dominoes.reference.DominoesReference] gives the variant
these plain functions as its ``Reference`` capability, and
[`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares the two at
every decision. It is slow, and never changes the state.

It reads only the state's plain data: the hands, the boneyard's size, the tiles on the table
(from which it works out the open ends itself, DO-2), the phase of the decision, the tile just
drawn, the seat that may be caught and the variant's options. The number of players is the
number of hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from unodice.core import uno
from unodice.core.capabilities import Reference
from unodice.core.pieces import Colour, Domino, Face
from unodice.core.uno import CATCH, DECLINE, DRAW, KEEP, PASS

from .moves import DominoesMove, Play
from .options import DominoesOptions
from .state import CATCHING, CHALLENGE, DRAWN, OVER, RESCUE, SPINNER, TURN, DominoesState, Placement

__all__ = [
    "DominoesReference",
    "End",
    "end_points",
    "fits",
    "hand_total",
    "is_dead_end",
    "is_double_wild",
    "is_wild",
    "legal_moves",
    "move_points",
    "open_ends",
    "round_points",
    "round_winner",
    "wild_draw_four_is_legal",
]

End = tuple[int, Face, Colour | None]
"""An open end as this module sees it: the line's number, the face shown, the colour declared."""


# -- faces --------------------------------------------------------------------------------------


def is_wild(face: Face) -> bool:
    """Whether a face is W or WD4, which match anything and take a declared colour (DO-3, DO-4)."""
    return face.symbol == "W" or face.symbol == "WD4"


def is_dead_end(face: Face) -> bool:
    """Whether a face is DE: an open end showing it closes its line (DO-3, DO-4)."""
    return face.symbol == "DE"


def is_double_wild(tile: Domino) -> bool:
    """Whether a tile is the double-Wild ``W|W``, which can reopen a dead layout (DO-9)."""
    return tile.ends[0].symbol == "W" and tile.ends[1].symbol == "W"


def end_points(face: Face) -> int:
    """What one end of a tile left in a hand is worth (DO-7).

    A number counts its value; D2, R and S 10; WD4 and DE 20; W 25.
    """
    if face.symbol in ("D2", "R", "S"):
        return 10
    if face.symbol in ("WD4", "DE"):
        return 20
    if face.symbol == "W":
        return 25
    return int(face.symbol)


def hand_total(hand: Sequence[Domino]) -> int:
    """The value of a hand at a round's end: both ends of every tile (DO-7)."""
    total = 0
    for tile in hand:
        total += end_points(tile.ends[0]) + end_points(tile.ends[1])
    return total


# -- the layout (DO-2) --------------------------------------------------------------------------


def open_ends(options: DominoesOptions, placements: Sequence[Placement]) -> list[End]:
    """Every line's open end, worked out from the tiles on the table in the order laid (DO-2).

    The spinner starts lines 1 to 4, each showing its face. A tile laid on a line makes its far
    end that line's open end, with the colour declared for a W or WD4 far end (DO-4). With
    ``all_doubles_spin``, a double laid on a line also opens two new lines showing its face
    (and the same declared colour). The double-Wild laid on the spinner of a dead layout opens
    exactly one new line whose open end is its far W in the declared colour (DO-9). A new line
    takes the next free number.
    """
    ends: list[End] = []
    if not placements:
        return ends
    spinner = placements[0]
    for line in range(1, 5):
        ends.append((line, spinner.far, None))
    for placement in placements[1:]:
        if placement.line > len(ends):  # the double-Wild on the spinner: a new line (DO-9)
            ends.append((placement.line, placement.far, placement.colour))
            continue
        ends[placement.line - 1] = (placement.line, placement.far, placement.colour)
        if options.all_doubles_spin and placement.tile.is_double:
            for _ in range(2):
                ends.append((len(ends) + 1, placement.far, placement.colour))
    return ends


def fits(touching: Face, open_end: End) -> bool:
    """Whether a touching end may be laid against an open end (DO-3).

    A DE open end takes nothing, and a DE end never touches. A W or WD4 touching end matches
    anything. Any other matches the same number or word as a coloured open face, whatever its
    colour, or the open end's colour (the colour declared for a W or WD4 open face).
    """
    _, face, declared = open_end
    if is_dead_end(face) or is_dead_end(touching):
        return False
    if is_wild(touching):
        return True
    if face.colour is not None and touching.symbol == face.symbol:
        return True
    shown = face.colour if face.colour is not None else declared
    return touching.colour is not None and touching.colour == shown


def ways_round(tile: Domino) -> list[tuple[Face, Face]]:
    """The ways to lay a tile: (touching end, far end), each end touching in turn (DO-3)."""
    first, second = tile.ends
    return [(first, second), (second, first)]


def declared_colours(far: Face) -> list[Colour | None]:
    """The colours a play may declare for the end it leaves open (DO-4): one for a W or WD4."""
    if is_wild(far):
        return list(Colour)
    return [None]


def uno_calls(hand: Sequence[Domino]) -> list[bool]:
    """Whether a play may call Uno: with and without, when it leaves one tile (DO-6)."""
    if len(hand) == 2:
        return [True, False]
    return [False]


def plays_of(
    tiles: Sequence[Domino], hand: Sequence[Domino], ends: Sequence[End]
) -> list[DominoesMove]:
    """Every way to lay one of ``tiles`` (from ``hand``) on an open end (DO-3, DO-4, DO-6)."""
    moves: list[DominoesMove] = []
    for tile in tiles:
        for touching, far in ways_round(tile):
            for end in ends:
                if not fits(touching, end):
                    continue
                for colour in declared_colours(far):
                    for call in uno_calls(hand):
                        moves.append(Play(touching, far, end[0], colour, call))
    return moves


def wild_draw_four_is_legal(hand: Sequence[Domino], laid: int, ends: Sequence[End]) -> bool:
    """Whether laying ``hand[laid]`` with its WD4 end touching is allowed (DO-3, DO-8).

    It is, unless the player holds another tile that fits some open end (as the layout was
    before the play) with a touching end that is neither W nor WD4. The tile laid is never
    counted, nor its other end; a copy of it in the hand is another tile.
    """
    for index, tile in enumerate(hand):
        if index == laid:
            continue
        for touching, _ in ways_round(tile):
            if is_wild(touching):
                continue
            for end in ends:
                if fits(touching, end):
                    return False
    return True


# -- legal moves --------------------------------------------------------------------------------


def catch_open(state: DominoesState, seat: int) -> bool:
    """Whether ``seat`` may catch a missed Uno call before her own first move (DO-6).

    The state names the seat that played down to one tile without calling and may still be
    caught; she must still hold one tile, and nobody catches herself.
    """
    debtor = state.uno_debtor
    return debtor is not None and debtor != seat and len(state.hands[debtor]) == 1


def barred_wild_draw_four(
    state: DominoesState, seat: int, plays: list[DominoesMove]
) -> list[DominoesMove]:
    """``plays`` less those laying a WD4 end touching, if ``seat`` is barred from them (DO-8).

    Decision of DO-8: a WD4 taken back on an empty boneyard (so its player drew nothing) may
    not be played again by that player until some tile has been laid since.
    """
    if seat not in state.wild_draw_four_barred:
        return plays
    return [
        move for move in plays if not (isinstance(move, Play) and move.touching.symbol == "WD4")
    ]


def legal_moves(options: DominoesOptions, state: DominoesState) -> list[DominoesMove]:
    """Every move the seat to act may make, read from the clauses (no duplicates).

    * A turn (DO-5): lay any tile of the hand on any open end it fits (DO-3), each way round,
      declaring each colour for a W or WD4 far end (DO-4), with and without Uno when it leaves
      one tile (DO-6); a WD4 touching end is offered even when the DO-3 rule forbids it (the
      bluff a challenge settles, DO-8), unless her WD4 was taken back on an empty boneyard and
      no tile has been laid since (DO-8); or draw, while the boneyard holds a tile.
    * The tile just drawn (DO-5): lay it (only it), or keep it; with ``drawn_domino`` set
      to ``"must-play"`` she must lay it.
    * Hit by a WD4 (DO-8): challenge or accept.
    * A dead layout (DO-9): lay the double-Wild on the spinner, declaring a colour, or decline.
    * Beside a turn, a WD4 answer or the double-Wild offer: catch a missed Uno (DO-6), and
      ``pass`` when she could do nothing else.
    * With ``catch_by`` set to ``"any-opponent"``, an opponent asked out of turn before the
      next player moves (DO-6): catch or decline, nothing else.
    """
    seat = state.to_act
    if seat is None or state.phase == OVER:
        return []
    hand = state.hands[seat]
    ends = open_ends(options, state.layout.placements)
    catch: list[DominoesMove] = [CATCH] if catch_open(state, seat) else []
    moves: list[DominoesMove] = []
    if state.phase == TURN:
        plays = barred_wild_draw_four(state, seat, plays_of(hand, hand, ends))
        moves = catch + plays
        if len(state.boneyard) > 0:
            moves.append(DRAW)
        elif catch and not plays:
            moves.append(PASS)
    elif state.phase == DRAWN:
        # Drawing was her first move, so no catch is open any more (DO-6).
        assert state.drawn is not None
        moves = barred_wild_draw_four(state, seat, plays_of([state.drawn], hand, ends))
        if options.drawn_domino == "keep":  # "must-play": she lays it (DO-5)
            moves.append(KEEP)
    elif state.phase == CHALLENGE:
        moves = [*catch, uno.ACCEPT, uno.CHALLENGE]
    elif state.phase == RESCUE:
        rescues: list[DominoesMove] = []
        for tile in hand:
            if is_double_wild(tile):
                touching, far = tile.ends
                for colour in declared_colours(far):
                    for call in uno_calls(hand):
                        rescues.append(Play(touching, far, SPINNER, colour, call))
        moves = [*catch, *rescues, DECLINE]
    elif state.phase == CATCHING:
        # Asked out of turn, before the next player moves (DO-6, ``catch_by="any-opponent"``).
        moves = [CATCH, DECLINE]
    unique: list[DominoesMove] = []
    seen: set[DominoesMove] = set()
    for move in moves:  # a double, or two copies of a tile, give the same move twice
        if move not in seen:
            seen.add(move)
            unique.append(move)
    return unique


# -- scoring ------------------------------------------------------------------------------------


def move_points(state: DominoesState, move: DominoesMove) -> list[int]:
    """Points a move scores by itself: none, since dominoes scores only at a round's end (DO-7)."""
    return [0] * len(state.hands)


def round_winner(options: DominoesOptions, state: DominoesState) -> int | None:
    """Who won the round that ended in ``state``, or ``None`` for a blocked tie.

    * DO-7: a player who laid her last tile has won.
    * DO-9: every line ends in DE and nobody laid the double-Wild: the player who closed the
      last line (she laid the last tile on the table) has won.
    * DO-10: the boneyard is empty and every player in turn passed: the lowest hand total wins;
      a tie for it has no winner.

    Raises:
        ValueError: The round did not end in ``state``.
    """
    for seat, hand in enumerate(state.hands):
        if not hand:
            return seat
    placements = state.layout.placements
    ends = open_ends(options, placements)
    if ends and all(is_dead_end(face) for _, face, _ in ends):
        return placements[-1].seat
    # DO-10: the turns counted as passes are the state's: real passes only (a WD4 taken back
    # after an upheld challenge is no pass and starts the count again, DO-8).
    if len(state.boneyard) == 0 and state.idle_turns >= len(state.hands):
        totals = [hand_total(hand) for hand in state.hands]
        lowest = min(totals)
        holders = [seat for seat, total in enumerate(totals) if total == lowest]
        return holders[0] if len(holders) == 1 else None
    raise ValueError("the round did not end in this state (DO-7, DO-9, DO-10)")


def round_points(options: DominoesOptions, state: DominoesState) -> list[int]:
    """Points the end of a round scores: the winner scores every other hand (DO-7, DO-9, DO-10).

    Her own tiles never count; a blocked round with a tie for the lowest hand scores nothing.
    """
    points = [0] * len(state.hands)
    winner = round_winner(options, state)
    if winner is None:
        return points
    for seat, hand in enumerate(state.hands):
        if seat != winner:
            points[winner] += hand_total(hand)
    return points


# -- the capability -----------------------------------------------------------------------------


class DominoesReference(Reference[DominoesState, DominoesMove]):
    """The plain functions of this module, as the variant's ``Reference`` capability.

    Each method hands the state, and the options if they matter, to the plain function of its
    name: [`legal_moves`][unodice.variants.dominoes.reference.legal_moves],
    [`move_points`][unodice.variants.dominoes.reference.move_points] and
    [`round_points`][unodice.variants.dominoes.reference.round_points].
    """

    options: DominoesOptions

    def reference_legal_moves(self, state: DominoesState) -> list[DominoesMove]:
        """Every move the seat to act may make, read from the clauses."""
        return legal_moves(self.options, state)

    def reference_move_points(self, state: DominoesState, move: DominoesMove) -> list[int]:
        """None: dominoes scores only at a round's end (DO-7)."""
        return move_points(state, move)

    def reference_round_points(self, state: DominoesState) -> list[int]:
        """What the end of the round scores: the winner scores every other hand."""
        return round_points(self.options, state)
