"""The face: the ``unodice`` command.

``commands`` reads the command line and runs one command; ``simulate`` and ``arena`` hold the
commands that play many games, ``terminal`` the game played at a terminal, and ``scaffold``
the ``new-plugin`` command's writer. Only this package knows the terminal.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """``main``, where unodice 0.1 had it (``unodice.cli:main``), with a warning, until 0.3."""
    if name == "main":
        import warnings

        from unodice.cli.commands import main

        warnings.warn(
            "unodice.cli.main is now unodice.cli.commands.main; the old name will be removed in "
            "unodice 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
