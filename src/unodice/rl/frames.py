"""Frames for ``render_mode="rgb_array"``: a position's text drawn as a picture, fast.

A frame is the text rendering of a position (what ``"ansi"`` returns) set in a monospaced
bitmap font, each face of the family (``r5``, ``gD2``, ``W``) in its colour, on a frame of a
fixed size: [`COLUMNS`][unodice.rl.frames.COLUMNS] by [`ROWS`][unodice.rl.frames.ROWS]
characters, so a video of a match has one size from start to end. Longer lines are wrapped
and rows past the last are left out, ending in ``…``. Drawing one takes about a millisecond
(an SVG picture, rasterised, takes a hundred).

It needs Pillow, in the ``video`` extra (``pip install 'unodice[rl,video]'``), which also
brings what Gymnasium's ``RecordVideo`` writes videos with.
"""

from __future__ import annotations

import importlib
import re
import sys
import unicodedata
from functools import cache
from typing import Any

import numpy as np

from unodice.core.errors import UnodiceError
from unodice.core.pictures import COLOURS, PAPER
from unodice.core.pieces import Colour

__all__ = ["COLUMNS", "HEIGHT", "ROWS", "WIDTH", "frame", "require_pillow"]

COLUMNS = 80
"""Characters in a row of a frame."""
ROWS = 24
"""Rows of characters in a frame."""

_CELL = (6, 11)
"""The size of a character of Pillow's bitmap font, in pixels."""
_MARGIN = 8
_SCALE = 2
"""Each pixel of the font is drawn as a square of this side."""

WIDTH = (COLUMNS * _CELL[0] + 2 * _MARGIN) * _SCALE
"""A frame's width in pixels (992)."""
HEIGHT = (ROWS * _CELL[1] + 2 * _MARGIN) * _SCALE
"""A frame's height in pixels (560)."""

_INK = "#222222"

_FACE = re.compile(
    r"(?<![A-Za-z0-9])(?:([rygb])(?:D2|[0-9RS])|(?:WD4|W)(?::[rygb])?)(?![A-Za-z0-9])"
)
"""A face's code in the text: a colour letter and a symbol, or a wild symbol (with the colour
called for it, ``W:r``)."""

_COLOUR = {colour.letter: COLOURS[colour] for colour in Colour}

_PLAIN = {"–": "-", "—": "-", "…": "...", "→": "->", "←": "<-", "×": "x", "·": "."}
"""Characters the bitmap font lacks, and what is drawn instead."""


def require_pillow() -> Any:
    """Pillow's ``PIL`` package, its ``Image``, ``ImageDraw`` and ``ImageFont`` loaded.

    Raises:
        UnodiceError: Pillow is not installed.
    """
    try:
        # Imported by name: Pillow is optional, and type checks must not depend on it.
        for module in ("PIL.Image", "PIL.ImageDraw", "PIL.ImageFont"):
            importlib.import_module(module)
    except ImportError:
        raise UnodiceError(
            "render_mode='rgb_array' draws frames with Pillow, which is not installed: "
            "pip install 'unodice[video]'"
        ) from None
    return sys.modules["PIL"]


@cache
def _font() -> Any:
    return require_pillow().ImageFont.load_default_imagefont()


def _plain(text: str) -> str:
    """``text`` in the characters the bitmap font has (Latin-1), near enough."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if ord(char) < 256:
            out.append(char)
            continue
        char = _PLAIN.get(char, char)
        if not char.isascii():
            char = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or "?"
        out.append(char)
    return "".join(out)


def _lines(text: str) -> list[str]:
    """The rows of a frame: ``text``'s lines, wrapped at ``COLUMNS``, cut at ``ROWS``."""
    rows: list[str] = []
    for line in _plain(text.expandtabs()).splitlines():
        while len(line) > COLUMNS:
            rows.append(line[:COLUMNS])
            line = "  " + line[COLUMNS:]
        rows.append(line)
    if len(rows) > ROWS:
        rows = [*rows[: ROWS - 1], "..."]
    return rows


def frame(text: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """``text`` drawn as a frame: an array of shape ``(HEIGHT, WIDTH, 3)`` of ``uint8``.

    Raises:
        UnodiceError: Pillow is not installed.
    """
    pil = require_pillow()
    font = _font()
    cell_width, cell_height = _CELL
    image = pil.Image.new("RGB", (WIDTH // _SCALE, HEIGHT // _SCALE), PAPER)
    draw = pil.ImageDraw.Draw(image)
    for row, line in enumerate(_lines(text)):
        y = _MARGIN + row * cell_height
        draw.text((_MARGIN, y), line, fill=_INK, font=font)
        for found in _FACE.finditer(line):
            x = _MARGIN + found.start() * cell_width
            width = (found.end() - found.start()) * cell_width
            fill = _COLOUR[found.group(1)] if found.group(1) else COLOURS[None]
            draw.rectangle((x - 1, y - 1, x + width, y + cell_height - 1), fill=fill)
            ink = _INK if found.group(1) == "y" else "#ffffff"
            draw.text((x, y), found.group(0), fill=ink, font=font)
    image = image.resize((WIDTH, HEIGHT), pil.Image.Resampling.NEAREST)
    return np.asarray(image, dtype=np.uint8)
