"""Huge and absurd input from outside: refused with a short message that quotes it at most once.

A message that echoes what a person typed (a move, a name, an option, a game string, a file
name) cuts it short, so that a 10 MB input gives a line of text, not 10 MB (or 20 MB) of it.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from every_variant import VARIANTS, everything

import unodice
import unodice.core.registry
from unodice.cli.commands import LINE_LIMIT, main
from unodice.core.errors import IllegalMove, InvalidOptions, InvalidRecord, UnknownVariant
from unodice.core.setup import parse_game_string
from unodice.play.agents import make_agent
from unodice.variants.dominoes.moves import parse_move as parse_dominoes

HUGE = 10_000_000
SHORT = 1_000
"""The longest message any of these may give (the longest notation help is about 400)."""


def huge(text: str = "x") -> str:
    return text * (HUGE // len(text))


def new(name: str, **kwargs: Any) -> unodice.Game:
    return unodice.new_game(name, registry=everything(), **kwargs)


# -- moves -------------------------------------------------------------------------------------


def test_an_absurd_open_end_number_is_refused_with_illegal_move():
    with pytest.raises(IllegalMove, match="open end numbers have at most") as caught:
        parse_dominoes("play r3|y5 on " + "9" * 5000)
    assert len(str(caught.value)) < SHORT
    with pytest.raises(IllegalMove, match="open end numbers have at most"):
        new("dominoes", seed=1).play("play r3|y5 on " + "1" * 5000)


HOSTILE_MOVES = [
    huge(),
    "play " + huge(),
    "play r5 " + huge(),
    "play W:" + huge(),
    "play " + huge() + "|r3 on 1",
    "play r3|" + huge() + " on 1",
    "play r3|y5:" + huge() + " on 1",
    "play r3|y5 on 1 " + huge(),
    "play r3|y5 on " + "7" * HUGE,
    "r5 " + huge(),
    huge() + " A1",
    "declare " + huge(),
    "r5 A" + "9" * HUGE,
    "W:" + huge() + " A1",
    "9" * HUGE,
    huge("🎲"),
    huge("x\n"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_a_huge_move_is_refused_briefly_by_every_variant(name):
    game = new(name, seed=2)
    for text in HOSTILE_MOVES:
        with pytest.raises(IllegalMove) as caught:
            game.play(text)
        assert len(str(caught.value)) < SHORT, (name, text[:30])


@pytest.mark.parametrize("name", VARIANTS)
def test_an_unreadable_move_is_quoted_once(name):
    game = new(name, seed=2)
    with pytest.raises(IllegalMove) as caught:
        game.play("zzqq is not a move")
    assert str(caught.value).count("zzqq") == 1, str(caught.value)


def test_a_record_with_an_unreadable_move_quotes_it_once():
    game = new("coverall", seed=3)
    record = game.record()
    record["moves"] = ["zzqq is not a move"]
    record.pop("result", None)
    with pytest.raises(InvalidRecord) as caught:
        unodice.replay(record, everything())
    assert "moves[0]" in str(caught.value) and str(caught.value).count("zzqq") == 1


# -- names, game strings, agents ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        huge("a"),
        "coverall(" + huge(),
        "coverall(" + huge() + ")",
        "coverall(a=1," + huge() + ")",
        "coverall(" + huge() + "=1)",
        "coverall(players=" + "9" * HUGE + ")",
    ],
)
def test_a_huge_game_string_is_refused_briefly(text):
    with pytest.raises((InvalidOptions, UnknownVariant)) as caught:
        new(text)
    assert len(str(caught.value)) < SHORT


def test_a_huge_name_is_refused_briefly():
    with pytest.raises(InvalidOptions) as caught:
        parse_game_string(huge() + "(")
    assert len(str(caught.value)) < SHORT
    with pytest.raises(UnknownVariant) as caught:
        new("coverall", house_rules=[huge()])
    assert len(str(caught.value)) < SHORT
    with pytest.raises(InvalidOptions) as caught:
        make_agent(huge(), 1)
    assert len(str(caught.value)) < SHORT
    with pytest.raises(InvalidOptions) as caught:
        new("coverall", options={huge(): 1})
    assert len(str(caught.value)) < SHORT


# -- the command line --------------------------------------------------------------------------


@pytest.fixture
def installed(monkeypatch):
    monkeypatch.setattr(unodice.core.registry, "_default", everything())


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    out = io.StringIO()
    try:
        status = main(list(argv), out)
    except SystemExit as exit_:
        status = exit_.code
    return status, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["play", "coverall", "--option", "partition=" + huge()], 1),
        (["play", "coverall", "--option", huge() + "=1"], 1),
        (["play", "coverall", "--option", huge()], 2),
        (["play", huge("a")], 1),
        (["play", "coverall(" + huge()], 1),
        (["play", "coverall", "--house-rule", huge()], 1),
        (["play", "coverall", "--agents", huge()], 1),
        (["play", "coverall", "--players", "9" * HUGE], 2),
        (["play", "coverall", "--players", huge()], 2),
        (["play", "coverall", "--seed", "9" * 4000], 2),  # longer than any seed: a usage error
        (["play", "coverall", "--human", "9" * 4000], 2),
        (["replay", huge()], 1),
        ([huge()], 2),
    ],
)
def test_the_command_line_answers_huge_arguments_in_one_short_line(installed, capsys, argv, status):
    got, _, err = cli(capsys, *argv)
    assert got == status
    assert err.count("\n") == 1 and len(err) <= LINE_LIMIT + 1, err[:200]


def test_a_huge_answer_at_the_terminal_is_refused_briefly(installed, capsys, monkeypatch):
    answers = [huge(), "9" * 900, "r5 " + huge(), "9" * 5000, "²", "quit"]
    monkeypatch.setattr("builtins.input", lambda prompt="": answers.pop(0))
    status, out, err = cli(capsys, "play", "coverall", "--seed", "1", "--human", "0", "--no-colour")
    assert status == 0 and err == "" and not answers  # ended by quit
    assert "game abandoned" in out
    assert len(out) < 10 * SHORT
    assert out.count("cannot read the move") == 3  # not a move's number: read as notation
    assert out.count("characters long") == 2


def test_a_huge_open_end_at_the_terminal_is_refused_by_the_parser(installed, capsys, monkeypatch):
    answers = ["play r3|y5 on " + "9" * 5000, "quit"]
    monkeypatch.setattr("builtins.input", lambda prompt="": answers.pop(0))
    status, out, err = cli(capsys, "play", "dominoes", "--seed", "1", "--human", "0", "--brief")
    assert status == 0 and err == "" and not answers  # ended by quit
    assert "open end numbers have at most 6 digits, not 5000" in out
    assert len(out) < 10 * SHORT


def test_a_saved_record_is_not_affected(installed, tmp_path, capsys):
    path = tmp_path / "game.json"
    status, _, _ = cli(capsys, "play", "dominoes", "--seed", "1", "--quiet", "--save", str(path))
    assert status == 0 and json.loads(path.read_text())["seed"] == 1
