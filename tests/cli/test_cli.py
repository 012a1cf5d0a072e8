"""The command line, run in-process through ``unodice.cli.main``."""

from __future__ import annotations

import io
import json
import types

import pytest
from toy import Hold, ToyRace

import unodice.cli.commands
import unodice.core.registry
from unodice.cli.commands import main
from unodice.core.hooks import hookimpl
from unodice.play.simulation import SimulationError


@pytest.fixture(autouse=True)
def toy_default_registry(registry, monkeypatch):
    broken = types.SimpleNamespace(unodice_register=hookimpl(lambda registry: 1 / 0))
    registry.add_plugin(broken, "broken-one")
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
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
    assert "(1 broken plugin: see" in text


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


def test_plugins_show_each_house_rule_with_its_summary():
    status, text = run("plugins")
    assert status == 0
    assert "    house rules:\n" in text
    assert "        double-sevens: a bank of 7 scores 14\n" in text
    assert "        count-events: counts events\n" in text
    (toy,) = [p for p in json.loads(run("plugins", "--json")[1]) if p["name"] == "toy"]
    assert toy["house_rule_summaries"] == {
        "count-events": "counts events",
        "double-sevens": "a bank of 7 scores 14",
    }


def test_play_shows_moves_positions_and_the_result(tmp_path):
    path = tmp_path / "game.json"
    status, text = run(
        "play",
        "toy-race",
        "--seed",
        "3",
        "--option",
        "target=8",
        "--save",
        str(path),
        "--no-colour",
    )
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
    status, text = run(
        "play", "toy-race(players=3)", "--seed", "1", "--quiet", "--agents", "greedy,random"
    )
    assert status == 0 and text.startswith("result:") and text.count("seat ") == 3


def test_a_person_can_play_a_seat(monkeypatch):
    answers = iter(["help", "fly", "hold", "1"] + ["2", "1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    status, text = run(
        "play",
        "toy-race",
        "--seed",
        "5",
        "--human",
        "0",
        "--brief",
        "--no-colour",
        "--option",
        "target=5",
    )
    assert status == 0
    assert "type a move's number" in text
    assert "moves are 'roll' and 'hold'" in text
    assert "TOY-1: nothing to hold yet" in text
    assert "  1. roll" in text


def test_a_person_can_quit_and_keep_the_record(monkeypatch, tmp_path):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    path = tmp_path / "partial.json"
    status, text = run("play", "toy-race", "--seed", "5", "--human", "0", "--save", str(path))
    assert status == 0 and "game abandoned" in text  # quitting is her choice, not a failure
    assert json.loads(path.read_text())["result"]["over"] is False


def status_and_stderr(capsys, *argv: str) -> tuple[int, str]:
    """Run the command line; its status (also when argparse exits) and its standard error."""
    try:
        status = main(list(argv), io.StringIO())
    except SystemExit as exit_:
        status = exit_.code
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "toy-race", "--option", "speed"), "is not KEY=VALUE"),
        (("play", "toy-race", "--players", "many"), "must be a whole number"),
        (("dance",), "invalid choice"),
        (("play",), "required"),
        (("play", "toy-race", "--debug"), "unrecognized arguments"),
    ],
)
def test_usage_errors_give_one_line_and_status_2(capsys, argv, message):
    status, err = status_and_stderr(capsys, *argv)
    assert status == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "nope"), "unknown variant 'nope'"),
        (("play", "toy-race", "--players", "9"), "for 2 to 4 players"),
        (("play", "toy-race", "--option", "speed=1"), "no option 'speed'"),
        (("play", "toy-race", "--human", "7"), "seats are 0 to 1"),
        (("play", "toy-race", "--agents", "clever"), "unknown agent 'clever'"),
        (("play", "toy-race", "--agents", ","), "at least one agent"),
        (("play", "toy-race", "--option", "target=3", "--option", "target=4"), "twice"),
    ],
)
def test_bad_input_gives_one_line_and_status_1(capsys, argv, message):
    status, err = status_and_stderr(capsys, *argv)
    assert status == 1 and message in err and err.count("\n") == 1


def test_every_library_error_gives_one_line_and_status_1(capsys, monkeypatch):
    """Whatever command raises it (simulate's own errors included), on one line."""

    def refuses(args, out):
        raise SimulationError("game 3 (seed 12) failed:\nsecond line")

    monkeypatch.setattr(unodice.cli.commands, "_run_variants", refuses)
    status, err = status_and_stderr(capsys, "variants")
    assert status == 1 and err == "unodice: error: game 3 (seed 12) failed: second line\n"


class CrashesWhenHolding(ToyRace):
    name = "crashes-when-holding"

    def apply(self, table, state, move):
        if isinstance(move, Hold):
            raise IndexError("the score pad is full")
        super().apply(table, state, move)


class CrashesInWords(ToyRace):
    name = "crashes-in-words"

    def describe(self, event):
        raise ValueError("lost for words")


class CrashesReading(ToyRace):
    name = "crashes-reading"

    def parse_move(self, text):
        raise RuntimeError("cannot read at all")


