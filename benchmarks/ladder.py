"""The bot ladder: every registered bot of each variant measured against its ``heuristic``.

Run ``python benchmarks/ladder.py`` (see benchmarks/README.md and docs/ladder.md). For each
variant (the built-in ones unless ``--variants`` says otherwise) it finds every bot that the
agents registry holds and that plays the variant (nothing is listed by hand: a bot a plugin
adds joins the ladder), and measures it with the arena
([`unodice.play.arena.tournament`][unodice.play.arena.tournament]):

- at two players against ``heuristic``, both seat orders on the same deals: its share of the
  games won (a shared win counts as a share) with the 95% Wilson interval, par 0.5;
- at four players against three ``heuristic`` bots, every seat once on the same deal: its
  share with its interval, par 0.25;
- its milliseconds per decision (wall clock, as the arena measures it).

It prints a Markdown table per variant and, with ``--write PAGE``, puts each table between the
page's markers ``<!-- ladder:VARIANT:start -->`` and ``<!-- ladder:VARIANT:end -->``, so the
page keeps its prose (a variant without markers gets a new section at the page's end). The
games are the variants' short forms, as the strength table of the bots page measures them:
one round of centre-die, one hand of dominoes, a whole game of coverall (``--matches`` plays
whole matches instead). Every cell uses the same seed, so every bot meets the same deals.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from unodice.core.setup import new_game
from unodice.play.agents import (
    agents,
    events_for_seat,
    make_agent,
    registered_agent_name,
)
from unodice.play.arena import AgentResult, tournament

SHORT: dict[str, dict[str, Any]] = {
    "centre-die": {"rounds": 1},
    "dominoes": {"target": 1},
}
"""The options of each variant's short form (any other variant is played as it is)."""

OPPONENT = "heuristic"
"""The bot every other is measured against."""

PROBE_DECISIONS = 8
"""Decisions a bot is asked for in a trial game before it is put on a variant's ladder."""

BUDGET = ("iterations", "time_budget", "budget", "determinizations", "samples", "width", "depth")
"""The attributes of a bot that say how much it searches, shown when it has them."""

QUICK_GAMES = 4
"""Games per cell with ``--quick`` (a check that the command runs, not a measurement)."""


def builtin_variants() -> list[str]:
    """The variants that come with unodice, by name."""
    from unodice.core.registry import available_variants

    names = []
    for name in available_variants():
        game = new_game(name, None, 0)
        if type(game.variant).__module__.startswith("unodice.variants."):
            names.append(name)
    return names


def game_options(variant: str, matches: bool) -> dict[str, Any]:
    """The options the ladder plays ``variant`` with."""
    return {} if matches else dict(SHORT.get(variant, {}))


def probe(name: str, variant: str, options: Mapping[str, Any]) -> str | None:
    """Why bot ``name`` does not play ``variant`` (``None`` when it does).

    The bot takes every seat of a two-player game (at the variant's fewest players) for up to
    PROBE_DECISIONS decisions; anything it raises, or a move that is not legal, keeps it
    off the ladder.
    """
    try:
        game = new_game(variant, None, 0, options)
        bots = [make_agent(name, seat, variant=variant) for seat in range(game.players)]
        for seat, bot in enumerate(bots):
            start = getattr(bot, "start", None)
            if callable(start):
                start(seat, game.view(seat))
        for _ in range(PROBE_DECISIONS):
            mover = game.to_act
            if mover is None:
                break
            moves = game.legal_moves()
            choice = bots[mover].choose(game.view(mover), moves)
            if choice not in moves:
                return f"it chose {choice!r}, not one of the legal moves"
            events = game.play(choice)
            for place, bot in enumerate(bots):
                observe = getattr(bot, "observe", None)
                if callable(observe):
                    observe(events_for_seat(game.variant, events, place))
    except Exception as error:  # any failure at all keeps the bot off this ladder
        return f"{type(error).__name__}: {error}"
    return None


