"""The spending protocol of an attack (ruling 6), the online form of "Gasto continuo" and
"Interferencias".

At the table the attacker, the defender and the others spend while they like: "Cuando ninguno
de los jugadores esté dispuesto a gastar más dinero para afectar al ataque se tiran los
dados". Online there is no table talk to say who speaks when, so the seats speak in rounds:
the attacker first, then the others counter-clockwise (the order of play). Each seat asked
raises (spends 1 to ``MAX_SPEND`` MB) or passes. A raise starts a new round after the raiser,
ending with the raiser; the dice are rolled when everyone asked in a round has passed. Only
the seats that can still spend are asked (the attacker is always asked first, so that it may
cancel). In a privileged attack nobody but the attacker and the defender may spend; the seats
holding specials are asked too, for Deep Agent, two specials discarded together or
Interference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event, Msg
from backroom.engine.window import Window
from backroom.games.illuminati.attack import (
    ATTACKER,
    DEFENDER_ILLUMINATI,
    DEFENDING_GROUP,
    OPPOSE,
    SUPPORT,
    defender,
)
from backroom.games.illuminati.cards import FACE, GAME_ID, MAX_SPEND
from backroom.games.illuminati.turn import order

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

KINDS = frozenset({"spend", "interfere", "pass"})
GROUP, ILLUMINATI = "group", "illuminati"
FOR, AGAINST = "for", "against"


def sources(state: IlluminatiState, seat: int) -> dict[str, tuple[int, int]]:
    """The treasuries ``seat`` may spend from, by name: (card, index in ``p_spent``).

    "El dinero para el ataque puede salir tanto del tesoro del grupo atacante como del de los
    Illuminati"; the defender spends from "el tesoro del Grupo defensor" or "el de los
    Illuminati"; the others only from their Illuminati ("contribuye con dinero *del tesoro de
    sus Illuminati*"), for (+1) or against (-1) the attack."""
    root = state.illuminati[seat]
    if seat == state.active:
        out = {ILLUMINATI: (root, ATTACKER)}
        if state.p_attacker != root:
            out[GROUP] = (state.p_attacker, ATTACKER)
        return out
    if seat == defender(state):
        return {GROUP: (state.p_target, DEFENDING_GROUP), ILLUMINATI: (root, DEFENDER_ILLUMINATI)}
    if state.p_privileged and seat not in state.p_interferers:
        return {}
    return {FOR: (root, SUPPORT), AGAINST: (root, OPPOSE)}


def can_spend(state: IlluminatiState, seat: int) -> bool:
    return any(state.money[card] > 0 for card, _ in sources(state, seat).values())


def asked(state: IlluminatiState, seat: int) -> bool:
    """Whether the spending round asks ``seat``: it can spend, or the attack is privileged
    and it holds specials (Deep Agent, two specials or Interference may open the attack; their
    number is public, so being asked tells nothing)."""
    return can_spend(state, seat) or (state.p_privileged and bool(state.hands[seat]))


def reopen(state: IlluminatiState, seat: int) -> None:
    """A new round after ``seat`` raised (or opened a privileged attack), ending with it."""
    rest = order(state, seat)
    state.window = Window([s for s in rest[1:] + rest[:1] if asked(state, s)])


def open_window(state: IlluminatiState) -> None:
    attacker = state.active
    state.window = Window([attacker] + [s for s in order(state, attacker)[1:] if asked(state, s)])


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> bool:
    """A raise or a pass; True when the round is over and the dice are to be rolled."""
    if action[0] == "pass":
        state.window = state.window.answered(seat)
        return not state.window
    source, mb = action[1], action[2]
    card, index = sources(state, seat)[source]
    state.pay(card, mb)
    state.p_spent[index] += mb
    state.p_committed = True
    if events is not None:
        source_name = Msg(f"{GAME_ID}.source.{source}")
        events.append(Event("spent", {"seat": seat, "source": source_name, "card": FACE[card], "mb": mb}))
    reopen(state, seat)
    return not state.window


def raise_limits(state: IlluminatiState, seat: int) -> list[tuple[tuple[str, str], int]]:
    """Each raise ``seat`` may make now, as its kind and source and the most MB: ``spend``
    for the two sides, ``interfere`` for the others; 1 to ``MAX_SPEND`` MB, at most what the
    treasury holds."""
    kind = "spend" if seat in (state.active, defender(state)) else "interfere"
    out = []
    for name, (card, _index) in sources(state, seat).items():
        out.append(((kind, name), min(MAX_SPEND, state.money[card])))
    return out


def raises(state: IlluminatiState, seat: int) -> list[tuple]:
    return [(*head, mb) for head, most in raise_limits(state, seat) for mb in range(1, most + 1)]
