from __future__ import annotations

import pytest

from unodice.registry import Registry

from toy import ToyPlugin


@pytest.fixture
def registry() -> Registry:
    """A registry holding only the toy plugin."""
    reg = Registry()
    reg.add_plugin(ToyPlugin(), "toy")
    return reg
