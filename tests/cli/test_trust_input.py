"""Numbers are read as ASCII digits only, everywhere the library reads them.

Issue 25, item 7: ``str.isdigit`` and ``int()`` take other digits than 0-9, and not the same
ones. A piece id written ``r5@²`` passed ``isdigit`` and then failed ``int()`` with a raw
``ValueError`` blamed on the variant; ``int()`` alone read ``٤`` as 4, so options, player counts
and the command line's numbers had many spellings (``٤``, ``0004``, `` 7 ``, ``+7``,
``1_000``). Each is now refused with the caller's library exception.
"""

from __future__ import annotations

import random

import pytest

import unodice
from unodice.cli.commands import build_parser, main
from unodice.core._quoting import whole_number
from unodice.core.chance import Chance
from unodice.core.errors import IllegalMove, InvalidOptions, InvalidPosition, InvalidRecord
from unodice.variants.coverall.moves import parse_cell
from unodice.variants.dominoes.moves import parse_move

# Other scripts' digits, superscripts, and what int() forgives: none of them is a number here.
NOT_NUMBERS = ["٤", "²", "४", "０", "7\n", " 7 ", "+7", "1_000", "0004", "-0", "", "7.0", "٣٣"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_the_reader_refuses_every_other_spelling_with_the_callers_exception(text: str):
    with pytest.raises(InvalidPosition, match="written in the digits 0-9"):
        whole_number(text, "round", InvalidPosition, negative=True)


def test_the_reader_reads_the_one_spelling():
    for number in (0, 7, 10, 12345678901234567890, -3):
        assert whole_number(str(number), "n", ValueError, negative=True, digits=20) == number
    with pytest.raises(ValueError, match="from 0"):
        whole_number("-3", "n", ValueError)
    with pytest.raises(ValueError, match="at most 4 digits"):
        whole_number("12345", "n", ValueError, digits=4)


@pytest.mark.parametrize("digits", ["²", "¹⁵", "٣", "015", "+15"])
def test_a_piece_id_in_other_digits_is_an_invalid_position(digits: str):
    """Issue 25, item 7: ``r5@²`` raised a raw ValueError from ``new_game(position=...)``."""
    position = unodice.new_game("centre-die", players=2, seed=3).position()
    assert "centre=r5@15 " in position
    edited = position.replace("centre=r5@15 ", f"centre=r5@{digits} ")
    with pytest.raises(InvalidPosition, match="a piece's id must be a whole number"):
        unodice.new_game(position=edited, seed=3)


def test_a_record_holding_such_a_position_is_an_invalid_record():
    """Issue 25, item 7: the same raw ValueError came out of replaying such a record."""
    position = unodice.new_game("centre-die", players=2, seed=3).position()
    record = unodice.new_game(position=position, seed=3).record()
    record["position"] = position.replace("centre=r5@15 ", "centre=r5@² ")
    with pytest.raises(InvalidRecord, match="a piece's id must be a whole number") as refused:
        unodice.replay(record)
    assert refused.value.field == "position"


@pytest.mark.parametrize("text", ["٤", "0004", " 7 ", "+7", "1_000", "٤٠٠"])
def test_an_option_in_other_digits_is_refused(text: str):
    """Issue 25, item 7: ``int(value.strip())`` took each of these as a number."""
    with pytest.raises(InvalidOptions, match="option 'target' of centre-die must be a whole"):
        unodice.new_game("centre-die", options={"target": text})


def test_an_option_in_digits_is_still_read_from_game_strings_and_mappings():
    assert unodice.new_game("centre-die(target=400)").options.target == 400
    assert unodice.new_game("centre-die", options={"target": "400"}).options.target == 400


@pytest.mark.parametrize("text", ["٣", "³", "03", "+3"])
def test_players_in_a_game_string_in_other_digits_are_refused(text: str):
    """Issue 25, item 7: ``centre-die(players=٣)`` started a game of three."""
    with pytest.raises(InvalidOptions, match="players must be a whole number"):
        unodice.new_game(f"centre-die(players={text})")


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "centre-die", "--players", "٣"],
        ["play", "centre-die", "--seed", "1_0"],
        ["play", "centre-die", "--human", "０"],
        ["replay", "game.json", "--at", "٣"],
        ["replay", "game.json", "--seat", "+1"],
    ],
)
def test_the_command_lines_numbers_in_other_digits_are_usage_errors(argv, capsys):
    """Issue 25, item 7: argparse's ``int`` and ``str.isdecimal`` took them."""
    with pytest.raises(SystemExit) as usage:
        build_parser().parse_args(argv)
    error = capsys.readouterr().err
    assert usage.value.code == 2 and "written in the digits 0-9" in error


def test_the_simulate_commands_numbers_in_other_digits_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as usage:
        main(["simulate", "centre-die", "--games", "٣"])
    assert usage.value.code == 2 and "written in the digits 0-9" in capsys.readouterr().err


def test_a_cell_or_an_end_in_other_digits_is_not_notation():
    """Issue 25, item 7: ``\\d`` in the notation took ``B٢`` for B2 and ``on ٤`` for on 4."""
    assert parse_cell("B2") == (1, 1)
    with pytest.raises(ValueError, match="is not a cell"):
        parse_cell("B٢")
    assert parse_move("play r3|y5 on 4").end == 4
    with pytest.raises(IllegalMove, match="cannot read the move"):
        parse_move("play r3|y5 on ٤")


# -- one seed, one spelling (issue 25, item 8) ---------------------------------------------------


def test_python_seeds_a_generator_from_the_seeds_size():
    # Why a negative seed is refused: it would be a second spelling of the positive one.
    assert random.Random(-12345).random() == random.Random(12345).random()


@pytest.mark.parametrize("seed", [-1, -12345, -(2**256 - 1)])
def test_a_negative_seed_is_refused(seed: int):
    """Issue 25, item 8: seeds ``s`` and ``-s`` gave the same game."""
    with pytest.raises(InvalidOptions, match="seed must be a whole number from 0"):
        unodice.new_game("centre-die", seed=seed)
    with pytest.raises(InvalidOptions, match="a seed is a whole number from 0"):
        Chance(seed)


def test_a_negative_seed_on_the_command_line_fails_with_one_line(capsys):
    assert main(["play", "centre-die", "--seed", "-5", "--quiet"]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "seed must be a whole number from 0" in error
