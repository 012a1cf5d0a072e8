"""Pig's rules against their plain reading (``reference.py``), and the tables of its dice."""

import re
from collections import Counter

import pytest
from unodice import InvalidOptions, new_game
from unodice.core.hooks import hookimpl
from unodice.core.pieces import ComponentSet
from unodice.core.registry import Registry
from unodice.testing import Showing, check_variant, scripted_game

from unodice_pig import Pig, reference
from unodice_pig.tables import DICE


class CountingReference:
    """The reference, counting the moves it is shown and the holds that scored."""

    def __init__(self):
        self.moves = Counter()

    def legal_moves(self, variant, state):
        return reference.legal_moves(variant, state)

    def move_points(self, variant, state, move):
        points = reference.move_points(variant, state, move)
        self.moves[f"{move} that scores" if any(points) else str(move)] += 1
        return points

    def round_points(self, variant, state):
        self.moves["win"] += 1
        return reference.round_points(variant, state)


@pytest.mark.parametrize("options", [{}, {"target": 1}])
def test_pig2_to_pig5_the_rules_agree_with_the_reference_in_random_games(monkeypatch, options):
    counting = CountingReference()
    monkeypatch.setattr(Pig, "reference", counting)
    report = check_variant("pig", games=2, options=options, reference=True)
    assert report.ok
    assert sum(counting.moves.values()) == report.decisions + report.games
    assert {"roll", "hold that scores", "win"} <= set(counting.moves), counting.moves


def test_the_check_catches_a_reference_that_is_wrong(monkeypatch):
    # A reference that lets a player hold with nothing to hold (PIG-4), and one that counts
    # every number twice (PIG-2).
    value = reference.pig2_value
    for name, wrong, words in [
        ("pig4_may_hold", lambda state: True, r"missing \['hold'\]"),
        ("pig2_value", lambda face: 2 * value(face), r"scored \[.*\], the reference says"),
    ]:
        with monkeypatch.context() as patch:
            patch.setattr(reference, name, wrong)
            found = check_variant(
                "pig", players=[2], games=2, reference=True, raise_on_failure=False
            )
        assert any(re.search(words, failure) for failure in found.failures), found.failures
    assert check_variant("pig", players=[2], games=2, reference=True).ok


def test_pig4_the_reference_scores_a_hold_from_the_faces_rolled():
    game = scripted_game("pig", [Showing.of("r4"), Showing.of("b3")], players=2)
    game.play("roll")
    game.play("roll")
    (hold,) = [move for move in game.legal_moves() if str(move) == "hold"]
    assert reference.move_points(game.variant, game.state, hold) == [7, 0]
    assert {str(move) for move in reference.legal_moves(game.variant, game.state)} == {
        "roll",
        "hold",
    }


# -- the dice (PIG-1) ---------------------------------------------------------------------------


def test_pig1_every_game_shares_one_sealed_table_of_the_dice():
    first, second = new_game("pig", players=2, seed=1), new_game("pig", players=3, seed=2)
    assert first.variant.tables is second.variant.tables
    assert len(first.variant.tables.dice) == 40
    assert first.variant.tables.letters_only  # the action dice: the bag never runs dry
    with pytest.raises(AttributeError, match="cannot be changed"):
        first.variant.tables.dice = ()


class NumbersOnly:
    """A plugin that replaces the centre-die dice with dice that show only numbers."""

    @hookimpl
    def unodice_register(self, registry):
        face = {"symbol": "1", "colour": "red"}
        registry.add_components(ComponentSet.from_json({"set": DICE, "dice": [[face] * 6] * 3}))


def test_pig1_a_set_whose_bag_could_run_dry_is_refused():
    registry = Registry.from_entry_points(allow_override={"numbers-only"})
    registry.add_plugin(NumbersOnly(), "numbers-only")
    with pytest.raises(InvalidOptions, match="only letters"):
        new_game("pig", players=2, registry=registry)
