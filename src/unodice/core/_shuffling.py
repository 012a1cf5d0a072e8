"""Shuffling as ``random.Random.shuffle`` does, written out for the variants' resampling.

A determinized game deals what its seat has not seen afresh, and most of that cost is the
shuffle: ``random.Random.shuffle`` calls a Python method for each item. The shuffle here draws
the same numbers in the same order and swaps the same items, so a seeded determinization deals
exactly what ``rng.shuffle`` dealt, at a fraction of the cost.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["shuffle"]


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` does.

    A generator of a subclass of ``random.Random``, which may draw its own way, is asked to
    shuffle them itself.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    # random.Random.shuffle, with Random._randbelow (by getrandbits) written out.
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
