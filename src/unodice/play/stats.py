"""Statistics of many games: tallies that merge exactly, and the report made from them.

A [`Tally`][unodice.play.stats.Tally] counts what happened in some games: who won (and with how
many others), each seat's final score, how many decisions and rounds each game took. All of it
is kept as counts of whole numbers, so two tallies merge by adding counts: the merge is
associative and commutative, and quantiles stay exact however the games were split up. A
[`Report`][unodice.play.stats.Report] is computed from the merged tally only, so the same games give
the same report, to the last bit, on one process, many processes or a cluster.

Ties: a game won jointly by ``k`` seats gives each of them ``1/k`` of a win. A seat's win rate
is its share of wins divided by the number of games, so the rates of all seats add up to one.
Outright wins and shared wins are also counted separately.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from unodice.core.errors import UnodiceError
from unodice.core.options import option_text

__all__ = ["QUANTILES", "Distribution", "Report", "SeatResult", "Tally", "wilson_interval"]

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

QUANTILES: tuple[tuple[str, Fraction], ...] = (
    ("p5", Fraction(5, 100)),
    ("p25", Fraction(25, 100)),
    ("median", Fraction(50, 100)),
    ("p75", Fraction(75, 100)),
    ("p95", Fraction(95, 100)),
)
"""The quantiles a [`Distribution`][unodice.play.stats.Distribution] summary lists, by name."""


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    It behaves well near 0 and 1 and for small samples, unlike the normal approximation.
    ``successes`` may be fractional (shared wins count as fractions of a win).

    Args:
        successes: Number of successes, from 0 to ``trials``.
        trials: Number of trials; with none, the interval is all of ``[0, 1]``.
        z: The normal quantile of the confidence level.

    Returns:
        The lower and upper bound, within ``[0, 1]``.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half_width = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half_width), min(1.0, centre + half_width)


@attrs.frozen
class Distribution:
    """The distribution of a whole-number quantity, kept as exact counts per value.

    Attributes:
        counts: ``(value, how many times)`` pairs, sorted by value, every count positive.
    """

    counts: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, counter: Mapping[int, int]) -> Distribution:
        """The distribution of a ``{value: count}`` mapping (zero counts are dropped)."""
        return cls(tuple(sorted((value, n) for value, n in counter.items() if n > 0)))

    @property
    def count(self) -> int:
        """How many values were counted."""
        return sum(n for _, n in self.counts)

    @property
    def total(self) -> int:
        """The sum of all values counted."""
        return sum(value * n for value, n in self.counts)

    @property
    def mean(self) -> float:
        """The mean (0.0 when empty)."""
        count = self.count
        return self.total / count if count else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation (0.0 for fewer than two values).

        Computed from exact integer sums, so it does not depend on the order of counting.
        """
        count = self.count
        if count < 2:
            return 0.0
        total = self.total
        squares = sum(value * value * n for value, n in self.counts)
        return math.sqrt(Fraction(count * squares - total * total, count * (count - 1)))

    @property
    def min(self) -> int | None:
        """The smallest value, or ``None`` when empty."""
        return self.counts[0][0] if self.counts else None

    @property
    def max(self) -> int | None:
        """The largest value, or ``None`` when empty."""
        return self.counts[-1][0] if self.counts else None

    def quantile(self, q: Fraction | float) -> int | None:
        """The exact ``q`` quantile, by the nearest-rank definition.

        That is the smallest value with at least a fraction ``q`` of the counts at or below it;
        it is always one of the values counted, and exact however the counts were merged.

        Args:
            q: A fraction from 0 to 1 (0 gives the minimum, 1 the maximum).

        Returns:
            The value, or ``None`` when the distribution is empty.
        """
        q = Fraction(q)
        if not 0 <= q <= 1:
            raise ValueError(f"a quantile is a fraction from 0 to 1, not {q}")
        count = self.count
        if not count:
            return None
        rank = max(1, math.ceil(q * count))
        seen = 0
        for value, n in self.counts:
            seen += n
            if seen >= rank:
                return value
        raise AssertionError("unreachable: the ranks add up to the count")

    def summary(self) -> dict[str, Any]:
        """Count, mean, stdev, min, [`QUANTILES`][unodice.play.stats.QUANTILES], max, by name."""
        data: dict[str, Any] = {
            "count": self.count,
            "mean": self.mean,
            "stdev": self.stdev,
            "min": self.min,
        }
        for name, q in QUANTILES:
            data[name] = self.quantile(q)
        data["max"] = self.max
        return data

    def to_json(self) -> dict[str, Any]:
        """The summary plus the full histogram as ``[value, count]`` pairs."""
        return {**self.summary(), "histogram": [list(pair) for pair in self.counts]}


