"""OpenSpiel games: every installed variant as a registered pyspiel Python game.

Install the extra first: ``pip install 'unodice[openspiel]'`` (OpenSpiel and NumPy). Importing
this module registers one game per installed variant that has learning spaces
([`Spaces`][unodice.core.capabilities.Spaces]), named by [`game_name`][unodice.openspiel.game_name]:

```python
import pyspiel
import unodice.openspiel  # registers the games

game = pyspiel.load_game("python_unodice_centre_die", {"players": 3, "rounds": "2"})
```

* **Chance** is sampled (``SAMPLED_STOCHASTIC``): unodice's own seeded chance rolls the dice
  and shuffles the bag, and no state is a chance node. The game parameter ``seed`` is the first
  match's seed: the states of one game object take the seeds ``seed``, ``seed + 1``, ... in
  the order in which they are first played or read (a clone, or a state read back from its
  serialization, plays on the match it was copied from and takes none).
* **Parameters**: ``players``, ``seed`` (from 0 to 2**31 - 1) and every option of the
  variant. An ``int``, ``bool`` or ``str`` option is a parameter of that type. A whole-number
  option that may be ``None`` takes one less than its least value for ``None`` (centre-die's
  ``rounds``: ``0``, its default, plays to the target); any other option that may be ``None``
  is a ``str`` parameter, ``"none"`` or the value as text. ``pyspiel.load_game`` refuses an
  unknown parameter or one of the wrong type itself; a bad value is refused with unodice's own
  message ([`InvalidOptions`][unodice.core.errors.InvalidOptions]), as is everything
  ``UnodiceGame(params, variant=...)`` is given.
* **Actions** are the variant's action catalogue ([`unodice.core.spaces`][unodice.core.spaces]),
  the numbers the reinforcement learning environments use.
* **Returns** are ``ZERO_SUM``: at the end of the match every losing seat gets ``-1`` and the
  winners share what the losers lost, ``(players - winners) / winners`` each (``+1`` and ``-1``
  for two players, ``0`` for everyone when every seat wins). A match that reaches the game's
  ``max_game_length`` (see below) ends there, ``0`` for everyone.
* **Length**: ``max_game_length`` is the variant's
  [`move_limit`][unodice.core.variant.Variant.move_limit] for the options (the most moves a
  record of the match may hold; 200,000 or more). It is a true bound: a state that has had that
  many decisions is terminal.
* **Information**: each seat's observation is its view (the observation tensor is the view
  encoded by the variant's observation layout, the string is the position as the seat sees
  it). Its information state adds a digest of every event as the seat was told of it
  ([`event_for_seat`][unodice.core.variant.Variant.event_for_seat]), so that two states give
  the seat one information state exactly when it has seen the same whole game. The digest is
  a chain of BLAKE2b hashes, one link per event, updated as each move is played: it costs the
  same at every decision, and the string stays as long however long the match.
* **Resampling**: ``state.resample_from_infostate(seat, sampler)`` is the match determinized
  for the seat ([`Game.determinize`][unodice.core.game.Game.determinize]).
* **Cloning** is [`Game.copy`][unodice.core.game.Game.copy]; **serialization** writes the
  match's record (a determinized match, which has none, is pickled whole).
"""

from __future__ import annotations

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - the extra is installed where it is tested
    raise ImportError(
        f"unodice.openspiel needs the openspiel extra ({missing.name} is missing): "
        "pip install 'unodice[openspiel]'"
    ) from missing

import hashlib
import json
import random
import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from unodice.core._quoting import brief
from unodice.core.capabilities import Spaces, Text
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Event, Move
from unodice.core.options import OptionInfo, build_options, option_text
from unodice.core.registry import Registry, VariantInfo, default_registry
from unodice.core.setup import new_game
from unodice.core.spaces import ActionCatalogue, ViewEncoder, catalogue
from unodice.core.variant import AnyVariant, Variant
from unodice.records.record import replay

