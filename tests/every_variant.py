"""Shared helpers for the hardening suites: every installed variant plus the toy, real games
and records of each, and the checks every variant must pass after any step.

The variant list is read once, when the test modules are collected, from the plugins installed
at that moment; a variant whose plugin is broken is simply absent (its failure is the registry's
business, tested elsewhere).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

from toy import ToyPlugin

import unodice
from unodice.core.game import Game
from unodice.core.registry import Registry
from unodice.play.agents import RandomAgent
from unodice.testing import pieces_in


@functools.cache
def everything() -> Registry:
    """Every installed plugin, plus the toy variant and its house rules."""
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


VARIANTS: tuple[str, ...] = tuple(everything().variants())
"""The name of every working variant, the toy included, sorted."""


def play_random(name: str, players: int, seed: int, limit: int | None = None) -> Game:
    """A game of ``name`` played by random agents to its end, or for ``limit`` decisions."""
    game = unodice.new_game(name, players=players, seed=seed, registry=everything())
    agents = [RandomAgent(seed * 31 + seat) for seat in range(players)]
    step = 0
    while not game.is_over and (limit is None or step < limit):
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
        step += 1
    return game


@functools.cache
def sample_records(name: str) -> tuple[str, ...]:
    """Real records of ``name`` as JSON text: finished and unfinished games, every seat count."""
    seats = everything().variant(name).players
    counts = sorted({seats.start, seats.stop - 1})
    records = []
    for index, players in enumerate(counts):
        records.append(play_random(name, players, seed=100 + index).record())
        records.append(play_random(name, players, seed=200 + index, limit=7).record())
    return tuple(json.dumps(record) for record in records)


def fingerprint(game: Game) -> str:
    """Everything observable about a game: record, events, the full render and every view."""
    views = [game.view(seat).to_json() for seat in range(game.players)]
    events = [event.to_json() for event in game.events]
    return json.dumps([game.record(), events, game.render(), views], sort_keys=True)


def conservation_problem(game: Game) -> str | None:
    """Why the pieces of ``game`` are not all in exactly one place, or ``None`` if they are.

    Variants that do not report piece locations (``NotImplementedError``) pass.
    """
    try:
        locations = game.variant.piece_locations(game.state)
        expected = game.variant.components(game.state).pieces
    except NotImplementedError:
        return None
    seen: Counter[int] = Counter()
    for pieces in locations.values():
        seen.update(piece.id for piece in pieces)
    wanted = Counter(piece.id for piece in expected)
    if seen == wanted:
        return None
    missing = sorted((wanted - seen).elements())
    extra = sorted((seen - wanted).elements())
    return f"pieces not conserved: missing {missing}, extra {extra}"


def leaked_pieces(game: Game) -> dict[int, list[int]]:
    """For each seat, the ids of hidden pieces its view shows (empty when nothing leaks)."""
    leaks = {}
    for seat in range(game.players):
        hidden = {piece.id for piece in game.variant.hidden_pieces(game.state, seat)}
        shown = {piece.id for piece in pieces_in(game.view(seat).data)}
        if hidden & shown:
            leaks[seat] = sorted(hidden & shown)
    return leaks


def json_round_trip(value: Any) -> Any:
    """``value`` as it comes back from JSON text."""
    return json.loads(json.dumps(value))
