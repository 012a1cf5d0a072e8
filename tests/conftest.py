from __future__ import annotations

import pytest
from toy import ToyPlugin

from unodice.core.registry import Registry


@pytest.fixture
def registry() -> Registry:
    """A registry holding only the toy plugin."""
    reg = Registry()
    reg.add_plugin(ToyPlugin(), "toy")
    return reg


@pytest.fixture(scope="session")
def shared_registry() -> Registry:
    """A toy registry shared by tests that only read it (hypothesis tests need this scope)."""
    reg = Registry()
    reg.add_plugin(ToyPlugin(), "toy")
    return reg
