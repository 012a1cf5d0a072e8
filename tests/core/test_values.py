"""The base of moves, events and pieces: fields, construction, equality and immutability."""

import copy
import inspect
import pickle
from operator import eq, ne
from typing import ClassVar
from unittest import mock

import pytest

from unodice.core.values import Value, field, fields_of


class Shape(Value):
    kind: ClassVar[str] = "shape"
    name: str


class Box(Shape):
    kind: ClassVar[str] = "box"
    width: int
    height: int = 1
    label: str | None = None


class Twin(Shape):
    """The same fields as a ``Shape`` under another class."""


class Mark(Value):
    """No fields at all."""

    note: "ClassVar[str]" = "a string annotation"


class Checked(Value):
    """Checks its field in its own ``__new__``."""

    size: int

    def __new__(cls, size: int) -> "Checked":
        if size < 0:
            raise ValueError("size must not be negative")
        return Value.__new__(cls, size)


class Named(Value):
    """A field the constructor does not take, worked out from the others."""

    first: str
    last: str = "Smith"
    full: str = field(init=False, repr=False)

    def __new__(cls, first: str, last: str = "Smith") -> "Named":
        return Value.__new__(cls, first, last, f"{first} {last}")


class Stamped(Value):
    """A field the constructor does not take, with a default."""

    count: int
    version: int = field(init=False, default=2)


# -- fields and construction -------------------------------------------------------------------


def test_fields_are_the_annotations_in_order_inherited_first_without_class_variables():
    assert Shape._fields == ("name",)
    assert Box._fields == ("name", "width", "height", "label")
    assert Twin._fields == ("name",) and Mark._fields == ()
    assert Box.kind == "box" and Mark.note == "a string annotation"


def test_construction_takes_positions_keywords_and_defaults():
    box = Box("b", 3)
    assert (box.name, box.width, box.height, box.label) == ("b", 3, 1, None)
    assert Box(width=3, name="b", label="x") == Box("b", 3, 1, "x")
    assert list(inspect.signature(Box).parameters) == ["name", "width", "height", "label"]
    with pytest.raises(TypeError):
        Box("b")
    with pytest.raises(TypeError):
        Box("b", 3, 1, None, "extra")
    with pytest.raises(TypeError):
        Box("b", 3, colour="red")


def test_fields_of_reads_every_field_by_name():
    assert fields_of(Box("b", 3)) == {"name": "b", "width": 3, "height": 1, "label": None}
    assert fields_of(Named("Ann")) == {"first": "Ann", "last": "Smith", "full": "Ann Smith"}
    assert fields_of(Mark()) == {}


def test_a_class_may_check_its_fields_in_its_own_new():
    assert Checked(2).size == 2
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)

    class Sub(Checked):
        """Adds no field, so it keeps the check."""

    with pytest.raises(ValueError, match="negative"):
        Sub(-1)


def test_a_field_the_constructor_does_not_take_is_worked_out_or_defaulted():
    person = Named("Ann", "Lee")
    assert person.full == "Ann Lee" and Named.__match_args__ == ("first", "last")
    assert repr(person) == "Named(first='Ann', last='Lee')"
    assert Stamped(4).version == 2 and Stamped.__match_args__ == ("count",)
    with pytest.raises(TypeError):
        Named("Ann", "Lee", "Ann Lee")


def test_a_new_of_its_own_needs_every_field_value():
    class Short(Value):
        a: int
        b: int

        def __new__(cls, a: int) -> "Short":
            return Value.__new__(cls, a)

    with pytest.raises(TypeError, match="2 fields"):
        Short(1)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"__annotations__": {"a": int, "b": int}, "a": 1}, "no default but comes after"),
        ({"__annotations__": {"_a": int}}, "may not start with '_'"),
        ({"__annotations__": {"a": list}, "a": []}, "cannot be a list"),
        (
            {"__annotations__": {"a": int, "b": int}, "a": field(init=False, default=0)},
            "such fields come last",
        ),
        ({"__annotations__": {"a": int}, "a": field(init=False)}, "own __new__"),
        ({"__slots__": ("a",)}, "declare no __slots__"),
    ],
)
def test_a_badly_declared_class_is_refused(body, message):
    with pytest.raises(TypeError, match=message):
        type(Value)("Bad", (Value,), dict(body))


def test_a_subclass_may_not_hide_a_field_or_add_fields_past_a_new_of_its_own():
    with pytest.raises(TypeError, match="hides the field 'width'"):
        type(Value)("Bad", (Box,), {"width": 3})
    with pytest.raises(TypeError, match="its own __new__ too"):
        type(Value)("Bad", (Checked,), {"__annotations__": {"extra": int}})


