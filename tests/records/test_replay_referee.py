"""The replay page's referee view and the last move's mark (issue 29, friction 8).

The page of a full record (no seat) holds two views of each step: the referee's, every hand
face up, shown first, and a spectator's, every hidden piece face down; a switch chooses, and the
page says which is shown. A seat's page holds its seat's view only. In every view the piece the
step's move placed is ringed (``data-last``).
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from test_replay_page import CHROMIUM, CHROMIUM_ARGS, _browser_or_skip, played
from test_trust_replay_page import DATA

import unodice
from unodice.core.game import Game
from unodice.core.pictures import svg
from unodice.core.positions import domino_token
from unodice.records.replay_page import _inline, replay_page


def streams(page: str) -> dict[str, list[str]]:
    """Every view's pictures, step by step, put together from the page's data."""
    found = DATA.search(page)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    out: dict[str, list[str]] = {}
    for name, steps in data.items():
        if name == "tags":
            continue
        pictures, previous = [], []
        for changes in steps:
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
        out[name] = pictures
    return out


def marked(picture: str) -> list[str]:
    tree = ET.fromstring(picture.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    return [el.get("data-piece", "") for el in tree.iter() if el.get("data-last") == "true"]


def faces_up(picture: str) -> set[str]:
    return set(re.findall(r'data-piece="([^"]+)"', picture))


@pytest.fixture(scope="module")
def dominoes() -> Game:
    game = played("dominoes", 24, seed=3)
    assert game.round == 1
    return game


def positions(game: Game) -> list[Game]:
    """The game at each step of its page: the set-up, then after each move."""
    again = unodice.new_game("dominoes", game.players, seed=game.seed)
    out = [again.copy()]
    for move in game.moves:
        again.play(move)
        out.append(again.copy())
    return out


def test_the_page_of_no_seat_holds_the_referees_view_with_every_hand(dominoes):
    page = replay_page(dominoes)
    views = streams(page)
    assert set(views) == {"steps", "referee"}
    at = positions(dominoes)
    assert len(views["referee"]) == len(views["steps"]) == len(at)
    for number, (referee, spectator, game) in enumerate(
        zip(views["referee"], views["steps"], at, strict=True)
    ):
        hands = {domino_token(tile) for hand in game.state.hands for tile in hand}
        assert hands, "the hands are not empty in round 1"
        assert hands <= faces_up(referee), f"step {number}: the referee sees every hand"
        assert not hands & faces_up(spectator), f"step {number}: a spectator sees none"
        assert referee == _inline(svg(game, referee=True, mark_last=True))


def test_the_page_says_which_view_it_shows_and_starts_with_the_referees(dominoes):
    page = replay_page(dominoes)
    assert re.search(r'<input type="radio" name="view" value="referee" checked>', page)
    assert re.search(r'<input type="radio" name="view" value="spectator">', page)
    assert "showing the referee's view: every hand face up" in page
    assert "the referee's page" in html.unescape(page)
    # Without its script, the page shows the start in the referee's view.
    start = page.split('id="step-0"', 1)[1].split("</figure>", 1)[0]
    assert "as the referee sees it" in start


def test_a_seats_page_has_no_referees_view(dominoes):
    page = replay_page(dominoes, 1)
    assert set(streams(page)) == {"steps"}
    assert 'name="view"' not in page and "referee" not in page.split("<script>")[0]


def test_the_tile_each_move_laid_is_ringed_in_both_views(dominoes):
    views = streams(replay_page(dominoes))
    at = positions(dominoes)
    rings = 0
    for number in range(len(at)):
        move = dominoes.moves[number - 1] if number else None
        expected = []
        if move is not None and move.kind == "play":
            expected = [domino_token(at[number].state.layout.placements[-1].tile)]
        for name in ("steps", "referee"):
            assert marked(views[name][number]) == expected, (number, name, str(move))
        rings += len(expected)
    assert rings > 5, "not vacuous: several tiles were laid"


def test_a_seats_page_rings_the_tile_laid_too(dominoes):
    pictures = streams(replay_page(dominoes, 0))["steps"]
    assert any(marked(picture) for picture in pictures)


# -- in a real browser ----------------------------------------------------------------------------


@pytest.mark.tooling
def test_the_view_switch_works_in_a_browser(tmp_path, dominoes):
    sync_playwright = _browser_or_skip()
    path = tmp_path / "game.html"
    path.write_text(replay_page(dominoes), encoding="utf-8")
    laid = next(number for number, move in enumerate(dominoes.moves, 1) if move.kind == "play")
    shown = "section.step:not([hidden]) .picture"

    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(path.as_uri() + f"#{laid}")

            def hands_face_up() -> int:
                return page.locator(f"{shown} [data-seat] [data-piece]").count()

            def backs() -> int:
                return page.locator(f"{shown} [data-seat] [data-back]").count()

            assert page.is_checked("input[value=referee]")
            assert page.text_content("#view-shown") == (
                "showing the referee's view: every hand face up"
            )
            assert hands_face_up() > 0 and backs() == 0
            ring = page.locator(f"{shown} [data-last=true]")
            assert ring.count() == 1
            box = ring.bounding_box()
            assert box is not None and box["width"] > 0 and box["height"] > 0

            page.check("input[value=spectator]")
            assert page.text_content("#view-shown") == (
                "showing a spectator's view: every hidden piece face down"
            )
            assert hands_face_up() == 0 and backs() > 0
            assert page.locator(f"{shown} [data-last=true]").count() == 1
            assert page.url.endswith(f"#{laid}/spectator")
            page.keyboard.press("ArrowRight")
            assert page.url.endswith(f"#{laid + 1}/spectator") and hands_face_up() == 0
            page.keyboard.press("v")
            assert page.is_checked("input[value=referee]") and hands_face_up() > 0
            assert page.url.endswith(f"#{laid + 1}")

            opened = browser.new_page()
            opened.goto(path.as_uri() + "#3/spectator")
            assert opened.is_checked("input[value=spectator]")
            assert opened.text_content("#counter") == f"move 3 of {len(dominoes.moves)}"
            assert opened.locator(f"{shown} [data-seat] [data-piece]").count() == 0
            assert errors == []
        finally:
            browser.close()
