"""The game at the terminal: ``unodice play``, between bots or with people at the keyboard.

A person at a seat is asked for each of her decisions: the position is drawn once, the legal
moves are listed with a number (each choice once, and the points it scores where the variant
can say), and she answers with a number, a move's notation or a command (``help``, ``moves``,
``board``, ``undo``, ``quit``); ``help`` shows the variant's legend. At a terminal the answer
can be edited and recalled with the arrow keys. Whatever is printed is what her seat may see
(see ``Eyes``). A bot's move takes one line, unless ``--verbose`` or ``--brief`` asks for more.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar, TypeVarTuple

from unodice.core import capabilities
from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import GameEnded, Move, MovePlayed, RoundEnded, RoundStarted
from unodice.core.pieces import Die, Domino
from unodice.core.setup import new_game
from unodice.core.variant import View
from unodice.play.agents import (
    Agent,
    SignalWatch,
    agent_failed,
    agent_method,
    ask_agent,
    call_agent,
    choose_method,
    describe,
    events_for_seat,
    game_agent_seed,
    make_agent,
    resolve_choice,
)
from unodice.records.record import save
from unodice.testing import hidden_from, pieces_in

__all__ = [
    "ANSWER_LIMIT",
    "Eyes",
    "HumanAgent",
    "Session",
    "ask",
    "check_save_path",
    "count",
    "run_play",
    "show_events",
    "show_result",
]

_T = TypeVar("_T")
_Args = TypeVarTuple("_Args")

ANSWER_LIMIT = 10_000
"""The longest answer read at the terminal as a move; longer ones are refused unread."""
EXAMPLES_PER_KIND = 3
"""How many of the legal moves of each kind ``help`` shows as examples."""
COMMANDS = ("help", "moves", "board", "undo", "quit")
"""The words a person may type instead of a move (``?`` is ``help``; ``q``, ``exit`` quit)."""
FIRST_PROMPT = "seat {seat} (a move, a number from the list, or help)> "
"""The prompt of the first decision at the terminal: it says what to type."""
PROMPT = "seat {seat}> "
"""The prompt of every decision after the first."""
LEGEND_WIDTH = 78
"""The width ``help`` wraps the variant's legend to."""


