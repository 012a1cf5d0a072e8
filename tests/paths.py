"""Where the project's files are, for tests in any folder."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""The tests folder, whose helper modules (``toy``, ``every_variant``...) tests import."""
ROOT = TESTS.parent
"""The project's root: ``pyproject.toml``, ``docs/``, ``examples/``, ``benchmarks/``."""
