"""A recorded game as one web page that steps through it, move by move.

[`replay_page`][unodice.records.replay_page.replay_page] turns a record (or a game) into a single
HTML document that holds everything it shows: the picture of each step, whose turn it is, the
move just played, the events of that move in words and the scores. Step 0 is the game as set
up; step ``k`` is the game after its ``k``-th move. Buttons, the arrow keys, Home and End step
through it, and an address ending in ``#12`` opens the page at step 12.

The page is self-contained: no script, style, font or image is fetched from anywhere, and its
content security policy forbids the browser to fetch any, so it can be mailed, archived and
opened offline. It grows about in step with the game: each picture is cut into its SVG tags,
every distinct tag is stored once, and each step is stored as what changed since the step
before; the page's script puts a step's picture together when it is shown. A game of more than
[`MAX_PAGE_MOVES`][unodice.records.replay_page.MAX_PAGE_MOVES] moves is refused.

A page made for a seat (``seat=k``) shows the game as that seat saw it: the pictures from its
view and the events as it may be told of them
([`events_for_seat`][unodice.play.agents.events_for_seat]). A page made for no seat is the
referee's, like the full record it is made from: it shows every event, as ``unodice replay``
prints them, and holds two views of each step, which a switch on the page chooses between
(the page says which it shows): the referee's, every hand face up (shown first), and a
spectator's, every hidden piece face down. In every picture the piece the step's move placed
is ringed (while it is on the table: not once a new round is dealt).

[`write_replay_page`][unodice.records.replay_page.write_replay_page] is what ``unodice replay FILE
--html PAGE`` runs: it checks where the page is to go before it reads the record.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

import attrs

from unodice.core._quoting import brief
from unodice.core.capabilities import describe
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Event, MovePlayed
from unodice.core.pictures import svg
from unodice.core.registry import Registry, default_registry
from unodice.play.agents import events_for_seat
from unodice.records.record import read_record, replay, set_up

__all__ = [
    "MAX_PAGE_MOVES",
    "Step",
    "game_steps",
    "replay_page",
    "write_replay_page",
]

MAX_PAGE_MOVES = 10_000
"""The most moves a replay page shows; a longer game is refused.

