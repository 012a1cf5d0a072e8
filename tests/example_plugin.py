"""The example plugin (``pig``), for the tests that play it.

Those tests are marked ``example_plugin`` and skipped when it is not installed: the README's
test command installs only the library. ``.ci/run`` installs the plugin afterwards and runs
them (``pytest -m example_plugin``).
"""

from __future__ import annotations

import pytest

import unodice

INSTALLED = "pig" in unodice.available_variants()

needs_pig = [
    pytest.mark.example_plugin,
    pytest.mark.skipif(
        not INSTALLED,
        reason="the example plugin is not installed: pip install ./examples/unodice-pig",
    ),
]
"""The marks of a test that plays the example plugin."""

PIG = pytest.param("pig", marks=needs_pig, id="pig")
"""``"pig"`` as a parameter, with those marks."""


def with_pig(test):  # type: ignore[no-untyped-def]
    """Mark a test that plays the example plugin."""
    for mark in needs_pig:
        test = mark(test)
    return test
