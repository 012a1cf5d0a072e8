"""The ``unodice`` command line.

``unodice variants`` and ``unodice plugins`` say what is installed; ``unodice play`` plays a game
between bots, or with a person at one or more seats; ``unodice replay`` verifies a saved record and
shows it. Every error is one line on standard error: exit status 2 for bad arguments, options or
names, 1 for a record that does not replay or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from unodice import __version__
from unodice.agents import AGENTS, Agent, make_agent
from unodice.errors import InvalidOptions, InvalidRecord, UnodiceError
from unodice.game import Game, new_game
from unodice.moves import Move, MovePlayed
from unodice.record import load, save
from unodice.registry import default_registry
from unodice.variant import View

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_FAILURE = 1


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``unodice`` command (documented on the command-line page)."""
    parser = _Parser(
        prog="unodice",
        description="Exact rule engines for the Uno family of dice and domino games.",
    )
    parser.add_argument("--version", action="version", version=f"unodice {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    listing = commands.add_parser("variants", help="list installed variants and their options")
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    listing.set_defaults(run=_run_variants)

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
                      help=f"bots for the other seats, comma-separated, cycled "
                           f"({', '.join(AGENTS)}; default random)")
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
    _colour_arguments(replay)
    replay.set_defaults(run=_run_replay)

    _add_simulate(commands)
    return parser


def _add_simulate(commands: Any) -> None:
    """Add the ``simulate`` command when the simulation module is available."""
    try:
        from unodice.simulate import add_simulate_command
    except ImportError:
        return
    add_simulate_command(commands)


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
    broken = [p for p in default_registry().plugins() if p.error]
    if broken:
        print(f"({len(broken)} broken plugin(s): see 'unodice plugins')", file=out)
    return 0


def _run_plugins(args: argparse.Namespace, out: TextIO) -> int:
    plugins = default_registry().plugins()
    if args.json:
        print(json.dumps([
            {"name": p.name, "distribution": p.distribution, "version": p.version,
             "hooks": list(p.hooks), "variants": list(p.variants),
             "house_rules": list(p.house_rules), "components": list(p.components),
             "error": p.error}
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
                             ("component sets", plugin.components)):
            if items:
                print(f"    {label}: {', '.join(items)}", file=out)
    return 0


# -- play ----------------------------------------------------------------------------------------


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
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            if answer in ("?", "help"):
                print("type a move's number or its notation; 'quit' ends the game", file=self._out)
                continue
            if answer in ("q", "quit", "exit"):
                raise KeyboardInterrupt
            by_text = {str(m): m for m in moves}
            if answer in by_text:
                return by_text[answer]
            try:
                move = game.variant.parse_move(answer)
            except UnodiceError as error:
                print(f"  {error}", file=self._out)
                continue
            if move in moves:
                return move
            print(f"  {game.variant.explain_illegal(game.state, move)}", file=self._out)


def _agents_for(args: argparse.Namespace, players: int, game_of: Callable[[], Game],
                colour: bool, out: TextIO) -> list[Agent]:
    names = [n.strip() for n in args.agents.split(",") if n.strip()]
    if not names:
        raise InvalidOptions("--agents needs at least one agent name")
    for seat in args.human:
        if not 0 <= seat < players:
            raise InvalidOptions(f"--human {seat}: seats are 0 to {players - 1}")
    agents: list[Agent] = []
    for seat in range(players):
        if seat in args.human:
            agents.append(HumanAgent(game_of, colour, input, out))
        else:
            seed = None if args.seed is None else args.seed * 1000 + seat
            agents.append(make_agent(names[seat % len(names)], seed))
    return agents


def _show_events(game: Game, events: Sequence[Any], out: TextIO) -> None:
    for event in events:
        if isinstance(event, MovePlayed):
            print(f"seat {event.seat}: {event.move}", file=out)
        else:
            print(f"    {game.variant.describe(event)}", file=out)


def _show_result(game: Game, out: TextIO) -> None:
    ranking = sorted(range(game.players), key=lambda s: (-game.scores[s], s))
    print("result:", file=out)
    for seat in ranking:
        mark = "  winner" if seat in game.winners else ""
        print(f"  seat {seat}: {game.scores[seat]}{mark}", file=out)


def _run_play(args: argparse.Namespace, out: TextIO) -> int:
    options = dict(args.option)
    if len(options) != len(args.option):
        raise InvalidOptions("an --option is given twice")
    game = new_game(args.variant, args.players, args.seed, options, args.house_rule)
    colour = _use_colour(args.colour, out)
    agents = _agents_for(args, game.players, lambda: game, colour, out)
    if not args.quiet:
        print(f"{game.variant.title}: {game.players} players, seed {game.seed}", file=out)
        _show_events(game, game.events, out)
        if not args.brief:
            print(game.render(None, colour), file=out)
    try:
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            move = agents[seat].choose(game.view(seat), game.legal_moves())
            events = game.play(move)
            if not args.quiet:
                _show_events(game, events, out)
                if not args.brief and seat not in args.human:
                    print(game.render(None, colour), file=out)
    except (KeyboardInterrupt, EOFError):
        print("\ngame abandoned", file=out)
        if args.save:
            save(game, args.save)
            print(f"record saved to {args.save}", file=out)
        return EXIT_FAILURE
    _show_result(game, out)
    if args.save:
        save(game, args.save)
        print(f"record saved to {args.save}", file=out)
    return 0


# -- replay --------------------------------------------------------------------------------------


def _run_replay(args: argparse.Namespace, out: TextIO) -> int:
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
    """Run the command line with ``argv`` (default: the process arguments); return the status."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, out))
    except InvalidRecord as error:
        print(f"unodice: invalid record: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except BrokenPipeError:
        # The reader went away (``unodice play ... | head``): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    except OSError as error:
        print(f"unodice: {error.strerror or error}: {error.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return EXIT_FAILURE
    except UnodiceError as error:
        print(f"unodice: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
