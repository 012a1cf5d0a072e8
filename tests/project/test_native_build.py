"""The native build: its modules are found by name, UNODICE_PURE sets them aside, and it says so.

The default run checks the running build against what it says of itself, and the switch in a
process of its own. The tooling tier builds the two wheels as a user's ``pip install .`` would,
with a C compiler and with ``CC=false``, and the source distribution, and looks inside them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from paths import ROOT

import unodice
from unodice import _native
from unodice._version import NATIVE, PURE
from unodice.cli.commands import main

NATIVE_SOURCES = ROOT / "src" / "unodice" / "_native"

needs_sources = pytest.mark.skipif(
    not (NATIVE_SOURCES / "__init__.py").exists() or not (ROOT / "pyproject.toml").exists(),
    reason="not run from a source tree",
)


@needs_sources
def test_the_package_lists_every_c_module_it_holds():
    sources = sorted(path.stem for path in NATIVE_SOURCES.glob("_*.c"))
    assert sources == sorted(f"_{name}" for name in _native.MODULES)
    assert (NATIVE_SOURCES / "mt19937.h").exists()


def test_a_name_that_is_no_native_module_is_refused_not_taken_for_a_pure_build():
    with pytest.raises(ValueError, match="no native module 'twistr'"):
        _native.native_module("twistr")
    with pytest.raises(ValueError):
        _native.native_module("_twister")


def test_the_build_says_whether_its_native_modules_run():
    kind = unodice.build_kind()
    assert kind in (NATIVE, PURE)
    built = _native.built_modules()
    if kind == NATIVE:
        assert built == _native.MODULES  # every module or none: a build makes them all
    else:
        assert built == ()
    if _native.FORCED_PURE:
        assert kind == PURE


def test_the_version_names_the_build_that_runs(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == (
        f"unodice {unodice.__version__} ({unodice.build_kind()})"
    )


def test_unodice_pure_is_read_once_at_import(monkeypatch):
    before = (_native.FORCED_PURE, _native.built_modules(), unodice.build_kind())
    monkeypatch.setenv("UNODICE_PURE", "0" if _native.FORCED_PURE else "1")
    assert (_native.FORCED_PURE, _native.built_modules(), unodice.build_kind()) == before


def run_python(code: str, **env: str) -> str:
    environment = {
        name: value for name, value in os.environ.items() if name != "UNODICE_PURE"
    } | env
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


ASK = (
    "import unodice, unodice._native as n; "
    "print(unodice.build_kind(), n.FORCED_PURE, n.native_module('twister') is None, sep='/')"
)


def test_unodice_pure_sets_the_native_modules_aside():
    kind, forced, absent = run_python(ASK, UNODICE_PURE="1").split("/")
    assert (forced, absent) == ("True", "True")
    assert kind == PURE


@pytest.mark.parametrize("value", ["", "0"])
def test_unodice_pure_empty_or_0_forces_nothing(value):
    kind, forced, absent = run_python(ASK, UNODICE_PURE=value).split("/")
    assert forced == "False"
    if kind == NATIVE:
        assert absent == "False"


def test_the_command_says_pure_under_unodice_pure():
    version = run_python(
        "from unodice.cli.commands import main; main(['--version'])", UNODICE_PURE="1"
    )
    assert version == f"unodice {unodice.__version__} ({PURE})"


# -- the wheels and the sdist, built as pip builds them ------------------------------------------


def build(tmp_path: Path, what: str, **env: str) -> tuple[Path, str]:
    """Build ``what`` (``--wheel`` or ``--sdist``) of this tree; the artifact and the output."""
    done = subprocess.run(
        [sys.executable, "-m", "build", what, "--outdir", str(tmp_path), str(ROOT)],
        env=os.environ | env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (artifact,) = [path for path in tmp_path.iterdir() if path.suffix in (".whl", ".gz")]
    return artifact, done.stdout + done.stderr


def native_files(names: list[str]) -> list[str]:
    return [
        name
        for name in names
        if name.startswith("unodice/_native/") and name.endswith(tuple(EXTENSION_SUFFIXES))
    ]


@pytest.mark.tooling
@needs_sources
def test_a_machine_with_a_compiler_builds_a_platform_wheel_with_the_native_modules(tmp_path):
    wheel, output = build(tmp_path, "--wheel")
    names = zipfile.ZipFile(wheel).namelist()
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    assert sorted(native_files(names)) == sorted(
        f"unodice/_native/_{name}{EXTENSION_SUFFIXES[0]}" for name in _native.MODULES
    )
    assert not [name for name in names if name.endswith((".c", ".h"))]
    assert "unodice: built the native engines" in output


@pytest.mark.tooling
@needs_sources
def test_a_machine_without_a_compiler_builds_the_pure_wheel_and_says_so_in_one_line(tmp_path):
    wheel, output = build(tmp_path, "--wheel", CC="false")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert native_files(zipfile.ZipFile(wheel).namelist()) == []
    said = [line for line in output.splitlines() if "unodice:" in line]
    assert said == [
        "unodice: installing pure Python, without the native engines: "
        "no working C compiler ('false' exited with status 1)"
    ]


@pytest.mark.tooling
@needs_sources
def test_the_sdist_has_the_sources_and_the_hook_and_no_built_module(tmp_path):
    sdist, _ = build(tmp_path, "--sdist")
    import tarfile

    with tarfile.open(sdist) as archive:
        names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    assert "hatch_build.py" in names
    # Only the project's own folders and files, whatever else lies in the checkout.
    assert {name.split("/")[0] for name in names} <= {
        "src",
        "tests",
        "seeds",
        "docs",
        "examples",
        "benchmarks",
        ".ci",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        "mkdocs.yml",
        "hatch_build.py",
        "pyproject.toml",
        "PKG-INFO",
        ".gitignore",
    }
    for name in _native.MODULES:
        assert f"src/unodice/_native/_{name}.c" in names
    assert "src/unodice/_native/mt19937.h" in names
    assert not [
        name for name in names if name.startswith("src/") and name.endswith((".so", ".pyd"))
    ]
