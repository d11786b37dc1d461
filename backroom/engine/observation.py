"""Observation vectors: a seat's view as a fixed-size array of numbers, for learning agents.

The JSON view (``State.view``) is for people and bots that read it; building one costs 10 to
100 µs, which is the whole budget of a research step. So each game also declares an
``ObservationEncoder`` in its manifest (``Manifest.observation``): a ``Layout`` of named blocks
for a table size and option set, and ``encode(state, seat, out)``, which writes the seat's
observation straight from the state into a preallocated array (a NumPy ``float32`` vector in
the research adapters), only when someone asks. It reads exactly what ``view(seat,
recall=True)`` shows and never a hidden field: the conformance suite checks that two states
differing only in what the seat cannot see (``resample``) encode identically.

Every entry lies in ``[0, 1]`` (one-hot flags, counts divided by their maximum), so an
observation space is a box from 0 to 1. The adapter zeroes its array (one NumPy call) and hands
the encoder a ``memoryview`` of it: most entries of a card game's vector are zero, and writing
the few others through a memoryview costs a fraction of a NumPy item assignment or of building
an index array. The engine itself never imports NumPy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from backroom.engine.game import State


@dataclass(frozen=True, slots=True)
class Block:
    """A run of entries: ``size`` numbers starting at ``start``, and what they mean."""

    name: str
    start: int
    size: int
    doc: str


class Layout:
    """The blocks of one table's observation, in order; ``size`` is the vector's length.

    Built once per table size and option set (encoders keep them), so offsets cost a lookup.
    """

    __slots__ = ("blocks", "size", "at")

    def __init__(self, blocks: Iterable[tuple[str, int, str]]) -> None:
        out: list[Block] = []
        start = 0
        for name, size, doc in blocks:
            out.append(Block(name, start, size, doc))
            start += size
        self.blocks = tuple(out)
        self.size = start
        self.at: dict[str, int] = {b.name: b.start for b in out}
        """The offset of each block, by name."""

    def describe(self) -> list[dict[str, Any]]:
        """The blocks as rows (for ``docs/research.md`` and ``backroom games``)."""
        return [{"block": b.name, "start": b.start, "size": b.size, "meaning": b.doc} for b in self.blocks]


class ObservationEncoder(Protocol):
    """What a game's ``observation.py`` provides (declared in its manifest)."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        """The blocks of the vector at this table size and (resolved) option set."""

    def encode(self, state: State, seat: int, out: Any) -> None:
        """Write ``seat``'s observation into ``out``: a zeroed, writable sequence of floats of
        ``layout(...).size`` (a ``memoryview`` onto the adapter's array, or a list); only the
        entries that are not zero are written. ``seat`` is one at the table: callers check it
        (``Table.observation``, OpenSpiel's observer), as a negative one reads the last seat's."""
