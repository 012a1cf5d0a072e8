"""The version of the installed distribution, and which build of it runs.

The version is for the package and the records it writes; the build is for people
(``unodice --version``) and benchmarks, since a native or compiled build plays the same games
faster.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec

from unodice._native import built_modules

__all__ = ["COMPILED", "NATIVE", "PURE", "__version__", "build_kind"]

try:
    __version__ = version("unodice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

COMPILED = "compiled with mypyc"
"""What ``build_kind()`` says of the compiled build."""

NATIVE = "native engines"
"""What ``build_kind()`` says of the native build: its C modules were built and are used."""

PURE = "pure Python"
"""What ``build_kind()`` says of the pure-Python build, or of any build under ``UNODICE_PURE=1``
but the compiled one."""


def build_kind() -> str:
    """Which build runs: ``"compiled with mypyc"``, ``"native engines"`` or ``"pure Python"``.

    The compiled build is told by the core's module of game histories, ``unodice.core.history``:
    it is loaded from an extension module in the compiled build (see "The compiled build" in the
    getting-started guide) and from its Python source otherwise. That build carries the native
    modules too. Otherwise the build is native when the native modules were built (by an install
    on a machine with a C compiler) and are used: ``UNODICE_PURE=1`` sets them aside, and the
    build says pure Python then.
    """
    spec = find_spec("unodice.core.history")
    origin = spec.origin if spec is not None else None
    if origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES)):
        return COMPILED
    return NATIVE if built_modules() else PURE
