"""Gymnasium ids for every installed variant, and the environments' names.

Gymnasium 1.x reads no plugin entry points, so the ids are registered when ``unodice.rl`` is
imported: one id per installed variant that declares its spaces, ``unodice/`` and the
variant's name in CamelCase (``centre-die`` is ``unodice/CentreDie-v0``). Either import it
first or name it in the id, as Gymnasium's ``"module:id"`` form allows::

    import gymnasium

    env = gymnasium.make("unodice.rl:unodice/CentreDie-v0", opponents=["greedy"])

The keyword arguments of ``gymnasium.make`` and ``gymnasium.make_vec`` are those of
[`UnodiceGymEnv`][unodice.rl.single.UnodiceGymEnv].
"""

from __future__ import annotations

import functools
import re
from typing import Any

import gymnasium

from unodice.core.capabilities import Spaces
from unodice.core.registry import Registry, default_registry

__all__ = ["ENTRY_POINT", "NAMESPACE", "gym_id", "pettingzoo_name", "register_envs"]

NAMESPACE = "unodice"
"""The Gymnasium namespace of unodice's ids."""

ENTRY_POINT = "unodice.rl.single:UnodiceGymEnv"
"""What Gymnasium makes for a unodice id: the single-agent environment's class."""

VERSION = 0
"""The version of every id (``-v0``); raised when an environment's spaces or rewards change."""

_WORD = re.compile(r"[A-Za-z0-9]+")


def _words(variant: str) -> list[str]:
    """The words of a variant's name: ``"centre-die"`` is ``["centre", "die"]``.

    A game string's options are left out: ``"centre-die(rounds=1)"`` is the same variant.
    """
    return _WORD.findall(variant.split("(", 1)[0])


def gym_id(variant: str) -> str:
    """The Gymnasium id of a variant: ``gym_id("centre-die") == "unodice/CentreDie-v0"``."""
    name = "".join(word[:1].upper() + word[1:] for word in _words(variant))
    return f"{NAMESPACE}/{name}-v{VERSION}"


def pettingzoo_name(variant: str) -> str:
    """The PettingZoo name of a variant's environment, as PettingZoo's own are written.

    Lower case, words joined by underscores, the version last (as ``connect_four_v3``):
    ``pettingzoo_name("centre-die") == "unodice_centre_die_v0"``.
    """
    words = "_".join(word.lower() for word in _words(variant))
    return f"{NAMESPACE}_{words}_v{VERSION}"


def _make(variant: str, registry: Registry, **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """The single-agent environment of ``variant``, found in ``registry``."""
    from unodice.rl.single import UnodiceGymEnv

    return UnodiceGymEnv(variant, registry=registry, **kwargs)


def register_envs(registry: Registry | None = None) -> list[str]:
    """Register a Gymnasium id for each variant of ``registry`` that declares its spaces.

    ``unodice.rl`` calls it on import for the installed variants (``registry`` ``None``: the
    [`default_registry`][unodice.core.registry.default_registry]). After installing a plugin
    in a running program, call
    [`reset_default_registry`][unodice.core.registry.reset_default_registry] and then this
    again. An id registered already is left as it is. The variants of a registry given here
    are made with it (the environment's ``registry`` argument).

    Returns:
        The ids of the variants, in the order of their names (registered now or before).
    """
    source = default_registry() if registry is None else registry
    ids = []
    for name, info in sorted(source.variants().items()):
        if not issubclass(info.variant_class, Spaces):
            continue
        env_id = gym_id(name)
        ids.append(env_id)
        if env_id in gymnasium.registry:
            continue
        if registry is None:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"variant": name})
        else:
            # Gymnasium copies an id's keyword arguments for each environment: the registry
            # goes in the maker instead, so that every environment shares it.
            make = functools.partial(_make, registry=registry)
            gymnasium.register(id=env_id, entry_point=make, kwargs={"variant": name})
    return ids
