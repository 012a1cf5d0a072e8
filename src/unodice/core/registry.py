"""Finding plugins and what they provide.

The [`Registry`][unodice.core.registry.Registry] loads every plugin of the entry-point group
``unodice`` (the built-in variants come this way too), asks each for its registrations through
the [`unodice_register`][unodice.core.hooks.HookSpecs.unodice_register] hook, and records what each
provided. A plugin that fails to import, raises while registering (any exception, ``SystemExit``
included; only ``KeyboardInterrupt`` goes through), or registers something invalid is recorded
as broken and contributes nothing; every other plugin still works. Asking
for a variant that a broken plugin would have provided raises
[`PluginError`][unodice.core.errors.PluginError] naming the plugin and the cause.

Plugins cannot take over each other's names. Each variant, house rule, component set or agent
name goes to one plugin, whatever order the plugins load in:

1. a plugin the user allows to override (see
   [`ALLOW_OVERRIDE_VARIABLE`][unodice.core.registry.ALLOW_OVERRIDE_VARIABLE] and
   ``Registry(allow_override=...)``);
2. otherwise unodice itself: the names its own plugins (and component sets) provide are
   reserved;
3. otherwise the one other plugin that registers it.

When several plugins of the same rank register a name, none of them gets it, and asking for it
raises ``PluginError`` naming them all. Every plugin whose registration is refused keeps its
other registrations, and lists the refusal in
[`PluginInfo.refused`][unodice.core.registry.PluginInfo] (shown by ``unodice plugins``).
"""

from __future__ import annotations

import importlib.metadata
import inspect
import os
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import pluggy

from unodice.core.errors import PluginError, UnknownVariant
from unodice.core.hooks import PROJECT, HookSpecs
from unodice.core.options import OptionInfo, describe_options
from unodice.core.pieces import ComponentSet, builtin_component_sets
from unodice.core.variant import AnyVariant, Variant

__all__ = [
    "ALLOW_OVERRIDE_VARIABLE",
    "AgentInfo",
    "HouseRule",
    "PluginInfo",
    "Registrar",
    "Registry",
    "VariantInfo",
    "available_variants",
    "default_registry",
    "reset_default_registry",
]

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_HOOK_NAMES = tuple(name for name in vars(HookSpecs) if name.startswith("unodice_"))

ALLOW_OVERRIDE_VARIABLE = "UNODICE_ALLOW_OVERRIDE"
"""The environment variable naming the plugins allowed to override, separated by commas.

``UNODICE_ALLOW_OVERRIDE=my-plugin`` lets the plugin ``my-plugin`` (its name as
``unodice plugins`` shows it) replace what unodice itself or any other plugin provides under the
names it registers. It is read when a registry is made without ``allow_override``.
"""

_OTHER, _BUILTIN, _ALLOWED = 0, 1, 2
"""The ranks of plugins: a name goes to the single plugin of the highest rank claiming it."""

_UNODICE = "unodice"
"""The distribution whose plugins are built in."""


@attrs.frozen
class VariantInfo:
    """What is known about an installed variant.

    Attributes:
        name: The variant's name.
        title: Its human title.
        players: The allowed seat counts.
        options: Its options, with defaults and ranges.
        summary: One sentence on the game.
        version: The rules' version.
        plugin: The plugin that registered it.
        variant_class: The class itself.
    """

    name: str
    title: str
    players: range
    options: tuple[OptionInfo, ...]
    summary: str
    version: str
    plugin: str
    variant_class: type[AnyVariant] = attrs.field(repr=False)


@attrs.frozen
class HouseRule:
    """A house rule: named hook implementations that a game may opt into.

    Attributes:
        name: The name games use in ``house_rules=[...]``.
        hooks: An object (module, class or instance) with ``@hookimpl`` rule hooks.
        summary: One sentence on what it changes.
        variants: The variants it applies to, or ``None`` for any.
        plugin: The plugin that registered it.
    """

    name: str
    hooks: Any = attrs.field(repr=False)
    summary: str = ""
    variants: tuple[str, ...] | None = None
    plugin: str = ""


