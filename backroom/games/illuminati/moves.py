"""The free actions a player takes on its turn besides attacking (rulebook: "Acciones
gratuitas").

"*Deshacerse de Grupos*: quitar un grupo de tu Estructura de Poder y devolverlo a la zona no
controlada. Sus títeres quedarán también sin control." (``drop``; its money goes to the bank,
ruling 10.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati import conflict, goals
from backroom.games.illuminati.cards import CARD_OF, is_group

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

KINDS = frozenset({"drop"})


def can_drop(state: IlluminatiState, seat: int, card: int) -> bool:
    return is_group(card) and state.owner[card] == seat


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    if action[0] == "drop":
        state.acted = True
        conflict.release(state, CARD_OF[action[1]], events)
        goals.eliminate(state, events)
