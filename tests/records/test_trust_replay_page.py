"""The replay page is bounded (issue 25, item 5).

A page used to hold a whole SVG picture for every step: a 4,000-move record made a 74 MB page.
Now each distinct tag of the pictures is stored once and each step as its changes from the step
before, so the page grows gently; and a game past `MAX_PAGE_MOVES` is refused, with one line
from the command, and nothing written.
"""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import pytest

import unodice
from unodice.cli.commands import main
from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.pictures import svg
from unodice.records.replay_page import MAX_PAGE_MOVES, _inline, game_steps, replay_page

DATA = re.compile(r'<script type="application/json" id="pictures">(.*?)</script>', re.S)


def long_game(variant: str, moves: int, seed: int = 1) -> Game:
    """A game of ``variant`` played at random for ``moves`` moves, with a target far away."""
    game = unodice.new_game(variant, 2, seed=seed, options={"target": 100_000})
    choose = random.Random(seed)
    while len(game.moves) < moves:
        game.play(choose.choice(game.legal_moves()))
    return game


def page_pictures(page: str) -> list[str]:
    """Every step's picture, put together from the page's data as its script does."""
    found = DATA.search(page)
    assert found is not None, "the page holds its pictures' data"
    data: dict[str, Any] = json.loads(found[1])
    pictures, previous = [], []
    for changes in data["steps"]:
        tags: list[int] = []
        index = 0
        while index < len(changes):
            if changes[index] >= 0:
                tags.append(changes[index])
                index += 1
            else:
                start, length = -changes[index] - 1, changes[index + 1]
                tags += previous[start : start + length]
                index += 2
        pictures.append("".join(data["tags"][tag] for tag in tags))
        previous = tags
    return pictures


@pytest.fixture(scope="module")
def dominoes() -> Game:
    return long_game("dominoes", 1000)


@pytest.mark.parametrize("seat", [None, pytest.param(0, marks=pytest.mark.slow)])
def test_the_page_holds_every_picture_exactly(dominoes, seat):
    """Issue 25, item 5: stored compactly, every step's picture is still the game's picture."""
    pictures = page_pictures(replay_page(dominoes, seat))
    expected = [step.picture for step in game_steps(dominoes.record(), seat)]
    assert pictures == expected
    assert expected[-1] == _inline(svg(dominoes, seat, mark_last=True))


@pytest.mark.slow
def test_a_long_game_makes_a_page_a_few_kilobytes_a_move(dominoes):
    """Issue 25, item 5: 1,000 moves of dominoes made an 18 MB page; now under 4 kB a move."""
    page = replay_page(dominoes)
    one_picture = len(_inline(dominoes.svg()))
    assert one_picture > 10_000, "each picture alone is large"
    assert len(page.encode()) < 4_000 * len(dominoes.moves)


@pytest.mark.slow
def test_the_data_cannot_end_its_script_element(dominoes):
    """Every ``<`` of the pictures is written escaped inside the data."""
    found = DATA.search(replay_page(dominoes, 1))
    assert found is not None
    assert "<" not in found[1] and "&" not in found[1]
    assert "\\u003c" in found[1]


def test_a_game_past_the_limit_is_refused_before_it_is_replayed():
    """Issue 25, item 5: the limit is checked on the record, before any replay."""
    game = long_game("centre-die", MAX_PAGE_MOVES + 1)
    record = game.record()
    with pytest.raises(
        UnodiceError,
        match=f"has {MAX_PAGE_MOVES + 1:,} moves, more than a "
        f"replay page shows \\({MAX_PAGE_MOVES:,}\\)",
    ):
        replay_page(record)
    with pytest.raises(UnodiceError, match="more than a replay page shows"):
        replay_page(game)
    record["moves"] = record["moves"][:MAX_PAGE_MOVES]  # no longer replays, but is not too long
    with pytest.raises(unodice.core.errors.InvalidRecord):
        replay_page(record)


def test_the_command_refuses_a_game_past_the_limit_with_one_line(tmp_path, capsys, monkeypatch):
    """Issue 25, item 5: one line, status 1, and no page written."""
    monkeypatch.setattr("unodice.records.replay_page.MAX_PAGE_MOVES", 30)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(long_game("centre-die", 31).record()), encoding="utf-8")
    page = tmp_path / "game.html"
    status = main(["replay", str(saved), "--html", str(page)], io.StringIO())
    err = capsys.readouterr().err
    assert status == 1
    assert err == (
        "unodice: error: the game has 31 moves, more than a replay page shows (30); "
        "see its positions with unodice replay FILE --at N\n"
    )
    assert not page.exists()
    saved.write_text(json.dumps(long_game("centre-die", 30).record()), encoding="utf-8")
    assert main(["replay", str(saved), "--html", str(page)], io.StringIO()) == 0
    assert len(page_pictures(page.read_text(encoding="utf-8"))) == 31


def test_the_command_refuses_a_file_past_the_limit_before_replaying_it(tmp_path, capsys):
    """A record file of too many moves costs no replay: its moves are not even read (they are
    not moves here, which replaying would refuse with another message)."""
    record = long_game("centre-die", 3).record()
    record["moves"] = ["not a move"] * (MAX_PAGE_MOVES + 1)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "--html", str(page)], io.StringIO()) == 1
    assert "more than a replay page shows" in capsys.readouterr().err
    assert not page.exists()