@attrs.frozen
class AgentInfo:
    """An agent (a bot) that a plugin registered by name.

    Attributes:
        name: The name the command line and ``simulate(agents=...)`` use.
        factory: Makes a fresh agent for one game: ``factory(seed)``, where ``seed`` is an
            ``int`` (or ``None``: the agent seeds itself as it likes). Worker processes call
            it too, so it must be picklable (a module-level function or class is).
        summary: One sentence on how it plays.
        plugin: The plugin that registered it.
    """

    name: str
    factory: Callable[[int | None], Any] = attrs.field(repr=False)
    summary: str = ""
    plugin: str = ""


@attrs.frozen
class PluginInfo:
    """One plugin as ``unodice plugins`` shows it.

    Attributes:
        name: The plugin's name (its entry-point name).
        distribution: The installed distribution that provides it, if known.
        version: That distribution's version, if known.
        hooks: The hooks it implements.
        variants: The variants it registered.
        house_rules: The house rules it registered.
        components: The component sets it registered.
        agents: The agents it registered.
        error: Why it is broken, or ``None`` when it works.
        refused: Its registrations that were refused because another plugin holds the name or
            registers it too, one message each; its other registrations still work.

    ``variants``, ``house_rules``, ``components`` and ``agents`` list only what the plugin
    provides: a refused name is in ``refused`` instead.
    """

    name: str
    distribution: str | None
    version: str | None
    hooks: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    house_rules: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    agents: tuple[str, ...] = ()
    error: str | None = None
    refused: tuple[str, ...] = ()


