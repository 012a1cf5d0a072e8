"""The version of the installed distribution, and which build of it runs.

The version is for the package and the records it writes; the build is for people
(``unodice --version``) and benchmarks, since a compiled build plays the same games faster.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec

__all__ = ["COMPILED", "PURE", "__version__", "build_kind"]

try:
    __version__ = version("unodice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

COMPILED = "compiled with mypyc"
"""What ``build_kind()`` says of the compiled build."""

PURE = "pure Python"
"""What ``build_kind()`` says of the pure-Python build."""


def build_kind() -> str:
    """Which build runs: ``"compiled with mypyc"`` or ``"pure Python"``.

    Decided by the core's module of game histories, ``unodice.core.history``: it is loaded from an
    extension module in the compiled build (see "The compiled build" in the getting-started
    guide) and from its Python source otherwise.
    """
    spec = find_spec("unodice.core.history")
    origin = spec.origin if spec is not None else None
    compiled = origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES))
    return COMPILED if compiled else PURE