def count(number: int, noun: str) -> str:
    """``1 move``, ``2 moves``: a number and a noun that agrees with it (plural with an s)."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def ask(game: Game, during: str, method: Callable[[*_Args], _T], *args: *_Args) -> _T:
    """Call one of the variant's methods for the command line, naming its plugin on a crash.

    The game does the same for the calls it makes itself (see ``Game``); an exception that is
    not a library error keeps its type and gains a note, which the one-line message shows.
    """
    try:
        return method(*args)
    except Exception as error:
        if not isinstance(error, UnodiceError):
            error.add_note(
                f"raised by variant {game.variant.name!r} of plugin {game.plugin!r}, {during}"
            )
        raise


# -- the file the record goes to -----------------------------------------------------------------


def check_save_path(path: str, force: bool) -> None:
    """Refuse a ``--save`` file that could not be written, before any move is played.

    Raises:
        InvalidOptions: The folder does not exist or cannot be written to, the path is a
            folder, or the file exists and ``force`` is not given.
    """
    target = Path(path)
    folder = target.parent
    where = f"--save {brief(path)}"
    if target.is_dir():
        raise InvalidOptions(f"{where}: that is a folder; name a file inside it")
    if not folder.is_dir():
        raise InvalidOptions(f"{where}: there is no folder {brief(str(folder))}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InvalidOptions(f"{where}: the folder {brief(str(folder))} cannot be written to")
    if target.exists() and not force:
        raise InvalidOptions(f"{where}: the file exists; add --force to overwrite it")


# -- what the terminal shows ---------------------------------------------------------------------


class Eyes:
    """Whose eyes the terminal shows the game through while people play at it.

    Without a person playing it shows everything. With one, every position is rendered
    from her seat, and an event that names a piece she has not seen and another seat now holds
    hidden (a tile a bot drew, in a variant whose events named it) is printed as one redacted
    line. With several, the seat is that of the person who played last (the first ``--human``
    seat before anyone has): they share one terminal, but none of them sees the bots' pieces.
    """

    def __init__(self, game: Game, humans: Sequence[int], seat: int | None = None):
        self._game = game
        self._humans = frozenset(humans)
        self.seat: int | None = seat if seat is not None else (humans[0] if humans else None)
        # The pieces the seat could not see before the move, by id; None: before the first move.
        self._unseen: dict[int, Die | Domino] | None = None

    def before(self, mover: int) -> None:
        """Note what the seat cannot see before ``mover`` plays (and follow a person's turn)."""
        if self.seat is None:
            return
        if mover in self._humans:
            self.seat = mover
        game = self._game
        pieces = ask(game, "in hidden_pieces", hidden_from, game, self.seat)
        self._unseen = {piece.id: piece for piece in pieces}

    def show(
        self, events: Sequence[Any], out: TextIO, *, compact: bool = False, note: str = ""
    ) -> None:
        """Print events as the seat is told of them, one line each, redacting secrets.

        With a seat, each event is the seat's view of it (``event_for_seat``), and an event
        that still names another seat's secret is redacted. When a round ended and the next
        began during these events, the pieces of the round that ended are no secret any more
        (the next round deals afresh): only the events of the new round are checked, against
        everything the seat cannot see in it. Then the tiles new in the seat's own hand are
        named (a tile she drew, which the public events do not name).

        Args:
            events: The events of a move (or of the deal).
            out: Where to print.
            compact: Only the move's line (with ``note`` after it), the rounds' starts and
                ends, the end of the game, and the events whose line names a person's seat
                (she loses her turn, she draws): a bot's move in one line, unless it did
                something to her.
            note: Added to the move's line (the points the move scored, say).
        """
        game = self._game
        if self.seat is not None:
            events = events_for_seat(game.variant, tuple(events), self.seat)
        starts = [index for index, event in enumerate(events) if isinstance(event, RoundStarted)]
        checked_from = starts[-1] if starts else 0
        secret, yours = self._secrets(new_round=bool(starts))
        for index, event in enumerate(events):
            redacted = (
                secret
                and index >= checked_from
                and any(piece.id in secret for piece in pieces_in(event))
            )
            if isinstance(event, MovePlayed):
                move = f"(a move hidden from seat {self.seat})" if redacted else f"{event.move}"
                print(f"seat {event.seat}: {move}{note}", file=out)
                continue
            if redacted:
                if not compact:
                    print(f"    ({event.kind}: hidden from seat {self.seat})", file=out)
                continue
            line = ask(game, "in describe", capabilities.describe, game.variant, event)
            kept = isinstance(event, RoundStarted | RoundEnded | GameEnded)
            if compact and not (kept or self._names_a_person(line)):
                continue
            print(f"    {line}", file=out)
        if yours:
            tiles = ", ".join(tile.code for tile in yours)
            print(f"    new in your hand (seat {self.seat}): {tiles}", file=out)

    def _names_a_person(self, line: str) -> bool:
        """Whether an event's line names a seat a person plays ("seat 0 loses her turn")."""
        return any(re.search(rf"\bseat {seat}\b", line) for seat in self._humans)

    def _hidden(self, seat: int) -> frozenset[int]:
        game = self._game
        pieces = ask(game, "in hidden_pieces", hidden_from, game, seat)
        return frozenset(piece.id for piece in pieces)

    def _secrets(self, new_round: bool) -> tuple[frozenset[int], list[Domino]]:
        """What the seat may not be shown, and the tiles that came into her hand.

        The secrets: pieces the seat did not see before the move, cannot see now, and another
        seat can (in a new round, every piece the seat cannot see and another seat can). Her
        new tiles: tiles she did not see before the move, sees now, and no other seat sees
        (none in a new round: the position at her turn shows the new deal). A die is left out:
        it is its rolled face, not the piece, that the events and the position show.
        """
        if self.seat is None or self._game.is_over:
            return frozenset(), []
        hidden = self._hidden(self.seat)
        others = [self._hidden(other) for other in range(self._game.players) if other != self.seat]
        secret = hidden - hidden.intersection(*others)
        if new_round or self._unseen is None or not others:
            return secret, []
        hidden_from_others = others[0].intersection(*others[1:])
        yours = [
            piece
            for id, piece in self._unseen.items()
            if isinstance(piece, Domino) and id not in hidden and id in hidden_from_others
        ]
        return secret & self._unseen.keys(), yours


def show_events(game: Game, events: Sequence[Any], out: TextIO) -> None:
    """Print events as they are, for a game shown in full (a replay)."""
    Eyes(game, ()).show(events, out)


def show_result(game: Game, out: TextIO) -> None:
    """Print the scores, best first, and mark the winners."""
    ranking = sorted(range(game.players), key=lambda s: (-game.scores[s], s))
    print("result:", file=out)
    for seat in ranking:
        mark = "  winner" if seat in game.winners else ""
        print(f"  seat {seat}: {game.scores[seat]}{mark}", file=out)


# -- the session: the game, its agents, and how to take moves back --------------------------------


class _Quit(Exception):
    """The person at the terminal asked to end the game."""


class _Undo(Exception):
    """The person at the terminal asked to take her last move back."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class Session:
    """The game being played, the agent at each seat, and how to set both up again.

    Taking moves back sets the game up afresh from the same seed and plays the moves kept, with
    new agents made as the first ones were (the same seeds): each bot is asked again at each of
    its decisions, so it is where it was, and it answers a different move as it would have.

    Args:
        setup: Makes the game as it was before any move (the same seed each time).
        seat_agents: Makes the agents, one a seat, for this session.
        name_of: What an error calls the agent at a seat (the name it was asked for by).
    """

    def __init__(
        self,
        setup: Callable[[], Game],
        seat_agents: Callable[[Session], Sequence[Agent]],
        name_of: Callable[[int], str] = str,
    ):
        self._setup = setup
        self._seat_agents = seat_agents
        self._name_of = name_of
        self.game = setup()
        self.agents: Sequence[Agent] = ()
        self._observers: list[tuple[int, Any]] = []
        self.prompted = False
        """Whether a person has been asked once: the first prompt says what to type."""
        self._start_agents()

    def _start_agents(self) -> None:
        """Make the agents; start those that have ``start``, and tell observers the deal."""
        game = self.game
        self.agents = self._seat_agents(self)
        self._observers = []
        labels = self.labels()
        with SignalWatch() as watch:
            for seat, agent in enumerate(self.agents):
                start = agent_method(game, labels, seat, watch, agent, "start")
                if start is not None:
                    call_agent(game, labels, seat, watch, "in start", start, seat, game.view(seat))
                observe = agent_method(game, labels, seat, watch, agent, "observe")
                if observe is not None:
                    self._observers.append((seat, observe))
                    call_agent(
                        game,
                        labels,
                        seat,
                        watch,
                        "in observe",
                        observe,
                        events_for_seat(game.variant, tuple(game.events), seat),
                    )

    def labels(self) -> list[str]:
        """What errors call the agents, seat by seat."""
        return [self._name_of(seat) for seat in range(len(self.agents))]

    def play(self, move: Move) -> tuple[Any, ...]:
        """Play ``move`` and tell the observing agents what their seats saw of it.

        Raises:
            AgentError: An agent failed while it was told (anything it raised).
        """
        game = self.game
        events = game.play(move)
        if self._observers:
            labels = self.labels()
            with SignalWatch() as watch:
                for seat, observe in self._observers:
                    call_agent(
                        game,
                        labels,
                        seat,
                        watch,
                        "in observe",
                        observe,
                        events_for_seat(game.variant, events, seat),
                    )
        return events

    def movers(self) -> list[int]:
        """The seat that played each move so far, in order."""
        return [event.seat for event in self.game.events if isinstance(event, MovePlayed)]

    def last_move_of(self, seat: int) -> int | None:
        """The index of the last move ``seat`` played, or ``None`` if it played none."""
        movers = self.movers()
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] == seat:
                return index
        return None

    def rewind(self, moves: int) -> None:
        """Go back to the position after the first ``moves`` moves, agents and all."""
        kept = self.game.moves[:moves]
        self.game = self._setup()
        self._start_agents()
        humans = {seat for seat, agent in enumerate(self.agents) if isinstance(agent, HumanAgent)}
        for move in kept:
            seat = self.game.to_act
            assert seat is not None
            if seat not in humans:
                # Asked again so that a seeded bot draws what it drew before; the move kept is
                # the one it chose then, whatever it answers now.
                self.agents[seat].choose(self.game.view(seat), self.game.legal_moves())
            self.play(move)


# -- a person at a seat --------------------------------------------------------------------------


class HumanAgent:
    """A person choosing moves at the terminal, by number, by notation, or with a command.

    Args:
        session: The session she plays in (for the position, and to know what ``undo`` can do).
        colour: Colour the position.
        read: Asks for one line with a prompt (``input``).
        out: Where the moves and the answers to her commands are printed.
    """

    def __init__(self, session: Session, colour: bool, read: Callable[[str], str], out: TextIO):
        self._session = session
        self._colour = colour
        self._read = read
        self._out = out

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """List the legal moves, and ask until a legal one is given.

        Raises:
            _Quit: She typed ``quit``.
            _Undo: She typed ``undo`` and has a move to take back.
        """
        choices = self._choices(moves)
        self._list(view, choices)
        while True:
            prompt = PROMPT if self._session.prompted else FIRST_PROMPT
            self._session.prompted = True
            answer = self._read(prompt.format(seat=view.seat)).strip()
            move = self._answer(answer, view, moves, choices)
            if move is not None:
                return move

    def _choices(self, moves: Sequence[Move]) -> list[tuple[str, Move]]:
        """The distinct choices among ``moves``: each as the variant describes it, once.

        Moves the variant describes alike are one choice (see ``Text.describe_move``): the
        first of them stands for all, and the others' notation is still accepted.
        """
        game = self._session.game
        chosen: dict[str, Move] = {}
        for move in moves:
            text = ask(
                game,
                "in describe_move",
                capabilities.describe_move,
                game.variant,
                game.state,
                move,
            )
            chosen.setdefault(text, move)
        return list(chosen.items())

    def _answer(
        self, answer: str, view: View, moves: Sequence[Move], choices: Sequence[tuple[str, Move]]
    ) -> Move | None:
        """The move ``answer`` chooses; ``None`` when it was a command or needs asking again."""
        out = self._out
        if not answer:
            return None
        if len(answer) > ANSWER_LIMIT:
            print(
                f"  that is {len(answer)} characters long: no move's notation is; type a "
                "move's number or its notation",
                file=out,
            )
            return None
        command = answer.lower()
        if command in ("?", "help"):
            self._help([move for _, move in choices])
        elif command == "moves":
            self._list(view, choices)
        elif command == "board":
            print(self._session.game.render(view.seat, self._colour), file=out)
        elif command == "undo":
            self._undo(view.seat)
        elif command in ("q", "quit", "exit"):
            raise _Quit
        # A move's number, in the digits 0-9 (not "٤"); a longer number is read as notation
        # (no int of 5,000 digits).
        elif answer.isascii() and answer.isdecimal() and len(answer) <= 6:
            return self._numbered(int(answer), moves, choices)
        else:
            return self._notation(answer, moves)
        return None

    def _numbered(
        self, number: int, moves: Sequence[Move], choices: Sequence[tuple[str, Move]]
    ) -> Move | None:
        if 1 <= number <= len(choices):
            return choices[number - 1][1]
        # A variant may write a move as digits: take one that is legal before refusing.
        by_text = {str(move): move for move in moves}
        if str(number) in by_text:
            return by_text[str(number)]
        verb = "is" if len(choices) == 1 else "are"
        print(
            f"  there {verb} {count(len(choices), 'move')}; {number} is not one of them",
            file=self._out,
        )
        return None

    def _notation(self, answer: str, moves: Sequence[Move]) -> Move | None:
        game = self._session.game
        by_text = {str(move): move for move in moves}
        if answer in by_text:
            return by_text[answer]
        try:
            parsed: Move = ask(game, "in parse_move", game.variant.parse_move, answer)
        except UnodiceError as error:
            print(f"  {error}", file=self._out)
            return None
        if parsed in moves:
            return parsed
        refusal = ask(game, "in explain_illegal", game.variant.explain_illegal, game.state, parsed)
        print(f"  {refusal}", file=self._out)
        return None

    def _list(self, view: View, choices: Sequence[tuple[str, Move]]) -> None:
        """Print the choices, numbered, each with the points it scores when the variant says."""
        game = self._session.game
        width = max(len(text) for text, _ in choices)
        for number, (text, move) in enumerate(choices, 1):
            points = move_points(game, move, view.seat)
            shown = text if not points else f"{text:<{width}}  ({points})"
            print(f"  {number:>3}. {shown}", file=self._out)

    def _help(self, moves: Sequence[Move]) -> None:
        out = self._out
        game = self._session.game
        legend = ask(game, "in legend", capabilities.legend, game.variant)
        if legend:
            print(f"  what the letters mean ({game.variant.name}):", file=out)
            for line in legend.splitlines():
                indent = "    " + " " * (len(line) - len(line.lstrip()))
                wrapped = textwrap.wrap(
                    line.strip(),
                    LEGEND_WIDTH,
                    initial_indent=indent,
                    subsequent_indent=indent + "  ",
                    break_on_hyphens=False,
                )
                print("\n".join(wrapped), file=out)
        else:
            print(f"  how moves are written: {_notation_help(game)}", file=out)
        print("  for example, of the moves you have now:", file=out)
        for kind, examples in _examples(moves).items():
            print(f"    {kind}: {', '.join(map(str, examples))}", file=out)
        if isinstance(game.variant, capabilities.Reference):
            print(
                "  a number in brackets after a move is the points it scores at once, for you "
                "unless it names a seat",
                file=out,
            )
        print(
            f"  type a move's number (1 to {len(moves)}) or its notation, or a command:\n"
            "    moves   list the moves again\n"
            "    board   draw the position again\n"
            "    undo    take back your last move, and the other seats' moves after it\n"
            "    help    show this (also ?)\n"
            "    quit    end the game here (with --save, the record so far is written)",
            file=out,
        )

    def _undo(self, seat: int) -> None:
        if self._session.last_move_of(seat) is None:
            print("  nothing to undo: you have not moved yet", file=self._out)
            return
        raise _Undo(seat)


def move_points(game: Game, move: Move, seat: int) -> str:
    """The points ``move`` scores at once, as the list of moves shows them; ``""`` for none.

    Read from the variant's [`Reference`][unodice.core.capabilities.Reference] (the points a
    move scores by itself, ``reference_move_points``): ``+40 points`` for ``seat``'s own,
    ``seat 1 +20`` for another seat's. Nothing is shown for a variant without it, or when a
    house rule is in force (it may change what a move scores): a bot's measure of a move
    (``gain``) is not points, and is never shown.
    """
    variant = game.variant
    if game.house_rules or not isinstance(variant, capabilities.Reference):
        return ""
    points = ask(game, "in reference_move_points", variant.reference_move_points, game.state, move)
    parts = []
    for scorer, scored in enumerate(points):
        if not scored:
            continue
        noun = "point" if abs(scored) == 1 else "points"
        parts.append(f"{scored:+d} {noun}" if scorer == seat else f"seat {scorer} {scored:+d}")
    return ", ".join(parts)


def score_changes(before: Sequence[int], after: Sequence[int]) -> str:
    """`` (seat 1 scores 40)``: what a move changed in the scores, for a bot's one line."""
    changed = [
        f"seat {seat} scores {after[seat] - was}"
        for seat, was in enumerate(before)
        if after[seat] != was
    ]
    return f"  ({', '.join(changed)})" if changed else ""


