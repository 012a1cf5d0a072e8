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
with its symbol.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from unodice.core.capabilities import Pictures
from unodice.core.pieces import Colour, Face

if TYPE_CHECKING:
    from unodice.core.game import Game
    from unodice.core.variant import View

__all__ = [
    "COLOURS",
    "FAINT",
    "HIGHLIGHT",
    "INK",
    "LINE",
    "PAPER",
    "Canvas",
    "draw_face",
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
) -> None:
    """A die face or a domino end: a rounded square in the face's colour, with its symbol.

    A wild face is black; with a ``declared`` colour, a band of that colour runs along its
    foot. ``piece`` is written as the group's ``data-piece`` (``"r5@12"``), for tests and tools
    to find the piece by.
    """
    canvas.open_group(
        data_face=face.code,
        data_piece=piece,
        data_declared=(declared.letter if declared is not None else None),
    )
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


def svg(target: Game | View, seat: int | None = None) -> str:
    """A picture of a game from ``seat``'s eyes (``None``: a spectator's), or of a view.

    Raises:
        InvalidOptions: ``seat`` is not a seat of the game.
    """
    from unodice.core.game import Game

    if isinstance(target, Game):
        view = target.view(0 if seat is None else seat)
        return _picture(view, spectator=seat is None, game=target)
    return _picture(target, spectator=False, game=target._game)


def _picture(view: View, spectator: bool, game: Game | None) -> str:
    variant = view._rules
    who = "a spectator" if spectator else f"seat {view.seat}"
    if isinstance(variant, Pictures):
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
