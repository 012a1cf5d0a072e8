"""The OpenSpiel games: names, parameters, seeds, returns, information states, serialization.

The variants had no OpenSpiel game (issue 29): a hand-written wrapper had no information state
per seat, read a seat's events at a cost growing with the game, had no bound on the game's
length and could not be pickled. OpenSpiel's own checks and bots are in
``test_openspiel_checks.py``.
"""

from __future__ import annotations

import copy
import pickle

import pyspiel
import pytest
from open_spiel.python import rl_environment
from toy import ToyPlugin

import unodice.openspiel as unodice_openspiel
from unodice.core.errors import InvalidOptions, UnodiceError
from unodice.core.game import Game
from unodice.core.registry import Registry
from unodice.openspiel import GAMES, UnodiceGame, game_name

BUILT_IN = ("centre-die", "coverall", "dominoes")
SHORT = {"centre-die": {"rounds": 1}, "coverall": {}, "dominoes": {"target": 1}}
"""Options that make a match one round: quick to play to its end."""


def _load(variant: str, **params: object) -> UnodiceGame:
    game: UnodiceGame = pyspiel.load_game(game_name(variant), {**SHORT[variant], **params})
    return game


def _play(state: pyspiel.State, moves: int) -> pyspiel.State:
    """Play the first legal action ``moves`` times (or to the end)."""
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    return state


def _to_end(state: pyspiel.State) -> pyspiel.State:
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[len(state.history()) % len(actions)])
    return state


# -- names and parameters --------------------------------------------------------------------------


def test_every_built_in_variant_is_a_registered_game_named_after_it():
    assert game_name("centre-die") == "python_unodice_centre_die"
    assert game_name("my.odd-variant2") == "python_unodice_my_odd_variant2"
    registered = set(pyspiel.registered_names())
    for variant in BUILT_IN:
        assert GAMES[variant] == game_name(variant)
        assert GAMES[variant] in registered
        game = pyspiel.load_game(GAMES[variant])
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        assert isinstance(game.new_initial_state().match, Game)


def test_a_plugin_variant_is_registered_under_its_own_name():
    registry = Registry.from_entry_points()
    registry.add_plugin(ToyPlugin(), "toy")
    games = unodice_openspiel.register(registry)
    assert games["toy-race"] == "python_unodice_toy_race"
    game = pyspiel.load_game("python_unodice_toy_race", {"players": 3})
    state = _play(game.new_initial_state(), 5)
    assert state.match.variant.name == "toy-race"
    assert state.match.players == 3
    # Its states serialize too, read back with the registry that has the plugin.
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)


def test_options_are_parameters_and_bad_ones_are_refused_with_unodices_message():
    game = pyspiel.load_game("python_unodice_dominoes(players=3,hand_size=5,all_doubles_spin=true)")
    options = game.new_initial_state().match.options
    assert (options.hand_size, options.all_doubles_spin) == (5, True)
    assert game.num_players() == 3
    # OpenSpiel itself refuses a name it was not told of, listing the parameters ...
    with pytest.raises(pyspiel.SpielError, match=r"Unknown parameter 'colour'.*hand_size"):
        pyspiel.load_game("python_unodice_dominoes", {"colour": 1})
    # ... and unodice a value out of range, or anything given to the class directly.
    with pytest.raises(InvalidOptions, match="option 'target' of centre-die must be at least 1"):
        pyspiel.load_game("python_unodice_centre_die", {"target": 0})
    with pytest.raises(InvalidOptions, match="dominoes has no option 'colour'; its options:"):
        UnodiceGame({"colour": 1}, variant="dominoes")
    with pytest.raises(InvalidOptions, match="coverall is for 2 to 8 players, not 9"):
        pyspiel.load_game("python_unodice_coverall", {"players": 9})
    with pytest.raises(InvalidOptions, match="seed must be a whole number"):
        UnodiceGame({"seed": -1}, variant="coverall")


