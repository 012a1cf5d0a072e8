"""Variant options: declared once as an attrs class, checked the same way everywhere.

A variant's ``Options`` class is an ``attrs`` class whose fields are made with
[`option`][unodice.core.options.option]. Values may come from Python, from JSON (a record) or from
text (a game string such as ``"coverall(partition=false)"`` or the command line); all three go
through one checker, which refuses unknown names, wrong types and values out of range with an
[`InvalidOptions`][unodice.core.errors.InvalidOptions] that lists what is valid.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from unodice.core._quoting import (
    brief,  # still importable from here, as in 0.1
    did_you_mean,
    whole_number,
)
from unodice.core.errors import InvalidOptions

__all__ = ["INT_LIMIT", "TEXT_LIMIT", "OptionInfo", "option"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
INT_LIMIT = 2**63 - 1
"""The largest magnitude of an ``int`` option, bounded or not, so that every value fits JSON
readers everywhere (a record with a thousand-digit option is refused, not carried)."""
TEXT_LIMIT = 200
"""The longest value of a ``str`` option (they name things: component sets, styles)."""


@attrs.frozen
class OptionInfo:
    """What the reference and ``unodice variants`` say about one option.

    Attributes:
        name: The option's name.
        kind: ``"bool"``, ``"int"`` or ``"str"``.
        default: The default value.
        help: One line on what it does.
        minimum: The least allowed value of an ``int`` option, if bounded.
        maximum: The greatest allowed value of an ``int`` option, if bounded.
        choices: The allowed values, when only some are.
        nullable: Whether ``None`` (``none`` in text) is allowed.
    """

    name: str
    kind: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    nullable: bool = False

    def describe(self) -> str:
        """``target (int ≥ 1, default 500): points that win the match``."""
        kind = self.kind
        if self.minimum is not None and self.maximum is not None:
            kind += f" {self.minimum}–{self.maximum}"
        elif self.minimum is not None:
            kind += f" ≥ {self.minimum}"
        if self.choices:
            kind += " one of " + "/".join(map(str, self.choices))
        if self.nullable:
            kind += " or none"
        return f"{self.name} ({kind}, default {option_text(self.default)}): {self.help}"


def option_text(value: Any) -> str:
    """An option's value as the command line writes it: ``true``, ``none``, ``500``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option(
    default: Any,
    help: str,
    *,
    kind: type | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: Sequence[Any] | None = None,
) -> Any:
    """Declare one option of a variant's ``Options`` attrs class.

    Args:
        default: The default value; ``None`` makes the option nullable (then give ``kind``).
        help: One line on what the option does: it is shown by ``unodice variants``.
        kind: ``bool``, ``int`` or ``str``; taken from ``default`` when not given.
        minimum: The least allowed value of an ``int`` option.
        maximum: The greatest allowed value of an ``int`` option.
        choices: The only allowed values, when the option is a choice.
    """
    value_type = kind or type(default)
    if value_type not in (bool, int, str):
        raise TypeError(f"options are bool, int or str, not {value_type.__name__}")
    info = OptionInfo(
        name="",
        kind=value_type.__name__,
        default=default,
        help=help,
        minimum=minimum,
        maximum=maximum,
        choices=tuple(choices) if choices is not None else None,
        nullable=default is None,
    )
    return attrs.field(default=default, metadata={"unodice": info})


@functools.lru_cache(maxsize=256)
def describe_options(options_class: type) -> tuple[OptionInfo, ...]:
    """The [`OptionInfo`][unodice.core.options.OptionInfo] of every option, in declaration order."""
    # Cached: every new game checks its options against these (an attrs class's fields are
    # fixed once the class exists).
    out = []
    for field in attrs.fields(options_class):
        info = field.metadata.get("unodice")
        if info is None:
            raise TypeError(f"{options_class.__name__}.{field.name} was not declared with option()")
        out.append(attrs.evolve(info, name=field.name))
    return tuple(out)


def _refusal(info: OptionInfo) -> Callable[[str], InvalidOptions]:
    """Makes the refusal of a value of ``info``'s option, with what the option takes."""
    return lambda message: InvalidOptions(f"{message}; {info.describe()}")


