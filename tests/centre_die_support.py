"""Helpers shared by the centre-die tests: scripted deals, small dice sets, hand inspection.

A deal is scripted die by die. An entry ``"r5"`` draws some die that has a red-5 face and makes
it show red 5 (``Showing``); an entry ``(32, "W")`` draws die 32 of the set and makes it show W.
The default set's action dice are:

    32 W WD4 rR rS rD2 yR      36 W gS gD2 bR bS bD2
    33 W WD4 yS yD2 gR gS      37 W rR rS rD2 gR gS
    34 W WD4 gD2 bR bS bD2     38 WD4 gD2 bR bS bD2 rR
    35 W WD4 yR yS yD2 gR      39 WD4 rS rD2 yR yS yD2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from unodice.core.chance import Draw, Roll, Showing
from unodice.core.game import Game
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry
from unodice.testing import scripted_game

Entry = str | tuple[int, str]


def draws(*entries: Entry) -> list[Any]:
    """Script entries for dice drawn together and then rolled (a hand, or a forced draw)."""
    taken: list[Any] = []
    rolls: list[Any] = []
    for entry in entries:
        if isinstance(entry, tuple):
            die, face = entry
            taken.append(Draw(die))
            rolls.append(Roll.of(face))
        else:
            taken.append(Showing.of(entry))
    return taken + rolls


def rolls(*faces: str) -> list[Roll]:
    """Script entries for a re-rolled hand, die by die in hand order."""
    return [Roll.of(face) for face in faces]


def deal(
    centre: Entry,
    *hands: Sequence[Entry],
    then: Iterable[Any] = (),
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
) -> Game:
    """A centre-die game whose centre die and hands (seat 0 first) are scripted.

    Later draws and rolls follow ``then``, and after it the seed (the script is lenient).
    """
    script = draws(centre)
    for hand in hands:
        script += draws(*hand)
    script += list(then)
    return scripted_game(
        "centre-die",
        script,
        players=len(hands),
        options=options,
        registry=registry,
        lenient=True,
    )


def hand(game: Game, seat: int) -> list[str]:
    """The face codes a seat's hand shows, in hand order."""
    return [face.code for face in game.view(seat).data["hands"][seat]]


def centre(game: Game) -> str:
    """The centre die as notation: ``r5``, or ``W:g`` for a wild with its declared colour."""
    data = game.view(0).data
    face = data["centre"]
    return face.code if not face.is_wild else f"{face.code}:{data['centre_colour'].letter}"


def moves(game: Game) -> list[str]:
    """The legal moves as notation."""
    return [str(move) for move in game.legal_moves()]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [event for event in events if event.kind == kind]


def bag_ids(game: Game) -> set[int]:
    """Ids of the dice in the bag."""
    return {die.id for die in game.variant.piece_locations(game.state)["bag"]}


def value(code: str) -> int:
    """What a face scores when left in a hand, worked out from CD-10 alone."""
    symbol = code.lstrip("rygb") if code not in ("W", "WD4") else code
    if symbol in ("W", "WD4"):
        return 50
    if symbol in ("R", "S", "D2"):
        return 20
    return int(symbol)


def _dice(*dice: str) -> dict[str, Any]:
    def face(code: str) -> dict[str, Any]:
        if code in ("W", "WD4"):
            return {"symbol": code, "colour": None}
        colours = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
        return {"symbol": code[1:], "colour": colours[code[0]]}

    return {"dice": [[face(code) for code in die.split()] for die in dice]}


SMALL_SET = "cd-test-11"
"""Eleven dice: a centre die and two hands of five leave the bag empty (two players).

Die 0 shows red S on five faces and red 1 on one; dice 1–8 are number dice; dice 9 and 10
show red D2 on every face.
"""

BLOCKED_SET = "cd-test-blocked"
"""Eleven dice: die 0 shows red 1 on every face, dice 1–10 yellow 2 on every face."""

DOMINO_SET = "cd-test-dominoes"


class ExtraSets:
    """A plugin that registers the small sets the tests use."""

    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        small = _dice("rS rS rS rS rS r1", *["r1 r2 r3 y1 y2 y3"] * 8, *["rD2 " * 6] * 2)
        registry.add_components(ComponentSet.from_json({"set": SMALL_SET, **small}))
        blocked = _dice("r1 " * 6, *["y2 " * 6] * 10)
        registry.add_components(ComponentSet.from_json({"set": BLOCKED_SET, **blocked}))
        tiles = {"set": DOMINO_SET, "tiles": [[{"symbol": "1", "colour": "red"}] * 2]}
        registry.add_components(ComponentSet.from_json(tiles))


def registry_with_test_sets() -> Registry:
    """Every installed plugin, plus the test sets."""
    registry = Registry.from_entry_points()
    registry.add_plugin(ExtraSets(), "centre-die-test-sets")
    return registry
