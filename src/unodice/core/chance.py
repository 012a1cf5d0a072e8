"""The one source of chance in a game.

Every roll and every draw of a game goes through its [`Chance`][unodice.core.chance.Chance]. Each
random outcome is a whole number below some bound (which face of six, which of the pieces in a
bag), and the chance object keeps them in order, so a game can be replayed from its outcomes
alone. Three kinds exist:

* [`Chance`][unodice.core.chance.Chance] draws from a seeded `random.Random` of its own; nothing
  touches the global random state, so a seed fixes a game.
* [`ReplayChance`][unodice.core.chance.ReplayChance] feeds recorded outcomes back, checking each.
* [`ScriptedChance`][unodice.core.chance.ScriptedChance] lets a test say what the dice show and
  which
  pieces are drawn, and fails when the game asks for more than the script says (or, asked to be
  lenient, carries on from a seed).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from fractions import Fraction
from typing import Any, TypeVar, cast

import attrs

from unodice.core._quoting import brief
from unodice.core.errors import InvalidOptions, InvalidRecord, UnodiceError
from unodice.core.pieces import Bag, Die, Domino, Face

__all__ = ["Chance", "Draw", "ReplayChance", "Roll", "ScriptError", "ScriptedChance", "Showing"]

Piece = TypeVar("Piece")


_NO_OUTCOMES = array("B")
"""Copied for a copy's outcomes: a copy of an empty array costs less than making one."""


