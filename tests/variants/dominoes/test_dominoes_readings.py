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
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet, Face
from unodice.core.registry import Registry
from unodice.core.uno import Challenged, Skipped
from unodice.testing import Draw, check_variant, scripted_game
from unodice.variants import dominoes as dominoes_plugin
from unodice.variants.dominoes.events import Drew, Passed, RoundOver, TakenBack
from unodice.variants.dominoes.state import DRAWN, TURN

# Fillers that match nothing green or 9 and hold no number double.
DULL = ("b1|b6", "r2|r5", "b4|r7", "y7|r3")


def start(
    *hands: Sequence[str],
    then: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
    seed: int = 0,
) -> Game:
    """A game whose seats are dealt ``hands`` (equal sizes), then draw ``then`` in order."""
    script = [Draw(code) for hand in hands for code in hand] + [Draw(code) for code in then]
    chosen = {"hand_size": len(hands[0]), **(options or {})}
    return scripted_game(
        "dominoes",
        script,
        players=len(hands),
        options=chosen,
        seed=seed,
        registry=registry,
        lenient=True,
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


# -- DO-8 wild_draw_four_upheld --------------------------------------------------------------------

STAYS = {"wild_draw_four_upheld": "stays"}


def wd4_position(offender: Sequence[str], options: dict[str, Any] | None = None) -> Game:
    """Seat 0 opens g9|g9; seat 1 holds ``offender``; seat 2 is hit."""
    return start(
        ["g9|g9", "r2|r5", "b1|b6"],
        offender,
        ["g5|g9", "b4|r7", "y1|g2"],
        then=["r6|r7", "g6|r5", "b5|r8", "y9|b2", "g8|b2", "b6|g4", "y5|bR", "r3|r8"],
        options=options,
    )


def registry_with_tiles(*tiles: str, name: str = "tiny") -> Registry:
    """A registry with the dominoes plugin and a small tile set of our own."""

    def face(code: str) -> dict[str, Any]:
        parsed = Face.parse(code)
        return {"symbol": parsed.symbol, "colour": parsed.colour.value if parsed.colour else None}

    component_set = ComponentSet.from_json(
        {"set": name, "tiles": [[face(end) for end in tile.split("|")] for tile in tiles]}
    )

    class SmallSet:
        @hookimpl
        def unodice_register(self, registry: Any) -> None:
            registry.add_components(component_set)

    registry = Registry()
    registry.add_plugin(dominoes_plugin, "dominoes")
    registry.add_plugin(SmallSet(), name)
    return registry


def ends(game: Game) -> dict[int, str]:
    """Open end number -> what it shows ('closed' for a dead end)."""
    return {end.id: "closed" if end.closed else end.shows for end in game.view(0).data["ends"]}


def test_do8_stays_an_upheld_challenge_leaves_the_wd4_and_its_player_draws_four():
    """DO-8 ``stays``: "that player instead must draw four dominoes", and nothing more."""
    game = wd4_position(["y2|WD4", "g7|r6", "b9|r7"], STAYS)  # g7|r6 could have been laid
    game.play("play WD4|y2 on 1")
    assert game.to_act == 2 and texts(game) == {"accept", "challenge"}
    events = game.play("challenge")
    assert [(e.seat, e.offender, e.upheld) for e in of_kind(events, Challenged)] == [(2, 1, True)]
    assert not of_kind(events, TakenBack) and not of_kind(events, Skipped)
    assert [(e.seat, e.count, e.reason) for e in of_kind(events, Drew)] == [
        (1, 4, "illegal wild draw four")
    ]
    assert ends(game)[1] == "y2"  # the WD4 is still on the layout
    assert "y2|WD4" not in hand(game, 1) and len(game.state.hands[1]) == 2 + 4
    assert game.to_act == 2 and game.state.phase == TURN  # she plays her turn normally
    assert len(game.state.hands[2]) == 3  # and draws nothing


def test_do8_stays_the_declared_colour_of_the_wd4_stands():
    """DO-8 ``stays``: a WD4 laid with a wild far end keeps the colour declared for it."""
    registry = registry_with_tiles("g9|g9", "r2|r5", "b1|b6", "WD4|W", "g7|r6", "b4|r7")
    game = start(
        ["g9|g9", "r2|r5", "b1|b6"],
        ["WD4|W", "g7|r6", "b4|r7"],
        registry=registry,
        options={"tiles": "tiny", "target": 10, **STAYS},
    )
    game.play("play WD4|W:b on 1")  # illegal: g7|r6 could go
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [True]
    assert ends(game)[1] == "W:b" and game.to_act == 0
    assert "play b1|b6 on 1" in texts(game)  # blue, as declared


def test_do8_stays_a_legal_wd4_challenged_costs_the_challenger_as_before():
    game = wd4_position(["y2|WD4", "y7|r3", "r1|y3"], {**STAYS, "failed_challenge_penalty": 1})
    game.play("play WD4|y2 on 1")
    events = game.play("challenge")
    assert [e.upheld for e in of_kind(events, Challenged)] == [False]
    assert [(e.seat, e.count) for e in of_kind(events, Drew)][:1] == [(2, 5)]
    assert [(e.seat, e.victim, e.cause) for e in of_kind(events, Skipped)] == [(1, 2, "WD4")]


def test_do8_stays_nothing_is_barred_on_an_empty_boneyard():
    """DO-8 ``stays``: the WD4 stays on the table, so its player needs no bar (DO-10)."""
    registry = registry_with_tiles("g9|g9", "b3|y3", "b1|WD4", "g2|y2")
    game = start(
        ["g9|g9", "b3|y3"],
        ["b1|WD4", "g2|y2"],
        registry=registry,
        options={"tiles": "tiny", "target": 10, **STAYS},
    )
    game.play("play WD4|b1 on 1")  # illegal: g2|y2 could go
    events = game.play("challenge")
    assert [(e.seat, e.count) for e in of_kind(events, Drew)] == [(1, 0)]
    assert not of_kind(events, TakenBack)
    assert game.state.wild_draw_four_barred == frozenset()
    assert game.to_act == 0 and "play b3|y3 on 1" in texts(game)  # b3 on the b1 left open
    events = game.play("play b3|y3 on 1")
    assert [(e.winner, e.ending) for e in of_kind(events, RoundOver)] == [(0, "went out")]


# -- every reading: the reference, the bots and the learning environments -------------------------

READINGS = [
    {"drawn_domino": "must-play"},
    {"wild_draw_four_upheld": "stays"},
]
"""Each non-default reading alone, then all of them together."""
ALL_READINGS = {name: value for options in READINGS for name, value in options.items()}
EVERY = [*READINGS, ALL_READINGS]


@pytest.mark.slow
@pytest.mark.parametrize("options", EVERY, ids=str)
def test_the_fast_path_agrees_with_the_reference_under_each_reading(options):
    report = check_variant("dominoes", games=1, seed=3, options=options, reference=True)
    assert report.ok and report.games == 5
