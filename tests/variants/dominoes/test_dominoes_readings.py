"""The other readings of the dominoes source text, as options (DO-5, DO-6, DO-8).

Each test is worked out by hand from the clause it names, with the option set to the reading
that is not the default; each fails when the option is ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from unodice import IllegalMove
from unodice.core.game import Game
from unodice.testing import Draw, check_variant, scripted_game
from unodice.variants.dominoes.events import Drew, Passed
from unodice.variants.dominoes.state import DRAWN, TURN

# Fillers that match nothing green or 9 and hold no number double.
DULL = ("b1|b6", "r2|r5", "b4|r7", "y7|r3")


def start(
    *hands: Sequence[str],
    then: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> Game:
    """A game whose seats are dealt ``hands`` (equal sizes), then draw ``then`` in order."""
    script = [Draw(code) for hand in hands for code in hand] + [Draw(code) for code in then]
    chosen = {"hand_size": len(hands[0]), **(options or {})}
    return scripted_game(
        "dominoes", script, players=len(hands), options=chosen, seed=seed, lenient=True
    )


def texts(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def hand(game: Game, seat: int) -> list[str]:
    return sorted(tile.code for tile in game.state.hands[seat])


def of_kind(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


# -- DO-5 drawn_domino ---------------------------------------------------------------------------

MUST_PLAY = {"drawn_domino": "must-play"}


def test_do5_must_play_a_drawn_tile_that_fits_is_laid_not_kept():
    """DO-5 ``must-play``: "Play the drawn domino if possible." Reneging stays allowed."""
    game = start(
        ["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"], options=MUST_PLAY
    )
    assert "draw" in texts(game) and "play g7|r6 on 1" in texts(game)  # she may renege
    game.play("draw")
    assert game.to_act == 1 and game.state.phase == DRAWN
    moves = texts(game)
    assert "keep" not in moves
    assert {"play g5|g9 on 1", "play g9|g5 on 1"} <= moves
    assert all(text.startswith("play g5|g9") or text.startswith("play g9|g5") for text in moves)


def test_do5_must_play_a_refused_keep_cites_the_clause_and_names_the_tile_and_its_ends():
    """DO-5 ``must-play``: keep is refused, naming the drawn tile and where it fits."""
    game = start(
        ["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"], options=MUST_PLAY
    )
    game.play("draw")
    with pytest.raises(IllegalMove) as kept:
        game.play("keep")
    assert kept.value.clause == "DO-5"
    assert "g5|g9" in kept.value.reason and "1, 2, 3, 4" in kept.value.reason
    game.play("play g5|g9 on 2")
    assert "g5|g9" not in hand(game, 1) and game.to_act == 0


def test_do5_must_play_the_tile_drawn_for_want_of_a_play_is_laid_too():
    """DO-5 ``must-play``: the automatic draw of a player who cannot lay offers no keep."""
    game = start(
        ["g9|g9", "g7|r6", "b1|b6"], ["b4|r7", "r2|r5", "y7|r3"], then=["g5|g9"], options=MUST_PLAY
    )
    assert [(e.seat, e.reason) for e in of_kind(game.events, Drew)] == [(1, "no play")]
    assert game.to_act == 1 and game.state.phase == DRAWN
    assert "keep" not in texts(game) and texts(game)


def test_do5_must_play_a_drawn_tile_that_fits_nowhere_still_passes():
    """DO-5 ``must-play``: "Otherwise, play proceeds to the next player.\""""
    game = start(
        ["g9|g9", "g7|r6", "b1|b6"], ["g5|g9", "b4|r7", "y1|g2"], then=["r2|r5"], options=MUST_PLAY
    )
    events = game.play("draw")
    assert [e.seat for e in of_kind(events, Passed)] == [1]
    assert game.to_act == 0 and game.state.phase == TURN


def test_do5_keep_is_offered_by_default():
    game = start(["g9|g9", *DULL[:2]], ["g7|r6", "b4|r7", "y1|g2"], then=["g5|g9"])
    game.play("draw")
    assert "keep" in texts(game)


# -- every reading: the reference, the bots and the learning environments -------------------------

READINGS = [
    {"drawn_domino": "must-play"},
]
"""Each non-default reading alone, then all of them together."""
ALL_READINGS = {name: value for options in READINGS for name, value in options.items()}
EVERY = [*READINGS, ALL_READINGS]


@pytest.mark.slow
@pytest.mark.parametrize("options", EVERY, ids=str)
def test_the_fast_path_agrees_with_the_reference_under_each_reading(options):
    report = check_variant("dominoes", games=1, seed=3, options=options, reference=True)
    assert report.ok and report.games == 5
