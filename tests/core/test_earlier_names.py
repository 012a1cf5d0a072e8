"""What unodice 0.1 code wrote still works for one release, each time with a warning that says
what to write instead: the old module names, ``unodice.variants()``, the old names of lookups,
and a variant that declares its capabilities by overriding methods."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

import pytest
from toy import ToyRules

import unodice
from unodice._moved import MOVED, new_name
from unodice.core import lookups
from unodice.core.capabilities import Positions, Reference, Spaces, Text
from unodice.core.hooks import hookimpl
from unodice.testing import check_variant


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_name_gives_the_module_at_its_new_place_with_a_warning(old, monkeypatch):
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {MOVED[old]}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])


def test_a_name_below_an_old_package_moves_with_it():
    assert new_name("unodice.builtin.coverall.rules") == "unodice.variants.coverall.rules"
    assert new_name("unodice.gamer") is None
    assert new_name("unodice.core.game") is None
    with pytest.warns(DeprecationWarning, match="unodice.builtin.dominoes is now"):
        old = importlib.import_module("unodice.builtin.dominoes")
    assert old is importlib.import_module("unodice.variants.dominoes")


def test_the_command_is_still_found_where_it_was():
    import unodice.cli
    from unodice.cli.commands import main

    with pytest.warns(DeprecationWarning, match="unodice.cli.commands.main"):
        assert unodice.cli.main is main


def test_the_old_listing_function_warns_and_lists_the_same():
    with pytest.warns(DeprecationWarning, match=r"unodice\.available_variants\(\)"):
        listed = unodice.variants()
    assert listed == unodice.available_variants()


def test_the_old_lookup_names_warn():
    with pytest.warns(DeprecationWarning, match="SealedTable is now SealedLookup"):
        assert lookups.SealedTable is lookups.SealedLookup
    with pytest.warns(DeprecationWarning, match="TablesPerSet is now LookupsPerSet"):
        assert lookups.TablesPerSet is lookups.LookupsPerSet
    with pytest.raises(AttributeError):
        _ = lookups.NoSuchName


class _OldReading:
    """A 0.1 plain reading: a module of three functions taking the variant first."""

    @staticmethod
    def legal_moves(variant: Any, state: Any) -> Any:
        return variant.legal_moves(state)

    @staticmethod
    def move_points(variant: Any, state: Any, move: Any) -> Any:
        points = [0] * variant.player_count
        if str(move) == "hold":
            points[state.seats.current] = state.turn_total
        return points

    @staticmethod
    def round_points(variant: Any, state: Any) -> Any:
        return [0] * variant.player_count


def test_a_variant_written_for_0_1_keeps_its_capabilities_with_a_warning(registry):
    with pytest.warns(DeprecationWarning, match="the unodice 0.1 way") as caught:

        class Earlier(ToyRules):
            name = "toy-earlier"
            reference = _OldReading()

            def render(self, state: Any, seat: Any = None, colour: bool = False) -> str:
                return "rendered the old way"

            def actions(self) -> tuple[Any, ...]:
                return ()

    message = str(caught[0].message)
    assert "Text" in message and "Reference" in message and "unodice.plugin" in message
    assert issubclass(Earlier, Text) and issubclass(Earlier, Reference)
    # Spaces needs three methods: one of them alone does not declare it.
    assert not issubclass(Earlier, Spaces) and not issubclass(Earlier, Positions)
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(Earlier))
        ),
        "earlier",
    )
    game = unodice.new_game("toy-earlier", registry=registry)
    assert game.render() == "rendered the old way"
    assert game.variant.describe(game.events[0])  # the default wording, given to it
    assert check_variant("toy-earlier", games=1, registry=registry, reference=True).ok


def test_the_old_reference_type_warns():
    from unodice.core import variant

    with pytest.warns(DeprecationWarning, match="Reference capability"):
        assert variant.Reference.__name__ == "EarlierReference"
