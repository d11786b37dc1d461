"""The power structures as a state field: the printed arrows of every card that can sit in
one, and how a list of ``Structure`` (one per seat, ``structure.py``) is cloned, written and
read by the state's generated ``clone``/``to_json``/``from_json``."""

from __future__ import annotations

from typing import Any

from backroom.engine.errors import IllegalAction
from backroom.engine.schema import Field
from backroom.games.illuminati.cards import CONTROLLABLE, DATA, FACE
from backroom.games.illuminati.geometry import CardArrows
from backroom.games.illuminati.structure import Structure

_ENTRIES = [*DATA["illuminati"], *DATA["groups"]]
ARROWS: dict[str, CardArrows] = {
    FACE[card]: CardArrows.from_data(entry["arrows"])
    for card, entry in zip(CONTROLLABLE, _ENTRIES, strict=True)
}


def new_structure(root: int) -> Structure:
    return Structure(FACE[root], ARROWS)


class Structures(Field):
    """One ``Structure`` per seat: cloned card by card (two dict copies each), written as
    each structure's ``to_json``, read back by laying every card again by the rules."""

    def __init__(self, *, json: str | None = None) -> None:
        super().__init__(list, json=json)

    def copy_expr(self, ref: str) -> str:
        return f"[s.clone() for s in {ref}]"

    def encode_expr(self, ref: str) -> str:
        return f"[s.to_json() for s in {ref}]"

    def decode(self, value: Any) -> list[Structure]:
        if not isinstance(value, list):
            raise ValueError("structures is a list")
        try:
            return [Structure.from_json(v, ARROWS) for v in value]
        except IllegalAction as exc:
            raise ValueError(str(exc)) from exc
