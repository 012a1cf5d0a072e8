"""The one source of chance: seeded, replayable, scriptable."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice.core.chance import (
    Chance,
    Draw,
    ReplayChance,
    Roll,
    ScriptedChance,
    ScriptError,
    Showing,
)
from unodice.core.errors import InvalidRecord
from unodice.core.pieces import Bag, Face, load_components

DICE = load_components("coverall-24").dice
TILES = load_components("uno-dominoes-81").tiles


def _play(chance: Chance) -> list:
    bag = Bag(DICE)
    out = []
    for _ in range(10):
        die = chance.draw(bag)
        out.append((die.id, chance.roll(die).code))
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_a_seed_fixes_every_outcome(seed):
    assert _play(Chance(seed)) == _play(Chance(seed))


def test_outcomes_are_recorded_and_replay_identically():
    chance = Chance(11)
    first = _play(chance)
    replay = ReplayChance(chance.outcomes, seed=11, strict=True)
    assert _play(replay) == first and replay.unused == 0


def test_replay_continues_like_the_original_after_the_record_ends():
    original = Chance(5)
    _play(original)
    replay = ReplayChance(original.outcomes[:7], seed=5, strict=True)
    assert _play(replay) == _play(Chance(5))


def test_replay_refuses_out_of_range_and_tampered_outcomes():
    with pytest.raises(InvalidRecord, match=r"chance\[0\]"):
        ReplayChance([6]).roll(DICE[0])
    with pytest.raises(InvalidRecord, match="whole number"):
        ReplayChance(["1"]).roll(DICE[0])
    honest = Chance(3)
    honest.roll(DICE[0])
    tampered = [(honest.outcomes[0] + 1) % 6]
    with pytest.raises(InvalidRecord, match="does not follow from the seed"):
        ReplayChance(tampered, seed=3, strict=True).roll(DICE[0])
    assert ReplayChance(tampered, seed=3, strict=False).roll(DICE[0]) == DICE[0].faces[tampered[0]]


def test_global_random_state_is_untouched():
    import random

    random.seed(1)
    expected = random.random()
    random.seed(1)
    _play(Chance(99))
    assert random.random() == expected


def test_distribution_counts_repeated_faces():
    die = DICE[0]
    dist = Chance.distribution(die)
    assert sum(dist.values()) == 1
    assert all(p == Fraction(die.faces.count(face), 6) for face, p in dist.items())


def test_draw_up_to_takes_what_is_there():
    bag = Bag(DICE[:3])
    assert len(Chance(0).draw_up_to(bag, 4)) == 3 and not bag


def test_empty_bag_draw_is_refused():
    with pytest.raises(Exception, match="empty bag"):
        Chance(0).draw(Bag())


def test_copy_is_independent_and_in_step():
    chance = Chance(8)
    _play(chance)
    twin = chance.copy()
    assert _play(twin) == _play(chance)
    assert twin.outcomes == chance.outcomes


def test_script_forces_draws_and_rolls_then_fails_when_spent():
    chance = ScriptedChance([Showing.of("WD4"), Roll.of("W"), Draw(5)], seed=4)
    bag = Bag(DICE)
    die = chance.draw(bag)
    assert "WD4" in [f.code for f in die.faces] and chance.roll(die) == Face.parse("WD4")
    other = DICE[0]
    assert chance.roll(other) == Face.parse("W")
    assert chance.draw(bag).id == 5
    assert chance.unused == ()
    before = list(chance.outcomes)
    with pytest.raises(ScriptError, match=r"the script ran out.*after 3 scripted outcomes"):
        chance.draw(bag)
    with pytest.raises(ScriptError, match="lenient=True"):
        chance.roll(other)
    assert list(chance.outcomes) == before  # nothing was drawn by the refusals


def test_a_lenient_script_falls_back_to_the_seed_once_spent():
    chance = ScriptedChance([Showing.of("WD4"), Roll.of("W"), Draw(5)], seed=4, lenient=True)
    bag = Bag(DICE)
    die = chance.draw(bag)
    chance.roll(die)
    chance.roll(DICE[0])
    chance.draw(bag)
    seeded = chance.draw(bag)  # past the script: from the seed
    assert seeded.id != 5 and len(chance.outcomes) == 5
    replay = ReplayChance(chance.outcomes)
    assert replay.draw(Bag(DICE)) == die
    assert chance.copy().lenient and not ScriptedChance([]).copy().lenient


def test_script_entries_read_codes_as_notation_does():
    assert Roll("wd4") == Roll.of("WD4") == Roll(Face.parse("WD4"))
    assert Showing("R5") == Showing.of("r5")
    tile = TILES[30]
    shouted = f"{tile.ends[1].code}|{tile.ends[0].code}".upper()
    assert ScriptedChance([Draw(shouted)]).draw(Bag(TILES)) == tile
    with pytest.raises(ScriptError, match="not a face"):
        Roll("q9")
    with pytest.raises(ScriptError, match="two ends"):
        Draw("r3")


def test_unused_lists_the_entries_not_yet_asked_for():
    chance = ScriptedChance(["r5", Draw(3)])
    assert chance.unused == (Roll("r5"), Draw(3))
    chance.roll(next(d for d in DICE if Face.parse("r5") in d.faces))
    assert chance.unused == (Draw(3),)


def test_script_draws_dominoes_by_code_either_way_round():
    tile = TILES[30]
    reversed_code = f"{tile.ends[1].code}|{tile.ends[0].code}"
    assert ScriptedChance([Draw(reversed_code)]).draw(Bag(TILES)) == tile


@pytest.mark.parametrize(
    ("script", "action", "message"),
    [
        (["r5"], "draw", "script expects"),
        ([Draw(1)], "roll", "script expects"),
        ([Roll.of("WD4")], "roll-plain", "is not on"),
        ([Draw(999)], "draw", "no piece"),
    ],
)
def test_script_errors_say_what_does_not_fit(script, action, message):
    chance = ScriptedChance(script)
    with pytest.raises(ScriptError, match=message):
        if action == "draw":
            chance.draw(Bag(DICE))
        elif action == "roll":
            chance.roll(DICE[0])
        else:
            chance.roll(DICE[23])


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**64), st.integers(1, len(DICE)))
def test_rolls_are_the_outcomes_of_below_six(seed, count):
    """The written-out roll draws exactly what ``below(6)`` would, and records it."""
    rolled = Chance(seed).roll_all(DICE[:count])
    reference = Chance(seed)
    expected = [DICE[i].faces[reference.below(6)] for i in range(count)]
    assert list(rolled) == expected
    again = Chance(seed)
    again.roll_all(DICE[:count])
    assert list(again.outcomes) == list(reference.outcomes)


def test_replay_rolls_come_from_the_record():
    """A replayed roll is the recorded outcome, not the replay seed's own."""
    replay = ReplayChance([5, 0, 3], seed=1)
    assert replay.roll_all(DICE[:3]) == (DICE[0].faces[5], DICE[1].faces[0], DICE[2].faces[3])


