"""The answers to an attack on a candidate: a defence card (its own, from the hand or assigned
to the candidate), the attack sent back (Vengativo, ¡Contraataque!) or sent elsewhere
(Manipulador), and the target a two-step answer names afterwards.

Each is an action kind's effect, ``(state, seat, *arguments, events)``, as ``HANDLERS`` gives
them to ``PolitburoState.play``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.politburo import effects, flow, legality, specials
from backroom.games.politburo.cards import CONTRABANDO_COST, FACE_TYPE, FACE_VALUE, cand

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def defend(state: PolitburoState, seat: int, face: str, where: str, events: list[Event] | None) -> None:
    """A self-only card answers the attack on its candidate (ruling 5)."""
    c = state.p_target
    if where == "assigned":
        state._activate(seat, c, events)
        state._reveal(state._take(state.assigned[c], face))
        if events is not None:
            events.append(Event("defend", {"seat": seat, "card": face, "candidate": cand(c)}))
    else:
        state._spend(seat, face, events, "defend", c)
    state._mark(FACE_TYPE[face], c, seat)
    if face in ("guardaespaldas", "favorito"):
        flow.clear_pending(state)
        if events is not None:
            events.append(Event("cancelled", {"candidate": cand(c)}))
    elif face == "manipulador":
        state.step, state.step_seat = "redirect", seat
    else:  # vengativo
        _return(state, seat, 0, events)


def _return(state: PolitburoState, seat: int, extra: int, events: list[Event] | None) -> None:
    targets = legality.return_targets(state)
    if state.p_from >= 0 or len(targets) == 1:
        _retarget(state, seat, targets[0], extra, events)
    else:
        state.step, state.step_seat, state.step_arg = "return", seat, extra


def _retarget(state: PolitburoState, seat: int, c: int, extra: int, events: list[Event] | None) -> None:
    """The attack goes back to its author (Vengativo, ¡Contraataque!): a new attack, which
    that player may answer in turn."""
    source = state.p_target
    state.p_target, state.p_from, state.p_seat = c, source, seat
    state.p_amount += extra
    state.p_stage = 1
    state.step = ""
    if events is not None:
        events.append(Event("returned", {"seat": seat, "candidate": cand(c), "amount": state.p_amount}))


def counter(state: PolitburoState, seat: int, extra: int, events: list[Event] | None) -> None:
    state.step = ""
    _return(state, seat, extra, events)


def target(state: PolitburoState, seat: int, c: int, events: list[Event] | None) -> None:
    step = state.step
    state.step = ""
    if step == "return":
        _retarget(state, seat, c, state.step_arg, events)
    elif step == "redirect":
        state.p_target = c
        state.p_stage = 1
        if events is not None:
            events.append(Event("redirected", {"seat": seat, "candidate": cand(c)}))
    elif step == "usurp":
        specials.seize(state, c, state.step_arg, events)
    else:  # smuggle: the player's candidate who pays
        effects.lose(state, c, CONTRABANDO_COST, events, "contrabando")


def add(state: PolitburoState, seat: int, face: str, events: list[Event] | None) -> None:
    state._spend(seat, face, events, "add")
    counter(state, seat, FACE_VALUE[face], events)


HANDLERS: dict[str, Callable[..., None]] = {"defend": defend, "target": target, "add": add}
"""The action kinds answered here."""
