"""The geometry under an Illuminati power structure: sides, quarter turns and grid cells.

A card lies on a square cell of an integer grid, ``(x, y)`` with ``y`` growing downward (as a
table seen from above, or a screen), turned by a whole number of quarter turns clockwise. Its
arrows are printed on sides of the upright card (``top``, ``right``, ``bottom``, ``left``, as
``cards.json`` records them); a quarter turn carries each printed side to the next one
clockwise. Why square cells stand for the printed rectangles is the ruling in
``structure.py``'s docstring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, get_args

from backroom.engine.errors import IllegalAction

Side = Literal["top", "right", "bottom", "left"]
SIDES: tuple[Side, ...] = get_args(Side)  # clockwise, so a quarter turn is one index on
Cell = tuple[int, int]
_STEP: dict[Side, Cell] = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
_INDEX: dict[str, int] = {side: i for i, side in enumerate(SIDES)}


def turned(side: Side, rotation: int) -> Side:
    """Where the printed ``side`` of a card turned ``rotation`` quarter turns clockwise lies."""
    return SIDES[(_INDEX[side] + rotation) % 4]


def opposite(side: Side) -> Side:
    return SIDES[(_INDEX[side] + 2) % 4]


def beyond(cell: Cell, side: Side) -> Cell:
    """The cell that a card on ``cell`` touches with its (table) ``side``."""
    dx, dy = _STEP[side]
    return cell[0] + dx, cell[1] + dy


def facing_rotation(incoming: Side, toward: Side) -> int:
    """The quarter turns that bring a card's printed ``incoming`` side to the table side
    ``toward``: the only turn that lays its incoming arrow against its master's arrow."""
    return (_INDEX[toward] - _INDEX[incoming]) % 4


def is_side(value: object) -> bool:
    return isinstance(value, str) and value in _INDEX


def side_name(side: str) -> dict[str, str]:
    """A side as a message parameter, so that every language names it."""
    return {"$": f"illuminati.side.{side}"}


@dataclass(frozen=True, slots=True)
class CardArrows:
    """The arrows printed on a card, upright: the side of the arrow pointing in (``None`` on the
    Illuminati, which nobody controls) and the sides of the arrows pointing out."""

    incoming: Side | None
    outgoing: tuple[Side, ...]

    def __post_init__(self) -> None:
        sides = [*([] if self.incoming is None else [self.incoming]), *self.outgoing]
        if not all(is_side(s) for s in sides) or len(set(sides)) != len(sides):
            raise ValueError(
                f"arrows on distinct printed sides expected: {self.incoming!r}, {self.outgoing!r}"
            )

    @classmethod
    def from_data(cls, arrows: dict[str, Any]) -> CardArrows:
        """A card's ``arrows`` entry of ``cards.json`` (``in`` and ``out_absolute``); the
        outward arrows are kept clockwise from the top, the order every traversal follows."""
        out = sorted(arrows["out_absolute"], key=lambda s: _INDEX.get(s, 4))
        return cls(arrows["in"], tuple(out))


class Placement(NamedTuple):
    """Where a card goes: on the outward ``arrow`` of ``master`` (a side of the master as
    printed), turned ``rotation`` quarter turns clockwise so its incoming arrow touches it."""

    master: str
    arrow: Side
    rotation: int


@dataclass(frozen=True, slots=True)
class Group:
    """A group with its puppets as a shape, apart from any structure: each puppet named with
    the arrow of its master (printed side) that it hangs from. This is what a capture or a
    transfer carries: "deberán mantener la misma posición hacia su amo"."""

    card: str
    puppets: tuple[tuple[Side, Group], ...] = ()

    def cards(self) -> list[str]:
        """The group's cards, the group first, then each puppet's branch in arrow order."""
        out = [self.card]
        for _side, puppet in self.puppets:
            out.extend(puppet.cards())
        return out


def refuse(rule: str, **params: Any) -> IllegalAction:
    """The error of a structure rule, keyed in the game's catalog."""
    return IllegalAction(f"illuminati.error.{rule}", **params)