A page of 10,000 moves is a few tens of megabytes and takes a browser a while to open; one of
the 200,000 moves a record may hold would be far past what a browser can open. Step through
such a game with ``unodice replay FILE --at N`` instead.
"""


@attrs.frozen
class Step:
    """What the page shows at one step of a game.

    Attributes:
        number: 0 for the game as set up, ``k`` for the game after its ``k``-th move.
        picture: The SVG picture of the game at this step, from the page's seat (a
            spectator's on a page of no seat), the piece the move placed ringed.
        move: The move just played, in words (``"seat 1: b5"``); ``None`` at step 0.
        events: What the move (at step 0, the set-up) caused, one line each.
        turn: Whose turn it is now, or how the game ended.
        round: The round being played.
        scores: Each seat's match total.
        referee: The referee's picture, every hand face up, on a page of no seat; ``None``
            on a seat's page.
    """

    number: int
    picture: str
    move: str | None
    events: tuple[str, ...]
    turn: str
    round: int
    scores: tuple[int, ...]
    referee: str | None = None


def replay_page(
    game_or_record: Game | Mapping[str, Any],
    seat: int | None = None,
    *,
    registry: Registry | None = None,
    allow_scripted: bool = False,
) -> str:
    """The replay page of a game, as one self-contained HTML document.

    Args:
        game_or_record: A record, as [`Game.record`][unodice.core.game.Game.record] made it or as
            read from JSON, or a game (its record is taken).
        seat: Whose eyes the page shows the game through; ``None`` for the referee's page:
            every event, and the referee's pictures and a spectator's, to switch between.
        registry: Where to look up the variant (default: every installed plugin).
        allow_scripted: Accept a scripted record (see [`replay`][unodice.records.record.replay]).

    Raises:
        InvalidRecord: The record does not replay (it is checked by
            [`replay`][unodice.records.record.replay] first, with everything that checks).
        InvalidOptions: ``seat`` is not a seat of the game.
        UnodiceError: The game has more than
            [`MAX_PAGE_MOVES`][unodice.records.replay_page.MAX_PAGE_MOVES] moves, or cannot be
            recorded (a determinized game, say).
    """
    record: Mapping[str, Any]
    if isinstance(game_or_record, Game):
        _check_length(len(game_or_record.moves))
        record = game_or_record.record()
    else:
        record = game_or_record
        moves = record.get("moves") if isinstance(record, Mapping) else None
        if isinstance(moves, list):  # anything else is refused by replay
            _check_length(len(moves))
        replay(record, registry, allow_scripted=allow_scripted)
    return _page(record, _steps(record, seat, registry), seat, registry)


def _check_length(moves: int) -> None:
    if moves > MAX_PAGE_MOVES:
        raise UnodiceError(
            f"the game has {moves:,} moves, more than a replay page shows "
            f"({MAX_PAGE_MOVES:,}); see its positions with unodice replay FILE --at N"
        )


def game_steps(
    record: Mapping[str, Any], seat: int | None = None, *, registry: Registry | None = None
) -> list[Step]:
    """Every step of a recorded game, from one replay of it: the set-up, then each move.

    The record is taken as sound (``replay_page`` checks it first): the game is started from
    its set-up and its moves are played in turn, each step read off as the game stands.

    Raises:
        InvalidOptions: ``seat`` is not a seat of the game.
    """
    return list(_steps(record, seat, registry))


def _steps(
    record: Mapping[str, Any], seat: int | None, registry: Registry | None
) -> Iterator[Step]:
    """The steps of `game_steps`, one at a time, so that a page holds one picture at once."""
    game = set_up(record, registry)
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise InvalidOptions(f"seat must be from 0 to {game.players - 1}, got {brief(seat)}")
    yield _step(game, 0, tuple(game.events), seat)
    for number, move in enumerate(record["moves"], 1):
        yield _step(game, number, game.play(move), seat)


def _step(game: Game, number: int, events: Sequence[Event], seat: int | None) -> Step:
    """The step ``number`` of ``game`` as it stands, ``events`` being what led to it."""
    told = events if seat is None else events_for_seat(game.variant, events, seat)
    move: str | None = None
    if number:
        mover = next(event.seat for event in events if isinstance(event, MovePlayed))
        move = f"seat {mover}: a move hidden from seat {seat}"
    lines = []
    for event in told:
        if isinstance(event, MovePlayed):
            if event.move is not None:
                move = f"seat {event.seat}: {event.move}"
            continue
        lines.append(_describe(game, event))
    referee = None if seat is not None else _inline(svg(game, referee=True, mark_last=True))
    return Step(
        number=number,
        picture=_inline(svg(game, seat, mark_last=True)),
        move=move,
        events=tuple(lines),
        turn=_turn(game),
        round=game.round,
        scores=game.scores,
        referee=referee,
    )


def _describe(game: Game, event: Event) -> str:
    """The variant's line for ``event``; a crash in it is noted with the variant's plugin."""
    try:
        return describe(game.variant, event)
    except Exception as error:
        if not isinstance(error, UnodiceError):
            error.add_note(
                f"raised by variant {game.variant.name!r} of plugin {game.plugin!r}, "
                f"in describe, for a {event.kind!r} event"
            )
        raise


def _turn(game: Game) -> str:
    if not game.is_over:
        return f"seat {game.to_act} to play"
    return f"game over, {_won_by(game.winners)}"


def _won_by(winners: Sequence[int]) -> str:
    if not winners:
        return "nobody won"
    seats = " and ".join(str(seat) for seat in winners)
    return f"won by seat{'s' if len(winners) > 1 else ''} {seats}"


# An SVG inside HTML takes its namespaces from the HTML parser; declaring them would put the
# only addresses into a page that refers to nothing outside itself.
_NAMESPACES = re.compile(r'\s+xmlns(?::xlink)?\s*=\s*"http://www\.w3\.org/(?:2000/svg|1999/xlink)"')


def _inline(picture: str) -> str:
    """An SVG document as an element of the page: its standard namespace declarations cut."""
    return _NAMESPACES.sub("", picture)


# -- the page ------------------------------------------------------------------------------------


def _page(
    record: Mapping[str, Any], steps: Iterable[Step], seat: int | None, registry: Registry | None
) -> str:
    """The HTML document showing ``steps`` of the game of ``record``."""
    title = _variant_title(record, registry)
    moves = len(record["moves"])
    pictures = _Pictures()
    sections = "\n".join(_section(step, moves, pictures.add(step)) for step in steps)
    eyes = "the referee's page" if seat is None else f"as seat {seat} sees it"
    facts = [f"{record['players']} players", f"{moves} move{'s' if moves != 1 else ''}", eyes]
    if seat is None:
        # The seed fixes every deal and draw: it belongs on the page of no seat.
        facts.append(f"seed {record['seed']}")
    result = record.get("result")
    if result is not None:
        facts.append(_won_by(result["winners"]) if result["over"] else "unfinished")
    script = _SCRIPT
    policy = (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src '{_script_hash(script)}'"
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}: replay</title>
<style>{_STYLE}</style>
</head>
<body>
<header>
<h1>{escape(title)}</h1>
<p class="facts">{escape(" · ".join(facts))}</p>
</header>
<nav class="controls" aria-label="steps">
<button type="button" id="first" title="first (Home)">&#xAB; First</button>
<button type="button" id="previous" title="previous (Left arrow)">&#x2039; Previous</button>
<span id="counter" aria-live="polite">move 0 of {moves}</span>
<button type="button" id="next" title="next (Right arrow)">Next &#x203A;</button>
<button type="button" id="last" title="last (End)">Last &#xBB;</button>
{_VIEWS if pictures.has_referee else ""}</nav>
<main>
{sections}
</main>
<footer>Keys: <kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd>
first and last{_VIEW_KEYS if pictures.has_referee else ""}. Add <code>#12</code> to the address
to open at move 12{_VIEW_ADDRESS if pictures.has_referee else ""}. The piece the move placed is
ringed in orange.</footer>
<script type="application/json" id="pictures">{pictures.json()}</script>
<script>{script}</script>
</body>
</html>
"""


