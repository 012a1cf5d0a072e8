"""The scaffold cannot be made to write bad code, or to write outside the package's folder.

Issue 25, item 9: a name with a newline at its end was taken (the pattern ended with ``$``)
and written into the TOML; ``rolled`` was taken though its class collides with the template's
``Rolled`` event; and with ``--force`` a link planted in the new folder was followed to a file
outside it.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from unodice.cli.commands import main
from unodice.cli.scaffold import ScaffoldError, check_plugin_name, write_plugin

links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")


@pytest.mark.parametrize("name", ["race\n", "race\n\n", "\nrace"])
def test_a_name_with_a_newline_is_refused_and_nothing_is_written(name: str, tmp_path: Path):
    """Issue 25, item 9: ``"x\\n"`` matched ``^...$`` and broke the TOML written."""
    with pytest.raises(ScaffoldError, match="lower-case letters"):
        write_plugin(name, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_pyproject_written_for_an_accepted_name_is_valid_toml(tmp_path: Path):
    write_plugin("race", tmp_path)
    project = tomllib.loads((tmp_path / "unodice-race" / "pyproject.toml").read_text())
    assert project["project"]["name"] == "unodice-race"


@pytest.mark.parametrize(
    ("name", "taken"), [("rolled", "Rolled"), ("die", "Die"), ("face", "Face")]
)
def test_a_name_whose_class_the_templates_already_use_is_refused(name: str, taken: str):
    """Issue 25, item 9: ``rolled`` named the variant's class ``Rolled``, as the event is."""
    with pytest.raises(ScaffoldError, match=f"would name {taken} in the code written"):
        check_plugin_name(name)


def test_names_the_templates_do_not_use_are_still_taken():
    for name in ("race", "my-race", "rolls", "won", "sealed"):
        assert check_plugin_name(name) == name


@links
@pytest.mark.parametrize(
    ("planted", "layout"),
    [
        ("README.md", "module"),
        ("src", "module"),
        ("src/unodice_race/race.py", "module"),
        ("src/unodice_race/rules.py", "package"),
    ],
)
def test_force_does_not_write_through_a_link_in_the_folder(
    planted: str, layout: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """Issue 25, item 9: with --force a link planted in the folder was followed outside it."""
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.txt"
    victim.write_text("mine")
    link = tmp_path / "unodice-race" / planted
    link.parent.mkdir(parents=True)
    link.symlink_to(outside if planted == "src" else victim)
    status = main(
        ["new-plugin", "race", "--layout", layout, "--directory", str(tmp_path), "--force"]
    )
    error = capsys.readouterr().err
    assert status == 1 and error.count("\n") == 1 and "is a symbolic link" in error
    assert victim.read_text() == "mine" and sorted(p.name for p in outside.iterdir()) == [
        "victim.txt"
    ]


@links
def test_the_package_folder_itself_may_not_be_a_link(tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "unodice-race").symlink_to(elsewhere)
    with pytest.raises(ScaffoldError, match="is a symbolic link"):
        write_plugin("race", tmp_path, force=True)
    assert list(elsewhere.iterdir()) == []
