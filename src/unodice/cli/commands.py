"""The ``unodice`` command line.

``unodice variants``, ``unodice agents`` and ``unodice plugins`` say what is installed;
``unodice play`` plays a game
between bots, or with a person at one or more seats (see ``unodice.cli.terminal``);
``unodice replay`` verifies a saved record and shows it; ``unodice new-plugin`` writes a new
plugin package to start from. Every error is one line on standard error. The exit status is 0
on success (a person who types ``quit`` chose to stop: 0 too), 1 for bad input or a failure
(every library error, a crash inside a variant, a file that cannot be read, a game abandoned at
the end of its input, output that cannot be written), 2 for a usage error found while reading
the arguments, and 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from unodice._version import __version__, build_kind, build_reason
from unodice.cli.scaffold import LAYOUTS, ScaffoldError, check_plugin_name, write_plugin
from unodice.cli.simulate import seed_argument
from unodice.cli.spelling import check_game, variant_named
from unodice.cli.terminal import count, run_play, show_events, show_result
from unodice.core._quoting import brief, did_you_mean, whole_number
from unodice.core.chance import ReplayChance
from unodice.core.errors import InvalidOptions, InvalidRecord, UnodiceError
from unodice.core.game import Game
from unodice.core.registry import default_registry
from unodice.core.setup import new_game
from unodice.play.agents import agents as known_agents
from unodice.records.record import load
from unodice.records.replay_page import write_replay_page

__all__ = ["main"]

EXIT_FAILURE = 1
"""Bad input (options, names, seats, records) or a failure: every library error, a crash."""
EXIT_USAGE = 2
"""A usage error found while reading the arguments (argparse's own)."""
EXIT_INTERRUPTED = 130
"""Interrupted (Ctrl-C), as shells report a process ended by SIGINT."""

LINE_LIMIT = 1000
"""The longest error line: what is longer (argparse quotes whole arguments) is cut short."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line; a bad choice is told the closest."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """Check a choice as argparse does, naming the closest choices when it fails."""
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            choices = [str(choice) for choice in action.choices or ()]
            hint = did_you_mean(value, choices, lower=True).strip()
            if not hint:
                raise
            raise argparse.ArgumentError(action, f"{error.message}; {hint}") from None

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


def _number(text: str) -> int:
    """A whole number argument, in the digits 0-9 (argparse's ``int`` takes ``٤`` and ``1_0``)."""
    return whole_number(text, "the value", argparse.ArgumentTypeError, negative=True)


def version_line() -> str:
    """What ``unodice --version`` prints: the version, the build, and why it is pure Python if so.

    ``unodice 0.1.0 (native engines)``, or ``unodice 0.1.0 (pure Python: when installed, no
    working C compiler ('cc' exited with status 1))``: see "The builds" in the getting-started
    guide.
    """
    build = build_kind()
    why = build_reason()
    return f"unodice {__version__} ({build}: {why})" if why else f"unodice {__version__} ({build})"


class _Version(argparse.Action):
    """``--version``: print the version line whole (argparse's own would wrap it), and exit 0."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", "show the version and the build, and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        """Print the line to standard output and exit, as argparse's own action does."""
        parser._print_message(version_line() + "\n", sys.stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``unodice`` command (documented on the command-line page)."""
    parser = _Parser(
        prog="unodice",
        description="Exact rule engines for the Uno family of dice and domino games.",
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--debug",
        action="store_true",
        help="on an error, print its traceback as well as the one-line message",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    listing = commands.add_parser("variants", help="list installed variants and their options")
    listing.add_argument(
        "name", nargs="?", metavar="VARIANT", help="show this variant only, with its options"
    )
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    listing.set_defaults(run=_run_variants)

    bots = commands.add_parser("agents", help="list the agents (bots) known by name")
    bots.add_argument("--json", action="store_true", help="print JSON instead of text")
    bots.set_defaults(run=_run_agents)

    plugins = commands.add_parser("plugins", help="list plugins, what they provide, and failures")
    plugins.add_argument("--json", action="store_true", help="print JSON instead of text")
    plugins.set_defaults(run=_run_plugins)

    play = commands.add_parser("play", help="play a game between bots, or join it yourself")
    play.add_argument(
        "variant", help="variant name or game string, e.g. 'coverall(partition=false)'"
    )
    play.add_argument(
        "--players", type=_number, help="number of seats (default: the least allowed)"
    )
    play.add_argument(
        "--seed", type=seed_argument, help="seed of the game's chance (default: random)"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        type=_key_value,
        metavar="KEY=VALUE",
        help="a variant option; repeat for more",
    )
    play.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="NAME",
        help="a house rule to use; repeat for more",
    )
    play.add_argument(
        "--human",
        action="append",
        default=[],
        type=_number,
        metavar="SEAT",
        help="a seat you play at the terminal; repeat for more",
    )
    play.add_argument(
        "--agents",
        default="random",
        metavar="NAMES",
        help="bots for the other seats, comma-separated, cycled: names (see 'unodice agents') "
        "or your own as module:Class or path/to/file.py:Class (default random)",
    )
    play.add_argument(
        "--position",
        metavar="TEXT",
        help="start from this position (as Game.position() writes it) instead of "
        "dealing a new game; chance from there follows --seed",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the game's record to FILE (checked before the game starts)",
    )
    play.add_argument(
        "--force", action="store_true", help="let --save overwrite a file that exists"
    )
    play.add_argument(
        "--brief",
        action="store_true",
        help="show moves and events only, not the position after each move",
    )
    play.add_argument(
        "--verbose",
        action="store_true",
        help="show the position before every decision and every event of every move",
    )
    play.add_argument("--quiet", action="store_true", help="show only the result")
    _colour_arguments(play)
    play.set_defaults(run=_run_play)

    replay = commands.add_parser("replay", help="verify a saved game record and show it")
    replay.add_argument("file", help="a record written by 'unodice play --save' or Game.record()")
    replay.add_argument("--quiet", action="store_true", help="only say whether it is valid")
    replay.add_argument(
        "--at",
        type=_move_number,
        metavar="N",
        help="show the position after move N (0: as it was set up) and stop",
    )
    replay.add_argument(
        "--allow-scripted",
        action="store_true",
        help="accept a record whose dice a test scripted (its outcomes prove nothing)",
    )
    replay.add_argument(
        "--html",
        metavar="PAGE",
        help="write a web page that steps through the game to PAGE instead",
    )
    replay.add_argument(
        "--seat",
        type=_number,
        metavar="N",
        help="with --html: show the game as seat N saw it (default: the referee's "
        "view, every hand face up, with a switch to a spectator's)",
    )
    replay.add_argument("--force", action="store_true", help="with --html: replace PAGE")
    _colour_arguments(replay)
    replay.set_defaults(run=_run_replay)

    _add_simulate(commands)
    _add_arena(commands)

    scaffold = commands.add_parser("new-plugin", help="write a new plugin package to start from")
    scaffold.add_argument(
        "name",
        type=_plugin_name,
        help="the plugin's name, e.g. 'my-race': lower-case letters, digits "
        "and hyphens; its variant's (or house rule's) name too",
    )
    scaffold.add_argument(
        "--house-rule", action="store_true", help="a house rule for centre-die instead of a variant"
    )
    scaffold.add_argument(
        "--layout",
        choices=LAYOUTS,
        default="module",
        help="the variant in one module named after it (default), or a package with a module "
        "per part, as the built-in variants are",
    )
    scaffold.add_argument(
        "--directory",
        default=".",
        metavar="DIR",
        help="where to write the folder unodice-NAME (default: here)",
    )
    scaffold.add_argument(
        "--force", action="store_true", help="write into unodice-NAME even if it is not empty"
    )
    scaffold.set_defaults(run=_run_new_plugin)
    return parser


def _add_simulate(commands: Any) -> None:
    """Add the ``simulate`` command when the simulation module is available."""
    try:
        from unodice.cli.simulate import add_simulate_command
    except ImportError:
        return
    add_simulate_command(commands)


def _add_arena(commands: Any) -> None:
    """Add the ``arena`` command when the arena module is available."""
    try:
        from unodice.cli.arena import add_arena_command
    except ImportError:
        return
    add_arena_command(commands)


def _colour_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--colour",
        "--color",
        dest="colour",
        action="store_true",
        default=None,
        help="colour the output even when it is not a terminal",
    )
    group.add_argument(
        "--no-colour",
        "--no-color",
        dest="colour",
        action="store_false",
        help="never colour the output",
    )


def _use_colour(choice: bool | None, stream: TextIO) -> bool:
    if choice is not None:
        return choice
    return stream.isatty() and not os.environ.get("NO_COLOR")


# -- variants and plugins ------------------------------------------------------------------------


def _run_variants(args: argparse.Namespace, out: TextIO) -> int:
    infos = default_registry().variants()
    if args.name is not None:
        info = variant_named(args.name)
        infos = {info.name: info}
    if args.json:
        data = {
            name: {
                "title": info.title,
                "players": [info.players.start, info.players.stop - 1],
                "summary": info.summary,
                "version": info.version,
                "plugin": info.plugin,
                "options": {
                    o.name: {"kind": o.kind, "default": o.default, "help": o.help}
                    for o in info.options
                },
            }
            for name, info in infos.items()
        }
        print(json.dumps(data, indent=2), file=out)
        return 0
    if not infos:
        print("no variants installed", file=out)
    for name, info in infos.items():
        least, most = info.players.start, info.players.stop - 1
        seats = count(most, "player") if least == most else f"{least}–{most} players"
        about = f"{seats}, rules v{info.version}, from {info.plugin}"
        print(f"{name}  {info.title} ({about})", file=out)
        if info.summary:
            print(f"    {info.summary}", file=out)
        for option in info.options:
            print(f"    --option {option.describe()}", file=out)
    plugins = default_registry().plugins()
    broken = [p for p in plugins if p.error]
    if broken:
        print(f"({count(len(broken), 'broken plugin')}: see 'unodice plugins')", file=out)
    refused = sum(len(p.refused) for p in plugins)
    if refused:
        print(f"({count(refused, 'refused registration')}: see 'unodice plugins')", file=out)
    return 0


def _run_agents(args: argparse.Namespace, out: TextIO) -> int:
    known = known_agents()
    if args.json:
        print(
            json.dumps(
                {
                    name: {"summary": info.summary, "plugin": info.plugin}
                    for name, info in known.items()
                },
                indent=2,
            ),
            file=out,
        )
        return 0
    width = max((len(name) for name in known), default=0)
    for name, info in known.items():
        print(f"{name:<{width}}  {info.summary}  (from {info.plugin})".rstrip(), file=out)
    print(
        "\na name NAME stands for NAME-VARIANT in games of VARIANT when that is registered "
        "(heuristic is heuristic-coverall in coverall)",
        file=out,
    )
    refused = sum(len(p.refused) for p in default_registry().plugins())
    if refused:
        print(f"({count(refused, 'refused registration')}: see 'unodice plugins')", file=out)
    return 0


def _run_plugins(args: argparse.Namespace, out: TextIO) -> int:
    registry = default_registry()
    plugins = registry.plugins()
    house_rules = registry.house_rules()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": p.name,
                        "distribution": p.distribution,
                        "version": p.version,
                        "hooks": list(p.hooks),
                        "variants": list(p.variants),
                        "house_rules": list(p.house_rules),
                        "house_rule_summaries": {
                            rule: house_rules[rule].summary
                            for rule in p.house_rules
                            if rule in house_rules
                        },
                        "components": list(p.components),
                        "agents": list(p.agents),
                        "error": p.error,
                        "refused": list(p.refused),
                    }
                    for p in plugins
                ],
                indent=2,
            ),
            file=out,
        )
        return 0
    if not plugins:
        print("no plugins installed", file=out)
    for plugin in plugins:
        source = f"{plugin.distribution or '?'} {plugin.version or ''}".strip()
        status = f"BROKEN: {plugin.error}" if plugin.error else "ok"
        print(f"{plugin.name}  ({source})  {status}", file=out)
        for label, items in (
            ("hooks", plugin.hooks),
            ("variants", plugin.variants),
            ("house rules", plugin.house_rules),
            ("component sets", plugin.components),
            ("agents", plugin.agents),
        ):
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
    written = write_plugin(
        args.name,
        args.directory,
        house_rule=args.house_rule,
        layout=args.layout,
        force=args.force,
    )
    root = Path(args.directory) / f"unodice-{args.name}"
    print(f"wrote {count(len(written), 'file')} in {root}:", file=out)
    for path in written:
        print(f"    {path.relative_to(root).as_posix()}", file=out)
    print(f"next: pip install -e '{root}[test]' && pytest {root / 'tests'}", file=out)
    return 0


# -- play ----------------------------------------------------------------------------------------


def _run_play(args: argparse.Namespace, out: TextIO) -> int:
    args.variant = check_game(args.variant, [key for key, _ in args.option], args.house_rule)
    return run_play(args, out, _use_colour(args.colour, out))


# -- replay --------------------------------------------------------------------------------------


def _run_replay(args: argparse.Namespace, out: TextIO) -> int:
    if args.html is None and (args.seat is not None or args.force):
        raise InvalidOptions("--seat and --force go with --html PAGE, the page to write")
    if args.at is not None and (args.quiet or args.html is not None):
        raise InvalidOptions("--at shows a position: it goes without --quiet and --html")
    if args.html is not None:
        page = write_replay_page(
            args.file, args.html, args.seat, force=args.force, allow_scripted=args.allow_scripted
        )
        print(f"wrote {page}", file=out)
        return 0
    game = load(args.file, allow_scripted=args.allow_scripted)
    if args.quiet:
        state = "finished" if game.is_over else "unfinished"
        print(
            f"valid: {game.variant.name}, {count(len(game.moves), 'move')}, {state}, "
            f"scores {list(game.scores)}",
            file=out,
        )
        return 0
    colour = _use_colour(args.colour, out)
    print(
        f"{game.variant.title}: {count(game.players, 'player')}, seed {game.seed}, "
        f"{count(len(game.moves), 'move')} (verified)",
        file=out,
    )
    if args.at is not None:
        total = len(game.moves)
        game = _after_moves(game, args.at)
        show_events(game, game.events, out)
        print(f"position after move {args.at} of {total}:", file=out)
        print(game.render(None, colour), file=out)
        return 0
    show_events(game, game.events, out)
    print(game.render(None, colour), file=out)
    if game.is_over:
        show_result(game, out)
    return 0


def _after_moves(game: Game, moves: int) -> Game:
    """The game as it stood after its first ``moves`` moves (0: as it was set up).

    Raises:
        InvalidOptions: The game has fewer moves.
    """
    if moves > len(game.moves):
        raise InvalidOptions(
            f"--at {moves}: the record has {count(len(game.moves), 'move')}; "
            f"give a number from 0 to {len(game.moves)}"
        )
    seed = 0 if game.seed is None else game.seed
    # The recorded outcomes, already checked by load: the dice fall as they fell.
    again = new_game(
        game.variant.name,
        game.players,
        seed,
        game.options_json(),
        game.house_rules,
        chance=ReplayChance(game.chance.outcomes, seed=seed),
        position=game.start_position,
    )
    for move in game.moves[:moves]:
        again.play(move)
    return again


def _move_number(text: str) -> int:
    """A move number for ``replay --at``: 0 or more; anything else is a usage error."""
    return whole_number(text, "a move number", argparse.ArgumentTypeError, digits=9)


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
        text = (
            f"{type(error).__name__}: {error}{where}; run 'unodice --debug ...' for the traceback"
        )
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