_VIEWS = """<span class="views" role="radiogroup" aria-label="view">
<label><input type="radio" name="view" value="referee" checked> Referee</label>
<label><input type="radio" name="view" value="spectator"> Spectator</label>
<span id="view-shown" aria-live="polite">showing the referee's view: every hand face up</span>
</span>
"""
"""The switch between the referee's pictures and a spectator's, on a page of no seat."""
_VIEW_KEYS = ", <kbd>V</kbd> the referee's view or a spectator's"
_VIEW_ADDRESS = " (<code>#12/spectator</code> in a spectator's view)"


def _variant_title(record: Mapping[str, Any], registry: Registry | None) -> str:
    return (registry or default_registry()).variant(record["variant"]).title


def _section(step: Step, moves: int, picture: str) -> str:
    """One step as a section of the page; only step 0 is shown before the script runs.

    ``picture`` is the SVG written in the section: step 0's, so that the page shows the start
    without its script; for the other steps it is empty, and the script fills it in.
    """
    heading = "The start" if step.move is None else f"Move {step.number}"
    played = "set-up" if step.move is None else step.move
    events = "".join(f"<li>{escape(line)}</li>" for line in step.events)
    events = events or '<li class="none">nothing else happened</li>'
    scores = "".join(
        f'<tr><th scope="row">seat {seat}</th><td>{points}</td></tr>'
        for seat, points in enumerate(step.scores)
    )
    hidden = "" if step.number == 0 else " hidden"
    return f"""<section class="step" id="step-{step.number}" data-step="{step.number}"{hidden}>
<figure class="picture">{picture}</figure>
<div class="about">
<h2>{heading} <small>of {moves}</small></h2>
<p class="move">{escape(played)}</p>
<p class="turn">{escape(step.turn)} <small>(round {step.round})</small></p>
<ol class="events">{events}</ol>
<table class="scores"><caption>scores</caption>{scores}</table>
</div>
</section>"""


# A picture cut into its tags, each with the text that follows it: joined, they are the picture.
_TAGS = re.compile(r"<[^>]*>[^<]*|[^<]+|<")

# A step that shares at least this many tags in a row with the step before refers to them.
_SHORTEST_COPY = 2