_K = TypeVar("_K")


def _plus(one: Counter[_K], other: Counter[_K]) -> Counter[_K]:
    """``one + other`` for counts that are all positive, in time that grows with the smaller.

    A simulation merges each few games' counts into the counts of all the games so far; adding
    the few to a copy of the many (a copy is one C loop) keeps that from growing with the run.
    """
    if len(one) < len(other):
        one, other = other, one
    total = one.copy()
    for key, count in other.items():
        total[key] += count
    return total


@attrs.define(eq=True)
class Tally:
    """What happened in a number of games of one seat count, as counts that merge exactly.

    Build one with [`empty`][unodice.play.stats.Tally.empty], count games into it with
    [`add`][unodice.play.stats.Tally.add], and combine tallies with
    [`merge`][unodice.play.stats.Tally.merge] (associative and commutative; the empty tally is its
    identity).

    Attributes:
        players: The seat count of every game counted.
        games: How many games were counted.
        wins: ``(seat, number of winners) -> games``: how often the seat won, alone (``1``) or
            jointly with others.
        scores: Per seat, ``final score -> games``.
        decisions: ``decisions in the game -> games``.
        rounds: ``rounds in the match -> games``.
    """

    players: int
    games: int = 0
    wins: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    scores: tuple[Counter[int], ...] = ()
    decisions: Counter[int] = attrs.field(factory=Counter)
    rounds: Counter[int] = attrs.field(factory=Counter)

    @classmethod
    def empty(cls, players: int) -> Tally:
        """A tally of no games."""
        return cls(players, scores=tuple(Counter() for _ in range(players)))

    def add(
        self, scores: Sequence[int], winners: Iterable[int], decisions: int, rounds: int
    ) -> None:
        """Count one finished game.

        Args:
            scores: The final score of each seat (whole numbers).
            winners: The winning seats (one or more).
            decisions: How many decisions the game took.
            rounds: How many rounds the match took.

        Raises:
            UnodiceError: A score is not a whole number, the seat count is wrong, or there is
                no winner.
        """
        if len(scores) != self.players:
            raise UnodiceError(f"expected {self.players} scores, got {len(scores)}")
        winners = tuple(winners)
        if not winners:
            raise UnodiceError("a finished game must name at least one winner")
        for seat, score in enumerate(scores):
            self.scores[seat][_whole(score)] += 1
        for seat in winners:
            self.wins[seat, len(winners)] += 1
        self.decisions[decisions] += 1
        self.rounds[rounds] += 1
        self.games += 1

    def add_many(
        self,
        scores: Sequence[int],
        winners: Sequence[int],
        decisions: Sequence[int],
        rounds: Sequence[int],
    ) -> None:
        """Count many finished games at once, given as runs of numbers, game by game.

        The same counts as [`add`][unodice.play.stats.Tally.add] for each game in turn.

        Args:
            scores: The final score of each seat, ``players`` whole numbers per game.
            winners: Per game, the winning seats as bits (seat ``s`` is ``1 << s``).
            decisions: Per game, how many decisions it took.
            rounds: Per game, how many rounds the match took.

        Raises:
            UnodiceError: The runs do not have one entry per game (``players`` of the
                scores), or a game has no winner.
        """
        games = len(decisions)
        players = self.players
        if len(scores) != games * players or len(winners) != games or len(rounds) != games:
            raise UnodiceError(
                f"expected {games} games of {players} scores, winners, decisions and rounds"
            )
        by_winners = Counter(winners)
        if by_winners[0]:
            raise UnodiceError("a finished game must name at least one winner")
        if max(by_winners, default=0) >> players:
            raise UnodiceError(f"a winner beyond the {players} seats")
        for bits, count in by_winners.items():
            seats = [seat for seat in range(players) if bits >> seat & 1]
            for seat in seats:
                self.wins[seat, len(seats)] += count
        for seat in range(players):
            self.scores[seat].update(scores[seat::players])
        self.decisions.update(decisions)
        self.rounds.update(rounds)
        self.games += games

    def merge(self, other: Tally) -> Tally:
        """A new tally counting the games of both (neither is changed).

        Raises:
            UnodiceError: The tallies are for different seat counts.
        """
        if other.players != self.players:
            raise UnodiceError(
                f"cannot merge tallies of {self.players} and {other.players} players"
            )
        return Tally(
            self.players,
            self.games + other.games,
            _plus(self.wins, other.wins),
            tuple(
                _plus(mine, theirs) for mine, theirs in zip(self.scores, other.scores, strict=True)
            ),
            _plus(self.decisions, other.decisions),
            _plus(self.rounds, other.rounds),
        )

    def win_share(self, seat: int) -> Fraction:
        """The seat's wins, a shared win counting as ``1/k`` for ``k`` winners."""
        return sum(
            (Fraction(n, k) for (s, k), n in sorted(self.wins.items()) if s == seat),
            Fraction(0),
        )


