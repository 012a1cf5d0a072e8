"""The version of the installed distribution, and which build of it runs.

The version is for the package and the records it writes; the build is for people
(``unodice --version``) and benchmarks, since the native build plays the same games faster.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from unodice._native import built_modules

__all__ = ["NATIVE", "PURE", "__version__", "build_kind"]

try:
    __version__ = version("unodice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

NATIVE = "native engines"
"""What ``build_kind()`` says of the native build: its C modules were built and are used."""

PURE = "pure Python"
"""What ``build_kind()`` says of the pure-Python build, or of the native one under
``UNODICE_PURE=1``."""


def build_kind() -> str:
    """Which build runs: ``"native engines"`` or ``"pure Python"``.

    The build is native when the native modules were built (by an install on a machine with a
    C compiler) and are used: ``UNODICE_PURE=1`` sets them aside, and the build says pure
    Python then.
    """
    return NATIVE if built_modules() else PURE
