"""The CI script does not race the command line's quiet stop on a closed pipe.

Under ``set -o pipefail`` a pipeline fails when its writer does, and ``unodice`` exits 1 when
its reader leaves early (``grep -q`` and ``head`` do as soon as they have what they want). So
the script captures the command's output first and tests that; a pipe from ``unodice`` into a
reader that may stop early would fail the build now and then, on a loaded machine.
"""

from __future__ import annotations

import re

from paths import ROOT

SCRIPT = ROOT / ".ci" / "run"
EARLY_READER = re.compile(r"\bunodice\b[^|#\n]*\|\s*(grep\s+(-\w*[qlm]|--quiet)|head\b)")


def test_the_ci_script_pipes_no_unodice_output_into_a_reader_that_stops_early():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text
    racing = [line.strip() for line in text.splitlines() if EARLY_READER.search(line)]
    assert not racing


def test_the_ci_script_still_checks_that_the_example_plugin_is_listed():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "$(unodice variants)" in text and "pig " in text


def test_the_ci_script_tests_the_compiled_build_and_checks_which_build_runs():
    text = SCRIPT.read_text(encoding="utf-8")
    assert "HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip wheel" in text
    assert "(compiled with mypyc)$" in text and "(pure Python)$" in text
    # Started before the coverage run and waited for after it: the two share the machine.
    started, coverage, waited = (
        text.index(part)
        for part in ("compiled_job=$!", "pytest --cov=unodice", 'wait "$compiled_job"')
    )
    assert started < coverage < waited
