"""The modules' old names, kept importable for one release.

Until 0.2 every module lay flat in ``unodice/`` (``unodice.game``, ``unodice.record``, the
built-in variants in ``unodice.builtin``). Importing an old name gives the module at its new
place, with a `DeprecationWarning` that names it; the old names go in unodice 0.3.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Sequence

_CORE = [
    "chance",
    "errors",
    "game",
    "history",
    "hooks",
    "moves",
    "options",
    "pictures",
    "pieces",
    "positions",
    "registry",
    "render",
    "spaces",
    "turns",
    "uno",
    "values",
    "variant",
]

MOVED: dict[str, str] = {
    **{f"unodice.{name}": f"unodice.core.{name}" for name in _CORE},
    "unodice.quoting": "unodice.core._quoting",
    "unodice.tables": "unodice.core.lookups",
    **{f"unodice.{name}": f"unodice.play.{name}" for name in ("agents", "arena", "bots")},
    **{f"unodice.{name}": f"unodice.play.{name}" for name in ("simulation", "stats")},
    "unodice.record": "unodice.records.record",
    "unodice.replay_page": "unodice.records.replay_page",
    "unodice.cli_arena": "unodice.cli.arena",
    "unodice.cli_simulate": "unodice.cli.simulate",
    "unodice.cli_terminal": "unodice.cli.terminal",
    "unodice.scaffold": "unodice.cli.scaffold",
    "unodice.builtin": "unodice.variants",
}
"""Old module name: new module name. A name below an old package moves with it."""


def new_name(old: str) -> str | None:
    """Where the module once called ``old`` is now, or ``None`` when it did not move."""
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before) :]
    return None


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a module by its old name and hands out the module at its new place."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if new_name(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        after = new_name(module.__name__)
        assert after is not None
        warnings.warn(
            f"{module.__name__} is now {after}; the old name will be removed in unodice 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        # The import system hands out what sys.modules holds once this returns: the module
        # itself, at its new place, so that there is one of it whichever name imported it.
        sys.modules[module.__name__] = importlib.import_module(after)


def install() -> None:
    """Let the old names be imported (once per process)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