class _Pictures:
    """The pictures of a page's steps, stored so that the page grows gently with the game.

    Each picture is cut into tags; every distinct tag is kept once, by number, and a step is
    kept as the changes from the step before: a number for a tag, or ``-(start + 1), length``
    for that many tags of the step before, from ``start``. Consecutive pictures of a game share
    nearly all their tags, so a step costs a few numbers rather than a whole picture. The
    referee's pictures, on a page of no seat, are a second such list sharing the tags.
    """

    def __init__(self) -> None:
        self._numbers: dict[str, int] = {}
        self._previous: dict[str, list[int]] = {}
        self._changes: dict[str, list[list[int]]] = {"steps": []}
        self.has_referee = False

    def add(self, step: Step) -> str:
        """Keep the next step's pictures; return what its section holds (step 0's picture).

        Step 0's section holds the picture the page shows first: the referee's, if any.
        """
        self._add("steps", step.picture)
        if step.referee is not None:
            self.has_referee = True
            self._add("referee", step.referee)
        if len(self._changes["steps"]) > 1:
            return ""
        return step.picture if step.referee is None else step.referee

    def _add(self, stream: str, picture: str) -> None:
        tags = [self._numbers.setdefault(tag, len(self._numbers)) for tag in _TAGS.findall(picture)]
        self._changes.setdefault(stream, []).append(_changes(self._previous.get(stream, []), tags))
        self._previous[stream] = tags

    def json(self) -> str:
        """The tags and the steps' changes, as JSON that can sit in a script element."""
        data = {"tags": list(self._numbers), **self._changes}
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
        # Only a tag's text can hold these; escaped, no "</script>" can end the element.
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _changes(previous: Sequence[int], current: Sequence[int]) -> list[int]:
    """``current`` as changes from ``previous`` (see `_Pictures`), found in one pass.

    A run of tags is looked for where the last one left off, then where the tag first occurs
    in ``previous``; it is not the shortest edit, but it is found in time in step with the
    picture, and the pictures of a game change little from one step to the next.
    """
    first: dict[int, int] = {}
    for position, tag in enumerate(previous):
        first.setdefault(tag, position)
    changes: list[int] = []
    index, expected = 0, 0
    while index < len(current):
        start = expected
        if not (start < len(previous) and previous[start] == current[index]):
            start = first.get(current[index], -1)
        length = 0
        if start >= 0:
            while (
                index + length < len(current)
                and start + length < len(previous)
                and previous[start + length] == current[index + length]
            ):
                length += 1
        if length >= _SHORTEST_COPY:
            changes += [-(start + 1), length]
            index += length
            expected = start + length
        else:
            changes.append(current[index])
            index += 1
            expected += 1
    return changes


def _script_hash(script: str) -> str:
    """The page's script as its content security policy names it, by hash."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


_STYLE = """
:root { color-scheme: light dark; --ink: #222; --paper: #fbfaf6; --line: #d8d3c4;
  --accent: #d7263d; --muted: #6b665c; --card: #ffffff; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #eceae4; --paper: #1d1c1a; --line: #3d3a35; --muted: #a39d91; --card: #272522; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; background: var(--paper);
  color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { margin: 0; font-size: 1.6rem; }
h2 { margin: 0 0 .5rem; font-size: 1.25rem; }
h2 small, .turn small { color: var(--muted); font-weight: normal; }
.facts { margin: .25rem 0 1rem; color: var(--muted); }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem;
  position: sticky; top: 0; padding: .5rem 0; background: var(--paper); }
button { font: inherit; padding: .35rem .8rem; border: 1px solid var(--line);
  border-radius: .4rem; background: var(--card); color: var(--ink); cursor: pointer; }
button:hover:not(:disabled) { border-color: var(--accent); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button:disabled { opacity: .4; cursor: default; }
#counter { min-width: 9rem; text-align: center; font-variant-numeric: tabular-nums;
  font-weight: 600; }
