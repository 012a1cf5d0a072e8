from __future__ import annotations

import pytest
from toy import ToyPlugin

from unodice.registry import Registry


@pytest.fixture
def registry() -> Registry:
    """A registry holding only the toy plugin."""
    reg = Registry()
    reg.add_plugin(ToyPlugin(), "toy")
    return reg