def _whole(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise UnodiceError(f"scores must be whole numbers to be tallied, got {value!r}")


@attrs.frozen
class SeatResult:
    """How one seat did over all games.

    Attributes:
        seat: The seat number.
        agent: The name of the agent that played it.
        wins: Games it won alone.
        shared: Games it won jointly with other seats.
        win_share: Its wins with a shared win counted as ``1/k`` for ``k`` winners.
        win_rate: ``win_share`` divided by the number of games.
        low: Lower end of the 95% Wilson interval of the win rate.
        high: Upper end of that interval.
        score: The distribution of its final scores.
    """

    seat: int
    agent: str
    wins: int
    shared: int
    win_share: float
    win_rate: float
    low: float
    high: float
    score: Distribution

    def to_json(self) -> dict[str, Any]:
        """The seat's result as JSON-ready data."""
        return {
            "seat": self.seat,
            "agent": self.agent,
            "wins": self.wins,
            "shared_wins": self.shared,
            "win_share": self.win_share,
            "win_rate": self.win_rate,
            "win_rate_95": [self.low, self.high],
            "score": self.score.summary(),
        }


@attrs.frozen
class Report:
    """The result of a simulation: win rates per seat and the shape of scores and game lengths.

    It depends only on what was simulated (variant, seats, agents, seed, options, house rules,
    number of games), never on how the work was split, so equal reports compare equal.

    Attributes:
        variant: The variant's name.
        players: Seats per game.
        games: Games played.
        seed: The simulation's seed (game ``i`` derives its own seed from it).
        agents: The agent name at each seat.
        options: The variant options used, as JSON-ready data.
        house_rules: The house rules in force.
        seats: One [`SeatResult`][unodice.play.stats.SeatResult] per seat.
        ties: Games won jointly by more than one seat.
        score: Final scores of every seat of every game, pooled.
        decisions: Decisions per game (the game's length).
        rounds: Rounds per match.
        tally: The merged counts everything above is computed from.
    """

    variant: str
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    options: Mapping[str, Any]
    house_rules: tuple[str, ...]
    seats: tuple[SeatResult, ...]
    ties: int
    score: Distribution
    decisions: Distribution
    rounds: Distribution
    tally: Tally = attrs.field(repr=False)

    @classmethod
    def from_tally(
        cls,
        tally: Tally,
        *,
        variant: str,
        seed: int,
        agents: Sequence[str],
        options: Mapping[str, Any],
        house_rules: Sequence[str] = (),
    ) -> Report:
        """Compute the report of a merged tally.

        Args:
            tally: The counts of every game.
            variant: The variant's name.
            seed: The simulation's seed.
            agents: The agent name at each seat.
            options: The options used, as JSON-ready data.
            house_rules: The house rules in force.
        """
        seats = tuple(_seat_result(tally, seat, agents[seat]) for seat in range(tally.players))
        pooled: Counter[int] = Counter()
        for per_seat in tally.scores:
            pooled.update(per_seat)
        # A game won by k seats appears once per winner, so it counts k times 1/k.
        ties = sum((Fraction(n, k) for (_, k), n in tally.wins.items() if k > 1), Fraction(0))
        return cls(
            variant=variant,
            players=tally.players,
            games=tally.games,
            seed=seed,
            agents=tuple(agents),
            options=dict(options),
            house_rules=tuple(house_rules),
            seats=seats,
            ties=int(ties),
            score=Distribution.of(pooled),
            decisions=Distribution.of(tally.decisions),
            rounds=Distribution.of(tally.rounds),
            tally=tally,
        )

    @property
    def decisions_per_game(self) -> float:
        """The mean number of decisions per game."""
        return self.decisions.mean

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (distributions with their full histograms)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "options": dict(self.options),
            "house_rules": list(self.house_rules),
            "ties": self.ties,
            "seats": [seat.to_json() for seat in self.seats],
            "score": self.score.to_json(),
            "decisions": self.decisions.to_json(),
            "rounds": self.rounds.to_json(),
        }

    def __str__(self) -> str:
        return "\n".join(_report_lines(self))