.step { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.step[hidden] { display: none; }
.picture { margin: 0; padding: .5rem; background: var(--card); border: 1px solid var(--line);
  border-radius: .5rem; max-width: 100%; overflow-x: auto; }
.picture svg { display: block; max-width: 100%; height: auto; }
.picture svg text { white-space: pre; }
.about { flex: 1 1 18rem; }
.move { font-size: 1.15rem; font-weight: 600; margin: 0 0 .25rem; }
.turn { margin: 0 0 .75rem; }
.events { margin: 0 0 1rem; padding-left: 1.4rem; }
.events .none { list-style: none; margin-left: -1.4rem; color: var(--muted); }
.scores { border-collapse: collapse; }
.scores caption { text-align: left; color: var(--muted); font-size: .9rem; }
.scores th, .scores td { padding: .15rem .9rem .15rem 0; text-align: left;
  font-variant-numeric: tabular-nums; border-bottom: 1px solid var(--line); }
.views { display: inline-flex; flex-wrap: wrap; align-items: center; gap: .6rem;
  margin-left: auto; }
.views label { cursor: pointer; }
#view-shown { color: var(--muted); font-size: .9rem; }
footer { margin-top: 2rem; color: var(--muted); font-size: .9rem; }
kbd { border: 1px solid var(--line); border-radius: .25rem; padding: 0 .3rem;
  font: .85rem ui-monospace, monospace; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var steps = document.querySelectorAll("section.step");
  var last = steps.length - 1;
  var counter = document.getElementById("counter");
  var buttons = {
    first: document.getElementById("first"),
    previous: document.getElementById("previous"),
    next: document.getElementById("next"),
    last: document.getElementById("last")
  };
  var current = 0;
  var pictures = JSON.parse(document.getElementById("pictures").textContent);
  var EVERY = 64;  // the tags of every 64th step are kept, to go back without starting over
  var switches = document.querySelectorAll("input[name=view]");
  var shownView = document.getElementById("view-shown");
  var VIEWS = {
    referee: "showing the referee's view: every hand face up",
    spectator: "showing a spectator's view: every hidden piece face down"
  };
  var first = pictures.referee ? "referee" : "steps";
  var view = first;
  var streams = {};

  // A step's tags from the tags of the step before and its changes (see _Pictures).
  function decode(previous, changes) {
    var tags = [];
    for (var i = 0; i < changes.length; i++) {
      if (changes[i] >= 0) {
        tags.push(changes[i]);
      } else {
        var start = -changes[i] - 1;
        var length = changes[++i];
        for (var j = 0; j < length; j++) { tags.push(previous[start + j]); }
      }
    }
    return tags;
  }

  // The pictures of one view: "steps" (the page's seat, or a spectator's) or "referee".
  function stream(name) {
    if (!streams[name]) {
      var changes = pictures[name];
      var start = decode([], changes[0]);
      streams[name] = {changes: changes, kept: [start], furthest: 0,
        recent: {number: 0, tags: start}};
    }
    return streams[name];
  }

  function tagsAt(at, number) {
    var from = at.recent.number <= number ? at.recent : null;
    var nearest = Math.floor(Math.min(number, at.furthest) / EVERY);
    if (from === null || nearest * EVERY > from.number) {
      from = {number: nearest * EVERY, tags: at.kept[nearest]};
    }
    var tags = from.tags;
    for (var step = from.number + 1; step <= number; step++) {
      tags = decode(tags, at.changes[step]);
      if (step % EVERY === 0) { at.kept[step / EVERY] = tags; }
    }
    at.furthest = Math.max(at.furthest, number);
    at.recent = {number: number, tags: tags};
    return tags;
  }

  function picture(number) {
    return tagsAt(stream(view), number).map(function (tag) {
      return pictures.tags[tag];
    }).join("");
  }

  function address(number) {
    return "#" + number + (view === first ? "" : "/spectator");
  }

  function show(number) {
    number = Math.max(0, Math.min(last, number));
    steps[current].hidden = true;
    if (current !== number) {
      steps[current].querySelector(".picture").innerHTML = "";
    }
    steps[number].querySelector(".picture").innerHTML = picture(number);
    steps[number].hidden = false;
    current = number;
    counter.textContent = "move " + number + " of " + last;
    buttons.first.disabled = buttons.previous.disabled = number === 0;
    buttons.next.disabled = buttons.last.disabled = number === last;
    if (location.hash !== address(number)) {
      location.replace(address(number));
    }
  }

  function choose(name) {
    view = name === "spectator" || !pictures.referee ? "steps" : "referee";
    for (var i = 0; i < switches.length; i++) {
      switches[i].checked = switches[i].value === (view === "steps" ? "spectator" : "referee");
    }
    if (shownView) {
      shownView.textContent = VIEWS[view === "steps" ? "spectator" : "referee"];
    }
  }

  function fromHash() {
    var match = /^#(\\d+)(?:\\/(spectator|referee))?$/.exec(location.hash);
    return match ? {number: parseInt(match[1], 10), view: match[2] || "referee"}
      : {number: 0, view: "referee"};
  }

  buttons.first.addEventListener("click", function () { show(0); });
  buttons.previous.addEventListener("click", function () { show(current - 1); });
  buttons.next.addEventListener("click", function () { show(current + 1); });
  buttons.last.addEventListener("click", function () { show(last); });
  for (var i = 0; i < switches.length; i++) {
    switches[i].addEventListener("change", function (event) {
      choose(event.target.value);
      show(current);
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var moves = {
      ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last
    };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    } else if ((event.key === "v" || event.key === "V") && pictures.referee) {
      event.preventDefault();
      choose(view === "referee" ? "spectator" : "referee");
      show(current);
    }
  });
  window.addEventListener("hashchange", function () {
    var wanted = fromHash();
    if (wanted.number !== current || address(wanted.number) !== location.hash) {
      choose(wanted.view);
      show(wanted.number);
    }
  });
  var opened = fromHash();
  choose(opened.view);
  show(opened.number);
})();
"""


# -- writing a page ------------------------------------------------------------------------------


def check_page_path(
    page: str | Path, *, force: bool = False, record: str | Path | None = None
) -> Path:
    """Where a page is to be written, checked before any work is done.

    Args:
        page: The page's file.
        force: Replace a file already there.
        record: The record the page is made from, which the page may never replace.

    Raises:
        UnodiceError: ``page`` is a folder, its folder does not exist or cannot be written
            in, it is the record itself, or it exists and ``force`` is not given.
    """
    path = Path(page)
    name = brief(str(path))
    if path.is_dir():
        raise UnodiceError(f"{name} is a folder; name the page's file, such as game.html")
    folder = path.parent
    if not folder.is_dir():
        raise UnodiceError(f"cannot write {name}: the folder {brief(str(folder))} does not exist")
    if path.exists():
        if record is not None and Path(record).exists() and path.samefile(record):
            raise UnodiceError(f"{name} is the record itself; write the page to another file")
        if not force:
            raise UnodiceError(f"{name} exists; use --force (force=True) to replace it")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UnodiceError(f"cannot write {name}: the folder {brief(str(folder))} is not writable")
    return path


def write_replay_page(
    record: str | Path,
    page: str | Path,
    seat: int | None = None,
    *,
    force: bool = False,
    allow_scripted: bool = False,
    registry: Registry | None = None,
) -> Path:
    """Read a record file, replay it, and write its replay page; return the page's path.

    Where the page goes is checked first, so that a bad path costs no replay.

    Args:
        record: The record file.
        page: The file to write the page to.
        seat: Whose eyes the page shows (see
            [`replay_page`][unodice.records.replay_page.replay_page]).
        force: Replace a file already at ``page``.
        allow_scripted: Accept a scripted record (see [`replay`][unodice.records.record.replay]).
        registry: Where to look up the variant (default: every installed plugin).

    Raises:
        UnodiceError: The page's path is refused: it is a folder, its folder does not exist
            or cannot be written in, it is the record itself, or it exists and ``force`` is
            not given.
        InvalidRecord: The record cannot be read or does not replay.
        InvalidOptions: ``seat`` is not a seat of the game.
        OSError: The record cannot be read or the page cannot be written.
    """
    path = check_page_path(page, force=force, record=record)
    data = read_record(record)
    moves = data.get("moves") if isinstance(data, Mapping) else None
    if isinstance(moves, list):  # anything else is refused by replay
        _check_length(len(moves))  # before the long work of replaying it
    game = replay(data, registry, allow_scripted=allow_scripted)
    html = replay_page(game, seat, registry=registry)
    # Without force, "x" refuses a file that appeared since the check.
    with path.open("w" if force else "x", encoding="utf-8") as stream:
        stream.write(html)
    return path
