"""Seeded randomness that survives JSON: every state owns one generator, never the module's."""

from __future__ import annotations

import random
from typing import Any


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def rng_clone(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def derive_seed(seed: int, *salt: int) -> int:
    """A well-mixed 63-bit seed for sub-game ``salt`` of a run seeded by ``seed``."""
    value = (seed * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    for s in salt:
        value ^= (s + 0x9E3779B97F4A7C15 + (value << 6) + (value >> 2)) & 0xFFFFFFFFFFFFFFFF
        value = (value * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 31
    return value & 0x7FFFFFFFFFFFFFFF
