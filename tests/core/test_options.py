"""Options: declared once, checked the same way from Python, JSON and text."""

from __future__ import annotations

import attrs
import pytest

from unodice.core.errors import InvalidOptions
from unodice.core.options import build_options, describe_options, option, options_to_json


@attrs.define
class Opts:
    flag: bool = option(True, "a switch")
    count: int = option(3, "a count", minimum=1, maximum=9)
    rounds: int | None = option(None, "optional number", kind=int, minimum=1)
    shape: str = option("square", "a shape", choices=("square", "round"))

    def __attrs_post_init__(self) -> None:
        if self.shape == "round" and self.count % 2:
            raise ValueError("a round shape needs an even count")


def test_defaults_and_description():
    assert build_options(Opts, None, "t") == Opts()
    names = [info.name for info in describe_options(Opts)]
    assert names == ["flag", "count", "rounds", "shape"]
    assert describe_options(Opts)[1].describe() == "count (int 1–9, default 3): a count"
    assert "or none" in describe_options(Opts)[2].describe()


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"flag": "false"}, {"flag": False}),
        ({"flag": "YES"}, {"flag": True}),
        ({"count": "7"}, {"count": 7}),
        ({"rounds": "none"}, {"rounds": None}),
        ({"rounds": 4}, {"rounds": 4}),
        ({"shape": "round", "count": 2}, {"shape": "round", "count": 2}),
    ],
)
def test_text_and_json_values_are_converted(values, expected):
    built = options_to_json(build_options(Opts, values, "t"))
    for key, value in expected.items():
        assert built[key] == value


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"colour": "red"}, "has no option 'colour'; its options: flag"),
        ({"flag": "maybe"}, "must be true or false"),
        ({"flag": 1}, "must be true or false"),
        ({"count": "three"}, "whole number"),
        ({"count": True}, "whole number"),
        ({"count": 0}, "at least 1 and at most 9"),
        ({"count": 10}, "at most 9"),
        ({"count": None}, "must be a int"),
        ({"shape": "oval"}, "one of square, round"),
        ({"shape": 3}, "must be text"),
        ({"shape": "round", "count": 3}, "even count"),
    ],
)
def test_bad_values_are_refused_with_what_is_valid(values, message):
    with pytest.raises(InvalidOptions, match=message):
        build_options(Opts, values, "t")


def test_options_must_be_declared_with_option():
    @attrs.define
    class Bare:
        x: int = 1

    with pytest.raises(TypeError, match="option"):
        describe_options(Bare)
    with pytest.raises(TypeError, match="bool, int or str"):
        option(1.5, "a float")
