"""The build hook of the wheel: compiles the native engines, or installs pure Python and says why.

Every C file ``src/unodice/_native/_<name>.c`` becomes the extension module
``unodice._native._<name>`` of the interpreter that runs the build, compiled by setuptools'
``build_ext`` (so with the compiler and flags Python itself was built with; ``CC`` and ``CFLAGS``
change them as usual). A wheel carries the modules; an editable install builds them in place,
beside their sources in ``src/`` (where git ignores them), and drops the ones a previous build
left there first, so that a failed build does not leave stale modules behind.

When a module does not compile (no C compiler, no Python headers, ``CC=false``), the build
prints one line saying that it installs pure Python and why, and goes on without the native
modules: the package then runs its plain Python rules, which are the same games, only slower.
Since pip shows a build's output only when asked (``pip install -v``), the build also writes
the reason, as one line, into the package it builds: ``unodice/_native/pure-build.txt`` (in the
wheel, or in place for an editable install), where ``unodice.build_reason()`` and ``unodice
--version`` find it. A build that makes the native modules writes no such file, and removes
the one an earlier editable build left in place.

Run as a script, ``python hatch_build.py`` builds the modules in place as an editable install
does, without installing anything: the quick way to rebuild them after changing a C file (it
needs setuptools).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script (below), where hatchling need not be installed
    BuildHookInterface = object

NATIVE = Path("src", "unodice", "_native")
"""Where the C modules are, from the project's root."""

PURE = "unodice: installing pure Python, without the native engines"
"""What the build says, before why, when it cannot build the native modules."""

REASON = "pure-build.txt"
"""The file, beside the native modules' sources, that tells a pure build's reason in one line.

``unodice._version`` reads it under this name; git ignores it, the sdist leaves it out, and the
wheel carries only the one its own build wrote."""


class BuildFailed(Exception):
    """A native module did not build; the message says why, in a few words."""


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles ``src/unodice/_native/_*.c`` into the wheel, or in place for an editable install."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Build the modules before the wheel is written, and tell hatchling what to add."""
        self._temporary: str | None = None
        root = Path(self.root)
        sources = sorted((root / NATIVE).glob("_*.c"))
        if not sources:
            return
        try:
            if version == "editable":
                built = build_in_place(root, sources)
                self.app.display_info(f"unodice: built the native engines in place ({built})")
            else:
                self._temporary = tempfile.mkdtemp(prefix="unodice-native-")
                modules = build_extensions(root, sources, Path(self._temporary))
                for module in modules:
                    build_data["force_include"][str(module)] = f"unodice/_native/{module.name}"
                self.app.display_info(f"unodice: built the native engines ({names(modules)})")
        except BuildFailed as why:
            self.app.display_warning(f"{PURE}: {why}")
            if self._temporary is not None:  # the wheel's: build_in_place wrote the editable's
                note = write_reason(Path(self._temporary), str(why))
                build_data["force_include"][str(note)] = f"unodice/_native/{REASON}"
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the modules' build directory once the wheel is written."""
        if getattr(self, "_temporary", None) is not None:
            shutil.rmtree(self._temporary, ignore_errors=True)

    def clean(self, versions: list[str]) -> None:
        """Remove the modules an editable install built in place."""
        root = Path(self.root)
        remove_in_place_modules(root, sorted((root / NATIVE).glob("_*.c")))


def build_in_place(root: Path, sources: list[Path]) -> str:
    """Build the modules beside their sources, first removing the ones built there before.

    Returns the names of the modules built; raises ``BuildFailed`` when they were not, after
    writing why beside the sources (``REASON``), as the pure build's record.
    """
    remove_in_place_modules(root, sources)
    with tempfile.TemporaryDirectory(prefix="unodice-native-") as temporary:
        try:
            built = build_extensions(root, sources, Path(temporary))
        except BuildFailed as why:
            write_reason(root / NATIVE, str(why))
            raise
        for module in built:
            shutil.copy2(module, root / NATIVE / module.name)
    return names(built)


def write_reason(folder: Path, why: str) -> Path:
    """Write why the build is pure Python, on one line, into ``folder``; the file's path."""
    note = folder / REASON
    note.write_text(why + "\n", encoding="utf-8")
    return note


def names(modules: list[Path]) -> str:
    """The modules' names, as their files start: ``_twister, ...``."""
    return ", ".join(module.name.split(".")[0] for module in modules)


def remove_in_place_modules(root: Path, sources: list[Path]) -> None:
    """Remove what a previous editable build left beside the sources: modules, or its reason."""
    from importlib.machinery import EXTENSION_SUFFIXES

    (root / NATIVE / REASON).unlink(missing_ok=True)
    for source in sources:
        for suffix in EXTENSION_SUFFIXES:
            (root / NATIVE / f"{source.stem}{suffix}").unlink(missing_ok=True)


def build_extensions(root: Path, sources: list[Path], into: Path) -> list[Path]:
    """Compile each source into an extension module under ``into``; the modules' paths.

    Raises ``BuildFailed`` when any of them does not build. What the compiler prints is kept
    back and only its first error line is told, so that a machine without a compiler sees one
    line, not a page of commands.
    """
    try:
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext
    except ImportError:
        raise BuildFailed("no setuptools, which drives the C compiler") from None
    extensions = [
        Extension(
            f"unodice._native.{source.stem}",
            sources=[str(source.relative_to(root))],
            depends=[str(path.relative_to(root)) for path in (root / NATIVE).glob("*.h")],
        )
        for source in sources
    ]
    command = build_ext(Distribution({"name": "unodice", "ext_modules": extensions}))
    command.build_lib = str(into / "lib")
    command.build_temp = str(into / "temp")
    log = into / "compiler.log"
    here = Path.cwd()
    try:
        os.chdir(root)
        with output_to(log):
            command.ensure_finalized()
            command.run()
    except Exception as error:  # distutils' CompileError, LinkError, or an OSError
        output = log.read_text(encoding="utf-8", errors="replace")
        raise BuildFailed(reason(error, output)) from error
    finally:
        os.chdir(here)
    return [Path(command.get_ext_fullpath(extension.name)) for extension in extensions]


def reason(error: BaseException, output: str) -> str:
    """Why the build failed, in one line: the compiler's first error, or what failed to run.

    The reason reads after "pure Python:" (and after "when installed,", in ``unodice
    --version``): ``no working C compiler (...)``, ``no Python headers (...)`` (the compiler
    found no ``Python.h``), ``the C compiler failed (...)``.
    """
    for line in output.splitlines():
        if re.search(r"\berror\b", line, re.IGNORECASE) and not line.startswith("error: "):
            if "Python.h" in line:
                return f"no Python headers ({shorten(line)})"
            return f"the C compiler failed ({shorten(line)})"
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, subprocess.CalledProcessError):
            program = cause.cmd[0] if isinstance(cause.cmd, list | tuple) else cause.cmd
            return f"no working C compiler ({program!r} exited with status {cause.returncode})"
        if isinstance(cause, FileNotFoundError):
            return f"no working C compiler ({shorten(str(cause))})"
        cause = cause.__cause__ or cause.__context__
    return f"no working C compiler ({shorten(str(error) or type(error).__name__)})"


def shorten(text: str, limit: int = 160) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


@contextlib.contextmanager
def output_to(path: Path) -> Iterator[None]:
    """Send this process's standard output and error, and its children's, to ``path``."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with path.open("wb") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    try:
        done = build_in_place(here, sorted((here / NATIVE).glob("_*.c")))
    except BuildFailed as why:
        sys.exit(f"unodice: the native modules were not built: {why}")
    print(f"unodice: built the native engines in place ({done})")