def _seat_result(tally: Tally, seat: int, agent: str) -> SeatResult:
    share = tally.win_share(seat)
    rate = share / tally.games if tally.games else Fraction(0)
    low, high = wilson_interval(float(share), tally.games)
    return SeatResult(
        seat=seat,
        agent=agent,
        wins=tally.wins.get((seat, 1), 0),
        shared=sum(n for (s, k), n in tally.wins.items() if s == seat and k > 1),
        win_share=float(share),
        win_rate=float(rate),
        low=low,
        high=high,
        score=Distribution.of(tally.scores[seat]),
    )


def _report_lines(report: Report) -> list[str]:
    options = ", ".join(f"{key}={option_text(value)}" for key, value in report.options.items())
    rules = f", house rules {', '.join(report.house_rules)}" if report.house_rules else ""
    width = max([len("agent"), *(len(seat.agent) for seat in report.seats)])  # sized to content
    lines = [
        f"{report.variant}: {report.games:,} {'game' if report.games == 1 else 'games'}, "
        f"{report.players} players, seed {report.seed}"
        + (f", options {options}" if options else "")
        + rules,
        "",
        f"{'seat':>4}  {'agent':<{width}}  {'win rate':>8}  {'95% interval':<15}  "
        f"{'wins':>8}  {'shared':>7}  {'mean score':>10}",
    ]
    for seat in report.seats:
        interval = f"{seat.low:.1%}–{seat.high:.1%}"
        lines.append(
            f"{seat.seat:>4}  {seat.agent:<{width}}  {seat.win_rate:>8.1%}  {interval:<15}  "
            f"{seat.wins:>8,}  {seat.shared:>7,}  {seat.score.mean:>10.2f}"
        )
    if report.ties:
        lines.append(
            f"{report.ties:,} {'game was' if report.ties == 1 else 'games were'} won jointly; "
            "each of k joint winners gets 1/k of a win."
        )
    names = [name for name, _ in QUANTILES]
    lines += [
        "",
        f"{'':<16}{'mean':>9}{'stdev':>9}{'min':>7}"
        + "".join(f"{name:>7}" for name in names)
        + f"{'max':>7}",
    ]
    for label, distribution in (
        ("score", report.score),
        ("decisions/game", report.decisions),
        ("rounds/match", report.rounds),
    ):
        summary = distribution.summary()
        lines.append(
            f"{label:<16}{summary['mean']:>9.2f}{summary['stdev']:>9.2f}{summary['min']!s:>7}"
            + "".join(f"{summary[name]!s:>7}" for name in names)
            + f"{summary['max']!s:>7}"
        )
    return lines
