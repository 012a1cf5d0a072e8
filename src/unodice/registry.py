"""Finding plugins and what they provide.

The [`Registry`][unodice.registry.Registry] loads every plugin of the entry-point group
``unodice`` (the built-in variants come this way too), asks each for its registrations through
the [`unodice_register`][unodice.hooks.HookSpecs.unodice_register] hook, and records what each
provided. A plugin that fails to import, raises while registering (any exception, ``SystemExit``
included; only ``KeyboardInterrupt`` goes through), or registers something invalid is recorded
as broken and contributes nothing; every other plugin still works. Asking
for a variant that a broken plugin would have provided raises
[`PluginError`][unodice.errors.PluginError] naming the plugin and the cause.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import re
import threading
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pluggy

from unodice.errors import PluginError, UnknownVariant
from unodice.hooks import PROJECT, HookSpecs
from unodice.options import OptionInfo, describe_options
from unodice.pieces import ComponentSet, builtin_component_sets
from unodice.variant import Variant

__all__ = [
    "HouseRule",
    "PluginInfo",
    "Registrar",
    "Registry",
    "VariantInfo",
    "default_registry",
]

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_HOOK_NAMES = tuple(name for name in vars(HookSpecs) if name.startswith("unodice_"))


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
    variant_class: type[Variant] = attrs.field(repr=False)


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
        error: Why it is broken, or ``None`` when it works.
    """

    name: str
    distribution: str | None
    version: str | None
    hooks: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    house_rules: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    error: str | None = None


