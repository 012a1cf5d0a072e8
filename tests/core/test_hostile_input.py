"""Options, game strings, arguments, seats and moves from outside, for every variant.

Every wrong key, type or range gives ``InvalidOptions`` listing what is valid; unknown names give
``UnknownVariant`` listing what is installed; unreadable or illegal moves give ``IllegalMove``
and change nothing. Nothing else escapes.
"""

from __future__ import annotations

from typing import Any

import pytest
from every_variant import VARIANTS, everything, fingerprint, play_random
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import unodice
from unodice.core._quoting import brief
from unodice.core.errors import IllegalMove, InvalidOptions, UnknownVariant
from unodice.core.moves import Move
from unodice.core.options import INT_LIMIT, OptionInfo
from unodice.core.setup import SEED_LIMIT, parse_game_string
from unodice.play.agents import RandomAgent

OPTIONS: list[tuple[str, OptionInfo]] = [
    (name, info) for name in VARIANTS for info in everything().variant(name).options
]


def new(name: str, **kwargs: Any) -> unodice.Game:
    return unodice.new_game(name, registry=everything(), **kwargs)


def wrong_values(info: OptionInfo) -> list[Any]:
    """Values of the wrong type or out of range for one option, worked out from its declaration."""
    wrong: list[Any] = [[], {}, 1.5, object()]
    if not info.nullable:
        wrong.append(None)
    if info.kind == "bool":
        wrong += [0, 1, "maybe", "2", ""]
    elif info.kind == "int":
        wrong += [True, "three", "1.0", "", 10**5000, "9" * 5000]
        low = -INT_LIMIT - 1 if info.minimum is None else info.minimum - 1
        high = INT_LIMIT + 1 if info.maximum is None else info.maximum + 1
        wrong += [low, high, str(low), str(high)]
    elif info.kind == "str":
        wrong += [3, True, b"bytes"]
    if info.choices:
        wrong.append("not-one-of-them")
    return wrong


# -- options ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "info"), OPTIONS, ids=[f"{n}.{i.name}" for n, i in OPTIONS])
def test_every_wrong_option_value_is_refused_with_what_is_valid(name, info):
    for value in wrong_values(info):
        with pytest.raises(InvalidOptions) as caught:
            new(name, options={info.name: value})
        assert info.describe() in str(caught.value), value
        assert len(str(caught.value)) < 2000


@pytest.mark.parametrize(("name", "info"), OPTIONS, ids=[f"{n}.{i.name}" for n, i in OPTIONS])
def test_wrong_option_text_in_a_game_string_is_refused_with_what_is_valid(name, info):
    for value in wrong_values(info):
        if not isinstance(value, str) or not value.strip() or "," in value or ")" in value:
            continue
        with pytest.raises(InvalidOptions) as caught:
            new(f"{name}({info.name}={value})")
        assert info.describe() in str(caught.value)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("key", ["no_such_option", "players ", "", "Target", 3, None, ("a",)])
def test_an_unknown_option_is_refused_listing_every_option(name, key):
    with pytest.raises(InvalidOptions) as caught:
        new(name, options={key: 1})
    message = str(caught.value)
    infos = everything().variant(name).options
    if "did you mean" in message:  # a close name: the message names it, then every option
        assert key == "Target" and "did you mean 'target'?" in message
        assert all(info.name in message for info in infos)
    else:
        for info in infos:
            assert info.describe() in message


@pytest.mark.parametrize("options", [[("target", 3)], "target=3", 3, ("target",)])
def test_options_that_are_not_a_mapping_are_refused(options):
    with pytest.raises(InvalidOptions, match="mapping of names to values"):
        new(VARIANTS[0], options=options)


@pytest.mark.parametrize("name", VARIANTS)
def test_an_option_given_twice_is_refused(name):
    info = everything().variant(name).options[0]
    default = "none" if info.default is None else str(info.default).lower()
    with pytest.raises(InvalidOptions, match="given twice"):
        new(f"{name}({info.name}={default})", options={info.name: info.default})
    with pytest.raises(InvalidOptions, match="given twice"):
        new(f"{name}({info.name}={default},{info.name}={default})")


