"""The author's kit in the core: positions, strict scripts, refusals, components, round ends.

The built-in variants' positions are tested beside each variant; here the core's part is tested
on the toy race of ``toy.py``, which knows nothing of any built-in variant.
"""

from __future__ import annotations

import json
import types

import pytest
from toy import ToyInventory, ToyPlugin, ToyRules, ToySpaces, ToyText

import unodice
from unodice.core.chance import Draw, ScriptError, Showing
from unodice.core.errors import (
    IllegalMove,
    InvalidOptions,
    InvalidPosition,
    InvalidRecord,
    Unsupported,
)
from unodice.core.game import new_game
from unodice.core.hooks import hookimpl
from unodice.core.moves import RoundEnded, RoundStarted
from unodice.core.pieces import ComponentSet
from unodice.core.positions import PieceReader, read_header
from unodice.core.registry import Registry
from unodice.records.record import replay
from unodice.testing import check_variant, refused, script_used, scripted_game


@pytest.fixture
def registry() -> Registry:
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


def played(registry: Registry, moves: int = 6, game: str = "toy-race", seed: int = 1):
    started = new_game(game, 3, seed=seed, registry=registry)
    for _ in range(moves):
        started.play(started.legal_moves()[-1])
    return started


# -- positions ---------------------------------------------------------------------------------


def test_a_position_starts_a_game_that_plays_on_exactly_as_the_original(registry):
    report = check_variant("toy-race", games=4, registry=registry)
    assert report.ok and report.decisions > 0


def test_the_header_carries_the_options_that_differ_and_the_match_so_far(registry):
    game = played(registry, game="toy-race(target=30)")
    header = read_header(game.position())
    assert header.game == "toy-race(target=30)"
    assert (header.players, header.round) == (3, 1)
    assert header.scores == game.scores and header.points == game.scores
    again = new_game(position=game.position(), registry=registry)
    assert again.options == game.options and again.scores == game.scores


def test_the_variant_and_options_given_must_agree_with_the_position(registry):
    text = played(registry, game="toy-race(target=30)").position()
    assert new_game("toy-race", position=text, registry=registry).options.target == 30
    assert new_game("toy-race", options={"target": 30}, position=text, registry=registry)
    with pytest.raises(InvalidPosition, match="options differ"):
        new_game("toy-race", options={"target": 31}, position=text, registry=registry)
    with pytest.raises(InvalidPosition, match="of toy-race, not 'coverall'"):
        new_game("coverall", position=text, registry=registry)
    with pytest.raises(InvalidPosition, match="for 3 players, not 2"):
        new_game(players=2, position=text, registry=registry)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace(" | ", " "), "is not a position"),
        (lambda t: t.replace("players=3", "players=x"), "players must be a whole number"),
        (lambda t: t.replace("round=1", "round=0"), "round must be from 1"),
        (lambda t: t.replace("scores=", "scores=1,"), "scores has 4 numbers for 3 players"),
        (lambda t: t.replace(" points=", " pts="), "unknown field 'pts'"),
        (lambda t: t.replace(" total=", " total=1 total="), "given twice"),
        (lambda t: t.replace("bag=", "bag=@7,"), "named twice"),
        (lambda t: t.split(" bag=")[0] + " bag=-", "leaves .* pieces of the set out"),
        (lambda t: t.replace("pile=", "pile=@999,"), "no piece @999"),
        (lambda t: t.replace("direction=cw", "direction=up"), "cw or ccw"),
        (lambda t: 12345, "a position is text"),
        (lambda t: t + " " * 20_001, "at most 20000 characters"),
    ],
)
def test_a_broken_position_is_refused_saying_what_is_wrong(registry, change, message):
    text = played(registry, moves=1).position()
    text = text.replace("pile=-", "pile=@7") if "pile=-" in text else text
    with pytest.raises(InvalidPosition, match=message):
        new_game(position=change(text), registry=registry)