class Registrar:
    """What a plugin's ``unodice_register`` hook receives: it records the plugin's additions.

    Additions are checked as they are made and take effect only if the whole hook succeeds.
    """

    def __init__(self, registry: Registry, plugin: str):
        self._registry = registry
        self.plugin = plugin
        """The name of the plugin whose registrations this records."""
        self.variants: dict[str, type[Variant]] = {}
        """The variant classes registered so far, by name."""
        self.house_rules: dict[str, HouseRule] = {}
        """The house rules registered so far, by name."""
        self.components: dict[str, ComponentSet] = {}
        """The component sets registered so far, by name."""

    def add_variant(self, variant_class: type[Variant]) -> None:
        """Register a variant class.

        Raises:
            PluginError: The class is not a complete ``Variant`` subclass; its name is not a
                lower-case hyphenated word of at most 40 characters; its title (at most 80
                characters, not empty), summary (at most 200) or version (a string such as
                ``"1.0"``, at most 40) is not one line of printable text; its seat range or
                options are malformed; or the name is taken.
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
            PluginError: The name or summary is malformed, or the name is taken; ``hooks``
                implements no rule hook, a hook unknown to unodice or one with arguments its
                specification lacks, or is already the hooks of another house rule; or
                ``variants`` is not a list of names.
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
        for rule in (*self._registry._house_rules.values(), *self.house_rules.values()):
            if rule.hooks is hooks:
                raise PluginError(
                    self.plugin, f"house rule {name!r} reuses the hooks of house rule {rule.name!r}"
                )
        self._check_free(name, "house rule")
        self.house_rules[name] = HouseRule(
            name, hooks, summary, tuple(variants) if variants is not None else None, self.plugin
        )

    def add_components(self, component_set: ComponentSet) -> None:
        """Register a component set, so that variants' ``dice``/``tiles`` options can name it."""
        if not isinstance(component_set, ComponentSet):
            raise PluginError(self.plugin, "add_components takes a ComponentSet")
        if component_set.name in builtin_component_sets():
            raise PluginError(self.plugin, f"component set {component_set.name!r} is built in")
        self._check_free(component_set.name, "component set")
        self.components[component_set.name] = component_set

    def _check_free(self, name: str, what: str) -> None:
        owner = self._registry._owner_of(name, what)
        if owner is not None or name in {**self.variants, **self.house_rules, **self.components}:
            by = owner or self.plugin
            raise PluginError(self.plugin, f"{what} {name!r} is already registered by {by!r}")


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
        return f"{attribute} must be a string and not empty" if required else (
            f"{attribute} must be a string (one line, or empty)"
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

    Most code uses the shared [`default_registry`][unodice.registry.default_registry]. Tests and
    tools may build their own and add plugin objects with
    [`add_plugin`][unodice.registry.Registry.add_plugin].
    """

    def __init__(self) -> None:
        self._pm = pluggy.PluginManager(PROJECT)
        self._pm.add_hookspecs(HookSpecs)
        self._variants: dict[str, VariantInfo] = {}
        self._house_rules: dict[str, HouseRule] = {}
        self._components: dict[str, ComponentSet] = {}
        self._component_owners: dict[str, str] = {}
        self._plugins: dict[str, PluginInfo] = {}
        self._claimed: dict[str, str] = {}

    @classmethod
    def from_entry_points(cls, group: str = PROJECT) -> Registry:
        """A registry holding every plugin installed under the entry-point group."""
        registry = cls()
        seen: dict[str, str] = {}
        for entry_point in sorted(
            importlib.metadata.entry_points(group=group), key=lambda e: (e.name, e.value)
        ):
            dist = entry_point.dist
            dist_name = dist.metadata["Name"] if dist is not None else None
            dist_version = dist.version if dist is not None else None
            first = seen.setdefault(entry_point.name, entry_point.value)
            if first != entry_point.value:
                registry._record_failure(
                    entry_point.name, dist_name, dist_version,
                    f"the name {entry_point.name!r} is already taken by {first!r}; "
                    f"{entry_point.value!r} is not loaded",
                )
                continue
            if entry_point.name in registry._plugins:
                continue  # the same plugin found twice on the path: load it once
            try:
                plugin = entry_point.load()
            except KeyboardInterrupt:  # the user pressed Ctrl-C: stop, whatever was loading
                raise
            except BaseException as error:  # a plugin must not end the program
                registry._record_failure(
                    entry_point.name, dist_name, dist_version, f"import failed: {_describe(error)}"
                )
                continue
            registry.add_plugin(plugin, entry_point.name, dist_name, dist_version)
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
        [`PluginInfo`][unodice.registry.PluginInfo] and shown by ``unodice plugins``.
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
                name, distribution, version,
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
        for variant_name, variant_class in registrar.variants.items():
            self._variants[variant_name] = VariantInfo(
                name=variant_name,
                title=variant_class.title,
                players=variant_class.players,
                options=describe_options(variant_class.Options),
                summary=variant_class.summary,
                version=variant_class.version,
                plugin=name,
                variant_class=variant_class,
            )
        self._house_rules.update(registrar.house_rules)
        self._components.update(registrar.components)
        self._component_owners.update(dict.fromkeys(registrar.components, name))
        info = PluginInfo(
            name=name,
            distribution=distribution,
            version=version,
            hooks=hooks,
            variants=tuple(registrar.variants),
            house_rules=tuple(registrar.house_rules),
            components=tuple(registrar.components),
        )
        self._plugins[name] = info
        return info

    def _record_failure(
        self, name: str, distribution: str | None, version: str | None, error: str
    ) -> PluginInfo:
        self._claimed.setdefault(name, name)
        key = name if name not in self._plugins else f"{name} ({distribution or 'duplicate'})"
        info = PluginInfo(name=name, distribution=distribution, version=version, error=error)
        self._plugins[key] = info
        return info

    def _owner_of(self, name: str, what: str) -> str | None:
        if what == "component set":
            return self._component_owners.get(name)
        table: Mapping[str, VariantInfo | HouseRule] = (
            self._variants if what == "variant" else self._house_rules
        )
        entry = table.get(name)
        return entry.plugin if entry is not None else None

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

    def plugins(self) -> list[PluginInfo]:
        """Every plugin, working or broken, sorted by name."""
        return [self._plugins[key] for key in sorted(self._plugins)]

    def variant(self, name: str) -> VariantInfo:
        """The variant called ``name``.

        Raises:
            PluginError: The plugin that provides (or would provide) it is broken.
            UnknownVariant: No plugin provides it; the message lists those installed.
        """
        info = self._variants.get(name)
        if info is not None:
            return info
        self._raise_if_broken(name)
        raise UnknownVariant(name, list(self.variants()))

    def house_rule(self, name: str) -> HouseRule:
        """The house rule called ``name``.

        Raises:
            PluginError: Its plugin is broken.
            UnknownVariant: No plugin provides it.
        """
        rule = self._house_rules.get(name)
        if rule is not None:
            return rule
        self._raise_if_broken(name)
        raise UnknownVariant(name, list(self.house_rules()), what="house rule")

    def _raise_if_broken(self, name: str) -> None:
        plugin = self._claimed.get(name)
        if plugin is None:
            return
        info = next((p for p in self._plugins.values() if p.name == plugin and p.error), None)
        if info is not None and info.error:
            raise PluginError(plugin, info.error)


def _describe(error: BaseException) -> str:
    """One line on what went wrong (the command line prints one line per problem).

    A plugin's exception may fail even to print itself; that is described too.
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
    return " ".join(text.split())


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


def reset_default_registry() -> None:
    """Forget the loaded plugins, so that the next use loads them afresh (after an install)."""
    global _default
    with _default_lock:
        _default = None
