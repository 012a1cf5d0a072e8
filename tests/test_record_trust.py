"""What a record may be trusted with, and who may read it.

A full record is the referee's document: its seed and outcomes fix every deal. A seat's record
(``game.record(seat=k)``) is what that seat may be given: it names no piece the seat did not
see, and it cannot be replayed. A record whose outcomes were scripted is accepted with any
outcomes, so replay refuses it unless asked. And the library replays every record it writes,
at a cost that grows with the record's length, house rules or not.
"""

from __future__ import annotations

import io
import json
import types
from typing import Any

import pytest
from every_variant import everything
from toy import ToyPlugin

import unodice
import unodice.record
import unodice.registry
from unodice.agents import RandomAgent, play_game
from unodice.cli import EXIT_FAILURE, main
from unodice.errors import InvalidRecord
from unodice.game import Game
from unodice.hooks import hookimpl
from unodice.record import load, save
from unodice.registry import Registry
from unodice.testing import Showing, scripted_game

# -- helpers -------------------------------------------------------------------------------------


class _Unchanged:
    """A house rule that changes nothing: a game with it plays exactly as without."""

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        return None


def _with_house_rule() -> Registry:
    """Every installed variant and the toy, plus the house rule ``unchanged``."""
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    plugin = types.SimpleNamespace(unodice_register=hookimpl(
        lambda registry: registry.add_house_rule("unchanged", _Unchanged())))
    registry.add_plugin(plugin, "unchanged")
    return registry


def _piece_ids(value: Any) -> set[int]:
    """The ids of every die and domino in JSON data (``{"id", "faces"}``, ``{"id", "ends"}``)."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if set(item) in ({"id", "faces"}, {"id", "ends"}):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _hidden_ids(game: Game, seat: int) -> set[int]:
    return {piece.id for piece in game.variant.hidden_pieces(game.state, seat)}


def _random_game(name: str, players: int, seed: int, limit: int = 400) -> Game:
    game = unodice.new_game(name, players=players, seed=seed, registry=everything())
    agents = [RandomAgent(seed * 7 + seat) for seat in range(players)]
    while not game.is_over and len(game.moves) < limit:
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
    return game


# -- scripted records ------------------------------------------------------------------------------


def test_a_scripted_record_is_refused_unless_allowed(registry):
    game = scripted_game("toy-race", [Showing.of("y5"), Showing.of("r6")], seed=3,
                         registry=registry)
    game.play("roll")
    record = game.record()
    assert record["chance"]["source"] == "script"
    with pytest.raises(InvalidRecord, match="allow_scripted=True") as caught:
        unodice.replay(record, registry)
    assert caught.value.field == "chance.source"
    assert unodice.replay(record, registry, allow_scripted=True).record() == record


def test_turning_a_seeded_record_into_a_scripted_one_no_longer_forges_it(registry):
    game = play_game("toy-race(target=10)", [RandomAgent(1), RandomAgent(2)], seed=4,
                     registry=registry)
    record = json.loads(json.dumps(game.record()))
    outcomes = record["chance"]["outcomes"]
    index = next(i for i, value in enumerate(outcomes) if value > 0)
    forged = {**record, "chance": {"source": "script",
                                   "outcomes": [*outcomes[:index], 0, *outcomes[index + 1:]]}}
    forged.pop("result")
    with pytest.raises(InvalidRecord, match="scripted") as caught:
        unodice.replay(forged, registry)
    assert caught.value.field == "chance.source"


def test_load_passes_allow_scripted_on(tmp_path, registry):
    game = scripted_game("toy-race", [Showing.of("y5")], seed=3, registry=registry)
    game.play("roll")
    path = tmp_path / "scripted.json"
    save(game, path)
    with pytest.raises(InvalidRecord, match="allow_scripted"):
        load(path, registry)
    assert load(path, registry, allow_scripted=True).record() == game.record()


def test_the_command_line_replays_a_scripted_record_only_when_told(tmp_path, registry, monkeypatch):
    game = scripted_game("toy-race", [Showing.of("y5")], seed=3, registry=registry)
    game.play("roll")
    path = tmp_path / "scripted.json"
    save(game, path)
    monkeypatch.setattr(unodice.registry, "_default", registry)
    assert main(["replay", "--quiet", str(path)], io.StringIO()) == EXIT_FAILURE
    assert main(["replay", "--quiet", "--allow-scripted", str(path)], io.StringIO()) == 0
