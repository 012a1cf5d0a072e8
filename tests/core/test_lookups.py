"""The core's helpers for tables shared by every game of a component set."""

from __future__ import annotations

import pytest

from unodice.core.lookups import LookupsPerSet, SealedLookup
from unodice.core.pieces import load_components


class Counted(SealedLookup):
    built = 0

    def __init__(self, components: object, *shape: object):
        Counted.built += 1
        self.components = components
        self.shape = shape
        self.seal()


def test_a_table_is_built_once_per_set_and_shape():
    Counted.built = 0
    tables = LookupsPerSet(Counted)
    dice = load_components("centre-die-40")
    first = tables(dice, 5, 5)
    assert tables(dice, 5, 5) is first and Counted.built == 1
    assert tables(dice, 4, 6) is not first and Counted.built == 2


def test_tables_are_bounded_and_the_least_recently_used_goes_first():
    Counted.built = 0
    tables = LookupsPerSet(Counted, limit=2)
    sets = [object(), object(), object()]
    a = tables(sets[0])
    tables(sets[1])
    assert tables(sets[0]) is a  # used again: now the most recent
    tables(sets[2])  # drops sets[1], the least recently used
    assert len(tables) == 2 and tables(sets[0]) is a and Counted.built == 3
    tables(sets[1])
    assert Counted.built == 4


def test_a_set_is_known_by_identity_not_by_a_reused_id():
    tables = LookupsPerSet(Counted)
    first = object()
    table = tables(first)
    key = next(iter(tables._kept))
    tables._kept[key] = (object(), table)  # as if ``first`` died and its id was reused
    assert tables(first) is not table


def test_a_limit_below_one_is_refused():
    with pytest.raises(ValueError, match="at least one"):
        LookupsPerSet(Counted, limit=0)


def test_a_sealed_table_refuses_changes():
    table = Counted(object())
    with pytest.raises(AttributeError, match="cannot be changed"):
        table.shape = ()
    with pytest.raises(AttributeError, match="cannot be changed"):
        del table.shape
