"""New plugin packages, written from templates: what ``unodice new-plugin`` does.

``write_plugin`` writes a package that follows the variant template ("Variant anatomy" in the
plugin guide): a small but complete variant (a race of tokens moved by one die) with its tests,
in one of the template's two forms, or, for a house rule, a package registering one rule for a
built-in variant. The variant is one module named after it (the form for a small variant, the
default), or a package with a module per part (``layout="package"``, the form of the built-in
variants). Either installs with ``pip``, passes its own tests and, for a variant,
``unodice.testing.check_variant`` with ``reference=True`` as written; it is a starting point
to edit.

The templates are files shipped in ``unodice/data/scaffold/``: ``variant/`` holds the files
both forms of a variant share (``pyproject.toml``, the tests), ``variant-module/`` and
``variant-package/`` the rest of each form, and ``house-rule/`` the house-rule package. Their
text uses ``string.Template`` placeholders (``${name}``, ``${module}``, ``${Class}`` …, see
``PluginNames``); in their paths, ``__module__`` and ``__snake__`` stand for the module's name
and the plugin's name in snake case, and the ``.tmpl`` suffix is dropped.
"""

from __future__ import annotations

import ast
import functools
import keyword
import os
import re
import string
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import attrs

from unodice._version import __version__
from unodice.core._quoting import brief
from unodice.core.errors import UnodiceError

__all__ = [
    "BUILTIN_NAMES",
    "LAYOUTS",
    "PLUGIN_NAME",
    "PluginNames",
    "ScaffoldError",
    "check_plugin_name",
    "write_plugin",
]

PLUGIN_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""A plugin's name: lower-case letters and digits in words joined by hyphens, a letter first.

Matched against the whole name (``fullmatch``): ``"x\\n"`` is not a name."""

MAX_NAME = 12
"""The longest name of a plugin written here: longer ones make its code's lines too long.