__all__ = [
    "GAMES",
    "NOT_REGISTERED",
    "PREFIX",
    "UnodiceGame",
    "UnodiceState",
    "game_name",
    "register",
]

PREFIX = "python_unodice_"
"""What every game's short name starts with (OpenSpiel names its Python games ``python_...``)."""

GAMES: dict[str, str] = {}
"""The registered games: each variant's name to its game's short name."""

NOT_REGISTERED: dict[str, str] = {}
"""The installed variants that have no game, each with the reason (no learning spaces)."""

DIGEST_BITS = 64
"""How many bits of a seat's event digest its information-state tensor holds."""

_DIGEST_SIZE = 16
_RESERVED = ("players", "seed")
_SEED_MAX = 2**31 - 1  # OpenSpiel's whole-number parameters are C ints


def game_name(variant: str) -> str:
    """The short name of a variant's game (``centre-die``: ``python_unodice_centre_die``).

    ``python_unodice_`` then the variant's name, each character that is not a letter or a digit
    turned into ``_``.
    """
    return PREFIX + re.sub(r"[^0-9A-Za-z]", "_", variant)


# -- what a game of one variant is ----------------------------------------------------------------


class _Kind:
    """One variant's registration: its game type and its parameters' defaults."""

    def __init__(self, info: VariantInfo, registry: Registry | None):
        self.info = info
        self.registry = registry
        self.options = {o.name: o for o in info.options if o.name not in _RESERVED}
        defaults: dict[str, Any] = {"players": info.players.start, "seed": 0}
        for name, described in self.options.items():
            defaults[name] = _parameter_default(described)
        self.defaults = defaults
        self.game_type = pyspiel.GameType(
            short_name=game_name(info.name),
            long_name=f"unodice {info.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=info.players.stop - 1,
            min_num_players=info.players.start,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=defaults,
        )


def _parameter_default(described: OptionInfo) -> Any:
    """An option's default as an OpenSpiel parameter (see ``_option_value`` for None)."""
    if described.nullable:
        if described.kind == "int" and described.minimum is not None:
            return described.default if described.default is not None else described.minimum - 1
        return option_text(described.default)
    return described.default


def _option_value(described: OptionInfo, value: Any) -> Any:
    """A parameter's value as the option's: below the least value of an int option is None."""
    if (
        described.nullable
        and described.kind == "int"
        and described.minimum is not None
        and isinstance(value, int)
        and not isinstance(value, bool)
        and value == described.minimum - 1
    ):
        return None
    return value


class _Setup:
    """What every state of one game shares: the variant's spaces and the game's limits.

    Copying a state shares it (deepcopy returns it); pickling writes how to make it again.
    """

    def __init__(
        self,
        variant: str,
        players: int,
        options: Mapping[str, Any],
        first: Game,
        registry: Registry | None = None,
    ):
        self.variant = variant
        self.registry = registry
        self.players = players
        self.options = dict(options)
        rules = first.variant
        if not isinstance(rules, Spaces):  # pragma: no cover - refused at registration
            raise UnodiceError(f"{variant} has no learning spaces for OpenSpiel")
        self.catalogue: ActionCatalogue = catalogue(rules)
        self.slots = [(slot.name, slot.size) for slot in rules.observation_layout()]
        self.size = sum(size for _, size in self.slots)
        self.limit = rules.move_limit()
        self.tells_all = type(rules).event_for_seat is Variant.event_for_seat
        self.plain = _Observer(self, recall=False)
        self.recall = _Observer(self, recall=True)
        _SETUPS[self._key()] = self

    def _key(self) -> tuple[str, int, tuple[tuple[str, Any], ...]]:
        return (self.variant, self.players, tuple(sorted(self.options.items())))

    def deal(self, seed: int) -> Game:
        """The match dealt from ``seed`` (a Python game: its events are read at every move)."""
        return new_game(self.variant, self.players, seed, self.options, registry=self.registry)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup_for, self._key())


