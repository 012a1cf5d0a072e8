"""The public API: what the top-level package gives a user, and that exports are what is documented.

Every public module (a module of ``unodice`` whose path has no ``_`` part, outside the command
line's ``unodice.cli``) is documented on one page of the API reference (``docs/api``), by a
``::: module`` line, or by its package's with ``show_submodules``. The site renders a module's
members with ``filters: public``: exactly the names of its ``__all__``, each by its docstring.
A module shown by its docstring alone (``members: false``) re-exports what other modules define,
and its page has a table listing exactly its ``__all__``, each name linked to where it is
documented. So a module's ``__all__`` is what its page documents, and back.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from paths import ROOT

import unodice

API = ROOT / "docs" / "api"
PAGES = sorted(API.rglob("*.md"))

# The built-in variants are moving to the new template: until their modules'
# __all__ list what each exports, their pages show every public name (the filters of 0.1).
# Remove a package from here, and its page's ``filters`` line, once its conversion has landed.
SHOWN_WHOLE: set[str] = set()

DIRECTIVE = re.compile(r"^::: (?P<module>[\w.]+)[ \t]*\n(?P<options>(?:(?:[ ]{4}.*)?\n)*)", re.M)
OPTION = re.compile(r"^[ ]{6}(?P<key>\w+):[ \t]*(?P<value>.*?)[ \t]*$", re.M)
LINK = re.compile(r"\[`(?P<name>[\w.]+)(?:\(\))?`\]\[(?P<target>[\w.]+)\]")
CODE = re.compile(r"`(?P<name>[A-Za-z_][\w]*)(?:\(\))?`")


# -- the top-level package --------------------------------------------------------------------


def test_variants_is_callable_and_stays_so_after_variant_modules_are_imported():
    before = unodice.available_variants()
    assert {"coverall", "centre-die", "dominoes"} <= set(before)
    module = importlib.import_module("unodice.variants.coverall")
    import unodice.variants.dominoes as dominoes_module

    assert module.__name__ == "unodice.variants.coverall"
    assert dominoes_module.__name__ == "unodice.variants.dominoes"
    assert unodice.available_variants() == before
    info = before["coverall"]
    assert info.players == range(2, 9) and info.title and info.version


def test_simulate_is_callable_and_its_module_importable():
    import unodice.play.simulation as simulation

    report = unodice.simulate("coverall", games=6, players=2, seed=4, workers=1)
    assert isinstance(report, unodice.Report) and report.games == 6
    assert simulation.simulate("coverall", games=6, players=2, seed=4, workers=1) == report
    assert simulation.Report is unodice.Report


def test_every_name_in_all_exists():
    for name in unodice.__all__:
        assert getattr(unodice, name) is not None, name


def test_a_word_move_is_written_as_its_kind():
    from typing import ClassVar

    from unodice.core.moves import WordMove

    class Knock(WordMove):
        kind: ClassVar[str] = "knock"

    assert str(Knock()) == "knock" == Knock().to_json()
    assert Knock() == Knock() and hash(Knock()) == hash(Knock())


# -- the pages and what they document ------------------------------------------------------------


def _public_modules() -> dict[str, ModuleType]:
    """Every public module, by name: no ``_`` part in its path, not the command line's."""
    found = {"unodice": unodice}
    for info in pkgutil.walk_packages(unodice.__path__, "unodice."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts) or parts[1] == "cli":
            continue
        found[info.name] = importlib.import_module(info.name)
    return found


MODULES = _public_modules()


