"""The kit for testing variants and house rules, the library's own and third parties' alike.

* [`scripted_game`][unodice.testing.scripted_game] starts a game whose dice and draws follow a
  script ([`Roll`][unodice.core.chance.Roll], [`Showing`][unodice.core.chance.Showing],
  [`Draw`][unodice.core.chance.Draw]), for tests of single rules: from the variant's setup or from a
  position, with the variant's components or the test's own;
  [`script_used`][unodice.testing.script_used] then says whether the game used the whole script.
* [`refused`][unodice.testing.refused] checks that a move is refused and changes nothing, and
  returns the refusal for the test to look at.
* [`check_variant`][unodice.testing.check_variant] plays a variant through many random games and
  checks what every variant must honour: legal moves are playable and their notation reads back,
  games end, a seed fixes a game, records replay, copies are independent, views hide what they
  must, pieces are conserved, scores add up, refused moves change nothing and a determinized
  game agrees with what its seat has seen and shares nothing a bot could change with the game,
  a game started from a position (for a variant that
  describes positions) plays exactly as the game it was written from, and no picture (for a
  variant that draws them) shows a piece hidden from its seat.
* [`boundary_problems`][unodice.testing.boundary_problems] walks everything a bot can reach
  from its view, its legal moves and the events it is shown, and says what it could misuse:
  a hidden piece, a container it could change, an attribute it could set;
  [`shared_problems`][unodice.testing.shared_problems] does the same for a determinized game,
  against the game it was made from.
"""

from __future__ import annotations

import copy
import enum
import json
import random
from array import array
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import attrs

from unodice.core.capabilities import Inventory, Pictures, Positions, Reference
from unodice.core.chance import Chance, Draw, Roll, ScriptedChance, ScriptError, Showing
from unodice.core.errors import IllegalMove, InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Move, RoundEnded, Scored
from unodice.core.pieces import ComponentSet, Die, Domino
from unodice.core.registry import Registry, default_registry
from unodice.core.setup import new_game
from unodice.core.values import Value, fields_of
from unodice.play.agents import RandomAgent
from unodice.records.record import replay

__all__ = [
    "CheckReport",
    "Draw",
    "Roll",
    "ScriptError",
    "ScriptedChance",
    "Showing",
    "VariantCheckFailed",
    "boundary_problems",
    "check_variant",
    "hidden_from",
    "pieces_drawn",
    "pieces_in",
    "refused",
    "script_used",
    "scripted_game",
    "shared_problems",
]


def scripted_game(
    variant: str | None = None,
    script: Iterable[Roll | Showing | Draw | str] = (),
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    house_rules: Sequence[str] = (),
    registry: Registry | None = None,
    lenient: bool = False,
    components: ComponentSet | Sequence[str] | None = None,
    position: str | None = None,
    pause_between_rounds: bool = False,
) -> Game:
    """Start a game whose chance follows ``script``, for a test of a single rule.

    The script's entries are consumed in the order the game rolls and draws, as each variant's
    page documents it (a plain string ``"r5"`` is a [`Roll`][unodice.core.chance.Roll]). A roll or
    draw beyond the script raises [`ScriptError`][unodice.core.chance.ScriptError]; extend the
    script
    through ``game.chance.extend([...])`` to force what comes after a move, and call
    [`script_used`][unodice.testing.script_used] at the end to be told of entries never used.

    Args:
        variant: The variant's name or game string (may be left out with ``position``).
        script: The entries.
        players: Number of seats.
        options: Option values.
        seed: The seed chance carries on from once the script is spent, when ``lenient``.
        house_rules: House rules for the game.
        registry: Where to find the variant.
        lenient: Carry on from ``seed`` once the script is spent, instead of failing.
        components: A component set to play with instead of the variant's own: a
            [`ComponentSet`][unodice.core.pieces.ComponentSet], or piece codes
            (``["r9|r9", "b8|WD4"]``, or six faces per die: ``["r1 g2 b3 y4 r5 WD4"]``). The
            variant must name its set by an option
            ([`Variant.component_option`][unodice.core.variant.Variant.component_option]).
        position: Start from this position (see [`unodice.core.positions`][unodice.core.positions])
            rather than the variant's setup; the script then covers what comes after it.
        pause_between_rounds: Stop at each round's end until ``game.next_round()``.
    """
    registry = registry or default_registry()
    values = dict(options or {})
    if components is not None:
        registry, values = _with_components(variant, position, components, registry, values)
    chance = ScriptedChance(script, seed, lenient=lenient)
    return new_game(
        variant,
        players,
        seed,
        values or options,
        house_rules,
        chance=chance,
        registry=registry,
        position=position,
        pause_between_rounds=pause_between_rounds,
    )


