"""The built-in variants, and the list of every installed variant.

Each built-in variant is a plugin module registered through the project's own entry points,
exactly as a third-party plugin would be; nothing in the core imports them.

This package is also callable: ``unodice.variants()`` returns every installed, working variant
by name (see [`variants`][unodice.variants.variants]). Python binds a subpackage to the name
``unodice.variants`` once it is imported, so the listing function and the package share the
name by making the package module itself callable.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unodice.registry import VariantInfo


def variants() -> dict[str, VariantInfo]:
    """Every installed, working variant by name: title, seat range, options, summary, version.

    Available as ``unodice.variants()``.
    """
    from unodice.registry import default_registry

    return default_registry().variants()


class _CallableModule(types.ModuleType):
    """A module that, called, lists the installed variants."""

    def __call__(self) -> dict[str, VariantInfo]:
        return variants()


sys.modules[__name__].__class__ = _CallableModule
