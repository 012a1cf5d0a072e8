"""The Mersenne Twister of random.Random, for the native engines (``_twister.c``)."""

from typing import final

@final
class Twister:
    """The Mersenne Twister of ``random.Random(seed)``, for a whole number ``seed >= 0``."""

    def __init__(self, seed: int) -> None: ...
    def getrandbits(self, k: int, /) -> int:
        """An integer of ``k`` random bits, ``0 <= k <= 32``, as ``random.Random.getrandbits``."""
    def below(self, n: int, /) -> int:
        """A random integer below ``n``, ``0 < n < 2**32``, as ``random.Random.randrange(n)``."""
    def getstate(self) -> tuple[int, tuple[int, ...], None]:
        """The state, in the format of ``random.Random.getstate()``."""
    def setstate(self, state: tuple[object, ...], /) -> None:
        """Go on from a state of ``random.Random.getstate()`` or ``Twister.getstate()``."""