def _with_components(
    variant: str | None,
    position: str | None,
    components: ComponentSet | Sequence[str],
    registry: Registry,
    values: dict[str, Any],
) -> tuple[Registry, dict[str, Any]]:
    """A registry that knows ``components`` too, and the options that make a game use it."""
    if not isinstance(components, ComponentSet):
        components = ComponentSet.from_codes("scripted", list(components))
    if variant is None:
        raise UnodiceError("name the variant to play the components with")
    name = variant.split("(")[0].strip()
    option = registry.variant(name).variant_class.component_option
    if option is None:
        raise UnodiceError(
            f"{name} does not let a game choose its component set (it sets no "
            "component_option), so it cannot be given components"
        )
    if option in values:
        raise InvalidOptions(f"give either components or the option {option!r}, not both")
    twin = copy.copy(registry)
    twin._components = {**registry._components, components.name: components}
    return twin, {**values, option: components.name}


def refused(game: Game, move: Move | str) -> IllegalMove:
    """Check that ``game`` refuses ``move`` and is left exactly as it was; return the refusal.

    Everything observable is compared before and after: the position (when the variant
    describes positions), every seat's view, the legal moves, the rendering, the scores and
    the history.

    Raises:
        AssertionError: The move was accepted, or refusing it changed the game.
    """
    before = _observed(game)
    try:
        events = game.play(move)
    except IllegalMove as error:
        after = _observed(game)
        if after != before:
            raise AssertionError(f"refusing {str(move)!r} changed the game") from None
        return error
    raise AssertionError(f"{str(move)!r} was accepted, with the events {[str(e) for e in events]}")


def _observed(game: Game) -> tuple[str, str | None]:
    position = None
    if isinstance(game.variant, Positions) and game.to_act is not None:
        position = game.position()
    return _position(game), position


def script_used(game: Game) -> None:
    """Check that a scripted game has used its whole script.

    Raises:
        ScriptError: Entries were never used: the game went another way than the test
            thought (the message lists them).
        UnodiceError: The game's chance is not scripted.
    """
    chance = game.chance
    if not isinstance(chance, ScriptedChance):
        raise UnodiceError("the game's chance is not scripted: start it with scripted_game")
    left = chance.unused
    if left:
        shown = ", ".join(map(str, left[:6])) + (" ..." if len(left) > 6 else "")
        raise ScriptError(
            f"{len(left)} script entr{'ies were' if len(left) != 1 else 'y was'} never used: "
            f"{shown}"
        )


class VariantCheckFailed(AssertionError):
    """A variant broke one of the rules every variant must honour."""


@attrs.define
class CheckReport:
    """What [`check_variant`][unodice.testing.check_variant] found.

    Attributes:
        variant: The variant checked.
        games: How many games were played.
        decisions: How many decisions were made in all.
        failures: One line per problem found; empty when the variant passed.
    """

    variant: str
    games: int = 0
    decisions: int = 0
    failures: list[str] = attrs.field(factory=list)

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.failures


