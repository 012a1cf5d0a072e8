"""The centre-die rules read plainly: legal moves and scoring, clause by clause.

This module is a slow, obvious reading of CD-2 to CD-10 beside the fast path in
[`CentreDie`][unodice.variants.centre_die.rules.CentreDie], which
[`check_variant`][unodice.testing.check_variant] with ``reference=True`` compares with it at
every decision. It loops over hands and faces and asks each clause its question in a plain
function named after it; it keeps no lookups, builds every move with its class's constructor
and never changes the state.
[`CentreDieReference`][unodice.variants.centre_die.reference.CentreDieReference], the variant's
[`Reference`][unodice.core.capabilities.Reference] capability, which the rules class inherits,
answers the check with
[`legal_moves`][unodice.variants.centre_die.reference.legal_moves],
[`move_points`][unodice.variants.centre_die.reference.move_points] and
[`round_points`][unodice.variants.centre_die.reference.round_points].

What it reads of the state: the dice in each hand and the faces they show, the centre die and
its declared colour, the phase of the turn, the seat to act and the seat she may catch. The
state records the face a die shows as a number (the face's place in the list of the dice
set's distinct faces); [`face_shown`][unodice.variants.centre_die.reference.face_shown] turns
it back into the face, and is the only place that reads the variant's face list. Whether a
catch is open depends on what happened since the offender's play (CD-9), which the state keeps
only as the seat that may be caught; the reference takes that seat from the state and checks
it against the clause (the offender holds one die, is not the player to act, and the player to
act has made no move of her turn yet).
"""

from __future__ import annotations

from unodice.core import uno
from unodice.core.capabilities import Reference
from unodice.core.pieces import Colour, Face

from .lookups import CentreDieLookups
from .moves import Bluff, CentreDieMove, Play
from .options import CentreDieOptions
from .state import ANSWERING_WD4, CATCHING, STEP_ONE, STEP_THREE, STEP_TWO, CentreDieState

__all__ = [
    "CentreDieReference",
    "cd2_matches",
    "cd4_may_draw",
    "cd5_plays_of_the_drawn_die",
    "cd7_declarable_colours",
    "cd7_wd4_within_the_rule",
    "cd9_asked_to_catch",
    "cd9_calls",
    "cd9_may_catch",
    "cd10_value_left_in_hand",
    "cd10_winner",
    "centre_face",
    "face_shown",
    "hand_faces",
    "legal_moves",
    "move_points",
    "plays_from_hand",
    "plays_of_die",
    "round_points",
]


# -- what lies on the table ------------------------------------------------------------------------


def face_shown(variant: CentreDieReference, code: int) -> Face:
    """The face that the state's number ``code`` stands for.

    The state keeps the face a die shows as its place in the list of the dice set's distinct
    faces (the variant's ``_lookups.faces.faces``); this reads that list and nothing else of
    the fast path.

    Args:
        variant: The game's variant.
        code: The number the state keeps for a face.

    Returns:
        The face.
    """
    return variant._lookups.faces.faces[code]


def hand_faces(variant: CentreDieReference, state: CentreDieState, seat: int) -> list[Face]:
    """The faces a seat's hand shows, die by die in hand order (hands are open, CD-1).

    Args:
        variant: The game's variant.
        state: The round's state.
        seat: Whose hand.

    Returns:
        One face per die in the hand.

    Raises:
        ValueError: The state says a die shows a face that the die does not have.
    """
    faces = []
    for die, code in zip(state.dice[seat], state.codes[seat], strict=True):
        face = face_shown(variant, code)
        if face not in die.faces:
            raise ValueError(f"seat {seat}'s {die} is said to show {face}, not one of its faces")
        faces.append(face)
    return faces


def centre_face(variant: CentreDieReference, state: CentreDieState) -> Face:
    """The face the centre die shows (CD-1, CD-3).

    Args:
        variant: The game's variant.
        state: The round's state.

    Returns:
        The face; a W or WD4 counts as ``state.centre_colour`` (CD-2).
    """
    return face_shown(variant, state.centre_code)


# -- CD-2, CD-7: what may be played ----------------------------------------------------------------


def cd2_matches(face: Face, centre: Face, declared: Colour | None) -> bool:
    """CD-2: a die showing ``face`` matches the centre die.

    Same number, same colour, or same command (R, S or D2, whatever their colours). A W or WD4
    centre die counts as its declared colour and matches nothing else. A W or WD4 in the hand
    matches nothing by this clause: CD-7 says when they may be played.

    Args:
        face: The face the hand's die shows.
        centre: The face the centre die shows.
        declared: The colour declared for a W or WD4 centre die (``None`` otherwise).
    """
    if face.is_wild:
        return False
    if centre.is_wild:
        return face.colour is not None and face.colour == declared
    if face.is_number and centre.is_number and face.number == centre.number:
        return True
    if face.colour is not None and face.colour == centre.colour:
        return True
    return face.is_command and face.symbol == centre.symbol