# -- immutability ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [Box("b", 3), Mark(), Named("Ann")], ids=repr)
def test_nothing_can_change_a_value(value):
    before = (repr(value), tuple.__repr__(value))
    for name in [*type(value)._fields, "kind", "other"]:
        for attempt in (setattr, object.__setattr__):
            with pytest.raises(AttributeError):
                attempt(value, name, 5)
        for attempt in (delattr, object.__delattr__):
            with pytest.raises((AttributeError, TypeError)):
                attempt(value, name)
    for other in (Twin, Shape, Mark, Box):
        with pytest.raises(AttributeError):
            object.__setattr__(value, "__class__", other)
    with pytest.raises(TypeError):
        vars(value)
    with pytest.raises(AttributeError):
        _ = value.__dict__
    assert (repr(value), tuple.__repr__(value)) == before


def test_a_value_still_says_its_class():
    box = Box("b", 3)
    assert box.__class__ is Box and isinstance(box, Shape) and not isinstance(box, Twin)


# -- equality, hashing, order ------------------------------------------------------------------


def test_values_are_equal_when_of_one_class_with_equal_fields():
    # == and != are asked separately: a tuple's own != would get these wrong.
    assert eq(Box("b", 3), Box("b", 3)) is True and ne(Box("b", 3), Box("b", 3)) is False
    assert eq(Box("b", 3), Box("b", 4)) is False and ne(Box("b", 3), Box("b", 4)) is True
    assert eq(Shape("s"), Twin("s")) is False and ne(Shape("s"), Twin("s")) is True
    assert eq(Mark(), Mark()) is True and ne(Mark(), Value()) is True


def test_a_value_never_equals_a_plain_tuple_or_another_object():
    for plain in (("s",), ("b", 3, 1, None)):
        for value in (Shape("s"), Box("b", 3)):
            assert ne(value, plain) is True and ne(plain, value) is True
            assert eq(value, plain) is False and eq(plain, value) is False
    assert Shape("s") != "s" and Mark() != () and Mark() != 0
    assert Shape("s") == mock.ANY  # other objects still decide for themselves


def test_equal_values_hash_alike_and_work_as_keys():
    assert hash(Box("b", 3)) == hash(Box("b", 3))
    table = {Box("b", 3): 1, Shape("s"): 2, Twin("s"): 3, Mark(): 4}
    assert table[Box("b", 3)] == 1 and table[Twin("s")] == 3 and len(table) == 4
    assert len({Mark(), Mark(), Named("Ann"), Named("Ann")}) == 2


def test_values_have_no_order():
    with pytest.raises(TypeError):
        _ = Box("a", 1) < Box("b", 1)
    with pytest.raises(TypeError):
        sorted([Shape("b"), Shape("a")])


def test_a_value_is_true_even_without_fields():
    assert Mark() and Value()


# -- repr, pickle, copy, match -----------------------------------------------------------------


def test_repr_names_the_class_and_each_field():
    assert repr(Box("b", 3)) == "Box(name='b', width=3, height=1, label=None)"
    assert repr(Mark()) == "Mark()"
    assert repr(Shape(Mark())) == "Shape(name=Mark())"

    class Local(Value):
        x: int

    assert repr(Local(1)) == "Local(x=1)"


@pytest.mark.parametrize(
    "value", [Box("b", 3, 2, "x"), Mark(), Named("Ann", "Lee"), Checked(1), Stamped(3)], ids=repr
)
def test_values_pickle_and_copy(value):
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value and type(twin) is type(value)
        assert fields_of(twin) == fields_of(value)


def test_a_copy_goes_through_the_class_new():
    checked = Checked(1)
    with (
        mock.patch.object(Checked, "__new__", side_effect=ValueError("checked again")),
        pytest.raises(ValueError, match="checked again"),
    ):
        copy.copy(checked)


def test_match_reads_fields_by_position_and_by_name():
    match Box("b", 3):
        case Shape("s"):
            found = "shape"
        case Box("b", width, label=None):
            found = f"box {width}"
        case _:
            found = "nothing"
    assert found == "box 3"
    match Named("Ann"):
        case Named(first, last):
            assert (first, last) == ("Ann", "Smith")


def test_values_sits_at_the_bottom_and_imports_only_the_standard_library():
    import ast
    import sys

    import unodice.core.values

    tree = ast.parse(inspect.getsource(unodice.core.values))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    imported -= {"__future__", "annotationlib"}  # annotationlib: Python 3.14's standard library
    assert imported <= set(sys.stdlib_module_names), imported - set(sys.stdlib_module_names)
