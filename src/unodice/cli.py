"""The ``unodice`` command line.

``unodice variants``, ``unodice agents`` and ``unodice plugins`` say what is installed;
``unodice play`` plays a game
between bots, or with a person at one or more seats; ``unodice replay`` verifies a saved record and
shows it; ``unodice new-plugin`` writes a new plugin package to start from. Every error is one
line on standard error. The exit status is 0 on success, 1 for bad
input or a failure (every library error, a crash inside a variant, a file that cannot be read, a
game abandoned, output that cannot be written), 2 for a usage error found while reading the
arguments, and 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar, TypeVarTuple

from unodice import __version__
from unodice.agents import Agent, events_for_seat, make_agent
from unodice.agents import agents as known_agents
from unodice.errors import InvalidOptions, InvalidRecord, UnodiceError
from unodice.game import Game, new_game
from unodice.moves import Move, MovePlayed, RoundStarted
from unodice.quoting import brief
from unodice.record import load, save
from unodice.registry import default_registry
from unodice.replay_page import write_replay_page
from unodice.scaffold import ScaffoldError, check_plugin_name, write_plugin
from unodice.testing import pieces_in
from unodice.variant import View

__all__ = ["main"]

_T = TypeVar("_T")
_Args = TypeVarTuple("_Args")

EXIT_FAILURE = 1
"""Bad input (options, names, seats, records) or a failure: every library error, a crash."""
EXIT_USAGE = 2
"""A usage error found while reading the arguments (argparse's own)."""
EXIT_INTERRUPTED = 130
"""Interrupted (Ctrl-C), as shells report a process ended by SIGINT."""

LINE_LIMIT = 1000
"""The longest error line: what is longer (argparse quotes whole arguments) is cut short."""
ANSWER_LIMIT = 10_000
"""The longest answer read at the terminal as a move; longer ones are refused unread."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line."""

    def error(self, message: str) -> NoReturn:
        """Print one line, with any argument it quotes cut short, and exit with status 2."""
        line = _one_line(f"{self.prog}: error: {message} (see {self.prog} --help)")
        self.exit(EXIT_USAGE, line + "\n")


def _one_line(text: str) -> str:
    """``text`` on one line of at most ``LINE_LIMIT`` characters (its middle elided)."""
    line = " ".join(text.splitlines())
    if len(line) <= LINE_LIMIT:
        return line
    keep = (LINE_LIMIT - 5) // 2
    return f"{line[:keep]} ... {line[-keep:]}"


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{brief(text)} is not KEY=VALUE")
    return key.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``unodice`` command (documented on the command-line page)."""
    parser = _Parser(
        prog="unodice",
        description="Exact rule engines for the Uno family of dice and domino games.",
    )
    parser.add_argument("--version", action="version", version=f"unodice {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help="on an error, print its traceback as well as the one-line message")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    listing = commands.add_parser("variants", help="list installed variants and their options")
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    listing.set_defaults(run=_run_variants)

    bots = commands.add_parser("agents", help="list the agents (bots) known by name")
    bots.add_argument("--json", action="store_true", help="print JSON instead of text")
    bots.set_defaults(run=_run_agents)

    plugins = commands.add_parser("plugins", help="list plugins, what they provide, and failures")
    plugins.add_argument("--json", action="store_true", help="print JSON instead of text")
    plugins.set_defaults(run=_run_plugins)

    play = commands.add_parser("play", help="play a game between bots, or join it yourself")
    play.add_argument("variant",
                      help="variant name or game string, e.g. 'coverall(partition=false)'")
    play.add_argument("--players", type=int, help="number of seats (default: the least allowed)")
    play.add_argument("--seed", type=int, help="seed of the game's chance (default: random)")
    play.add_argument("--option", action="append", default=[], type=_key_value,
                      metavar="KEY=VALUE", help="a variant option; repeat for more")
    play.add_argument("--house-rule", action="append", default=[], metavar="NAME",
                      help="a house rule to use; repeat for more")
    play.add_argument("--human", action="append", default=[], type=int, metavar="SEAT",
                      help="a seat you play at the terminal; repeat for more")
    play.add_argument("--agents", default="random", metavar="NAMES",
                      help="bots for the other seats, comma-separated, cycled (see "
                           "'unodice agents'; default random)")
    play.add_argument("--position", metavar="TEXT",
                      help="start from this position (as Game.position() writes it) instead of "
                           "dealing a new game; chance from there follows --seed")
    play.add_argument("--save", metavar="FILE", help="write the game's record to FILE")
    play.add_argument("--brief", action="store_true",
                      help="show moves and events only, not the position after each move")
    play.add_argument("--quiet", action="store_true", help="show only the result")
    _colour_arguments(play)
    play.set_defaults(run=_run_play)

    replay = commands.add_parser("replay", help="verify a saved game record and show it")
    replay.add_argument("file", help="a record written by 'unodice play --save' or Game.record()")
    replay.add_argument("--quiet", action="store_true", help="only say whether it is valid")
    replay.add_argument(
        "--allow-scripted", action="store_true",
        help="accept a record whose dice a test scripted (its outcomes prove nothing)",
    )
    replay.add_argument("--html", metavar="PAGE",
                        help="write a web page that steps through the game to PAGE instead")
    replay.add_argument("--seat", type=int, metavar="N",
                        help="with --html: show the game as seat N saw it (default: a "
                             "spectator's pictures with every event)")
    replay.add_argument("--force", action="store_true", help="with --html: replace PAGE")
    _colour_arguments(replay)
    replay.set_defaults(run=_run_replay)

    _add_simulate(commands)
    _add_arena(commands)

    scaffold = commands.add_parser("new-plugin",
                                   help="write a new plugin package to start from")
    scaffold.add_argument("name", type=_plugin_name,
                          help="the plugin's name, e.g. 'my-race': lower-case letters, digits "
                               "and hyphens; its variant's (or house rule's) name too")
    scaffold.add_argument("--house-rule", action="store_true",
                          help="a house rule for centre-die instead of a variant")
    scaffold.add_argument("--directory", default=".", metavar="DIR",
                          help="where to write the folder unodice-NAME (default: here)")
    scaffold.add_argument("--force", action="store_true",
                          help="write into unodice-NAME even if it is not empty")
    scaffold.set_defaults(run=_run_new_plugin)
    return parser


def _add_simulate(commands: Any) -> None:
    """Add the ``simulate`` command when the simulation module is available."""
    try:
        from unodice.cli_simulate import add_simulate_command
    except ImportError:
        return
    add_simulate_command(commands)


def _add_arena(commands: Any) -> None:
    """Add the ``arena`` command when the arena module is available."""
    try:
        from unodice.cli_arena import add_arena_command
    except ImportError:
        return
    add_arena_command(commands)


def _colour_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--colour", "--color", dest="colour", action="store_true", default=None,
                       help="colour the output even when it is not a terminal")
    group.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                       help="never colour the output")


def _use_colour(choice: bool | None, stream: TextIO) -> bool:
    if choice is not None:
        return choice
    return stream.isatty() and not os.environ.get("NO_COLOR")


# -- variants and plugins ------------------------------------------------------------------------


def _run_variants(args: argparse.Namespace, out: TextIO) -> int:
    infos = default_registry().variants()
    if args.json:
        data = {
            name: {
                "title": info.title,
                "players": [info.players.start, info.players.stop - 1],
                "summary": info.summary,
                "version": info.version,
                "plugin": info.plugin,
                "options": {o.name: {"kind": o.kind, "default": o.default, "help": o.help}
                            for o in info.options},
            }
            for name, info in infos.items()
        }
        print(json.dumps(data, indent=2), file=out)
        return 0
    if not infos:
        print("no variants installed", file=out)
    for name, info in infos.items():
        seats = f"{info.players.start}–{info.players.stop - 1} players"
        about = f"{seats}, rules v{info.version}, from {info.plugin}"
        print(f"{name}  {info.title} ({about})", file=out)
        if info.summary:
            print(f"    {info.summary}", file=out)
        for option in info.options:
            print(f"    --option {option.describe()}", file=out)
    plugins = default_registry().plugins()
    broken = [p for p in plugins if p.error]
    if broken:
        print(f"({len(broken)} broken plugin(s): see 'unodice plugins')", file=out)
    refused = sum(len(p.refused) for p in plugins)
    if refused:
        print(f"({refused} refused registration(s): see 'unodice plugins')", file=out)
    return 0


def _run_agents(args: argparse.Namespace, out: TextIO) -> int:
    known = known_agents()
    if args.json:
        print(json.dumps({
            name: {"summary": info.summary, "plugin": info.plugin} for name, info in known.items()
        }, indent=2), file=out)
        return 0
    width = max((len(name) for name in known), default=0)
    for name, info in known.items():
        print(f"{name:<{width}}  {info.summary}  (from {info.plugin})".rstrip(), file=out)
    print("\na name NAME stands for NAME-VARIANT in games of VARIANT when that is registered "
          "(heuristic is heuristic-coverall in coverall)", file=out)
    refused = sum(len(p.refused) for p in default_registry().plugins())
    if refused:
        print(f"({refused} refused registration(s): see 'unodice plugins')", file=out)
    return 0


def _run_plugins(args: argparse.Namespace, out: TextIO) -> int:
    registry = default_registry()
    plugins = registry.plugins()
    house_rules = registry.house_rules()
    if args.json:
        print(json.dumps([
            {"name": p.name, "distribution": p.distribution, "version": p.version,
             "hooks": list(p.hooks), "variants": list(p.variants),
             "house_rules": list(p.house_rules),
             "house_rule_summaries": {rule: house_rules[rule].summary
                                      for rule in p.house_rules if rule in house_rules},
             "components": list(p.components),
             "agents": list(p.agents), "error": p.error, "refused": list(p.refused)}
            for p in plugins
        ], indent=2), file=out)
        return 0
    if not plugins:
        print("no plugins installed", file=out)
    for plugin in plugins:
        source = f"{plugin.distribution or '?'} {plugin.version or ''}".strip()
        status = f"BROKEN: {plugin.error}" if plugin.error else "ok"
        print(f"{plugin.name}  ({source})  {status}", file=out)
        for label, items in (("hooks", plugin.hooks), ("variants", plugin.variants),
                             ("house rules", plugin.house_rules),
                             ("component sets", plugin.components),
                             ("agents", plugin.agents)):
            if items and label == "house rules":
                # One line each, with its summary: a house rule is chosen by what it does.
                print("    house rules:", file=out)
                for rule in items:
                    summary = house_rules[rule].summary if rule in house_rules else ""
                    print(f"        {rule}: {summary}" if summary else f"        {rule}", file=out)
            elif items:
                print(f"    {label}: {', '.join(items)}", file=out)
        for refusal in plugin.refused:
            print(f"    refused: {refusal}", file=out)
    return 0


# -- new-plugin ----------------------------------------------------------------------------------


def _plugin_name(text: str) -> str:
    """A plugin name for ``new-plugin``; a bad one is a usage error (status 2)."""
    try:
        return check_plugin_name(text)
    except ScaffoldError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _run_new_plugin(args: argparse.Namespace, out: TextIO) -> int:
    written = write_plugin(args.name, args.directory, house_rule=args.house_rule,
                           force=args.force)
    root = Path(args.directory) / f"unodice-{args.name}"
    print(f"wrote {len(written)} files in {root}:", file=out)
    for path in written:
        print(f"    {path.relative_to(root).as_posix()}", file=out)
    print(f"next: pip install -e '{root}[test]' && pytest {root / 'tests'}", file=out)
    return 0


# -- play ----------------------------------------------------------------------------------------


class _Quit(Exception):
    """The person at the terminal asked to end the game."""


def _ask(game: Game, during: str, method: Callable[[*_Args], _T], *args: *_Args) -> _T:
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


class HumanAgent:
    """A person choosing moves at the terminal, by number or by notation."""

    def __init__(self, game_of: Callable[[], Game], colour: bool, read: Callable[[str], str],
                 out: TextIO):
        self._game_of = game_of
        self._colour = colour
        self._read = read
        self._out = out

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Show the position and the legal moves, and ask until a legal one is given."""
        game = self._game_of()
        print(game.render(view.seat, self._colour), file=self._out)
        for number, move in enumerate(moves, 1):
            print(f"  {number:>3}. {move}", file=self._out)
        while True:
            answer = self._read(f"seat {view.seat}> ").strip()
            if len(answer) > ANSWER_LIMIT:
                print(f"  that is {len(answer)} characters long: no move's notation is; type a "
                      "move's number or its notation", file=self._out)
                continue
            # A move's number; a longer number is read as notation (no int of 5,000 digits).
            if answer.isdecimal() and len(answer) <= 6 and 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            if answer in ("?", "help"):
                print("type a move's number or its notation; 'quit' ends the game", file=self._out)
                continue
            if answer in ("q", "quit", "exit"):
                raise _Quit
            by_text = {str(m): m for m in moves}
            if answer in by_text:
                return by_text[answer]
            try:
                parsed: Move = _ask(game, "in parse_move", game.variant.parse_move, answer)
            except UnodiceError as error:
                print(f"  {error}", file=self._out)
                continue
            if parsed in moves:
                return parsed
            refusal = _ask(game, "in explain_illegal", game.variant.explain_illegal, game.state,
                           parsed)
            print(f"  {refusal}", file=self._out)


def _agents_for(args: argparse.Namespace, players: int, game_of: Callable[[], Game],
                colour: bool, out: TextIO) -> list[Agent]:
    names = [n.strip() for n in args.agents.split(",") if n.strip()]
    if not names:
        raise InvalidOptions("--agents needs at least one agent name")
    for seat in args.human:
        if not 0 <= seat < players:
            raise InvalidOptions(f"--human {brief(seat)}: seats are 0 to {players - 1}")
    variant = game_of().variant.name
    chosen: list[Agent] = []
    for seat in range(players):
        if seat in args.human:
            chosen.append(HumanAgent(game_of, colour, input, out))
        else:
            seed = None if args.seed is None else args.seed * 1000 + seat
            chosen.append(make_agent(names[seat % len(names)], seed, variant=variant))
    return chosen


class _Eyes:
    """Whose eyes the terminal shows the game through while people play at it.

    Without a person at the table it shows everything. With one, every position is rendered
    from her seat, and an event that names a piece she has not seen and another seat now holds
    hidden (a tile a bot drew, in a variant whose events named it) is printed as one redacted
    line. With several, the seat is that of the person who played last (the first ``--human``
    seat before anyone has): they share one terminal, but none of them sees the bots' pieces.
    """

    def __init__(self, game: Game, humans: Sequence[int]):
        self._game = game
        self._humans = frozenset(humans)
        self.seat: int | None = humans[0] if humans else None
        self._unseen: frozenset[int] | None = None  # None: before the first move, everything

    def before(self, mover: int) -> None:
        """Note what the seat cannot see before ``mover`` plays (and follow a person's turn)."""
        if self.seat is None:
            return
        if mover in self._humans:
            self.seat = mover
        self._unseen = self._hidden(self.seat)

    def show(self, events: Sequence[Any], out: TextIO) -> None:
        """Print events, one line each, redacting those that name another seat's secret.

        When a round ended and the next began during these events, the pieces of the round
        that ended are no secret any more (the next round deals afresh): only the events of the
        new round are checked, against everything the seat cannot see in it.
        """
        starts = [index for index, event in enumerate(events) if isinstance(event, RoundStarted)]
        checked_from = starts[-1] if starts else 0
        secret = self._secrets(new_round=bool(starts))
        for index, event in enumerate(events):
            if (secret and index >= checked_from
                    and any(piece.id in secret for piece in pieces_in(event))):
                if isinstance(event, MovePlayed):
                    print(f"seat {event.seat}: (a move hidden from seat {self.seat})", file=out)
                else:
                    print(f"    ({event.kind}: hidden from seat {self.seat})", file=out)
            elif isinstance(event, MovePlayed):
                print(f"seat {event.seat}: {event.move}", file=out)
            else:
                game = self._game
                print(f"    {_ask(game, 'in describe', game.variant.describe, event)}", file=out)

    def _hidden(self, seat: int) -> frozenset[int]:
        game = self._game
        pieces = _ask(game, "in hidden_pieces", game.variant.hidden_pieces, game.state, seat)
        return frozenset(piece.id for piece in pieces)

    def _secrets(self, new_round: bool) -> frozenset[int]:
        """Pieces the seat did not see before the move, cannot see now, and another seat can.

        In a new round, every piece the seat cannot see and another seat can.
        """
        if self.seat is None or self._game.is_over:
            return frozenset()
        hidden = self._hidden(self.seat)
        hidden_from_all = hidden
        for other in range(self._game.players):
            if other != self.seat:
                hidden_from_all &= self._hidden(other)
        secret = hidden - hidden_from_all
        return secret if new_round or self._unseen is None else secret & self._unseen


def _show_events(game: Game, events: Sequence[Any], out: TextIO) -> None:
    """Print events as they are, for a game shown in full (a replay)."""
    _Eyes(game, ()).show(events, out)


def _show_result(game: Game, out: TextIO) -> None:
    ranking = sorted(range(game.players), key=lambda s: (-game.scores[s], s))
    print("result:", file=out)
    for seat in ranking:
        mark = "  winner" if seat in game.winners else ""
        print(f"  seat {seat}: {game.scores[seat]}{mark}", file=out)


def _started(game: Game, agents: Sequence[Agent]) -> list[tuple[int, Any]]:
    """Start the bots that have ``start``; the seats and ``observe`` of those that observe."""
    observers = []
    for seat, agent in enumerate(agents):
        start = getattr(agent, "start", None)
        if start is not None:
            start(seat, game.view(seat))
        observe = getattr(agent, "observe", None)
        if observe is not None:
            observers.append((seat, observe))
            observe(events_for_seat(game.variant, tuple(game.events), seat))
    return observers


def _run_play(args: argparse.Namespace, out: TextIO) -> int:
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    game = new_game(args.variant, args.players, args.seed, options or None, args.house_rule,
                    position=args.position)
    colour = _use_colour(args.colour, out)
    agents = _agents_for(args, game.players, lambda: game, colour, out)
    observers = _started(game, agents)
    humans = list(dict.fromkeys(args.human))
    eyes = _Eyes(game, humans)
    if not args.quiet:
        if humans:
            # The seed fixes every deal and draw: a person who saw it could work out every
            # hidden piece. It stays in the record that --save writes.
            seats = ("seat " if len(humans) == 1 else "seats ") + " and ".join(map(str, humans))
            print(f"{game.variant.title}: {game.players} players; you play {seats}", file=out)
        else:
            print(f"{game.variant.title}: {game.players} players, seed {game.seed}", file=out)
        eyes.show(game.events, out)
        if not args.brief and game.to_act not in humans:
            print(game.render(eyes.seat, colour), file=out)
    try:
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            move = agents[seat].choose(game.view(seat), game.legal_moves())
            eyes.before(seat)
            events = game.play(move)
            for place, observe in observers:
                observe(events_for_seat(game.variant, events, place))
            if args.quiet:
                continue
            eyes.show(events, out)
            if args.brief:
                continue
            if humans and game.is_over:
                print("final position (the game is over: every hand is shown):", file=out)
                print(game.render(None, colour), file=out)
            elif seat not in humans and game.to_act not in humans:
                # After a bot's move; a person's prompt shows the position itself.
                print(game.render(eyes.seat, colour), file=out)
    except (KeyboardInterrupt, EOFError, _Quit) as stop:
        print("\ngame abandoned", file=out)
        if args.save:
            save(game, args.save)
            print(f"record saved to {args.save}", file=out)
        return EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_FAILURE
    _show_result(game, out)
    if args.save:
        save(game, args.save)
        print(f"record saved to {args.save}", file=out)
    return 0


# -- replay --------------------------------------------------------------------------------------


def _run_replay(args: argparse.Namespace, out: TextIO) -> int:
    if args.html is None and (args.seat is not None or args.force):
        raise InvalidOptions("--seat and --force go with --html PAGE, the page to write")
    if args.html is not None:
        page = write_replay_page(args.file, args.html, args.seat, force=args.force,
                                 allow_scripted=args.allow_scripted)
        print(f"wrote {page}", file=out)
        return 0
    game = load(args.file, allow_scripted=args.allow_scripted)
    if args.quiet:
        state = "finished" if game.is_over else "unfinished"
        print(f"valid: {game.variant.name}, {len(game.moves)} moves, {state}, "
              f"scores {list(game.scores)}", file=out)
        return 0
    colour = _use_colour(args.colour, out)
    print(f"{game.variant.title}: {game.players} players, seed {game.seed}, "
          f"{len(game.moves)} moves (verified)", file=out)
    _show_events(game, game.events, out)
    print(game.render(None, colour), file=out)
    if game.is_over:
        _show_result(game, out)
    return 0


# -- entry point ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default: the process arguments); return the status.

    ``out`` is where the command writes (default: standard output). Output that cannot be
    written, because the reader went away (``unodice variants | head -1``) or standard output
    is closed, ends the command quietly with status 1.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit:
        # --help and --version have written to standard output: flush it here, where a reader
        # that went away can be answered quietly, not in the interpreter's last flush.
        if not _flush(sys.stdout):
            raise SystemExit(EXIT_FAILURE) from None
        raise
    stream = out if out is not None else sys.stdout
    if stream is None:  # started with standard output closed: nothing can be shown
        return EXIT_FAILURE
    try:
        status = int(args.run(args, stream))
        stream.flush()
        return status
    except BrokenPipeError:
        # The reader went away (``unodice play ... | head``): stop quietly, as other tools do.
        _discard_output(stream)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as error:
        if args.debug:
            traceback.print_exc(file=sys.stderr)
        print(_error_line(error), file=sys.stderr)
        return EXIT_FAILURE


def _error_line(error: Exception) -> str:
    """The one line the command prints for an error.

    A library error is its message; a file that cannot be read, the reason and the file; any
    other exception is a crash: its type and message, the notes naming the variant and plugin
    it came from, and how to see the traceback.
    """
    notes = [str(note) for note in getattr(error, "__notes__", ())]
    if isinstance(error, InvalidRecord):
        text = f"invalid record: {error}"
    elif isinstance(error, UnodiceError):
        text = f"error: {error}"
    elif isinstance(error, OSError) and not notes:
        name = "" if error.filename is None else brief(str(error.filename))[1:-1]
        text = f"{error.strerror or error}: {name}".rstrip(": ")
    else:
        where = f" ({'; '.join(notes)})" if notes else " (inside unodice itself: a bug)"
        text = (f"{type(error).__name__}: {error}{where}; "
                "run 'unodice --debug ...' for the traceback")
    return _one_line("unodice: " + text)


def _flush(stream: TextIO | None) -> bool:
    """Flush ``stream``; ``False`` (and its output discarded) when the reader went away."""
    if stream is None:
        return True
    try:
        stream.flush()
    except BrokenPipeError:
        _discard_output(stream)
        return False
    return True


def _discard_output(stream: TextIO) -> None:
    """Point standard output at the null device once its reader has gone.

    What Python's documentation advises for a broken pipe: the interpreter flushes standard
    output once more as it exits, and that flush must not fail (or it prints a traceback and
    exits with status 120). Other streams are left alone.
    """
    if stream is not sys.stdout:
        return
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, descriptor)
    finally:
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
