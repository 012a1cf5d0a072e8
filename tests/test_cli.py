"""The command line, run in-process through ``unodice.cli.main``."""

from __future__ import annotations

import io
import json
import types

import pytest

import unodice.registry
from unodice.cli import main
from unodice.hooks import hookimpl


@pytest.fixture(autouse=True)
def toy_default_registry(registry, monkeypatch):
    broken = types.SimpleNamespace(unodice_register=hookimpl(lambda registry: 1 / 0))
    registry.add_plugin(broken, "broken-one")
    monkeypatch.setattr(unodice.registry, "_default", registry)
    return registry


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_variants_lists_names_seats_and_options():
    status, text = run("variants")
    assert status == 0
    assert "toy-race  Toy race (2–4 players" in text
    assert "--option target (int ≥ 1, default 20)" in text
    assert "1 broken plugin(s)" in text


def test_variants_as_json():
    status, text = run("variants", "--json")
    data = json.loads(text)
    assert status == 0
    assert data["toy-race"]["players"] == [2, 4]
    assert data["toy-race"]["options"]["rounds"]["default"] == 1


def test_plugins_show_failures():
    status, text = run("plugins")
    assert status == 0 and "broken-one" in text and "BROKEN: ZeroDivisionError" in text
    data = json.loads(run("plugins", "--json")[1])
    assert {p["name"]: p["error"] is None for p in data} == {"toy": True, "broken-one": False}


def test_play_shows_moves_positions_and_the_result(tmp_path):
    path = tmp_path / "game.json"
    status, text = run("play", "toy-race", "--seed", "3", "--option", "target=8",
                       "--save", str(path), "--no-colour")
    assert status == 0
    assert "Toy race: 2 players, seed 3" in text and "seat 0: roll" in text
    assert "turn total" in text and "result:" in text and "winner" in text
    record = json.loads(path.read_text())
    assert record["options"]["target"] == 8
    status, text = run("replay", str(path), "--quiet")
    assert status == 0 and text.startswith("valid: toy-race")
    status, text = run("replay", str(path), "--no-colour")
    assert status == 0 and "(verified)" in text and "result:" in text


def test_play_quiet_and_agents():
    status, text = run("play", "toy-race(players=3)", "--seed", "1", "--quiet",
                       "--agents", "greedy,random")
    assert status == 0 and text.startswith("result:") and text.count("seat ") == 3


def test_a_person_can_play_a_seat(monkeypatch):
    answers = iter(["help", "fly", "hold", "1"] + ["2", "1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    status, text = run("play", "toy-race", "--seed", "5", "--human", "0", "--brief",
                       "--no-colour", "--option", "target=5")
    assert status == 0
    assert "type a move's number" in text
    assert "moves are 'roll' and 'hold'" in text
    assert "TOY-1: nothing to hold yet" in text
    assert "  1. roll" in text


def test_a_person_can_quit_and_keep_the_record(monkeypatch, tmp_path):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    path = tmp_path / "partial.json"
    status, text = run("play", "toy-race", "--seed", "5", "--human", "0", "--save", str(path))
    assert status == 1 and "game abandoned" in text
    assert json.loads(path.read_text())["result"]["over"] is False


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "nope"), "unknown variant 'nope'"),
        (("play", "toy-race", "--players", "9"), "for 2 to 4 players"),
        (("play", "toy-race", "--option", "speed=1"), "no option 'speed'"),
        (("play", "toy-race", "--option", "speed"), "is not KEY=VALUE"),
        (("play", "toy-race", "--human", "7"), "seats are 0 to 1"),
        (("play", "toy-race", "--agents", "clever"), "unknown agent 'clever'"),
        (("play", "toy-race", "--agents", ","), "at least one agent"),
        (("play", "toy-race", "--option", "target=3", "--option", "target=4"), "twice"),
        (("dance",), "invalid choice"),
        (("play",), "required"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, message):
    try:
        status = main(list(argv), io.StringIO())
    except SystemExit as exit_:
        status = exit_.code
    err = capsys.readouterr().err
    assert status == 2 and message in err and err.count("\n") == 1


def test_replay_of_a_bad_file_gives_status_1(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "x"}')
    assert main(["replay", str(path)], io.StringIO()) == 1
    assert "invalid record" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")], io.StringIO()) == 1
    assert "No such file" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("unodice ")


def test_core_events_read_as_sentences(registry):
    import unodice
    from unodice.agents import RandomAgent, play_game

    game = play_game("toy-race(target=5)", [RandomAgent(1), RandomAgent(2)], seed=3,
                     registry=registry)
    lines = [game.variant.describe(e) for e in game.events]
    assert lines[0] == "round 1 begins"
    assert lines[-1] == f"game over, won by seat {game.winners[0]}; scores {list(game.scores)}"
    assert any(line.startswith("seat ") and "scores" in line and "(banked)" in line
               for line in lines)
    assert any(line.startswith("round 1 ends, won by seat") for line in lines)
    assert unodice.Event  # the base class's default still covers variant events
    assert any(line.startswith("rolled ") for line in lines)