class Registrar:
    """What a plugin's ``unodice_register`` hook receives: it records the plugin's additions.

    Additions are checked as they are made and take effect only if the whole hook succeeds.
    Whether a name is free is decided afterwards, by the registry (see
    [`unodice.core.registry`][unodice.core.registry]): a name another plugin holds is refused
    alone, not
    the whole plugin.
    """

    def __init__(self, registry: Registry, plugin: str):
        self._registry = registry
        self.plugin = plugin
        """The name of the plugin whose registrations this records."""
        self.variants: dict[str, type[AnyVariant]] = {}
        """The variant classes registered so far, by name."""
        self.house_rules: dict[str, HouseRule] = {}
        """The house rules registered so far, by name."""
        self.components: dict[str, ComponentSet] = {}
        """The component sets registered so far, by name."""
        self.agents: dict[str, AgentInfo] = {}
        """The agents registered so far, by name."""

    def add_variant(self, variant_class: type[AnyVariant]) -> None:
        """Register a variant class.

        Raises:
            PluginError: The class is not a complete ``Variant`` subclass; its name is not a
                lower-case hyphenated word of at most 40 characters; its title (at most 80
                characters, not empty), summary (at most 200) or version (a string such as
                ``"1.0"``, at most 40) is not one line of printable text; its seat range or
                options are malformed; or this plugin registers the name twice.
        """
        name = getattr(variant_class, "name", None)
        if isinstance(name, str):
            self._registry._claimed.setdefault(name, self.plugin)
        _check_variant_class(variant_class, self.plugin)
        self._check_free(variant_class.name, "variant")
        self.variants[variant_class.name] = variant_class

    def add_house_rule(
        self,
        name: str,
        hooks: Any,
        summary: str = "",
        variants: Iterable[str] | None = None,
    ) -> None:
        """Register a house rule.

        Args:
            name: The name games use to opt in.
            hooks: An object carrying ``@hookimpl`` implementations of rule hooks.
            summary: One sentence on what it changes (one line, at most 200 characters).
            variants: The variants it applies to (``None``: any).

        Raises:
            PluginError: The name or summary is malformed, or this plugin registers the name
                twice; ``hooks`` implements no rule hook, a hook unknown to unodice or one with
                arguments its specification lacks, or is already the hooks of another house
                rule; or ``variants`` is not a list of names.
        """
        if not isinstance(name, str) or not _NAME.match(name):
            raise PluginError(self.plugin, f"house rule name {name!r} is not a lower-case word")
        self._registry._claimed.setdefault(name, self.plugin)
        for attribute, value in (("name", name), ("summary", summary)):
            problem = _text_problem(attribute, value, attribute == "name")
            if problem:
                raise PluginError(self.plugin, f"house rule {name!r}: {problem}")
        if variants is not None and (
            isinstance(variants, str) or not all(isinstance(v, str) for v in variants)
        ):
            raise PluginError(self.plugin, f"house rule {name!r}: variants is a list of names")
        _check_rule_hooks(hooks, name, self.plugin)
        for rule in (*self._registry._all_house_rules(), *self.house_rules.values()):
            if rule.hooks is hooks:
                raise PluginError(
                    self.plugin, f"house rule {name!r} reuses the hooks of house rule {rule.name!r}"
                )
        self._check_free(name, "house rule")
        self.house_rules[name] = HouseRule(
            name, hooks, summary, tuple(variants) if variants is not None else None, self.plugin
        )

    def add_components(self, component_set: ComponentSet) -> None:
        """Register a component set, so that variants' ``dice``/``tiles`` options can name it.

        The names of the component sets shipped with unodice are reserved like the built-in
        variants' names.

        Raises:
            PluginError: ``component_set`` is not a ``ComponentSet``, or this plugin registers
                the name twice.
        """
        if not isinstance(component_set, ComponentSet):
            raise PluginError(self.plugin, "add_components takes a ComponentSet")
        self._check_free(component_set.name, "component set")
        self.components[component_set.name] = component_set

    def add_agent(self, name: str, factory: Callable[[int | None], Any], summary: str = "") -> None:
        """Register an agent (a bot), so that ``--agents NAME`` and ``agents="NAME"`` find it.

        The names of unodice's own agents (``random``, ``greedy`` …) are reserved like the
        built-in variants' names. A name ``NAME-VARIANT`` (``heuristic-coverall``) is the
        agent that the generic name ``NAME`` stands for in games of that variant (see
        [`make_agent`][unodice.play.agents.make_agent]).

        Args:
            name: A lower-case hyphenated word such as ``"hold-at-20"``.
            factory: ``factory(seed)`` returns a fresh agent for one game (``seed`` is an
                ``int``, or ``None`` for an agent seeded as it likes). Simulations call it in
                worker processes too, so it must be picklable: a module-level function or
                class.
            summary: One sentence on how it plays (one line, at most 200 characters).

        Raises:
            PluginError: The name or summary is malformed, ``factory`` is not callable, or
                this plugin registers the name twice.
        """
        if not isinstance(name, str) or not _NAME.match(name):
            raise PluginError(
                self.plugin, f"agent name {name!r} is not a lower-case hyphenated word"
            )
        self._registry._claimed.setdefault(name, self.plugin)
        for attribute, value in (("name", name), ("summary", summary)):
            problem = _text_problem(attribute, value, attribute == "name")
            if problem:
                raise PluginError(self.plugin, f"agent {name!r}: {problem}")
        if not callable(factory):
            raise PluginError(
                self.plugin,
                f"agent {name!r}: the factory must be callable as factory(seed), not "
                f"{type(factory).__name__}",
            )
        self._check_free(name, "agent")
        self.agents[name] = AgentInfo(name, factory, summary, self.plugin)

    def _check_free(self, name: str, what: str) -> None:
        registered: dict[str, Mapping[str, object]] = {
            "variant": self.variants,
            "house rule": self.house_rules,
            "component set": self.components,
            "agent": self.agents,
        }
        mine = registered[what]
        if name in mine:
            raise PluginError(self.plugin, f"{what} {name!r} is already registered by this plugin")


_RULE_HOOKS = frozenset({"unodice_score", "unodice_event"})


