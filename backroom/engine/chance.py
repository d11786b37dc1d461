"""Chance owned by the kernel: every shuffle and die roll after the deal comes from here.

A state holds one ``Chance`` (a seed and a count of draws). Each draw is made from a generator
derived from the two, so play is exactly reproducible from the deal's seed, and — the point —
``State.resample`` replaces the seed by one drawn from the caller's generator
(``Chance.reseeded``): a determinized position knows no more of the future deck or dice than
the player does. Two resamples with different generators lead to different futures.

A ``Chance`` is immutable: each draw returns the chance that follows it
(``self.chance = self.chance.shuffle(deck)``), so clones share it for free.
"""

from __future__ import annotations

import random
from typing import Any

from backroom.engine.rng import derive_seed


class Chance:
    __slots__ = ("seed", "draws")

    seed: int
    draws: int

    def __init__(self, seed: int, draws: int = 0) -> None:
        _set_seed(self, seed)  # the slots' own setters: half the cost of object.__setattr__
        _set_draws(self, draws)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Chance is immutable: each draw returns the next one")

    def _value(self) -> int:
        return derive_seed(self.seed, self.draws)

    def _next(self) -> Chance:
        return Chance(self.seed, self.draws + 1)

    def shuffle(self, items: list[Any]) -> Chance:
        """Shuffle ``items`` in place, uniformly; the chance after this draw."""
        shuffle(items, self._value())
        return self._next()

    def randrange(self, n: int) -> tuple[int, Chance]:
        """A uniform draw from ``range(n)`` (for the small ranges games use: the bias of a
        63-bit value taken modulo ``n`` is below ``n / 2**63``), and the chance after it."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        return self._value() % n, self._next()

    def roll(self, dice: int = 1, sides: int = 6) -> tuple[tuple[int, ...], Chance]:
        """``dice`` fair dice of ``sides`` faces, each from 1 to ``sides``; the chance after."""
        chance = self
        faces = []
        for _ in range(dice):
            face, chance = chance.randrange(sides)
            faces.append(face + 1)
        return tuple(faces), chance

    def reseeded(self, rng: random.Random) -> Chance:
        """A chance whose future draws come from ``rng``, not from the real seed."""
        return Chance(rng.getrandbits(63))

    def to_json(self) -> list[Any]:
        return [str(self.seed), self.draws]

    @classmethod
    def from_json(cls, data: Any) -> Chance:
        if not isinstance(data, list) or len(data) != 2:
            raise ValueError("chance is [seed, draws]")
        seed, draws = int(str(data[0])), data[1]
        if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0 or seed < 0:
            raise ValueError("chance is [seed, draws] with whole numbers")
        return cls(seed, draws)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and (self.seed, self.draws) == (other.seed, other.draws)

    def __hash__(self) -> int:
        return hash((self.seed, self.draws))

    def __repr__(self) -> str:
        return f"Chance(seed=…, draws={self.draws})"


def shuffle(items: list[Any], seed: int) -> None:
    """Exactly ``random.Random(seed).shuffle(items)``, in some 40% fewer instructions: every
    deal and reshuffle of every game is one, and a playout deals a game every few hundred
    actions. The same Fisher-Yates walk and the same draws (``_randbelow``: ``getrandbits``
    of the bound's bit length, drawn again while out of range), without a Python call per
    card (a test holds it to ``random.Random.shuffle``)."""
    getrandbits = random.Random(seed).getrandbits
    n = len(items)
    bits_of = _BITS if n <= len(_BITS) else [(i + 1).bit_length() for i in range(n)]
    for i in range(n - 1, 0, -1):
        bits = bits_of[i]  # the bit length of the bound, i + 1
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


_BITS = tuple((i + 1).bit_length() for i in range(1024))
"""``(i + 1).bit_length()`` for each index of a list of up to 1,024 items, looked up, not
worked out, at each step of a shuffle."""


_set_seed = Chance.__dict__["seed"].__set__
_set_draws = Chance.__dict__["draws"].__set__
