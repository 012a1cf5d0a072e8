"""What a record may be trusted with, and who may read it.

A full record is the referee's document: its seed and outcomes fix every deal. A seat's record
(``game.record(seat=k)``) is what that seat may be given: it names no piece the seat did not
see, and it cannot be replayed. A record whose outcomes were scripted is accepted with any
outcomes, so replay refuses it unless asked. And the library replays every record it writes,
at a cost that grows with the record's length, house rules or not.
"""

from __future__ import annotations

import io
import json
import random
import types
from typing import Any

import pytest
from every_variant import VARIANTS, everything
from toy import ToyPlugin, ToyRace

import unodice
import unodice.core.registry
import unodice.records.record
from unodice.cli.commands import EXIT_FAILURE, main
from unodice.core.chance import Chance, ReplayChance, ScriptedChance
from unodice.core.errors import InvalidOptions, InvalidRecord, PluginError
from unodice.core.game import Game
from unodice.core.history import Log
from unodice.core.hooks import hookimpl
from unodice.core.moves import Event, Move, RoundEnded, RoundStarted
from unodice.core.registry import Registry
from unodice.play.agents import RandomAgent, play_game
from unodice.records.record import load, save
from unodice.testing import Showing, scripted_game

# -- helpers -------------------------------------------------------------------------------------


class _Unchanged:
    """A house rule that changes nothing: a game with it plays exactly as without."""

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        return None


def _with_house_rule() -> Registry:
    """Every installed variant and the toy, plus the house rule ``unchanged``."""
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    plugin = types.SimpleNamespace(
        unodice_register=hookimpl(
            lambda registry: registry.add_house_rule("unchanged", _Unchanged())
        )
    )
    registry.add_plugin(plugin, "unchanged")
    return registry


def _piece_ids(value: Any) -> set[int]:
    """The ids of every die and domino in JSON data (``{"id", "faces"}``, ``{"id", "ends"}``)."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if set(item) in ({"id", "faces"}, {"id", "ends"}):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _hidden_ids(game: Game, seat: int) -> set[int]:
    return {piece.id for piece in game.variant.hidden_pieces(game.state, seat)}


def _random_game(name: str, players: int, seed: int, limit: int = 400) -> Game:
    game = unodice.new_game(name, players=players, seed=seed, registry=everything())
    agents = [RandomAgent(seed * 7 + seat) for seat in range(players)]
    while not game.is_over and len(game.moves) < limit:
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
    return game


# -- a seat's record -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_a_seats_record_has_no_seed_and_no_chance(name):
    game = _random_game(name, 2, seed=5, limit=40)
    full = game.record()
    for seat in range(game.players):
        mine = json.loads(json.dumps(game.record(seat=seat)))
        assert mine["redacted_for"] == seat
        assert "seed" not in mine and "chance" not in mine
        assert mine["moves"] == full["moves"] and mine["result"] == full["result"]
        for field in ("variant", "variant_version", "players", "options", "house_rules"):
            assert mine[field] == full[field]
        assert len(mine["events"]) <= len(game.events)
    assert game.record(seat=None) == full


class _Witness:
    """Watches every event as it is appended and checks what each seat's record tells of it.

    A piece that an event names, as told to a seat, must be one the seat could see at some
    moment between the decisions on either side of the event (or the end of its round): a tile
    laid from a hand is seen once laid, a tile taken back was seen on the table. Round setup is
    checked against the round's first decision, as nobody looks while it is dealt.
    """

    def __init__(self) -> None:
        self.pending: list[Event] = []
        self.seen: dict[int, set[int]] = {}
        self.setup = False
        self.leaks: list[str] = []

    def watch(self, game: Game) -> None:
        """Hear of each event the moment it joins the game's history, mid-move included."""
        witness = self

        class Watched(list):  # type: ignore[type-arg]
            def append(self, entry: Any) -> None:
                super().append(entry)
                if not isinstance(entry, Move):
                    witness.heard(game, entry)

        game._set_log(Log(Watched(game._events), game._movers))

    def heard(self, game: Any, event: Any) -> None:
        self.pending.append(event)
        if isinstance(event, RoundStarted):
            self.setup = True
        elif not self.setup:
            self.look(game)
        if isinstance(event, RoundEnded):
            self.close(game)

    def look(self, game: Game) -> None:
        every = {piece.id for piece in game.variant.components(game.state).pieces}
        for seat in range(game.players):
            self.seen.setdefault(seat, set()).update(every - _hidden_ids(game, seat))

    def close(self, game: Game) -> None:
        """A decision (or a round's end): check the events since the last one."""
        self.look(game)
        for event in self.pending:
            for seat in range(game.players):
                named = _piece_ids(game.variant.event_for_seat(event, seat))
                if named - self.seen[seat]:
                    self.leaks.append(
                        f"move {len(game.moves)}: seat {seat} is told of pieces "
                        f"{sorted(named - self.seen[seat])} by {event.kind}"
                    )
        self.pending, self.seen, self.setup = [], {}, False


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_seats_record_names_no_piece_hidden_from_it(name, seed):
    witness = _Witness()
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    players = 3 if 3 in registry.variant(name).players else 2
    game = unodice.new_game(name, players=players, seed=seed, registry=registry)
    witness.watch(game)
    agents = [RandomAgent(seed * 11 + seat) for seat in range(players)]
    witness.close(game)
    while not game.is_over and len(game.moves) < 400:
        actor = game.to_act
        assert actor is not None
        game.play(agents[actor].choose(game.view(actor), game.legal_moves()))
        witness.close(game)
    assert not witness.leaks, witness.leaks[:5]
    assert game.round > 1 or game.is_over
    for seat in range(players):
        told = [game.variant.event_for_seat(event, seat) for event in game.events]
        assert game.record(seat=seat)["events"] == [event for event in told if event]