_SETUPS: weakref.WeakValueDictionary[tuple[str, int, tuple[tuple[str, Any], ...]], _Setup] = (
    weakref.WeakValueDictionary()
)
"""The setup of every game alive, by variant, players and options."""


def _setup_for(variant: str, players: int, options: tuple[tuple[str, Any], ...]) -> _Setup:
    """A setup read back from a serialized state: a live game's, or one made afresh."""
    found = _SETUPS.get((variant, players, options))
    if found is not None:
        return found
    values = dict(options)
    return _Setup(variant, players, values, new_game(variant, players, 0, values))


class _Deal:
    """The seed of a state not yet played or read: taken from its game when first needed.

    A clone of such a state shares it, so that both play the same match.
    """

    __slots__ = ("_owner", "seed")

    def __init__(self, owner: UnodiceGame | None, seed: int | None = None):
        self._owner = owner
        self.seed = seed

    def take(self) -> int:
        if self.seed is None:
            assert self._owner is not None
            self.seed = self._owner._next_seed()
            self._owner = None
        return self.seed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Deal, (None, self.take()))


class _Match:
    """A state's match: the game, each seat's event digest, the decisions so far.

    Copying it copies the game with [`Game.copy`][unodice.core.game.Game.copy]; pickling it
    writes the game's record (or, for a determinized game, which has none, the game itself).
    """

    __slots__ = ("_game", "_legal", "_numbers", "deal", "decisions", "digests", "setup")

    def __init__(self, setup: _Setup, deal: _Deal):
        self.setup = setup
        self.deal = deal
        self._game: Game | None = None
        self.digests: list[bytes] = []
        self.decisions = 0
        self._legal: Sequence[Move] | None = None
        self._numbers: dict[int, Move] = {}

    @property
    def game(self) -> Game:
        game = self._game
        if game is None:
            game = self._game = self.setup.deal(self.deal.take())
            self.digests = [b""] * self.setup.players
            self.fold(game.events)
        return game

    def set_game(self, game: Game) -> None:
        self._game = game
        self._legal = None

    @property
    def terminal(self) -> bool:
        return self.game.is_over or self.decisions >= self.setup.limit

    def legal(self) -> dict[int, Move]:
        """The legal moves now, by action number (worked out once a decision)."""
        legal = self.game.legal_moves()
        if legal is not self._legal:
            self._numbers = dict(zip(self.setup.catalogue.indices(legal), legal, strict=True))
            self._legal = legal
        return self._numbers

    def fold(self, events: Sequence[Event]) -> None:
        """Add ``events`` to each seat's digest, as the seat is told of them."""
        digests = self.digests
        tell = self.game.variant.event_for_seat
        players = range(len(digests))
        for event in events:
            if self.setup.tells_all:
                told = _text(event.to_json())
                for seat in players:
                    digests[seat] = _link(digests[seat], told)
                continue
            for seat in players:
                data = tell(event, seat)
                if data is not None:
                    digests[seat] = _link(digests[seat], _text(data))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        twin = _Match(self.setup, self.deal)
        if self._game is not None:
            twin._game = self._game.copy()
        twin.digests = self.digests[:]
        twin.decisions = self.decisions
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        game = self._game
        if game is None:
            kept: Any = None
        else:
            try:
                kept = ("record", json.dumps(game.record()))
            except UnodiceError:
                kept = ("game", game)  # a determinization: no record leads to it
        return (
            _read_match,
            (self.setup, self.deal, kept, list(self.digests), self.decisions),
        )


def _read_match(
    setup: _Setup, deal: _Deal, kept: Any, digests: list[bytes], decisions: int
) -> _Match:
    match = _Match(setup, deal)
    if kept is not None:
        how, what = kept
        match._game = replay(json.loads(what), setup.registry) if how == "record" else what
    match.digests = digests
    match.decisions = decisions
    return match


def _text(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), default=str).encode()