class Chance:
    """Seeded chance: the default for every game.

    Args:
        seed: A whole number from 0. The same seed gives the same outcomes, on every platform.

    Raises:
        InvalidOptions: The seed is not a whole number from 0 (``random.Random(-s)`` is
            ``random.Random(s)``, so a negative seed would be a second name for a game).
    """

    __slots__ = ("_bits", "_future", "_generator", "_origin", "outcomes", "seed")

    source = "seed"
    """Where outcomes come from: ``"seed"`` (they follow from the seed) or ``"script"``."""

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidOptions(f"a seed is a whole number from 0, not {brief(seed)}")
        self.seed = seed
        # The generator is made when chance is first drawn from (seeding one costs as much as
        # a dozen rolls, and a search makes many games that may never roll): until then
        # _generator is None and _bits is _first_bits, which makes it.
        self._generator: random.Random | None = None
        # For a copy not yet drawn from: the state its generator starts from (see copy).
        self._origin: _Start | None = None
        # For a chance whose copies are waiting on its generator's state (see copy).
        self._future: _Start | None = None
        self._bits: Callable[[int], int] = self._first_bits
        self.outcomes: MutableSequence[int] = array("B")
        """Every outcome drawn so far, in order: what a record stores.

        A compact sequence of whole numbers (a byte each while they are below 256, as nearly
        all are): a long game keeps thousands of them.
        """

    @property
    def _rng(self) -> random.Random:
        """The generator, made on first use; copies waiting on its state are given it first.

        Anything that draws from the generator or changes its state reaches it through here,
        or through ``_bits``, which stands for this until then.
        """
        generator = self._generator
        if generator is None:
            origin = self._origin
            generator = random.Random(self.seed) if origin is None else origin.generator()
            self._generator, self._origin = generator, None
        if self._future is not None:
            self._future.fix()
            self._future = None
        self._bits = generator.getrandbits
        return generator

    @_rng.setter
    def _rng(self, generator: random.Random) -> None:
        if self._future is not None:
            self._future.fix()
            self._future = None
        self._generator, self._origin = generator, None
        self._bits = generator.getrandbits

    def _first_bits(self, count: int) -> int:
        """``getrandbits`` for a chance whose generator is not made, or has copies waiting."""
        return self._rng.getrandbits(count)

    def _keep(self, value: int) -> None:
        """Record an outcome; one too large for the compact store turns it into a list."""
        try:
            self.outcomes.append(value)
        except OverflowError:
            self.outcomes = [*self.outcomes, value]

    def below(self, bound: int) -> int:
        """A uniformly random whole number from ``0`` to ``bound - 1``, recorded."""
        # The same numbers as self._rng.randrange(bound), which draws bound.bit_length() bits
        # until they fall below bound; done inline, without randrange's argument checks, as
        # this is the hottest call of a game.
        if bound < 1:
            raise ValueError(f"cannot draw below {bound}")
        getrandbits = self._bits
        bits = bound.bit_length()
        value = getrandbits(bits)
        while value >= bound:
            value = getrandbits(bits)
        try:
            self.outcomes.append(value)  # self._keep(value), written out
        except OverflowError:
            self._keep(value)
        return value

    def roll(self, die: Die) -> Face:
        """Roll a die and return the face it shows."""
        # below(6) written out: three bits at a time until they fall below six.
        getrandbits = self._bits
        value = getrandbits(3)
        while value >= 6:
            value = getrandbits(3)
        self.outcomes.append(value)
        return die.faces[value]

    def roll_all(self, dice: Iterable[Die]) -> tuple[Face, ...]:
        """Roll several dice, one after another; the faces they show, in the same order."""
        if type(self).roll is not Chance.roll:  # a subclass that rolls its own way
            return tuple([self.roll(die) for die in dice])
        # roll() written out for each die: a turn often rolls a whole hand at once.
        getrandbits = self._bits
        keep = self.outcomes.append
        shown = []
        for die in dice:
            value = getrandbits(3)
            while value >= 6:
                value = getrandbits(3)
            keep(value)
            shown.append(die.faces[value])
        return tuple(shown)

    def draw(self, bag: Bag[Piece]) -> Piece:
        """Take one piece from the bag, uniformly at random.

        Raises:
            UnodiceError: The bag is empty (the rules decide what an empty bag means; check
                ``len(bag)`` first).
        """
        size = len(bag)
        if not size:
            raise UnodiceError("cannot draw from an empty bag")
        return bag.take_at(self.below(size))

    def draw_up_to(self, bag: Bag[Piece], count: int) -> list[Piece]:
        """Draw ``count`` pieces, or as many as the bag holds when it holds fewer."""
        return [self.draw(bag) for _ in range(min(count, len(bag)))]

    @staticmethod
    def distribution(die: Die) -> dict[Face, Fraction]:
        """The chance of each face when ``die`` is rolled (faces may repeat on a die)."""
        counts: dict[Face, Fraction] = {}
        for face in die.faces:
            counts[face] = counts.get(face, Fraction(0)) + Fraction(1, len(die.faces))
        return counts

    def copy(self, outcomes: bool = True) -> Chance:
        """An independent copy that will produce the same future outcomes.

        Cheap, whatever has been drawn: the copy takes its generator's state when it is first
        drawn from, and this chance keeps that state for its copies before it draws again.

        Args:
            outcomes: Keep the outcomes drawn so far (what a record needs); ``False`` starts
                the copy with none, for a search.
        """
        twin = object.__new__(type(self))
        twin.seed = self.seed
        twin._generator = None
        twin._origin = self._start_of_copy()
        twin._future = None
        twin._bits = twin._first_bits
        twin.outcomes = self.outcomes[:] if outcomes else _NO_OUTCOMES[:]
        return twin

    def _start_of_copy(self) -> _Start | None:
        """Where a copy made now starts its generator (``None``: from the seed, as this does)."""
        if self._generator is None:
            return self._origin  # not drawn from yet: the copy starts where this one will
        if self._future is None:
            self._future = _Start(self._generator)
            self._bits = self._first_bits  # fix the state before the next draw
        return self._future

    def checkpoint(self) -> Any:
        """A mark of where chance stands now, for [`rewind`][unodice.core.chance.Chance.rewind].

        Its cost does not grow with what has been drawn (a copy's does, as it copies every
        outcome so far): with house rules in force a game marks its chance before every move,
        to undo a move that a house rule fails. A subclass that keeps more state overrides
        both methods, as [`ReplayChance`][unodice.core.chance.ReplayChance] and
        [`ScriptedChance`][unodice.core.chance.ScriptedChance] do; one that overrides only
        ``copy`` is marked by a copy.
        """
        if type(self).copy is not Chance.copy and type(self).checkpoint is Chance.checkpoint:
            return _Copied(self.copy())
        return (self._rng.getstate(), len(self.outcomes))

    def rewind(self, mark: Any) -> None:
        """Go back to a checkpoint: forget every outcome drawn since, and draw them again next."""
        if isinstance(mark, _Copied):
            mark.put_back(self)
            return
        state, drawn = mark
        self._rng.setstate(state)
        del self.outcomes[drawn:]


