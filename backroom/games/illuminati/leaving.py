"""Leaving the game (rulebook: "Dejar la partida").

"Si un jugador abandona sus Grupos quedan sin control, sus tesoros pasan al banco y su carta de
Illuminati se retira del juego." ``leave`` is the action of the player on turn (ruling 31), at
tables with the ``leaving`` option: a
table whose player has gone plays it for that seat when its turn comes (and lets the windows
go by meanwhile). The specials in its hand are discarded, face up: the rule names no other
place for them and nobody is left to keep them secret from. The goal does not change ("Si un
jugador abandona o es eliminado el número de Grupos necesarios para ganar (ver pág. 28) *no*
cambia."); the last player left wins (ruling 13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati import conflict, goals, turn
from backroom.games.illuminati.cards import ACTION, CARD_OF, FACE

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

KINDS = frozenset({"leave"})


def can_leave(state: IlluminatiState, seat: int) -> bool:
    return state.leaving and state.phase == ACTION and seat == state.active


def leave(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    root = state.illuminati[seat]
    for puppet in state.structures[seat].puppets(FACE[root]):
        conflict.release(state, CARD_OF[puppet], events)
    shown = goals.put_out(state, seat)
    state.acted = True  # no 5 MB for a turn passed: the player is gone
    if events is not None:
        events.append(Event("left", {"seat": seat, "card": FACE[root], "discarded": shown}))
    alive = [s for s in range(state.n) if state.alive[s]]
    if len(alive) <= 1:
        goals.finish(state, alive, "last_standing", events)
    else:
        turn.end_turn(state, events)
