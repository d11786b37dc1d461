"""The Orbital Mind Control Lasers: "During its owner's turn, may add, remove or flip one
alignment of one other group in play; the change lasts only for that turn." (the card; once a
turn, ruling 27). The change holds for the attacks of that turn and for the goals checked at
its end ("los Láseres Orbitales de Control Mental pueden darte la victoria si cambian una
alineación en el momento adecuado"); the next turn begins without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event, Msg
from backroom.games.illuminati.attack import align, groups_in_play
from backroom.games.illuminati.cards import (
    ALIGNMENTS,
    CARD_OF,
    FACE,
    FANATIC,
    GAME_ID,
    OPPOSITE,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

LASERS = CARD_OF["orbital_mind_control_lasers"]
OPERATIONS = ("add", "remove", "reverse")
KINDS = frozenset({"lasers"})


def uses(state: IlluminatiState, seat: int) -> list[tuple]:
    if state.owner[LASERS] != seat or state.laser_card >= 0:
        return []
    out = []
    for card in groups_in_play(state):
        if card == LASERS:
            continue
        mask = align(state, card)
        for i, name in enumerate(ALIGNMENTS):
            bit = 1 << i
            if not mask & bit:
                out.append(("lasers", FACE[card], "add", name))
            else:
                out.append(("lasers", FACE[card], "remove", name))
                if bit in OPPOSITE and bit != FANATIC and not mask & OPPOSITE[bit]:
                    out.append(("lasers", FACE[card], "reverse", name))
    return out


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    card, operation, name = CARD_OF[action[1]], action[2], action[3]
    bit = 1 << ALIGNMENTS.index(name)
    mask = align(state, card)
    if operation == "add":
        mask |= bit
    elif operation == "remove":
        mask &= ~bit
    else:
        mask = (mask & ~bit) | OPPOSITE[bit]
    state.laser_card, state.laser_align = card, mask
    state.acted = True
    if events is not None:
        shown = Msg(f"{GAME_ID}.alignment.{name}")
        events.append(Event(f"lasers_{operation}", {"seat": seat, "card": action[1], "alignment": shown}))