def test_a_seats_record_shows_no_tile_of_another_hand():
    game = _random_game("dominoes", 3, seed=9, limit=12)
    assert game.round == 1
    back = {event.tile.id for event in game.events if event.kind == "taken-back"}
    for seat in range(game.players):
        others = {
            tile.id for other, hand in enumerate(game.state.hands) if other != seat for tile in hand
        }
        assert others and not _piece_ids(game.record(seat=seat)) & others - back


def test_a_redrawn_centre_die_is_not_named_in_a_seats_record():
    games = (_random_game("centre-die", 2, seed, limit=0) for seed in range(50))
    game = next(game for game in games if any(e.kind == "centre-redrawn" for e in game.events))
    for seat in range(game.players):
        redrawn = [e for e in game.record(seat=seat)["events"] if e["kind"] == "centre-redrawn"]
        assert redrawn and all(event["die"] is None for event in redrawn)


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0])
def test_a_seats_record_needs_a_seat_of_the_game(seat):
    game = _random_game("coverall", 2, seed=1, limit=3)
    with pytest.raises(InvalidOptions, match="seat must be from 0 to 1"):
        game.record(seat=seat)


def test_replay_refuses_a_seats_record_and_says_why():
    game = _random_game("dominoes", 2, seed=4, limit=20)
    mine = json.loads(json.dumps(game.record(seat=1)))
    with pytest.raises(InvalidRecord, match=r"made for seat 1.*no seed and no chance") as caught:
        unodice.replay(mine, everything())
    assert caught.value.field == "redacted_for"
    with pytest.raises(InvalidRecord, match="cannot be replayed"):
        unodice.replay(mine, everything(), allow_scripted=True)


# -- scripted records ------------------------------------------------------------------------------


def test_a_scripted_record_is_refused_unless_allowed(registry):
    game = scripted_game(
        "toy-race", [Showing.of("y5"), Showing.of("r6")], seed=3, registry=registry
    )
    game.play("roll")
    record = game.record()
    assert record["chance"]["source"] == "script"
    with pytest.raises(InvalidRecord, match="allow_scripted=True") as caught:
        unodice.replay(record, registry)
    assert caught.value.field == "chance.source"
    assert unodice.replay(record, registry, allow_scripted=True).record() == record


