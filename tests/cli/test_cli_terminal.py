"""The game at the terminal: what a person at a seat is shown, and what she may type.

The first part plays through ``unodice.cli.main`` with scripted answers; the second runs the
command at a real pseudo-terminal (with ``pexpect``), where answers are edited with ``readline``.
Every game is seeded, so what the bots do is known.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import sys

import pytest

try:
    import pexpect
except ImportError:  # the test extra installs it
    pexpect = None

import unodice
import unodice.core.registry
from unodice.cli.commands import main
from unodice.cli.terminal import FIRST_PROMPT, Session, count
from unodice.core import capabilities
from unodice.core.render import notation_legend
from unodice.play.agents import game_agent_seed, make_agent
from unodice.records.record import save

# A line each position of a built-in variant has exactly once: it counts the positions shown.
BOARD_MARKERS = {
    "coverall": re.compile(r"^Scores: ", re.M),
    "centre-die": re.compile(r"^Round \d+ ", re.M),
    "dominoes": re.compile(r"^scores: ", re.M),
}
# A move as the terminal prints it ("seat 1: y8 C4"), not a hand ("seat 1: 6 tiles").
MOVE_LINE = re.compile(r"^seat \d+: (?!\d+ tiles?\b)", re.M)


def play(monkeypatch, answers: list[str], *argv: str) -> tuple[int, str]:
    """Run ``unodice`` with ``answers`` typed at the prompts, then the end of input."""
    typed = iter(answers)

    def read(prompt: str = "") -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


COVERALL_SEED = 3
"""The seed of ``coverall()``: her first decision lists a move that scores first, and each of
her first two moves is followed by one move of the bot before she decides again."""


def coverall(*extra: str) -> list[str]:
    return ["play", "coverall", "--human", "0", "--seed", str(COVERALL_SEED), "--no-colour", *extra]


def coverall_game(*answers: int) -> unodice.Game:
    """The game of ``coverall()``, played again in Python up to her next decision.

    Seat 0 answers the move numbers ``answers``, in turn; the bot at seat 1 is the terminal's
    (the default agent, seeded one way from the game's seed), so it makes the same choices.
    """
    game = unodice.new_game("coverall", seed=COVERALL_SEED)
    bot = make_agent("random", game_agent_seed(COVERALL_SEED, 1), variant="coverall")
    typed = iter(answers)
    while not game.is_over:
        moves = game.legal_moves()
        if game.to_act == 0:
            number = next(typed, None)
            if number is None:
                break
            game.play(moves[number - 1])
        else:
            game.play(bot.choose(game.view(1), moves))
    assert game.to_act == 0, "the game should wait for her decision"
    return game


def first_listed(game: unodice.Game) -> str:
    """The first line of the moves listed to seat 0, a move that scores, with its points."""
    moves = game.legal_moves()
    points = game.variant.reference_move_points(game.state, moves[0])
    assert points[0] > 1 and not any(points[1:]), "the first move listed should score for her"
    width = max(len(str(move)) for move in moves)
    return f"    1. {moves[0]!s:<{width}}  (+{points[0]} points)"


def undone_message(game: unodice.Game, later: unodice.Game) -> str:
    """What ``undo`` says at her decision in ``later``, going back to her decision in ``game``."""
    after = len(later.moves) - len(game.moves) - 1
    assert after >= 1, "the bot should have moved between her two decisions"
    return (
        f"undone: your move {later.moves[len(game.moves)]}, and {count(after, 'move')} "
        "after it; back to your previous decision"
    )


# -- answers -------------------------------------------------------------------------------------


def test_a_number_out_of_range_is_answered_as_such(monkeypatch):
    status, text = play(monkeypatch, ["25", "0", "quit"], *coverall())
    assert status == 0
    assert "there are 3 moves; 25 is not one of them" in text
    assert "there are 3 moves; 0 is not one of them" in text
    assert "cannot read" not in text


def test_an_empty_line_asks_again_without_a_word(monkeypatch):
    _, quiet = play(monkeypatch, ["quit"], *coverall())
    _, text = play(monkeypatch, ["", "   ", "quit"], *coverall())
    assert text == quiet


def test_quit_is_her_choice_and_exits_0_the_end_of_input_exits_1(monkeypatch):
    status, text = play(monkeypatch, ["quit"], *coverall())
    assert status == 0 and "game abandoned" in text and "result:" not in text
    status, text = play(monkeypatch, [], *coverall())
    assert status == 1 and "game abandoned" in text


def test_each_move_is_listed_with_the_points_it_scores_when_not_nothing(monkeypatch):
    """The number in brackets is points the move scores at once (coverall's placement, CV-11).

    Centre-die scores only when a round ends: its plays show no number, where the list once
    showed the greedy bot's measure (``play r1 (+1)``, a going out ``(+1004)``) while every
    score was 0.
    """
    _, text = play(monkeypatch, ["quit"], *coverall())
    assert first_listed(coverall_game()) + "\n" in text
    _, text = play(monkeypatch, ["quit"], "play", "centre-die", "--human", "0", "--seed", "2")
    game = unodice.new_game("centre-die", seed=2)
    assert game.view(0).gain(game.legal_moves()[0]) > 0, "the bots' measure of it is not 0"
    assert "    1. play r1\n" in text
    assert "    2. decline\n" in text


def test_help_shows_the_notation_real_moves_of_each_kind_and_the_commands(monkeypatch):
    _, text = play(
        monkeypatch,
        ["help", "quit"],
        "play",
        "dominoes",
        "--human",
        "0",
        "--seed",
        "1",
        "--no-colour",
    )
    listed, helped = text.split("what the letters mean (dominoes):")
    legal = set(re.findall(r"^ +\d+\. (\S+(?: \S+)*?)(?: +\(.*\))?$", listed, re.M))
    examples = re.findall(r"^    (\w+): (.+)$", helped, re.M)
    shown = {kind: line.split(", ") for kind, line in examples if kind in ("play", "draw")}
    assert set(shown) == {"play", "draw"} and "draw" in legal
    assert 1 < len(shown["play"]) <= 3 and set(shown["play"]) <= legal
    assert shown["draw"] == ["draw"]
    for command in ("moves", "board", "undo", "help", "quit"):
        assert re.search(rf"^    {command}  ", helped, re.M), command
    assert f"type a move's number (1 to {len(legal)})" in helped


def test_moves_lists_the_moves_again_and_board_draws_the_position_again(monkeypatch):
    _, once = play(monkeypatch, ["quit"], *coverall())
    _, text = play(monkeypatch, ["moves", "board", "quit"], *coverall())
    first = first_listed(coverall_game())
    assert text.count(first) == 2 * once.count(first) == 2
    marker = BOARD_MARKERS["coverall"]
    assert len(marker.findall(text)) == len(marker.findall(once)) + 1


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("coverall", []),
        ("centre-die", ["--option", "target=50"]),
        ("dominoes", ["--option", "target=100"]),
    ],
)
def test_verbose_shows_the_position_once_before_each_decision(monkeypatch, variant, options):
    """Once before every decision, a bot's or a person's, and once more at the end."""
    status, text = play(
        monkeypatch,
        ["1"] * 1000,
        "play",
        variant,
        "--human",
        "0",
        "--seed",
        "4",
        "--no-colour",
        "--verbose",
        *options,
    )
    assert status == 0
    moves = len(MOVE_LINE.findall(text))
    assert moves > 4
    assert len(BOARD_MARKERS[variant].findall(text)) == moves + 1  # + the final position
    assert text.count("final position (the game is over: every hand is shown)") == 1


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("coverall", []),
        ("centre-die", ["--option", "target=50"]),
        ("dominoes", ["--option", "target=100"]),
    ],
)
def test_by_default_the_position_is_shown_only_for_her_decisions(monkeypatch, variant, options):
    """Once before each of her decisions, and at the end; a bot's move is one line."""
    argv = ["play", variant, "--human", "0", "--seed", "4", "--no-colour", *options]
    status, text = play(monkeypatch, ["1"] * 1000, *argv)
    assert status == 0
    hers = len(re.findall(r"^seat 0: (?!\d+ tiles?\b)", text, re.M))
    bots = len(re.findall(r"^seat [1-9]: (?!\d+ tiles?\b)", text, re.M))
    assert hers > 2 and bots > 2
    assert len(BOARD_MARKERS[variant].findall(text)) == hers + 1  # + the final position
    # After a bot's move line comes another move, a position, or a line about her seat.
    lines = text.splitlines()
    for index, line in enumerate(lines[:-1]):
        if re.match(r"^seat [1-9]: (?!\d+ tiles?\b)", line) and lines[index + 1].startswith(" "):
            following = lines[index + 1]
            assert re.search(r"\bseat 0\b|round \d+ (begins|ends)", following), following


def test_the_position_follows_her_own_move_with_the_events_it_caused(monkeypatch):
    _, text = play(monkeypatch, ["1", "quit"], *coverall())
    game = coverall_game()
    move, before = game.legal_moves()[0], game.scores[0]
    game.play(move)
    scored, total = game.scores[0] - before, game.scores[0]
    assert scored > 0, "her first move listed should score"
    after = text[text.index(f"seat 0: {move}\n") :]
    assert after.index(f"seat 0 scores {scored}") < after.index(f"Scores: seat 0 (you): {total}")


# -- undo ----------------------------------------------------------------------------------------


def test_undo_goes_back_to_her_previous_decision_and_the_bots_play_as_before(monkeypatch, tmp_path):
    undone, straight = tmp_path / "undone.json", tmp_path / "straight.json"
    status, text = play(
        monkeypatch, ["1", "1", "undo", "undo", "2", "1", "quit"], *coverall("--save", str(undone))
    )
    assert status == 0
    first, second, third = coverall_game(), coverall_game(1), coverall_game(1, 1)
    assert undone_message(second, third) in text
    assert undone_message(first, second) in text
    play(monkeypatch, ["2", "1", "quit"], *coverall("--save", str(straight)))
    assert json.loads(undone.read_text()) == json.loads(straight.read_text())


def test_undo_before_her_first_move_says_there_is_nothing_to_undo(monkeypatch):
    _, text = play(monkeypatch, ["undo", "quit"], *coverall())
    assert "nothing to undo: you have not moved yet" in text


def test_undo_shows_the_position_once_for_the_decision_it_goes_back_to(monkeypatch):
    _, text = play(monkeypatch, ["1", "undo", "quit"], *coverall())
    after = text[text.index("undone: ") :]
    assert len(BOARD_MARKERS["coverall"].findall(after)) == 1
    assert first_listed(coverall_game()) in after


def test_a_session_rewinds_the_game_and_asks_its_bots_again():
    """The session (the game, the agent at each seat, how to set both up again) behind undo."""
    made: list[list[object]] = []

    def seat_agents(session: Session) -> list[object]:
        agents = [make_agent("random", 10 + seat) for seat in range(session.game.players)]
        made.append(agents)
        return agents

    session = Session(lambda: unodice.new_game("coverall", players=2, seed=5), seat_agents)
    for _ in range(6):
        seat = session.game.to_act
        moves = session.game.legal_moves()
        session.play(session.agents[seat].choose(session.game.view(seat), moves))
    played = list(session.game.moves)
    mover = session.movers()[-1]
    assert session.last_move_of(mover) == len(played) - 1
    session.rewind(3)
    assert list(session.game.moves) == played[:3] and len(made) == 2
    assert session.agents is made[-1] and session.labels() == ["0", "1"]


# -- learning the game: the prompt, the legend, the list, the output's length --------------------


def test_the_first_prompt_says_what_to_type_and_the_next_ones_are_short(monkeypatch):
    prompts: list[str] = []
    typed = iter(["help", "1", "1", "quit"])

    def read(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(typed)

    monkeypatch.setattr("builtins.input", read)
    assert main(coverall(), io.StringIO()) == 0
    assert prompts[0] == "seat 0 (a move, a number from the list, or help)> "
    assert prompts[1:] == ["seat 0> "] * 3


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("coverall", ["cells: rows A to D, columns 1 to 6", "r5 B2, gD2 A4: Place", "(CV-12)"]),
        ("centre-die", ["step 1, play a die or decline", "'centre' is the die", "bluff WD4:b"]),
        ("dominoes", ["a tile: its two ends, r3|y5", "DE: a dead end", "play W|W:r on spinner"]),
    ],
)
def test_help_shows_the_variants_legend_of_faces_colours_and_notation(monkeypatch, variant, words):
    _, text = play(monkeypatch, ["help", "quit"], "play", variant, "--human", "0", "--seed", "1")
    helped = text[text.index(f"  what the letters mean ({variant}):\n") :]
    helped = helped[: helped.index("  for example, of the moves you have now:")]
    joined = " ".join(helped.split())  # the legend is wrapped to the screen
    for word in ["colours: r red, y yellow, g green, b blue", "R reverse, S skip, D2 draw two"]:
        assert word in joined
    assert "WD4 wild draw four" in joined and "W:g is a W declared green" in joined
    for word in words:
        assert word in joined, word
    assert all(len(line) <= 78 for line in helped.splitlines())


@pytest.mark.parametrize("name", ["coverall", "centre-die", "dominoes"])
def test_each_variants_legend_holds_every_row_of_its_notation_table(name):
    """The legend is derived from the one table of the notation, in the moves module."""
    game = unodice.new_game(name, seed=1)
    moves = sys.modules[type(game.variant).__module__.rsplit(".", 1)[0] + ".moves"]
    rows = notation_legend(moves.__doc__)
    assert len(rows) >= 4
    legend = capabilities.legend(game.variant)
    for row in rows:
        assert f"  {row}" in legend.splitlines()


def test_the_notation_table_keeps_a_pipe_inside_code_in_its_cell():
    table = """Moves.

    | Notation | Move | Clause |
    |---|---|---|
    | ``play r3|y5 on 2`` | lay `r3` on end 2 | DO-3 |
    | ``draw`` | draw a tile |  |
    """
    assert notation_legend(table) == [
        "play r3|y5 on 2: lay r3 on end 2 (DO-3)",
        "draw: draw a tile",
    ]
    assert notation_legend(None) == []


def test_help_without_a_legend_says_how_the_variant_writes_its_moves(registry, monkeypatch):
    """A plugin whose Text has no legend (the default ``""``) keeps working."""
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    status, text = play(monkeypatch, ["help", "quit"], "play", "toy-race", "--human", "0")
    assert status == 0
    assert "what the letters mean" not in text
    assert "how moves are written: " in text and "    roll: roll" in text


def test_the_dominoes_opening_lists_a_tile_on_alike_ends_once_and_takes_either(monkeypatch):
    """Lines 2 to 4 of the spinner are empty and show g7: a tile on any of them is one choice."""
    argv = ["play", "dominoes", "--human", "1", "--seed", "5", "--no-colour"]
    _, text = play(monkeypatch, ["quit"], *argv)
    game = unodice.new_game("dominoes", seed=5)
    bot = make_agent("random", game_agent_seed(5, 0), variant="dominoes")
    game.play(bot.choose(game.view(0), game.legal_moves()))
    layout = game.state.layout
    assert [end.shows for end in layout.ends] == ["b9", "g7", "g7", "g7"]
    assert not any(layout.line(end) for end in (2, 3, 4))
    moves = game.legal_moves()
    assert len(moves) == 31  # what the list used to show, pushing the position off the screen
    distinct = list(dict.fromkeys(re.sub(r" on [34]\b", " on 2", str(move)) for move in moves))
    listed = re.findall(r"^ +\d+\. (.+)$", text, re.M)
    assert [line.split(" (same as on 3, 4)")[0] for line in listed] == distinct
    assert len(listed) == 13
    # The notation of a move the list stands for plays it; the number plays the first.
    number, shown = next((n, line) for n, line in enumerate(listed, 1) if "(same as" in line)
    first = shown.split(" (same as")[0]
    on_four = first.replace(" on 2", " on 4")
    _, text = play(monkeypatch, [on_four, "quit"], *argv)
    assert f"seat 1: {on_four}\n" in text
    _, text = play(monkeypatch, [str(number), "quit"], *argv)
    assert f"seat 1: {first}\n" in text


def test_a_dominoes_player_who_draws_is_told_which_tile(monkeypatch):
    argv = ["play", "dominoes", "--human", "0", "--seed", "1", "--no-colour"]
    _, text = play(monkeypatch, ["draw", "quit"], *argv)
    game = unodice.new_game("dominoes", seed=1)
    bot = make_agent("random", game_agent_seed(1, 1), variant="dominoes")
    game.play(bot.choose(game.view(1), game.legal_moves()))
    before = set(game.state.hands[0])
    game.play("draw")
    (drawn,) = set(game.state.hands[0]) - before
    after = text[text.index("seat 0: draw\n") :].splitlines()
    assert after[1:3] == [
        "    seat 0 draws 1 tile (draw)",
        f"    new in your hand (seat 0): {drawn.code}",
    ]


def test_a_person_is_told_the_events_as_her_seat_is_told_them(monkeypatch):
    """Centre-die tells no seat which die went back into the bag (CD-1); a spectator sees all."""
    _, text = play(monkeypatch, ["quit"], "play", "centre-die", "--human", "0", "--seed", "5")
    assert "seat 0 drew a die (no number face) and puts it back" in text
    assert "drew die " not in text
    _, text = play(monkeypatch, [], "play", "centre-die", "--seed", "5", "--brief")
    assert re.search(r"drew die \d+ \(no number face\)", text)


def test_the_quick_start_game_fits_a_person_and_verbose_shows_everything(monkeypatch):
    """``unodice play coverall --players 3 --seed 7`` printed 429 lines: now a line a move."""
    argv = ["play", "coverall", "--players", "3", "--seed", "7", "--no-colour"]
    _, text = play(monkeypatch, [], *argv)
    moves = MOVE_LINE.findall(text)
    assert len(moves) > 20
    assert len(text.splitlines()) <= len(moves) + 25
    assert len(BOARD_MARKERS["coverall"].findall(text)) == 1  # the final position
    assert re.search(r"^seat \d: \S+ [A-D]\d  \(seat \d scores \d+\)$", text, re.M)
    _, verbose = play(monkeypatch, [], *argv, "--verbose")
    assert len(BOARD_MARKERS["coverall"].findall(verbose)) == len(moves) + 1
    assert MOVE_LINE.findall(verbose) == moves
    _, quiet = play(monkeypatch, [], *argv, "--quiet")
    assert quiet.startswith("result:\n")


# -- --save --------------------------------------------------------------------------------------


def refused(capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    status, out = play(monkeypatch, ["1"] * 100, *argv)
    return status, out, capsys.readouterr().err


def test_a_save_file_in_a_missing_folder_is_refused_before_the_game(capsys, monkeypatch, tmp_path):
    path = tmp_path / "nowhere" / "game.json"
    status, out, err = refused(capsys, monkeypatch, *coverall("--save", str(path)))
    assert (status, out) == (1, "")
    assert err.count("\n") == 1 and "there is no folder" in err


def test_a_save_file_that_exists_is_kept_unless_forced(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "game.json"
    path.write_text("mine")
    status, out, err = refused(capsys, monkeypatch, *coverall("--save", "game.json"))
    assert (status, out) == (1, "") and path.read_text() == "mine"
    assert err == (
        "unodice: error: --save 'game.json': the file exists; add --force to overwrite it\n"
    )
    status, out, err = refused(capsys, monkeypatch, *coverall("--save", "game.json", "--force"))
    assert status == 0 and err == "" and json.loads(path.read_text())["variant"] == "coverall"


def test_a_save_path_that_is_a_folder_is_refused(capsys, monkeypatch, tmp_path):
    status, out, err = refused(capsys, monkeypatch, *coverall("--save", str(tmp_path)))
    assert (status, out) == (1, "") and "that is a folder" in err


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="needs a folder its user cannot write to"
)
def test_a_save_file_in_a_folder_that_cannot_be_written_is_refused(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    status, out, err = refused(capsys, monkeypatch, *coverall("--save", str(folder / "g.json")))
    assert (status, out) == (1, "") and "cannot be written to" in err


# -- replay --at ---------------------------------------------------------------------------------


@pytest.fixture
def record(tmp_path):
    game = unodice.new_game("dominoes", players=3, seed=8, options={"target": 100})
    while not game.is_over and len(game.moves) < 12:
        game.play(game.legal_moves()[0])
    path = tmp_path / "game.json"
    save(game, path)
    return path, game


@pytest.mark.parametrize("at", [0, 1, 7, 12])
def test_replay_at_shows_the_position_after_that_move_and_stops(record, at):
    path, played = record
    out = io.StringIO()
    assert main(["replay", str(path), "--at", str(at), "--no-colour"], out) == 0
    text = out.getvalue()
    again = unodice.new_game("dominoes", players=3, seed=8, options={"target": 100})
    for move in played.moves[:at]:
        again.play(move)
    assert text.startswith("Uno dominoes: 3 players, seed 8, 12 moves (verified)\n")
    assert text.endswith(f"position after move {at} of 12:\n{again.render(None)}\n")
    assert len(MOVE_LINE.findall(text)) == at and "result:" not in text


def test_replay_at_a_move_the_record_does_not_have_is_refused(record, capsys):
    path, _ = record
    assert main(["replay", str(path), "--at", "13"], io.StringIO()) == 1
    assert "the record has 12 moves; give a number from 0 to 12" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main(["replay", str(path), "--at", "-1"], io.StringIO())
    assert usage.value.code == 2 and "a move number must be" in capsys.readouterr().err
    assert main(["replay", str(path), "--at", "2", "--quiet"], io.StringIO()) == 1
    assert main(["replay", str(path), "--at", "2", "--html", "page.html"], io.StringIO()) == 1
    assert "it goes without --quiet and --html" in capsys.readouterr().err


def test_counts_agree_with_their_nouns(record):
    path, _ = record
    assert (count(0, "move"), count(1, "move"), count(2, "game")) == (
        "0 moves",
        "1 move",
        "2 games",
    )
    out = io.StringIO()
    assert main(["replay", str(path), "--quiet"], out) == 0
    assert out.getvalue().startswith("valid: dominoes, 12 moves, unfinished")


# -- at a real terminal --------------------------------------------------------------------------

at_a_terminal = pytest.mark.skipif(
    os.name != "posix" or pexpect is None, reason="needs pexpect and the pseudo-terminals of POSIX"
)
LEFT, RIGHT, UP = "\x1b[D", "\x1b[C", "\x1b[A"
CONTROL_SEQUENCE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|[\x08\r]")


class Terminal:
    """``unodice play VARIANT --human 0`` at a pseudo-terminal, answered one line at a time."""

    def __init__(self, variant: str, seed: int):
        env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "INPUTRC": os.devnull}
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "unodice", "play", variant, "--human", "0", "--seed", str(seed)],
            env=env,
            encoding="utf-8",
            timeout=10,
            dimensions=(60, 200),
            # SIGINT as a terminal's foreground job has it, even when these tests run in a
            # background job that inherited it ignored.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.marker = BOARD_MARKERS[variant]
        self.prompts: list[str] = []

    def shown(self) -> str:
        """What the terminal showed before the next prompt (the prompt left out)."""
        self.child.expect([re.escape(FIRST_PROMPT.format(seat=0)), re.escape("seat 0> ")])
        self.prompts.append(self.child.after)
        return CONTROL_SEQUENCE.sub("", self.child.before)

    def answer(self, keys: str) -> str:
        self.child.send(keys + "\r")
        return self.shown()

    def boards(self, text: str) -> int:
        return len(self.marker.findall(text))


@pytest.mark.tooling
@at_a_terminal
@pytest.mark.parametrize(("variant", "seed"), [("coverall", 3), ("centre-die", 2), ("dominoes", 1)])
def test_a_few_decisions_at_a_real_terminal(variant, seed):
    terminal = Terminal(variant, seed)
    start = terminal.shown()
    assert terminal.boards(start) == 1

    helped = terminal.answer("help")
    assert "what the letters mean" in helped and "    undo    " in helped
    assert terminal.boards(helped) == 0
    assert terminal.answer("").strip() == ""
    assert "moves; 999 is not one of them" in terminal.answer("999")
    listed = terminal.answer("moves")
    assert "    1. " in listed and terminal.boards(listed) == 0
    assert terminal.boards(terminal.answer("board")) == 1

    # The arrow keys move the cursor (readline), instead of typing "^[[D" into the answer.
    moved = terminal.answer("1" + LEFT + RIGHT)
    mine = re.search(r"^seat 0: (.+)$", moved, re.M)
    assert mine, moved
    assert terminal.boards(moved) == 1 and len(MOVE_LINE.findall(moved)) >= 2

    undone = terminal.answer("undo")
    assert f"undone: your move {mine.group(1)}" in undone
    assert terminal.boards(undone) == 1 and not MOVE_LINE.findall(undone)

    # Up twice recalls the answer before "undo": "1", the same move again.
    again = terminal.answer(UP + UP)
    assert f"seat 0: {mine.group(1)}" in again

    terminal.child.send("quit\r")
    terminal.child.expect(pexpect.EOF)
    terminal.child.close()
    assert "game abandoned" in terminal.child.before
    assert terminal.child.exitstatus == 0
    # The first prompt says what to type; the others are short.
    assert terminal.prompts[0] == "seat 0 (a move, a number from the list, or help)> "
    assert set(terminal.prompts[1:]) == {"seat 0> "}


@pytest.mark.tooling
@at_a_terminal
def test_control_c_at_a_real_terminal_exits_130():
    terminal = Terminal("coverall", 3)
    terminal.shown()
    terminal.child.sendintr()
    terminal.child.expect(pexpect.EOF)
    terminal.child.close()
    assert "game abandoned" in terminal.child.before
    assert terminal.child.exitstatus == 130


@pytest.mark.parametrize(
    ("argv", "games"),
    [
        (
            [
                "simulate",
                "coverall",
                "--games",
                "1",
                "--workers",
                "1",
                "--option",
                "partition=false",
            ],
            "coverall: 1 game, 2 players",
        ),
        # The arena plays whole rounds of seatings: both seat orders of the two bots.
        (
            [
                "arena",
                "coverall",
                "--agents",
                "random,greedy",
                "--games",
                "1",
                "--workers",
                "1",
                "--option",
                "partition=false",
            ],
            "coverall arena: 2 games, 2 players",
        ),
    ],
)
def test_reports_write_options_and_counts_as_the_command_line_does(argv, games):
    out = io.StringIO()
    assert main(argv, out) == 0
    first = out.getvalue().splitlines()[0]
    assert "partition=false" in first and "set_of_games=false" in first
    assert "True" not in first and "False" not in first
    assert first.startswith(games)