def _link(digest: bytes, told: bytes) -> bytes:
    return hashlib.blake2b(digest + told, digest_size=_DIGEST_SIZE).digest()


# -- the game and its states --------------------------------------------------------------------


class UnodiceGame(pyspiel.Game):  # type: ignore[misc]  # OpenSpiel ships no type information
    """A variant as an OpenSpiel game (``pyspiel.load_game`` makes it from its short name).

    ``pyspiel.load_game`` makes one of the class registered for the variant;
    ``UnodiceGame(params, variant="dominoes")`` makes one directly.

    Args:
        params: Game parameters: ``players``, ``seed`` and the variant's options (see the
            module's description); those left out take their defaults.
        variant: The variant's name (the class registered for a variant knows it).
        registry: Where the variant is found (default: every installed plugin).

    Raises:
        InvalidOptions: An unknown parameter, or a bad value (the message lists the valid ones).
        UnknownVariant: No such variant is installed.
        UnodiceError: The variant has no learning spaces.
    """

    variant: str | None = None
    """The variant of the class registered for it."""
    registry: Registry | None = None
    """Where the class registered for a variant finds it (``None``: every installed plugin)."""

    def __init__(
        self,
        params: Mapping[str, Any] | None = None,
        *,
        variant: str | None = None,
        registry: Registry | None = None,
    ):
        if variant is None:
            variant, registry = type(self).variant, type(self).registry
        if variant is None:
            raise UnodiceError("name the variant: UnodiceGame(params, variant='dominoes')")
        kind = _kind(variant, registry)
        given = dict(params or {})
        values = {**kind.defaults, **given}
        players = values.pop("players")
        seed = values.pop("seed")
        values = {
            name: _option_value(kind.options[name], value) if name in kind.options else value
            for name, value in values.items()
        }
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _SEED_MAX:
            raise InvalidOptions(
                f"seed must be a whole number from 0 to {_SEED_MAX}, got {brief(seed)}"
            )
        # The variant's own checker refuses unknown names and bad values, listing the options.
        build_options(kind.info.variant_class.Options, values, variant)
        first = new_game(variant, players, seed, values, registry=registry)
        self._setup = _Setup(variant, first.players, values, first, registry)
        self._seed = seed
        self._dealt = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self._setup.catalogue),
            max_chance_outcomes=0,
            num_players=first.players,
            min_utility=-1.0,
            max_utility=float(first.players - 1),
            utility_sum=0.0,
            max_game_length=self._setup.limit,
        )
        super().__init__(kind.game_type, info, {**kind.defaults, **given})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and parameters, with the seeds it has handed out.

        (OpenSpiel's own pickling asks a sampled-stochastic game for an RNG state, which a
        Python game cannot give.)
        """
        return (_read_game, (str(self), self._dealt))

    # Answered here rather than by OpenSpiel, which works a shape out by writing the tensor of
    # a fresh state: a new match dealt at every call, and a seed taken.

    def information_state_tensor_shape(self) -> list[int]:
        """``[observation size + DIGEST_BITS]``."""
        return [self._setup.size + DIGEST_BITS]

    def information_state_tensor_size(self) -> int:
        """The information-state tensor's length."""
        return self._setup.size + DIGEST_BITS

    def observation_tensor_shape(self) -> list[int]:
        """``[observation size]``: the variant's observation layout."""
        return [self._setup.size]

    def observation_tensor_size(self) -> int:
        """The observation tensor's length."""
        return self._setup.size

    def _next_seed(self) -> int:
        seed = self._seed + self._dealt
        self._dealt += 1
        return seed

    def new_initial_state(self, state: Any = None) -> UnodiceState:
        """A new match: dealt from the game's next seed when it is first played or read."""
        if state is not None:
            raise UnodiceError(
                "a unodice game's states are made only fresh (new_initial_state()) or read "
                "back from their serialization (deserialize_state)"
            )
        return UnodiceState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer | None:
        """What writes a seat's observation (by default) or information state (perfect recall).

        ``None`` for other kinds of observation (public only, private only), which unodice
        does not describe.
        """
        if params:
            raise InvalidOptions(
                f"unodice's observations take no parameters, got {brief(dict(params))}"
            )
        if iig_obs_type is None:
            return _Observer(self._setup, recall=False)
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            return None
        return _Observer(self._setup, recall=bool(iig_obs_type.perfect_recall))