def test_a_position_written_by_hand_finds_dice_by_face_and_puts_the_rest_in_the_bag(registry):
    text = (
        "toy-race players=2 round=1 scores=0,0 points=0,0 | current=1 direction=ccw "
        "total=9 banked=0,0 pile=r5,WD4 bag=rest"
    )
    game = new_game(position=text, registry=registry)
    pile = game.state.pile
    assert [d.id for d in pile] == sorted(d.id for d in pile)
    assert "r5" in {f.code for f in pile[0].faces} and "WD4" in {f.code for f in pile[1].faces}
    assert len(game.state.bag) == 38 and game.to_act == 1
    assert game.legal_moves() and "pile=@" in game.position()


def test_a_game_from_a_position_is_recorded_with_it_and_replays(registry):
    game = new_game(position=played(registry).position(), seed=5, registry=registry)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    record = json.loads(json.dumps(game.record()))
    assert record["position"] == game.start_position
    assert replay(record, registry).position() == game.position()
    assert "position" not in game.record(seat=0)  # it names every hidden piece


def test_a_record_with_a_tampered_position_is_refused_on_that_field(registry):
    game = new_game(position=played(registry).position(), seed=5, registry=registry)
    record = game.record()
    record["position"] = record["position"].replace("direction=", "direction=x")
    with pytest.raises(InvalidRecord) as caught:
        replay(record, registry)
    assert caught.value.field == "position"


def test_a_variant_without_positions_says_what_to_implement(registry):
    class Mute(ToyRules, ToySpaces, ToyText, ToyInventory):
        name = "toy-mute"

    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(Mute))
        ),
        "mute",
    )
    game = new_game("toy-mute", 2, seed=1, registry=registry)
    with pytest.raises(
        Unsupported, match=r"inheriting unodice\.plugin\.Positions and implementing"
    ):
        game.position()
    text = new_game("toy-race", 2, seed=1, registry=registry).position()
    with pytest.raises(unodice.UnodiceError, match="does not describe positions"):
        new_game(position=text.replace("toy-race", "toy-mute", 1), registry=registry)
    assert check_variant("toy-mute", games=1, registry=registry).ok


def test_a_finished_game_has_no_position(registry):
    game = played(registry, moves=0)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    with pytest.raises(unodice.UnodiceError, match="over"):
        game.position()


def test_piece_reader_names_each_piece_once():
    dice = unodice.core.pieces.load_components("centre-die-40").dice
    reader: PieceReader[unodice.core.pieces.Die] = PieceReader(dice)
    die, face = (
        reader.die("r5@0", "hand")
        if "r5" in {f.code for f in dice[0].faces}
        else (reader.die(f"{dice[0].faces[0].code}@0", "hand"))
    )
    assert die is dice[0] and face in die.faces
    with pytest.raises(InvalidPosition, match="named twice"):
        reader.die("@0", "bag")
    with pytest.raises(InvalidPosition, match="is not a face of"):
        reader.die(f"{_absent_face(dice[1])}@1", "hand")
    assert len(reader.rest()) == len(dice) - 1
    reader.check_all_named()


def _absent_face(die: unodice.core.pieces.Die) -> str:
    for code in ("r1", "y1", "g1", "b1", "r6", "b6", "DE"):
        if code not in {f.code for f in die.faces}:
            return code
    raise AssertionError("a die with every face")


# -- strict scripts ----------------------------------------------------------------------------


def test_a_scripted_game_that_runs_past_its_script_fails(registry):
    game = scripted_game("toy-race", [Showing("y5")], registry=registry)
    game.play("roll")
    with pytest.raises(ScriptError, match="ran out"):
        game.play("roll")


def test_a_lenient_scripted_game_carries_on_from_its_seed(registry):
    game = scripted_game("toy-race", [Showing("y5")], registry=registry, lenient=True)
    game.play("roll")
    game.play("roll")
    assert len(game.chance.outcomes) == 4


def test_script_used_reports_the_entries_never_used(registry):
    game = scripted_game("toy-race", [Showing("y5"), Showing("r6"), Draw(3)], registry=registry)
    game.play("roll")
    with pytest.raises(ScriptError, match=r"2 script entries were never used: .*r6"):
        script_used(game)
    game.play("roll")
    with pytest.raises(ScriptError, match=r"1 script entry was never used: Draw\(piece=3\)"):
        script_used(game)


