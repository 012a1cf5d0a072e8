"""The plugin tutorial is true as written: its code blocks build the example plugin, which works.

``docs/plugins/variant-plugin.md`` writes the package ``unodice-pig``, its one module ``pig.py``
a part at a time. Here the package is built from the page's own code blocks, in the order they
appear, with snippet lines expanded as the site expands them, following the convention the page
states ("How to read the code blocks"): a block titled with a path is that file; a later block
with the same title goes on at the end of the file, after one blank line when it follows the
module's docstring and two when it starts new top-level code; a block that adds methods to a
class starts with ``class Name(...):`` and ``...``, which are left out, and goes on at the end
of the class, which must be the end of the file, after one blank line. The package built must
be ``examples/unodice-pig`` file for file, list exactly the files of the page's layout, pass
``check_variant(..., reference=True)`` imported from its folder, and pass its own tests.

The page's examples (blocks with no title) and those of the house-rule guide each run on their
own, in a namespace of their own, against the package built.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from paths import ROOT
from test_docs import expand_snippets
from unpacked_plugins import (
    imported,
    metadata_folder,
    registry_of,
    run_package_tests,
    run_with_package,
)

import unodice.core.registry
from unodice.testing import check_variant

TUTORIAL = ROOT / "docs" / "plugins" / "variant-plugin.md"
HOUSE_RULES = ROOT / "docs" / "plugins" / "house-rules.md"
EXAMPLE = ROOT / "examples" / "unodice-pig"
MODULE = "unodice_pig"
FINISHED = "The finished package"
"""The heading of the tutorial's last section, which shows every module again, whole."""

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>```|~~~)(?P<lang>[\w+-]*)(?P<info>[^\n]*)\n(?P<body>.*?)"
    r"^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
TITLE = re.compile(r'\btitle="(?P<title>[^"]+)"')
HEADING = re.compile(r"^## (?P<heading>.+)$", re.MULTILINE)
CONTINUED_CLASS = re.compile(r"^class (?P<name>\w+)\(\.\.\.\):$")
TREE_ENTRY = re.compile(r"^(?P<lead>[│ ]*)[├└]── (?P<name>\S+)")
NOT_SOURCE = ("__pycache__", ".pytest_cache", ".egg-info", ".mypy_cache", ".ruff_cache")


@attrs.frozen
class Block:
    """A code block of a page, its snippet lines expanded.

    Attributes:
        line: Where the block starts on the page.
        lang: The fence's language.
        title: Its ``title``, or ``""``.
        section: The ``##`` heading it is under.
        code: Its text, dedented, snippets expanded.
    """

    line: int
    lang: str
    title: str
    section: str
    code: str

    @property
    def where(self) -> str:
        return f"the block at line {self.line} ({self.title or self.lang})"


def blocks_of(page: Path) -> list[Block]:
    """Every fenced block of the page, in order."""
    text = page.read_text(encoding="utf-8")
    headings = [(match.start(), match["heading"]) for match in HEADING.finditer(text)]
    found = []
    for match in FENCE.finditer(text):
        section = next(
            (heading for start, heading in reversed(headings) if start < match.start()), ""
        )
        title = TITLE.search(match["info"])
        found.append(
            Block(
                line=text.count("\n", 0, match.start()) + 1,
                lang=match["lang"],
                title=title["title"] if title else "",
                section=section,
                code=expand_snippets(textwrap.dedent(match["body"])),
            )
        )
    return found


def steps_of(page: Path) -> list[Block]:
    """The blocks that write files, outside the finished package's section, in order."""
    return [block for block in blocks_of(page) if block.title and block.section != FINISHED]


def examples_of(page: Path) -> list[Block]:
    """The python blocks with no title: examples to run."""
    return [block for block in blocks_of(page) if block.lang == "python" and not block.title]


def continued(text: str, block: Block) -> str:
    """``text`` with ``block`` added at its end, as the tutorial's convention says."""
    lines = block.code.splitlines()
    written = ast.parse(text).body
    continues = CONTINUED_CLASS.match(lines[0]) if lines else None
    if continues and len(lines) >= 2 and lines[1].strip() == "...":
        last = written[-1] if written else None
        assert isinstance(last, ast.ClassDef) and last.name == continues["name"], (
            f"{block.where} continues the class {continues['name']}, which does not end the file"
        )
        lines, gap = lines[2:], "\n"
    elif len(written) == 1 and ast.get_docstring(ast.Module(written, [])) is not None:
        gap = "\n"  # straight after the module's docstring
    else:
        gap = "\n\n"  # new top-level code
    added = "\n".join(lines).strip("\n")
    return f"{text}{gap}{added}\n"


def build(page: Path, folder: Path) -> list[str]:
    """Write the package from the page's blocks into ``folder``; the files, in writing order."""
    written: list[str] = []
    for block in steps_of(page):
        path = folder / block.title
        if block.title in written:
            path.write_text(continued(path.read_text(encoding="utf-8"), block), encoding="utf-8")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.code, encoding="utf-8")
            written.append(block.title)
    return written


def files_in(folder: Path) -> set[str]:
    """The package's files under ``folder``, as paths relative to it (no caches)."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and not any(part in path.as_posix() for part in NOT_SOURCE)
    }


def layout_of(page: Path) -> set[str]:
    """The files the layout tree of the page lists, relative to the package's folder."""
    tree = next(
        block
        for block in blocks_of(page)
        if block.lang == "text" and block.code.startswith("unodice-pig/")
    )
    folders: list[str] = []
    files = set()
    for line in tree.code.splitlines()[1:]:
        entry = TREE_ENTRY.match(line)
        assert entry, f"not a line of the tree: {line!r}"
        depth = len(entry["lead"]) // 4
        del folders[depth:]
        name = entry["name"]
        if name.endswith("/"):
            folders.append(name.rstrip("/"))
        else:
            files.add("/".join([*folders, name]))
    return files


def build_order(page: Path) -> list[str]:
    """The files the page writes, in the order it starts them."""
    return list(dict.fromkeys(block.title for block in steps_of(page)))


def relative_imports(source: str) -> Iterator[str]:
    """The package's modules that ``source`` imports at run time (not for type checking)."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                yield node.module
            else:
                yield from (alias.name for alias in node.names)


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package the tutorial writes, built once from its blocks."""
    folder = tmp_path_factory.mktemp("tutorial") / "unodice-pig"
    folder.mkdir()
    build(TUTORIAL, folder)
    return folder


@pytest.fixture
def plugin(package: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The package built, imported from its folder, as the only plugin of the default registry.

    (The example plugin may be installed too: it is kept out of the way.)
    """
    with imported(package, MODULE) as module:
        monkeypatch.setattr(unodice.core.registry, "_default", registry_of(module, "pig"))
        yield module


# -- the page builds the example, file for file --------------------------------------------------


def test_the_tutorial_writes_the_example_package_file_for_file(package: Path):
    built, example = files_in(package), files_in(EXAMPLE)
    assert built == example, (sorted(built - example), sorted(example - built))
    for name in sorted(built):
        assert (package / name).read_text() == (EXAMPLE / name).read_text(), name


def test_every_file_shown_whole_is_the_file_built(package: Path):
    whole = [block for block in blocks_of(TUTORIAL) if block.section == FINISHED]
    assert {block.title for block in whole} == {
        name for name in files_in(package) if name.startswith(f"src/{MODULE}/")
    }
    for block in whole:
        assert block.code == (package / block.title).read_text(), block.where


def test_the_layout_lists_exactly_the_files_written(package: Path):
    assert layout_of(TUTORIAL) == files_in(package)


def test_the_plugin_module_comes_last_and_imports_only_modules_written_before_it():
    order = [Path(name).stem for name in build_order(TUTORIAL) if name.startswith(f"src/{MODULE}/")]
    assert order[-1] == "__init__"
    init = next(block for block in steps_of(TUTORIAL) if block.title.endswith("__init__.py"))
    imported_modules = set(relative_imports(init.code))
    assert imported_modules and imported_modules <= set(order[:-1])


# -- the package built works --------------------------------------------------------------------


def test_the_package_built_passes_check_variant_against_its_reference(plugin: ModuleType):
    registry = unodice.core.registry.default_registry()
    report = check_variant("pig", games=1, reference=True, registry=registry)
    assert report.ok and report.games == len(range(2, 7))
    assert registry.house_rule("round-up").plugin == "pig"
    assert registry.agent("hold-at-20").plugin == "pig"


@pytest.mark.tooling
def test_the_package_built_passes_its_own_tests(package: Path, tmp_path: Path):
    metadata = metadata_folder(package, tmp_path)
    found = f"import {MODULE}; print({MODULE}.__file__)"
    where = run_with_package(package, metadata, "-c", found)
    assert Path(where.stdout.strip()).is_relative_to(package), where.stdout + where.stderr
    result = run_package_tests(package, metadata)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout


@pytest.mark.parametrize("block", examples_of(TUTORIAL), ids=lambda block: f"line {block.line}")
def test_each_example_of_the_tutorial_runs_on_its_own(
    block: Block, plugin: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)
    code = compile(block.code, f"{TUTORIAL.name}, {block.where}", "exec")
    exec(code, {"__name__": "example"})


# -- the house-rule guide -----------------------------------------------------------------------


def test_the_house_rule_guide_shows_the_files_of_the_package(package: Path):
    shown = [block for block in blocks_of(HOUSE_RULES) if block.title]
    assert {block.title for block in shown} >= {
        f"src/{MODULE}/round_up.py",
        f"src/{MODULE}/__init__.py",
        "tests/test_round_up.py",
    }
    for block in shown:
        assert block.code == (package / block.title).read_text(), block.where


@pytest.mark.parametrize("block", examples_of(HOUSE_RULES), ids=lambda block: f"line {block.line}")
def test_each_example_of_the_house_rule_guide_runs_on_its_own(
    block: Block, plugin: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)
    code = compile(block.code, f"{HOUSE_RULES.name}, {block.where}", "exec")
    exec(code, {"__name__": "example"})
