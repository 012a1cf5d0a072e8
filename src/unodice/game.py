"""The game: one match of one variant, from setup to final scores.

[`new_game`][unodice.game.new_game] makes a [`Game`][unodice.game.Game]. The game advances by
itself through everything that is not a choice and stops at each decision:
[`to_act`][unodice.game.Game.to_act] is the seat that must choose and
[`legal_moves`][unodice.game.Game.legal_moves] what it may choose. [`play`][unodice.game.Game.play]
carries out one choice (or refuses it, leaving the game exactly as it was) and returns what
happened as events.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pluggy

from unodice.chance import Chance
from unodice.errors import IllegalMove, InvalidOptions, UnodiceError
from unodice.hooks import PROJECT, HookSpecs
from unodice.moves import Event, GameEnded, Move, MovePlayed, RoundEnded, RoundStarted, Scored
from unodice.options import build_options, options_to_json
from unodice.registry import HouseRule, Registry, default_registry
from unodice.variant import RoundOutcome, State, Variant, View

__all__ = ["Game", "new_game", "parse_game_string"]

_GAME_STRING = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def parse_game_string(text: str) -> tuple[str, dict[str, str]]:
    """Split ``"coverall(players=3,partition=false)"`` into a name and raw option texts.

    Raises:
        InvalidOptions: The text is not ``name`` or ``name(key=value, ...)``.
    """
    match = _GAME_STRING.match(text)
    if not match:
        raise InvalidOptions(
            f"cannot read game {text!r}; write NAME or NAME(key=value,...), "
            "for example coverall(players=3,partition=false)"
        )
    name, body = match.group(1), match.group(2)
    values: dict[str, str] = {}
    if body and body.strip():
        for part in body.split(","):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or not key or not value.strip():
                raise InvalidOptions(f"in game {text!r}: {part.strip()!r} is not key=value")
            if key in values:
                raise InvalidOptions(f"in game {text!r}: {key!r} is given twice")
            values[key] = value.strip()
    return name, values


class _RuleHooks:
    """The rule hooks of the house rules one game uses (none: no dispatch at all)."""

    def __init__(self, rules: Sequence[HouseRule]):
        self.manager = pluggy.PluginManager(PROJECT)
        self.manager.add_hookspecs(HookSpecs)
        for rule in rules:
            self.manager.register(rule.hooks, name=f"house-rule:{rule.name}")


class _Table:
    """The core's services to the variant (see `unodice.variant.Table`)."""

    __slots__ = ("_game",)

    def __init__(self, game: Game):
        self._game = game

    @property
    def chance(self) -> Chance:
        return self._game._chance

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def round(self) -> int:
        return self._game._round

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._game._totals)

    def emit(self, event: Event) -> None:
        self._game._emit(event)

    def score(self, seat: int, points: int, reason: str, context: Mapping[str, Any]) -> int:
        game = self._game
        if game._hooks is not None:
            changed = game._hooks.manager.hook.unodice_score(
                game=game, seat=seat, points=points, reason=reason, context=context
            )
            if changed is not None:
                if type(changed) is not int:
                    raise UnodiceError(f"a house rule's unodice_score returned {changed!r}")
                points = changed
        game._totals[seat] += points
        game._round_points[seat] += points
        game._emit(Scored(seat, points, reason))
        return points

    def end_round(self, winners: Sequence[int]) -> None:
        self._game._round_winners = tuple(winners)


