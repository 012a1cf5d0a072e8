"""The version of the installed distribution, which build of it runs, and why it is pure Python.

The version is for the package and the records it writes; the build is for people
(``unodice --version``) and benchmarks, since the native build plays the same games faster; the
reason is for people whose install could not build the native engines.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files
from importlib.util import find_spec

from unodice._native import FORCED_PURE, MODULES, built_modules

__all__ = ["NATIVE", "PURE", "REASON_FILE", "__version__", "build_kind", "build_reason"]

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


REASON_FILE = "pure-build.txt"
"""The file in ``unodice._native`` where a build that could not compile the native modules
wrote why, in one line (the build hook, ``hatch_build.py``, writes it under this name)."""


def build_reason() -> str | None:
    """Why pure Python runs, in a few words, or ``None`` when the native engines run.

    On a pure install, it is what the install wrote when it could not build the native modules,
    such as ``"when installed, no working C compiler ('cc' exited with status 1)"`` (or ``no
    Python headers (...)``, or ``the C compiler failed (...)`` with the compiler's first error
    line). On a native install that ``UNODICE_PURE`` sets aside, it says so: ``"UNODICE_PURE
    sets the native engines aside"``. ``None`` too for a pure build that wrote no reason, such
    as a source tree that no install built.
    """
    if built_modules():
        return None
    try:
        note = files("unodice._native").joinpath(REASON_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        note = ""
    if why := " ".join(note.split()):
        return f"when installed, {why}"
    if FORCED_PURE and any(find_spec(f"unodice._native._{name}") for name in MODULES):
        return "UNODICE_PURE sets the native engines aside"
    return None