class _Start:
    """The state a copy's generator starts from: its original's when the copy was made.

    The original draws on after the copy is made; it fixes the state here first (see
    ``Chance._rng``), so every copy waiting on it starts from the state it was copied in.
    The state is kept as a generator of its own (a tenth of the size of ``getstate()``'s
    tuple of 625 numbers).
    """

    __slots__ = ("_kept", "_original")

    def __init__(self, original: random.Random):
        self._original = original
        self._kept: random.Random | None = None

    def fix(self) -> None:
        """Keep the original's state now, before it changes."""
        if self._kept is None:
            self._kept = _clone(self._original)

    def generator(self) -> random.Random:
        """A new generator in the state kept (the original has not moved since, if not fixed)."""
        return _clone(self._original if self._kept is None else self._kept)


def _clone(generator: random.Random) -> random.Random:
    """An independent generator in the same state (not seeded first, as Random() would be)."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(generator.getstate())
    return twin


class _Copied:
    """The checkpoint of a chance subclass that can only be copied: a copy, put back whole."""

    __slots__ = ("twin",)

    def __init__(self, twin: Chance):
        self.twin = twin

    def put_back(self, chance: Chance) -> None:
        twin = self.twin.copy()  # the mark stays as it was, should it be rewound to again
        for kind in type(chance).__mro__:
            for name in getattr(kind, "__slots__", ()):
                if hasattr(twin, name):
                    setattr(chance, name, getattr(twin, name))
        if hasattr(twin, "__dict__"):
            chance.__dict__.update(twin.__dict__)


class ReplayChance(Chance):
    """Chance that returns recorded outcomes in order, checking each, then carries on seeded.

    It draws from its own seeded generator alongside, so that once the recorded outcomes are
    spent the game continues exactly as the original would have, when the outcomes came from
    the seed. With ``strict`` (a record whose outcomes came from the seed) an outcome that the
    seed does not give is refused as tampered.

    Outcomes that a script chose say nothing of what came after them: the script may have
    held more entries, or carried on from a generator in another state than this one. So with
    ``carry_on=False`` (what replaying a scripted record asks for) a game that wants more than
    the recorded outcomes is refused with a [`ScriptError`][unodice.core.chance.ScriptError], as
    the strict script itself would be, rather than go on with outcomes the original never had.

    Args:
        outcomes: The outcomes of a record, as [`Chance.outcomes`][unodice.core.chance.Chance] kept.
        seed: The record's seed.
        strict: Refuse outcomes that do not follow from the seed.
        field: The record field they came from, for error messages.
        carry_on: Draw from the seed once the recorded outcomes are spent (else refuse).

    Raises:
        InvalidRecord: When an outcome is not a whole number below its bound, or (strict) does
            not follow from the seed.
        ScriptError: (Without ``carry_on``.) The game asks for more than the recorded outcomes.
    """

    __slots__ = ("_carry_on", "_field", "_next", "_recorded", "_strict", "source")

    def __init__(
        self,
        outcomes: Sequence[int],
        seed: int = 0,
        strict: bool = False,
        field: str = "chance",
        *,
        carry_on: bool = True,
    ):
        super().__init__(seed)
        self._recorded = list(outcomes)
        self._next = 0
        self._strict = strict
        self._field = field
        self._carry_on = carry_on
        self.source = "seed" if strict else "script"

    @property
    def unused(self) -> int:
        """How many recorded outcomes have not been asked for yet."""
        return len(self._recorded) - self._next

    def below(self, bound: int) -> int:
        """The next recorded outcome, checked to lie in ``range(bound)``; then seeded ones."""
        index = self._next
        if index >= len(self._recorded) and not self._carry_on:
            raise ScriptError(
                f"the record's {len(self._recorded)} scripted outcomes are spent: what the "
                "original game drew next is not in the record, so this game cannot go on"
            )
        own = self._rng.randrange(bound)
        if index >= len(self._recorded):
            self._keep(own)
            return own
        value = self._recorded[index]
        where = f"{self._field}[{index}]"
        if type(value) is not int or not 0 <= value < bound:
            raise InvalidRecord(
                f"outcome {value!r} is not a whole number from 0 to {bound - 1}", where
            )
        if self._strict and value != own:
            raise InvalidRecord(
                f"outcome {value} does not follow from the seed (it gives {own}): tampered", where
            )
        self._next = index + 1
        self._keep(value)
        return value

    def roll(self, die: Die) -> Face:
        """The next recorded outcome as a face of ``die`` (then seeded ones)."""
        return die.faces[self.below(6)]

    def copy(self, outcomes: bool = True) -> ReplayChance:
        """An independent copy positioned at the same outcome (the recorded ones are shared)."""
        twin = cast(ReplayChance, super().copy(outcomes))
        twin._recorded = self._recorded  # never changed once made: no need to copy it
        twin._next = self._next
        twin._strict = self._strict
        twin._field = self._field
        twin._carry_on = self._carry_on
        twin.source = self.source
        return twin

    def checkpoint(self) -> Any:
        """A mark of where chance stands, including how far the recorded outcomes are used."""
        return (super().checkpoint(), self._next)

    def rewind(self, mark: Any) -> None:
        """Go back to a checkpoint, to the recorded outcome that was next then."""
        base, self._next = mark
        super().rewind(base)


class ScriptError(UnodiceError):
    """A [`ScriptedChance`][unodice.core.chance.ScriptedChance] script does not fit the game."""


def _face(code: Face | str) -> Face:
    """A script entry's face: a ``Face``, or its code read as notation reads it."""
    if isinstance(code, Face):
        return code
    if not isinstance(code, str):
        raise ScriptError(f"a scripted face is a Face or a code such as r5, not {code!r}")
    try:
        return Face.parse(code)
    except ValueError as error:
        raise ScriptError(str(error)) from None


