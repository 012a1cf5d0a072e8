"""Setting a game up: [`new_game`][unodice.core.setup.new_game] and the game strings it reads.

A game is asked for by a variant's name, its options and its seats, given apart or together in a
game string such as ``"coverall(players=3,partition=false)"``
([`parse_game_string`][unodice.core.setup.parse_game_string] splits one). ``new_game`` looks the
variant and the house rules up in the registry, checks everything asked for (seats, seed, options,
house rules, a position to start from) and hands a [`Game`][unodice.core.game.Game] the variant
made for them. The game itself is [`unodice.core.game`][unodice.core.game].

``new_game``, ``parse_game_string`` and ``SEED_LIMIT`` are also importable from
``unodice.core.game``, where they were first, and ``new_game`` from ``unodice``.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from unodice.core._quoting import brief, whole_number
from unodice.core.capabilities import Matches
from unodice.core.chance import Chance
from unodice.core.errors import InvalidOptions, InvalidPosition, UnodiceError
from unodice.core.game import Game
from unodice.core.options import build_options
from unodice.core.positions import Header, read_header
from unodice.core.registry import Registry, default_registry

__all__ = ["SEED_LIMIT", "new_game", "parse_game_string"]

SEED_LIMIT = 2**256 - 1
"""The largest seed: any 256-bit number from 0 will do, and records stay readable."""


_GAME_STRING = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def parse_game_string(text: str) -> tuple[str, dict[str, str]]:
    """Split ``"coverall(players=3,partition=false)"`` into a name and raw option texts.

    Raises:
        InvalidOptions: The text is not ``name`` or ``name(key=value, ...)``.
    """
    if not isinstance(text, str):
        raise InvalidOptions(f"a game is named by a string, not {type(text).__name__}")
    match = _GAME_STRING.match(text)
    if not match:
        raise InvalidOptions(
            f"cannot read game {brief(text)}; write NAME or NAME(key=value,...), "
            "for example coverall(players=3,partition=false)"
        )
    name, body = match.group(1), match.group(2)
    values: dict[str, str] = {}
    if body and body.strip():
        for part in body.split(","):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or not key or not value.strip():
                raise InvalidOptions(
                    f"in game {brief(text)}: {brief(part.strip())} is not key=value"
                )
            if key in values:
                raise InvalidOptions(f"in game {brief(text)}: {brief(key)} is given twice")
            values[key] = value.strip()
    return name, values


def new_game(
    variant: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    house_rules: Iterable[str] | None = (),
    *,
    chance: Chance | None = None,
    registry: Registry | None = None,
    position: str | None = None,
    pause_between_rounds: bool = False,
    native: bool = False,
) -> Game:
    """Start a game of an installed variant.

    Args:
        variant: The variant's name, or a game string such as
            ``"coverall(players=3,partition=false)"`` (``players`` may be given there).
        players: Number of seats; defaults to the variant's smallest count.
        seed: Any integer from 0 to [`SEED_LIMIT`][unodice.core.setup.SEED_LIMIT]; the same
            seed and moves give the same game. ``None`` picks one at random (still recorded,
            so the game replays).
        options: Option values; see ``unodice variants`` or the variant's page.
        house_rules: Names of installed house rules this game uses (``None``: none).
        chance: A chance source to use instead of the seeded one (tests, replay).
        registry: Where to look up plugins (default: every installed plugin).
        position: Start from this position (as [`Game.position`][unodice.core.game.Game.position]
            writes it) instead of setting the game up by its rules; the game, its options and
            its players come from the position, so ``variant``, ``players`` and ``options``
            may be left out (a variant named must be the position's; options given must be
            the position's). Chance from there on follows
            ``seed`` (or ``chance``).
        pause_between_rounds: Stop at the end of each round that does not end the match,
            before the next is dealt, until [`next_round`][unodice.core.game.Game.next_round] is
            called: for tests and tools that look at how a round ended.
        native: Play the game on the variant's native engine (see "The builds" in the
            getting-started guide): the same game through the same API, stepped in C. Only
            a variant's own rules are played so, with no house rule, start position, chance of
            the caller's or pause between rounds; anything else is refused.

    Raises:
        UnknownVariant: No such variant or house rule is installed.
        PluginError: The plugin that provides it is broken.
        InvalidOptions: Bad options, player count or game string, with what is valid.
        InvalidPosition: The position cannot be read, describes no state the game could be
            in, or disagrees with the variant, players or options given.
        UnodiceError: The variant does not describe positions; or ``native=True`` and the
            game cannot be played natively (the message says why).
    """
    registry = registry or default_registry()
    header = None
    if position is not None:
        header = read_header(position)
        variant, players, options = _agree_with_position(
            header, variant, players, options, registry
        )
    if variant is None:
        raise InvalidOptions("name the variant to play (or give a position to start from)")
    name, text_options = parse_game_string(variant)
    info = registry.variant(name)
    values: dict[str, Any] = dict(text_options)
    if "players" in values:
        text_players = values.pop("players")
        parsed_players = whole_number(
            text_players, "players", InvalidOptions, negative=True, digits=9
        )
        if players is not None and players != parsed_players:
            raise InvalidOptions(
                f"players given twice: {brief(parsed_players)} and {brief(players)}"
            )
        players = parsed_players
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptions(
            f"options are a mapping of names to values, not {type(options).__name__}"
        )
    for key, value in (options or {}).items():
        if key in values:
            raise InvalidOptions(f"option {brief(key)} is given twice")
        values[key] = value
    if players is None:
        players = info.players.start
    if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
        raise InvalidOptions(
            f"{name} is for {info.players.start} to {info.players.stop - 1} players, "
            f"not {brief(players)}"
        )
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
        # Not negative: random.Random(-s) is random.Random(s), so -s would be a second
        # spelling of the same game.
        raise InvalidOptions(f"seed must be a whole number from 0 to 2**256 - 1, got {brief(seed)}")
    if house_rules is None:
        house_rules = ()
    if isinstance(house_rules, str):
        raise InvalidOptions(f"house_rules is a list of names, not the text {brief(house_rules)}")
    rules = []
    for rule_name in house_rules:
        if not isinstance(rule_name, str):
            raise InvalidOptions(f"a house rule is named by a string, not {brief(rule_name)}")
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
    if native:
        refused = [
            why
            for why, asked in (
                ("house rules", rules),
                ("a start position", header is not None),
                ("a chance of the caller's", chance is not None),
                ("pause_between_rounds", pause_between_rounds),
            )
            if asked
        ]
        if refused:
            raise UnodiceError(
                f"native=True plays a variant's own rules only, not with {' or '.join(refused)}"
            )
        game = instance.native_game(seed, info.plugin) if isinstance(instance, Matches) else None
        if not isinstance(game, Game):
            raise UnodiceError(f"native=True: {name} has no native engine for stepping a game")
        return game
    return Game(
        instance,
        seed=seed,
        chance=chance,
        house_rules=rules,
        plugin=info.plugin,
        position=header,
        pause_between_rounds=pause_between_rounds,
    )


def _agree_with_position(
    header: Header,
    variant: str | None,
    players: int | None,
    options: Mapping[str, Any] | None,
    registry: Registry,
) -> tuple[str, int, None]:
    """The game string and players of a position, once what the caller gave agrees with them."""
    name, _ = parse_game_string(header.game)
    if players is not None and players != header.players:
        raise InvalidPosition(f"the position is for {header.players} players, not {brief(players)}")
    if variant is None and options is None:
        return header.game, header.players, None
    asked, asked_options = parse_game_string(variant if variant is not None else name)
    if asked != name:
        raise InvalidPosition(f"the position is of {name}, not {brief(asked)}")
    given: dict[str, Any] = {**asked_options, **dict(options or {})}
    given.pop("players", None)
    if not given:
        return header.game, header.players, None
    options_class = registry.variant(name).variant_class.Options
    _, in_position = parse_game_string(header.game)
    if build_options(options_class, given, name) != build_options(options_class, in_position, name):
        raise InvalidPosition(
            f"the position is of {header.game}, whose options differ from those given; "
            "leave the options out to take the position's"
        )
    return header.game, header.players, None
