"""The toy variant as a plugin module, the way an entry point names one."""

from __future__ import annotations

from typing import Any

from toy import ToyRace

from unodice.core.hooks import hookimpl


@hookimpl
def unodice_register(registry: Any) -> None:
    registry.add_variant(ToyRace)
