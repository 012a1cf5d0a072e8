"""A misspelt variant or option is refused with the close name, from Python as from the CLI."""

from __future__ import annotations

import pytest

from unodice import new_game
from unodice.core._quoting import did_you_mean
from unodice.core.errors import InvalidOptions, UnknownVariant


def test_a_misspelt_variant_names_the_close_one() -> None:
    with pytest.raises(UnknownVariant, match=r"did you mean 'coverall'\? installed: .*coverall"):
        new_game("corverall")


def test_a_name_close_to_nothing_lists_what_is_installed_without_a_guess() -> None:
    with pytest.raises(UnknownVariant) as caught:
        new_game("zzzzzzzz")
    assert "did you mean" not in str(caught.value)
    assert "coverall" in str(caught.value)


def test_a_misspelt_option_names_the_close_one_and_the_option_names_only() -> None:
    with pytest.raises(InvalidOptions) as caught:
        new_game("coverall", options={"partiton": False})
    message = str(caught.value)
    assert "did you mean 'partition'?" in message
    assert "(bool, default" not in message  # the names, not every option's help on one line


def test_an_option_close_to_nothing_still_describes_every_option() -> None:
    with pytest.raises(InvalidOptions, match=r"has no option 'zzzz'; its options: partition \("):
        new_game("coverall", options={"zzzz": False})


def test_did_you_mean_compares_in_lower_case_when_asked() -> None:
    assert did_you_mean("COVERAL", ["coverall", "dominoes"], lower=True) == (
        "did you mean 'coverall'? "
    )
    assert did_you_mean("COVERAL", ["coverall", "dominoes"]) == ""
    assert did_you_mean(7, ["coverall"]) == ""  # type: ignore[arg-type]
