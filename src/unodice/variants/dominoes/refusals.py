"""Why a move is refused: a reason a person can act on, and the clause behind it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice.core.errors import IllegalMove
from unodice.core.moves import Move
from unodice.core.pieces import WILDS, Domino
from unodice.core.uno import Accept, Catch, Challenge, Decline, Draw, Keep, Pass

from .lookups import TileLookup
from .moves import Play
from .state import CATCHING, CHALLENGE, DRAWN, RESCUE, SPINNER, DominoesState

if TYPE_CHECKING:
    from unodice.core.variant import AnyVariant

__all__ = ["explain"]


def explain(
    rules: AnyVariant, lookups: TileLookup, state: DominoesState, move: Move
) -> IllegalMove:
    """Why ``move`` is not legal in ``state``, with the clause that says so.

    Args:
        rules: The game's variant, whose legal moves a refusal may list.
        lookups: Its tile set's lookup (the ways each tile can be laid).
        state: The round in play.
        move: The move refused.
    """
    reason, clause = _reason(rules, lookups, state, move)
    return IllegalMove(move, reason, clause)


def _reason(
    rules: AnyVariant, lookups: TileLookup, state: DominoesState, move: Move
) -> tuple[str, str | None]:
    seat = state.to_act
    if state.phase == CATCHING:
        return (
            f"seat {seat} is asked first whether to catch seat {state.uno_debtor}, who did not "
            "call Uno: 'catch' or 'decline'",
            "DO-6",
        )
    if isinstance(move, Catch):
        if getattr(rules.options, "catch_by", "next") == "any-opponent":
            return (
                "nobody can be caught now: an opponent may catch a player who played down to "
                "one tile without calling Uno only before the next player's first move",
                "DO-6",
            )
        return (
            "nobody can be caught now: only the next player to decide may catch a player who "
            "played down to one tile without calling Uno, before her own first move",
            "DO-6",
        )
    if state.phase == CHALLENGE:
        return f"seat {seat} must first answer the Wild Draw Four: 'challenge' or 'accept'", "DO-8"
    if state.phase == RESCUE:
        return (
            f"every line is dead: seat {seat} may only lay the double-Wild on the spinner "
            "('play W|W:g on spinner') or 'decline'",
            "DO-9",
        )
    if isinstance(move, Challenge | Accept):
        return "there is no Wild Draw Four to answer", "DO-8"
    if isinstance(move, Decline):
        return "there is nothing to decline: the layout still has open ends", "DO-9"
    if isinstance(move, Keep):
        if state.phase == DRAWN and state.drawn is not None:
            return _must_play(rules, state, state.drawn), "DO-5"
        return "'keep' follows a draw: you have not drawn a tile this turn", "DO-5"
    if isinstance(move, Draw):
        if state.phase == DRAWN:
            return "you already drew: lay the drawn tile or 'keep' it", "DO-5"
        return "the boneyard is empty: lay a tile if you can", "DO-5"
    if isinstance(move, Pass):
        return "you may not pass while you can lay or draw a tile", "DO-5"
    if isinstance(move, Play):
        return _explain_play(rules, lookups, state, move)
    return f"not a dominoes move; try one of {_listing(rules, state)}", None


def _explain_play(
    rules: AnyVariant, lookups: TileLookup, state: DominoesState, move: Play
) -> tuple[str, str | None]:
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    wanted = {move.touching, move.far}
    if move.end == SPINNER:
        return (
            "a tile goes on the spinner itself only when every line is dead and it is the "
            "double-Wild",
            "DO-9",
        )
    if not any(set(tile.ends) == wanted for tile in hand):
        return f"seat {seat} holds no {move.tile_code}", "DO-5"
    drawn = state.drawn
    if state.phase == DRAWN and drawn is not None and set(drawn.ends) != wanted:
        return f"after drawing, only the drawn tile {drawn.code} may be laid, or 'keep'", "DO-5"
    if move.touching.symbol == "DE":
        return "a dead end can never be the touching end; lay the other end against the line", (
            "DO-3"
        )
    ends = state.layout.ends
    if not 1 <= move.end <= len(ends):
        return f"there is no end {move.end}; the open ends are {_open_ends(state)}", "DO-2"
    end = ends[move.end - 1]
    if end.closed:
        return f"end {move.end} is a dead end: that line takes nothing more", "DO-3"
    lay = lookups.lay_of(move.touching, move.far)
    if lay is None or not lay.bit & state.layout.accepts[move.end - 1]:
        return (
            f"{move.touching.code} does not match end {move.end} ({end.shows}): the touching "
            "end needs the same number or word, the same colour, or to be W or WD4",
            "DO-3",
        )
    if move.touching.symbol == "WD4" and seat in state.wild_draw_four_barred:
        return (
            f"seat {seat}'s WD4 was taken back on an empty boneyard: a WD4 taken back on an "
            "empty boneyard cannot be played again until a tile has been laid",
            "DO-8",
        )
    if move.far.symbol in WILDS and move.colour is None:
        return (
            f"declare a colour for the {move.far.code} end, for example "
            f"'play {move.tile_code}:g on {move.end}'",
            "DO-4",
        )
    if move.far.symbol not in WILDS and move.colour is not None:
        return "only a W or WD4 end left open takes a declared colour", "DO-4"
    if move.uno and len(hand) != 2:
        return "Uno is called only with the play that leaves one tile", "DO-6"
    return f"not a legal move now; try one of {_listing(rules, state)}", None


def _must_play(rules: AnyVariant, state: DominoesState, drawn: Domino) -> str:
    """Why a drawn tile that fits may not be kept (``drawn_domino`` is ``"must-play"``)."""
    ends = sorted({move.end for move in rules.legal_moves(state) if isinstance(move, Play)})
    where = ("open end " if len(ends) == 1 else "open ends ") + ", ".join(map(str, ends))
    return (
        f"the drawn tile {drawn.code} fits {where}: the drawn domino is played if possible, "
        "so it must be laid, not kept"
    )


def _open_ends(state: DominoesState) -> str:
    ends = [f"{end.id} ({end.shows})" for end in state.layout.ends if not end.closed]
    return ", ".join(ends) or "none"


def _listing(rules: AnyVariant, state: DominoesState) -> str:
    moves = [str(move) for move in rules.legal_moves(state)]
    shown = ", ".join(f"'{text}'" for text in moves[:6])
    return shown + (f" … ({len(moves)} in all)" if len(moves) > 6 else "")
