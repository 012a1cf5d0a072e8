"""The top-level API of DESIGN.md, as a user imports it."""

from __future__ import annotations

import importlib

import unodice


def test_variants_is_callable_and_stays_so_after_variant_modules_are_imported():
    before = unodice.variants()
    assert {"coverall", "centre-die", "dominoes"} <= set(before)
    module = importlib.import_module("unodice.builtin.coverall")
    import unodice.builtin.dominoes as dominoes_module

    assert module.__name__ == "unodice.builtin.coverall"
    assert dominoes_module.__name__ == "unodice.builtin.dominoes"
    assert unodice.variants() == before
    info = before["coverall"]
    assert info.players == range(2, 9) and info.title and info.version


def test_simulate_is_callable_and_its_module_importable():
    import unodice.simulation as simulation

    report = unodice.simulate("coverall", games=6, players=2, seed=4, workers=1)
    assert isinstance(report, unodice.Report) and report.games == 6
    assert simulation.simulate("coverall", games=6, players=2, seed=4, workers=1) == report
    assert simulation.Report is unodice.Report


def test_every_name_in_all_exists():
    for name in unodice.__all__:
        assert getattr(unodice, name) is not None, name


def test_a_word_move_is_written_as_its_kind():
    from typing import ClassVar

    from unodice.moves import WordMove

    class Knock(WordMove):
        kind: ClassVar[str] = "knock"

    assert str(Knock()) == "knock" == Knock().to_json()
    assert Knock() == Knock() and hash(Knock()) == hash(Knock())