def _check_rule_hooks(hooks: Any, name: str, plugin: str) -> None:
    """Refuse a house rule's hooks now, rather than in the first game that uses them."""
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(HookSpecs)
    try:
        manager.register(hooks, name=f"house-rule:{name}")
    except Exception as error:  # pluggy refuses arguments that its hook specifications lack
        raise PluginError(plugin, f"house rule {name!r}: {_describe(error)}") from None
    implemented = {caller.name for caller in manager.get_hookcallers(hooks) or ()}
    unknown = sorted(name for name in implemented if not hasattr(HookSpecs, name))
    if unknown:
        raise PluginError(plugin, f"house rule {name!r} implements unknown hook {unknown[0]!r}")
    for caller in manager.get_hookcallers(hooks) or ():
        if any(impl.hookwrapper or impl.wrapper for impl in caller.get_hookimpls()):
            raise PluginError(
                plugin,
                f"house rule {name!r} marks {caller.name} as a wrapper: rule hooks are plain "
                "functions (@hookimpl without wrapper or hookwrapper)",
            )
    if not implemented & _RULE_HOOKS:
        raise PluginError(
            plugin,
            f"house rule {name!r} implements no rule hook (mark unodice_score or unodice_event "
            "with @hookimpl)",
        )


_MAX_LENGTH = {"name": 40, "title": 80, "summary": 200, "version": 40}
"""The longest text allowed for each attribute: names are typed, the others listed."""


def _text_problem(attribute: str, value: Any, required: bool) -> str | None:
    """What is wrong with a text attribute that listings print on one line, or ``None``.

    Text must be one line of printable characters (no line breaks, no terminal control codes)
    and at most ``_MAX_LENGTH[attribute]`` long; a ``required`` one must not be empty.
    """
    if not isinstance(value, str) or (required and not value):
        return (
            f"{attribute} must be a string and not empty"
            if required
            else (f"{attribute} must be a string (one line, or empty)")
        )
    if not value.isprintable():
        return f"{attribute} must be one line of printable text"
    if len(value) > _MAX_LENGTH[attribute]:
        return f"{attribute} must be at most {_MAX_LENGTH[attribute]} characters"
    return None


def _check_variant_class(cls: Any, plugin: str) -> None:
    def fail(why: str) -> PluginError:
        return PluginError(plugin, f"variant {getattr(cls, 'name', cls)!r}: {why}")

    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise PluginError(plugin, f"{cls!r} is not a subclass of unodice.Variant")
    missing = sorted(
        name for name in Variant.__abstractmethods__ if not callable(getattr(cls, name, None))
    )
    if inspect.isabstract(cls) or missing:
        missing = sorted(set(missing) | set(getattr(cls, "__abstractmethods__", ())))
        raise fail(f"does not implement {', '.join(missing)}")
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not _NAME.match(name):
        raise fail("name must be a lower-case hyphenated word such as 'my-game'")
    for attribute, required in (("name", True), ("title", True), ("summary", False)):
        problem = _text_problem(attribute, getattr(cls, attribute, None), required)
        if problem:
            raise fail(problem)
    version = getattr(cls, "version", None)
    if isinstance(version, int | float) and not isinstance(version, bool):
        raise fail(
            f'version must be a string, such as version = "{version}": records store the '
            "version as text, and a record whose version is not text does not replay"
        )
    if not isinstance(version, str):
        raise fail('version must be a string such as "1.0"')
    problem = _text_problem("version", version, True)
    if problem:
        raise fail(problem)
    players = getattr(cls, "players", None)
    if not isinstance(players, range) or len(players) == 0 or players.start < 1:
        raise fail("players must be a non-empty range of seat counts, such as range(2, 7)")
    if players.step != 1:
        raise fail("players must be a range with step 1")
    if not attrs.has(cls.Options):
        raise fail("Options must be an attrs class")
    try:
        describe_options(cls.Options)
    except TypeError as error:
        raise fail(str(error)) from None


