"""The tray's geometry: spaces, their names, the partition and who neighbours whom.

Spaces are numbered row by row from ``0`` (top left). A space is named by its row letter and
column number, ``A1`` to ``D6`` on the standard tray. With the partition on, the columns are
split into a left and a right half; a half is a *region*, and nothing (no neighbour, no run)
crosses from one region to the other. Without the partition the whole tray is one region.

Everything here depends only on the tray's shape, so a [`Tray`][unodice.builtin.coverall.tray.Tray]
is built once per shape and shared by every game of that shape.
"""

from __future__ import annotations

import re
import string
from functools import cache

from unodice.builtin.coverall.masks import mask_of
from unodice.quoting import brief

__all__ = ["Ray", "Tray", "Walk", "parse_space", "tray_of"]

_SPACE = re.compile(r"^([A-Za-z])(\d{1,2})$")

Ray = tuple[int, ...]
"""Spaces walked outward from a space along one line, nearest first, stopping at a region edge."""
Walk = tuple[int, Ray, Ray, tuple[tuple[tuple[int, ...], ...], ...]]
"""One line through a space, ready to walk: see ``Tray.walks``."""


class Tray:
    """The shape of the tray and every table derived from it.

    Args:
        rows: Number of rows (lettered from ``A``).
        columns: Number of columns (numbered from ``1``).
        partition: Whether the columns are split into two halves that nothing crosses.

    Attributes:
        rows: Number of rows.
        columns: Number of columns.
        partition: Whether the partition is in force.
        size: Number of spaces.
        names: Each space's name (``"B2"``), by space number.
        region_of: Each space's region: ``0`` (left half, or the whole tray) or ``1``.
        regions: The spaces of each region, in space order.
        neighbours: Each space's orthogonal neighbours in its own region.
        line_names: Each space's two lines in words: ``("row B", "column 2")``.
        lines: Each space's two lines, row then column, each as two rays
            (towards the lower and the higher numbers) that stop at the region's edge.
        walks: Each space's two lines as ``(line, back, ahead, stretches)``: the line's
            number (``0`` row, ``1`` column), its two rays as in ``lines``, and the stretch of
            spaces through the space reaching ``b`` spaces back and ``a`` ahead,
            ``stretches[b][a]``, in order along the line.
        stretch_names: The names of the spaces of each stretch of two spaces or more.
        region_masks: The spaces of each region as a bit mask (bit ``s`` for space ``s``).
        neighbour_masks: Each space's neighbours as a bit mask.
    """

    def __init__(self, rows: int, columns: int, partition: bool):
        self.rows = rows
        self.columns = columns
        self.partition = partition
        self.size = rows * columns
        self.names: tuple[str, ...] = tuple(
            f"{string.ascii_uppercase[r]}{c + 1}" for r in range(rows) for c in range(columns)
        )
        self._index = {name: space for space, name in enumerate(self.names)}
        self.region_of: tuple[int, ...] = tuple(
            self._region_of_column(space % columns) for space in range(self.size)
        )
        region_count = 2 if partition else 1
        self.regions: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(self.size) if self.region_of[s] == region)
            for region in range(region_count)
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            self._neighbours(space) for space in range(self.size)
        )
        self.region_masks: tuple[int, ...] = tuple(mask_of(spaces) for spaces in self.regions)
        self.neighbour_masks: tuple[int, ...] = tuple(mask_of(n) for n in self.neighbours)
        self.line_names: tuple[tuple[str, str], ...] = tuple(
            (f"row {name[0]}", f"column {name[1:]}") for name in self.names
        )
        self.lines: tuple[tuple[tuple[Ray, Ray], tuple[Ray, Ray]], ...] = tuple(
            (self._row_rays(space), self._column_rays(space)) for space in range(self.size)
        )
        self.walks: tuple[tuple[Walk, Walk], ...] = tuple(
            (_walk(0, space, *rays[0]), _walk(1, space, *rays[1]))
            for space, rays in enumerate(self.lines)
        )
        self.stretch_names: dict[tuple[int, ...], tuple[str, ...]] = {
            stretch: tuple(self.names[s] for s in stretch)
            for pair in self.walks for walk in pair for ahead_of in walk[3] for stretch in ahead_of
            if len(stretch) > 1
        }

    # -- names -------------------------------------------------------------------------------

    def space(self, row: int, column: int) -> int:
        """The number of the space at ``row`` and ``column`` (both from 0)."""
        return row * self.columns + column

    def row_and_column(self, space: int) -> tuple[int, int]:
        """The row and column (both from 0) of a space."""
        return divmod(space, self.columns)

    def contains(self, row: int, column: int) -> bool:
        """Whether the tray has a space at ``row`` and ``column`` (both from 0)."""
        return 0 <= row < self.rows and 0 <= column < self.columns

    def row_letter(self, row: int) -> str:
        """The letter of a row (``0`` is ``A``)."""
        return string.ascii_uppercase[row]

    def describe_shape(self) -> str:
        """The tray's extent in words, for error messages: ``rows A–D, columns 1–6``."""
        return f"rows A–{self.row_letter(self.rows - 1)}, columns 1–{self.columns}"

    def region_name(self, region: int) -> str:
        """A region in words: ``left half (columns 1–3)``, or ``tray`` without a partition."""
        if not self.partition:
            return "tray"
        half = self.columns // 2
        first, last = (1, half) if region == 0 else (half + 1, self.columns)
        side = "left" if region == 0 else "right"
        columns = f"column {first}" if first == last else f"columns {first}–{last}"
        return f"{side} half ({columns})"

    # -- derived tables ----------------------------------------------------------------------

    def _region_of_column(self, column: int) -> int:
        return int(self.partition and column >= self.columns // 2)

    def _neighbours(self, space: int) -> tuple[int, ...]:
        row, column = self.row_and_column(space)
        found = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + dr, column + dc
            if self.contains(r, c) and self.region_of[self.space(r, c)] == self.region_of[space]:
                found.append(self.space(r, c))
        return tuple(found)

    def _ray(self, space: int, dr: int, dc: int) -> Ray:
        row, column = self.row_and_column(space)
        region = self.region_of[space]
        out = []
        r, c = row + dr, column + dc
        while self.contains(r, c) and self.region_of[self.space(r, c)] == region:
            out.append(self.space(r, c))
            r, c = r + dr, c + dc
        return tuple(out)

    def _row_rays(self, space: int) -> tuple[Ray, Ray]:
        return self._ray(space, 0, -1), self._ray(space, 0, 1)

    def _column_rays(self, space: int) -> tuple[Ray, Ray]:
        return self._ray(space, -1, 0), self._ray(space, 1, 0)


def _walk(line: int, space: int, back: Ray, ahead: Ray) -> Walk:
    stretches = tuple(
        tuple((*reversed(back[:before]), space, *ahead[:after]) for after in range(len(ahead) + 1))
        for before in range(len(back) + 1)
    )
    return line, back, ahead, stretches


def parse_space(text: str) -> tuple[int, int]:
    """Read a space name (``"B2"``, ``"b2"``) into its row and column, both from 0.

    Raises:
        ValueError: The text is not a row letter followed by a column number.
    """
    match = _SPACE.match(text.strip())
    if not match or int(match.group(2)) < 1:
        raise ValueError(
            f"{brief(text)} is not a space; name one by row letter and column, like B2"
        )
    return string.ascii_uppercase.index(match.group(1).upper()), int(match.group(2)) - 1


@cache
def tray_of(rows: int, columns: int, partition: bool) -> Tray:
    """The shared [`Tray`][unodice.builtin.coverall.tray.Tray] of a shape, built once."""
    return Tray(rows, columns, partition)
