"""Every ```python block of the documentation and the README runs, so the docs cannot drift.

Each page is one test case: its python blocks run in order in one shared namespace, from a
temporary directory. Blocks meant only for show use another fence language (text, console,
pycon, toml, json). Snippet lines (``--8<-- "path"``, ``--8<-- "path:section"``) are expanded
the way the site expands them, so what runs is what readers see. A block made only of snippet
lines, or titled with a file's path (``title="src/unodice_pig/pig.py"``), shows a file of the
example plugin, whose own tests run that code (``tests/docs/test_tutorial.py`` builds the plugin
from those blocks): it is compiled here, not run. Pages whose code imports the optional Dask
extra are skipped when it is not installed, and pages that play games on the native engines
(``native=True``) in the pure-Python build.

The plugin guide uses the example plugin (``pig``). When it is not installed, its source is
loaded from ``examples/unodice-pig`` into the registry for that page, so the page runs either
way.
"""

from __future__ import annotations

import importlib.util
import re
import textwrap
from pathlib import Path

import pytest
from paths import ROOT

import unodice.core.registry
from unodice._version import NATIVE
from unodice.core.registry import Registry

DOCS = ROOT / "docs"
EXAMPLE_SOURCE = ROOT / "examples" / "unodice-pig" / "src"
PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
PAGES_WITH_CODE = [
    page for page in PAGES if re.search(r"```python|--8<--", page.read_text(encoding="utf-8"))
]

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>```|~~~)(?P<lang>[\w+-]*)(?P<info>[^\n]*)\n(?P<body>.*?)"
    r"^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
FILE_TITLE = re.compile(r'\btitle="[^"]+\.\w+"')
SNIPPET = re.compile(r'^(?P<indent>[ \t]*)--8<--[ \t]+"(?P<target>[^"]+)"[ \t]*$', re.MULTILINE)
SECTION_MARK = re.compile(r"--8<-- \[(?P<edge>start|end):(?P<name>[\w-]+)\]")
DASK_IMPORT = re.compile(r"^\s*(import|from)\s+(dask|distributed)\b", re.MULTILINE)
USES_EXAMPLE_PLUGIN = re.compile(r"""["']pig["']|unodice_pig""")
NATIVE_GAME = re.compile(r"\bnative=True\b")


def read_snippet(target: str) -> str:
    """The text a snippet line stands for: a whole file, or one section of it, dedented."""
    path, _, section = target.partition(":")
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    if section:
        start = lines.index(next(line for line in lines if f"[start:{section}]" in line))
        end = lines.index(next(line for line in lines if f"[end:{section}]" in line))
        lines = lines[start + 1 : end]
    kept = [line for line in lines if not SECTION_MARK.search(line)]
    text = "\n".join(kept) + "\n"
    return textwrap.dedent(text) if section else text


def expand_snippets(text: str) -> str:
    """Replace every snippet line by what it includes, indented like the line."""
    return SNIPPET.sub(
        lambda m: textwrap.indent(read_snippet(m["target"]), m["indent"]).rstrip("\n"), text
    )


def expand_outside_fences(text: str) -> str:
    """Expand the snippet lines that stand outside code blocks (rule pages, the changelog)."""
    parts, last = [], 0
    for match in FENCE.finditer(text):
        parts += [expand_snippets(text[last : match.start()]), match[0]]
        last = match.end()
    return "".join([*parts, expand_snippets(text[last:])])


def python_blocks(page: Path) -> list[tuple[int, str, bool]]:
    """The page's python blocks as (line, code, runnable), with snippets expanded."""
    text = expand_outside_fences(page.read_text(encoding="utf-8"))
    blocks = []
    for match in FENCE.finditer(text):
        if match["lang"] != "python":
            continue
        body = textwrap.dedent(match["body"])
        shows_a_file = bool(FILE_TITLE.search(match["info"])) or all(
            SNIPPET.match(line) for line in body.splitlines() if line.strip()
        )
        line = text.count("\n", 0, match.start()) + 1
        blocks.append((line, expand_snippets(body), not shows_a_file))
    return blocks


def page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def example_plugin_registry() -> Registry:
    """The installed plugins, plus the example plugin (its source must be on the path)."""
    import unodice_pig

    registry = Registry.from_entry_points()
    registry.add_plugin(unodice_pig, "pig", "unodice-pig")
    return registry


def test_the_guide_pages_are_collected():
    for name in ("index", "getting-started", "concepts", "records", "simulation"):
        assert DOCS / f"{name}.md" in PAGES_WITH_CODE


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=page_id)
def test_code_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocks = python_blocks(page)
    if not blocks:
        pytest.skip("no python blocks")
    code = "\n".join(source for _, source, _ in blocks)
    if DASK_IMPORT.search(code) and importlib.util.find_spec("distributed") is None:
        pytest.skip("needs the dask extra: pip install 'unodice[dask]'")
    if NATIVE_GAME.search(code) and unodice.build_kind() != NATIVE:
        pytest.skip("its games are on the native engines, which this build does not have")
    if USES_EXAMPLE_PLUGIN.search(code) and "pig" not in unodice.available_variants():
        monkeypatch.syspath_prepend(str(EXAMPLE_SOURCE))
        monkeypatch.setattr(unodice.core.registry, "_default", example_plugin_registry())
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs:{page_id(page)}"}
    for line, source, runnable in blocks:
        compiled = compile(source, f"{page_id(page)}, block at line {line}", "exec")
        if runnable:
            exec(compiled, namespace)