def test_an_option_that_may_be_none_takes_one_less_than_its_least_value_for_none():
    default = pyspiel.load_game("python_unodice_centre_die")
    assert default.get_parameters()["rounds"] == 0
    assert default.new_initial_state().match.options.rounds is None
    game = pyspiel.load_game("python_unodice_centre_die(rounds=2)")
    assert game.new_initial_state().match.options.rounds == 2


def test_the_game_length_is_the_variants_move_limit_and_a_true_bound():
    for options in ("", "(target=100000)", "(rounds=10000)"):
        game = pyspiel.load_game(f"python_unodice_centre_die{options}")
        assert game.max_game_length() == game.new_initial_state().match.variant.move_limit()
    assert pyspiel.load_game("python_unodice_centre_die(target=100000)").max_game_length() > (
        pyspiel.load_game("python_unodice_centre_die").max_game_length()
    )
    # A match that reaches the bound ends there, a draw.
    short = _load("dominoes")
    short._setup.limit = 3
    state = _play(short.new_initial_state(), 3)
    assert not state.match.is_over
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0]
    assert "limit of 3 decisions" in str(state)


# -- seeds -----------------------------------------------------------------------------------------


def test_states_take_the_seeds_in_turn_from_the_first_and_a_clone_takes_none():
    game = _load("dominoes", seed=40)
    first = game.new_initial_state()
    twin = first.clone()  # cloned before it was read: both play the same match
    second = game.new_initial_state()
    assert first.match.seed == 40
    assert twin.match.seed == 40
    assert str(twin) == str(first)
    assert second.match.seed == 41
    _play(second, 3)
    clone = second.clone()
    assert clone.match.seed == 41
    assert game.new_initial_state().match.seed == 42
    # The same parameters deal the same matches.
    again = _load("dominoes", seed=40)
    assert str(again.new_initial_state()) == str(_load("dominoes", seed=40).new_initial_state())


# -- returns ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_returns_are_zero_sum_the_winners_sharing_what_the_losers_lost(players):
    state = _to_end(_load("coverall", players=players, seed=5).new_initial_state())
    returns = state.returns()
    winners = state.match.winners
    assert sum(returns) == pytest.approx(0.0)
    if len(winners) == players:
        assert returns == [0.0] * players
    else:
        share = (players - len(winners)) / len(winners)
        assert returns == [share if seat in winners else -1.0 for seat in range(players)]
    unfinished = _play(_load("coverall", players=players).new_initial_state(), 2)
    assert unfinished.returns() == [0.0] * players


# -- actions ---------------------------------------------------------------------------------------


def test_actions_are_the_catalogues_numbers_sorted_and_named_by_the_moves():
    state = _play(_load("centre-die", seed=2).new_initial_state(), 3)
    game = state.match
    catalogue = state.get_game()._setup.catalogue
    legal = state.legal_actions()
    assert legal == sorted(catalogue.indices(game.legal_moves()))
    assert [state.action_to_string(a) for a in legal] == [str(catalogue.move(a)) for a in legal]
    other = 1 - state.current_player()
    assert state.legal_actions(other) == []
    illegal = next(a for a in range(len(catalogue)) if a not in legal)
    with pytest.raises(UnodiceError):
        state.apply_action(illegal)


# -- information -----------------------------------------------------------------------------------


def test_a_seat_cannot_tell_apart_two_matches_that_differ_only_in_what_it_cannot_see():
    state = _play(_load("dominoes", seed=11).new_initial_state(), 6)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = state.match.state
    for _ in range(5):
        other = state.resample_from_infostate(0, sampler)
        # What seat 1 holds was drawn afresh ...
        if other.match.state.hands[1] != seen.hands[1]:
            break
    else:
        pytest.fail("five resamplings all dealt seat 1 the same hand")
    assert other.match.state.hands[0] == seen.hands[0]
    # ... and seat 0 sees the same in both: strings and tensors.
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.information_state_tensor(0) == state.information_state_tensor(0)
    assert other.observation_string(0) == state.observation_string(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)
    # Nothing of seat 1's hand is in seat 0's strings.
    hidden = " ".join(str(tile) for tile in seen.hands[1])
    assert all(str(tile) not in state.information_state_string(0) for tile in hidden.split())


