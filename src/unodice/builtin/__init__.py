"""The built-in variants, and the list of every installed variant.

Each built-in variant is a plugin module registered through the project's own entry points,
exactly as a third-party plugin would be; nothing in the core imports them.

This package is also callable: ``unodice.variants()`` returns every installed, working variant
by name (see [`variants`][unodice.variants.variants]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unodice._callable import make_module_callable

if TYPE_CHECKING:
    from unodice.registry import VariantInfo


def variants() -> dict[str, VariantInfo]:
    """Every installed, working variant by name: title, seat range, options, summary, version.

    Available as ``unodice.variants()``.
    """
    from unodice.registry import default_registry

    return default_registry().variants()


make_module_callable(__name__, variants)