def _notation_help(game: Game) -> str:
    """What the variant says its notation looks like.

    A variant's ``parse_move`` answers text it cannot read with what its moves look like: the
    help asks it about an empty answer, and leaves out the "cannot read" that opens the reply.
    """
    try:
        ask(game, "in parse_move", game.variant.parse_move, "")
    except UnodiceError as error:
        reason = str(getattr(error, "reason", error))
        return re.sub(r"^cannot read the move\s*[:;,]?\s*", "", reason)
    return "the moves listed, as they are written there"


def _examples(moves: Sequence[Move]) -> dict[str, list[Move]]:
    """A few moves of each kind, spread over the list (its first, middle and last, say)."""
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    examples = {}
    for kind, group in by_kind.items():
        if len(group) <= EXAMPLES_PER_KIND:
            examples[kind] = group
        else:
            last = len(group) - 1
            picks = sorted(
                {round(i * last / (EXAMPLES_PER_KIND - 1)) for i in range(EXAMPLES_PER_KIND)}
            )
            examples[kind] = [group[i] for i in picks]
    return examples


def _line_editing(moves_now: Callable[[], Sequence[str]]) -> None:
    """Edit answers with the arrow keys, recall earlier ones, and complete moves with Tab.

    Only for a terminal: ``readline`` is imported here, when a person types at one, so that
    piped answers are read as they are.
    """
    try:
        import readline
    except ImportError:  # not on every system: plain input still works
        return

    def complete(text: str, state: int) -> str | None:
        words = [*COMMANDS, *moves_now()]
        matches = [word for word in words if word.startswith(text)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims("")  # complete the whole answer: notation has spaces
    readline.set_completer(complete)
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")


# -- the play command ----------------------------------------------------------------------------


def _bots(args: argparse.Namespace) -> list[str]:
    names = [name.strip() for name in args.agents.split(",") if name.strip()]
    if not names:
        raise InvalidOptions("--agents needs at least one agent name")
    return names


def _check_seats(humans: Sequence[int], players: int) -> None:
    for seat in humans:
        if not 0 <= seat < players:
            raise InvalidOptions(f"--human {brief(seat)}: seats are 0 to {players - 1}")


def run_play(args: argparse.Namespace, out: TextIO, colour: bool) -> int:
    """Play one game as ``args`` ask (see the ``play`` command); return the exit status."""
    if args.save:
        check_save_path(args.save, args.force)
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    names = _bots(args)
    humans = list(dict.fromkeys(args.human))
    seed = args.seed

    def setup() -> Game:
        # The first set-up draws the seed when none is given; setting the game up again to
        # take moves back uses the same one, and so the same chance.
        nonlocal seed
        game = new_game(
            args.variant,
            args.players,
            seed,
            options or None,
            args.house_rule,
            position=args.position,
        )
        seed = game.seed
        return game

    def seat_agents(session: Session) -> list[Agent]:
        game = session.game
        _check_seats(humans, game.players)
        agents: list[Agent] = []
        for seat in range(game.players):
            if seat in humans:
                agents.append(HumanAgent(session, colour, input, out))
            else:
                # Seeded from the game's seed (drawn at random when none is given), so that
                # the same command plays the same game, and a bot asked again answers again;
                # one way only, so that a bot cannot work the game's seed out of its own.
                bot_seed = None if game.seed is None else game_agent_seed(game.seed, seat)
                agents.append(
                    make_agent(names[seat % len(names)], bot_seed, variant=game.variant.name)
                )
        return agents

    def name_of(seat: int) -> str:
        return "you" if seat in humans else names[seat % len(names)]

    session = Session(setup, seat_agents, name_of)
    if humans and sys.stdin is not None and sys.stdin.isatty():
        _line_editing(lambda: [str(move) for move in session.game.legal_moves()])
    return _GameAtTheTerminal(session, humans, args, colour, out).play()


class _GameAtTheTerminal:
    """The play loop: positions, moves and events as the options ask, then the result.

    By default a position is drawn before each person's decision, her moves are followed by
    the events they caused, and each bot's move takes one line (with what it scored; the
    rounds' starts and ends and the end of the game have a line each); the final position and
    the result end the game. ``--verbose`` draws the position before every decision and prints
    every event; ``--brief`` prints every event and draws the position only for a person;
    ``--quiet`` prints only the result (and what a person needs at her turn).
    """

    def __init__(
        self,
        session: Session,
        humans: Sequence[int],
        args: argparse.Namespace,
        colour: bool,
        out: TextIO,
    ):
        self._session = session
        self._humans = humans
        self._args = args
        self._colour = colour
        self._out = out
        self._eyes = Eyes(session.game, humans)
        # Given by the command line; a namespace made without it shows the default.
        self._verbose = bool(getattr(args, "verbose", False)) and not (args.brief or args.quiet)

    def play(self) -> int:
        """Play to the end, or until a person quits or the input ends; the exit status."""
        session, args, out = self._session, self._args, self._out
        self._header()
        try:
            while not session.game.is_over:
                self._decide()
        except (KeyboardInterrupt, EOFError, _Quit) as stop:
            print("\ngame abandoned", file=out)
            self._save()
            if isinstance(stop, KeyboardInterrupt):
                raise
            return 0 if isinstance(stop, _Quit) else 1
        if self._humans and not (args.brief or args.quiet):
            print("final position (the game is over: every hand is shown):", file=out)
            print(session.game.render(None, self._colour), file=out)
        elif not (args.brief or args.quiet):
            print(session.game.render(None, self._colour), file=out)
        show_result(session.game, out)
        self._save()
        return 0

    def _header(self) -> None:
        game, humans, out = self._session.game, self._humans, self._out
        if self._args.quiet:
            return
        if humans:
            # The seed fixes every deal and draw: a person who saw it could work out every
            # hidden piece. It stays in the record that --save writes.
            seats = ("seat " if len(humans) == 1 else "seats ") + " and ".join(map(str, humans))
            print(
                f"{game.variant.title}: {count(game.players, 'player')}; you play {seats}", file=out
            )
        else:
            print(
                f"{game.variant.title}: {count(game.players, 'player')}, seed {game.seed}", file=out
            )
        self._eyes.show(game.events, out)

    def _decide(self) -> None:
        """One decision: the position, the seat's choice, and the events it causes."""
        session, args, out = self._session, self._args, self._out
        game = session.game
        seat = game.to_act
        assert seat is not None
        person = seat in self._humans
        if person or self._verbose:
            print(game.render(seat if person else self._eyes.seat, self._colour), file=out)
        if not person:
            move = self._bot_move(seat)
        else:
            try:
                move = session.agents[seat].choose(game.view(seat), game.legal_moves())
            except _Undo as undo:
                self._take_back(undo.seat)
                return
        self._eyes.before(seat)
        scores = list(game.scores)
        events = session.play(move)
        if args.quiet:
            return
        if person or self._verbose or args.brief:
            self._eyes.show(events, out)
        else:
            self._eyes.show(events, out, compact=True, note=score_changes(scores, game.scores))

    def _bot_move(self, seat: int) -> Move:
        """The bot's move at ``seat``: one of the legal moves, or an `AgentError` naming it."""
        game = self._session.game
        labels = self._session.labels()
        with SignalWatch() as watch:
            choose = choose_method(game, labels, seat, watch, self._session.agents[seat])
            moves = game.legal_moves()
            choice = ask_agent(game, labels, seat, watch, choose, moves)
            move = resolve_choice(game, labels, seat, moves, choice)
        for legal in moves:
            if legal is move:
                return legal
        cause = f"it chose {describe(choice)}, which is not one of the legal moves"
        raise agent_failed(game, labels, seat, cause)

    def _take_back(self, seat: int) -> None:
        """Go back to the seat's previous decision and say what was undone."""
        session = self._session
        index = session.last_move_of(seat)
        assert index is not None  # the person is told when there is nothing to undo
        yours = session.game.moves[index]
        after = len(session.game.moves) - index - 1
        session.rewind(index)
        self._eyes = Eyes(session.game, self._humans, seat)
        others = f", and {count(after, 'move')} after it" if after else ""
        print(
            f"  undone: your move {yours}{others}; back to your previous decision", file=self._out
        )

    def _save(self) -> None:
        if self._args.save:
            save(self._session.game, self._args.save)
            print(f"record saved to {self._args.save}", file=self._out)