def test_outcomes_too_large_for_a_byte_are_kept_whole():
    """Outcomes are stored compactly, but a draw from a bag of thousands loses nothing."""
    chance = Chance(3)
    small = chance.below(6)
    large = chance.below(100_000)
    huge = chance.below(2**80)
    assert list(chance.outcomes) == [small, large, huge]
    twin = chance.copy()
    assert list(twin.outcomes) == [small, large, huge]
    assert twin.below(6) == chance.below(6)
    assert list(ReplayChance(chance.outcomes, seed=3, strict=True).outcomes) == []


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**64), st.integers(1, len(DICE)))
def test_draws_are_the_outcomes_of_below_the_bag_size(seed, count):
    """The written-out draw takes the piece ``below(len(bag))`` picks, and records it."""
    chance, reference = Chance(seed), Chance(seed)
    bag, reference_bag = Bag(DICE), Bag(DICE)
    drawn = chance.draw_up_to(bag, count)
    expected = [reference_bag.take_at(reference.below(len(reference_bag))) for _ in range(count)]
    assert drawn == expected
    assert list(chance.outcomes) == list(reference.outcomes)
    assert list(bag) == list(reference_bag)


# -- copies take their generator's state lazily ---------------------------------------------

_OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["copy", "draw", "mark", "rewind", "keep-none"]),
        st.integers(0, 7),
        st.integers(1, 40),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64), operations=_OPERATIONS)
def test_copies_draw_what_their_original_would_have_in_any_interleaving(seed, operations):
    """Each chance, original or copy, draws what an eagerly copied generator would draw."""
    chances = [Chance(seed)]
    models = [random.Random(seed)]
    marks: list[tuple[int, object, object]] = []
    for operation, which, bound in operations:
        index = which % len(chances)
        chance, model = chances[index], models[index]
        if operation in ("copy", "keep-none"):
            chances.append(chance.copy(outcomes=operation == "copy"))
            twin = random.Random()
            twin.setstate(model.getstate())
            models.append(twin)
        elif operation == "draw":
            assert chance.below(bound) == model.randrange(bound)
        elif operation == "mark":
            marks.append((index, chance.checkpoint(), model.getstate()))
        elif marks:
            where, mark, state = marks[-1]
            chances[where].rewind(mark)
            models[where].setstate(state)
    for chance, model in zip(chances, models, strict=True):
        assert [chance.below(1000) for _ in range(5)] == [model.randrange(1000) for _ in range(5)]


def test_a_copy_without_outcomes_keeps_none_but_draws_the_same_future():
    chance = Chance(5)
    drawn = [chance.below(6) for _ in range(10)]
    twin = chance.copy(outcomes=False)
    assert list(twin.outcomes) == [] and list(chance.outcomes) == drawn
    assert [twin.below(6) for _ in range(10)] == [chance.below(6) for _ in range(10)]