@pytest.fixture
def crashing(toy_default_registry):
    def register(registry):
        for variant in (CrashesWhenHolding, CrashesInWords, CrashesReading):
            registry.add_variant(variant)

    info = toy_default_registry.add_plugin(
        types.SimpleNamespace(unodice_register=hookimpl(register)), "crashing-plugin"
    )
    assert info.error is None
    return toy_default_registry


@pytest.mark.parametrize(
    ("argv", "answers", "words"),
    [
        (
            ("play", "crashes-when-holding", "--agents", "greedy"),
            [],
            ["IndexError: the score pad is full", "'crashes-when-holding'", "playing 'hold'"],
        ),
        (("play", "crashes-in-words"), [], ["ValueError: lost for words", "'crashes-in-words'"]),
        (
            ("play", "crashes-reading", "--human", "0"),
            ["fly"],
            ["RuntimeError: cannot read at all", "'crashes-reading'", "parse_move"],
        ),
    ],
)
def test_a_crash_inside_a_variant_is_one_line_naming_the_plugin(
    crashing, capsys, monkeypatch, argv, answers, words
):
    monkeypatch.setattr("builtins.input", lambda prompt="": answers.pop(0))
    status, err = status_and_stderr(capsys, *argv, "--seed", "4", "--option", "target=5")
    assert status == 1 and err.count("\n") == 1, err
    assert "plugin 'crashing-plugin'" in err and "Traceback" not in err
    assert "--debug" in err
    for word in words:
        assert word in err


def test_debug_shows_the_traceback_of_a_crash(crashing, capsys):
    status, err = status_and_stderr(capsys, "--debug", "play", "crashes-in-words", "--seed", "4")
    assert status == 1
    assert err.startswith("Traceback (most recent call last)")
    assert "ValueError: lost for words" in err and "plugin 'crashing-plugin'" in err


def test_an_unexpected_error_outside_any_variant_is_one_line(capsys, monkeypatch):
    def crashes(args, out):
        raise KeyError("nowhere")

    monkeypatch.setattr(unodice.cli.commands, "_run_variants", crashes)
    status, err = status_and_stderr(capsys, "variants")
    assert status == 1 and err.count("\n") == 1
    assert "KeyError: 'nowhere'" in err and "--debug" in err


def test_an_interrupted_game_keeps_its_record_and_exits_130(monkeypatch, tmp_path):
    def interrupted(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    path = tmp_path / "partial.json"
    status, text = run("play", "toy-race", "--seed", "5", "--human", "0", "--save", str(path))
    assert status == 130 and "game abandoned" in text
    assert json.loads(path.read_text())["result"]["over"] is False


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
    from unodice.play.agents import RandomAgent, play_game

    game = play_game(
        "toy-race(target=5)", [RandomAgent(1), RandomAgent(2)], seed=3, registry=registry
    )
    lines = [game.variant.describe(e) for e in game.events]
    assert lines[0] == "round 1 begins"
    assert lines[-1] == f"game over, won by seat {game.winners[0]}; scores {list(game.scores)}"
    assert any(
        line.startswith("seat ") and "scores" in line and "(banked)" in line for line in lines
    )
    assert any(line.startswith("round 1 ends, won by seat") for line in lines)
    assert unodice.Event  # the base class's default still covers variant events
    assert any(line.startswith("rolled ") for line in lines)


class _Misbehaves:
    """A plugin bot that raises ``error`` in ``method`` (issue 25, item 6)."""

    def __init__(self, method: str, error: BaseException):
        self.method, self.error = method, error

    def start(self, seat, view):
        if self.method == "start":
            raise self.error

    def observe(self, events):
        if self.method == "observe":
            raise self.error

    def choose(self, view, moves):
        if self.method == "choose":
            raise self.error
        return moves[0]


def _misbehaving(method: str, error: BaseException):
    return lambda seed: _Misbehaves(method, error)


@pytest.mark.parametrize("method", ["start", "observe", "choose"])
@pytest.mark.parametrize(
    "error",
    [SystemExit(7), KeyboardInterrupt(), GeneratorExit()],
    ids=["SystemExit", "KeyboardInterrupt", "GeneratorExit"],
)
def test_a_plugin_bot_that_raises_anything_is_one_line_and_status_1(
    toy_default_registry, capsys, method, error
):
    """A plugin bot raising ``SystemExit(7)`` exited 7 with nothing printed, one raising
    ``KeyboardInterrupt`` said "stopped by SIGINT" with no signal sent, and ``GeneratorExit``
    printed a traceback: each is now the bot's failure, on one line, status 1."""
    toy_default_registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(
                lambda registry: registry.add_agent("misbehaves", _misbehaving(method, error))
            )
        ),
        "misbehaving-bot",
    )
    status, err = status_and_stderr(
        capsys, "play", "toy-race", "--agents", "misbehaves", "--seed", "4"
    )
    assert status == 1 and err.count("\n") == 1, err
    assert "misbehaves" in err and "seat 0" in err and "Traceback" not in err
    assert type(error).__name__ in err and "SIGINT" not in err


@pytest.mark.parametrize("command", ["arena", "simulate"])
def test_help_says_95_percent_once(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"], io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    assert "95% interval" in text and "%%" not in text