# -- refusals ----------------------------------------------------------------------------------


def test_refused_returns_the_refusal_of_a_move_that_changes_nothing(registry):
    game = new_game("toy-race", 2, seed=3, registry=registry)
    error = refused(game, "hold")
    assert isinstance(error, IllegalMove) and error.clause == "TOY-1"


def test_refused_fails_when_the_move_is_accepted(registry):
    game = new_game("toy-race", 2, seed=3, registry=registry)
    with pytest.raises(AssertionError, match="was accepted"):
        refused(game, "roll")


# -- components --------------------------------------------------------------------------------


def test_components_given_as_codes_are_played_without_writing_a_plugin():
    codes = ["r9|r9", "b8|WD4"] * 12
    game = scripted_game("dominoes", players=2, components=codes, lenient=True)
    tiles = game.variant.components(game.state).tiles
    assert [tile.code for tile in tiles] == codes
    assert {tile.code for hand in game.state.hands for tile in hand} <= set(codes)


def test_a_component_set_object_is_played_too():
    dice = ComponentSet.from_codes("plain", ["r1 r2 r3 r4 r5 r6"] * 24)
    game = scripted_game("coverall", players=2, components=dice, lenient=True)
    assert game.options.dice == "plain"


def test_components_are_refused_beside_the_option_that_names_a_set():
    with pytest.raises(InvalidOptions, match="not both"):
        scripted_game("coverall", components=["r1 r2 r3 r4 r5 r6"], options={"dice": "x"})


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        (["r1|r2", "r1 r2 r3 r4 r5 r6"], "mix"),
        (["r1|r2|r3"], "two ends"),
        (["r1 r2"], "six faces"),
        (["q1|r2"], "not a face"),
        ("r1|r2", "a list of piece codes"),
    ],
)
def test_bad_piece_codes_are_refused(codes, message):
    with pytest.raises(unodice.core.errors.ComponentError, match=message):
        ComponentSet.from_codes("bad", codes)


# -- the end of a round ------------------------------------------------------------------------


def test_a_game_can_wait_between_rounds_to_show_how_the_round_ended(registry):
    game = new_game(
        "toy-race(rounds=2,target=5)", 2, seed=4, registry=registry, pause_between_rounds=True
    )
    while not game.between_rounds:
        game.play(game.legal_moves()[-1])
    assert game.to_act is None and game.legal_moves() == () and not game.is_over
    assert isinstance(game.events[-1], RoundEnded)
    assert game.state is game.round_end_state
    assert game.view(0).to_act is None
    with pytest.raises(IllegalMove, match="next_round"):
        game.play("roll")
    dealt = game.next_round()
    assert isinstance(dealt[0], RoundStarted) and game.round == 2 and game.to_act is not None
    with pytest.raises(unodice.UnodiceError, match="not between rounds"):
        game.next_round()


def test_house_rules_hear_of_the_deal_after_a_pause(registry):
    paused = new_game(
        "toy-race(rounds=2,target=5)",
        2,
        seed=4,
        registry=registry,
        house_rules=["count-events"],
        pause_between_rounds=True,
    )
    heard = ToyPlugin.counter.seen
    heard.clear()
    while not paused.is_over:
        if paused.between_rounds:
            paused.next_round()
        else:
            paused.play(paused.legal_moves()[-1])
    assert heard.count("round-started") == 1  # the second round's deal, after the pause
    assert heard.count("round-ended") == 2


def test_a_paused_game_plays_the_same_match_as_one_that_is_not(registry):
    plain = new_game("toy-race(rounds=3,target=5)", 2, seed=6, registry=registry)
    paused = new_game(
        "toy-race(rounds=3,target=5)", 2, seed=6, registry=registry, pause_between_rounds=True
    )
    while not plain.is_over:
        plain.play(plain.legal_moves()[-1])
    while not paused.is_over:
        if paused.between_rounds:
            paused.next_round()
        else:
            paused.play(paused.legal_moves()[-1])
    assert paused.record() == plain.record()