class UnodiceState(pyspiel.State):  # type: ignore[misc]  # OpenSpiel ships no type information
    """A match in progress, as OpenSpiel sees it (made by ``game.new_initial_state()``).

    Attributes:
        match: The unodice [`Game`][unodice.core.game.Game] being played (read it; play it
            only through ``apply_action``).
    """

    def __init__(self, game: UnodiceGame):
        super().__init__(game)
        self._match = _Match(game._setup, _Deal(game))

    @property
    def match(self) -> Game:
        return self._match.game

    # Written here rather than by OpenSpiel, which sizes the tensor by writing one of a fresh
    # state first: a new match dealt at every call, and a seed taken.

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state (default: the seat to act) as numbers."""
        return self._tensor(self._match.setup.recall, player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation (default: the seat to act) as numbers."""
        return self._tensor(self._match.setup.plain, player)

    def _tensor(self, observer: _Observer, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < self._match.setup.players:
            raise InvalidOptions(
                f"player must be from 0 to {self._match.setup.players - 1}, got {brief(player)}"
            )
        observer.set_from(self, seat)
        numbers: list[float] = observer.tensor.tolist()
        return numbers

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and its serialization (``serialize()``)."""
        game = self.get_game()
        return (_read_state, (game, self.serialize()))

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        match = self._match
        if match.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        to_act = match.game.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._match.legal())

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._match.setup.catalogue.move(int(action)))

    def _apply_action(self, action: int) -> None:
        match = self._match
        move = match.legal().get(int(action))
        if move is None:  # refused by the game, which says why
            move = match.setup.catalogue.move(int(action))
        events = match.game.play(move)
        match.decisions += 1
        match.fold(events)

    def is_terminal(self) -> bool:
        """Whether the match is over (or has reached the game's ``max_game_length``)."""
        return self._match.terminal

    def returns(self) -> list[float]:
        """Each seat's result: ``0`` until the end (see the module's description)."""
        match = self._match
        game = match.game
        players = match.setup.players
        winners = game.winners
        if not game.is_over or len(winners) == players:
            return [0.0] * players
        share = (players - len(winners)) / len(winners)
        return [share if seat in winners else -1.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> UnodiceState:
        """A state ``player_id`` cannot tell from this one, what it has not seen drawn afresh.

        The match is [determinized][unodice.core.game.Game.determinize] for the seat, from a
        seed read off ``probability_sampler`` (a call returns a number from 0 to 1).
        """
        twin: UnodiceState = self.clone()
        rng = random.Random(int(probability_sampler() * 2**53))
        twin._match.set_game(self._match.game.determinize(int(player_id), rng))
        return twin

    def _seen(self, seat: int) -> str:
        game = self._match.game
        if isinstance(game.variant, Text):
            return game.render(seat)
        data = game.view(seat).data
        return "\n".join(f"{key}: {data[key]!r}" for key in sorted(data))

    def _known(self, seat: int) -> str:
        match = self._match
        return f"seat {seat}, history {match.digests[seat].hex()}\n{self._seen(seat)}"

    def __str__(self) -> str:
        """The whole position (every hand), as the referee sees it."""
        match = self._match
        text = match.game.render()
        if not match.game.is_over and match.terminal:
            text += f"\n(stopped at the game's limit of {match.setup.limit} decisions)"
        return text


def _read_game(name: str, dealt: int) -> UnodiceGame:
    game: UnodiceGame = pyspiel.load_game(name)
    game._dealt = dealt
    return game


def _read_state(game: UnodiceGame, text: str) -> UnodiceState:
    state: UnodiceState = game.deserialize_state(text)
    return state


class _Observer:
    """Writes a seat's observation or information state (OpenSpiel's Python observer)."""

    def __init__(self, setup: _Setup, recall: bool):
        self._setup = setup
        self._recall = recall
        size = setup.size + (DIGEST_BITS if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        names = [name for name, _ in setup.slots]
        if len(set(names)) != len(names):
            self.dict["observation"] = self.tensor[: setup.size]
        else:
            start = 0
            for name, width in setup.slots:
                self.dict[name] = self.tensor[start : start + width]
                start += width
        if recall:
            self.dict["history"] = self.tensor[setup.size :]
        self._variant: object = None
        self._encode: ViewEncoder = lambda view, out: None

    def set_from(self, state: UnodiceState, player: int) -> None:
        """Write ``player``'s observation (or information state) of ``state`` into ``tensor``."""
        self.tensor.fill(0.0)
        match = state._match
        game = match.game
        variant = game.variant
        if variant is not self._variant:
            self._variant = variant
            self._encode = _encoder(variant)
        self._encode(game._read_view(player), self.tensor[: self._setup.size])
        if self._recall:
            bits = int.from_bytes(match.digests[player][: DIGEST_BITS // 8], "big")
            history = self.dict["history"]
            for place in range(DIGEST_BITS):
                history[place] = (bits >> place) & 1

    def string_from(self, state: UnodiceState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        return state._known(player) if self._recall else state._seen(player)


def _encoder(variant: AnyVariant) -> ViewEncoder:
    if not isinstance(variant, Spaces):  # pragma: no cover - refused at registration
        raise UnodiceError(f"{variant.name} has no learning spaces")
    encoder = getattr(variant, "view_encoder", None)
    found: ViewEncoder | None = encoder() if encoder is not None else None
    return found or variant.encode_view


# -- registration ---------------------------------------------------------------------------------

_KINDS: dict[str, _Kind] = {}
_CLASSES: dict[str, type[UnodiceGame]] = {}


def _kind(variant: str, registry: Registry | None) -> _Kind:
    kind = _KINDS.get(variant)
    if kind is None or kind.registry is not registry:
        info = (registry or default_registry()).variant(variant)
        if not issubclass(info.variant_class, Spaces):
            raise UnodiceError(
                f"{variant} has no learning spaces (the Spaces capability), so it has no "
                "OpenSpiel game: OpenSpiel numbers actions and observations"
            )
        kind = _Kind(info, registry)
        if registry is None:
            _KINDS[variant] = kind
    return kind


def register(registry: Registry | None = None) -> dict[str, str]:
    """Register a game for every installed variant that has none yet; return them all.

    Importing this module calls it. Call it again after installing a plugin (and
    [`reset_default_registry`][unodice.core.registry.reset_default_registry]).

    Returns:
        [`GAMES`][unodice.openspiel.GAMES]: each registered variant's name to its game's name.
    """
    registered = set(pyspiel.registered_names())
    for name, info in (registry or default_registry()).variants().items():
        short = game_name(name)
        if name in GAMES:
            continue
        if not issubclass(info.variant_class, Spaces):
            NOT_REGISTERED[name] = "it has no learning spaces (the Spaces capability)"
            continue
        if short in registered:
            NOT_REGISTERED[name] = f"OpenSpiel already has a game called {short}"
            continue
        # A class, as OpenSpiel's own Python games register: the registry keeps it to the end.
        game_class = type(
            f"UnodiceGame_{short[len(PREFIX) :]}",
            (UnodiceGame,),
            {"variant": name, "registry": registry, "__module__": __name__},
        )
        pyspiel.register_game(_kind(name, registry).game_type, game_class)
        _CLASSES[name] = game_class
        GAMES[name] = short
    return GAMES


register()
