"""The built-in variants: coverall, centre-die and dominoes.

Each is a plugin package registered through the project's own entry points, exactly as a
third-party plugin would be; nothing in the core imports them. Every one has the same files
(see the "Variant anatomy" page of the docs).

The function that lists the installed variants is
[`unodice.available_variants`][unodice.available_variants]. Until 0.2 it was
``unodice.variants()``, a name this package now holds; calling the package still lists them,
with a `DeprecationWarning`, for one more release.
"""

from __future__ import annotations

import sys
import types
import warnings
from typing import Any


class _CallableForOneRelease(types.ModuleType):
    """The package, callable as the listing function whose name it took."""

    def __call__(self) -> Any:
        warnings.warn(
            "unodice.variants() is now unodice.available_variants(); the old spelling will be "
            "removed in unodice 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        from unodice.core.registry import available_variants

        return available_variants()


sys.modules[__name__].__class__ = _CallableForOneRelease
