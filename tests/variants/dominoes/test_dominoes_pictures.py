"""Pictures of Uno dominoes: every seat sees its own tiles and the layout, and nothing hidden.

Random games are stopped at random decisions and at their end, and drawn for every seat and for
a spectator. Each picture must parse, show every tile its seat may see (the layout, and the
seat's own hand and drawn tile), show no hidden tile (by id, or by a face drawn for it), draw
the other hands as face-down backs, and be the same bytes for the same view. Hand-written
positions check the drawings that follow a rule: crosswise doubles and lines from the spinner
outward (DO-2), open ends and dead ends (DO-9).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from unodice.core.game import Game, new_game
from unodice.core.positions import domino_token
from unodice.play.agents import RandomAgent

SVG = "{http://www.w3.org/2000/svg}"
HEADER = "dominoes players=3 round=1 scores=0,0,0 points=0,0,0 | "

# Every line of a yellow spinner closed by yellow dead ends, the last by seat 1; seat 2 holds
# the double-Wild and is offered it (DO-9).
DEAD_LAYOUT = HEADER + (
    "phase=rescue turn=2 direction=cw hands=r2|r5/g6|g5/W|W,b1|b6 boneyard=rest "
    "layout=0:y1|y1,1:y4|DE>1,2:y9|DE>2,0:y3|DE>3,1:y6|DE>4 uno-debtor=- wd4=- rescuers=- "
    "closer=1 idle-turns=0 wd4-barred=- revealed=-"
)

# With all doubles spinning, g6|g6 on line 1 opens lines 5 and 6 from its sides (DO-2).
SPINNING = HEADER.replace("dominoes ", "dominoes(all_doubles_spin=true) ") + (
    "phase=turn turn=1 direction=cw hands=r2|r5/g6|g5,b1|b6/y1|y1 boneyard=rest "
    "layout=0:g9|g9,2:g6|g6>1,0:g6|r5>5 uno-debtor=- wd4=- rescuers=- closer=- "
    "idle-turns=0 wd4-barred=- revealed=-"
)


def positions(seed: int, players: int, spin: bool = False) -> Iterator[Game]:
    """A random game stopped at about one decision in twelve, and at its end."""
    options = {"all_doubles_spin": spin, "target": 100}
    game = new_game("dominoes", players, seed=seed, options=options)
    agents = [RandomAgent(seed * 31 + seat) for seat in range(players)]
    rng = random.Random(seed)
    yield game
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
        if game.is_over or rng.random() < 1 / 12:
            yield game


def pieces_in(tree: ET.Element) -> list[str]:
    """Every ``data-piece`` of a picture, in document order."""
    return [
        element.attrib["data-piece"] for element in tree.iter() if "data-piece" in element.attrib
    ]


def seat_group(tree: ET.Element, seat: int) -> ET.Element:
    return next(group for group in tree.iter(f"{SVG}g") if group.get("data-seat") == str(seat))


def check_picture(game: Game, seat: int | None) -> None:
    """The picture of ``seat`` (``None``: a spectator) shows what it sees and nothing else."""
    picture = game.svg(seat)
    tree = ET.fromstring(picture)
    view = game.view(0 if seat is None else seat)
    visible = [placement.tile for placement in view.data["layout"]]
    if seat is not None:
        visible += view.data["hand"]
    drawn = pieces_in(tree)
    assert sorted(drawn) == sorted(map(domino_token, visible))
    variant, state = game.variant, game.state
    seats = range(game.players) if seat is None else (seat,)
    hidden = {tile.id for s in seats for tile in variant.hidden_pieces(state, s)}
    assert not hidden & {int(found) for found in re.findall(r"@(\d+)", picture)}
    # Every face drawn belongs to a tile face up: two ends each, none for a hidden tile.
    faces = [element for element in tree.iter() if "data-face" in element.attrib]
    assert len(faces) == 2 * len(drawn)
    for other, count in enumerate(view.data["hand_sizes"]):
        group = seat_group(tree, other)
        backs = sum(1 for element in group.iter() if "data-back" in element.attrib)
        face_up = pieces_in(group)
        if other == seat:
            assert (backs, sorted(face_up)) == (0, sorted(map(domino_token, view.data["hand"])))
        else:
            assert (backs, face_up) == (count, [])


@pytest.mark.parametrize(
    ("seed", "players", "spin"),
    [
        (1, 2, False),
        (2, 3, False),
        (3, 4, True),
        (4, 6, False),
        (5, 3, True),
    ],
)
def test_every_seat_sees_its_tiles_and_the_layout_and_nothing_hidden(
    seed: int, players: int, spin: bool
) -> None:
    stops = 0
    for game in positions(seed, players, spin):
        for seat in (None, *range(players)):
            check_picture(game, seat)
        stops += 1
    assert stops >= 3  # the deal, some decisions, the end


@pytest.mark.parametrize("seed", [6, 7])
def test_jupyter_shows_the_same_pictures_and_the_same_view_draws_the_same_bytes(
    seed: int,
) -> None:
    for game in positions(seed, 3):
        assert game._repr_svg_() == game.svg(None)
        # A game read back from its position is another game with the same views (a finished
        # game has no position: a copy stands in).
        again = game.copy() if game.is_over else new_game(position=game.position())
        for seat in range(game.players):
            assert game.view(seat)._repr_svg_() == game.svg(seat)
            assert again.view(seat) == game.view(seat)
            assert again.svg(seat) == game.svg(seat)
        assert again.svg(None) == game.svg(None)


def test_a_spectator_sees_the_same_picture_whatever_the_hidden_tiles() -> None:
    """Dealing seat 0's unseen tiles afresh (another seat's determinized game) changes nothing."""
    dealt_afresh = 0
    for game in positions(8, 3):
        if game.is_over:
            continue
        for rng in range(3):
            other = game.determinize(1, rng)
            dealt_afresh += other.view(0).data["hand"] != game.view(0).data["hand"]
            assert other.svg(None) == game.svg(None)
    assert dealt_afresh  # the check saw seat 0 hold other tiles


def test_the_tile_just_drawn_is_marked_for_its_player_only() -> None:
    """DO-5: the player deciding on the tile she drew sees it marked; others see its back."""
    for game in positions(9, 3):
        drawn = game.view(game.to_act).data["drawn"] if game.to_act is not None else None
        if drawn is None:
            continue
        own = ET.fromstring(game.svg(game.to_act))
        marked = [e.get("data-piece") for e in own.iter() if e.get("data-drawn") == "1"]
        assert marked == [domino_token(drawn)]
        for seat in (None, *(s for s in range(3) if s != game.to_act)):
            assert domino_token(drawn) not in game.svg(seat)
        return
    pytest.fail("no tile was drawn to decide on in the game")


def line_pieces(tree: ET.Element, line: int) -> list[str]:
    """The tiles drawn on one line's rows, in document order."""
    return [
        token
        for group in tree.iter(f"{SVG}g")
        if group.get("data-line") == str(line)
        for token in pieces_in(group)
    ]


