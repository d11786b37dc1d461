"""Secrets Man Was Not Meant to Know (its card: "when any other Special card is played, for any
purpose: That card is cancelled and has no effect; both cards are discarded.").

Ruling 32: every special played (for its effect, to make an attack privileged, to cancel a
privilege, Bribery) is shown and, before it acts, every other seat holding specials is asked in
the order of play from the next one (their number is public, so being asked tells nothing, as
in ruling 17): Secrets cancels it, a round of passes lets it act. A cancelled card is discarded
and the moment goes on as it was, its player still asked; a privilege cancelled this way leaves
the attack open. "Si se utiliza *Secretos que el hombre no debía conocer* para cancelar *una* de
esas cartas, la otra se perderá, a no ser que el jugador pueda reemplazarla.": a player whose
pair was hit names another special (``replace card``) or passes and loses the second one.
Whispering Campaign ("playing the card is free; the attack it enables is one of your actions")
is played when its attack is announced: Secrets then cancels it, and the attack, which only
that card made possible, does not take place (ruling 39).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.window import Window
from backroom.games.illuminati import conflict, specials
from backroom.games.illuminati.cards import COUNTER, DESTROY, FACE, POWER, REPLACE
from backroom.games.illuminati.turn import order

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

SECRETS = specials.SECRETS
PHASES = frozenset({COUNTER, REPLACE})
KINDS = frozenset({"replace"})
NOT_A_CARD = ("open", "bavarian")


def played(state: IlluminatiState, action: tuple) -> list[str]:
    """The specials ``action`` plays, by face."""
    kind = action[0]
    if kind == "announce":
        faces = [] if action[1] in NOT_A_CARD else [action[1]]
        if state.p_mode == DESTROY and not POWER[state.p_target]:
            faces.append(specials.WHISPERING)  # the card its attack needs (ruling 39)
        return faces
    if kind in ("special", "special_on"):
        return [action[1]]
    if kind == "espionage":
        return [specials.ESPIONAGE]
    if kind == "bribe":
        return [specials.BRIBERY]
    if kind == "unprivilege":
        return [action[1], action[2]]
    return []


def _askers(state: IlluminatiState, seat: int) -> list[int]:
    return [s for s in order(state, seat)[1:] if state.hands[s]]


def intercepts(state: IlluminatiState, seat: int, action: tuple) -> bool:
    """Whether ``action`` plays a special some other seat may still cancel."""
    faces = played(state, action)
    return bool(faces) and faces != [SECRETS] and state.phase not in PHASES and bool(_askers(state, seat))


def ask(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    """The card is shown (everyone knows it now) and the others are asked."""
    shown: list[int] = []
    faces = played(state, action)
    for face in faces:
        card = next(c for c in state.hands[seat] if FACE[c] == face and c not in shown)
        shown.append(card)
        for s in range(state.n):
            state.known[s] |= 1 << card
    state.c_seat, state.c_action = seat, json.dumps(list(action))
    state.c_phase, state.c_window = state.phase, list(state.window)
    state.phase, state.window = COUNTER, Window(_askers(state, seat))
    if events is not None:
        events.append(Event("special_shown", {"seat": seat, "cards": faces}))


def answers(state: IlluminatiState, seat: int) -> list[tuple]:
    if state.phase == REPLACE:
        pending = json.loads(state.c_action)
        hand = [FACE[c] for c in state.hands[seat]]
        hand.remove(pending[2])
        return [("pass",), *(("replace", f) for f in dict.fromkeys(hand))]
    return [("pass",), ("special", SECRETS)] if specials.holds(state, seat, SECRETS) else [("pass",)]


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    pending = tuple(json.loads(state.c_action))
    player = state.c_seat
    if state.phase == REPLACE:
        _restore(state)
        if action[0] == "replace":
            state.perform(player, ("unprivilege", action[1], pending[2]), events)
        else:
            specials.discard(state, player, pending[2])
        return
    if action[0] == "pass":
        state.window = state.window.answered(seat)
        if not state.window:
            _restore(state)
            state.perform(player, pending, events)
        return
    faces = played(state, pending)
    # An announcement's campaign is what Secrets cancels (ruling 39); in a pair discarded
    # against a privilege, the campaign is any special and the first card goes (ruling 32).
    announced = pending[0] == "announce" and specials.WHISPERING in faces
    cancelled = specials.WHISPERING if announced else faces[0]
    specials.discard(state, seat, SECRETS)
    specials.discard(state, player, cancelled)
    if events is not None:
        events.append(Event("special", {"seat": seat, "card": SECRETS}))
        events.append(Event("special_cancelled", {"seat": player, "card": cancelled}))
    if pending[0] == "unprivilege" and len(state.hands[player]) > 1:
        state.phase, state.window = REPLACE, Window([player])
        return
    if pending[0] == "unprivilege":
        specials.discard(state, player, pending[2])
    _restore(state)
    if cancelled == specials.WHISPERING:  # the announcement has no effect: no attack (ruling 39)
        if events is not None:
            events.append(Event("cancelled", {"seat": player, "card": FACE[state.p_target]}))
        conflict.clear(state)
    elif pending[0] == "announce":
        state.perform(player, ("announce", "open"), events)


def _restore(state: IlluminatiState) -> None:
    state.phase, state.window = state.c_phase, Window(state.c_window)
    state.c_seat, state.c_action, state.c_phase, state.c_window = -1, "", "", []
