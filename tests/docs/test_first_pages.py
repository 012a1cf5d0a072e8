"""What a new reader meets first: installing, the extras, the opening of each page, signatures.

- The home page and getting-started say how to install from PyPI and from a checkout (plain and
  editable, with extras), and what the native build needs (a C compiler; pure Python without).
- Every page that lists the extras (names two or more of them) names every extra pyproject
  declares.
- The home page and each variant page open with a picture of a real game (the pictures hook's
  ``lead=true``) and a three-sentence "how a turn goes", before the rules.
- The docs extra holds a formatter for signatures, and mkdocstrings is set to wrap them.

The browser test (``test_first_screen.py``) checks the same pages as a reader sees them.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from types import ModuleType

import pytest
from paths import ROOT

DOCS = ROOT / "docs"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = sorted(PYPROJECT["project"]["optional-dependencies"])
EXTRA = re.compile(r"unodice\[(?P<names>[\w,-]+)\]")
PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
INSTALL_PAGES = [DOCS / "index.md", DOCS / "getting-started.md"]
FIRST_SCREEN_PAGES = [DOCS / "index.md", *sorted((DOCS / "variants").glob("*.md"))]
LEAD = re.compile(r"^<!-- picture: .*\blead=true\b.* -->$", re.M)
TURN = re.compile(r"^\*\*How a turn goes\.\*\* (?P<text>(?:.+\n)+)", re.M)


def _named_extras(text: str) -> set[str]:
    return {name for m in EXTRA.finditer(text) for name in m["names"].split(",")}


def _page_id(page):
    return str(page.relative_to(ROOT))


def test_the_extras_are_those_the_pages_were_written_for():
    # The pages below list these; a new extra needs its line on each listing page.
    assert {"test", "rl", "docs", "dask"} <= set(EXTRAS)


@pytest.mark.parametrize("page", INSTALL_PAGES, ids=_page_id)
def test_the_install_pages_list_every_extra(page):
    named = _named_extras(page.read_text(encoding="utf-8"))
    assert sorted(set(EXTRAS) - named) == [], f"{_page_id(page)} omits extras"
    # The extras that the environments' and OpenSpiel's pages add are listed too.
    assert {"openspiel", "video"} <= named


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_every_page_that_lists_extras_lists_them_all(page):
    # A command that installs two extras together (`unodice[rl,video]`) is not a list of them;
    # a page that names three or more is taken for one.
    named = _named_extras(page.read_text(encoding="utf-8"))
    if len(named) >= 3:
        assert sorted(set(EXTRAS) - named) == [], f"{_page_id(page)} lists extras but not all"


@pytest.mark.parametrize("page", INSTALL_PAGES, ids=_page_id)
def test_the_install_pages_say_how_to_install_from_pypi_and_from_a_checkout(page):
    text = page.read_text(encoding="utf-8")
    section = text[text.index("## Install") :]
    section = section[: section.index("\n## ", 1)]
    assert "$ pip install unodice\n" in section, "from PyPI"
    assert re.search(r"^\$ pip install \.\s", section, re.M), "from a checkout"
    assert re.search(r"^\$ pip install -e '\.\[[\w,]+\]'", section, re.M), "editable, with extras"
    assert "checkout" in section and "C compiler" in section and "pure Python" in section


@pytest.mark.parametrize("page", FIRST_SCREEN_PAGES, ids=_page_id)
def test_a_page_opens_with_a_picture_and_how_a_turn_goes(page):
    text = page.read_text(encoding="utf-8")
    # The rules: a variant page's clause-by-clause rules (its seed file), the home page's code.
    rules = min(i for i in (text.find("--8<--"), text.find("\n## ")) if i >= 0)
    lead = LEAD.search(text)
    assert lead is not None and lead.start() < rules, "a lead picture before the rules"
    assert len(LEAD.findall(text)) == 1, "one lead picture a page"
    turn = TURN.search(text)
    assert turn is not None and turn.start() < rules, "how a turn goes, before the rules"
    sentences = re.findall(r"[.!?](?:\s|$)", turn["text"].strip().replace("\n", " "))
    assert len(sentences) == 3, f"how a turn goes in three sentences, not {len(sentences)}"


def _pictures_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pictures_hook", DOCS / "_hooks/pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pictures_hook_draws_a_lead_picture_to_a_width():
    hook = _pictures_hook()
    plain = hook.picture("centre-die(players=3) seed=4 moves=2 seat=0")
    drawn = hook.picture("centre-die(players=3) seed=4 moves=2 seat=0 width=320 lead=true")
    assert plain.startswith('<figure class="unodice-picture"><svg ')
    assert drawn.startswith('<figure class="unodice-picture unodice-lead"><svg ')
    width, height = map(float, re.search(r'width="([\d.]+)" height="([\d.]+)"', plain).groups())
    assert f'width="320" height="{round(height * 320 / width)}"' in drawn
    assert re.search(r'viewBox="0 0 [\d.]+ [\d.]+"', drawn), "the picture keeps its viewBox"
    with pytest.raises(ValueError, match="lead= is true or false"):
        hook.picture("centre-die seed=4 moves=0 seat=0 lead=yes")


def test_the_lead_picture_has_its_stylesheet():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    sheets = re.search(r"^extra_css:\n((?:  - .+\n)+)", config, re.M)
    assert sheets is not None and "stylesheets/pictures.css" in sheets[1]
    assert ".unodice-lead" in (DOCS / "stylesheets/pictures.css").read_text(encoding="utf-8")


def test_the_docs_extra_formats_signatures():
    docs = PYPROJECT["project"]["optional-dependencies"]["docs"]
    formatters = [d for d in docs if re.match(r"(ruff|black)\b", d)]
    assert formatters, (
        "mkdocstrings formats signatures with Ruff or Black: the docs extra needs one"
    )


def test_mkdocstrings_wraps_signatures():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    handler = config[config.index("      handlers:\n        python:") :]
    options = dict(re.findall(r"^ {12}(\w+): (.+)$", handler, re.M))
    assert options["separate_signature"] == "true"
    assert options["show_signature_annotations"] == "true"
    assert options["signature_crossrefs"] == "true"
    assert 60 <= int(options["line_length"]) <= 88, "short enough to fit the page's column"