def _piece(piece: int | str) -> int | str:
    """A ``Draw`` entry's piece: an id, or a tile's ends read as notation reads them."""
    if isinstance(piece, bool) or not isinstance(piece, int | str):
        raise ScriptError(f"Draw takes a piece id or a tile's code such as r3|y5, not {piece!r}")
    if isinstance(piece, int):
        return piece
    left, bar, right = piece.partition("|")
    if not bar:
        raise ScriptError(
            f"Draw({piece!r}): write a tile's two ends, as r3|y5, or give the piece's id"
        )
    return f"{_face(left).code}|{_face(right).code}"


@attrs.frozen
class Roll:
    """Script entry: the next die rolled shows ``face`` (a ``Face`` or a code such as ``"r5"``)."""

    face: Face = attrs.field(converter=_face)

    @classmethod
    def of(cls, code: str) -> Roll:
        """``Roll.of("r5")``: the next roll shows red 5 (the same as ``Roll("r5")``)."""
        return cls(Face.parse(code))


@attrs.frozen
class Showing:
    """Script entry: the next draw takes a die that has ``face``, and its next roll shows it.

    ``face`` is a ``Face`` or a code, read as notation reads it (``"wd4"`` is ``WD4``).
    """

    face: Face = attrs.field(converter=_face)

    @classmethod
    def of(cls, code: str) -> Showing:
        """``Showing.of("WD4")``: draw a die with a WD4 face, and roll the WD4."""
        return cls(Face.parse(code))


@attrs.frozen
class Draw:
    """Script entry: the next draw takes a given piece.

    Attributes:
        piece: A piece id, or a tile's code such as ``"r3|y5"`` (either way round, read as
            notation reads it: ``"R3|Y5"`` is the same tile).
    """

    piece: int | str = attrs.field(converter=_piece)


ScriptEntry = Roll | Showing | Draw