@pytest.mark.parametrize("seed", [10, 11])
def test_do2_each_line_runs_from_the_spinner_outward_and_doubles_lie_crosswise(
    seed: int,
) -> None:
    for game in positions(seed, 3, spin=seed == 11):
        tree = ET.fromstring(game.svg(None))
        layout = game.state.layout
        for end in layout.ends:
            assert line_pieces(tree, end.id) == [domino_token(p.tile) for p in layout.line(end.id)]
        for placement in layout.placements:
            group = next(
                g
                for g in tree.iter(f"{SVG}g")
                if g.get("data-piece") == domino_token(placement.tile)
            )
            body = group.find(f"{SVG}rect")
            assert body is not None
            upright = float(body.attrib["height"]) > float(body.attrib["width"])
            crosswise = group.get("data-crosswise") == "1"
            assert crosswise == upright == placement.tile.is_double


def test_do2_a_spinning_doubles_lines_hang_below_their_parent_set_in() -> None:
    tree = ET.fromstring(new_game(position=SPINNING).svg(0))
    discs = {}
    for group in tree.iter(f"{SVG}g"):
        circle = group.find(f"{SVG}circle")
        if group.get("data-line") and circle is not None:
            discs[int(group.attrib["data-line"])] = (
                float(circle.attrib["cx"]),
                float(circle.attrib["cy"]),
            )
    assert sorted(discs) == [1, 2, 3, 4, 5, 6]
    for branch in (5, 6):
        assert discs[branch][0] > discs[1][0]  # set in from line 1
        assert discs[1][1] < discs[branch][1] < discs[2][1]  # between line 1 and line 2
    assert line_pieces(tree, 5) == ["g6|r5@72"]


def test_do9_every_dead_end_is_capped_and_every_live_end_shows_what_it_takes() -> None:
    game = new_game(position=DEAD_LAYOUT)
    tree = ET.fromstring(game.svg(2))
    dead = [e.attrib["data-dead-end"] for e in tree.iter() if "data-dead-end" in e.attrib]
    assert sorted(dead) == ["1", "2", "3", "4"]
    assert not [e for e in tree.iter() if "data-end" in e.attrib]
    game.play("play W|W:g on spinner")
    tree = ET.fromstring(game.svg(None))
    live = {
        e.attrib["data-end"]: e.attrib["data-takes"] for e in tree.iter() if "data-end" in e.attrib
    }
    assert live == {"5": "W:g"}  # the double-Wild's new line, from the spinner
    assert line_pieces(tree, 5) == ["W|W@12"]


def test_live_ends_show_the_open_ends_of_the_layout() -> None:
    for game in positions(12, 4):
        tree = ET.fromstring(game.svg(None))
        live = {
            e.attrib["data-end"]: e.attrib["data-takes"]
            for e in tree.iter()
            if "data-end" in e.attrib
        }
        ends = game.view(0).data["ends"]
        assert live == {str(end.id): end.shows for end in ends if not end.closed}