def _directives(page: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """The modules a page documents with ``::: module``, each with its options."""
    for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
        options = {m["key"]: m["value"] for m in OPTION.finditer(match["options"])}
        yield match["module"], options


def _documented() -> dict[str, list[tuple[Path, dict[str, str]]]]:
    """Each module the pages document, with every page (and its options) that does."""
    where: dict[str, list[tuple[Path, dict[str, str]]]] = {}
    for page in PAGES:
        for module, options in _directives(page):
            shown = [module]
            if options.get("show_submodules") == "true":
                shown += [name for name in MODULES if name.startswith(module + ".")]
            for name in shown:
                where.setdefault(name, []).append((page, options))
    return where


DOCUMENTED = _documented()


def _rendered() -> list[str]:
    """The modules whose members the pages render, by their ``__all__``."""
    return sorted(
        name
        for name, places in DOCUMENTED.items()
        if any(options.get("members") != "false" for _, options in places)
    )


RENDERED = _rendered()


def _export_tables() -> list[tuple[str, Path]]:
    """The modules shown by their docstring alone that export names, with their page."""
    return sorted(
        (name, page)
        for name, places in DOCUMENTED.items()
        for page, options in places
        if options.get("members") == "false" and getattr(MODULES.get(name), "__all__", None)
    )


def test_every_public_module_is_documented_on_exactly_one_page():
    problems = []
    for name in MODULES:
        pages = [page.relative_to(API) for page, _ in DOCUMENTED.get(name, [])]
        if len(pages) != 1:
            problems.append(f"{name}: on {len(pages)} pages {pages}")
    assert problems == [], "every public module has one page in docs/api"


def test_the_pages_document_only_public_modules():
    assert sorted(set(DOCUMENTED) - set(MODULES)) == []


def test_the_site_shows_a_modules_members_by_its_all():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+filters: public\s*$", config, re.M), "mkdocs.yml: filters: public"
    for name, places in DOCUMENTED.items():
        for page, options in places:
            where = f"{page.relative_to(API)}: {name}"
            assert options.get("members") in (None, "false"), f"{where}: members are its __all__"
            package = next((p for p in SHOWN_WHOLE if name == p or name.startswith(p + ".")), None)
            if package is None:
                assert "filters" not in options, f"{where}: the filters are the site's"
            else:
                assert options.get("filters") == '["!^_"]', f"{where}: see SHOWN_WHOLE"


@pytest.mark.parametrize("name", [n for n in RENDERED if not n.startswith(tuple(SHOWN_WHOLE))])
def test_every_module_rendered_says_what_it_exports(name):
    exported = getattr(MODULES[name], "__all__", None)
    assert exported, f"{name} defines no __all__: its page would show its names by guesswork"
    assert len(exported) == len(set(exported)), f"{name}: a name is in __all__ twice"
    for export in exported:
        assert hasattr(MODULES[name], export), f"{name}.{export} is in __all__ but does not exist"


@pytest.fixture(scope="module")
def griffe_modules() -> Any:
    """The package as the site's generator reads it (statically, from the source)."""
    griffe = pytest.importorskip("griffe", reason="griffe (in the test extra) reads the docstrings")
    loader = griffe.GriffeLoader(search_paths=[str(ROOT / "src")])
    loader.load("unodice")
    loader.resolve_aliases(implicit=False, external=False)
    return loader.modules_collection


@pytest.mark.parametrize("name", [n for n in RENDERED if not n.startswith(tuple(SHOWN_WHOLE))])
def test_every_name_a_rendered_module_exports_has_a_docstring(name, griffe_modules):
    # The site leaves out what has no docstring: a name in __all__ without one is not documented.
    module = griffe_modules[name]
    undocumented = []
    for export in MODULES[name].__all__:
        target = module[export]
        target = target.final_target if target.is_alias else target
        if not (target.docstring and target.docstring.value.strip()):
            undocumented.append(export)
    assert undocumented == [], f"{name}: exported without a docstring"


def _table_names(page: Path) -> list[tuple[str, str | None]]:
    """The names in the first column of the page's tables, each with its link's target."""
    found: list[tuple[str, str | None]] = []
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = line.strip().strip("|").split("|")
        if not line.startswith("|") or set(cells[0].strip()) <= {"-", " "}:
            continue
        linked = {m["name"]: m["target"] for m in LINK.finditer(cells[0])}
        found += [(m["name"], linked.get(m["name"])) for m in CODE.finditer(cells[0])]
    return found


def _documented_at(target: str) -> Any:
    """What a link's target documents: a rendered module, or a name its ``__all__`` exports."""
    rendered = RENDERED
    if target in rendered:
        return MODULES[target]
    module, _, export = target.rpartition(".")
    assert module in rendered, f"{target}: no page renders {module}"
    assert export in MODULES[module].__all__, f"{target}: not in {module}.__all__"
    return getattr(MODULES[module], export)


@pytest.mark.parametrize("name,page", _export_tables(), ids=[name for name, _ in _export_tables()])
def test_a_module_that_re_exports_lists_exactly_its_all_each_linked_to_its_documentation(
    name, page
):
    module = MODULES[name]
    listed = _table_names(page)
    names = [listed_name for listed_name, _ in listed]
    assert sorted(names) == sorted(module.__all__), f"{page.relative_to(API)} lists {name}.__all__"
    for export, target in listed:
        value = getattr(module, export)
        if target is None:
            # Only what no other page documents is described on this page itself.
            assert all(
                getattr(MODULES[other], n, None) is not value
                for other in RENDERED
                for n in getattr(MODULES[other], "__all__", ())
            ), f"{name}.{export}: link it to where it is documented"
        else:
            assert _documented_at(target) is value, f"{name}.{export} links to {target}"


def test_the_unodice_page_lists_what_unodice_exports():
    listed = [name for name, _ in _table_names(API / "unodice.md")]
    assert sorted(listed) == sorted(unodice.__all__)
