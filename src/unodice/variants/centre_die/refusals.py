"""Why a move is refused: a reason a player can act on, with the clause that forbids it."""

from __future__ import annotations

from unodice.core import uno
from unodice.core.errors import IllegalMove
from unodice.core.moves import Move

from .lookups import NORMAL, WILD_DRAW_FOUR, FaceLookup
from .moves import Bluff, Play
from .state import (
    ANSWERING_WD4,
    CATCHING,
    ROUND_OVER,
    STEP_ONE,
    STEP_THREE,
    STEP_TWO,
    CentreDieState,
)

__all__ = ["explain"]

_NEXT_STEP = {
    STEP_ONE: "play a matching die or decline",
    STEP_TWO: "play a matching die or draw",
    STEP_THREE: "play the drawn die or keep it",
}


def explain(
    lookup: FaceLookup,
    state: CentreDieState,
    move: Move,
    *,
    draw_when_able: bool = True,
    any_opponent: bool = False,
) -> IllegalMove:
    """The [`IllegalMove`][unodice.core.errors.IllegalMove] for a move that is not legal now.

    Every refusal names the clause that forbids the move. ``lookup`` is the dice set's face
    lookup, which reads the state's face codes; ``draw_when_able`` is false under the option
    ``draw_after_reroll="only-when-unable"`` (CD-4) and ``any_opponent`` true under
    ``catch_by="any-opponent"`` (CD-9).
    """
    if state.phase == ROUND_OVER:
        return IllegalMove(move, "the round is over", "CD-10")
    kind = type(move)
    if state.phase == CATCHING:
        return IllegalMove(
            move,
            f"seat {state.to_act} is asked whether she catches seat {state.catchable}, who did "
            "not call Uno: catch or decline",
            "CD-9",
        )
    if kind is uno.Catch:
        who = (
            "any opponent may catch, before the next player to act makes her first move"
            if any_opponent
            else "only the next player to act may catch, before her own first move"
        )
        return IllegalMove(move, f"there is no missed Uno to catch: {who}", "CD-9")
    if state.phase == ANSWERING_WD4:
        return IllegalMove(
            move, f"seat {state.to_act} was hit by a WD4: challenge or accept first", "CD-8"
        )
    if kind in (uno.Challenge, uno.Accept):
        return IllegalMove(move, "no WD4 is waiting to be challenged or accepted", "CD-8")
    if kind is uno.Draw and state.phase == STEP_TWO and not draw_when_able:
        return _must_play(lookup, state, move)
    if kind in (uno.Decline, uno.Draw, uno.Keep):
        return _wrong_step(state, move)
    if isinstance(move, Play | Bluff):
        return _refused_play(lookup, state, move)
    return IllegalMove(move, f"not a centre-die move; {_NEXT_STEP[state.phase]}")


def _wrong_step(state: CentreDieState, move: Move) -> IllegalMove:
    """``decline``, ``draw`` or ``keep`` offered at the wrong step of the turn."""
    clause = {STEP_ONE: "CD-3", STEP_TWO: "CD-4", STEP_THREE: "CD-5"}[state.phase]
    what = {
        STEP_ONE: "the turn is at step 1",
        STEP_TWO: "the hand has been re-rolled (step 2)",
        STEP_THREE: "a die has been drawn (step 3)",
    }[state.phase]
    return IllegalMove(move, f"{what}: {_NEXT_STEP[state.phase]}", clause)


def _must_play(lookup: FaceLookup, state: CentreDieState, move: Move) -> IllegalMove:
    """``draw`` after the re-roll while a die can be played, under ``only-when-unable``."""
    seat = state.to_act
    assert seat is not None
    codes = state.codes[seat]
    playable = lookup.playable[state.centre_key]
    faces = sorted({lookup.faces[code].code for code in codes if code in playable})
    return IllegalMove(
        move,
        f"after the re-roll a player draws only when she cannot play "
        f"(draw_after_reroll=only-when-unable), and {', '.join(faces)} can be played",
        "CD-4",
    )


def _refused_play(lookup: FaceLookup, state: CentreDieState, move: Play | Bluff) -> IllegalMove:
    """Why this play of a die is not allowed."""
    seat = state.to_act
    assert seat is not None
    codes = state.codes[seat]
    face = move.face
    code = lookup.code_of.get(face)
    if code is None or code not in codes:
        return IllegalMove(move, f"you hold no die showing {face.code}", "CD-3")
    if state.phase == STEP_THREE and code != codes[-1]:
        drawn = lookup.faces[codes[-1]].code
        return IllegalMove(
            move, f"after drawing, only the drawn die ({drawn}) may be played", "CD-5"
        )
    if face.is_wild != (move.colour is not None):
        return IllegalMove(move, "W and WD4 take a declared colour; other dice do not", "CD-7")
    if move.uno and len(codes) != 2:
        return IllegalMove(
            move, f"call Uno only with a play that leaves one die (you hold {len(codes)})", "CD-9"
        )
    centre = lookup.faces[state.centre_code]
    others = codes[:-1] if state.phase == STEP_THREE else codes
    matching = [lookup.faces[c].code for c in others if lookup.matches[state.centre_key][c]]
    kind = lookup.kinds[code]
    if kind == WILD_DRAW_FOUR and isinstance(move, Play) and matching:
        return IllegalMove(
            move,
            f"a WD4 may be played only when no other die matches the centre die "
            f"({', '.join(matching)} does); play that or a W, or bluff with "
            f"'bluff WD4:{move.colour.letter if move.colour else 'g'}' and risk a challenge",
            "CD-7",
        )
    if isinstance(move, Bluff) and not matching:
        return IllegalMove(
            move,
            f"this WD4 is legal, so it is no bluff: write 'play WD4:{move.colour.letter}'",
            "CD-7",
        )
    if kind == NORMAL:
        return IllegalMove(
            move,
            f"{face.code} does not match the centre die {_centre_text(centre.code, state)}: "
            "match its number, its colour or its command",
            "CD-2",
        )
    return IllegalMove(move, f"not legal now; {_NEXT_STEP[state.phase]}")


def _centre_text(code: str, state: CentreDieState) -> str:
    if state.centre_colour is not None:
        return f"{code}:{state.centre_colour.letter}"
    return code
