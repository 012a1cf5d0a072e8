"""Modules that can be called like the function they are named after.

``unodice.variants`` and ``unodice.simulate`` are each both a module (a package of built-in
variants; the simulation runner) and, as the public API promises, a function
(``unodice.variants()``, ``unodice.simulate(...)``). Python binds a submodule to its parent's
attribute on import, so a function of the same name would be replaced; instead the module
itself is made callable, and ``import unodice.simulate`` and ``unodice.simulate(...)`` both work.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

__all__ = ["make_module_callable"]


def make_module_callable(module_name: str, function: Callable[..., Any]) -> None:
    """Make the module ``module_name`` callable: calling it calls ``function``."""

    class CallableModule(types.ModuleType):
        __doc__ = sys.modules[module_name].__doc__

        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return function(*args, **kwargs)

    sys.modules[module_name].__class__ = CallableModule