def cd7_wd4_within_the_rule(others: list[Face], centre: Face, declared: Colour | None) -> bool:
    """CD-7: a WD4 may be played only when no other die in the hand matches by CD-2.

    W dice and other WD4 dice do not count as matching (**Decision**), which
    [`cd2_matches`][unodice.variants.centre_die.reference.cd2_matches] already says.

    Args:
        others: The faces of the other dice in the hand (the WD4 itself left out).
        centre: The centre die's face.
        declared: Its declared colour, if it is a W or WD4.
    """
    return not any(cd2_matches(face, centre, declared) for face in others)


def cd9_calls(hand_size: int) -> tuple[bool, ...]:
    """CD-9: a play that leaves one die is offered with the Uno call and without it.

    Args:
        hand_size: Dice in the hand before the play.

    Returns:
        ``(False, True)`` when the play leaves one die, else ``(False,)``.
    """
    return (False, True) if hand_size == 2 else (False,)


def cd7_declarable_colours() -> list[Colour]:
    """CD-7: the colours a player may declare for a W or WD4 (any of the four)."""
    return [colour for colour in Colour]


def plays_of_die(
    face: Face, others: list[Face], centre: Face, declared: Colour | None
) -> list[CentreDieMove]:
    """The moves that play one die showing ``face`` from a hand (CD-3, CD-7, CD-9).

    A matching coloured die (CD-2) is played as it is; a W with any declared colour (CD-7); a
    WD4 with any declared colour, as a ``play`` when CD-7 allows it and as a ``bluff`` when
    another die matches (CD-7 **Decision**). Each comes with and without the Uno call when it
    leaves one die (CD-9).

    Args:
        face: The face the die shows.
        others: The faces of the other dice in the hand.
        centre: The centre die's face.
        declared: Its declared colour, if it is a W or WD4.

    Returns:
        The moves; empty when the die cannot be played.
    """
    moves: list[CentreDieMove] = []
    calls = cd9_calls(len(others) + 1)
    if face.symbol == "W":
        for colour in cd7_declarable_colours():
            for call in calls:
                moves.append(Play(face, colour, call))
    elif face.symbol == "WD4":
        within = cd7_wd4_within_the_rule(others, centre, declared)
        for colour in cd7_declarable_colours():
            for call in calls:
                moves.append(Play(face, colour, call) if within else Bluff(colour, call))
    elif cd2_matches(face, centre, declared):
        for call in calls:
            moves.append(Play(face, None, call))
    return moves


def plays_from_hand(
    variant: CentreDieReference, state: CentreDieState, seat: int
) -> list[CentreDieMove]:
    """CD-3, CD-4: every play of any one die from the seat's hand onto the centre die.

    Args:
        variant: The game's variant.
        state: The round's state.
        seat: The player.

    Returns:
        The moves, each once (dice showing the same face give the same moves).
    """
    faces = hand_faces(variant, state, seat)
    centre = centre_face(variant, state)
    moves: list[CentreDieMove] = []
    for index, face in enumerate(faces):
        others = faces[:index] + faces[index + 1 :]
        for move in plays_of_die(face, others, centre, state.centre_colour):
            if move not in moves:
                moves.append(move)
    return moves


def cd5_plays_of_the_drawn_die(
    variant: CentreDieReference, state: CentreDieState, seat: int
) -> list[CentreDieMove]:
    """CD-5: the plays of the die just drawn (the last of the hand), and of no other die.

    Args:
        variant: The game's variant.
        state: The round's state.
        seat: The player.

    Returns:
        The moves; empty when the drawn die cannot be played.
    """
    faces = hand_faces(variant, state, seat)
    drawn, others = faces[-1], faces[:-1]
    return plays_of_die(drawn, others, centre_face(variant, state), state.centre_colour)


# -- CD-4: the draw after the re-roll -------------------------------------------------------------


def cd4_may_draw(options: CentreDieOptions, plays: list[CentreDieMove]) -> bool:
    """CD-4: whether a player may draw after the re-roll, given the plays she has.

    Under ``draw_after_reroll="free"`` she always may; under ``"only-when-unable"`` only when
    she has no play.

    Args:
        options: The game's options.
        plays: Her plays after the re-roll.
    """
    return options.draw_after_reroll == "free" or not plays


# -- CD-9: the catch -------------------------------------------------------------------------------


def cd9_may_catch(state: CentreDieState) -> bool:
    """CD-9: the player to act may catch a player who played down to one die without the call.

    The next player to act may, before her own first move of her turn (at step 1) or, hit by
    a WD4, before answering it; under the option ``catch_by="any-opponent"`` each opponent
    asked before her may too (phase ``catching``). Never the offender herself, and only while
    the offender still holds that one die.

    Args:
        state: The round's state.
    """
    offender = state.catchable
    if offender is None or state.to_act is None or offender == state.to_act:
        return False
    if state.phase not in (STEP_ONE, ANSWERING_WD4, CATCHING):
        return False
    return len(state.dice[offender]) == 1


