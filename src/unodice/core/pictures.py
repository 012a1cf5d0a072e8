"""Pictures: a position drawn as SVG, from what one seat may see.

Every picture is drawn from a [`View`][unodice.core.variant.View], so it can show nothing its seat
may not see; a spectator's picture (no seat) shows only what every seat sees. A variant draws
its own when it has [`Pictures`][unodice.core.capabilities.Pictures]; one that does not gets its
text rendering, set in a monospaced picture. [`svg`][unodice.core.pictures.svg] makes either,
and games and views show theirs in Jupyter.

The module also holds what every variant's drawing shares, so that all pictures look alike:
[`Canvas`][unodice.core.pictures.Canvas], a small SVG writer (rectangles, circles, lines, text,
groups, each with a ``data-`` attribute for tests and tools to find pieces by); the colours of
the family ([`COLOURS`][unodice.core.pictures.COLOURS]); and
[`draw_face`][unodice.core.pictures.draw_face], a die face or a domino end as a coloured square
with its symbol; and [`mark_last`][unodice.core.pictures.mark_last], the ring around a piece the
last move placed.

Besides a seat's picture and a spectator's, a game has the referee's (``svg(game,
referee=True)``): every seat's hidden pieces face up. It is drawn by the variant when its
``picture`` takes the ``referee`` keyword, else as every seat's picture, one under another.
``svg(game, mark_last=True)`` marks the pieces the game's last move placed, when the variant's
``picture`` takes the ``last`` keyword.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from unodice.core.capabilities import Pictures
from unodice.core.errors import InvalidOptions
from unodice.core.moves import Move, MovePlayed, RoundStarted
from unodice.core.pieces import Colour, Face

if TYPE_CHECKING:
    from unodice.core.game import Game
    from unodice.core.variant import View

__all__ = [
    "COLOURS",
    "FAINT",
    "HIGHLIGHT",
    "INK",
    "LAST",
    "LINE",
    "PAPER",
    "Canvas",
    "draw_face",
    "mark_last",
    "seat_label",
    "svg",
]

COLOURS: Mapping[Colour | None, str] = {
    Colour.RED: "#d7263d",
    Colour.YELLOW: "#f4c20d",
    Colour.GREEN: "#1b998b",
    Colour.BLUE: "#2e5eaa",
    None: "#222222",
}
"""The fill of a face of each colour; ``None`` is the black of the wild faces."""

INK = "#ffffff"
"""The colour of a symbol on a face."""
PAPER = "#f7f4ea"
"""The background of every picture."""
LINE = "#444444"
"""Outlines and text."""
FAINT = "#8a8577"
"""Text that only helps: labels and notes."""
HIGHLIGHT = "#fff1b8"
"""The band behind the pieces of the seat whose view it is."""
LAST = "#ff6b00"
"""The ring around the pieces the last move placed."""


_XML_NAMES = {"xml_space": "xml:space"}
"""Attributes whose SVG names hold a colon, not a hyphen."""


_svg_names: dict[str, str] = {}
"""Each keyword's SVG attribute name, worked out once (``font_size`` is ``font-size``)."""

_PLAIN = re.compile(r"[^&<>\"\n\r\t]*")
"""Text that quoteattr would only put between double quotes."""