def test_turning_a_seeded_record_into_a_scripted_one_no_longer_forges_it(registry):
    game = play_game(
        "toy-race(target=10)", [RandomAgent(1), RandomAgent(2)], seed=4, registry=registry
    )
    record = json.loads(json.dumps(game.record()))
    outcomes = record["chance"]["outcomes"]
    index = next(i for i, value in enumerate(outcomes) if value > 0)
    forged = {
        **record,
        "chance": {"source": "script", "outcomes": [*outcomes[:index], 0, *outcomes[index + 1 :]]},
    }
    forged.pop("result")
    with pytest.raises(InvalidRecord, match="scripted") as caught:
        unodice.replay(forged, registry)
    assert caught.value.field == "chance.source"


def test_load_passes_allow_scripted_on(tmp_path, registry):
    game = scripted_game("toy-race", [Showing.of("y5")], seed=3, registry=registry)
    game.play("roll")
    path = tmp_path / "scripted.json"
    save(game, path)
    with pytest.raises(InvalidRecord, match="allow_scripted"):
        load(path, registry)
    assert load(path, registry, allow_scripted=True).record() == game.record()


def test_the_command_line_replays_a_scripted_record_only_when_told(tmp_path, registry, monkeypatch):
    game = scripted_game("toy-race", [Showing.of("y5")], seed=3, registry=registry)
    game.play("roll")
    path = tmp_path / "scripted.json"
    save(game, path)
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    assert main(["replay", "--quiet", str(path)], io.StringIO()) == EXIT_FAILURE
    assert main(["replay", "--quiet", "--allow-scripted", str(path)], io.StringIO()) == 0


# -- the library replays what it writes ------------------------------------------------------------


def test_a_long_fixed_match_replays(monkeypatch):
    """``rounds=5000`` played 253,225 moves, more than the 200,000 replay allowed.

    The same case at a smaller scale: a default limit of 1,000 moves (and outcomes in the same
    proportion) and a centre-die match of 40 rounds, which takes about 2,000 moves.
    """
    monkeypatch.setattr("unodice.core.variant.MAX_MOVES", 1_000)  # the default move limit
    monkeypatch.setattr("unodice.core.recording.MAX_MOVES", 1_000)
    monkeypatch.setattr("unodice.core.recording.MAX_OUTCOMES", 10_000)
    game = play_game("centre-die", [RandomAgent(1), RandomAgent(2)], seed=3, options={"rounds": 40})
    record = json.loads(json.dumps(game.record()))
    assert len(record["moves"]) > 1_000
    assert unodice.replay(record).record() == record


def test_the_reported_match_fits_its_limit():
    game = unodice.new_game("centre-die", players=2, seed=1, options={"rounds": 5000})
    assert game.variant.move_limit() >= 253_225
    longest = unodice.new_game("centre-die", players=6, seed=1, options={"rounds": 10_000})
    assert longest.variant.move_limit() >= 10_000 * 66 * 2  # rounds of six average 66 moves
    for name in ("centre-die", "dominoes"):
        target = unodice.new_game(name, players=2, seed=1, options={"target": 100_000})
        assert target.variant.move_limit() >= 100_000 * 3  # at most 3 moves a point are played


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_allows_at_least_the_default(name):
    game = unodice.new_game(name, seed=1, registry=everything())
    assert game.variant.move_limit() >= unodice.records.record.MAX_MOVES


def test_a_game_too_long_to_replay_is_not_recorded(monkeypatch, registry):
    monkeypatch.setattr("unodice.core.variant.MAX_MOVES", 3)  # the default move limit
    monkeypatch.setattr("unodice.core.recording.MAX_MOVES", 3)
    game = unodice.new_game("toy-race", seed=12, registry=registry)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    with pytest.raises(InvalidRecord, match="4 moves, more than the 3") as caught:
        game.record()
    assert caught.value.field == "moves"
    assert game.record(seat=0)["moves"]  # a seat's record is not replayed: it has no limit


def test_a_game_with_too_many_outcomes_to_replay_is_not_recorded(monkeypatch, registry):
    monkeypatch.setattr("unodice.core.recording.MAX_OUTCOMES", 1)
    game = unodice.new_game("toy-race", seed=12, registry=registry)
    game.play("roll")
    with pytest.raises(InvalidRecord, match="more than the 1") as caught:
        game.record()
    assert caught.value.field == "chance.outcomes"