(A variant's name may have up to 40 characters: rename it once the package is written.)
"""

BUILTIN_NAMES = frozenset({"coverall", "centre-die", "dominoes", "agents", "unodice"})
"""Names unodice itself uses for its plugins and variants: a new plugin cannot take them."""

_TAKEN_CLASS_NAMES = frozenset(
    {
        "Event",
        "IllegalMove",
        "Move",
        "Reference",
        "RoundOutcome",
        "State",
        "Table",
        "Variant",
        "View",
    }
)
"""Names the variant's modules import: its class, named after the plugin, must differ."""

_TEMPLATES = "scaffold"
"""The folder of ``unodice/data`` that holds the templates."""

LAYOUTS = ("module", "package")
"""The forms a variant plugin may be written in: one module (the default), or a package."""

_FOLDERS = {
    "module": ("variant", "variant-module"),
    "package": ("variant", "variant-package"),
    "house-rule": ("house-rule",),
}
"""The template folders of each kind of package, in the order their files are written."""


class ScaffoldError(UnodiceError, ValueError):
    """A plugin that cannot be written: a bad name, or a folder that is not empty."""


@attrs.frozen
class PluginNames:
    """Every name a new plugin's files use, worked out from the plugin's name.

    Attributes:
        name: The plugin's name: its entry point, and its variant's or house rule's name
            (``my-race``).
        distribution: The package to ``pip install`` (``unodice-my-race``).
        module: The importable package (``unodice_my_race``).
        snake: The name in snake case, for test names (``my_race``).
        Class: The variant's class, and the prefix of its other classes (``MyRace``).
        title: The variant's title (``My race``).
        clause: The prefix of the rule clauses' IDs (``MY-RACE``, for ``MY-RACE-1`` …).
        unodice_version: The unodice release the plugin needs at least (``0.1``).
    """

    name: str
    distribution: str
    module: str
    snake: str
    Class: str
    title: str
    clause: str
    unodice_version: str

    @classmethod
    def of(cls, name: str) -> PluginNames:
        """The names of the plugin called ``name``, checked with ``check_plugin_name``."""
        check_plugin_name(name)
        return cls.build(name)

    @classmethod
    def build(cls, name: str) -> PluginNames:
        """The names of the plugin called ``name``, unchecked (``of`` checks it first)."""
        snake = name.replace("-", "_")
        return cls(
            name=name,
            distribution=f"unodice-{name}",
            module=f"unodice_{snake}",
            snake=snake,
            Class="".join(word.capitalize() for word in name.split("-")),
            title=name.replace("-", " ").capitalize(),
            clause=name.upper(),
            unodice_version=".".join(__version__.split(".")[:2]),
        )


def check_plugin_name(name: str) -> str:
    """``name``, if a new plugin may be called it.

    Raises:
        ScaffoldError: The name is not lower-case words of letters and digits joined by
            hyphens starting with a letter, is longer than 12 characters, is a name unodice
            uses itself, would give the variant a class name Python or its modules use, or
            would give its module (the name in snake case) a name Python cannot import or the
            package's ``__init__.py`` uses.
    """
    if not isinstance(name, str) or not PLUGIN_NAME.fullmatch(name):
        raise ScaffoldError(
            f"plugin name {brief(name)}: use lower-case letters, digits and single hyphens, "
            "starting with a letter (for example 'my-race')"
        )
    if len(name) > MAX_NAME:
        raise ScaffoldError(
            f"plugin name {brief(name)}: at most {MAX_NAME} characters, so that the code "
            "written keeps to its line length (rename it later if you must)"
        )
    if name in BUILTIN_NAMES:
        raise ScaffoldError(f"plugin name {name!r} is unodice's own; choose another")
    class_name = "".join(word.capitalize() for word in name.split("-"))
    if keyword.iskeyword(class_name) or class_name in _TAKEN_CLASS_NAMES:
        raise ScaffoldError(
            f"plugin name {name!r} would name the variant's class {class_name}, which Python or "
            "unodice already uses; choose another"
        )
    snake = name.replace("-", "_")
    if keyword.iskeyword(snake):
        raise ScaffoldError(
            f"plugin name {name!r} would name the variant's module {snake}.py, which Python "
            "cannot import (it is a keyword); choose another"
        )
    if snake in _template_names()[2]:
        raise ScaffoldError(
            f"plugin name {name!r} would name the variant's module {snake}.py, and the "
            f"package's __init__.py already uses the name {snake}; choose another"
        )
    taken = _names_taken(class_name)
    if taken:
        raise ScaffoldError(
            f"plugin name {name!r} would name {taken} in the code written, a name the "
            "templates already use for something else; choose another"
        )
    return name


_PROBE_NAME = "zq-probe"
"""A plugin name no template uses, to find which names in them the plugin's name makes."""


@functools.lru_cache(maxsize=1)
def _template_names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The names the templates' Python code makes from the plugin's, and every other name.

    The first set holds the names written from ``${Class}`` (``${Class}State`` …) as the probe
    plugin's names spell them; the second, every other name the code defines or uses (the
    ``Rolled`` event, ``WON``, what it imports), which the plugin's must not repeat; the third,
    the names a package's ``__init__.py`` uses, which the variant's module, named after the
    plugin and imported there, must not take (``hookimpl.py`` would hide ``hookimpl``).
    """
    probe = attrs.asdict(PluginNames.build(_PROBE_NAME))
    made: set[str] = set()
    others: set[str] = set()
    in_init: set[str] = set()
    root = resources.files("unodice.data") / _TEMPLATES
    for folder in sorted({folder for folders in _FOLDERS.values() for folder in folders}):
        for relative, template in _template_files(root / folder):
            if not relative[-1].endswith(".py.tmpl"):
                continue
            text = string.Template(template.read_text(encoding="utf-8")).substitute(probe)
            for node in ast.walk(ast.parse(text)):
                for word in _defined_or_used(node):
                    (made if probe["Class"] in word else others).add(word)
                    if relative[-1] == "__init__.py.tmpl":
                        in_init.add(word)
    return frozenset(made), frozenset(others), frozenset(in_init)


def _defined_or_used(node: ast.AST) -> Iterator[str]:
    """The names a node of Python code defines, imports or reads."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        yield node.name
    elif isinstance(node, ast.alias):
        yield node.asname or node.name.split(".")[0]


def _names_taken(class_name: str) -> str | None:
    """A name made from ``class_name`` that the templates use for something else, if any."""
    made, others, _ = _template_names()
    probe = PluginNames.build(_PROBE_NAME).Class
    for word in sorted(made):
        mine = word.replace(probe, class_name)
        if mine in others:
            return mine
    return None


