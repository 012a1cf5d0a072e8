"""The native engines' extension modules, and the one way to find them.

Each C file ``_<name>.c`` here is one extension module, ``unodice._native._<name>``, built by
the package's build hook when the machine that installs unodice has a C compiler (see "The
builds" in the getting-started guide). Without one the package installs as pure Python, and
none of these modules exists: the build writes why into ``pure-build.txt`` here instead. The
plain Python rules stay the source of truth: a native module is a faster second implementation
of them, checked against them.

Code that uses a native module never imports it by name: it asks
[`native_module`][unodice._native.native_module], which answers ``None`` when the module was not
built or when pure Python is forced, and falls back to Python then::

    _twister = native_module("twister")
    if _twister is not None:
        ...  # the native path

Setting the environment variable ``UNODICE_PURE`` to ``1`` forces pure Python: every native
module is then treated as absent, even when it was built. It is read once, when this package is
first imported, so set it before the program starts.

The modules:

- ``centre_die`` (``_centre_die.c``), ``coverall`` (``_coverall.c``) and ``dominoes``
  (``_dominoes.c``): each variant's rules in C, played two ways. Whole matches between the
  built-in agents (see [`unodice.variants.centre_die.native`][unodice.variants.centre_die.native]
  and its twins in the other variants), and a ``State`` a game steps one decision at a time
  from Python (see [`NativeGame`][unodice.core.native_game.NativeGame]). What the engines
  share is in ``match.h``.
- ``twister`` (``_twister.c``): ``Twister(seed)``, the Mersenne Twister of ``random.Random``
  drawing the same numbers from the same seed and sharing its state format (``mt19937.h`` is
  that generator as C code for the engines to include).

The three match engines share ``match.h``: what is not their rules (the seats and their agents'
generators, recording chance and decisions, seeds, the results handed back), written once.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

__all__ = ["FORCED_PURE", "MODULES", "built_modules", "native_module"]

MODULES = ("centre_die", "coverall", "dominoes", "twister")
"""The native modules there are, by the names ``native_module`` takes (``_twister.c`` is
``"twister"``). A test checks that it names every C module of this package."""

FORCED_PURE = os.environ.get("UNODICE_PURE", "").strip() not in ("", "0")
"""Whether ``UNODICE_PURE`` forces pure Python: set to anything but empty or ``0`` when this
package was first imported."""

_found: dict[str, ModuleType | None] = {}


def native_module(name: str) -> ModuleType | None:
    """The native module ``name`` (``"twister"`` is ``unodice._native._twister``), or ``None``.

    ``None`` when the module was not built (the pure-Python install) or when ``UNODICE_PURE``
    forces pure Python. A name that is not in [`MODULES`][unodice._native.MODULES] raises
    ``ValueError``, so that a misspelt name cannot pass for a missing build. A module that is
    there but fails to load raises its ``ImportError``: a broken build is not a pure one.
    """
    if name not in MODULES:
        raise ValueError(f"there is no native module {name!r}; there are {', '.join(MODULES)}")
    if FORCED_PURE:
        return None
    if name not in _found:
        full = f"{__name__}._{name}"
        try:
            _found[name] = import_module(full)
        except ModuleNotFoundError as missing:
            if missing.name != full:
                raise
            _found[name] = None
    return _found[name]


def built_modules() -> tuple[str, ...]:
    """The names of the native modules this process uses: none when pure Python runs."""
    return tuple(name for name in MODULES if native_module(name) is not None)