def test_the_information_state_remembers_the_whole_game_the_observation_only_the_view():
    game = _load("coverall", seed=3)
    state = _play(game.new_initial_state(), 4)
    twin = state.clone()
    assert twin.information_state_string(1) == state.information_state_string(1)
    # A different past with the same view now would give the same observation; the history
    # part of the information state follows every event the seat was told of.
    state.apply_action(state.legal_actions()[0])
    twin.apply_action(twin.legal_actions()[-1])
    assert state.information_state_string(1) != twin.information_state_string(1)
    assert state.information_state_tensor(1) != twin.information_state_tensor(1)
    size = game.information_state_tensor_size()
    assert size == game.observation_tensor_size() + unodice_openspiel.DIGEST_BITS
    assert len(state.information_state_tensor(0)) == size


def test_a_seats_information_state_costs_the_same_at_every_decision(monkeypatch):
    """Counted, not timed: the events a seat is told of are read once, as each move is played."""
    told = []
    variant_class = type(_load("centre-die").new_initial_state().match.variant)
    original = variant_class.event_for_seat

    def counting(self, event, seat):
        told.append(seat)
        return original(self, event, seat)

    monkeypatch.setattr(variant_class, "event_for_seat", counting)
    state = _load("centre-die", seed=9, rounds=3).new_initial_state()
    players = state.get_game().num_players()
    dealt = len(state.match.events)  # dealt when first read: the deal's events told once each
    assert len(told) == players * dealt
    lengths = set()
    decisions = 0
    while not state.is_terminal():
        before = len(told)
        for seat in range(players):
            known = state.information_state_string(seat)
            lengths.add(len(known) - len(state.observation_string(seat)))
            state.information_state_tensor(seat)
        assert len(told) == before  # asking reads no event
        events = len(state.match.events)
        state.apply_action(state.legal_actions()[decisions % len(state.legal_actions())])
        decisions += 1
        # Each move's own events, once per seat: never the history again.
        assert len(told) - before == players * (len(state.match.events) - events)
    assert decisions > 100
    assert len(lengths) <= 2  # "seat 0, history <32 hex digits>\n": one length per seat digit


# -- copies and serialization ----------------------------------------------------------------------


def test_a_clone_is_a_copy_of_the_game_and_plays_on_its_own(monkeypatch):
    copies = []
    original = Game.copy

    def counting(self, history=True):
        copies.append(history)
        return original(self, history)

    state = _play(_load("dominoes", seed=4).new_initial_state(), 5)
    monkeypatch.setattr(Game, "copy", counting)
    twin = state.clone()
    assert copies == [True]  # one Game.copy, nothing deep-copied attribute by attribute
    assert twin.match is not state.match
    assert copy.deepcopy(state._match).game is not state.match
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    assert len(state.match.moves) == 5


@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_state_serializes_through_the_record_and_pickles(variant):
    game = _load(variant, seed=6)
    state = _play(game.new_initial_state(), 7)
    text = state.serialize()
    assert '"format"' not in text  # the record is inside the pickled, encoded attributes
    again = game.deserialize_state(text)
    assert str(again) == str(state)
    assert again.history() == state.history()
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)
    # It goes on as the original does: the record replays the chance too.
    _play(again, 5)
    _play(state, 5)
    assert str(again) == str(state)
    # Pickled (OpenSpiel's own pickling asks the game for an RNG state a Python game lacks).
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    # A determinized state has no record: it is kept whole.
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(game.deserialize_state(other.serialize())) == str(other)


def test_the_observers_offer_a_seats_view_and_nothing_else():
    game = _load("coverall")
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert game.make_py_observer(public) is None
    with pytest.raises(InvalidOptions, match="take no parameters"):
        game.make_py_observer(None, {"x": 1})
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    observer.set_from(state, 0)
    assert list(observer.dict)[-1] == "history"
    assert observer.string_from(state, 0) == state.information_state_string(0)


def test_the_rl_environments_default_observation_works():
    game = _load("centre-die", seed=1)
    env = rl_environment.Environment(game)
    step = env.reset()
    assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][player][0]])
    assert sum(step.rewards) == pytest.approx(0.0)
