"""The CI script runs every tier of the tests and does not race the command line's quiet stop.

Under ``set -o pipefail`` a pipeline fails when its writer does, and ``unodice`` exits 1 when
its reader leaves early (``grep -q`` and ``head`` do as soon as they have what they want). So
the script captures the command's output first and tests that; a pipe from ``unodice`` into a
reader that may stop early would fail the build now and then, on a loaded machine.

A plain ``pytest`` runs the fast tier (``addopts`` in ``pyproject.toml`` leaves out the tests
marked slow, tooling and benchmark); the script runs the other tiers by their marks, and no test
may fall between its runs.
"""

from __future__ import annotations

import itertools
import re
import shlex
import tomllib

import pytest
from paths import ROOT

pytestmark = pytest.mark.tooling

SCRIPT = ROOT / ".ci" / "run"
PYPROJECT = ROOT / "pyproject.toml"
TIERS = ("slow", "tooling", "benchmark")
EARLY_READER = re.compile(r"\bunodice\b[^|#\n]*\|\s*(grep\s+(-\w*[qlm]|--quiet)|head\b)")


def test_the_ci_script_pipes_no_unodice_output_into_a_reader_that_stops_early():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text
    racing = [line.strip() for line in text.splitlines() if EARLY_READER.search(line)]
    assert not racing


def test_the_ci_script_still_checks_that_the_example_plugin_is_listed():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "$(unodice variants)" in text and "pig " in text


def test_the_ci_script_installs_the_native_build_and_tests_a_pure_one_built_without_a_compiler():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "(native engines)$" in text
    # each pure install says why it is pure
    assert "(pure Python: UNODICE_PURE sets the native engines aside)$" in text
    assert "(pure Python: when installed, no working C compiler ('false' exited" in text
    assert "version=$(UNODICE_PURE=1 unodice --version)" in text
    assert "CC=false pip wheel" in text and "-py3-none-any.whl" in text
    # Started before the coverage run and waited for after it: the two share the machine.
    started, coverage, waited = (
        text.index(part) for part in ("pure_job=$!", "pytest --cov=unodice", 'wait "$pure_job"')
    )
    assert started < coverage < waited
    assert '"$pure/venv/bin/pytest" -q -p no:cacheprovider tests' in text


def pytest_options() -> dict[str, str]:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]


def commands() -> list[str]:
    """The script's lines, each continued line joined to the one it continues."""
    return SCRIPT.read_text(encoding="utf-8").replace("\\\n", " ").splitlines()


def mark_expression(command: str) -> str:
    """The expression of the last ``-m`` of a command line (a later one replaces an earlier)."""
    words = shlex.split(command)
    return [words[at + 1] for at, word in enumerate(words) if word == "-m"][-1]


def selects(expression: str, marks: set[str]) -> bool:
    """Whether ``-m expression`` selects a test with these marks (and, or, not and names)."""
    names = set(re.findall(r"[A-Za-z_]\w*", expression)) - {"and", "or", "not"}
    return bool(eval(expression, {"__builtins__": {}}, {name: name in marks for name in names}))


def test_the_default_run_is_the_fast_tier_and_every_tier_is_a_registered_mark():
    options = pytest_options()
    default = mark_expression(options["addopts"])
    registered = {line.split(":")[0] for line in options["markers"]}
    assert set(TIERS) <= registered
    assert selects(default, set())
    assert not any(selects(default, {tier}) for tier in TIERS)


def test_every_test_runs_in_ci_whatever_its_marks():
    """The fast tier, the slow and tooling tiers, and the benchmark's step leave out nothing."""
    lines = commands()
    assert "pytest --cov=unodice --cov-branch --cov-report=" in lines, "the README's command"
    runs = [mark_expression(pytest_options()["addopts"])]
    runs += [mark_expression(line) for line in lines if re.match(r"(\S+=\S+ )*pytest .*-m ", line)]
    for count in range(len(TIERS) + 1):
        for marks in itertools.combinations(TIERS, count):
            assert any(selects(run, set(marks)) for run in runs), marks


def test_the_slow_and_tooling_tiers_run_in_parallel_adding_to_the_fast_tiers_coverage():
    lines = commands()
    fast = lines.index("pytest --cov=unodice --cov-branch --cov-report=")
    (others,) = [at for at, line in enumerate(lines) if '-m "slow or tooling"' in line]
    assert fast < others
    assert "-n 2" in lines[others] and "--cov-append" in lines[others]


def test_the_benchmark_step_counts_instructions_and_may_not_skip():
    lines = commands()
    (installs,) = [line for line in lines if "apt-get -qq install" in line]
    assert "valgrind" in installs.split()
    (step,) = [at for at, line in enumerate(lines) if line.startswith('step "benchmark')]
    check = lines.index("pytest -q -p no:cacheprovider -m benchmark tests")
    assert step < check
    assert any(line.startswith("command -v valgrind") for line in lines[step:check])


def test_the_native_engines_thousand_game_comparisons_run_once_and_without_coverage():
    lines = commands()
    named = [line for line in lines if line.startswith("native_comparisons=")]
    names = " ".join(named)
    for test in (
        "native_matches_python_thousand",
        "thousands_of_native_games",
        "hundreds_of_determinizations",
    ):
        assert test in names
    (covered,) = [line for line in lines if '-m "slow or tooling"' in line]
    assert '-k "not ($native_comparisons)"' in covered
    (alone,) = [line for line in lines if '-k "$native_comparisons"' in line]
    assert "-m slow" in alone and "--cov" not in alone