# -- players, seeds, names, house rules ------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_a_wrong_player_count_is_refused_with_the_range(name):
    seats = everything().variant(name).players
    expected = f"{seats.start} to {seats.stop - 1} players"
    for players in [0, -1, seats.start - 1, seats.stop, 10**5000, 2.0, True, "2", [2]]:
        with pytest.raises(InvalidOptions, match=expected):
            new(name, players=players)
    for text in [str(seats.stop), "0", "-3"]:
        with pytest.raises(InvalidOptions, match=expected):
            new(f"{name}(players={text})")
    for text in ["two", "2.0", "9" * 5000]:
        with pytest.raises(InvalidOptions, match="players must be a whole number"):
            new(f"{name}(players={text})")
    with pytest.raises(InvalidOptions, match="players given twice"):
        new(f"{name}(players={seats.start})", players=seats.stop - 1 + (seats.start == 1))


@pytest.mark.parametrize(
    "seed", ["1", 1.0, True, type(None), SEED_LIMIT + 1, -SEED_LIMIT - 1, 10**5000], ids=brief
)
def test_a_wrong_seed_is_refused(seed):
    with pytest.raises(InvalidOptions, match="seed must be a whole number"):
        new(VARIANTS[0], seed=seed)


def test_the_largest_seeds_are_accepted_and_replay():
    for seed in (SEED_LIMIT, 0):
        game = new(VARIANTS[-1], seed=seed)
        assert unodice.replay(game.record(), everything()).seed == seed


@pytest.mark.parametrize(
    "variant",
    [
        None,
        3,
        b"toy-race",
        ["toy-race"],
        "Toy-Race",
        "toy race",
        "toy-race(",
        "toy-race)(",
        "(target=3)",
        "",
        "   ",
    ],
)
def test_an_unreadable_game_string_is_refused(variant):
    with pytest.raises(InvalidOptions):
        new(variant)


@pytest.mark.parametrize(
    "text",
    ["toy-race(target)", "toy-race(=3)", "toy-race(target=)", "toy-race(target=3,)", "toy-race(,)"],
)
def test_a_game_string_option_that_is_not_key_value_is_refused(text):
    with pytest.raises(InvalidOptions, match="is not key=value"):
        parse_game_string(text)


def test_an_unknown_variant_lists_those_installed():
    with pytest.raises(UnknownVariant) as caught:
        new("no-such-game")
    for name in VARIANTS:
        assert name in str(caught.value)


@pytest.mark.parametrize(
    ("house_rules", "error", "words"),
    [
        ("double-sevens", InvalidOptions, "list of names"),
        ([3], InvalidOptions, "named by a string"),
        ([["double-sevens"]], InvalidOptions, "named by a string"),
        (["no-such-rule"], UnknownVariant, "installed: count-events, double-sevens"),
        (["double-sevens", "double-sevens"], InvalidOptions, "named twice"),
    ],
)
def test_wrong_house_rules_are_refused(house_rules, error, words):
    with pytest.raises(error, match=words):
        new("toy-race", house_rules=house_rules)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.from_regex(r"[a-z-]{1,12}\((.{0,30})\)", fullmatch=True))
def test_any_game_string_starts_a_game_or_is_refused(text):
    try:
        game = new(text)
    except (InvalidOptions, UnknownVariant) as error:
        assert str(error) and len(str(error)) < 5000
    else:
        assert game.to_act is not None


@st.composite
def option_texts(draw: st.DrawFn) -> str:
    """A game string for a real variant with real and invented keys, and odd values."""
    name = draw(st.sampled_from(VARIANTS))
    keys = [info.name for info in everything().variant(name).options] + ["players", "nope"]
    values = st.sampled_from(
        ["true", "false", "none", "0", "1", "2", "-1", "7", "99", "x", "1e3", " 4 ", "9" * 30]
    )
    pairs = draw(st.dictionaries(st.sampled_from(keys), values, max_size=3))
    return f"{name}({','.join(f'{k}={v}' for k, v in pairs.items())})"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option_texts(), st.integers(0, 2**32))
