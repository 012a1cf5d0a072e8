"""`unodice simulate` on the command line, through `unodice.cli.main`."""

from __future__ import annotations

import gc
import io
import json
import sys

import pytest
from toy import ToyPlugin

from unodice.cli import simulate as cli_simulate
from unodice.cli.commands import main
from unodice.cli.simulate import _ProgressBar
from unodice.core import registry as registry_module
from unodice.core.registry import Registry, default_registry
from unodice.play.simulation import simulate


@pytest.fixture
def toy_installed(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """Make the toy plugin the installed plugins, as the command line sees them."""
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    monkeypatch.setattr(registry_module, "_default", registry)
    return registry


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["simulate", *argv], out)
    return status, out.getvalue()


def test_json_output_is_the_report(toy_installed):
    status, text = run(
        "toy-race",
        "--games",
        "30",
        "--players",
        "3",
        "--agents",
        "greedy,random",
        "--seed",
        "4",
        "--workers",
        "1",
        "--json",
    )
    assert status == 0
    expected = simulate("toy-race", 30, players=3, agents="greedy,random", seed=4, workers=1)
    assert json.loads(text) == json.loads(json.dumps(expected.to_json()))


def test_options_and_house_rules_are_passed_on(toy_installed):
    status, text = run(
        "toy-race",
        "--games",
        "10",
        "--option",
        "target=5",
        "--option",
        "rounds=2",
        "--house-rule",
        "double-sevens",
        "--workers",
        "1",
        "--json",
    )
    data = json.loads(text)
    assert status == 0
    assert data["options"] == {"target": 5, "rounds": 2}
    assert data["house_rules"] == ["double-sevens"]
    assert data["rounds"]["min"] == 2


def test_text_output_has_a_row_per_seat_and_the_distributions(toy_installed):
    status, text = run("toy-race", "--games", "20", "--players", "4", "--workers", "1")
    assert status == 0
    rows = [line.split() for line in text.splitlines()]
    seat_rows = [row for row in rows if row and row[0].isdigit() and row[1] == "random"]
    assert [row[0] for row in seat_rows] == ["0", "1", "2", "3"]
    assert any(row and row[0] == "decisions/game" for row in rows)
    assert "20 games in" in text


def test_no_progress_bar_when_stderr_is_not_a_terminal(toy_installed, capsys):
    status, _ = run("toy-race", "--games", "5", "--workers", "1")
    assert status == 0
    assert capsys.readouterr().err == ""


def test_progress_bar_draws_in_place_and_ends_its_line():
    stream = io.StringIO()
    bar = _ProgressBar(stream, "toy-race", width=10)
    bar(0, 40)
    bar(20, 40)
    bar(40, 40)
    bar.close()
    text = stream.getvalue()
    assert text.count("\r") == 3
    assert "[#####.....] 20/40 games" in text
    assert "[##########] 40/40 games 100%" in text
    assert text.endswith("\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["toy-race", "--games", "5", "--agents", "wizard"], "unknown agent 'wizard'"),
        (["toy-race", "--games", "0"], "games"),
        (["nope", "--games", "5"], "unknown variant 'nope'"),
        (["toy-race", "--games", "5", "--option", "target=0"], "target"),
        (["toy-race", "--games", "5", "--option", "target=3", "--option", "target=4"], "twice"),
    ],
)
def test_errors_are_one_line_with_status_1(toy_installed, capsys, argv, words):
    status, _ = run(*argv, "--workers", "1")
    err = capsys.readouterr().err
    assert status == 1
    assert words in err
    assert err.count("\n") == 1


def test_games_is_required(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "toy-race"])
    assert stop.value.code == 2
    assert "--games" in capsys.readouterr().err


def test_workers_and_scheduler_exclude_each_other(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "toy-race", "--games", "3", "--workers", "2", "--scheduler", "tcp://x:1"])
    assert "not allowed with" in capsys.readouterr().err


def test_scheduler_without_dask_names_the_extra(toy_installed, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes the import fail
    status, _ = run("toy-race", "--games", "3", "--scheduler", "tcp://127.0.0.1:8786")
    assert status == 1
    assert "unodice[dask]" in capsys.readouterr().err


def test_unreachable_scheduler_is_one_line(toy_installed, capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")

    def refuse(address, timeout):
        raise OSError(f"Timed out trying to connect to {address}")

    monkeypatch.setattr(distributed, "Client", refuse)
    status, _ = run("toy-race", "--games", "3", "--scheduler", "tcp://127.0.0.1:9")
    err = capsys.readouterr().err
    assert status == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("address", ["notaurl", "tcp://", "foo://x:1", "tcp://host"])
def test_an_address_that_cannot_be_one_makes_no_client(address, toy_installed, capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    made = []
    monkeypatch.setattr(distributed, "Client", lambda *args, **kwargs: made.append(args))
    status, _ = run("toy-race", "--games", "3", "--scheduler", address)
    assert status == 1
    assert made == []
    assert capsys.readouterr().err.startswith(
        f"unodice: error: cannot reach the Dask scheduler at {address}: "
    )


def test_a_client_that_failed_to_connect_is_collected_at_once(toy_installed, capsys, monkeypatch):
    """Left for the garbage collector, its finalizer can deadlock a later client's start."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(cli_simulate, "SCHEDULER_TIMEOUT", "0.2s")
    gc.collect()
    status, _ = run("toy-race", "--games", "3", "--scheduler", "tcp://127.0.0.1:9")
    assert status == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err
    assert not [item for item in gc.get_objects() if isinstance(item, distributed.Client)]


def test_scheduler_runs_on_a_dask_cluster(toy_installed):
    """Through --scheduler against a local in-process cluster: the same JSON as one process."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as cluster:
        status, text = run(
            "toy-race",
            "--games",
            "12",
            "--seed",
            "3",
            "--json",
            "--scheduler",
            cluster.scheduler_address,
        )
    assert status == 0
    assert json.loads(text) == json.loads(
        json.dumps(simulate("toy-race", 12, seed=3, workers=1).to_json())
    )


def test_built_in_coverall_on_two_workers():
    if "coverall" not in default_registry().variants():
        pytest.skip("coverall is not installed")
    status, text = run("coverall", "--games", "10", "--workers", "2", "--json")
    assert status == 0
    assert json.loads(text)["games"] == 10