def test_save_writes_no_file_that_load_refuses(tmp_path, monkeypatch, registry):
    game = play_game("toy-race", [RandomAgent(1), RandomAgent(2)], seed=8, registry=registry)
    path = tmp_path / "game.json"
    monkeypatch.setattr("unodice.records.record.MAX_BYTES", 50)
    with pytest.raises(InvalidRecord, match="larger than the 50 bytes"):
        save(game, path)
    assert not path.exists()


# -- house rules: the cost of a move does not grow with the game -----------------------------------


def _count_copied_outcomes(monkeypatch) -> list[int]:
    """Count the outcome entries that copies of a game's chance duplicate, from now on."""
    copied = [0]
    for kind in (Chance, ReplayChance, ScriptedChance):
        original = kind.copy

        def counting(self: Any, original: Any = original) -> Any:
            copied[0] += len(self.outcomes) + len(getattr(self, "_recorded", ()))
            return original(self)

        monkeypatch.setattr(kind, "copy", counting)
    return copied


def _house_rule_record(rounds: int) -> dict[str, Any]:
    game = play_game(
        "centre-die",
        [RandomAgent(1), RandomAgent(2)],
        seed=3,
        options={"rounds": rounds},
        house_rules=["unchanged"],
        registry=_with_house_rule(),
    )
    return json.loads(json.dumps(game.record()))


def test_replaying_a_house_rules_record_costs_in_proportion_to_its_length(monkeypatch):
    """The work done per move must not grow with the moves before it.

    It did: every move of a game with a house rule copied the whole chance (every outcome so
    far, and in a replay every recorded outcome) to be able to undo the move. Here the copied
    entries are counted for a record and one about four times as long: in proportion, the
    longer one may cost four times as much, not sixteen.
    """
    short, long = _house_rule_record(5), _house_rule_record(20)
    registry = _with_house_rule()
    work = []
    for record in (short, long):
        with monkeypatch.context() as patch:
            copied = _count_copied_outcomes(patch)
            assert unodice.replay(record, registry).record() == record
            work.append(copied[0] / len(record["moves"]))
    assert work[1] <= 1.5 * work[0] + 1, work


def test_playing_with_a_house_rule_costs_in_proportion_to_the_length(monkeypatch):
    copied = _count_copied_outcomes(monkeypatch)
    per_move = []
    for rounds in (5, 20):
        copied[0] = 0
        record = _house_rule_record(rounds)
        per_move.append(copied[0] / len(record["moves"]))
    assert per_move[1] <= 1.5 * per_move[0] + 1, per_move


class _Refuses:
    """A house rule that, while armed, fails whenever points are scored."""

    def __init__(self) -> None:
        self.armed = False

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        if self.armed:
            raise RuntimeError("refused on purpose")
        return None


def _last_moves(game: Game, count: int) -> Game:
    """Play the last legal move ``count`` times (or to the end)."""
    for _ in range(count):
        if game.is_over:
            break
        game.play(game.legal_moves()[-1])
    return game


def _chances(name: str) -> list[Chance | None]:
    """Seeded chance, replayed outcomes (half of those the same moves draw), a script."""
    played = _last_moves(unodice.new_game(name, players=2, seed=2, registry=everything()), 12)
    outcomes = played.chance.outcomes
    script = [Showing.of("y5"), Showing.of("r6")] * 3 if name == "toy-race" else []
    return [
        None,
        ReplayChance(outcomes[: len(outcomes) // 2], seed=2),
        ScriptedChance(script, seed=2, lenient=True),
    ]


@pytest.mark.parametrize("name", ["toy-race", "centre-die", "dominoes"])
def test_a_move_refused_under_a_house_rule_leaves_chance_as_it_was(name):
    refuses = _Refuses()
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_house_rule("refuses", refuses))
        ),
        "refuses",
    )
    refused = 0
    for chance in _chances(name):
        game = unodice.new_game(
            name, players=2, seed=2, house_rules=["refuses"], chance=chance, registry=registry
        )
        pick = random.Random(2)
        for step in range(400):
            if game.is_over:
                break
            # The moves the replayed outcomes were drawn for, then any.
            legal = game.legal_moves()
            move = legal[-1] if step < 12 else pick.choice(legal)
            untouched = game.copy()
            refuses.armed = True
            try:
                game.play(move)
            except unodice.PluginError as error:
                assert "refused on purpose" in str(error)
                refused += 1
                assert list(game.chance.outcomes) == list(untouched.chance.outcomes)
                refuses.armed = False
                game.play(move)
            refuses.armed = False
            untouched.play(move)
            assert list(game.chance.outcomes) == list(untouched.chance.outcomes)
            assert game.events == untouched.events
    assert refused  # a move that scores was refused, at least once


