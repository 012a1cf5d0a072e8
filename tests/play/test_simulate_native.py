"""`simulate` plays a variant natively when every seat is a built-in agent, to the same report.

The native engines' own tests (tests/variants/centre_die/test_centre_die_native.py,
tests/variants/coverall/test_coverall_native.py) compare them with the Python engine at every
decision; these check that the simulation picks an engine exactly when it may, and that a report
is the same whichever engine played.
"""

from __future__ import annotations

import pytest

import unodice._native
from unodice.core.registry import Registry
from unodice.play import simulation
from unodice.play.agents import RandomAgent
from unodice.play.simulation import simulate

pytestmark = pytest.mark.skipif(
    unodice._native.native_module("centre_die") is None
    or unodice._native.native_module("coverall") is None
    or unodice._native.native_module("dominoes") is None,
    reason="the native engines are not built (a pure-Python install, or UNODICE_PURE set)",
)


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unodice._native, "FORCED_PURE", True)


@pytest.mark.parametrize(
    ("variant", "agents", "options"),
    [
        ("centre-die", ["random", "random"], {}),
        ("centre-die", ["greedy", "heuristic", "random"], {"target": 200}),
        (
            "centre-die",
            ["heuristic"] * 4,
            {"catch_by": "any-opponent", "draw_after_reroll": "only-when-unable"},
        ),
        ("centre-die", ["random", "greedy"], {"rounds": 3, "two_player_reverse_skips": False}),
        ("coverall", ["random", "random"], {}),
        ("coverall", ["greedy", "heuristic", "random"], {"partition": False}),
        ("coverall", ["heuristic"] * 4, {"set_of_games": True, "rows": 3, "columns": 4}),
        ("coverall", ["random", "greedy"], {"two_player_reverse_skips": False}),
        ("dominoes", ["random", "random"], {}),
        ("dominoes", ["greedy", "heuristic", "random"], {"target": 200}),
        (
            "dominoes",
            ["heuristic"] * 4,
            {"catch_by": "any-opponent", "drawn_domino": "must-play", "all_doubles_spin": True},
        ),
        ("dominoes", ["random", "greedy"], {"wild_draw_four_upheld": "stays", "target": 300}),
    ],
)
def test_a_report_is_the_same_natively_and_in_python(monkeypatch, variant, agents, options):
    run = {"agents": agents, "players": len(agents), "games": 40, "seed": 7}
    run |= {"options": options, "workers": 1}
    native = simulate(variant, **run).to_json()
    _pure(monkeypatch)
    python = simulate(variant, **run).to_json()
    for report in (native, python):
        report.pop("seconds", None)
        report.pop("games_per_second", None)
    assert native == python


def _engine(agents, house_rules=(), options=None, variant="centre-die"):
    spec = simulation._Spec(
        variant,
        len(agents),
        tuple(simulation.seat_agents(agents)),
        1,
        options or {},
        tuple(house_rules),
    )
    return simulation.match_engine(spec, Registry.from_entry_points())


@pytest.mark.parametrize("variant", ["centre-die", "coverall", "dominoes"])
def test_the_native_engine_plays_only_built_in_agents_by_name(monkeypatch, variant):
    assert _engine(["random", "heuristic"], variant=variant) is not None
    assert _engine(["random", "ismcts"], variant=variant) is None  # an agent it does not play
    assert _engine(["random", RandomAgent], variant=variant) is None  # a class: any subclass
    _pure(monkeypatch)
    assert _engine(["random", "random"], variant=variant) is None
