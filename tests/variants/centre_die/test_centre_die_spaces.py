"""Centre-die spaces for learning agents: the action catalogue and the observation layout.

The catalogue must hold every move the rules can offer: random games over seeds, seat counts
and option sets (with dice sets that change the space) check each legal move at every decision,
and positions set up for every face of the set, with the Uno call and without, play a WD4 and
bluff one (CD-7, CD-9), show that every move of the catalogue can be offered too. The
observations hold what the view holds and nothing more: the same for a game and its
determinizations, rotated so that the observer comes first, every value from 0 to 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from centre_die_support import SMALL_SET, registry_with_test_sets
from test_centre_die_reference import DRAWS_SET, ONE_WILD_SET, ReferenceSets

import unodice
from unodice.core import spaces
from unodice.core.errors import UnodiceError
from unodice.core.game import Game
from unodice.core.moves import Move
from unodice.core.pieces import Colour
from unodice.core.registry import Registry
from unodice.core.uno import ACCEPT, CATCH, CHALLENGE, DECLINE, DRAW, KEEP
from unodice.variants.centre_die import Bluff, CentreDie, Play
from unodice.variants.centre_die.spaces import PHASES, observation_lookups

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"rounds": 2, "two_player_reverse_skips": False, "failed_challenge_penalty": 2},
    {"dice": DRAWS_SET, "rounds": 1},
    {"dice": SMALL_SET, "rounds": 1},
]
"""Default options; options that change the play but not the space; two dice sets that do."""

OPTION_IDS = ["default", "house", "draws-set", "small-set"]

GAMES = [
    pytest.param(options, players, id=f"{name}-{players}")
    for options, name in zip(OPTION_SETS, OPTION_IDS, strict=True)
    for players in range(2, 7)
    if players <= {DRAWS_SET: 3, SMALL_SET: 2}.get(str(options.get("dice")), 6)
]
"""Every seat count the dice set of each option set can seat (21 dice are a centre die and four
hands, 11 two)."""

DECISIONS_PER_GAME = 400


@pytest.fixture(scope="module")
def registry() -> Registry:
    registry = registry_with_test_sets()
    registry.add_plugin(ReferenceSets(), "centre-die-reference-sets")
    return registry


def decisions(game: Game, seed: int, limit: int = DECISIONS_PER_GAME) -> Iterator[Game]:
    """The game at each of its decisions, played on with random legal moves."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.between_rounds:
            game.next_round()
        if game.is_over:
            return
        yield game
        game.play(rng.choice(game.legal_moves()))


def observation(game: Game, seat: int) -> list[float]:
    out = [0.0] * spaces.observation_size(game.variant)
    spaces.encode(game.view(seat), out)
    return out


def slot(game: Game, values: list[float], name: str) -> list[float]:
    """The numbers of one slot of an observation."""
    start = 0
    for each in game.variant.observation_layout():
        if each.name == name:
            return values[start : start + each.size]
        start += each.size
    raise AssertionError(f"no slot {name!r}")


def two_players(body: str) -> Game:
    return unodice.new_game(
        position=f"centre-die players=2 round=1 scores=0,0 points=0,0 | {body}", seed=3
    )


def step_one(hands: str, centre: str = "r5", **fields: str) -> str:
    values = {
        "phase": "step1",
        "turn": "0",
        "direction": "cw",
        "centre": centre,
        "wd4": "-",
        "covered": "-",
        "catchable": "-",
        "starter": "0",
        "hands": hands,
        "bag": "rest",
    }
    values.update(fields)
    return " ".join(f"{key}={value}" for key, value in values.items())


# -- the action catalogue -------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), GAMES)
def test_every_legal_move_of_random_games_is_in_the_catalogue(
    registry: Registry, options: dict[str, object], players: int
) -> None:
    for seed in range(2):
        game = unodice.new_game(
            "centre-die", players=players, seed=seed, options=options, registry=registry
        )
        catalogue = spaces.catalogue(game.variant)
        for at in decisions(game, seed):
            for move in at.legal_moves():
                assert catalogue.move(catalogue.index(move)) == move


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_each_catalogue_move_is_there_once_and_reads_back_from_its_notation(
    registry: Registry, options: dict[str, object]
) -> None:
    game = unodice.new_game("centre-die", players=2, seed=1, options=options, registry=registry)
    catalogue = spaces.catalogue(game.variant)
    assert len(set(catalogue.moves)) == len(catalogue)
    for number, move in enumerate(catalogue.moves):
        assert catalogue.index(move) == number
        assert game.variant.parse_move(str(move)) == move


