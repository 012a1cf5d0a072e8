"""The seat-advantage study: how often each seat wins when every seat plays the same bot.

Run ``python benchmarks/seats.py`` (see benchmarks/README.md and the simulation page). For each
variant (the built-in ones unless ``--variants`` says otherwise), each bot of ``--agents``
(``heuristic`` and ``random``), each number of players of ``--players`` (2 to 4) and each form
of the game (whole matches, and single rounds for the variants whose match has several), it
runs [`unodice.simulate`][unodice.play.simulation.simulate] with that bot at every seat and
reports each seat's win share with its 95% Wilson interval. With the same bot everywhere, any
seat whose interval excludes par (one over the number of players) owes its share to the seat.

It prints a Markdown table per variant and, with ``--write PAGE``, puts each table between the
page's markers ``<!-- seats:VARIANT:start -->`` and ``<!-- seats:VARIANT:end -->``. Each row
is one ``unodice simulate`` run, and the block gives its command line, so any row can be
reproduced on its own; the report is the same on any number of workers.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import unodice
from unodice.play.simulation import simulated_game
from unodice.play.stats import Report, wilson_interval

ROUNDS: dict[str, dict[str, Any]] = {
    "centre-die": {"rounds": 1},
    "dominoes": {"target": 1},
}
"""The options that make one match a single round, for the variants whose match has several."""

OPENERS: dict[str, str] = {"dominoes": "Opened"}
"""The event that names who opened a round, for the variants where that is not a fixed seat:
the opener of a dominoes round is whoever holds the highest double (DO-1)."""

QUICK_GAMES = 20
"""Games per row with ``--quick`` (a check that the command runs, not a measurement)."""


def builtin_variants() -> list[str]:
    """The variants that come with unodice, by name."""
    names = []
    for name in unodice.available_variants():
        game = unodice.new_game(name, None, 0)
        if type(game.variant).__module__.startswith("unodice.variants."):
            names.append(name)
    return names


def forms(variant: str) -> list[tuple[str, dict[str, Any]]]:
    """The forms of ``variant`` to study: ``(name, options)``."""
    if variant in ROUNDS:
        return [("match", {}), ("round", dict(ROUNDS[variant]))]
    return [("game", {})]


def command(
    variant: str, agent: str, players: int | str, games: int, seed: int, options: Mapping[str, Any]
) -> str:
    """The ``unodice simulate`` line that plays the same games."""
    line = (
        f"unodice simulate {variant} --games {games} --players {players} --agents {agent} "
        f"--seed {seed}"
    )
    for key, value in options.items():
        line += f" --option {key}={value}"
    return line


def cell(report: Report, seat: int) -> str:
    """One seat's share and interval; in bold when the interval excludes par."""
    if seat >= len(report.seats):
        return ""
    result = report.seats[seat]
    par = 1 / len(report.seats)
    text = f"{result.win_rate:.3f} [{result.low:.3f}, {result.high:.3f}]"
    return f"**{text}**" if result.low > par or result.high < par else text