def cd9_asked_to_catch(options: CentreDieOptions, state: CentreDieState) -> bool:
    """CD-9, ``catch_by="any-opponent"``: the player to act is an opponent asked to catch.

    She is one of the opponents the offender's miss is put to, one after the other, before the
    next player to act makes her first move; each of them may catch or decline, once. Under
    ``catch_by="next"`` nobody is ever asked apart from her own turn.

    Args:
        options: The game's options.
        state: The round's state.

    Raises:
        ValueError: The state asks a seat under ``catch_by="next"``, or asks with no offender.
    """
    if state.phase != CATCHING:
        return False
    if options.catch_by != "any-opponent" or state.catchable is None or not state.catchers:
        raise ValueError("an opponent is asked to catch only under catch_by=any-opponent")
    return True


# -- the protocol ----------------------------------------------------------------------------------


def legal_moves(variant: CentreDieReference, state: CentreDieState) -> list[CentreDieMove]:
    """Every move the player to act may make, read from CD-3 to CD-9.

    * Asked to catch (CD-9, ``catch_by="any-opponent"``): catch or decline.
    * Answering a WD4 (CD-8): challenge or accept; first, a catch if one is open (CD-9).
    * Step 1 (CD-3): play a matching die, a W, or a WD4 (as a play or a bluff, CD-7), or
      decline; first, a catch if one is open (CD-9).
    * Step 2 (CD-4): after the re-roll, play as at step 1, or draw; under the option
      ``draw_after_reroll="only-when-unable"``, draw only when nothing can be played.
    * Step 3 (CD-5): play the drawn die, or keep it.

    Args:
        variant: The game's variant.
        state: The round's state (not changed).

    Returns:
        The moves, each once; none once the round is over.
    """
    seat = state.to_act
    if seat is None:
        return []
    moves: list[CentreDieMove] = []
    if cd9_may_catch(state):
        moves.append(uno.Catch())
    if cd9_asked_to_catch(variant.options, state):
        moves.append(uno.Decline())
    elif state.phase == ANSWERING_WD4:
        moves += [uno.Challenge(), uno.Accept()]
    elif state.phase == STEP_ONE:
        moves += plays_from_hand(variant, state, seat)
        moves.append(uno.Decline())
    elif state.phase == STEP_TWO:
        plays = plays_from_hand(variant, state, seat)
        moves += plays
        if cd4_may_draw(variant.options, plays):
            moves.append(uno.Draw())
    elif state.phase == STEP_THREE:
        moves += cd5_plays_of_the_drawn_die(variant, state, seat)
        moves.append(uno.Keep())
    return moves


def move_points(
    variant: CentreDieReference, state: CentreDieState, move: CentreDieMove
) -> list[int]:
    """The points a move scores by itself: none, since only a round's end scores (CD-10).

    Args:
        variant: The game's variant.
        state: The round's state before the move (not changed).
        move: The move.

    Returns:
        A zero per seat.
    """
    return [0] * variant.player_count


def cd10_value_left_in_hand(face: Face) -> int:
    """CD-10: what a die left in a hand scores: a number its number, R, S, D2 20, W, WD4 50.

    Args:
        face: The face the die shows.

    Raises:
        ValueError: The face has no value under CD-10.
    """
    if face.symbol in ("W", "WD4"):
        return 50
    if face.symbol in ("R", "S", "D2"):
        return 20
    if face.number is not None:
        return face.number
    raise ValueError(f"CD-10 gives no value to {face}")


def cd10_winner(state: CentreDieState) -> int | None:
    """CD-10: the round's winner, the player who played her last die; ``None`` if blocked.

    Args:
        state: The state the round ended in.
    """
    empty = [seat for seat, dice in enumerate(state.dice) if not dice]
    return empty[0] if len(empty) == 1 else None


def round_points(variant: CentreDieReference, state: CentreDieState) -> list[int]:
    """The points the end of a round scores (CD-10).

    The winner scores the dice left in every other hand, as they show at the round's end (the
    dice a final D2 or WD4 made the next player draw included). A blocked round, with no
    winner, scores nothing.

    Args:
        variant: The game's variant.
        state: The state the round ended in (not changed).

    Returns:
        The points per seat.
    """
    points = [0] * variant.player_count
    winner = cd10_winner(state)
    if winner is None:
        return points
    for seat in range(variant.player_count):
        if seat != winner:
            for face in hand_faces(variant, state, seat):
                points[winner] += cd10_value_left_in_hand(face)
    return points


# -- the capability --------------------------------------------------------------------------------


class CentreDieReference(Reference[CentreDieState, CentreDieMove]):
    """The plain reading of the rules, for ``check_variant(..., reference=True)``.

    The rules class inherits it; each method hands the variant to the module's function of the
    same name.
    """

    _lookups: CentreDieLookups  # the dice set's lookups, which the rules class sets up
    options: CentreDieOptions  # the game's options, which the variant sets up

    def reference_legal_moves(self, state: CentreDieState) -> list[CentreDieMove]:
        """Every move the player to act may make (see ``legal_moves``)."""
        return legal_moves(self, state)

    def reference_move_points(self, state: CentreDieState, move: CentreDieMove) -> list[int]:
        """The points ``move`` scores by itself: none (see ``move_points``)."""
        return move_points(self, state, move)

    def reference_round_points(self, state: CentreDieState) -> list[int]:
        """The points the end of a round scores (see ``round_points``)."""
        return round_points(self, state)
