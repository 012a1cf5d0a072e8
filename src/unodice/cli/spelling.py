"""What a command meant: variants, options and house rules checked before a game is set up.

A variant written in other capitals (``Coverall``, ``CENTRE_DIE``) is the installed variant
when only one matches; a name, an option or a house rule that matches nothing installed is
refused in one line that says what is close to it (``did you mean 'coverall'?``) and what
lists the rest. Anything this module cannot read is left for the library to refuse.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from unodice.core._quoting import brief, did_you_mean
from unodice.core.errors import InvalidOptions, UnknownVariant
from unodice.core.registry import Registry, VariantInfo, default_registry
from unodice.core.setup import parse_game_string

__all__ = ["check_game", "variant_named"]

_HEAD = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)(.*)$", re.DOTALL)
"""A game string's variant name, in any capitals, and what follows it."""


def _folded(name: str) -> str:
    return name.lower().replace("_", "-")


def check_game(
    text: str,
    options: Iterable[str] = (),
    house_rules: Iterable[str] = (),
    registry: Registry | None = None,
) -> str:
    """The game string ``text`` with its variant named as installed, once its names are checked.

    Args:
        text: A variant's name or a game string, as the command was given it.
        options: The names of the options given apart (``--option NAME=VALUE``).
        house_rules: The house rules asked for.
        registry: Where variants and house rules are found (default: the installed plugins).

    Raises:
        InvalidOptions: No variant, option or house rule of that name; the message names the
            closest ones and where to see them all.
    """
    registry = registry or default_registry()
    head = _HEAD.match(text)
    if head is None:
        return text  # the library says how a game is written
    name, rest = head.groups()
    info = variant_named(name, registry)
    text = info.name + rest
    try:
        _, given = parse_game_string(text)
    except InvalidOptions:
        return text
    known = [option.name for option in info.options]
    for key in [*(key for key in given if key != "players"), *options]:
        if key not in known:
            raise InvalidOptions(_no_option(info, key, known))
    for rule in house_rules:
        try:
            registry.house_rule(rule)
        except UnknownVariant:
            installed = list(registry.house_rules())
            raise InvalidOptions(
                f"unknown house rule {brief(rule)}; {did_you_mean(rule, installed, lower=True)}"
                f"installed: {', '.join(installed) or 'none'} (see 'unodice plugins')"
            ) from None
    return text


def variant_named(name: str, registry: Registry | None = None) -> VariantInfo:
    """The installed variant ``name`` means: itself, or the one it is in other capitals.

    Raises:
        InvalidOptions: None is; the message names the closest and lists those installed.
        PluginError: The plugin that provides it is broken.
    """
    registry = registry or default_registry()
    try:
        return registry.variant(name)
    except UnknownVariant:
        installed = list(registry.variants())
    same = [known for known in installed if _folded(known) == _folded(name)]
    if len(same) == 1:
        return registry.variant(same[0])
    raise InvalidOptions(
        f"unknown variant {brief(name)}; {did_you_mean(_folded(name), installed, lower=True)}"
        f"installed: {', '.join(installed) or 'none'} (see 'unodice variants')"
    )


def _no_option(info: VariantInfo, key: str, known: list[str]) -> str:
    """The refusal of an option ``key`` that the variant does not have."""
    if key == "players":
        return "the number of players is given with --players, not as an option"
    if not known:
        return f"{info.name} has no option {brief(key)}: it takes none"
    hint = did_you_mean(key, known, lower=True)
    if hint:
        return (
            f"{info.name} has no option {brief(key)}; {hint}"
            f"('unodice variants {info.name}' lists its options)"
        )
    return (
        f"{info.name} has no option {brief(key)}; its options: {', '.join(known)} "
        f"('unodice variants {info.name}' describes them)"
    )
