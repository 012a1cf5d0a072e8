"""A person at the table: the terminal shows her only what her seat may see.

The games are played through ``unodice.cli.main`` with scripted answers, then played again in
Python with the same seed, bots and answers, to know every tile in another seat's hand at each
step; none of those may appear in what the terminal printed, unless her seat saw it too (on the
layout or in her own hand), until the final position of a finished game.
"""

from __future__ import annotations

import io
import json
import re
import types

import pytest
from toy import ToyRace

import unodice
import unodice.core.registry
from unodice.cli.commands import main
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry
from unodice.play.agents import RandomAgent, game_agent_seed

SEED = 48611
"""A seed whose digits appear nowhere else in a game's text."""
FINAL = "final position"


def play_at_the_terminal(monkeypatch, *argv: str) -> tuple[int, str]:
    """Play with every prompt answered '1' (the first legal move); the status and the output."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def tile_codes(tile: unodice.Domino) -> set[str]:
    first, second = (face.code for face in tile.ends)
    return {f"{first}|{second}", f"{second}|{first}"}


def shown(code: str, text: str) -> bool:
    """Whether the tile ``code`` is written in ``text`` (``W|W`` is not in ``W|WD4``)."""
    return re.search(rf"(?<![\w|]){re.escape(code)}(?![\w|])", text) is not None


def secrets_of(players: int, human: int | set[int], options: dict) -> tuple[set[str], unodice.Game]:
    """Every tile code that was only ever in bots' hands, replaying the CLI's game."""
    humans = human if isinstance(human, set) else {human}
    game = unodice.new_game("dominoes", players=players, seed=SEED, options=options)
    bots = {
        seat: RandomAgent(game_agent_seed(SEED, seat))
        for seat in range(players)
        if seat not in humans
    }
    others: set[str] = set()
    seen: set[str] = set()

    def look() -> None:
        state = game.state
        for seat, hand in enumerate(state.hands):
            for tile in hand:
                (seen if seat in humans else others).update(tile_codes(tile))
        for placement in state.layout.placements:
            seen.update(tile_codes(placement.tile))

    look()
    while not game.is_over:
        seat = game.to_act
        moves = game.legal_moves()
        move = moves[0] if seat in humans else bots[seat].choose(game.view(seat), moves)
        game.play(move)
        look()
    return others - seen, game


@pytest.mark.parametrize(("players", "human"), [(2, 0), (3, 1), (4, 3)])
def test_a_human_seat_never_sees_another_seats_tiles(monkeypatch, tmp_path, players, human):
    options = {"target": 100}
    path = tmp_path / "game.json"
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        "dominoes",
        "--players",
        str(players),
        "--human",
        str(human),
        "--seed",
        str(SEED),
        "--option",
        "target=100",
        "--no-colour",
        "--save",
        str(path),
    )
    assert status == 0
    secrets, game = secrets_of(players, human, options)
    assert secrets, "the game should leave some tiles unseen by the human seat"
    during = text[: text.index(FINAL)]
    leaked = sorted(code for code in secrets if shown(code, during))
    assert not leaked
    assert f"seat {human} (you):" in during
    assert str(SEED) not in text
    record = json.loads(path.read_text())
    assert record["seed"] == SEED and record["result"]["scores"] == list(game.scores)


def test_several_human_seats_never_see_the_bots_tiles(monkeypatch):
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        "dominoes",
        "--players",
        "3",
        "--human",
        "0",
        "--human",
        "2",
        "--seed",
        str(SEED),
        "--option",
        "target=100",
        "--no-colour",
    )
    assert status == 0 and "you play seats 0 and 2" in text and str(SEED) not in text
    secrets, _ = secrets_of(3, {0, 2}, {"target": 100})
    during = text[: text.index(FINAL)]
    assert secrets and not [code for code in secrets if shown(code, during)]


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [
        ("dominoes", 3, 0),  # a tile laid as a round ends, then dealt to a bot in the next round
        ("dominoes", 2, 5),
        ("dominoes", 4, 7),
        ("coverall", 3, 1),
        ("centre-die", 4, 2),
    ],
)
def test_the_built_in_variants_events_are_public(monkeypatch, name, players, seed):
    """Their events name no piece that only another seat may see: nothing is redacted."""
    options = ["--option", "target=100"] if name == "dominoes" else []
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        name,
        "--players",
        str(players),
        "--human",
        "0",
        "--seed",
        str(seed),
        "--brief",
        *options,
    )
    assert status == 0 and "hidden from" not in text


def test_the_final_position_of_a_finished_game_shows_every_hand(monkeypatch):
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        "dominoes",
        "--players",
        "3",
        "--human",
        "0",
        "--seed",
        str(SEED),
        "--option",
        "target=100",
        "--no-colour",
    )
    final = text[text.index(FINAL) :]
    _, game = secrets_of(3, 0, {"target": 100})
    for seat, hand in enumerate(game.state.hands):
        if hand:
            assert any(shown(code, final) for code in tile_codes(hand[0])), seat
    assert status == 0 and final.count("\nresult:") == 1


def test_without_a_human_every_hand_and_the_seed_are_shown(monkeypatch):
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        "dominoes",
        "--players",
        "3",
        "--seed",
        str(SEED),
        "--option",
        "target=100",
        "--no-colour",
        "--verbose",
    )
    assert status == 0 and f"seed {SEED}" in text and FINAL not in text
    game = unodice.new_game("dominoes", players=3, seed=SEED, options={"target": 100})
    # Each hand as dealt (less the opening tile, laid before any decision) in the first
    # position, which ends with its scores line: every tile of it on its seat's line.
    first = text[: text.index("\nscores: ")]
    for seat, hand in enumerate(game.state.hands):
        line = re.search(rf"^seat {seat}: {len(hand)} tiles: (.+)$", first, re.M)
        assert line, seat
        assert all(any(shown(code, line.group(1)) for code in tile_codes(tile)) for tile in hand)


def test_brief_and_quiet_with_a_human_seat_show_no_seed(monkeypatch):
    for flag in ("--brief", "--quiet"):
        status, text = play_at_the_terminal(
            monkeypatch,
            "play",
            "coverall",
            "--human",
            "1",
            "--seed",
            str(SEED),
            flag,
        )
        assert status == 0 and str(SEED) not in text and FINAL not in text


# -- an event that names another seat's hidden piece --------------------------------------------


class SecretRace(ToyRace):
    """The toy race, except that the dice a player rolls this turn are hers alone to see."""

    name = "secret-race"

    def hidden_pieces(self, state, seat):
        mine = state.seats.current == seat
        return tuple(state.bag) + (() if mine else tuple(state.pile))


@pytest.fixture
def secret_registry(registry: Registry, monkeypatch) -> Registry:
    plugin = types.SimpleNamespace(
        unodice_register=hookimpl(lambda registry: registry.add_variant(SecretRace))
    )
    assert registry.add_plugin(plugin, "secrets").error is None
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    return registry


def test_an_event_naming_another_seats_hidden_piece_is_redacted(secret_registry, monkeypatch):
    status, text = play_at_the_terminal(
        monkeypatch,
        "play",
        "secret-race",
        "--human",
        "0",
        "--seed",
        "3",
        "--brief",
        "--option",
        "target=5",
    )
    assert status == 0
    assert "rolled seat=0 die=" in text  # her own rolls
    assert "rolled seat=1" not in text  # the bot's, which only the bot may see
    assert "    (rolled: hidden from seat 0)" in text
    _, bots_only = play_at_the_terminal(
        monkeypatch,
        "play",
        "secret-race",
        "--seed",
        "3",
        "--brief",
        "--option",
        "target=30",
    )
    assert "rolled seat=1 die=" in bots_only and "hidden from" not in bots_only
