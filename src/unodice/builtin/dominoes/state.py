"""The state of a round of Uno dominoes."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from unodice.builtin.dominoes.layout import Layout, Snapshot
from unodice.pieces import Bag, Domino
from unodice.turns import Seats
from unodice.variant import State

if TYPE_CHECKING:
    from unodice.builtin.dominoes.moves import Play

__all__ = ["DominoesState", "PendingWildDrawFour", "Phase"]


class Phase(enum.Enum):
    """What kind of decision the seat to act faces."""

    TURN = "turn"
    """Play a tile or draw one (DO-5)."""
    DRAWN = "drawn"
    """Play the tile just drawn, or keep it (DO-5)."""
    CHALLENGE = "challenge"
    """Challenge or accept the Wild Draw Four that hit her (DO-8)."""
    RESCUE = "rescue"
    """Lay the double-Wild on the spinner of a dead layout, or decline (DO-9)."""
    OVER = "over"
    """The round is over."""


@attrs.frozen(slots=True)
class PendingWildDrawFour:
    """A Wild Draw Four waiting for its victim's answer (DO-8).

    Attributes:
        seat: Who laid it.
        tile: The tile.
        illegal: Whether she held another tile she could have laid with a touching end that is
            not W or WD4 (DO-3), worked out when she laid it.
        before: The layout before it was laid, to take it back.
    """

    seat: int
    tile: Domino
    illegal: bool
    before: Snapshot


class DominoesState(State):
    """Everything about the round in play.

    Args:
        players: Number of seats.
        boneyard: The tiles not dealt.
        layout: The (empty) layout.

    Attributes:
        hands: Each seat's tiles, in the order received.
        boneyard: The tiles nobody holds yet.
        layout: The tiles on the table and their open ends.
        seats: Whose turn it is and which way play runs.
        to_act: The seat that must decide now, ``None`` once the round is over.
        phase: What kind of decision that is.
        drawn: The tile just drawn, while its player decides whether to lay it.
        plays: The plays open to the seat to act (a turn, or the tile just drawn), worked
            out as her decision began; ``None`` when not worked out.
        uno_debtor: A seat that played down to one tile without calling Uno and may still be
            caught (DO-6).
        pending: The Wild Draw Four awaiting an answer.
        rescuers: The seats still to be offered the double-Wild on a dead layout (DO-9).
        closer: Who closed the last line (DO-9).
        totals: The match totals as they stood when the round began or last scored.
        idle_turns: Real passes in a row on an empty boneyard, since the last tile that stayed
            on the table or the last Wild Draw Four taken back (DO-10).
        wild_draw_four_barred: The seats whose Wild Draw Four was taken back on an empty
            boneyard (so that they drew nothing) since a tile was last laid and stayed: they may
            not lay a tile with its WD4 end touching until one is (DO-8). Replaced, never
            changed in place, so copies may share it.
    """

    def __init__(self, players: int, boneyard: Bag[Domino], layout: Layout):
        self.hands: list[list[Domino]] = [[] for _ in range(players)]
        self.boneyard = boneyard
        self.layout = layout
        self.seats = Seats(players)
        self.to_act: int | None = None
        self.phase = Phase.TURN
        self.drawn: Domino | None = None
        self.plays: list[Play] | None = None
        self.uno_debtor: int | None = None
        self.pending: PendingWildDrawFour | None = None
        self.rescuers: tuple[int, ...] = ()
        self.closer: int | None = None
        self.totals: tuple[int, ...] = (0,) * players
        self.idle_turns = 0
        self.wild_draw_four_barred: frozenset[int] = frozenset()

    def copy(self) -> DominoesState:
        """An independent copy, for ``Game.copy()``."""
        twin = DominoesState.__new__(DominoesState)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(hand) for hand in self.hands]
        twin.boneyard = self.boneyard.copy()
        twin.layout = self.layout.copy()
        twin.seats = self.seats.copy()
        return twin

    def __repr__(self) -> str:
        return (
            f"<DominoesState phase={self.phase.value} to_act={self.to_act} "
            f"hands={[len(h) for h in self.hands]} boneyard={len(self.boneyard)}>"
        )