def test_the_default_catalogue_has_the_documented_102_moves_in_the_documented_order() -> None:
    """The variant's page: 2 per coloured face, 8 for W, 16 for WD4 (plays, bluffs), 6 words."""
    game = unodice.new_game("centre-die", players=2, seed=1)
    catalogue = spaces.catalogue(game.variant)
    assert len(catalogue) == 102
    faces = game.variant._faces.faces
    assert [str(move) for move in catalogue.moves[:4]] == [
        "play r1",
        "play r1 uno",
        "play r2",
        "play r2 uno",
    ]
    wild = 2 * (len(faces) - 2)
    assert str(catalogue.move(wild + 2 * 2 + 1)) == "play W:g uno"
    assert str(catalogue.move(wild + 8 + 8 + 2 * 3)) == "bluff WD4:b"
    assert catalogue.moves[-6:] == (DECLINE, DRAW, KEEP, CHALLENGE, ACCEPT, CATCH)


def test_the_catalogue_depends_on_the_dice_set_only(registry: Registry) -> None:
    def moves(players: int, **options: object) -> tuple[Move, ...]:
        game = unodice.new_game(
            "centre-die", players=players, seed=1, options=options, registry=registry
        )
        return spaces.catalogue(game.variant).moves

    default = moves(2)
    for players in range(3, 7):
        assert (
            moves(players, failed_challenge_penalty=3, two_player_reverse_skips=False, target=50)
            == default
        )
    # Without a WD4 in the set there is nothing to bluff; a set with one W has its 8 plays.
    small = moves(2, dice=SMALL_SET)
    assert len(small) == 2 * 8 + 6 and not any(isinstance(move, Bluff) for move in small)
    assert len(moves(2, dice=ONE_WILD_SET)) == 2 * 6 + 8 + 6
    assert len(moves(2, dice=DRAWS_SET)) == 2 * 5 + 16 + 6


def plays_offered_for_each_face(game: Game) -> set[Move]:
    """The moves offered by positions that give seat 0 each face of the set (CD-3, CD-7, CD-9).

    A coloured face is put on a wild centre declared its colour; W and WD4 on r5 beside y6,
    which does not match it, and a WD4 beside r1, which does, so that it can only be bluffed.
    Each hand is of two dice (the play leaves one: with and without Uno) and of three.
    """
    offered: set[Move] = set()
    for face in game.variant._faces.faces:
        if face.is_wild:
            setups = [("r5", f"{face.code},y6"), ("r5", f"{face.code},r1")]
        else:
            assert face.colour is not None
            setups = [
                (
                    f"W:{face.colour.letter}",
                    f"{face.code},b6" if face.colour is not Colour.BLUE else f"{face.code},r6",
                )
            ]
        for centre, hand in setups:
            for extra in ("", ",y1"):
                position = two_players(step_one(f"{hand}{extra}/g2,b2", centre))
                offered.update(position.legal_moves())
    return offered


def test_every_move_of_the_catalogue_can_be_offered() -> None:
    """The catalogue holds no move the rules never offer: every play and bluff of each face,
    with the Uno call and without (CD-7, CD-9), and the words, met in random games."""
    game = unodice.new_game("centre-die", players=2, seed=1)
    offered = plays_offered_for_each_face(game)
    for seed in range(6):
        for at in decisions(unodice.new_game("centre-die", players=3, seed=seed), seed):
            offered.update(at.legal_moves())
    assert offered == set(spaces.catalogue(game.variant).moves)


def test_cd9_a_play_down_to_one_die_is_offered_with_and_without_uno() -> None:
    game = two_players(step_one("r1,y6/g2,b2"))
    catalogue = spaces.catalogue(game.variant)
    offered = set(game.legal_moves())
    assert {Play(game.variant._faces.faces[0]), Play(game.variant._faces.faces[0], uno=True)} <= (
        offered
    )
    assert catalogue.indices([Play(game.variant._faces.faces[0], uno=True)]) == [1]


def test_a_move_of_another_dice_set_is_refused_by_the_catalogue(registry: Registry) -> None:
    small = unodice.new_game(
        "centre-die", players=2, seed=1, options={"dice": SMALL_SET}, registry=registry
    )
    with pytest.raises(UnodiceError, match="not in centre-die's action catalogue"):
        spaces.catalogue(small.variant).index(Bluff(Colour.RED))


# -- observations ---------------------------------------------------------------------------------


def test_the_default_layout_has_the_documented_size() -> None:
    """The variant's page: 43 numbers per seat and 89 more with the default set."""
    for players in range(2, 7):
        game = unodice.new_game("centre-die", players=players, seed=1)
        assert spaces.observation_size(game.variant) == 43 * players + 89