def real_effects(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The seats of each row whose interval excludes par, in words."""
    found = []
    for row in rows:
        report: Report = row["report"]
        par = 1 / len(report.seats)
        seats = [
            f"seat {seat.seat} {seat.win_rate:.3f}"
            for seat in report.seats
            if seat.low > par or seat.high < par
        ]
        if seats:
            found.append(
                f"{row['agent']} {row['form']}, {len(report.seats)} players: {', '.join(seats)}"
            )
    return found


def table(variant: str, rows: Sequence[dict[str, Any]], most: int, games: int, seed: int) -> str:
    """The Markdown table of one variant's study."""
    seats = "".join(f" seat {seat} |" for seat in range(most))
    lines = [
        f"| bots | form | players | par |{seats}",
        "|---|---|---|---|" + "---|" * most,
    ]
    for row in rows:
        report: Report = row["report"]
        cells = "".join(f" {cell(report, seat)} |" for seat in range(most))
        lines.append(
            f"| {row['agent']} | {row['form']} | {len(report.seats)} | "
            f"{1 / len(report.seats):.3f} |{cells}"
        )
    effects = real_effects(rows)
    rounds = " ".join(f"--option {key}={value}" for key, value in ROUNDS.get(variant, {}).items())
    lines += [
        "",
        f"Each row is `{command(variant, 'BOT', 'P', games, seed, {})}`"
        + (f", a single round with `{rounds}`" if rounds else "")
        + ": the same figures, on any number of workers.",
        "",
        "Seats whose 95% interval excludes par: "
        + ("; ".join(effects) if effects else "none")
        + ".",
    ]
    return "\n".join(lines)


def opener_wins(
    variant: str, players: int, agent: str, seed: int, options: Mapping[str, Any], span: range
) -> Fraction:
    """The opener's wins in games ``span`` of the simulation (a shared win counts a share).

    The games are those ``simulate`` plays for the same arguments (``simulated_game``
    plays each one again and keeps its events): the opener is the seat of the first event
    named in OPENERS.
    """
    wins = Fraction(0)
    for index in span:
        game = simulated_game(variant, index, players, agent, seed, options)
        opener = next(
            getattr(event, "seat")  # noqa: B009 (the event's class is the variant's own)
            for event in game.events
            if type(event).__name__ == OPENERS[variant]
        )
        if opener in game.winners:
            wins += Fraction(1, len(game.winners))
    return wins


def openers(
    variant: str,
    agent: str,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any],
    workers: int,
) -> tuple[float, float, float]:
    """The opener's share of single rounds, with its 95% Wilson interval."""
    step = max(1, -(-games // (4 * workers)))
    spans = [range(start, min(games, start + step)) for start in range(0, games, step)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            futures = [
                pool.submit(opener_wins, variant, players, agent, seed, options, span)
                for span in spans
            ]
            parts = [future.result() for future in futures]
    else:
        parts = [opener_wins(variant, players, agent, seed, options, span) for span in spans]
    wins = float(sum(parts, Fraction(0)))
    low, high = wilson_interval(wins, games)
    return wins / games, low, high


def opener_table(rows: Sequence[dict[str, Any]]) -> str:
    """The Markdown table of the opener's shares."""
    lines = [
        "| bots | players | par | the opener's share of single rounds [95%] |",
        "|---|---|---|---|",
    ]
    for row in rows:
        rate, low, high = row["opener"]
        par = 1 / row["players"]
        text = f"{rate:.3f} [{low:.3f}, {high:.3f}]"
        if low > par or high < par:
            text = f"**{text}**"
        lines.append(f"| {row['agent']} | {row['players']} | {par:.3f} | {text} |")
    return "\n".join(lines)


def write(page: Path, blocks: Mapping[str, str]) -> None:
    """Put each variant's block between its markers in ``page``."""
    text = page.read_text(encoding="utf-8")
    for variant, block in blocks.items():
        start, end = f"<!-- seats:{variant}:start -->", f"<!-- seats:{variant}:end -->"
        inside = f"{start}\n{block}\n{end}"
        before, found, after = text.partition(start)
        if found and end in after:
            text = before + inside + after.split(end, 1)[1]
        else:
            text = text.rstrip("\n") + f"\n\n#### {variant}\n\n{inside}\n"
    page.write_text(text, encoding="utf-8")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Each seat's win share when every seat plays the same bot."
    )
    parser.add_argument("--games", type=int, default=10000, help="games a row")
    parser.add_argument("--seed", type=int, default=0, help="the seed of every row")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (1: in this one)")
    parser.add_argument(
        "--variants", default=None, help="variants, comma-separated (default: the built-in ones)"
    )
    parser.add_argument("--agents", default="heuristic,random", help="bots, comma-separated")
    parser.add_argument("--players", default="2,3,4", help="numbers of players, comma-separated")
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_GAMES} games a row: checks that it runs"
    )
    parser.add_argument("--write", type=Path, default=None, help="the page to put the tables in")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    games = QUICK_GAMES if args.quick else args.games
    variants = (
        [name.strip() for name in args.variants.split(",") if name.strip()]
        if args.variants
        else builtin_variants()
    )
    bots = [name.strip() for name in args.agents.split(",") if name.strip()]
    counts = [int(count) for count in args.players.split(",") if count.strip()]
    blocks: dict[str, str] = {}
    began = time.perf_counter()
    for variant in variants:
        rows = []
        for form, options in forms(variant):
            for agent in bots:
                for players in counts:
                    start = time.perf_counter()
                    report = unodice.simulate(
                        variant,
                        games=games,
                        players=players,
                        agents=agent,
                        seed=args.seed,
                        workers=args.workers,
                        options=options,
                    )
                    print(
                        f"{variant} {form} {agent} {players} players: "
                        f"{time.perf_counter() - start:.1f} s",
                        file=sys.stderr,
                    )
                    row = {"agent": agent, "form": form, "report": report, "players": players}
                    if form == "round" and variant in OPENERS:
                        start = time.perf_counter()
                        row["opener"] = openers(
                            variant, agent, players, games, args.seed, options, args.workers
                        )
                        print(
                            f"{variant} openers {agent} {players} players: "
                            f"{time.perf_counter() - start:.1f} s",
                            file=sys.stderr,
                        )
                    rows.append(row)
        blocks[variant] = table(variant, rows, max(counts), games, args.seed)
        opened = [row for row in rows if "opener" in row]
        if opened:
            blocks[variant] += (
                "\n\nWho opens a round is not a seat: the same single rounds, by the seat that "
                "opened each:\n\n" + opener_table(opened)
            )
        print(f"{variant}\n\n{blocks[variant]}", end="\n\n")
    print(f"seats: {time.perf_counter() - began:.0f} s", file=sys.stderr)
    if args.write is not None:
        write(args.write, blocks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
