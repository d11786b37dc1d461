"""An attack from its announcement to its result (rulebook: "Ataques", "Interferencias",
"Cancelar un ataque", "Resultado del ataque").

The active player announces the mode and the target (``attack``), names the attacking group
(``attacker``), the groups aiding with their Transferable Power (``aid``, before any money:
"todo el Poder Transferible que vaya a utilizarse deberá ser añadido y anunciado *antes* de
gastar dinero"), and whether the attack is privileged (``announce``). Then the spending
protocol of ruling 6 (``spending``) asks the seats in turn; when a full round has passed the
dice are rolled (every roll is an event). A captured group is then laid in the attacker's
structure (``place``), its puppets with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event, Msg
from backroom.engine.window import CLOSED
from backroom.games.illuminati import attack, goals, redistribution, specials, spending
from backroom.games.illuminati.cards import (
    ACTION,
    ATTACK,
    BAVARIAN_PRIVILEGE_COST,
    CARD_OF,
    CONTROL,
    DESTROY,
    FACE,
    GAME_ID,
    MODES,
    NEUTRALIZE,
    NUM_CARDS,
    PAYING,
    PLACE,
    POWER,
    ROLLED,
    SPEND,
)
from backroom.games.illuminati.geometry import Group, Placement

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

KINDS = frozenset({"attack", "attacker", "aid", "announce", "cancel", "place", *spending.KINDS})
"""Action kinds played here (``place`` of a moved group is ``moves.py``'s)."""
ANNOUNCING = frozenset({"attack", "attacker", "aid", "announce", "cancel"})
"""The decisions of an attack up to its cancelling: any other action changes the position, so
an attack cancelled before it may be cancelled again (ruling 7)."""
OPEN, BAVARIAN = "open", "bavarian"


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    kind = action[0]
    if kind == "attack":
        _announce_target(state, action[1], CARD_OF[action[2]], events)
    elif kind == "attacker":
        state.p_attacker = CARD_OF[action[1]]
        state.p_stage = "aid"
        if events is not None:
            events.append(Event("attacker", {"seat": seat, "card": action[1]}))
    elif kind == "aid":
        state.p_helpers.append(CARD_OF[action[1]])
        if events is not None:
            events.append(Event("aid", {"seat": seat, "card": action[1]}))
    elif kind == "announce":
        _privilege(state, seat, action[1], events)
        state.phase, state.p_stage = SPEND, ""
        spending.open_window(state)
        if not state.window:
            resolve(state, events)
    elif kind == "cancel":
        state.cancelled.append(cancel_key(state))
        if events is not None:
            events.append(Event("cancelled", {"seat": seat, "card": FACE[state.p_target]}))
        clear(state)
    elif kind == "place":
        _place(state, action[1], events)
        goals.eliminate(state, events, attack=True)
    elif state.phase == ROLLED:
        state.window = state.window.answered(seat)
        if not state.window:
            settle(state, events)
    elif spending.play(state, seat, action, events):
        resolve(state, events)


def cancel_key(state: IlluminatiState) -> int:
    """The attack in flight as one number: its mode, target and attacking group (ruling 7)."""
    return (MODES.index(state.p_mode) * NUM_CARDS + state.p_target) * NUM_CARDS + state.p_attacker


def can_cancel(state: IlluminatiState, seat: int) -> bool:
    """ "Después de anunciar un ataque, un jugador *puede* cambiar de idea y cancelarlo *hasta*
    que gasta dinero en él." (ruling 7): not the same attack twice in an unchanged position."""
    return seat == state.active and not state.p_committed and cancel_key(state) not in state.cancelled


def _announce_target(state: IlluminatiState, mode: str, target: int, events: list[Event] | None) -> None:
    state.phase, state.p_stage = ATTACK, "attacker"
    state.p_mode, state.p_target = mode, target
    state.p_attacker = -1
    state.p_helpers = []
    state.p_interferers = []
    state.p_spent = [0] * len(attack.RATES)
    state.p_privileged = state.p_committed = False
    needed = specials.needed_card(state)
    if needed is not None:
        specials.show(state, state.active, needed)
    if events is not None:
        events.append(
            Event(
                "attack", {"seat": state.active, "mode": Msg(f"{GAME_ID}.mode.{mode}"), "card": FACE[target]}
            )
        )


def _privilege(state: IlluminatiState, seat: int, how: str, events: list[Event] | None) -> None:
    """ "debe descartarse de *cualquier* carta Especial y anunciar “¡Confidencial!” al
    *declarar el ataque*"; the Bavarians may pay 5 MB instead, once a turn. Either commits
    the attack (ruling 7)."""
    if how == OPEN:
        return
    if how == BAVARIAN:
        state.pay(state.illuminati[seat], BAVARIAN_PRIVILEGE_COST)
        state.privileged_used = True
    else:
        card = next(c for c in state.hands[seat] if FACE[c] == how)
        state.hands[seat].remove(card)
        state.discard.append(card)
    state.p_privileged = state.p_committed = True
    if events is not None:
        shown = Msg(f"{GAME_ID}.privilege.{how}") if how in (OPEN, BAVARIAN) else Msg(f"{GAME_ID}.card.{how}")
        events.append(Event("privileged", {"seat": seat, "how": shown}))


def resolve(state: IlluminatiState, events: list[Event] | None) -> None:
    """Roll two dice against the number needed (every roll is an event); the attack counts as
    one of the player's actions and uses its groups for the turn. The seats holding specials
    may then answer the dice (ruling 17) before the result."""
    state.p_need = attack.needed(state)
    dice, state.chance = state.chance.roll(2)
    state.p_roll = dice[0] + dice[1]
    state.actions_left -= 1
    state.acted = True
    state.cancelled = []  # the position has changed (ruling 7)
    state.used[state.p_attacker] += 1
    for helper in state.p_helpers:
        state.used[helper] += 1
    if state.p_mode == DESTROY and not POWER[state.p_target]:
        specials.discard(state, state.active, specials.WHISPERING)
    if events is not None:
        params = {
            "seat": state.active,
            "dice": list(dice),
            "need": state.p_need,
            "needing": attack.needing(state.p_need),
        }
        events.append(Event("roll", params))
    state.window = specials.roll_window(state, state.active)
    if state.window:
        state.phase = ROLLED
    else:
        settle(state, events)


def settle(state: IlluminatiState, events: list[Event] | None) -> None:
    """Apply the result of the roll, as the specials played on it left it."""
    success = attack.succeeds(state.p_roll, state.p_need)
    state.window = CLOSED
    if events is not None:
        result = Msg(f"{GAME_ID}.result.{'success' if success else 'failure'}")
        params = {
            "roll": state.p_roll,
            "need": state.p_need,
            "needing": attack.needing(state.p_need),
            "success": success,
        }
        params["result"] = result
        events.append(Event("result", params))
    if not success:
        clear(state)
    elif state.p_mode == CONTROL:
        state.phase, state.p_stage = PLACE, "place"
    elif state.p_mode == NEUTRALIZE:
        release(state, state.p_target, events)
        clear(state)
    else:
        _destroy(state, events)
        clear(state)
    if state.phase != PLACE:  # a capture is complete once placed
        goals.eliminate(state, events, attack=True)


def clear(state: IlluminatiState) -> None:
    state.phase, state.p_stage, state.p_mode = ACTION, "", ""
    state.p_target = state.p_attacker = -1
    state.p_helpers = []
    state.p_interferers = []
    state.p_spent = [0] * len(attack.RATES)
    state.p_privileged = state.p_committed = False
    state.p_roll = state.p_need = 0
    state.window = CLOSED


def release(state: IlluminatiState, card: int, events: list[Event] | None) -> list[int]:
    """``card`` and its puppets leave their structure for the uncontrolled area; their money
    goes to the bank ("Todo su dinero se devuelve al banco"; ruling 10 for every group that
    goes free)."""
    owner = state.owner[card]
    cards = [CARD_OF[f] for f in state.structures[owner].detach(FACE[card])]
    for c in cards:
        state.pay(c, state.money[c])
        state.owner[c] = -1
    state.uncontrolled.extend(cards)
    if events is not None:
        events.append(Event("freed", {"seat": owner, "cards": [FACE[c] for c in cards]}))
    return cards


def _destroy(state: IlluminatiState, events: list[Event] | None) -> None:
    """ "el Grupo objetivo pasa a la “pila de muertos”. Sus Grupos subordinados no quedan
    destruidos, sino que pasan a ser no controlados.\""""
    target = state.p_target
    if state.owner[target] >= 0:
        release(state, target, events)
    state.uncontrolled.remove(target)
    state.dead.append(target)
    state.destroyed[state.active] += 1
    if events is not None:
        events.append(Event("destroyed", {"seat": state.active, "card": FACE[target]}))


def placements(state: IlluminatiState) -> list[Placement]:
    """Where the captured (bribed, moved) group may go: a free outward arrow of the named card;
    in the Bermuda Triangle's reorganisation, of its new layout."""
    structure = redistribution.board(state)
    return structure.placements(FACE[state.p_attacker], FACE[state.p_target])


def bribe(state: IlluminatiState, arrow: str, events: list[Event] | None) -> None:
    """Bribery: the uncontrolled group goes on the named card's arrow; the card is spent and
    counts as one of the player's actions."""
    specials.discard(state, state.active, specials.BRIBERY)
    state.actions_left -= 1
    state.acted = True
    _place(state, arrow, events, capture=False)


def _place(state: IlluminatiState, arrow: str, events: list[Event] | None, capture: bool = True) -> None:
    """ "Se sitúa junto a su captor, con su flecha hacia dentro junto a una de las flechas
    hacia fuera de ese Grupo"; its puppets come along in the same position, re-placed under
    the same master or freed when they collide (``Structure.graft``); "La mitad del dinero
    que quede en los tesoros de los Grupos capturados, redondeando a la baja, pasa con ellos
    a su nuevo amo, y la otra mitad se devuelve al banco"."""
    seat, target = state.active, state.p_target
    placement = next(p for p in placements(state) if p.arrow == arrow)
    old = state.owner[target]
    if old >= 0:
        shape = state.structures[old].group(FACE[target])
        state.structures[old].detach(FACE[target])
        for face in shape.cards():
            card = CARD_OF[face]
            state.pay(card, state.money[card] - state.money[card] // 2)
    else:
        shape = Group(FACE[target])
        state.uncontrolled.remove(target)
    freed = state.structures[seat].graft(shape, placement, state.chosen_arrows())
    for face in shape.cards():
        state.owner[CARD_OF[face]] = seat
    if events is not None:
        where = {"seat": seat, "card": FACE[target], "arrow": arrow}
        events.append(
            Event("captured", where) if old < 0 else Event("captured_from", {**where, "from_seat": old})
        )
    free(state, seat, freed, events)
    attacker = state.p_attacker
    clear(state)
    if capture and state.money[attacker] > 0:
        # "El Grupo que atacó podrá transferir inmediatamente todo su tesoro o parte de él al
        # Grupo que ha capturado."
        state.phase = PAYING
        state.t_from, state.t_to, state.t_free = attacker, target, True


def free(state: IlluminatiState, seat: int, faces: list[str], events: list[Event] | None) -> None:
    """Cards lost by a capture or a move go uncontrolled, their money to the bank."""
    for face in faces:
        card = CARD_OF[face]
        state.pay(card, state.money[card])
        state.owner[card] = -1
        state.uncontrolled.append(card)
    if faces and events is not None:
        events.append(Event("freed", {"seat": seat, "cards": list(faces)}))