class Registry:
    """Installed plugins and what they registered.

    Most code uses the shared [`default_registry`][unodice.core.registry.default_registry]. Tests
    and
    tools may build their own and add plugin objects with
    [`add_plugin`][unodice.core.registry.Registry.add_plugin].

    Args:
        allow_override: The plugins allowed to override: each name it registers goes to it,
            even one that unodice itself or another plugin provides. Plugin names as
            ``unodice plugins`` shows them, as an iterable or one string separated by commas.
            ``None`` (the default) reads them from the environment variable
            [`UNODICE_ALLOW_OVERRIDE`][unodice.core.registry.ALLOW_OVERRIDE_VARIABLE]; ``()`` allows
            none whatever the environment says.

    Raises:
        TypeError: ``allow_override`` holds something other than strings.
    """

    def __init__(self, allow_override: str | Iterable[str] | None = None) -> None:
        self._allow_override = _plugin_names(
            os.environ.get(ALLOW_OVERRIDE_VARIABLE, "")
            if allow_override is None
            else allow_override
        )
        self._pm = pluggy.PluginManager(PROJECT)
        self._pm.add_hookspecs(HookSpecs)
        self._variants: dict[str, VariantInfo] = {}
        self._house_rules: dict[str, HouseRule] = {}
        self._components: dict[str, ComponentSet] = {}
        self._agents: dict[str, AgentInfo] = {}
        self._component_owners: dict[str, str] = {}
        self._plugins: dict[str, PluginInfo] = {}
        self._claimed: dict[str, str] = {}
        # what each working plugin registered, and how it ranks, by plugin name
        self._registered: dict[str, dict[str, tuple[str, ...]]] = {}
        self._rank: dict[str, int] = {}
        # (kind, name) -> {plugin: what it registered under that name}, in loading order
        self._claims: dict[tuple[str, str], dict[str, Any]] = {}
        # (kind, name) -> {plugin: why its registration is refused}
        self._refusals: dict[tuple[str, str], dict[str, str]] = {}
        # (kind, name) -> the plugins of equal rank that all register it, sorted
        self._contested: dict[tuple[str, str], tuple[str, ...]] = {}

    @property
    def allow_override(self) -> frozenset[str]:
        """The names of the plugins allowed to override."""
        return self._allow_override

    @classmethod
    def from_entry_points(
        cls, group: str = PROJECT, allow_override: str | Iterable[str] | None = None
    ) -> Registry:
        """A registry holding every plugin installed under the entry-point group.

        Every entry point is loaded, even two of the same name from different distributions:
        the plugin name is the entry-point name, except when several distributions declare the
        name. Then the one of unodice itself keeps it and each other is named
        ``distribution:name`` (``unodice-extra:dominoes``), so that no entry point can knock out
        another. The same entry point found twice on the path is loaded once.

        Args:
            group: The entry-point group.
            allow_override: As for [`Registry`][unodice.core.registry.Registry].
        """
        registry = cls(allow_override)
        points: dict[tuple[str, str, str | None], tuple[Any, str | None, str | None]] = {}
        for entry_point in importlib.metadata.entry_points(group=group):
            dist_name, dist_version = _distribution_of(entry_point)
            points.setdefault(
                (entry_point.name, entry_point.value, dist_name),
                (entry_point, dist_name, dist_version),
            )
        counts = Counter(name for name, _, _ in points)

        def builtin_first(key: tuple[str, str, str | None]) -> tuple[bool, str, str, str]:
            name, value, dist_name = key
            return (not _is_builtin_entry(value, dist_name), name, dist_name or "", value)

        for key in sorted(points, key=builtin_first):
            entry_point, dist_name, dist_version = points[key]
            name, value = key[0], key[1]
            if counts[name] > 1 and not _is_builtin_entry(value, dist_name):
                name = f"{dist_name or value}:{name}"
            try:
                plugin = entry_point.load()
            except KeyboardInterrupt:  # the user pressed Ctrl-C: stop, whatever was loading
                raise
            except BaseException as error:  # a plugin must not end the program
                registry._record_failure(
                    name, dist_name, dist_version, f"import failed: {_describe(error)}"
                )
                continue
            registry.add_plugin(plugin, name, dist_name, dist_version)
        return registry

    def add_plugin(
        self,
        plugin: Any,
        name: str,
        distribution: str | None = None,
        version: str | None = None,
    ) -> PluginInfo:
        """Register a plugin object and run its ``unodice_register`` hook.

        Failures do not raise: they are recorded on the returned
        [`PluginInfo`][unodice.core.registry.PluginInfo] and shown by ``unodice plugins``. Names
        the plugin registers that another plugin holds are refused one by one, by the rules of
        [`unodice.core.registry`][unodice.core.registry]; a plugin added later can still take a
        name from
        this one, or contest it. The plugin is built in when it is a module of the ``unodice``
        package (and ``distribution``, if given, is ``unodice``).
        """
        if name in self._plugins:
            return self._record_failure(
                name, distribution, version, f"a plugin named {name!r} is already loaded"
            )
        self._claimed.setdefault(name, name)
        try:
            self._pm.register(plugin, name=name)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            return self._record_failure(name, distribution, version, _describe(error))
        hooks = tuple(sorted(c.name for c in self._pm.get_hookcallers(plugin) or ()))
        unknown = [hook for hook in hooks if not hasattr(HookSpecs, hook)]
        if unknown:
            self._pm.unregister(plugin)
            return self._record_failure(
                name,
                distribution,
                version,
                f"implements {unknown[0]!r}, which is not an unodice hook "
                f"(the hooks are {', '.join(_HOOK_NAMES)})",
            )
        registrar = Registrar(self, name)
        try:
            for impl in self._pm.hook.unodice_register.get_hookimpls():
                if impl.plugin is plugin:
                    impl.function(**{arg: registrar for arg in impl.argnames})
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # a plugin must not end the program
            self._pm.unregister(plugin)
            info = self._record_failure(name, distribution, version, _describe(error))
            return attrs.evolve(info, hooks=hooks)
        entries: dict[str, dict[str, Any]] = {
            "variant": {
                variant_name: VariantInfo(
                    name=variant_name,
                    title=variant_class.title,
                    players=variant_class.players,
                    options=describe_options(variant_class.Options),
                    summary=variant_class.summary,
                    version=variant_class.version,
                    plugin=name,
                    variant_class=variant_class,
                )
                for variant_name, variant_class in registrar.variants.items()
            },
            "house rule": dict(registrar.house_rules),
            "component set": dict(registrar.components),
            "agent": dict(registrar.agents),
        }
        if name in self._allow_override:
            self._rank[name] = _ALLOWED
        else:
            self._rank[name] = _BUILTIN if _is_builtin(plugin, distribution) else _OTHER
        self._registered[name] = {kind: tuple(table) for kind, table in entries.items()}
        self._plugins[name] = PluginInfo(
            name=name, distribution=distribution, version=version, hooks=hooks
        )
        for kind, table in entries.items():
            for entry_name, entry in table.items():
                self._claims.setdefault((kind, entry_name), {})[name] = entry
                self._resolve(kind, entry_name)
        return self._current(self._plugins[name])

    def _record_failure(
        self, name: str, distribution: str | None, version: str | None, error: str
    ) -> PluginInfo:
        self._claimed.setdefault(name, name)
        key = name if name not in self._plugins else f"{name} ({distribution or 'duplicate'})"
        info = PluginInfo(name=name, distribution=distribution, version=version, error=error)
        self._plugins[key] = info
        return info

    def _resolve(self, kind: str, name: str) -> None:
        """Give the name to the single highest-ranked plugin claiming it, or to none."""
        key = (kind, name)
        claims = self._claims[key]
        ranks: dict[str | None, int] = {plugin: self._rank[plugin] for plugin in claims}
        if kind == "component set" and name in builtin_component_sets():
            ranks[None] = _BUILTIN  # the set shipped with unodice
        top = max(ranks.values())
        leaders = sorted(p for p, rank in ranks.items() if rank == top and p is not None)
        if None in ranks and top == _BUILTIN:
            leaders = []  # the shipped set stays: no plugin replaces it unless allowed to
        winner = leaders[0] if len(leaders) == 1 else None
        tables: dict[str, dict[str, Any]] = {
            "variant": self._variants,
            "house rule": self._house_rules,
            "component set": self._components,
            "agent": self._agents,
        }
        table = tables[kind]
        table.pop(name, None)
        self._contested.pop(key, None)
        if kind == "component set":
            self._component_owners.pop(name, None)
        if winner is not None:
            table[name] = claims[winner]
            if kind == "component set":
                self._component_owners[name] = winner
        elif len(leaders) > 1:
            self._contested[key] = tuple(leaders)
        refusals: dict[str, str] = {}
        for plugin in claims:
            if plugin == winner:
                continue
            if plugin in leaders:
                others = _listing([other for other in leaders if other != plugin])
                choose = (
                    f"allow only one of them to override in {ALLOW_OVERRIDE_VARIABLE}"
                    if top == _ALLOWED
                    else f"set {ALLOW_OVERRIDE_VARIABLE}={plugin} to use this one"
                )
                refusals[plugin] = (
                    f"{kind} {name!r} is also registered by {others}, so no plugin provides "
                    f"it: uninstall one, or {choose}"
                )
            elif top == _ALLOWED:
                who = (
                    f"plugin {leaders[0]!r}"
                    if len(leaders) == 1
                    else (f"plugins {_listing(leaders)}")
                )
                refusals[plugin] = (
                    f"{kind} {name!r} is overridden by {who}, which the user allows to override"
                )
            else:
                refusals[plugin] = (
                    f"{kind} {name!r} is built into unodice and is not replaced; to let this "
                    f"plugin replace it, set {ALLOW_OVERRIDE_VARIABLE}={plugin}"
                )
        self._refusals[key] = refusals

    def _holder(self, kind: str, name: str) -> str | None:
        """The plugin that provides ``name``, if one does."""
        if kind == "component set":
            return self._component_owners.get(name)
        tables: dict[str, Mapping[str, Any]] = {
            "variant": self._variants,
            "house rule": self._house_rules,
            "agent": self._agents,
        }
        entry = tables[kind].get(name)
        return entry.plugin if entry is not None else None

    def _current(self, info: PluginInfo) -> PluginInfo:
        """``info`` with what the plugin provides and what was refused, as things stand."""
        registered = self._registered.get(info.name)
        if info.error is not None or registered is None:
            return info
        provided: dict[str, tuple[str, ...]] = {}
        refused: list[str] = []
        for kind, names in registered.items():
            provided[kind] = tuple(n for n in names if self._holder(kind, n) == info.name)
            refused.extend(
                self._refusals[(kind, n)][info.name]
                for n in names
                if info.name in self._refusals[(kind, n)]
            )
        return attrs.evolve(
            info,
            variants=provided["variant"],
            house_rules=provided["house rule"],
            components=provided["component set"],
            agents=provided.get("agent", ()),
            refused=tuple(refused),
        )

    def _all_house_rules(self) -> list[HouseRule]:
        """Every house rule any working plugin registered, whether it got its name or not."""
        return [
            rule
            for (kind, _), claims in self._claims.items()
            if kind == "house rule"
            for rule in claims.values()
        ]

    # -- questions ---------------------------------------------------------------------------

    def variants(self) -> dict[str, VariantInfo]:
        """Every working variant, by name, sorted by name."""
        return dict(sorted(self._variants.items()))

    def house_rules(self) -> dict[str, HouseRule]:
        """Every working house rule, by name, sorted by name."""
        return dict(sorted(self._house_rules.items()))

    def component_sets(self) -> dict[str, ComponentSet]:
        """Component sets registered by plugins (the built-in ones are not listed here)."""
        return dict(self._components)

    def agents(self) -> dict[str, AgentInfo]:
        """Every working agent registered by a plugin, by name, sorted by name."""
        return dict(sorted(self._agents.items()))

    def agent(self, name: str) -> AgentInfo:
        """The agent called ``name``.

        Raises:
            PluginError: The plugin that provides (or would provide) it is broken, or several
                plugins of the same rank register the name.
            UnknownVariant: No plugin provides it; the message lists those installed.
        """
        info = self._agents.get(name)
        if info is not None:
            return info
        self._raise_if_broken("agent", name)
        raise UnknownVariant(name, list(self.agents()), what="agent")

    def plugins(self) -> list[PluginInfo]:
        """Every plugin, working or broken, sorted by name."""
        return [self._current(self._plugins[key]) for key in sorted(self._plugins)]

    def variant(self, name: str) -> VariantInfo:
        """The variant called ``name``.

        Raises:
            PluginError: The plugin that provides (or would provide) it is broken, or several
                plugins of the same rank register the name (the message names them all).
            UnknownVariant: No plugin provides it; the message lists those installed.
        """
        info = self._variants.get(name)
        if info is not None:
            return info
        self._raise_if_broken("variant", name)
        raise UnknownVariant(name, list(self.variants()))

    def house_rule(self, name: str) -> HouseRule:
        """The house rule called ``name``.

        Raises:
            PluginError: Its plugin is broken, or several plugins register the name.
            UnknownVariant: No plugin provides it.
        """
        rule = self._house_rules.get(name)
        if rule is not None:
            return rule
        self._raise_if_broken("house rule", name)
        raise UnknownVariant(name, list(self.house_rules()), what="house rule")

    def _raise_if_broken(self, kind: str, name: str) -> None:
        contenders = self._contested.get((kind, name))
        if contenders:
            raise PluginError(
                contenders[0],
                f"{kind} {name!r} is registered by {_listing(contenders)}, so no plugin provides "
                f"it: uninstall all but one, or set {ALLOW_OVERRIDE_VARIABLE} to the one to use",
            )
        plugin = self._claimed.get(name)
        if plugin is None:
            return
        info = next((p for p in self._plugins.values() if p.name == plugin and p.error), None)
        if info is not None and info.error:
            raise PluginError(plugin, info.error)


