"""Values: small records that nothing can change once made, the base of moves, events and pieces.

A subclass of [`Value`][unodice.core.values.Value] declares its fields as annotations, as a
dataclass does, but with no decorator; annotations marked ``ClassVar`` are not fields:

```python
class Place(Move):
    kind: ClassVar[str] = "place"
    face: Face
    row: int
    column: int
    colour: Colour | None = None
```

``Place(face, 1, 1)`` then makes one, and ``Place(face=..., row=1, column=1, colour=None)`` is
its ``repr``. Two values are equal when they are of the same class and their fields are equal.

Underneath, a value is a tuple of its field values, and each field reads an item of the tuple.
A tuple's items cannot be replaced, so nothing changes a value once it is made: not
``setattr``, not ``object.__setattr__``, not ``del``, not ``vars()`` (a value has no
``__dict__``) and not assigning its ``__class__``. That is what lets every game in a process
share one object for a move, an event or a face: a bot handed one can change nothing.
The tuple is an implementation detail: read a value through its fields, and
[`fields_of`][unodice.core.values.fields_of] for all of them at once.
"""

from __future__ import annotations

import collections
import inspect
import operator
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self, dataclass_transform, get_origin

__all__ = ["Value", "field", "fields_of"]


def _item_property(index: int, doc: str) -> Any:
    return property(operator.itemgetter(index), doc=doc)


# A field reads its item through the C accessor that namedtuple's fields use, where there is one.
_accessor: Callable[[int, str], Any] = getattr(collections, "_tuplegetter", _item_property)


class _Missing:
    """The default of a field that has none."""

    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()
_CLASS_VAR = re.compile(r"^\s*(?:typing\.|t\.|typing_extensions\.)?ClassVar\s*(?:\[|$)")

# Reached through these names, tuple's own methods take any value (the base below is a plain
# object to type checkers).
_tuple_new: Callable[..., Any] = tuple.__new__
_tuple_eq: Callable[[Any, Any], Any] = tuple.__eq__
_tuple_ne: Callable[[Any, Any], Any] = tuple.__ne__
_tuple_items: Callable[[Any, slice], tuple[Any, ...]] = tuple.__getitem__
_tuple_iter: Callable[[Any], Any] = tuple.__iter__


class _Field:
    """How one field is declared: its default, and whether ``__new__`` and ``repr`` show it."""

    __slots__ = ("default", "init", "repr")

    def __init__(self, default: Any, init: bool, repr: bool):
        self.default = default
        self.init = init
        self.repr = repr


def field(*, default: Any = _MISSING, init: bool = True, repr: bool = True) -> Any:
    """Declare a field with options beyond a default, such as one the constructor does not take.

    Args:
        default: The value when the constructor is not given one.
        init: Whether the constructor takes the field. A field it does not take comes after
            every field it does, and is worked out by the class's own ``__new__`` (see
            [`Value`][unodice.core.values.Value]) unless it has a default.
        repr: Whether ``repr`` shows the field.
    """
    return _Field(default, init, repr)


def fields_of(value: Value) -> dict[str, Any]:
    """A value's fields by name, in declaration order: ``{"face": ..., "row": 1, ...}``."""
    return dict(zip(type(value)._fields, _tuple_iter(value), strict=True))


def _is_class_var(annotation: Any) -> bool:
    text = getattr(annotation, "__forward_arg__", annotation)
    if isinstance(text, str):
        return _CLASS_VAR.match(text) is not None
    return annotation is ClassVar or get_origin(annotation) is ClassVar


def _own_annotations(cls: type) -> dict[str, Any]:
    if sys.version_info >= (3, 14):  # pragma: no cover - annotations are evaluated lazily
        import annotationlib

        return annotationlib.get_annotations(cls, format=annotationlib.Format.FORWARDREF)
    return inspect.get_annotations(cls)


def _declare(cls: _ValueType) -> None:
    """Work out a new class's fields and give it their accessors and its ``__new__``."""
    fields: dict[str, _Field] = {}
    for base in reversed(cls.__mro__[1:]):
        fields.update(base.__dict__.get("__value_fields__", {}))
    inherited = dict(fields)
    for name, annotation in _own_annotations(cls).items():
        if _is_class_var(annotation):
            continue
        if name.startswith("_"):
            raise TypeError(f"{cls.__name__}: a field's name may not start with '_': {name!r}")
        declared = cls.__dict__.get(name, _MISSING)
        spec = declared if isinstance(declared, _Field) else _Field(declared, True, True)
        if isinstance(spec.default, list | dict | set):
            raise TypeError(
                f"{cls.__name__}.{name}: a value's default cannot be a "
                f"{type(spec.default).__name__} (every value would share it); use a tuple or a "
                "frozenset"
            )
        fields[name] = spec
    for name in inherited:
        if name in cls.__dict__ and fields[name] is inherited[name]:
            raise TypeError(f"{cls.__name__} hides the field {name!r} it inherits")
    _check_order(cls, fields)
    type.__setattr__(cls, "__value_fields__", fields)
    type.__setattr__(cls, "_fields", tuple(fields))
    type.__setattr__(cls, "__match_args__", tuple(n for n, spec in fields.items() if spec.init))
    for index, name in enumerate(fields):
        type.__setattr__(cls, name, _accessor(index, f"The field {name!r}."))
    if "__new__" in cls.__dict__:
        return
    parent_new: Any = cls.__new__
    if not getattr(parent_new, "__value_generated__", False) and parent_new is not Value.__new__:
        if fields != inherited:
            raise TypeError(
                f"{cls.__name__} adds fields to a class with a __new__ of its own: "
                f"give {cls.__name__} its own __new__ too"
            )
        return
    missing = [n for n, spec in fields.items() if not spec.init and spec.default is _MISSING]
    if missing:
        raise TypeError(
            f"{cls.__name__}: the fields {missing} are not taken by the constructor and have no "
            "default; work them out in the class's own __new__"
        )
    type.__setattr__(cls, "__new__", staticmethod(_generated_new(cls, fields)))


