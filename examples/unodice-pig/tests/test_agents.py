"""The pig bot: registered by the package, found by name, and better than random play."""

from __future__ import annotations

import unodice
from unodice.core.registry import Registry
from unodice.play.agents import make_agent

from unodice_pig import HoldAt, Pig, unodice_register


def pig_registry() -> Registry:
    registry = Registry()
    registry.add_plugin(__import__("unodice_pig"), "pig")
    return registry


def test_the_package_registers_hold_at_20():
    registry = pig_registry()
    info = registry.agent("hold-at-20")
    assert info.plugin == "pig" and "20" in info.summary
    agent = make_agent("hold-at-20", 1, registry)
    assert isinstance(agent, HoldAt) and agent.threshold == 20
    assert callable(unodice_register) and Pig.name == "pig"


def test_it_holds_at_20_and_rolls_below():
    game = unodice.new_game("pig", seed=1, registry=pig_registry())
    agent = HoldAt(20)
    moves = game.legal_moves()
    assert str(agent.choose(game.view(game.to_act), moves)) == "roll"
    while game.view(game.to_act).data["turn_total"] < 20 and game.to_act == 0:
        game.play("roll")
    if game.to_act == 0:
        assert str(agent.choose(game.view(0), game.legal_moves())) == "hold"


def test_it_beats_random_play_in_the_arena():
    report = unodice.tournament(
        "pig",
        {"hold": "hold-at-20", "random": "random"},
        games=200,
        seed=1,
        workers=1,
        registry=pig_registry(),
    )
    hold = report.agents[0]
    assert hold.agent == "hold" and hold.low > 0.5
    assert report.agents[0].seats == report.agents[1].seats == (100, 100)