@pytest.mark.parametrize(
    "make",
    [
        lambda: Chance(5),
        lambda: ReplayChance([1, 2, 3, 300], seed=5),
        lambda: ScriptedChance(["g2", "r4"], seed=5, lenient=True),
    ],
    ids=["seeded", "replayed", "scripted"],
)
def test_rewinding_to_a_checkpoint_draws_the_same_again(make):
    from unodice.core.pieces import load_components

    die = load_components("centre-die-40").dice[0]
    chance = make()
    chance.below(6)
    mark = chance.checkpoint()
    first = ([chance.roll(die).code for _ in range(2)], chance.below(1000), chance.below(9))
    drawn = list(chance.outcomes)
    chance.rewind(mark)
    assert len(chance.outcomes) == 1
    again = ([chance.roll(die).code for _ in range(2)], chance.below(1000), chance.below(9))
    assert again == first and list(chance.outcomes) == drawn


def test_a_chance_that_can_only_be_copied_is_rewound_from_a_copy():
    class Counting(Chance):
        __slots__ = ("asked",)

        def __init__(self, seed: int = 0):
            super().__init__(seed)
            self.asked = 0

        def below(self, bound: int) -> int:
            self.asked += 1
            return super().below(bound)

        def copy(self) -> Counting:
            twin = super().copy()
            assert isinstance(twin, Counting)
            twin.asked = self.asked
            return twin

    chance = Counting(3)
    chance.below(10)
    mark = chance.checkpoint()
    values = [chance.below(10) for _ in range(3)]
    chance.rewind(mark)
    assert chance.asked == 1 and len(chance.outcomes) == 1
    assert [chance.below(10) for _ in range(3)] == values
    chance.rewind(mark)
    assert chance.asked == 1


# -- a variant's faults --------------------------------------------------------------------------


def _registry_with(variant_class: type) -> Registry:
    registry = Registry()
    registry.add_plugin(
        types.SimpleNamespace(
            unodice_register=hookimpl(lambda registry: registry.add_variant(variant_class))
        ),
        "faulty",
    )
    return registry


def test_a_broken_move_limit_is_the_plugins_fault(registry):
    class BadLimit(ToyRace):
        name = "bad-limit"

        def move_limit(self) -> int:
            return 1.5  # type: ignore[return-value]

    faulty = _registry_with(BadLimit)
    game = unodice.new_game("bad-limit", seed=1, registry=faulty)
    with pytest.raises(PluginError, match=r"move_limit returned 1\.5"):
        game.record()
    record = {
        **unodice.new_game("toy-race", seed=1, registry=registry).record(),
        "variant": "bad-limit",
    }
    with pytest.raises(PluginError, match=r"'faulty'.*move_limit returned 1\.5"):
        unodice.replay(record, faulty)


def test_a_crash_in_event_for_seat_names_the_plugin():
    class Crashes(ToyRace):
        name = "crashes"

        def event_for_seat(self, event: Event, seat: int) -> dict[str, Any] | None:
            raise ValueError("oops")

    game = unodice.new_game("crashes", seed=1, registry=_registry_with(Crashes))
    with pytest.raises(ValueError, match="oops") as caught:
        game.record(seat=0)
    assert any("'faulty'" in note and "event_for_seat" in note for note in caught.value.__notes__)
