"""The top-level API of DESIGN.md, as a user imports it."""

from __future__ import annotations

import importlib

import unodice


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