def _plugin_names(names: str | Iterable[str]) -> frozenset[str]:
    """Plugin names from an iterable, or from one string of names separated by commas."""
    if isinstance(names, str):
        names = names.split(",")
    names = list(names)
    strange = [name for name in names if not isinstance(name, str)]
    if strange:
        raise TypeError(f"allow_override takes plugin names (strings), not {strange[0]!r}")
    return frozenset(name.strip() for name in names if name.strip())


def _distribution_of(entry_point: Any) -> tuple[str | None, str | None]:
    """The name and version of the distribution declaring ``entry_point``, when known."""
    dist = getattr(entry_point, "dist", None)
    if dist is None:
        return None, None
    try:
        return dist.metadata["Name"], dist.version
    except Exception:  # unreadable metadata: the plugin is still loaded, just not attributed
        return None, None


def _is_unodice(distribution: str | None) -> bool:
    return re.sub(r"[-_.]+", "-", distribution or "").lower() == _UNODICE


def _is_builtin_entry(value: str, distribution: str | None) -> bool:
    """Whether an entry point is one of unodice's own: declared by it, naming its module."""
    return _is_unodice(distribution) and value.startswith(f"{_UNODICE}.")


def _is_builtin(plugin: Any, distribution: str | None) -> bool:
    """Whether a plugin is built in: a module of the unodice package, and not from elsewhere."""
    module_name = plugin.__name__ if inspect.ismodule(plugin) else ""
    return module_name.startswith(f"{_UNODICE}.") and (
        distribution is None or _is_unodice(distribution)
    )


