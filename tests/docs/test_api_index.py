"""The API reference names every public module, and only modules that exist.

The rule, as the API index page (``docs/api/index.md``) states it: a *public module* is a module
of ``unodice`` whose dotted name has no part beginning with ``_``, other than the command line's
``unodice.cli``. These tests walk ``src/unodice`` for them (reading files, importing nothing, so
that a module whose extra is missing counts too) and check, both ways:

- every public module is documented (``::: module``, or its package's ``::: package`` with
  ``show_submodules: true``) on exactly one page of the API reference, and every ``:::`` line
  names a public module;
- every page of ``docs/api`` is in mkdocs.yml's navigation, and every navigation entry under
  ``api/`` is a page;
- every public module is named by its package: in a table of modules or packages (a table whose
  first column is headed ``module`` or ``package``) on the package's page (the API index for the
  top-level ones), or by a ``:::`` section there; and every name in such a table is a public
  module.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import ROOT

SOURCE = ROOT / "src"
API = ROOT / "docs" / "api"
INDEX = API / "index.md"
DIRECTIVE = re.compile(r"^::: (?P<module>[\w.]+)[ \t]*\n(?P<options>(?:(?:[ ]{4}.*)?\n)*)", re.M)
SHOW_SUBMODULES = re.compile(r"^ {6}show_submodules:\s*true\s*$", re.M)
NAV_PAGE = re.compile(r"^\s+- (?:[^:\n]+: )?(?P<page>api/\S+\.md)\s*$", re.M)
CODE = re.compile(r"`(?P<name>[A-Za-z_][\w.]*)`")


def public_modules() -> list[str]:
    """Every public module's dotted name, from the files under ``src/unodice``."""
    found = []
    for path in sorted((SOURCE / "unodice").rglob("*.py")):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(part.startswith("_") for part in parts) or parts[1:2] == ["cli"]:
            continue
        found.append(".".join(parts))
    return found


MODULES = public_modules()
PAGES = sorted(API.rglob("*.md"))


def _parent(module: str) -> str:
    return module.rpartition(".")[0]


def _directives(page: Path) -> list[tuple[str, bool]]:
    """The modules a page documents with ``::: module``, each with ``show_submodules``."""
    return [
        (m["module"], bool(SHOW_SUBMODULES.search(m["options"])))
        for m in DIRECTIVE.finditer(page.read_text(encoding="utf-8"))
    ]


def _documented() -> dict[str, list[Path]]:
    """Each module the pages document, with the pages that do."""
    where: dict[str, list[Path]] = {}
    for page in PAGES:
        for module, submodules in _directives(page):
            shown = [module]
            if submodules:
                shown += [name for name in MODULES if name.startswith(module + ".")]
            for name in shown:
                where.setdefault(name, []).append(page)
    return where


def _package_page(package: str) -> Path:
    """The page that names a package's modules: the API index for the top-level ones."""
    if package == "unodice":
        return INDEX
    pages = [page for page in PAGES if (package, False) in _directives(page)]
    pages += [page for page in PAGES if (package, True) in _directives(page)]
    assert len(pages) == 1, f"{package}: documented on {len(pages)} pages"
    return pages[0]


def _module_tables(page: Path) -> list[str]:
    """The names in the first column of the page's tables of modules or packages."""
    names: list[str] = []
    listing = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            listing = False
            continue
        first = line.strip().strip("|").split("|")[0].strip()
        if set(first) <= {"-", " ", ":"}:
            continue
        if first in ("module", "package"):
            listing = True
        elif listing:
            names += [m["name"] for m in CODE.finditer(first)]
    return names


def _named_on(page: Path, package: str) -> set[str]:
    """The modules a package's page names, as full dotted names."""
    named = {
        name if name.startswith("unodice") else f"{package}.{name}" for name in _module_tables(page)
    }
    return named | {module for module, _ in _directives(page)}


def test_the_walk_finds_the_public_modules_and_leaves_out_the_rest():
    assert {"unodice", "unodice.core.game", "unodice.play.bots.ismcts"} <= set(MODULES)
    assert "unodice.variants.dominoes.kernel" in MODULES
    assert not [m for m in MODULES if m.startswith("unodice.cli") or "._" in m]


@pytest.mark.parametrize("module", MODULES)
def test_every_public_module_is_documented_on_exactly_one_page(module):
    pages = [str(page.relative_to(API)) for page in _documented().get(module, [])]
    assert len(pages) == 1, f"{module} is documented on {pages or 'no page'}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(API)))
def test_every_page_documents_only_public_modules(page):
    for module, _ in _directives(page):
        assert module in MODULES, f"{page.relative_to(API)}: ::: {module} is no public module"


def test_the_navigation_holds_every_api_page_and_no_other():
    nav = set(NAV_PAGE.findall((ROOT / "mkdocs.yml").read_text(encoding="utf-8")))
    pages = {str(page.relative_to(API.parent)) for page in PAGES}
    assert sorted(pages - nav) == [], "pages of docs/api missing from mkdocs.yml's nav"
    assert sorted(nav - pages) == [], "mkdocs.yml's nav names api pages that do not exist"


@pytest.mark.parametrize("module", [m for m in MODULES if m != "unodice"])
def test_every_public_module_is_named_by_its_package(module):
    package = _parent(module)
    page = _package_page(package)
    assert module in _named_on(page, package), f"{page.relative_to(API)} does not name {module}"


@pytest.mark.parametrize(
    "package", sorted({_parent(m) for m in MODULES if m != "unodice"}), ids=str
)
def test_every_module_a_package_names_exists(package):
    page = _package_page(package)
    for name in _module_tables(page):
        full = name if name.startswith("unodice") else f"{package}.{name}"
        assert full in MODULES, f"{page.relative_to(API)} names {full}, which is no public module"