def pieces_in(value: Any) -> list[Die | Domino]:
    """Every die and domino found anywhere inside ``value`` (views, events, nested data)."""
    found: list[Die | Domino] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Die | Domino):
            found.append(item)
        elif isinstance(item, Value):
            stack.extend(fields_of(item).values())
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif attrs.has(type(item)):
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
    return found


_ATOMS = (type(None), bool, int, float, complex, str, bytes, range, type, enum.Enum)
_MUTABLE = (list, dict, set, bytearray, array, deque)
_WALK_LIMIT = 50_000


def _public_values(item: Any) -> Iterator[tuple[str, Any]]:
    """The public attributes of ``item`` that hold data (methods and classes left out)."""
    for name in dir(item):
        if name.startswith("_"):
            continue
        try:
            value = getattr(item, name)
        except Exception:
            continue
        if callable(value) and not isinstance(value, _ATOMS + _MUTABLE + (tuple, frozenset)):
            continue
        yield name, value


def _reachable(roots: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``roots`` through public attributes and items, with a path.

    This is what a bot reaches by ordinary means: attributes whose names do not start with an
    underscore, the items of sequences and the keys and values of mappings. (Python lets code
    that digs into private attributes reach anything in its process; no library can stop that,
    and bots that must be kept honest run in a process of their own.)
    """
    seen: set[int] = set()
    stack = [(path, value) for path, value in reversed(list(roots.items()))]
    while stack and len(seen) < _WALK_LIMIT:
        path, item = stack.pop()
        # A module is not the game's to give: any code can import it.
        if isinstance(item, (*_ATOMS, ModuleType)) or id(item) in seen:
            continue
        seen.add(id(item))
        yield path, item
        if isinstance(item, Mapping):
            for key, value in reversed(list(item.items())):
                stack.append((f"{path}[{key!r}]", value))
                stack.append((f"{path} key {key!r}", key))
        elif isinstance(item, list | tuple | set | frozenset | deque | array):
            ordered = sorted(item, key=repr) if isinstance(item, set | frozenset) else list(item)
            stack.extend((f"{path}[{i}]", value) for i, value in reversed(list(enumerate(ordered))))
        if not isinstance(item, Mapping | list | set | frozenset | deque | array) or (
            hasattr(item, "_fields")
        ):
            stack.extend(
                (f"{path}.{name}", value) for name, value in reversed(list(_public_values(item)))
            )


def boundary_problems(roots: Mapping[str, Any], hidden: Iterable[Die | Domino] = ()) -> list[str]:
    """What a bot could misuse among everything it reaches from ``roots``.

    Args:
        roots: What the bot is handed, by name: ``{"view": view, "moves": moves}``.
        hidden: The pieces the bot's seat may not see.

    Returns:
        One line per problem: a hidden piece it can see, a mutable container (list, dict, set
        …) it could change, or a public attribute it could set, each with the path that
        reaches it (``view.data['hand']``). Empty when there is nothing to misuse.
    """
    hidden_ids = {piece.id for piece in hidden}
    problems = []
    for path, item in _reachable(roots):
        if isinstance(item, Die | Domino) and item.id in hidden_ids:
            problems.append(f"{path} shows the hidden piece {item}")
        if isinstance(item, _MUTABLE):
            problems.append(f"{path} is a {type(item).__name__} that can be changed")
            continue
        own = getattr(item, "__dict__", None)
        for name, value in _public_values(item):
            shadowed = own is not None and name not in own
            try:
                setattr(item, name, value)  # the same value: a probe that changes nothing
            except Exception:
                continue
            if shadowed and own is not None:
                own.pop(name, None)  # the probe made an instance attribute: take it back
            problems.append(f"{path}.{name} can be set")
    return problems


def _changeable(item: Any) -> bool:
    """Whether a bot could change ``item`` by ordinary means.

    That is a mutable container, or an object with a public attribute it can set (probed by
    setting it to its own value).
    """
    if isinstance(item, _MUTABLE):
        return True
    own = getattr(item, "__dict__", None)
    for name, value in _public_values(item):
        shadowed = own is not None and name not in own
        try:
            setattr(item, name, value)
        except Exception:
            continue
        if shadowed and own is not None:
            own.pop(name, None)  # the probe made an instance attribute: take it back
        return True
    return False


def shared_problems(game: Game, determinized: Game) -> list[str]:
    """What a determinized game shares with the game it was made from that a bot could change.

    A determinization is handed to a bot to search on, so whatever it reaches through public
    attributes that the game reaches too, and that can be changed (a cache in a variant object
    or a table shared by every game of a set, a list of the state), is a way for the bot to
    read what it may not see as the game fills it, or to spoil the game. Returns one line per
    such object, with the path that reaches it from the determinized game.
    """

    # The variant's plain reading of its rules (``Variant.reference``) is left out: it serves
    # the checks, not play, and a test may share a counting one between games on purpose.
    def played(path: str) -> bool:
        return path.split(".", 3)[1:3] != ["variant", "reference"]

    live = {
        id(item) for path, item in _reachable({"game": game}) if played(path) and _changeable(item)
    }
    live.discard(id(game))
    return [
        f"{path} ({type(item).__name__}) is shared with the game and can be changed"
        for path, item in _reachable({"determinized": determinized})
        if id(item) in live and played(path)
    ]


def _signature(roots: Mapping[str, Any]) -> list[str]:
    """Everything reachable from ``roots``, as text that changes when any of it changes."""
    out = []
    for path, item in _reachable(roots):
        for name, value in _public_values(item):
            if isinstance(value, _ATOMS):
                out.append(f"{path}.{name}={value!r}")
        if isinstance(item, list | tuple):
            out.extend(f"{path}[{i}]={v!r}" for i, v in enumerate(item) if isinstance(v, _ATOMS))
        elif isinstance(item, Mapping):
            out.extend(f"{path}[{k!r}]={v!r}" for k, v in item.items() if isinstance(v, _ATOMS))
    return out


def _position(game: Game) -> str:
    """What a move could change, at a cost that does not grow with the game's history.

    History only grows, so its length and its latest entries stand for all of it.
    """
    views = [game.view(seat).to_json() for seat in range(game.players)]
    outcomes = game.chance.outcomes
    return json.dumps(
        [
            len(game.moves),
            [str(move) for move in game.moves[-3:]],
            len(game.events),
            [event.to_json() for event in game.events[-3:]],
            len(outcomes),
            list(outcomes[-3:]),
            game.scores,
            game.to_act,
            game.round,
            game.is_over,
            [str(move) for move in game.legal_moves()],
            game.render(),
            views,
        ],
        sort_keys=True,
    )


def _fingerprint(game: Game) -> str:
    """Everything observable: the record, the events, the full render and every seat's view."""
    views = [game.view(seat).to_json() for seat in range(game.players)]
    return json.dumps(
        [game.record(), [e.to_json() for e in game.events], game.render(), views],
        sort_keys=True,
    )


def check_variant(
    variant: str,
    players: Iterable[int] | None = None,
    games: int = 10,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    house_rules: Sequence[str] = (),
    max_decisions: int = 100_000,
    registry: Registry | None = None,
    raise_on_failure: bool = True,
    reference: bool = False,
) -> CheckReport:
    """Play ``games`` random games per player count and check the variant's contract.

    Args:
        variant: The variant's name (or a game string).
        players: Seat counts to try (default: every count the variant allows).
        games: Games per seat count.
        seed: Seed of the first game; the others follow from it.
        options: Options for every game.
        house_rules: House rules for every game.
        max_decisions: A game still going after this many decisions counts as not ending.
        registry: Where to find the variant.
        raise_on_failure: Raise [`VariantCheckFailed`][unodice.testing.VariantCheckFailed]
            listing every problem (default), or just return the report.
        reference: Also compare the variant's fast path with its plain reading of the rules
            (its [`Reference`][unodice.core.capabilities.Reference]) at every decision: the
            legal moves as a set, the points each move scores and the points each round's end
            scores.
            A variant without a reference fails this check; house rules are not allowed with
            it, since they change the points.
    """
    registry = registry or default_registry()
    report = CheckReport(variant)
    try:
        info = registry.variant(variant.split("(")[0].strip())
        counts = list(players) if players is not None else list(info.players)
    except UnodiceError as error:
        report.failures.append(f"cannot start {variant}: {error}")
        counts = []
    if reference and counts:
        if house_rules:
            report.failures.append("the reference check scores without house rules; name none")
            counts = []
        elif not issubclass(info.variant_class, Reference):
            report.failures.append(
                f"{variant} has no plain reading of its rules to compare with: inherit "
                "unodice.plugin.Reference and implement reference_legal_moves, "
                "reference_move_points and reference_round_points"
            )
            counts = []
    rng = random.Random(seed)
    for count in counts:
        for _ in range(games):
            game_seed = rng.randrange(2**32)
            try:
                _check_one(
                    report,
                    variant,
                    count,
                    game_seed,
                    options,
                    house_rules,
                    max_decisions,
                    registry,
                    reference,
                )
            except Exception as error:
                report.failures.append(
                    f"{variant} players={count} seed={game_seed}: {type(error).__name__}: {error}"
                )
            report.games += 1
    if report.failures and raise_on_failure:
        shown = "\n  ".join(report.failures[:20])
        raise VariantCheckFailed(f"{variant}: {len(report.failures)} problems:\n  {shown}")
    return report


def _check_one(
    report: CheckReport,
    variant: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    max_decisions: int,
    registry: Registry,
    reference: bool = False,
) -> None:
    where = f"{variant} players={players} seed={seed}"

    def fail(message: str) -> None:
        report.failures.append(f"{where}: {message}")

    def start() -> Game:
        return new_game(variant, players, seed, options, house_rules, registry=registry)

    game = start()
    agent = RandomAgent(seed)
    seen_moves: set[Any] = set()
    step = 0
    while not game.is_over:
        if step >= max_decisions:
            fail(f"did not end within {max_decisions} decisions")
            return
        seat = game.to_act
        assert seat is not None  # the core refuses to stop a game with nobody to act
        moves = game.legal_moves()  # a PluginError when empty: reported by the caller
        if len(set(moves)) != len(moves):
            fail(f"decision {step}: legal_moves repeats a move")
        for move in moves[:12]:
            try:
                if game.variant.parse_move(str(move)) != move:
                    fail(f"decision {step}: notation {str(move)!r} does not read back")
            except IllegalMove as error:
                fail(f"decision {step}: notation {str(move)!r} does not read: {error}")
        _check_conservation(game, fail, step)
        if step % 7 == 0:
            _check_views(game, fail, step)
            _check_refusal(game, seen_moves, fail, step)
            _check_copy(game, fail, step)
            _check_determinize(game, fail, step, seed)
        if step % 21 == 0:
            _check_position(game, fail, step, seed, registry)
            _check_pictures(game, fail, step)
        seen_moves.update(moves)
        move = agent.choose(game.view(seat), moves)
        expected = _reference_before(game, move, fail, step) if reference else None
        try:
            events = game.play(move)
        except IllegalMove as error:
            fail(f"decision {step}: legal_moves offered {str(move)!r} but play refused it: {error}")
            return
        if expected is not None:
            _reference_after(game, move, events, expected, fail, step)
        step += 1
    report.decisions += step
    _check_conservation(game, fail, step)
    totals = [0] * players
    for event in game.events:
        if isinstance(event, Scored):
            totals[event.seat] += event.points
    if tuple(totals) != game.scores:
        fail(f"scores {game.scores} are not the sum of Scored events {tuple(totals)}")
    if not game.winners:
        fail("the game is over but names no winner")
    again = start()
    agent = RandomAgent(seed)
    played = 0
    while not again.is_over and played <= step:
        seat = again.to_act
        assert seat is not None
        again.play(agent.choose(again.view(seat), again.legal_moves()))
        played += 1
    if _fingerprint(again) != _fingerprint(game):
        fail("the same seed and moves gave a different game")
    record = json.loads(json.dumps(game.record()))
    replayed = replay(record, registry)
    if _fingerprint(replayed) != _fingerprint(game):
        fail("record -> replay does not reproduce the game")


def _reference_before(game: Game, move: Any, fail: Any, step: int) -> tuple[int, ...]:
    """Compare the legal moves with the reference's; return the points it says ``move`` scores."""
    reading = game.variant
    assert isinstance(reading, Reference)
    fast = game.legal_moves()
    plain = list(reading.reference_legal_moves(game.state))
    if len(set(plain)) != len(plain):
        fail(f"decision {step}: the reference offers a move twice")
    missing = sorted(map(str, set(plain) - set(fast)))
    extra = sorted(map(str, set(fast) - set(plain)))
    if missing or extra:
        fail(
            f"decision {step}: the fast path's legal moves differ from the reference's: "
            f"missing {missing[:4]}, not in the reference {extra[:4]}"
        )
    return tuple(reading.reference_move_points(game.state, move))


def _reference_after(
    game: Game,
    move: Any,
    events: Sequence[Any],
    expected: tuple[int, ...],
    fail: Any,
    step: int,
) -> None:
    """Compare the points the move scored with the reference's, a round's end included."""
    reading = game.variant
    assert isinstance(reading, Reference)
    scored = [0] * game.players
    for event in events:
        if isinstance(event, Scored):
            scored[event.seat] += event.points
    total = list(expected) if expected else [0] * game.players
    rounds = sum(isinstance(event, RoundEnded) for event in events)
    if rounds:
        for ended in game.round_end_states[-rounds:]:
            for seat, points in enumerate(reading.reference_round_points(ended)):
                total[seat] += points
    if scored != total:
        fail(f"decision {step}: playing {str(move)!r} scored {scored}, the reference says {total}")


def hidden_from(game: Game, seat: int) -> list[Die | Domino]:
    """The pieces ``seat`` may not see, by the [`Inventory`][unodice.core.capabilities.Inventory].

    A variant without one hides nothing the checks can name: an empty list.
    """
    if not isinstance(game.variant, Inventory):
        return []
    return list(game.variant.hidden_pieces(game.state, seat))


def _check_conservation(game: Game, fail: Any, step: int) -> None:
    if not isinstance(game.variant, Inventory):
        return
    locations = game.variant.piece_locations(game.state)
    expected = game.variant.components(game.state).pieces
    seen: Counter[int] = Counter()
    for place_pieces in locations.values():
        seen.update(piece.id for piece in place_pieces)
    wanted = Counter(piece.id for piece in expected)
    if seen != wanted:
        missing = sorted((wanted - seen).elements())
        extra = sorted((seen - wanted).elements())
        fail(f"decision {step}: pieces not conserved: missing {missing}, extra {extra}")


def _check_views(game: Game, fail: Any, step: int) -> None:
    """Each seat's view: JSON-ready, and nothing in reach that the seat could misuse.

    The seat to act is handed its legal moves too, and the latest events are checked. The view
    of the seat to act must then stay exactly as it was while a copy of the game plays on: a
    view that reaches anything the game goes on to change (a cache shared by every game, say)
    would tell a bot about other seats' pieces as they are used.
    """
    for seat in range(game.players):
        view = game.view(seat)
        roots: dict[str, Any] = {"view": view}
        if seat == game.to_act:
            roots["moves"] = game.legal_moves()
        hidden = hidden_from(game, seat)
        for problem in boundary_problems(roots, hidden)[:3]:
            fail(f"decision {step}: seat {seat}: {problem}")
        try:
            json.dumps(view.to_json())
        except TypeError as error:
            fail(f"decision {step}: view of seat {seat} is not JSON-ready: {error}")
    # Events stay as they happened (a die shown then may be back in the bag now): they are
    # checked for what could be changed, not against today's hidden pieces.
    recent = {"events": game.events[max(0, len(game.events) - 8) :]}
    for problem in boundary_problems(recent)[:3]:
        fail(f"decision {step}: {problem}")
    acting = game.to_act
    assert acting is not None
    roots = {"view": game.view(acting), "moves": game.legal_moves()}
    before = _signature(roots)
    twin = game.copy()
    for _ in range(20):
        if twin.is_over:
            break
        try:
            twin.play(twin.legal_moves()[-1])
        except UnodiceError:
            break  # a move legal_moves offers but play refuses: _check_copy reports it
    if _signature(roots) != before:
        fail(
            f"decision {step}: what seat {acting}'s view reaches changed while a copy of the game "
            "played on, so it depends on more than the seat's own position"
        )


_SHARED_EVERY = 8
"""Every how many decisions the checks walk a determinized game for what it shares."""


def _check_determinize(game: Game, fail: Any, step: int, seed: int) -> None:
    """Check each seat's determinization (see ``Resampling.resample``).

    Its view is the seat's view of the game, the seat to act is offered the same moves, its
    pieces are conserved, it can be played on, and none of that changes the game. Every few
    decisions, everything it reaches is walked too: nothing a bot could change may be shared
    with the game (see [`shared_problems`][unodice.testing.shared_problems]).
    """
    before = _position(game)
    acting = game.to_act
    for seat in range(game.players):
        try:
            twin = game.determinize(seat, seed + step * game.players + seat)
        except UnodiceError as error:
            fail(f"decision {step}: determinize for seat {seat} failed: {error}")
            continue
        if twin.view(seat) != game.view(seat):
            fail(
                f"decision {step}: seat {seat}'s view of its determinized game differs from "
                "its view of the game: resample changed something the seat can see"
            )
            continue
        if seat == acting and twin.legal_moves() != game.legal_moves():
            fail(f"decision {step}: the determinized game offers seat {seat} other moves")
        if step % _SHARED_EVERY == 0:
            for problem in shared_problems(game, twin)[:3]:
                fail(f"decision {step}: seat {seat}: {problem}")
        where = f"determinized for seat {seat}, "
        _check_conservation(twin, lambda message, where=where: fail(where + message), step)
        try:
            twin.play(twin.legal_moves()[-1])
        except UnodiceError as error:
            fail(
                f"decision {step}: a determinized game for seat {seat} cannot be played on: "
                f"{type(error).__name__}: {error}"
            )
    if _position(game) != before:
        fail(f"decision {step}: determinizing or playing on a determinized game changed it")


_POSITION_STEPS = 8
"""How many decisions a game started from a position is played beside the original."""


def _check_position(game: Game, fail: Any, step: int, seed: int, registry: Registry) -> None:
    """Check that the game's position starts a game that plays exactly as the game does.

    The game from ``game.position()`` and a copy of the game, both given the same fresh chance,
    are played on with the same moves: at each decision every seat's view, the legal moves, the
    rendering, the events and the position itself must be the same. A variant that does not
    describe positions is not checked.
    """
    if not isinstance(game.variant, Positions):
        return
    try:
        text = game.position()
    except UnodiceError as error:
        fail(f"decision {step}: position() failed: {error}")
        return
    chance_seed = seed + step
    try:
        started = new_game(
            position=text, seed=chance_seed, house_rules=game.house_rules, registry=registry
        )
    except UnodiceError as error:
        fail(f"decision {step}: its own position does not start a game: {error}\n  {text}")
        return
    twin = game.copy(history=False)
    twin._chance = Chance(chance_seed)
    agent = RandomAgent(chance_seed)
    for played in range(_POSITION_STEPS):
        where = f"decision {step}, {played} moves after starting from its position"
        if started.position() != twin.position():
            fail(f"{where}: the positions differ:\n  {started.position()}\n  {twin.position()}")
            return
        differs = [
            name
            for name, a, b in (
                ("legal moves", started.legal_moves(), twin.legal_moves()),
                ("rendering", started.render(), twin.render()),
                ("scores", started.scores, twin.scores),
                (
                    "views",
                    [started.view(s) for s in range(game.players)],
                    [twin.view(s) for s in range(game.players)],
                ),
            )
            if a != b
        ]
        if differs:
            fail(f"{where}: the game from the position differs in its {', '.join(differs)}")
            return
        move = agent.choose(twin.view(twin.to_act or 0), twin.legal_moves())
        events = [e.to_json() for e in twin.play(move)]
        if [e.to_json() for e in started.play(move)] != events:
            fail(f"{where}: playing {str(move)!r} gave other events")
            return
        if twin.is_over or started.is_over:
            if twin.is_over != started.is_over:
                fail(f"{where}: only one of the two games ended")
            return


def _check_pictures(game: Game, fail: Any, step: int) -> None:
    """Each seat's picture and a spectator's: SVG that shows no piece hidden from its eyes.

    Pieces are found by the ``data-piece`` mark every drawn piece carries (``r5@12``: piece
    12). A variant that draws no picture of its own is not checked.
    """
    if not isinstance(game.variant, Pictures):
        return
    everyone_hidden: set[int] = set()
    for seat in [*range(game.players), None]:
        if seat is None:
            hidden = everyone_hidden
        else:
            hidden = {piece.id for piece in hidden_from(game, seat)}
            everyone_hidden |= hidden
        who = "a spectator" if seat is None else f"seat {seat}"
        try:
            shown = pieces_drawn(game.svg(seat))
        except (ElementTree.ParseError, ValueError) as error:
            fail(f"decision {step}: the picture for {who} is not SVG: {error}")
            continue
        if shown & hidden:
            fail(
                f"decision {step}: the picture for {who} shows hidden pieces "
                f"{sorted(shown & hidden)[:5]}"
            )


def pieces_drawn(picture: str) -> set[int]:
    """The ids of the pieces an SVG picture marks with ``data-piece`` (``r5@12`` is 12)."""
    ids = set()
    for element in ElementTree.fromstring(picture).iter():
        mark = element.get("data-piece")
        if mark is not None:
            _, at, number = mark.rpartition("@")
            if not at or not (number.isascii() and number.isdigit()):
                raise ValueError(f"data-piece {mark!r} does not end with @ and the piece's id")
            ids.add(int(number))
    return ids


def _check_refusal(game: Game, seen_moves: set[Any], fail: Any, step: int) -> None:
    legal = set(game.legal_moves())
    stale = sorted((m for m in seen_moves if m not in legal), key=str)
    if not stale:
        return
    before = _position(game)
    try:
        game.play(stale[0])
    except IllegalMove:
        pass
    else:
        fail(f"decision {step}: play accepted {str(stale[0])!r}, which is not among legal_moves")
        return
    if _position(game) != before:
        fail(f"decision {step}: refusing {str(stale[0])!r} changed the game")


def _check_copy(game: Game, fail: Any, step: int) -> None:
    before = _position(game)
    twin = game.copy()
    move = twin.legal_moves()[-1]
    try:
        twin.play(move)
    except IllegalMove as error:
        fail(f"decision {step}: legal_moves offered {str(move)!r} but play refused it: {error}")
        return
    if _position(game) != before:
        fail(f"decision {step}: playing on a copy changed the original")