class ScriptedChance(Chance):
    """Chance that follows a script, strictly: a roll or draw the script does not cover fails.

    The script is a list of [`Roll`][unodice.core.chance.Roll],
    [`Showing`][unodice.core.chance.Showing]
    and [`Draw`][unodice.core.chance.Draw] entries, consumed in the order the game asks for rolls
    and
    draws (each variant's page says that order). Each forced outcome is recorded like any
    other, so a scripted game's record replays.

    Once the script is spent, the next roll or draw raises
    [`ScriptError`][unodice.core.chance.ScriptError], so a test cannot silently go on with dice it
    did not choose. Ask for the lenient behaviour (``lenient=True``) to carry on from
    ``seed`` instead. [`unused`][unodice.core.chance.ScriptedChance.unused] lists the entries the
    game has not asked for yet.

    Args:
        script: The entries, or face codes (a plain string ``"r5"`` means ``Roll("r5")``).
        seed: The seed used once the script is spent, when ``lenient``.
        lenient: Carry on from ``seed`` when the script is spent, instead of failing.
    """

    __slots__ = ("_done", "_pending", "lenient", "script")

    source = "script"

    def __init__(
        self, script: Iterable[ScriptEntry | str] = (), seed: int = 0, *, lenient: bool = False
    ):
        super().__init__(seed)
        self.script: list[ScriptEntry] = [Roll(e) if isinstance(e, str) else e for e in script]
        self.lenient = lenient
        """Whether a spent script carries on from the seed (else it fails)."""
        self._pending: dict[int, Face] = {}
        self._done = 0

    @property
    def unused(self) -> tuple[ScriptEntry, ...]:
        """The entries the game has not asked for yet, in order."""
        return tuple(self.script)

    def extend(self, entries: Iterable[ScriptEntry | str]) -> None:
        """Add entries at the end of the script."""
        self.script.extend(Roll(e) if isinstance(e, str) else e for e in entries)

    def _forced(self, index: int) -> int:
        self._keep(index)
        return index

    def _spent(self, asked: str) -> None:
        """Refuse to go beyond the script, unless lenient."""
        if not self.lenient:
            raise ScriptError(
                f"the script ran out: the game {asked} after {self._done} scripted "
                f"outcome{'s' if self._done != 1 else ''}; add entries to the script "
                "(chance.extend([...])), or ask for lenient=True to carry on from the seed"
            )

    def _next(self) -> ScriptEntry:
        self._done += 1
        return self.script.pop(0)

    def roll(self, die: Die) -> Face:
        """A pending or scripted face for this die; past the script, a seeded roll if lenient."""
        face = self._pending.pop(die.id, None)
        if face is None and self.script and isinstance(self.script[0], Roll):
            face = self._next().face  # type: ignore[union-attr]
        elif face is None and self.script:
            raise ScriptError(f"the game rolled {die} but the script expects {self.script[0]}")
        if face is None:
            self._spent(f"rolled {die}")
            return super().roll(die)
        if face not in die.faces:
            raise ScriptError(f"scripted face {face.code} is not on {die}")
        return die.faces[self._forced(die.faces.index(face))]

    def draw(self, bag: Bag[Piece]) -> Piece:
        """The scripted piece; past the script, a seeded draw if lenient."""
        if not self.script:
            self._spent(f"drew from a bag of {len(bag)}")
            return super().draw(bag)
        entry = self.script[0]
        if isinstance(entry, Roll):
            raise ScriptError(f"the game drew from a bag but the script expects {entry}")
        self._next()
        items: list[Any] = list(bag)
        index = next((i for i, p in enumerate(items) if _fits(entry, p)), None)
        if index is None:
            raise ScriptError(f"no piece in the bag fits {entry}")
        if isinstance(entry, Showing):
            self._pending[items[index].id] = entry.face
        return bag.take_at(self._forced(index))

    def copy(self, outcomes: bool = True) -> ScriptedChance:
        """An independent copy with the same remaining script (and, asked, the outcomes)."""
        twin = ScriptedChance(self.script, self.seed, lenient=self.lenient)
        twin._origin = self._start_of_copy()  # the same future draws, once the script is spent
        twin._pending = dict(self._pending)
        twin._done = self._done
        twin.outcomes = self.outcomes[:] if outcomes else array("B")
        return twin

    def checkpoint(self) -> Any:
        """A mark of where chance stands, with the script that remains."""
        return (super().checkpoint(), list(self.script), dict(self._pending), self._done)

    def rewind(self, mark: Any) -> None:
        """Go back to a checkpoint, with the script that remained then."""
        base, script, pending, self._done = mark
        super().rewind(base)
        self.script = list(script)
        self._pending = dict(pending)


def _fits(entry: Showing | Draw, piece: Any) -> bool:
    if isinstance(entry, Showing):
        return isinstance(piece, Die) and entry.face in piece.faces
    if isinstance(entry.piece, int):
        return bool(piece.id == entry.piece)
    if isinstance(piece, Domino):
        a, b = piece.ends
        return entry.piece in (f"{a.code}|{b.code}", f"{b.code}|{a.code}")
    return False