def _check_order(cls: type, fields: dict[str, _Field]) -> None:
    seen_default = seen_derived = None
    for name, spec in fields.items():
        if not spec.init:
            seen_derived = name
        elif seen_derived is not None:
            raise TypeError(
                f"{cls.__name__}: field {name!r} comes after {seen_derived!r}, which the "
                "constructor does not take; such fields come last"
            )
        elif spec.default is not _MISSING:
            seen_default = name
        elif seen_default is not None:
            raise TypeError(
                f"{cls.__name__}: field {name!r} has no default but comes after "
                f"{seen_default!r}, which has one"
            )


def _generated_new(cls: type, fields: dict[str, _Field]) -> Callable[..., Any]:
    """A ``__new__`` taking the fields in order and making the tuple in one call.

    Like namedtuple's, its source is generated: a call with keywords, defaults and the check of
    the argument count all come from Python's own function call.
    """
    taken = [name for name, spec in fields.items() if spec.init]
    namespace: dict[str, Any] = {"_tuple_new": _tuple_new, "__builtins__": {}}
    items = []
    for name, spec in fields.items():
        if spec.init:
            items.append(name)
        else:
            namespace[f"_default_{name}"] = spec.default
            items.append(f"_default_{name}")
    source = (
        f"def __new__(_cls, {', '.join(taken)}):\n"
        f"    return _tuple_new(_cls, ({''.join(item + ', ' for item in items)}))\n"
    )
    exec(source, namespace)
    new = namespace["__new__"]
    new.__defaults__ = (
        tuple(fields[name].default for name in taken if fields[name].default is not _MISSING)
        or None
    )
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    new.__module__ = cls.__module__
    new.__doc__ = f"Make a {cls.__name__}({', '.join(taken)})."
    new.__value_generated__ = True
    return new  # type: ignore[no-any-return]


class _ValueType(type):
    """The metaclass of values: every class gets ``__slots__ = ()``, then its fields."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> _ValueType:
        if namespace.setdefault("__slots__", ()):
            raise TypeError(f"{name}: a value keeps its fields in itself; declare no __slots__")
        if not any(isinstance(base, _ValueType) for base in bases):
            # Read-only, so that no value can be given another class (isinstance reads it).
            namespace["__class__"] = property(type)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if "__value_fields__" not in namespace:
            _declare(cls)
        return cls


if TYPE_CHECKING:
    _Tuple = object
else:
    _Tuple = tuple


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Value(_Tuple, metaclass=_ValueType):
    """Base class of an immutable record; see the module's description.

    A subclass that must check or work out its fields defines ``__new__`` itself, with the
    constructor's parameters, and ends it with ``Value.__new__(cls, *values)``, the values of
    every field in order (fields declared with ``field(init=False)`` included):

    ```python
    def __new__(cls, symbol: str, colour: Colour | None = None) -> Self:
        if symbol not in SYMBOLS:
            raise ValueError(...)
        return Value.__new__(cls, symbol, colour)
    ```

    (Not ``super().__new__``: a class between it and ``Value`` has a ``__new__`` taking that
    class's own fields.)

    Otherwise the class is given a ``__new__`` taking its fields in order, the inherited ones
    first, each field with a default after those without.

    Attributes:
        _fields: The names of the fields, in order.
    """

    __slots__ = ()
    __value_fields__: ClassVar[dict[str, _Field]] = {}
    _fields: ClassVar[tuple[str, ...]] = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __new__(cls, *values: Any) -> Self:
        if len(values) != len(cls._fields):
            raise TypeError(
                f"{cls.__name__} has {len(cls._fields)} fields ({', '.join(cls._fields)}), "
                f"not {len(values)}"
            )
        made: Self = _tuple_new(cls, values)
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: {name!r} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return _tuple_eq(self, other)  # type: ignore[no-any-return]
        # Never equal to a plain tuple or another class's value with the same fields.
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is type(self):
            return _tuple_ne(self, other)  # type: ignore[no-any-return]
        return True if isinstance(other, tuple) else NotImplemented

    __hash__: Callable[[Any], int] = tuple.__hash__  # type: ignore[assignment]
    """Equal values are of one class with equal fields, so the tuple's hash agrees."""

    # Values have no order (a tuple's would compare field by field).
    def __lt__(self, other: object) -> bool:
        return NotImplemented

    def __le__(self, other: object) -> bool:
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        return NotImplemented

    def __bool__(self) -> bool:
        return True  # even with no fields, as any object

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}"
            for (name, spec), value in zip(
                self.__value_fields__.items(), _tuple_iter(self), strict=True
            )
            if spec.repr
        )
        return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({shown})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        """What pickle and ``copy`` hand ``__new__``: the fields the constructor takes."""
        return _tuple_items(self, slice(0, len(self.__match_args__)))
