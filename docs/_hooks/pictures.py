"""MkDocs hook: pictures of real positions, drawn at build time by the variants' own code.

A line ``<!-- picture: GAME seed=S moves=N seat=K -->`` becomes the picture of the game
``GAME`` (a name or game string; ``players=`` in it sets the seats) played by random agents
seeded from ``S`` for ``N`` moves (``moves=end``: to its end), as seat ``K`` sees it
(``seat=spectator``: as a spectator). A line ``<!-- picture: seat=K position=TEXT -->`` draws
a position instead (see the positions section of the concepts page). An optional
``caption="..."`` is set under it. The pictures are made from the code at build time, so they
cannot drift from it.

Two more fields place a picture: ``width=PIXELS`` draws it that wide, in proportion (the
picture's own size otherwise), and ``lead=true`` makes it a page's opening picture, which
stands beside the page's first paragraphs on a wide screen and above them on a narrow one
(``docs/stylesheets/pictures.css``), so that it is on the first screen.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from unodice.core.game import Game, new_game
from unodice.play.agents import RandomAgent

MARKER = re.compile(r"^<!-- picture: (?P<spec>.+?) -->$", re.MULTILINE)
FIELD = re.compile(r"^[a-z]+=")
SIZE = re.compile(r'^<svg (?P<before>[^>]*?)width="(?P<width>[\d.]+)" height="(?P<height>[\d.]+)"')


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace every picture marker of a page by its picture."""
    return MARKER.sub(lambda match: picture(match["spec"]), markdown)


def picture(spec: str) -> str:
    """The figure a marker asks for, as HTML."""
    words = shlex.split(spec)
    # A field is ``key=value``; a game string may hold ``=`` too, but only inside brackets.
    fields = dict(word.split("=", 1) for word in words if FIELD.match(word))
    games = [word for word in words if not FIELD.match(word)]
    if "position" in fields:
        game = new_game(position=fields["position"], seed=0)
    else:
        game = played(games[0], int(fields.get("seed", "0")), fields.get("moves", "0"))
    seat = fields.get("seat", "spectator")
    drawn = game.svg(None if seat == "spectator" else int(seat))
    if "width" in fields:
        drawn = scaled(drawn, int(fields["width"]))
    caption = fields.get("caption", "")
    lead = fields.get("lead", "false")
    if lead not in ("true", "false"):
        raise ValueError(f"a picture's lead= is true or false, not {lead!r}")
    classes = "unodice-picture unodice-lead" if lead == "true" else "unodice-picture"
    figure = f'<figure class="{classes}">{drawn}'
    if caption:
        figure += f"<figcaption>{caption}</figcaption>"
    return figure + "</figure>"


def scaled(svg: str, width: int) -> str:
    """The picture drawn ``width`` pixels wide, its height in proportion (its viewBox is kept)."""
    size = SIZE.match(svg)
    if size is None:
        raise ValueError("a picture's <svg> must open with its width and height")
    height = round(float(size["height"]) * width / float(size["width"]))
    opening = f'<svg {size["before"]}width="{width}" height="{height}"'
    return opening + svg[size.end() :]


def played(game_string: str, seed: int, moves: str) -> Game:
    """A game of random agents seeded from ``seed``, after ``moves`` moves (or at its end)."""
    game = new_game(game_string, seed=seed)
    agents = [RandomAgent(seed * 31 + seat) for seat in range(game.players)]
    wanted = None if moves == "end" else int(moves)
    while not game.is_over and (wanted is None or len(game.moves) < wanted):
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
    return game
