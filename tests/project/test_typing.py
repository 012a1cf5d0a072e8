"""The public API is typed: a user's script that uses it passes ``mypy --strict``."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.tooling

mypy_api = pytest.importorskip("mypy.api")

SCRIPT = Path(__file__).resolve().parent / "typing" / "typed_user_script.py"


def test_a_typed_user_script_passes_mypy_strict(tmp_path):
    stdout, stderr, status = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(SCRIPT)]
    )
    assert status == 0, stdout + stderr


def test_the_typed_user_script_runs():
    namespace = {"__name__": "typed_user_script"}
    exec(compile(SCRIPT.read_text(), str(SCRIPT), "exec"), namespace)
    namespace["main"]()
