"""The variant contract's page says what the code asks of a variant, and nothing more.

``docs/plugins/contract.md`` holds four tables, each after a ``<!-- contract: ... -->`` mark:
the class attributes, the required methods, the methods with defaults and the capabilities.
These tests read them and compare them with ``Variant`` and with every capability in
``CAPABILITIES``: every abstract method is listed as required, and nothing else is.
"""

from __future__ import annotations

import inspect
import re

import pytest
from paths import ROOT

from unodice.core.capabilities import CAPABILITIES, Capability
from unodice.core.variant import Variant

PAGE = ROOT / "docs" / "plugins" / "contract.md"


def _table(mark: str) -> list[list[str]]:
    """The rows of the table after ``<!-- contract: mark -->``, as lists of cells."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"<!-- contract: {mark} -->")
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if not line.strip() and not rows:
            continue
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[2:]  # past the header and the line under it


def _names(cell: str) -> list[str]:
    return re.findall(r"`([A-Za-z_]\w*)`", cell)


def _first_names(rows: list[list[str]]) -> list[str]:
    names = [_names(row[0])[0] for row in rows]
    assert len(names) == len(set(names)), f"a name is listed twice: {names}"
    return names


def _methods_with_defaults(cls: type) -> set[str]:
    """The public methods ``cls`` itself defines with a body a subclass may keep."""
    abstract = getattr(cls, "__abstractmethods__", frozenset())
    return {
        name
        for name, value in vars(cls).items()
        if not name.startswith("_") and inspect.isfunction(value) and name not in abstract
    }


def test_the_class_attributes_are_variants_and_say_which_are_required():
    declared = [
        name
        for name, annotation in Variant.__annotations__.items()
        if str(annotation).startswith("ClassVar")
    ]
    rows = _table("class attributes")
    assert _first_names(rows) == declared
    for row in rows:
        name = _names(row[0])[0]
        required = name not in vars(Variant)
        assert row[1].startswith("yes" if required else "no"), f"{name}: required is {required}"


def test_the_required_methods_are_exactly_the_abstract_methods_of_variant():
    assert set(_first_names(_table("required"))) == set(Variant.__abstractmethods__)


def test_the_methods_with_defaults_are_exactly_those_of_variant():
    assert set(_first_names(_table("defaults"))) == _methods_with_defaults(Variant)


def test_every_capability_is_listed_in_order_with_exactly_its_methods():
    rows = _table("capabilities")
    assert _first_names(rows) == [capability.__name__ for capability in CAPABILITIES]
    for row, capability in zip(rows, CAPABILITIES, strict=True):
        required, with_default = _names(row[1]), _names(row[2])
        assert set(required) == set(capability.__abstractmethods__), capability.__name__
        assert set(with_default) == _methods_with_defaults(capability), capability.__name__
        assert row[3] and row[4], f"{capability.__name__}: say what it gives, and what without"


def test_a_capability_is_a_capability_and_has_something_to_implement():
    for capability in CAPABILITIES:
        assert issubclass(capability, Capability)
        assert capability.__abstractmethods__, capability.__name__


@pytest.mark.parametrize("mark", ["class attributes", "required", "defaults", "capabilities"])
def test_every_name_in_the_tables_links_to_its_documentation_or_is_code(mark):
    for row in _table(mark):
        assert row[0].startswith(("[`", "`")), row[0]


def test_the_page_is_in_the_nav():
    assert "plugins/contract.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
