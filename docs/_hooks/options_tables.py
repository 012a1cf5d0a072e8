"""MkDocs hook: option tables generated from the variants' own ``Options`` classes.

A line ``<!-- options: NAME -->`` in a page becomes a table of the options of the installed
variant ``NAME``: type and allowed values, default, and the help line given to ``option()``.
The table is made from the code at build time, so it cannot drift from it.
"""

from __future__ import annotations

import re
from typing import Any

from unodice.core.options import OptionInfo
from unodice.core.registry import default_registry

MARKER = re.compile(r"^<!-- options: (?P<variant>[a-z0-9-]+) -->$", re.MULTILINE)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace every options marker of a page by its table."""
    return MARKER.sub(lambda match: options_table(match["variant"]), markdown)


def options_table(variant: str) -> str:
    """The options of ``variant`` as a Markdown table."""
    rows = ["| option | type | default | meaning |", "| --- | --- | --- | --- |"]
    for info in default_registry().variant(variant).options:
        rows.append(
            f"| `{info.name}` | {kind_text(info)} | `{value_text(info.default)}` | {info.help} |"
        )
    return "\n".join(rows)


def kind_text(info: OptionInfo) -> str:
    """The option's type with its allowed values: ``int, 1–1000``, ``str, or none``."""
    parts = [info.kind]
    if info.minimum is not None and info.maximum is not None:
        parts.append(f"{info.minimum}–{info.maximum}")
    elif info.minimum is not None:
        parts.append(f"≥ {info.minimum}")
    elif info.maximum is not None:
        parts.append(f"≤ {info.maximum}")
    if info.choices:
        parts.append("one of " + ", ".join(f"`{value_text(c)}`" for c in info.choices))
    if info.nullable:
        parts.append("or none")
    return ", ".join(parts)


def value_text(value: Any) -> str:
    """A value as it is written in a game string or on the command line."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
