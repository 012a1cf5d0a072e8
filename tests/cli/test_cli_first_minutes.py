"""The command line's first minutes: bots by import path, "did you mean", readable reports.

Each test shows one friction of a new user fixed: a bot tried from its file without packaging
it (``--agents path/to/bot.py:MyBot``), a misspelt variant, option, agent or command answered
with the close match, report tables that fit their names, and an agent that cannot be sent to
worker processes refused in one line.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import pickle
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from toy import ToyPlugin

from unodice.cli.commands import main
from unodice.cli.simulate import footer
from unodice.core import registry as registry_module
from unodice.core.errors import InvalidOptions
from unodice.core.registry import Registry
from unodice.play import agents as agents_module
from unodice.play.agents import RandomAgent, Seat, load_agent, make_agent
from unodice.play.arena import tournament
from unodice.play.simulation import simulate

BOT_FILE = '''
import random


class LastBot:
    """Always the last legal move."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view, moves):
        return moves[-1]


def make_bot(seed):
    return LastBot(seed)


one_bot = LastBot(0)
COUNT = 3


class Helper:
    pass
'''


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    """A bot in a file of its own, in no package and on no import path."""
    path = tmp_path / "last_bot.py"
    path.write_text(BOT_FILE)
    return path


@pytest.fixture
def toy_installed(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """Make the toy plugin the installed plugins, as the command line sees them."""
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    monkeypatch.setattr(registry_module, "_default", registry)
    return registry


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# -- friction 4: a bot tried from its file -----------------------------------------------------


@pytest.mark.parametrize("name", ["LastBot", "make_bot", "one_bot"])
def test_play_takes_a_class_factory_or_object_from_a_file(bot_file, capsys, name):
    status, text = run(
        "play", "coverall", "--agents", f"{bot_file}:{name},random", "--seed", "5", "--brief"
    )
    assert status == 0, capsys.readouterr().err
    assert "result:" in text


def test_play_takes_module_and_name(bot_file, monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(bot_file.parent))
    monkeypatch.delitem(sys.modules, "last_bot", raising=False)
    status, text = run("play", "coverall", "--agents", "last_bot:LastBot", "--seed", "5", "--quiet")
    assert "result:" in text
    assert status == 0, capsys.readouterr().err
    sys.modules.pop("last_bot", None)


def test_a_bot_from_a_file_plays_the_same_game_as_the_same_class_given_in_python(bot_file):
    by_path = simulate("coverall", 6, agents=[f"{bot_file}:LastBot", "random"], seed=9, workers=1)
    by_class = simulate(
        "coverall", 6, agents=[load_agent(f"{bot_file}:LastBot"), "random"], seed=9, workers=1
    )
    assert by_path.to_json()["seats"][1] == by_class.to_json()["seats"][1]
    assert by_path.seats[0].agent == f"{bot_file}:LastBot"


def test_simulate_with_two_workers_loads_the_file_in_each(bot_file, capsys):
    argv = ["coverall", "--games", "8", "--agents", f"{bot_file}:LastBot,random", "--seed", "3"]
    status, two = run("simulate", *argv, "--workers", "2", "--json")
    assert status == 0, capsys.readouterr().err
    status, one = run("simulate", *argv, "--workers", "1", "--json")
    assert status == 0 and json.loads(two) == json.loads(one)


def test_a_seat_by_path_pickles_as_its_text_and_is_loaded_again(bot_file):
    seat = Seat.of(f"{bot_file}:LastBot")
    assert seat.kind == "import"
    sent = pickle.dumps(seat)
    assert b"unodice_agent_file" not in sent  # not the module of this process
    # As in a new worker process: nothing of the file loaded yet.
    agents_module._loaded_files.clear()
    for name in [name for name in sys.modules if name.startswith("unodice_agent_file_last_bot")]:
        del sys.modules[name]
    agent = pickle.loads(sent).build(7, "coverall", None, fresh=True)
    assert type(agent).__name__ == "LastBot" and agent.choose(None, [1, 2, 3]) == 3


@pytest.mark.slow
def test_a_bot_from_a_file_runs_on_spawned_workers(bot_file):
    """Spawned workers share nothing with this process: each must load the file itself."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        there = simulate(
            "coverall", 6, agents=[f"{bot_file}:LastBot", "random"], seed=2, executor=pool
        )
    here = simulate("coverall", 6, agents=[f"{bot_file}:LastBot", "random"], seed=2, workers=1)
    assert there.to_json() == here.to_json()


def test_the_arena_takes_bots_by_path(bot_file, capsys):
    status, text = run(
        "arena", "coverall", "--agents", f"random,{bot_file}:LastBot", "--games", "4",
        "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert status == 0, capsys.readouterr().err
    assert f"{bot_file}:LastBot" in text


def test_a_changed_file_is_loaded_again(bot_file):
    first = load_agent(f"{bot_file}:LastBot")
    assert load_agent(f"{bot_file}:LastBot") is first  # once per process while unchanged
    bot_file.write_text(BOT_FILE.replace("return moves[-1]", "return moves[0]"))
    stat = bot_file.stat()
    os.utime(bot_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    again = load_agent(f"{bot_file}:LastBot")
    assert again is not first and again().choose(None, [1, 2, 3]) == 1


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("{dir}/no_such_bot.py:Bot", "no file"),
        ("{file}:LastBto", "has no 'LastBto'; did you mean 'LastBot'?"),
        ("{file}:Nothing", "it has COUNT, Helper, LastBot"),
        ("{file}:COUNT", "is an object of type int, not an agent class"),
        ("{file}:Helper", "class Helper is not an agent: it has no choose(view, moves)"),
        ("{file}", "name the agent too, as module:Name or path/to/file.py:Name"),
        ("no_such_module_here:Bot", "no module named 'no_such_module_here'"),
        ("json:nothing", "module json has no 'nothing'"),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate", "arena"])
def test_a_bot_that_does_not_load_is_one_line_and_status_1(bot_file, capsys, spec, said, command):
    spec = spec.format(dir=bot_file.parent, file=bot_file)
    extra = {"play": ["--quiet"], "simulate": ["--games", "2"], "arena": ["--games", "2"]}
    status, _ = run(command, "coverall", "--agents", f"random,{spec}", *extra[command])
    err = error_line(capsys)
    assert status == 1 and said in err, err


def test_a_file_that_raises_on_import_is_one_line(tmp_path, capsys):
    broken = tmp_path / "broken_bot.py"
    broken.write_text("raise RuntimeError('half-written')\n")
    status, _ = run("play", "coverall", "--agents", f"{broken}:Bot", "--quiet")
    err = error_line(capsys)
    assert status == 1 and "raised RuntimeError: half-written" in err


def test_make_agent_builds_by_path_too(bot_file):
    agent = make_agent(f"{bot_file}:make_bot", 4, variant="coverall")
    assert type(agent).__name__ == "LastBot"


# -- friction 5: did you mean --------------------------------------------------------------------


def test_a_misspelt_variant_is_told_the_close_one(capsys):
    status, _ = run("play", "corverall", "--quiet")
    err = error_line(capsys)
    assert status == 1 and "unknown variant 'corverall'; did you mean 'coverall'?" in err
    assert "unodice variants" in err


@pytest.mark.parametrize("written", ["Coverall", "COVERALL", "Coverall(players=3)"])
def test_variant_names_are_read_in_any_capitals(capsys, written):
    status, text = run("play", written, "--seed", "2", "--quiet")
    assert status == 0, capsys.readouterr().err
    assert "result:" in text and "cannot read game" not in text


def test_simulate_and_arena_read_variant_names_in_any_capitals(capsys):
    status, text = run("simulate", "Coverall", "--games", "2", "--seed", "1", "--workers", "1")
    assert status == 0 and text.startswith("coverall: 2 games"), capsys.readouterr().err
    status, text = run(
        "arena", "COVERALL", "--agents", "random,greedy", "--games", "2", "--workers", "1"
    )
    assert status == 0 and text.startswith("coverall arena"), capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["coverall", "--option", "partiton=false"],
        ["coverall(partiton=false)"],
    ],
)
def test_a_misspelt_option_names_the_close_one_and_what_lists_them(capsys, argv):
    status, _ = run("play", *argv, "--quiet")
    err = error_line(capsys)
    assert status == 1 and "has no option 'partiton'; did you mean 'partition'?" in err
    assert "'unodice variants coverall'" in err
    assert "split the tray" not in err  # not every option's help on one line


def test_an_option_with_no_close_match_lists_the_names_only(capsys):
    status, _ = run("simulate", "coverall", "--games", "2", "--option", "zzz=1")
    err = error_line(capsys)
    assert status == 1 and "its options: partition, rows, columns" in err
    assert "split the tray" not in err


def test_the_variants_command_shows_one_variant(capsys):
    status, text = run("variants", "Coverall")
    assert status == 0 and text.startswith("coverall ") and "--option partition" in text
    assert "centre-die" not in text


def test_a_misspelt_command_is_told_the_close_one(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["plya", "coverall"], io.StringIO())
    err = error_line(capsys)
    assert stop.value.code == 2 and "invalid choice: 'plya'" in err
    assert "did you mean 'play'" in err


@pytest.mark.parametrize("command", ["play", "simulate", "arena"])
def test_a_misspelt_agent_is_told_the_close_one(capsys, command):
    extra = {"play": ["--quiet"], "simulate": ["--games", "2"], "arena": ["--games", "2"]}
    status, _ = run(command, "coverall", "--agents", "random,greedyy", *extra[command])
    err = error_line(capsys)
    assert status == 1 and "unknown agent 'greedyy'; did you mean 'greedy'?" in err


def test_a_misspelt_house_rule_is_told_the_close_one(toy_installed, capsys):
    rule = next(iter(toy_installed.house_rules()))
    status, _ = run("simulate", "toy-race", "--games", "2", "--house-rule", rule + "x")
    err = error_line(capsys)
    assert status == 1 and f"did you mean '{rule}'" in err


# -- friction 6: reports that fit their names ----------------------------------------------------


def _columns(line: str, *words: str) -> list[int]:
    return [line.index(word) + len(word) for word in words]


def test_the_simulate_table_fits_long_agent_names(capsys):
    status, text = run(
        "simulate", "coverall", "--games", "2", "--agents", "heuristic-coverall,random",
        "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert status == 0, capsys.readouterr().err
    lines = text.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("seat"))
    rows = [line for line in lines if line.lstrip().startswith(("0 ", "1 "))]
    # the win rates end under "win rate", however long the names
    end = header.index("win rate") + len("win rate")
    assert all(row[end - 1] == "%" and row[end] == " " for row in rows), text
    assert "heuristic-coverall" in rows[0]


def test_the_arena_pairwise_table_shows_whole_names():
    report = tournament(
        "coverall",
        {"high-points": "greedy", "a-rather-long-bot": "random"},
        games=2,
        seed=1,
        workers=1,
    )
    lines = str(report).splitlines()
    table = lines[lines.index(next(line for line in lines if "beat the column" in line)) + 1 :]
    assert "high-points" in table[0].split() and "a-rather-long-bot" in table[0].split()
    cells = [len(line) for line in table]
    assert len(set(cells)) == 1, table  # every row as wide as the header: columns aligned


def test_the_footer_says_game_or_games_and_a_readable_rate():
    assert footer(1, 0.8, "in one process").startswith("1 game in 0.8 s (1.25 games/s")
    assert "1 games/s" not in footer(1, 1.0, "x") and "1.00 games/s" in footer(1, 1.0, "x")
    assert "12.0 games/s" in footer(12, 1.0, "x") and "1,667 games/s" in footer(500, 0.3, "x")
    assert "250.0 s a game" in footer(1, 250.0, "x")
    assert footer(20_000, 2.5, "x").startswith("20,000 games")


# -- friction 10: an agent that cannot be sent to a worker ---------------------------------------


class _HoldsALock:
    """An agent object that cannot be pickled (it holds a lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def choose(self, view, moves):
        return moves[0]

    def __deepcopy__(self, memo):
        return _HoldsALock()


@pytest.mark.parametrize(
    "agent", [lambda seed: RandomAgent(seed), _HoldsALock()], ids=["lambda", "object"]
)
def test_an_unpicklable_agent_is_refused_before_the_pool_starts(agent):
    with pytest.raises(InvalidOptions, match="cannot be sent to worker processes") as refused:
        simulate("coverall", 4, agents=[agent, "random"], seed=1, workers=2)
    message = str(refused.value)
    assert "workers=1" in message and "path/to/file.py:Name" in message
    assert "\n" not in message


def test_an_unpicklable_agent_is_refused_by_the_arena_too():
    with pytest.raises(InvalidOptions, match="agent <lambda> cannot be sent"):
        tournament("coverall", [lambda seed: RandomAgent(seed), "random"], games=2, workers=2)


def test_an_unpicklable_agent_plays_in_one_process():
    report = simulate(
        "coverall", 2, agents=[lambda seed: RandomAgent(seed), "random"], seed=1, workers=1
    )
    assert report.games == 2
