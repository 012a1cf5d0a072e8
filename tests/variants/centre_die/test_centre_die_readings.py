"""The other readings of the centre-die sources, as options: ``draw_after_reroll`` (CD-4) and
``catch_by`` (CD-9).

Each hand-worked test fails when its option is ignored; the default reading is checked beside
it, so that both stay as the clause says.
"""

from __future__ import annotations

import pytest
from centre_die_support import deal, moves, rolls

import unodice
import unodice.rl
from unodice import IllegalMove
from unodice.core.chance import Showing
from unodice.testing import check_variant

ONLY_WHEN_UNABLE = {"draw_after_reroll": "only-when-unable"}
ANY_OPPONENT = {"catch_by": "any-opponent"}


# -- CD-4 draw_after_reroll ------------------------------------------------------------------------


def _rerolled_to_a_play(options: dict[str, str] | None = None):
    """Seat 0 declines at step 1; her re-rolled hand holds r5, which matches the centre (CD-4)."""
    game = deal(
        "r5",
        ["r1", "y2", "g3", "b4", "y6"],
        ["y1", "g2", "b3", "r4", "y5"],
        options=options,
    )
    game.chance.extend(rolls("y2", "g3", "b4", "y6", "r5"))
    game.play("decline")
    assert game.state.phase == "step 2"
    return game


def test_cd4_free_a_player_who_can_play_after_the_reroll_may_still_draw():
    game = _rerolled_to_a_play()
    assert moves(game) == ["play r5", "draw"]


def test_cd4_only_when_unable_a_player_who_can_play_after_the_reroll_must_play():
    game = _rerolled_to_a_play(ONLY_WHEN_UNABLE)
    assert moves(game) == ["play r5"]
    with pytest.raises(IllegalMove) as refused:
        game.play("draw")
    assert refused.value.clause == "CD-4"
    assert "r5" in str(refused.value)
    assert "only-when-unable" in str(refused.value)


def test_cd4_only_when_unable_a_player_with_nothing_to_play_after_the_reroll_draws():
    game = deal(
        "r5",
        ["r1", "y2", "g3", "b4", "y6"],
        ["y1", "g2", "b3", "r4", "y5"],
        options=ONLY_WHEN_UNABLE,
    )
    game.chance.extend(rolls("y2", "g3", "b4", "y6", "y2"))
    game.chance.extend([Showing.of("r3")])
    game.play("decline")
    assert moves(game) == ["play r3", "keep"]


# -- every reading: the reference, the bots, the learning environments ---------------------------

READINGS = [ONLY_WHEN_UNABLE]
"""Each non-default reading alone, then all of them together."""
if len(READINGS) > 1:
    READINGS.append({key: value for reading in READINGS for key, value in reading.items()})


def _name(options: dict[str, str]) -> str:
    return ",".join(f"{key}={value}" for key, value in options.items())


@pytest.mark.slow
@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_the_fast_path_agrees_with_the_reference_under_each_reading(options):
    report = check_variant(
        "centre-die", players=range(2, 7), games=4, seed=27, options={"rounds": 2, **options}
    )
    assert report.ok
    report = check_variant(
        "centre-die",
        players=range(2, 7),
        games=3,
        seed=127,
        options={"rounds": 1, **options},
        reference=True,
    )
    assert report.ok


@pytest.mark.parametrize("options", READINGS, ids=_name)
@pytest.mark.parametrize("agent", ["random", "greedy", "heuristic"])
def test_the_bots_play_every_reading(options, agent):
    for players in (2, 4):
        game = unodice.play_game(
            "centre-die", [agent] * players, seed=players, options={"rounds": 1, **options}
        )
        assert game.is_over


@pytest.mark.slow
@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_ismcts_plays_every_reading(options):
    game = unodice.play_game(
        "centre-die", ["ismcts", "random", "random"], seed=3, options={"rounds": 1, **options}
    )
    assert game.is_over


@pytest.mark.parametrize("options", READINGS, ids=_name)
def test_the_learning_environments_run_under_every_reading(options):
    gym = unodice.rl.gym_env("centre-die", opponents=["random", "random"], options=options)
    observation, _ = gym.reset(seed=5)
    for _ in range(200):
        mask = observation["action_mask"]
        action = int(next(index for index, legal in enumerate(mask) if legal))
        observation, _, terminated, truncated, _ = gym.step(action)
        assert gym.observation_space.contains(observation)
        if terminated or truncated:
            break
    aec = unodice.rl.env("centre-die", players=4, options=options)
    aec.reset(seed=6)
    for _seat in aec.agent_iter(max_iter=300):
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        aec.step(int(next(index for index, legal in enumerate(mask) if legal)))
