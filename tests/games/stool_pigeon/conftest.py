"""Exact Stool Pigeon positions written out by card face, so no test depends on a deal.

A position is built the public way: ``deal()`` a real game, take its JSON, overwrite the
districts, piles, phase and knowledge with the cards a test names, and read it back through
``from_json`` (which checks that each of the 54 cards is somewhere exactly once). Faces are the
names of ``cards.FACES``: ``witness-2`` … ``witness-10``, ``maton``, ``conductora``, ``sicario``,
``capo``, ``primo``, ``soplon``. ``None`` in a District is an empty slot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from backroom.engine.events import Event
from backroom.games.stool_pigeon import GAME
from backroom.games.stool_pigeon.cards import FACES
from backroom.games.stool_pigeon.state import EMPTY, StoolPigeonState
from tests.helpers import play

FILLER = [
    ["witness-2", "witness-3", "witness-4", "witness-5"],
    ["witness-6", "witness-7", "witness-8", "witness-9"],
    ["witness-10", "witness-2", "witness-3", "witness-4"],
]
"""Plain Witness Districts for the seats a test does not look at (two of each of 2, 3, 4)."""

Slot = tuple[int, int]
"""A card's place on the table: (seat whose District holds it, slot index)."""


def position(
    districts: Sequence[Sequence[str | None]],
    *,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    leftover: str | int = "deck",
    phase: str = "draw",
    active: int = 0,
    held: str | None = None,
    closer: int = -1,
    window: int = -1,
    eligible: Sequence[int] = (),
    giver: int = -1,
    give_target: Slot = (-1, -1),
    sicario: bool = False,
    known: Mapping[int, Sequence[Slot]] | None = None,
    turns: int = 0,
    round_limit: int = 20,
    memory_aid: bool = False,
    seed: int = 1,
) -> StoolPigeonState:
    """A position with one District per seat, as listed.

    ``deck`` lists the draw pile from its top down; ``discard`` lists the discard pile from its
    bottom up (the last one is the face-up top card). Every card the test does not name is
    ``leftover``: put under the draw pile (``"deck"``), under the discard pile (``"discard"``),
    or appended to that seat's District (an int). ``known`` says which cards each seat has seen,
    by place; every other card is unknown to everyone.
    """
    pool: dict[str, list[int]] = {}
    for card, face in enumerate(FACES):
        pool.setdefault(face, []).append(card)

    def take(face: str) -> int:
        if not pool.get(face):
            raise ValueError(f"no {face} card left to place (the deck has {FACES.count(face)})")
        return pool[face].pop(0)

    rows = [[EMPTY if face is None else take(face) for face in d] for d in districts]
    draw_pile = [take(face) for face in reversed(deck)]
    discard_pile = [take(face) for face in discard]
    held_card = EMPTY if held is None else take(held)
    rest = sorted(card for cards in pool.values() for card in cards)
    if leftover == "deck":
        draw_pile = rest + draw_pile
    elif leftover == "discard":
        discard_pile = rest + discard_pile
    else:
        rows[int(leftover)].extend(rest)

    masks = [0] * len(rows)
    for seat, places in (known or {}).items():
        for target, slot in places:
            masks[seat] |= 1 << rows[target][slot]
    if held_card != EMPTY:
        masks[active] |= 1 << held_card

    start, _ = StoolPigeonState.deal(len(rows), {"round_limit": round_limit, "memory_aid": memory_aid}, seed)
    data = start.to_json()
    data.update(
        districts=rows,
        deck=draw_pile,
        discard=discard_pile,
        known=[str(m) for m in masks],
        phase=phase,
        active=active,
        held=held_card,
        closer=closer,
        window_value=window,
        eligible=list(eligible),
        sicario=sicario,
        give_target=list(give_target),
        giver=giver,
        turns=turns,
    )
    return StoolPigeonState.from_json(data)


def faces(state: StoolPigeonState, seat: int) -> list[str | None]:
    """The faces of one District, slot by slot (``None`` for an empty slot)."""
    return [None if c == EMPTY else FACES[c] for c in state.districts[seat]]


def top_of_deck(state: StoolPigeonState, count: int = 1) -> list[str]:
    """The faces of the top ``count`` draw-pile cards, top first."""
    return [FACES[c] for c in reversed(state.deck[-count:])] if count else []


def options(**given: Any) -> dict[str, Any]:
    return GAME.resolve_options(given)


def quiet_turn(state: StoolPigeonState, seat: int, slot: int) -> list[Event]:
    """Draw, swap into ``slot`` and, if a window opens, let everyone pass."""
    events = play(state, (seat, ("draw",)), (seat, ("swap", slot)))
    while state.phase == "snap":
        events.extend(state.apply(state.actors()[0], ("pass",)))
    return events