def write_plugin(
    name: str,
    directory: str | Path = ".",
    *,
    house_rule: bool = False,
    layout: str = "module",
    force: bool = False,
) -> list[Path]:
    """Write a new plugin package ``unodice-NAME/`` inside ``directory``.

    Args:
        name: The plugin's name (see ``check_plugin_name``): its variant's name, or with
            ``house_rule`` its house rule's.
        directory: Where to write the package's folder (default: the current directory).
        house_rule: Write a house-rule plugin for centre-die instead of a variant.
        layout: The variant's form (see ``LAYOUTS``): ``"module"``, the whole variant in one
            module named after it, or ``"package"``, a module per part, as the built-in
            variants are. A house rule is always one module.
        force: Write into the package's folder even when it is not empty, replacing the files
            of the same names (others are left alone).

    Returns:
        The files written, in the order they were written.

    Raises:
        ScaffoldError: The name or the layout is not allowed, or the folder exists, is not
            empty and ``force`` is not given, or a file cannot be written.
    """
    if layout not in LAYOUTS:
        raise ScaffoldError(f"layout {brief(layout)}: choose {' or '.join(LAYOUTS)}")
    if house_rule and layout != "module":
        raise ScaffoldError("a house rule is one module: --layout is for a variant")
    names = PluginNames.of(name)
    root = Path(directory) / names.distribution
    _refuse_link(root)
    if root.exists() and not root.is_dir():
        raise ScaffoldError(f"{root} exists and is not a folder")
    if root.is_dir() and any(root.iterdir()) and not force:
        raise ScaffoldError(
            f"{root} exists and is not empty: choose another --directory, or give --force to "
            "write over the files of the same names"
        )
    root_of_templates = resources.files("unodice.data") / _TEMPLATES
    folders = _FOLDERS["house-rule" if house_rule else layout]
    substitutions = attrs.asdict(names)
    written = []
    templates = sorted(
        (
            (relative, template)
            for folder in folders
            for relative, template in _template_files(root_of_templates / folder)
        ),
        key=lambda found: found[0],
    )
    for relative, template in templates:
        target = root / _output_path(relative, names)
        text = string.Template(template.read_text(encoding="utf-8")).substitute(substitutions)
        try:
            _write_inside(root, _output_path(relative, names), text)
        except OSError as error:
            raise ScaffoldError(f"cannot write {target}: {error.strerror or error}") from None
        written.append(target)
    return written


def _refuse_link(path: Path) -> None:
    """Refuse a path that is a symbolic link: the package's files are written where it is."""
    if path.is_symlink():
        raise ScaffoldError(
            f"{path} is a symbolic link: new-plugin writes no file through a link (it could "
            "lead outside the package's folder); remove it, or write the package elsewhere"
        )


def _write_inside(root: Path, relative: Path, text: str) -> None:
    """Write ``text`` to ``root / relative``, following no link from ``root`` down.

    Each folder on the way is checked not to be a link before it is made or entered, and the
    file is opened with ``O_NOFOLLOW``, so that with ``force`` a link planted in the folder
    cannot send a template's text to a file outside it.
    """
    root.parent.mkdir(parents=True, exist_ok=True)  # the caller's folder: links allowed there
    folder = root
    for part in ("", *relative.parts[:-1]):
        folder = folder / part if part else folder
        _refuse_link(folder)
        folder.mkdir(exist_ok=True)
    target = folder / relative.parts[-1]
    _refuse_link(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    with os.fdopen(os.open(target, flags, 0o666), "w", encoding="utf-8") as stream:
        stream.write(text)


def _template_files(
    folder: Traversable, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], Traversable]]:
    """Every template file under ``folder``, with its path as parts, sorted by path."""
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.is_dir():
            yield from _template_files(entry, (*prefix, entry.name))
        elif entry.name.endswith(".tmpl"):
            yield (*prefix, entry.name), entry


def _output_path(parts: tuple[str, ...], names: PluginNames) -> Path:
    """Where a template's file goes in the package: placeholders filled, ``.tmpl`` dropped."""
    filled = [
        part.replace("__module__", names.module).replace("__snake__", names.snake) for part in parts
    ]
    filled[-1] = filled[-1].removesuffix(".tmpl")
    return Path(*filled)
