"""Plugin packages used from their folder, as if installed, without touching the environment.

A package written by ``unodice new-plugin`` or built from the tutorial is imported from its
``src`` folder into a [`Registry`][unodice.core.registry.Registry] of its own (so it cannot collide
with a plugin that happens to be installed), or run in a subprocess whose ``PYTHONPATH`` holds
its ``src`` folder and a folder of distribution metadata declaring the entry points of its
``pyproject.toml``, which is all ``pip install`` would add for the registry to find it.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from unodice.core.registry import Registry


def entry_points(package: Path) -> dict[str, str]:
    """The ``unodice`` entry points the package's ``pyproject.toml`` declares: name to module."""
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return dict(project["entry-points"]["unodice"])


def metadata_folder(package: Path, folder: Path) -> Path:
    """A folder holding the package's distribution metadata, as ``pip install`` writes it."""
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = project["name"], project["version"]
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
    )
    lines = [f"{key} = {value}" for key, value in entry_points(package).items()]
    (info / "entry_points.txt").write_text("[unodice]\n" + "\n".join(lines) + "\n")
    return folder


def run_with_package(
    package: Path, metadata: Path, *command: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python COMMAND...`` with the package importable and its entry points declared."""
    path = [str(package / "src"), str(metadata), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path))}
    environment.pop("UNODICE_ALLOW_OVERRIDE", None)
    return subprocess.run(
        [sys.executable, *command],
        cwd=cwd or package,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_package_tests(package: Path, metadata: Path) -> subprocess.CompletedProcess[str]:
    """Run the package's own tests with pytest, as its README says to."""
    return run_with_package(
        package, metadata, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"
    )


def _modules_of(module: str) -> dict[str, ModuleType]:
    return {
        name: found
        for name, found in sys.modules.items()
        if name == module or name.startswith(f"{module}.")
    }


@contextmanager
def imported(package: Path, module: str) -> Iterator[ModuleType]:
    """The package's module imported from its ``src`` folder, for the ``with`` block.

    A module of that name imported before (an installed copy of the same package) is set
    aside meanwhile and put back afterwards.
    """
    before = _modules_of(module)
    for name in before:
        del sys.modules[name]
    sys.path.insert(0, str(package / "src"))
    try:
        found = importlib.import_module(module)
        assert Path(found.__file__ or "").is_relative_to(package), found.__file__
        yield found
    finally:
        sys.path.remove(str(package / "src"))
        for name in _modules_of(module):
            del sys.modules[name]
        sys.modules.update(before)


def registry_of(plugin: ModuleType, name: str) -> Registry:
    """A registry holding only ``plugin``, registered as ``name`` (no installed plugin)."""
    registry = Registry(allow_override=())
    info = registry.add_plugin(plugin, name)
    assert info.error is None and not info.refused, info
    return registry