class Canvas:
    """An SVG document being drawn: shapes are added in order, later ones on top.

    Args:
        width: The picture's width, in pixels.
        height: Its height.
        title: What the picture shows, for screen readers and tooltips.
    """

    def __init__(self, width: float, height: float, title: str):
        self.width = width
        self.height = height
        self._parts: list[str] = [f"<title>{escape(title)}</title>"]
        self.rect(0, 0, width, height, fill=PAPER)

    @staticmethod
    def _attributes(values: Mapping[str, Any]) -> str:
        out = []
        for key, value in values.items():
            if value is None:
                continue
            name = _svg_names.get(key)
            if name is None:
                name = _svg_names[key] = _XML_NAMES.get(key) or key.rstrip("_").replace("_", "-")
            # A picture has thousands of attributes: numbers and plain words need no quoting
            # beyond the quotes themselves, which is what quoteattr would give them.
            kind = type(value)
            if kind is int:
                out.append(f'{name}="{value}"')
            elif kind is float:
                out.append(f'{name}="{_number(value)}"')
            elif kind is str and _PLAIN.fullmatch(value):
                out.append(f'{name}="{value}"')
            else:
                out.append(f"{name}={quoteattr(_number(value))}")
        return " ".join(out)

    def add(self, element: str, **attributes: Any) -> None:
        """Add an element with no content: ``add("ellipse", cx=1, cy=2, rx=3, ry=4)``."""
        self._parts.append(f"<{element} {self._attributes(attributes)}/>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: Any) -> None:
        """A rectangle (``rx`` rounds its corners)."""
        self.add("rect", x=x, y=y, width=width, height=height, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: Any) -> None:
        """A circle."""
        self.add("circle", cx=cx, cy=cy, r=r, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: Any) -> None:
        """A straight line."""
        self.add("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def text(self, x: float, y: float, content: str, **attributes: Any) -> None:
        """Text whose baseline starts at (``x``, ``y``) (``text_anchor="middle"`` centres it)."""
        defaults = {"font_family": "sans-serif", "font_size": 14, "fill": LINE}
        merged = {**defaults, **attributes}
        self._parts.append(
            f"<text {self._attributes({'x': x, 'y': y, **merged})}>{escape(content)}</text>"
        )

    def open_group(self, **attributes: Any) -> None:
        """Start a group: what follows, until ``close_group``, belongs to it."""
        self._parts.append(f"<g {self._attributes(attributes)}>")

    def close_group(self) -> None:
        """End the latest group."""
        self._parts.append("</g>")

    def document(self) -> str:
        """The whole SVG document."""
        body = "".join(self._parts)
        size = f'width="{_number(self.width)}" height="{_number(self.height)}"'
        box = f'viewBox="0 0 {_number(self.width)} {_number(self.height)}"'
        return f'<svg xmlns="http://www.w3.org/2000/svg" {size} {box}>{body}</svg>'


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def draw_face(
    canvas: Canvas,
    x: float,
    y: float,
    size: float,
    face: Face,
    *,
    declared: Colour | None = None,
    piece: str | None = None,
    last: bool = False,
) -> None:
    """A die face or a domino end: a rounded square in the face's colour, with its symbol.

    A wild face is black; with a ``declared`` colour, a band of that colour runs along its
    foot. ``piece`` is written as the group's ``data-piece`` (``"r5@12"``), for tests and tools
    to find the piece by. With ``last``, the piece is the one the last move placed: ringed (see
    [`mark_last`][unodice.core.pictures.mark_last]), its group marked ``data-last``.
    """
    canvas.open_group(
        data_face=face.code,
        data_piece=piece,
        data_declared=(declared.letter if declared is not None else None),
        data_last="true" if last else None,
    )
    if last:
        mark_last(canvas, x, y, size, size)
    canvas.rect(
        x, y, size, size, rx=size * 0.15, fill=COLOURS[face.colour], stroke=LINE, stroke_width=1
    )
    if declared is not None:
        canvas.rect(
            x + size * 0.1, y + size * 0.78, size * 0.8, size * 0.14, fill=COLOURS[declared]
        )
    canvas.text(
        x + size / 2,
        y + size * 0.62,
        face.symbol,
        text_anchor="middle",
        font_size=round(size * (0.5 if len(face.symbol) < 2 else 0.34)),
        font_weight="bold",
        fill=INK,
    )
    canvas.close_group()


def mark_last(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """The ring around a piece the last move placed, whose box is given.

    Drawn before the piece, it shows as a thick orange border a few pixels out. Mark the
    piece's group with ``data_last="true"`` too (``draw_face(..., last=True)`` does both).
    """
    canvas.rect(
        x - 5,
        y - 5,
        width + 10,
        height + 10,
        rx=min(width, height) * 0.2 + 4,
        fill="none",
        stroke=LAST,
        stroke_width=3.5,
    )


def seat_label(
    canvas: Canvas,
    x: float,
    middle: float,
    seat: int,
    *,
    viewer: bool,
    to_act: bool,
    points: int,
    points_right: float,
) -> None:
    """A seat's line label: a marker when it is to act, its name, and its points.

    ``middle`` is the baseline of the line, ``points_right`` where its points end; the seat
    whose view it is is named "(you)" and set in bold.
    """
    if to_act:
        canvas.text(x, middle, "▶", font_size=14, fill=COLOURS[Colour.RED])
    name = f"seat {seat}" + (" (you)" if viewer else "")
    canvas.text(x + 20, middle, name, font_size=14, font_weight="bold" if viewer else "normal")
    canvas.text(x + points_right, middle, f"{points} points", font_size=14, text_anchor="end")


def _text_picture(text: str, title: str) -> str:
    """A text rendering set as a picture, one line of monospaced text per line."""
    lines = text.splitlines() or [""]
    width = 16 + 8.4 * max(len(line) for line in lines)
    canvas = Canvas(width, 16 + 18 * len(lines), title)
    for row, line in enumerate(lines):
        canvas.text(8, 24 + 18 * row, line, font_family="monospace", xml_space="preserve")
    return canvas.document()


def svg(
    target: Game | View,
    seat: int | None = None,
    *,
    referee: bool = False,
    mark_last: bool = False,
) -> str:
    """A picture of a game from ``seat``'s eyes (``None``: a spectator's), or of a view.

    Args:
        target: A game, or a view (drawn from its own seat).
        seat: Whose eyes; ``None`` for a spectator's picture.
        referee: (A game.) The referee's picture instead: every seat's hidden pieces face up.
            It shows what the seats may not see: it is not for the players while the game
            is on.
        mark_last: (A game.) Mark the pieces the game's last move placed, while they are on
            the table (not once a new round is dealt).

    Raises:
        InvalidOptions: ``seat`` is not a seat of the game, or is given with ``referee``;
            ``referee`` or ``mark_last`` is asked of a view.
    """
    from unodice.core.game import Game

    if not isinstance(target, Game):
        if referee or mark_last:
            raise InvalidOptions(
                "a view shows one seat's eyes only: ask the game for the referee's picture "
                "or the last move's mark (svg(game, referee=True, mark_last=True))"
            )
        return _picture(target, spectator=False, game=target._game)
    last = _last_move(target) if mark_last else None
    if referee:
        if seat is not None:
            raise InvalidOptions(
                f"the referee's picture is no seat's: give seat=None, not {seat!r}"
            )
        views = [target.view(each) for each in range(target.players)]
        return _referee_picture(views, target, last)
    view = target.view(0 if seat is None else seat)
    return _picture(view, spectator=seat is None, game=target, last=last)


def _last_move(game: Game) -> Move | None:
    """The game's last move, if the round it was played in is still on the table."""
    events = game.events
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, MovePlayed):
            return event.move
        if isinstance(event, RoundStarted):
            return None
    return None


_takes: dict[tuple[type, str], bool] = {}
"""Whether a variant class's ``picture`` takes a keyword, by class and keyword: asked once."""


def _accepts(picture: Callable[..., str], variant: object, keyword: str) -> bool:
    """Whether ``picture`` (the variant's method) takes ``keyword``: a plugin's may be older."""
    key = (type(variant), keyword)
    known = _takes.get(key)
    if known is None:
        try:
            parameters = inspect.signature(picture).parameters
        except (TypeError, ValueError):  # a method Python cannot read the signature of
            parameters = {}  # type: ignore[assignment]
        known = _takes[key] = keyword in parameters or any(
            parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()
        )
    return known


def _picture(view: View, spectator: bool, game: Game | None, last: Move | None = None) -> str:
    variant = view._rules
    who = "a spectator" if spectator else f"seat {view.seat}"
    if isinstance(variant, Pictures):
        if last is not None and _accepts(variant.picture, variant, "last"):
            return variant.picture(view, spectator, last=last)
        return variant.picture(view, spectator)
    if spectator:
        # A text rendering is always some seat's (or the referee's): a spectator is shown
        # only what the core knows every seat sees.
        scores = ", ".join(f"seat {s}: {points}" for s, points in enumerate(view.scores))
        turn = "over" if view.to_act is None else f"seat {view.to_act} to act"
        text = f"{variant.title}, round {view.round}, {turn}\nscores {scores}"
    elif game is None:
        text = repr(view)
    else:
        text = game.render(view.seat)
    return _text_picture(text, f"{variant.title}, as {who} sees it")


def _referee_picture(views: Sequence[View], game: Game, last: Move | None) -> str:
    """The referee's picture: the variant's, or every seat's one under another."""
    variant = views[0]._rules
    title = f"{variant.title}, as the referee sees it"
    if not isinstance(variant, Pictures):
        return _text_picture(game.render(None), title)
    if _accepts(variant.picture, variant, "referee"):
        if last is not None and _accepts(variant.picture, variant, "last"):
            return variant.picture(views[0], referee=views, last=last)
        return variant.picture(views[0], referee=views)
    return _stacked([_picture(view, False, game, last) for view in views], title)


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')


def _stacked(pictures: Sequence[str], title: str) -> str:
    """SVG documents set one under another in one document, each in its own ``<svg>``."""
    width, height, parts = 0.0, 0.0, [f"<title>{escape(title)}</title>"]
    for picture in pictures:
        size = _SIZE.match(picture)
        w, h = (float(size[1]), float(size[2])) if size else (640.0, 480.0)
        # An inner <svg> is placed by its x and y; its own width and height are kept.
        parts.append(picture.replace("<svg ", f'<svg y="{_number(height)}" ', 1))
        width, height = max(width, w), height + h
    size_text = f'width="{_number(width)}" height="{_number(height)}"'
    box = f'viewBox="0 0 {_number(width)} {_number(height)}"'
    body = "".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" {size_text} {box}>{body}</svg>'
