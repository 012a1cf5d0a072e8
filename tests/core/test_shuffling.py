"""The variants' shuffle deals exactly what ``random.Random.shuffle`` deals."""

from __future__ import annotations

import random

from unodice.core._shuffling import shuffle


def test_the_shuffle_is_random_shuffle_item_for_item():
    for size in [*range(0, 70), 100, 255, 256, 257, 1000]:
        for seed in range(5):
            ours, theirs = list(range(size)), list(range(size))
            ours_rng, their_rng = random.Random(seed), random.Random(seed)
            shuffle(ours, ours_rng)
            their_rng.shuffle(theirs)
            assert ours == theirs, f"{size} items, seed {seed}"
            assert ours_rng.getstate() == their_rng.getstate(), "drew other numbers"


class _Reversing(random.Random):
    def shuffle(self, x):  # type: ignore[override]
        x.reverse()


def test_a_generator_of_a_subclass_shuffles_its_own_way():
    items = [1, 2, 3]
    shuffle(items, _Reversing(0))
    assert items == [3, 2, 1]