def _convert(info: OptionInfo, value: Any, owner: str) -> Any:
    def refuse(expected: str) -> InvalidOptions:
        return InvalidOptions(
            f"option {info.name!r} of {owner} must be {expected}, got {brief(value)}; "
            f"{info.describe()}"
        )

    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "null")):
        if info.nullable:
            return None
        if value is None:
            raise refuse(f"a {info.kind}")
    if info.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise refuse("true or false")
    if info.kind == "int":
        if isinstance(value, str):
            # Only the digits 0-9: int() would also read "٤", " 7 ", "+7", "1_000" and "0004".
            value = whole_number(
                value, f"option {info.name!r} of {owner}", _refusal(info), negative=True
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise refuse("a whole number")
        if (info.minimum is not None and value < info.minimum) or (
            info.maximum is not None and value > info.maximum
        ):
            low = "" if info.minimum is None else f"at least {info.minimum}"
            high = "" if info.maximum is None else f"at most {info.maximum}"
            raise refuse(" and ".join(p for p in (low, high) if p))
        if abs(value) > INT_LIMIT:
            raise refuse(f"of magnitude at most {INT_LIMIT} (2**63 - 1)")
    elif info.kind == "str":
        if not isinstance(value, str):
            raise refuse("text")
        if len(value) > TEXT_LIMIT:
            raise refuse(f"text of at most {TEXT_LIMIT} characters")
        value = value.strip()
    if info.choices is not None and value not in info.choices:
        raise refuse("one of " + ", ".join(map(option_text, info.choices)))
    return value


def build_options(options_class: type, values: Mapping[str, Any] | None, owner: str) -> Any:
    """Check ``values`` against ``options_class`` and build an instance.

    Args:
        options_class: The variant's attrs ``Options`` class.
        values: Option names to values (Python values, JSON values or text), or ``None``.
        owner: The variant's name, for messages.

    Raises:
        InvalidOptions: An unknown name, a wrong type, a value out of range, or a combination
            the class's own check refuses. The message lists the valid options.
    """
    infos = {info.name: info for info in describe_options(options_class)}

    def listing() -> str:
        return "; ".join(info.describe() for info in infos.values()) or "it takes none"

    if values is not None and not isinstance(values, Mapping):
        raise InvalidOptions(
            f"options of {owner} are a mapping of names to values, not {type(values).__name__}; "
            f"its options: {listing()}"
        )
    values = dict(values or {})
    unknown = sorted((name for name in values if name not in infos), key=brief)
    if unknown:
        hint = did_you_mean(unknown[0], list(infos), lower=True)
        if hint:  # one close name says more than every option's help
            raise InvalidOptions(
                f"{owner} has no option {brief(unknown[0])}; {hint}its options: {', '.join(infos)}"
            )
        raise InvalidOptions(f"{owner} has no option {brief(unknown[0])}; its options: {listing()}")
    converted = {name: _convert(infos[name], value, owner) for name, value in values.items()}
    try:
        return _frozen_class(options_class)(**converted)
    except (ValueError, TypeError) as error:
        raise InvalidOptions(f"options of {owner}: {error}") from None


@functools.lru_cache(maxsize=256)
def _frozen_class(options_class: type) -> type:
    """The sealed subclass of ``options_class`` whose instances a game's options are.

    A game's options are shared by everything that reads them (the variant, copies and
    determinizations of the game, the views handed to bots), so nothing may change them once
    checked: an option changed mid-match would change the rules of a game whose record says
    otherwise. An attrs class declared frozen still yields to ``object.__setattr__``, so the
    options a game holds are instances of this subclass (same name, fields, equality and repr;
    ``isinstance`` of the plugin's class), which keeps its values in one tuple and reads each
    field from it. Nothing writes them once made, as nothing writes a move: not ``setattr``,
    not ``object.__setattr__`` on a field or on the slot of the tuple (whose descriptor the
    class no longer lists), not the base class's own slot descriptors (which nothing reads).
    Building one runs the plugin's class first, so its validators and checks still refuse.
    """
    fields = attrs.fields(options_class)
    names = tuple(field.name for field in fields)
    namespace: dict[str, Any] = {
        "__slots__": ("_sealed_values",),
        "__module__": options_class.__module__,
        "__qualname__": options_class.__qualname__,
        "__doc__": options_class.__doc__,
    }
    sealed = type(options_class.__name__, (options_class,), namespace)
    # The slot's descriptor is the only way to write the values: keep it here, out of reach of
    # object.__setattr__, and take it off the class.
    storage = sealed.__dict__["_sealed_values"]
    read = storage.__get__
    write = storage.__set__
    type.__delattr__(sealed, "_sealed_values")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        checked = options_class(*args, **kwargs)  # the plugin's own validation
        write(self, tuple(getattr(checked, name) for name in names))

    def __setattr__(self: Any, name: str, value: Any = None) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self: Any, other: object) -> bool:
        if not isinstance(other, options_class):
            return NotImplemented
        values: tuple[Any, ...] = read(self)
        return values == tuple(getattr(other, name) for name in names)

    def __ne__(self: Any, other: object) -> bool:
        if not isinstance(other, options_class):
            return NotImplemented
        return not __eq__(self, other)

    def __reduce__(self: Any) -> tuple[Any, ...]:
        return _sealed, (options_class, dict(zip(names, read(self), strict=True)))

    methods: dict[str, Any] = {
        "__init__": __init__,
        "__setattr__": __setattr__,
        "__delattr__": __setattr__,
        "__eq__": __eq__,
        "__ne__": __ne__,
        "__hash__": lambda self: hash(read(self)),
        "__reduce__": __reduce__,
        "__copy__": lambda self: self,
        "__deepcopy__": lambda self, memo: self,
    }

    def field_reader(index: int) -> Callable[[Any], Any]:
        def value(self: Any) -> Any:
            return read(self)[index]

        return value

    for index, name in enumerate(names):
        methods[name] = property(field_reader(index), doc=f"The option {name!r}.")
    for name, value in methods.items():
        type.__setattr__(sealed, name, value)
    return sealed


def _sealed(options_class: type, values: dict[str, Any]) -> Any:
    """Options of ``options_class`` made again from their values (how they pickle)."""
    return _frozen_class(options_class)(**values)


def options_to_json(options: Any) -> dict[str, Any]:
    """An options instance as a JSON-ready dict (all values are bool, int, str or null)."""
    return attrs.asdict(options)