@pytest.mark.parametrize(("options", "players"), GAMES)
def test_observations_fit_the_layout_from_0_to_1_and_survive_determinization(
    registry: Registry, options: dict[str, object], players: int
) -> None:
    game = unodice.new_game(
        "centre-die", players=players, seed=5, options=options, registry=registry
    )
    size = spaces.observation_size(game.variant)
    for step, at in enumerate(decisions(game, 5, limit=150)):
        seat = step % players
        values = observation(at, seat)
        assert len(values) == size
        assert all(0 <= value <= 1 for value in values)
        if step % 10 == 0:
            assert observation(at.determinize(seat, step), seat) == values


def test_the_observer_comes_first_and_the_others_follow_in_play_order() -> None:
    """Own hand first, then the next player's in the direction of play (CD-6 reverses it)."""
    hands = "r1,y2/g3,b4/y6,r6"
    for direction, next_seat in (("cw", 1), ("ccw", 2)):
        game = unodice.new_game(
            position="centre-die players=3 round=1 scores=0,0,0 points=0,0,0 | "
            + step_one(hands, direction=direction),
            seed=3,
        )
        faces = game.variant._faces
        size = len(faces.faces)
        values = slot(game, observation(game, 0), "hands")
        for relative, seat in enumerate((0, next_seat, 3 - next_seat)):
            shown = game.view(0).data["hands"][seat]
            block = values[relative * size : (relative + 1) * size]
            assert {code for code, value in enumerate(block) if value} == set(faces.codes(shown))
        assert slot(game, observation(game, 0), "direction") == [1.0 if direction == "cw" else 0.0]


def test_seats_see_their_own_hand_first() -> None:
    game = two_players(step_one("r1,y2,g3/b4,y6"))
    size = len(game.variant._faces.faces)
    first, second = observation(game, 0), observation(game, 1)
    assert first != second
    assert slot(game, first, "hands")[:size] == slot(game, second, "hands")[size:]
    assert slot(game, first, "hands")[size:] == slot(game, second, "hands")[:size]
    assert slot(game, first, "to act") == [1.0, 0.0]
    assert slot(game, second, "to act") == [0.0, 1.0]


def test_counts_are_shares_of_the_dice_that_bear_the_face() -> None:
    """Two of the eight dice that bear r1 give 2/8; hand sizes and the bag are over 40 dice."""
    game = two_players(step_one("r1,r1,y2/b4,y6"))
    values = observation(game, 0)
    hands = slot(game, values, "hands")
    assert hands[game.variant._faces.code_of[game.variant._faces.faces[0]]] == 2 / 8
    assert slot(game, values, "hand sizes") == [3 / 40, 2 / 40]
    assert slot(game, values, "bag") == [(40 - 6) / 40]


def test_the_observation_follows_what_is_public() -> None:
    """A play changes the centre (CD-3), a WD4 that broke CD-7 shows while it may be challenged
    (CD-8), the drawn die shows in step 3 (CD-5), and scores count over the target."""
    game = two_players(step_one("r1,WD4,y6/g2,b2"))
    faces = game.variant._faces
    before = observation(game, 1)
    game.play("bluff WD4:g")
    after = observation(game, 1)
    assert after != before
    assert slot(game, after, "centre")[faces.code_of[faces.faces[-1]]] == 1
    assert slot(game, after, "centre colour") == [0, 0, 1, 0]
    assert slot(game, after, "phase") == [1 if phase == "challenge" else 0 for phase in PHASES]
    assert slot(game, after, "wd4 illegal") == [1]
    assert slot(game, after, "turn") == [0, 1]  # seat 1 sees seat 0, its WD4's player, next

    step_three = two_players(step_one("y6,r1/g2,b2", phase="step3"))
    assert (
        slot(step_three, observation(step_three, 0), "drawn")[
            faces.code_of[step_three.view(0).data["drawn"]]
        ]
        == 1
    )

    scored = unodice.new_game(
        position="centre-die players=2 round=2 scores=250,400 points=0,0 | "
        + step_one("r1,y2/b4,y6"),
        seed=3,
    )
    assert slot(scored, observation(scored, 1), "scores") == [0.8, 0.5]


def test_the_round_counts_with_the_rounds_option() -> None:
    game = unodice.new_game("centre-die", players=2, seed=2, options={"rounds": 4})
    assert slot(game, observation(game, 0), "round") == [0.0]
    while game.round == 1:
        if game.between_rounds:
            game.next_round()
        else:
            game.play(game.legal_moves()[0])
    assert slot(game, observation(game, 0), "round") == [0.25]


def test_the_observation_lookups_are_built_once_per_dice_set_and_seat_count() -> None:
    first = unodice.new_game("centre-die", players=3, seed=1).variant
    second = unodice.new_game("centre-die", players=3, seed=2).variant
    assert isinstance(first, CentreDie) and isinstance(second, CentreDie)
    assert observation_lookups(first.dice_set, 3) is observation_lookups(second.dice_set, 3)
