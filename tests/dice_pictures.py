"""What the pictures of the dice variants (coverall, centre-die) are checked for, shared.

A picture is read back as XML: a die by its ``data-piece`` (``r5@12``: the face it shows and its
id; ``@12`` for a die not rolled), the seat whose view it is by ``data-viewer``. Each variant's
picture tests say which dice a position shows (``expected_tokens``) and call these checks.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable

from unodice import new_game
from unodice.core.game import Game
from unodice.testing import pieces_drawn, pieces_in


def drawn(picture: str) -> ET.Element:
    """The picture as XML; it must parse."""
    return ET.fromstring(picture)


def tokens(root: ET.Element) -> Counter[str]:
    """Every ``data-piece`` of a picture, counted."""
    return Counter(el.attrib["data-piece"] for el in root.iter() if "data-piece" in el.attrib)


def seats_and_spectator(game: Game) -> list[int | None]:
    """Every seat of the game, then the spectator (``None``)."""
    return [*range(game.players), None]


def check_only_the_bag_is_hidden(
    game: Game, expected_tokens: Callable[[Game], Counter[str]]
) -> None:
    """Every seat's picture and a spectator's draw each die outside the bag, with the face it
    shows, and no die of the bag: not by its id, not anywhere in the text."""
    variant, state = game.variant, game.state
    outside = {
        die.id
        for place, dice in variant.piece_locations(state).items()
        if place != "bag"
        for die in dice
    }
    for seat in seats_and_spectator(game):
        picture = game.svg(seat)
        assert tokens(drawn(picture)) == expected_tokens(game)
        ids = pieces_drawn(picture)
        assert ids == outside
        view = game.view(0 if seat is None else seat)
        assert {die.id for die in pieces_in(view.data)} <= ids
        hiders = range(game.players) if seat is None else [seat]
        hidden = {die.id for hider in hiders for die in variant.hidden_pieces(state, hider)}
        assert hidden == {die.id for die in state.bag}
        for die_id in hidden:
            assert f'@{die_id}"' not in picture and f"@{die_id}<" not in picture


def check_the_viewer_is_marked(game: Game) -> None:
    """A seat's picture marks that seat as the viewer; a spectator's marks nobody."""
    for seat in seats_and_spectator(game):
        root = drawn(game.svg(seat))
        viewers = [
            el.attrib["data-seat"] for el in root.iter() if el.attrib.get("data-viewer") == "true"
        ]
        assert viewers == ([] if seat is None else [str(seat)])


def check_jupyter_shows_the_same_pictures(game: Game) -> None:
    """A game shows the spectator's picture in Jupyter, and a seat's view that seat's."""
    assert game._repr_svg_() == game.svg(None)
    for seat in range(game.players):
        assert game.view(seat)._repr_svg_() == game.svg(seat)


def check_the_same_view_gives_the_same_picture(variant: str, decisions: int, seat: int) -> None:
    """Two games played alike draw byte-equal pictures at every step; a game started from the
    position of one has an equal view of ``seat``, and so draws it alike."""
    one = new_game(variant, 3, 9)
    two = new_game(variant, 3, 9)
    rng = random.Random(9)
    for _ in range(decisions):
        move = rng.choice(one.legal_moves())
        one.play(move)
        two.play(move)
        for viewer in seats_and_spectator(one):
            assert one.svg(viewer) == two.svg(viewer)
    from_position = new_game(position=one.position(), seed=1)
    assert from_position.view(seat) == one.view(seat)
    assert from_position.svg(seat) == one.svg(seat)