def _listing(names: Iterable[str]) -> str:
    """``'a'``, ``'a' and 'b'``, ``'a', 'b' and 'c'``."""
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def _describe(error: BaseException) -> str:
    """One line on what went wrong (the command line prints one line per problem).

    A plugin's exception may fail even to print itself, or hold control codes; both are
    described harmlessly.
    """
    if isinstance(error, PluginError):
        text = error.cause
    else:
        try:
            words = str(error)
        except KeyboardInterrupt:
            raise
        except BaseException:
            words = "(its message cannot be shown)"
        text = f"{type(error).__name__}: {words}"
    text = " ".join(text.split())
    # no control codes reach a terminal: they are shown escaped, as Python writes them
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


_default: Registry | None = None
_default_lock = threading.Lock()


def default_registry() -> Registry:
    """The registry of every installed plugin, loaded on first use and then kept."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Registry.from_entry_points()
    return _default


def available_variants() -> dict[str, VariantInfo]:
    """Every installed, working variant by name: title, seat range, options, summary, version.

    Available as ``unodice.available_variants()``; variants whose plugin is broken are left out
    (``default_registry().plugins()`` lists those, with the reason).
    """
    return default_registry().variants()


def reset_default_registry() -> None:
    """Forget the loaded plugins, so that the next use loads them afresh (after an install)."""
    global _default
    with _default_lock:
        _default = None
