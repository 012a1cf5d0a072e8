"""The replay page: one self-contained HTML file that steps through a recorded game.

The structure tests read the page as HTML; the browser test opens it in a real headless
Chromium, driven by Playwright, and steps through it with the buttons and keys. That test is
skipped when Chromium or Playwright is missing, unless UNODICE_BROWSER_TEST=required (as in CI),
when it fails instead.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_trust_replay_page import page_pictures

import unodice
from unodice.cli.commands import main
from unodice.core.errors import InvalidOptions, InvalidRecord, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import MovePlayed
from unodice.play.agents import events_for_seat
from unodice.records.replay_page import check_page_path, replay_page, write_replay_page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VOID = {"meta", "br", "hr", "img", "input", "link", "source", "wbr", "col", "area", "base"}
# SVG elements written self-closed (<rect .../>); the HTML parser reports them as start-end.


def played(variant: str, moves: int, seed: int, options: dict[str, int] | None = None) -> Game:
    """A game of ``variant`` after ``moves`` moves chosen at random (fewer if it ends)."""
    game = unodice.new_game(variant, 2, seed=seed, options=options)
    choose = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(choose.choice(game.legal_moves()))
    return game


@pytest.fixture(scope="module")
def dominoes() -> Game:
    """An unfinished game of dominoes, still in its first round."""
    game = played("dominoes", 14, seed=3)
    assert game.round == 1 and not game.is_over
    return game


class Page(HTMLParser):
    """A page read as HTML: its sections by step, checked to nest properly."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.steps: dict[int, dict[str, str | bool]] = {}
        self._step: int | None = None
        self._field: str | None = None
        self.pieces: dict[int, list[str]] = {}
        self.feed(html)
        self.close()
        assert self.open == [], f"unclosed elements: {self.open}"
        # Only step 0's picture is in its section; the others are in the page's data, for its
        # script to put in when the step is shown.
        for number, picture in enumerate(page_pictures(html)):
            assert number == 0 or not self.pieces[number], "a picture is in the data only"
            self.steps[number]["picture"] = re.sub(r"<[^>]*>", "", picture)
            self.pieces[number] = re.findall(r'data-piece="([^"]*)"', picture)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "section" and "data-step" in values:
            self._step = int(values["data-step"] or "")
            self.steps[self._step] = {
                "hidden": "hidden" in values,
                "move": "",
                "turn": "",
                "events": "",
                "picture": "",
            }
            self.pieces[self._step] = []
        if self._step is not None:
            if values.get("data-piece"):
                self.pieces[self._step].append(values["data-piece"] or "")
            kind = values.get("class")
            if kind in ("move", "turn", "events", "picture"):
                self._field = kind
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._step is not None and dict(attrs).get("data-piece"):
            self.pieces[self._step].append(dict(attrs)["data-piece"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()
        if tag in ("p", "ol", "figure"):
            self._field = None
        if tag == "section":
            self._step = None

    def handle_data(self, data: str) -> None:
        if self._step is not None and self._field is not None:
            step = self.steps[self._step]
            step[self._field] = str(step[self._field]) + data


def movers(game: Game) -> list[int]:
    return [event.seat for event in game.events if isinstance(event, MovePlayed)]


# -- the page's structure ------------------------------------------------------------------------


def test_the_page_parses_with_one_step_per_move_and_the_start(dominoes):
    page = Page(replay_page(dominoes))
    assert sorted(page.steps) == list(range(len(dominoes.moves) + 1))
    shown = [number for number, step in page.steps.items() if not step["hidden"]]
    assert shown == [0], "without its script the page shows the start"
    assert page.steps[0]["move"].strip() == "set-up"
    for number, (seat, move) in enumerate(zip(movers(dominoes), dominoes.moves, strict=True), 1):
        assert page.steps[number]["move"].strip() == f"seat {seat}: {move}"


def test_the_page_refers_to_nothing_outside_itself(dominoes):
    for seat in (None, 0):
        html = replay_page(dominoes, seat)
        lowered = html.lower()
        for banned in ("http://", "https://", "<script src", "<link", "@import", "url("):
            assert banned not in lowered, banned
        assert "content-security-policy" in lowered and "default-src 'none'" in html


def test_the_page_of_a_game_is_the_page_of_its_record(dominoes):
    assert replay_page(dominoes, 1) == replay_page(dominoes.record(), 1)


def test_the_turn_and_the_scores_follow_the_game():
    game = played("centre-die", 400, seed=5, options={"target": 50})
    assert game.is_over
    page = Page(replay_page(game))
    last = page.steps[len(game.moves)]
    winners = " and ".join(map(str, game.winners))
    assert str(last["turn"]).startswith(f"game over, won by seat {winners}")
    again = unodice.new_game("centre-die", 2, seed=5, options={"target": 50})
    assert str(page.steps[0]["turn"]).startswith(f"seat {again.to_act} to play")
    scores = re.findall(
        r"<th scope=\"row\">seat (\d+)</th><td>(-?\d+)</td>",
        replay_page(game).rsplit('<section class="step"', 1)[1],
    )
    assert [int(points) for _, points in scores] == list(game.scores)


def _hidden_codes(game: Game, seat: int) -> tuple[set[int], set[str]]:
    """The ids of the pieces hidden from ``seat``, and the codes that only they carry."""
    hidden = list(game.variant.hidden_pieces(game.state, seat))
    ids = {piece.id for piece in hidden}
    seen = {str(p) for p in game.variant.components().tiles if p.id not in ids}
    return ids, {str(piece) for piece in hidden} - seen


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_page_shows_no_piece_hidden_from_its_seat(dominoes, seat):
    """A seat's page hides the other hand and the boneyard; the spectator's view of the
    page of no seat (its referee's view shows them: test_replay_referee) hides every hand."""
    page = Page(replay_page(dominoes, seat))
    game = unodice.new_game("dominoes", 2, seed=3)
    own_shown = False
    for number in range(len(dominoes.moves) + 1):
        if number:
            game.play(dominoes.moves[number - 1])
        seats = range(2) if seat is None else [seat]
        shown = {int(piece.rsplit("@", 1)[1]) for piece in page.pieces[number]}
        text = str(page.steps[number]["picture"]) + str(page.steps[number]["events"])
        for eyes in seats:
            ids, codes = _hidden_codes(game, eyes)
            assert not shown & ids, f"step {number} draws pieces hidden from seat {eyes}"
            leaked = [code for code in codes if code in text]
            assert not leaked, f"step {number} names tiles hidden from seat {eyes}: {leaked}"
        if seat is not None:
            own_shown |= bool(shown & {tile.id for tile in game.state.hands[seat]})
    # Not vacuous: the seat's own hand is on its page.
    assert own_shown or seat is None


def test_a_seat_page_tells_the_events_as_the_seat_is_told_them():
    """CD-1: a seat is not told which die was drawn for the centre and put back."""
    game = unodice.new_game("centre-die", 2, seed=5)
    redrawn = [event for event in game.events if event.kind == "centre-redrawn"]
    assert redrawn, "seed 5 redraws the centre die as it sets up"
    told = events_for_seat(game.variant, tuple(redrawn), 0)
    assert all(event.die is None for event in told)
    seat_page, full_page = Page(replay_page(game, 0)), Page(replay_page(game))
    for event in redrawn:
        named = f"drew die {event.die.id} (no number face)"
        assert named in str(full_page.steps[0]["events"])
        assert named not in str(seat_page.steps[0]["events"])
    assert f"seat {redrawn[0].seat} drew a die (no number face)" in str(
        seat_page.steps[0]["events"]
    )


def test_a_seat_that_is_not_at_the_table_is_refused(dominoes):
    with pytest.raises(InvalidOptions, match="seat must be from 0 to 1"):
        replay_page(dominoes, 2)


def test_a_bad_record_is_refused_as_replay_refuses_it(dominoes):
    record = dominoes.record()
    record["moves"][3] = "fly away"
    with pytest.raises(InvalidRecord) as by_page:
        replay_page(record)
    with pytest.raises(InvalidRecord) as by_replay:
        unodice.replay(record)
    assert str(by_page.value) == str(by_replay.value)


# -- writing it from the command line -------------------------------------------------------------


@pytest.fixture
def saved(tmp_path, dominoes) -> Path:
    path = tmp_path / "game.json"
    unodice.records.record.save(dominoes, path)
    return path


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_replay_html_writes_the_page(saved, dominoes):
    page = saved.parent / "game.html"
    status, text = run("replay", str(saved), "--html", str(page), "--seat", "0")
    assert status == 0 and text == f"wrote {page}\n"
    assert page.read_text(encoding="utf-8") == replay_page(dominoes, 0)


def test_an_existing_page_is_replaced_only_with_force(saved, capsys):
    page = saved.parent / "game.html"
    page.write_text("keep me")
    assert run("replay", str(saved), "--html", str(page))[0] == 1
    assert "exists; use --force" in capsys.readouterr().err
    assert page.read_text() == "keep me"
    assert run("replay", str(saved), "--html", str(page), "--force")[0] == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("where", ["missing/game.html", ".", "game.json"])
def test_a_bad_page_path_is_refused_before_the_record_is_read(tmp_path, capsys, where):
    (tmp_path / "game.json").write_text("not a record")
    status, _ = run(
        "replay", str(tmp_path / "game.json"), "--html", str(tmp_path / where), "--force"
    )
    error = capsys.readouterr().err
    assert status == 1 and error.count("\n") == 1
    assert "invalid record" not in error, "the path is checked before any work"
    assert re.search("does not exist|is a folder|is the record itself", error)


def test_a_bad_record_gives_the_same_line_as_replay(saved, capsys):
    record = json.loads(saved.read_text())
    record["chance"]["outcomes"][0] += 1
    saved.write_text(json.dumps(record))
    assert run("replay", str(saved))[0] == 1
    plain = capsys.readouterr().err
    page = saved.parent / "game.html"
    assert run("replay", str(saved), "--html", str(page))[0] == 1
    assert capsys.readouterr().err == plain and plain.startswith("unodice: invalid record:")
    assert not page.exists()


def test_a_scripted_record_needs_allow_scripted(tmp_path, dominoes):
    record = dominoes.record()
    record["chance"]["source"] = "script"
    path = tmp_path / "scripted.json"
    path.write_text(json.dumps(record))
    page = tmp_path / "scripted.html"
    assert run("replay", str(path), "--html", str(page))[0] == 1
    assert run("replay", str(path), "--html", str(page), "--allow-scripted")[0] == 0


def test_seat_and_force_need_html(saved, capsys):
    assert run("replay", str(saved), "--seat", "0")[0] == 1
    assert "--seat and --force go with --html" in capsys.readouterr().err
    status, _ = run("replay", str(saved), "--html", str(saved.parent / "p.html"), "--seat", "7")
    assert status == 1 and "seat must be from 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        run("replay", str(saved), "--html", "x.html", "--seat", "one")
    assert usage.value.code == 2


def test_the_library_checks_the_path_and_writes(saved, tmp_path):
    with pytest.raises(UnodiceError, match="is the record itself"):
        check_page_path(saved, force=True, record=saved)
    written = write_replay_page(saved, tmp_path / "page.html")
    assert written.read_text(encoding="utf-8").count('<section class="step"') > 1


# -- in a real browser ----------------------------------------------------------------------------


def _browser_or_skip() -> object:
    required = os.environ.get("UNODICE_BROWSER_TEST") == "required"
    why = None
    if not Path(CHROMIUM).exists():
        why = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        why = why or "Playwright is not installed (pip install playwright)"
    if why is not None:
        if required:
            pytest.fail(f"UNODICE_BROWSER_TEST=required, but {why}")
        pytest.skip(why)
    return sync_playwright


@pytest.mark.tooling
def test_the_page_steps_through_the_game_in_a_browser(tmp_path, dominoes):
    sync_playwright = _browser_or_skip()
    seat = 0
    path = tmp_path / "game.html"
    path.write_text(replay_page(dominoes, seat), encoding="utf-8")
    moves = len(dominoes.moves)
    expected_moves = [
        f"seat {s}: {m}" for s, m in zip(movers(dominoes), dominoes.moves, strict=True)
    ]
    turns = []
    game = unodice.new_game("dominoes", 2, seed=3)
    turns.append(game.to_act)
    for move in dominoes.moves:
        game.play(move)
        turns.append(game.to_act)

    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(path.as_uri())
            shown = "section.step:not([hidden])"

            def at(number: int) -> str:
                assert page.text_content("#counter") == f"move {number} of {moves}"
                assert page.locator(shown).count() == 1
                assert page.get_attribute(shown, "data-step") == str(number)
                assert (page.text_content(f"{shown} .turn") or "").startswith(
                    f"seat {turns[number]} to play"
                )
                move = (page.text_content(f"{shown} .move") or "").strip()
                assert move == ("set-up" if number == 0 else expected_moves[number - 1])
                assert page.url.endswith(f"#{number}")
                return page.inner_html(f"{shown} .picture")

            start = at(0)
            assert page.is_disabled("#previous") and page.is_disabled("#first")
            page.click("#next")
            first = at(1)
            assert first != start, "the picture changes with the step"
            page.keyboard.press("ArrowRight")
            assert at(2) != first
            page.keyboard.press("ArrowLeft")
            assert at(1) == first
            page.keyboard.press("End")
            at(moves)
            assert page.is_disabled("#next") and page.is_disabled("#last")
            page.keyboard.press("ArrowRight")
            at(moves)
            page.keyboard.press("Home")
            assert at(0) == start
            page.click("#last")
            page.click("#previous")
            at(moves - 1)

            opened = browser.new_page()
            opened.goto(path.as_uri() + "#12")
            assert opened.text_content("#counter") == f"move 12 of {moves}"
            assert opened.get_attribute(shown, "data-step") == "12"
            assert errors == []
        finally:
            browser.close()