def test_any_option_combination_starts_a_playable_game_or_is_refused(text, seed):
    """Accepted options give a game that plays on (a capped number of random decisions)."""
    try:
        game = new(text, seed=seed)
    except InvalidOptions as error:
        assert (
            "option" in str(error)
            or "players" in str(error)
            or "tray" in str(error)
            or "dealing" in str(error)
        ), error
        return
    agent = RandomAgent(seed)
    for _ in range(150):
        if game.is_over:
            break
        seat = game.to_act
        game.play(agent.choose(game.view(seat), game.legal_moves()))


# -- seats and moves ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_a_wrong_seat_for_a_view_is_refused(name):
    game = new(name, seed=1)
    for seat in [-1, game.players, 10**5000, "0", None, True, 0.0]:
        with pytest.raises(InvalidOptions, match="seat must be from 0"):
            game.view(seat)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_move_that_is_not_a_move_is_refused_and_changes_nothing(name):
    game = play_random(name, everything().variant(name).players.start, seed=5, limit=3)
    before = fingerprint(game)
    other = next(n for n in VARIANTS if n != name)
    foreign = unodice.new_game(other, seed=1, registry=everything()).legal_moves()[0]
    for move in [None, 3, object(), b"roll", foreign, Move()]:
        with pytest.raises(IllegalMove):
            game.play(move)
        assert fingerprint(game) == before


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.text(max_size=30) | st.from_regex(r"[a-zA-Z0-9 :|+-]{0,16}", fullmatch=True),
    seed=st.integers(0, 50),
)
def test_any_notation_is_read_or_refused_with_illegal_move(name, text, seed):
    """``parse_move`` answers every text with a move or an ``IllegalMove``; playing a text either
    plays a legal move or refuses it, changing nothing."""
    variant = unodice.new_game(name, seed=0, registry=everything()).variant
    try:
        move = variant.parse_move(text)
    except IllegalMove as error:
        assert str(error)
    else:
        assert isinstance(move, Move)
    game = play_random(name, everything().variant(name).players.start, seed=seed, limit=seed % 9)
    assume(not game.is_over)
    before = fingerprint(game)
    legal = game.legal_moves()
    try:
        game.play(text)
    except IllegalMove:
        assert fingerprint(game) == before
    else:
        assert game.moves[-1] in legal


NEAR_MISS_CHARACTERS = (
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz :|-+_.,٣²５Ⅻ\t\n"
)


@st.composite
def near_misses(draw: st.DrawFn, notation: str) -> str:
    """``notation`` with a few characters replaced, inserted, deleted or a token doubled."""
    text = notation
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["replace", "insert", "delete", "double", "number"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        character = draw(st.sampled_from(NEAR_MISS_CHARACTERS))
        if action == "replace" and text:
            text = text[:at] + character + text[at + 1 :]
        elif action == "insert":
            text = text[:at] + character + text[at:]
        elif action == "delete" and text:
            text = text[:at] + text[at + 1 :]
        elif action == "double":
            text = f"{text} {text.split()[-1] if text.split() else text}"
        else:
            number = draw(st.sampled_from(["0", "-1", "99", "10000000000", "٣", "1e3", "07"]))
            text = "".join(number if c.isdigit() else c for c in text)
    return text


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), data=st.data())
def test_near_miss_notation_is_played_only_when_legal(name, seed, data):
    """Notation one slip away from a legal move (digits out of range, letters off the board,
    other scripts' digits): played if it names a legal move, else refused changing nothing."""
    game = play_random(name, everything().variant(name).players.start, seed=seed, limit=seed % 13)
    assume(not game.is_over)
    legal = game.legal_moves()
    text = data.draw(st.sampled_from(legal).map(str).flatmap(near_misses), label="text")
    before = fingerprint(game)
    try:
        game.play(text)
    except IllegalMove as error:
        assert str(error)
        assert fingerprint(game) == before
    else:
        assert game.moves[-1] in legal


@pytest.mark.parametrize(
    "game_string",
    ["centre-die(target=100001)", "dominoes(target=100001)", "centre-die(rounds=10001)"],
)
def test_match_lengths_are_bounded_so_every_match_ends(game_string):
    """CD-11, DO-11: targets and round counts have a maximum; larger ones are refused."""
    with pytest.raises(unodice.InvalidOptions, match="at most"):
        unodice.new_game(game_string)