class Game:
    """One match of one variant. Make it with [`new_game`][unodice.game.new_game].

    Attributes:
        variant: The variant instance (its ``name``, ``title`` and ``options``).
        players: Number of seats.
        options: The checked options.
        seed: The seed of the game's chance (a record replays from it and its outcomes).
        house_rules: The names of the house rules in force.
    """

    def __init__(
        self,
        variant: Variant,
        *,
        seed: int,
        chance: Chance | None = None,
        house_rules: Sequence[HouseRule] = (),
    ):
        self.variant = variant
        self.players = variant.player_count
        self.options = variant.options
        self.seed = seed
        self.house_rules: tuple[str, ...] = tuple(rule.name for rule in house_rules)
        self._chance = chance if chance is not None else Chance(seed)
        self._hooks = _RuleHooks(house_rules) if house_rules else None
        self._table = _Table(self)
        self._events: list[Event] = []
        self._moves: list[Move] = []
        self._totals = [0] * self.players
        self._round = 0
        self._round_points = [0] * self.players
        self._round_winners: tuple[int, ...] | None = None
        self._over = False
        self._winners: tuple[int, ...] = ()
        self._legal: tuple[Move, ...] | None = None
        self._by_text: dict[str, Move] | None = None
        self.state: State = self._start_round(None)
        self._settle()

    # -- public questions ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""
        return None if self._over else self.state.to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._over

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals, per seat (the sum of every ``Scored`` event so far)."""
        return tuple(self._totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several on a tie); empty before."""
        return self._winners

    @property
    def round(self) -> int:
        """The current round's number, from 1."""
        return self._round

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order."""
        return tuple(self._events)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, in order."""
        return tuple(self._moves)

    @property
    def chance(self) -> Chance:
        """The game's source of chance (read it; do not draw from it)."""
        return self._chance

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move for [`to_act`][unodice.game.Game.to_act], in a stable order.

        Empty once the game is over. Computed once per decision.
        """
        if self._legal is None:
            self._legal = () if self._over else self.variant.legal_moves(self.state)
        return self._legal

    # -- playing -------------------------------------------------------------------------------

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Carry out a move, given as a move object or in the variant's notation.

        Returns:
            The events the move caused, in order.

        Raises:
            IllegalMove: The move is not legal now (the reason names the rule clause); the
                game is unchanged.
        """
        chosen = self._resolve(move)
        mark = len(self._events)
        seat = self.state.to_act
        assert seat is not None
        self._moves.append(chosen)
        self._legal = self._by_text = None
        self._emit(MovePlayed(seat, chosen))
        self.variant.apply(self._table, self.state, chosen)
        self._settle()
        return tuple(self._events[mark:])

    def _resolve(self, move: Move | str) -> Move:
        if self._over:
            raise IllegalMove(move, "the game is over")
        legal = self.legal_moves()
        if isinstance(move, str):
            if self._by_text is None:
                self._by_text = {str(m): m for m in legal}
            found = self._by_text.get(move.strip())
            if found is not None:
                return found
            move = self.variant.parse_move(move)
            if move in legal:
                return move
        elif not isinstance(move, Move):
            raise IllegalMove(move, f"expected a move or its notation, not {type(move).__name__}")
        elif move in legal:
            return move
        raise self.variant.explain_illegal(self.state, move)

    def _emit(self, event: Event) -> None:
        self._events.append(event)
        if self._hooks is not None:
            self._hooks.manager.hook.unodice_event(game=self, event=event)

    def _start_round(self, previous: RoundOutcome | None) -> State:
        self._round += 1
        self._round_points = [0] * self.players
        self._round_winners = None
        self._emit(RoundStarted(self._round))
        return self.variant.start_round(self._table, previous)

    def _settle(self) -> None:
        """Close finished rounds, start the next ones, end the match when it is over."""
        while self._round_winners is not None:
            outcome = RoundOutcome(self._round, self._round_winners, tuple(self._round_points))
            self._emit(RoundEnded(outcome.round, outcome.winners, outcome.points))
            if self.variant.match_over(self._totals, self._round):
                self._over = True
                self._winners = self.variant.match_winners(self._totals)
                self._emit(GameEnded(tuple(self._totals), self._winners))
                return
            self.state = self._start_round(outcome)
        if self.state.to_act is None:
            raise UnodiceError(
                f"variant {self.variant.name!r} stopped with nobody to act and no round end"
            )

    # -- looking -------------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see: public information and its own pieces, nothing hidden."""
        if not 0 <= seat < self.players:
            raise InvalidOptions(f"seat must be from 0 to {self.players - 1}, got {seat}")
        return View(
            seat=seat,
            to_act=self.to_act,
            scores=tuple(self._totals),
            round=self._round,
            data=self.variant.view_data(self.state, seat),
            variant=self.variant,
        )

    def render(self, seat: int | None = None, colour: bool = False) -> str:
        """The position as text, as the command line shows it."""
        return self.variant.render(self.state, seat, colour)

    def copy(self) -> Game:
        """An independent copy of the game, for search: playing on it leaves this one as is."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._chance = self._chance.copy()
        twin._table = _Table(twin)
        twin._events = list(self._events)
        twin._moves = list(self._moves)
        twin._totals = list(self._totals)
        twin._round_points = list(self._round_points)
        twin.state = self.state.copy()
        return twin

    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data that [`replay`][unodice.record.replay] turns back into it."""
        from unodice.record import make_record

        return make_record(self)

    def options_json(self) -> dict[str, Any]:
        """The options as JSON-ready data."""
        return options_to_json(self.options)

    def __repr__(self) -> str:
        status = "over" if self._over else f"seat {self.to_act} to act"
        return f"<Game {self.variant.name} players={self.players} seed={self.seed} {status}>"


def new_game(
    variant: str,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Iterable[str] = (),
    *,
    chance: Chance | None = None,
    registry: Registry | None = None,
) -> Game:
    """Start a game of an installed variant.

    Args:
        variant: The variant's name, or a game string such as
            ``"coverall(players=3,partition=false)"`` (``players`` may be given there).
        players: Number of seats; defaults to the variant's smallest count.
        seed: Any integer; the same seed and moves give the same game. ``None`` picks one
            at random (still recorded, so the game replays).
        options: Option values; see ``unodice variants`` or the variant's page.
        house_rules: Names of installed house rules this game uses.
        chance: A chance source to use instead of the seeded one (tests, replay).
        registry: Where to look up plugins (default: every installed plugin).

    Raises:
        UnknownVariant: No such variant or house rule is installed.
        PluginError: The plugin that provides it is broken.
        InvalidOptions: Bad options, player count or game string, with what is valid.
    """
    registry = registry or default_registry()
    name, text_options = parse_game_string(variant)
    info = registry.variant(name)
    values: dict[str, Any] = dict(text_options)
    if "players" in values:
        text_players = values.pop("players")
        try:
            parsed_players = int(text_players)
        except ValueError:
            raise InvalidOptions(f"players must be a whole number, got {text_players!r}") from None
        if players is not None and players != parsed_players:
            raise InvalidOptions(f"players given twice: {parsed_players} and {players}")
        players = parsed_players
    for key, value in (options or {}).items():
        if key in values:
            raise InvalidOptions(f"option {key!r} is given twice")
        values[key] = value
    if players is None:
        players = info.players.start
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
        raise InvalidOptions(
            f"{name} is for {info.players.start} to {info.players.stop - 1} players, "
            f"not {players!r}"
        )
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptions(f"seed must be a whole number, got {seed!r}")
    rules = []
    for rule_name in house_rules:
        rule = registry.house_rule(rule_name)
        if rule.variants is not None and name not in rule.variants:
            raise InvalidOptions(
                f"house rule {rule_name!r} is for {', '.join(rule.variants)}, not {name}"
            )
        rules.append(rule)
    if len({r.name for r in rules}) != len(rules):
        raise InvalidOptions("a house rule is named twice")
    checked = build_options(info.variant_class.Options, values, name)
    instance = info.variant_class(checked, players, registry.component_sets())
    return Game(instance, seed=seed, chance=chance, house_rules=rules)