def ladder_bots(variant: str, options: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The bots on ``variant``'s ladder, by the name they are played by, and those left off.

    A name ``NAME-V`` registered for a variant ``V`` stands for ``NAME`` in games of ``V``
    (as ``heuristic-coverall`` is ``heuristic`` in coverall) and is left out of the others.
    Returns the names in the registry's order and ``{name: why it does not play}``.
    """
    from unodice.core.registry import available_variants

    variants = list(available_variants())
    names: list[str] = []
    seen: set[str] = set()
    for name in agents():
        owner = next((v for v in variants if name.endswith(f"-{v}")), None)
        if owner is not None and owner != variant:
            continue
        played_as = name[: -len(f"-{owner}")] if owner is not None else name
        resolved = registered_agent_name(played_as, variant)
        if resolved is None or resolved in seen:
            continue
        seen.add(resolved)
        names.append(played_as)
    kept: list[str] = []
    left: dict[str, str] = {}
    for name in names:
        why = probe(name, variant, options)
        if why is None:
            kept.append(name)
        else:
            left[name] = why
    return kept, left


def measure(
    variant: str,
    bot: str,
    players: int,
    games: int,
    seed: int,
    workers: int,
    options: Mapping[str, Any],
) -> tuple[AgentResult, float]:
    """``bot`` against ``players - 1`` heuristics: its result and the run's wall seconds."""
    seats: dict[str, str] = {"bot": bot}
    for index in range(1, players):
        seats[f"opponent-{index}"] = OPPONENT
    began = time.perf_counter()
    report = tournament(
        variant,
        seats,
        games=games,
        seed=seed,
        players=players,
        workers=workers,
        options=options,
    )
    return report.agents[0], time.perf_counter() - began


def verdict(result: AgentResult, par: float) -> str:
    """Whether the 95% interval lies above par, below it, or holds it."""
    if result.low > par:
        return "stronger"
    if result.high < par:
        return "weaker"
    return "within noise"


def share(result: AgentResult) -> str:
    """A share with its 95% interval, as the tables print it."""
    return f"{result.win_rate:.3f} [{result.low:.3f}, {result.high:.3f}]"


def ms(result: AgentResult) -> str:
    """Milliseconds per decision, to three decimals below one and three figures above."""
    value = result.ms_per_decision
    return f"{value:.3f}" if value < 1 else f"{value:.3g}" if value < 100 else f"{value:.0f}"


def budget(name: str, variant: str) -> str:
    """How much bot ``name`` searches, from the attributes of BUDGET it has (or "—")."""
    bot = make_agent(name, 0, variant=variant)
    said = [
        f"{attribute} {value:g}"
        for attribute in BUDGET
        if isinstance(value := getattr(bot, attribute, None), int | float)
        and not isinstance(value, bool)
    ]
    return ", ".join(said) or "—"


def summaries() -> dict[str, str]:
    """Each registered bot's one-line summary, by name."""
    return {name: info.summary for name, info in agents().items()}


def table(variant: str, rows: Sequence[dict[str, Any]], settings: str) -> str:
    """The Markdown table of one variant's ladder."""
    said = summaries()
    lines = [
        f"### {variant}",
        "",
        settings,
        "",
        "| bot | 2 players: share vs heuristic [95%] | | 4 players: share vs 3 heuristics "
        "(par 0.25) [95%] | | ms/decision (2p, 4p) | budget | how it plays |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        two, four = row["two"], row["four"]
        summary = said.get(f"{row['bot']}-{variant}") or said.get(row["bot"], "")
        lines.append(
            f"| `{row['bot']}` | {share(two)} | {verdict(two, 0.5)} | {share(four)} | "
            f"{verdict(four, 0.25)} | {ms(two)}, {ms(four)} | {budget(row['bot'], variant)} | "
            f"{summary} |"
        )
    return "\n".join(lines)


def settings_line(
    variant: str, games2: int, games4: int, seed: int, options: Mapping[str, Any]
) -> str:
    """The settings of a variant's table, in words."""
    form = ", ".join(f"{key}={value}" for key, value in options.items()) or "as it is"
    return (
        f"{games2:,} two-player games a bot (half in each seat order, each deal played both "
        f"ways), {games4:,} four-player games a bot (each deal played with the bot in each "
        f"seat), seed {seed}, options: {form}."
    )


def write(page: Path, blocks: Mapping[str, str]) -> None:
    """Put each variant's block between its markers in ``page``."""
    text = page.read_text(encoding="utf-8")
    for variant, block in blocks.items():
        start, end = f"<!-- ladder:{variant}:start -->", f"<!-- ladder:{variant}:end -->"
        inside = f"{start}\n{block}\n{end}"
        before, found, after = text.partition(start)
        if found and end in after:
            text = before + inside + after.split(end, 1)[1]
        else:
            text = text.rstrip("\n") + f"\n\n{inside}\n"
    page.write_text(text, encoding="utf-8")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Measure every registered bot of each variant against its heuristic."
    )
    parser.add_argument("--games", type=int, default=1000, help="two-player games a bot")
    parser.add_argument(
        "--games4", type=int, default=None, help="four-player games a bot (default: --games)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of every tournament")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (1: in this one)")
    parser.add_argument(
        "--variants", default=None, help="variants, comma-separated (default: the built-in ones)"
    )
    parser.add_argument(
        "--bots", default=None, help="only these bots, comma-separated (default: every one)"
    )
    parser.add_argument(
        "--matches", action="store_true", help="whole matches instead of the short forms"
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_GAMES} games a cell: checks that it runs"
    )
    parser.add_argument("--write", type=Path, default=None, help="the page to put the tables in")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    games2 = QUICK_GAMES if args.quick else args.games
    games4 = QUICK_GAMES if args.quick else (args.games4 or args.games)
    variants = (
        [name.strip() for name in args.variants.split(",") if name.strip()]
        if args.variants
        else builtin_variants()
    )
    wanted = {name.strip() for name in args.bots.split(",")} if args.bots else None
    blocks: dict[str, str] = {}
    began = time.perf_counter()
    for variant in variants:
        options = game_options(variant, args.matches)
        bots, left = ladder_bots(variant, options)
        for name, why in left.items():
            print(f"{variant}: {name} is not on the ladder ({why})", file=sys.stderr)
        if wanted is not None:
            bots = [name for name in bots if name in wanted]
        rows: list[dict[str, Any]] = []
        for bot in bots:
            two, seconds2 = measure(variant, bot, 2, games2, args.seed, args.workers, options)
            four, seconds4 = measure(variant, bot, 4, games4, args.seed, args.workers, options)
            print(
                f"{variant}: {bot}: 2 players {share(two)} in {seconds2:.1f} s, "
                f"4 players {share(four)} in {seconds4:.1f} s",
                file=sys.stderr,
            )
            rows.append({"bot": bot, "two": two, "four": four})
        rows.sort(key=lambda row: -row["two"].win_rate)
        settings = settings_line(
            variant,
            rows[0]["two"].games if rows else games2,
            rows[0]["four"].games if rows else games4,
            args.seed,
            options,
        )
        blocks[variant] = table(variant, rows, settings)
        print(blocks[variant], end="\n\n")
    print(f"ladder: {time.perf_counter() - began:.0f} s", file=sys.stderr)
    if args.write is not None:
        write(args.write, blocks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
