"""The native build: its modules are found by name, UNODICE_PURE sets them aside, and it says so.

The default run checks the running build against what it says of itself (and why it is pure
Python, when it is), the switch in a process of its own, and the reasons the build hook gives.
The tooling tier builds the two wheels as a user's ``pip install .`` would, with a C compiler and
with ``CC=false``, and the source distribution, looks inside them, and runs ``unodice
--version`` from each wheel; and it builds in place, as an editable install does.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from paths import ROOT

import unodice
from unodice import _native
from unodice._version import NATIVE, PURE, REASON_FILE
from unodice.cli.commands import main, version_line

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


def test_the_build_gives_a_reason_only_when_it_is_pure_python():
    reason = unodice.build_reason()
    if unodice.build_kind() == NATIVE:
        assert reason is None
    else:
        assert reason is None or (reason.strip() and "\n" not in reason)


def test_the_version_names_the_build_that_runs_and_why_it_is_pure(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    reason = unodice.build_reason()
    said = f"{unodice.build_kind()}: {reason}" if reason else unodice.build_kind()
    assert capsys.readouterr().out == f"unodice {unodice.__version__} ({said})\n"


def test_the_version_is_one_line_however_narrow_the_terminal(monkeypatch, capsys):
    import unodice._version

    long = "the C compiler failed (" + "x" * 150 + ")"
    monkeypatch.setattr(unodice._version, "built_modules", lambda: ())
    monkeypatch.setattr(unodice._version, "files", lambda _: FakeFiles(long))
    monkeypatch.setenv("COLUMNS", "40")
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == (
        f"unodice {unodice.__version__} ({PURE}: when installed, {long})\n"
    )
    assert version_line() == f"unodice {unodice.__version__} ({PURE}: when installed, {long})"


class FakeFiles:
    """Stands for ``importlib.resources.files("unodice._native")``, holding one reason file."""

    def __init__(self, text: str | None) -> None:
        self.text = text

    def joinpath(self, name: str) -> FakeFiles:
        assert name == REASON_FILE
        return self

    def read_text(self, encoding: str) -> str:
        if self.text is None:
            raise FileNotFoundError(REASON_FILE)
        return self.text


@pytest.mark.parametrize(
    "built,forced,note,reason",
    [
        (_native.MODULES, False, "no working C compiler (x)", None),  # native: a note is stale
        ((), False, None, None),  # a source tree no install built
        ((), False, "  \n", None),
        (
            (),
            False,
            "no working C compiler ('cc' exited with status 1)\n",
            "when installed, no working C compiler ('cc' exited with status 1)",
        ),
        ((), True, "no Python headers (x)", "when installed, no Python headers (x)"),
    ],
)
def test_the_reason_is_what_the_install_wrote(monkeypatch, built, forced, note, reason):
    import unodice._version

    monkeypatch.setattr(unodice._version, "built_modules", lambda: built)
    monkeypatch.setattr(unodice._version, "FORCED_PURE", forced)
    monkeypatch.setattr(unodice._version, "files", lambda _: FakeFiles(note))
    assert unodice.build_reason() == reason


def test_the_reason_under_unodice_pure_is_the_switch_only_when_there_is_a_native_module(
    monkeypatch,
):
    import unodice._version

    monkeypatch.setattr(unodice._version, "built_modules", lambda: ())
    monkeypatch.setattr(unodice._version, "FORCED_PURE", True)
    monkeypatch.setattr(unodice._version, "files", lambda _: FakeFiles(None))
    monkeypatch.setattr(unodice._version, "find_spec", lambda name: object())
    assert unodice.build_reason() == "UNODICE_PURE sets the native engines aside"
    monkeypatch.setattr(unodice._version, "find_spec", lambda name: None)
    assert unodice.build_reason() is None


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


def test_the_command_says_pure_under_unodice_pure_and_why():
    version = run_python(
        "from unodice.cli.commands import main; main(['--version'])", UNODICE_PURE="1"
    )
    if unodice.build_kind() == NATIVE:
        why = "UNODICE_PURE sets the native engines aside"
        assert version == f"unodice {unodice.__version__} ({PURE}: {why})"
    else:
        reason = unodice.build_reason()
        assert version == f"unodice {unodice.__version__} ({PURE}{f': {reason}' if reason else ''})"


# -- the build hook's reasons --------------------------------------------------------------------


def hook_module():
    """``hatch_build.py`` of this tree, as a module (it is no part of the package)."""
    spec = importlib.util.spec_from_file_location("unodice_build_hook", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


needs_hook = pytest.mark.skipif(
    not (ROOT / "hatch_build.py").exists(), reason="not run from a source tree"
)


@needs_hook
def test_the_hook_writes_the_reason_where_the_package_reads_it():
    assert hook_module().REASON == REASON_FILE


@needs_hook
@pytest.mark.parametrize(
    "output,reason",
    [
        (
            "src/unodice/_native/_twister.c:1:10: fatal error: Python.h: No such file or "
            "directory\ncompilation terminated.\nerror: command 'gcc' failed",
            "no Python headers (src/unodice/_native/_twister.c:1:10: fatal error: Python.h: "
            "No such file or directory)",
        ),
        (
            "x.c:3:1: error: expected ';' before '}' token\nerror: command 'gcc' failed",
            "the C compiler failed (x.c:3:1: error: expected ';' before '}' token)",
        ),
    ],
)
def test_the_hook_tells_missing_headers_from_a_failing_compiler(output, reason):
    assert hook_module().reason(RuntimeError("command 'gcc' failed"), output) == reason


@needs_hook
def test_the_hook_tells_a_compiler_that_is_not_there():
    hook = hook_module()
    error = RuntimeError("failed")
    error.__cause__ = subprocess.CalledProcessError(1, ["cc", "-c", "x.c"])
    assert hook.reason(error, "") == "no working C compiler ('cc' exited with status 1)"


# -- the wheels and the sdist, built as pip builds them ------------------------------------------


def build(tmp_path: Path, what: str, tree: Path = ROOT, **env: str) -> tuple[Path, str]:
    """Build ``what`` (``--wheel`` or ``--sdist``) of this tree; the artifact and the output."""
    done = subprocess.run(
        [sys.executable, "-m", "build", what, "--outdir", str(tmp_path), str(tree)],
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


REASON_IN_WHEEL = f"unodice/_native/{REASON_FILE}"


def version_from(wheel: Path, tmp_path: Path, **env: str) -> str:
    """What ``unodice --version`` says when the package is the one in ``wheel``, unpacked."""
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    here = run_python("import unodice; print(unodice.__file__)", PYTHONPATH=str(unpacked), **env)
    assert Path(here).is_relative_to(unpacked), here  # the wheel's package, not this tree's
    return run_python(
        "from unodice.cli.commands import main; main(['--version'])",
        PYTHONPATH=str(unpacked),
        **env,
    )


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
    assert REASON_IN_WHEEL not in names  # a native build records no reason
    assert "unodice: built the native engines" in output
    version = f"unodice {unodice.__version__}"
    assert version_from(wheel, tmp_path) == f"{version} ({NATIVE})"
    assert version_from(wheel, tmp_path, UNODICE_PURE="1") == (
        f"{version} ({PURE}: UNODICE_PURE sets the native engines aside)"
    )


@pytest.mark.tooling
@needs_sources
def test_a_machine_without_a_compiler_builds_the_pure_wheel_and_says_so_in_one_line(tmp_path):
    wheel, output = build(tmp_path, "--wheel", CC="false")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert native_files(names) == []
    why = "no working C compiler ('false' exited with status 1)"
    said = [line for line in output.splitlines() if "unodice:" in line]
    assert said == [f"unodice: installing pure Python, without the native engines: {why}"]
    # The wheel keeps the reason the build gave, and `unodice --version` tells it.
    assert names.count(REASON_IN_WHEEL) == 1
    assert zipfile.ZipFile(wheel).read(REASON_IN_WHEEL).decode() == why + "\n"
    version = f"unodice {unodice.__version__} ({PURE}: when installed, {why})"
    assert version_from(wheel, tmp_path) == version
    assert version_from(wheel, tmp_path, UNODICE_PURE="1") == version  # the install's reason


@pytest.mark.tooling
@needs_sources
def test_a_reason_an_editable_install_left_in_the_tree_goes_into_no_wheel(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(
            ".git", ".venv*", "site", "build", "dist", "__pycache__", "*.so", "*.pyd", ".*cache"
        ),
    )
    # Without git's ignore file, as in a tree that is no checkout: pyproject.toml leaves it out.
    (tree / ".gitignore").unlink(missing_ok=True)
    (tree / "src" / "unodice" / "_native" / REASON_FILE).write_text("stale\n", encoding="utf-8")
    built = tmp_path / "built"
    built.mkdir()
    wheel, _ = build(built, "--wheel", tree)
    names = zipfile.ZipFile(wheel).namelist()
    assert len(native_files(names)) == len(_native.MODULES)
    assert REASON_IN_WHEEL not in names


@pytest.mark.tooling
@needs_hook
def test_building_in_place_records_the_reason_and_a_native_build_removes_it(tmp_path, monkeypatch):
    """What an editable install does (``pip install -e .``) and ``python hatch_build.py``."""
    pytest.importorskip("setuptools")
    hook = hook_module()
    native = tmp_path / hook.NATIVE
    shutil.copytree(
        NATIVE_SOURCES, native, ignore=shutil.ignore_patterns("*.so", "*.pyd", REASON_FILE)
    )
    sources = sorted(native.glob("_*.c"))
    monkeypatch.setenv("CC", "false")
    with pytest.raises(hook.BuildFailed) as failed:
        hook.build_in_place(tmp_path, sources)
    assert (native / REASON_FILE).read_text(encoding="utf-8") == f"{failed.value}\n"
    assert str(failed.value).startswith("no working C compiler")
    monkeypatch.delenv("CC")
    hook.build_in_place(tmp_path, sources)
    assert not (native / REASON_FILE).exists()
    assert len(native_files([f"unodice/_native/{p.name}" for p in native.iterdir()])) == len(
        _native.MODULES
    )


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
    assert f"src/unodice/_native/{REASON_FILE}" not in names
