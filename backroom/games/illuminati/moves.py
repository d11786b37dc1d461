"""The turn's other actions (rulebook: "Transferir dinero", "Mover un Grupo", "Acciones
gratuitas", "Regalos e intercambios", "Regalar la partida").

- ``transfer from_card to_card`` then ``amount mb|all``: money to an adjacent card, its master or
  a puppet ("Un Grupo puede usar una acción para transferir cualquier porción de su dinero a un
  Grupo adyacente, su amo o su títere."), or anywhere in the structure from the Federal Reserve.
  Any portion: ``more`` moves ``MAX_SPEND`` MB at once and keeps the transfer open, ``amount``
  the rest (0 to ``MAX_SPEND`` once something moved) and closes it; one transfer all the same
  (ruling 28).
  The first two of a turn are free ("Un jugador puede realizar dos transferencias como parte de
  su turno"), any more costs an action; the free ones may be made at any moment of the turn
  (ruling 14). After a capture the attacking group may pass money to its new puppet at no cost
  ("Esta no es una acción distinta, sino que se considera parte del ataque.").
- ``move card master_card`` then ``place arrow``: "Mover un Grupo", an action; puppets that
  collide are re-placed under the same master or lost (``Structure.move``).
- ``drop card``: "*Deshacerse de Grupos*", free; the group and its puppets go uncontrolled, their
  money to the bank (ruling 10).
- ``give_money to_seat mb`` and ``give_special to_seat card``: gifts, free, from Illuminati to
  Illuminati ("Cuando se transfiere dinero debe proceder de una carta de Illuminati y pasar a
  otra."), on the giver's turn (ruling 15), never one that hands the receiver the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati import concealment, conflict, goals, redistribution, specials
from backroom.games.illuminati.cards import (
    ACTION,
    CARD_OF,
    FACE,
    FEDERAL_RESERVE,
    GNOMES,
    MAX_SPEND,
    PAYING,
    PLACE,
    RECYCLERS,
    RECYCLERS_COST,
    REDISTRIBUTE,
    is_group,
)
from backroom.games.illuminati.turn import draw

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

KINDS = frozenset({"drop", "transfer", "amount", "more", "move", "give_money", "give_special", "recycle"})
ALL = "all"


def can_drop(state: IlluminatiState, seat: int, card: int) -> bool:
    return is_group(card) and state.owner[card] == seat


def can_pay_for_transfer(state: IlluminatiState) -> bool:
    return state.transfers_left > 0 or state.actions_left > 0


def destinations(state: IlluminatiState, seat: int, card: int) -> list[int]:
    """Where ``card``'s money may go: its master and its puppets; anywhere in the structure
    from the Federal Reserve."""
    structure = state.structures[seat]
    if card == FEDERAL_RESERVE:
        return [c for c in state.cards_of(seat) if c != card]
    face = FACE[card]
    master = structure.master(face)
    near = ([master] if master is not None else []) + structure.puppets(face)
    return [CARD_OF[f] for f in near]


def transfers(state: IlluminatiState, seat: int) -> list[tuple]:
    if state.phase == REDISTRIBUTE:
        return redistribution.transfers(state, seat)
    if not can_pay_for_transfer(state):
        return []
    return [
        ("transfer", FACE[c], FACE[d])
        for c in state.cards_of(seat)
        if state.money[c] > 0
        for d in destinations(state, seat, c)
    ]


def amounts(state: IlluminatiState) -> list[tuple]:
    """The rest of the transfer (ruling 28): 0 only once something moved, or into a group just
    captured; ``more`` while the source holds over ``MAX_SPEND`` MB."""
    held = state.money[state.t_from]
    first = 0 if state.t_moved or (state.t_free and not state.redistribute) else 1
    out: list[tuple] = [("amount", mb) for mb in range(first, min(MAX_SPEND, held) + 1)]
    out.append(("amount", ALL))
    if held > MAX_SPEND:
        out.append(("more",))
    return out


def moves(state: IlluminatiState, seat: int) -> list[tuple]:
    """ "moviendo un Grupo a una flecha de control libre. Esta flecha puede estar en su Grupo amo
    o en cualquier otro que controle el jugador.\""""
    if state.actions_left <= 0:
        return []
    structure = state.structures[seat]
    faces = structure.cards()
    return [
        ("move", card, master)
        for card in faces[1:]
        for master in faces
        if master != card and structure.placements(master, card)
    ]


def can_recycle(state: IlluminatiState, seat: int) -> bool:
    """The Recyclers' extra draw, once a turn (ruling 26), from their own treasury."""
    return (
        state.owner[RECYCLERS] == seat
        and not state.recycled
        and state.money[RECYCLERS] >= RECYCLERS_COST
        and bool(state.deck)
    )


def gives_the_game_away(state: IlluminatiState, giver: int, receiver: int, mb: int) -> bool:
    """ "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero,
    Grupos, etc. para que gane. Un intercambio que hace que ganen *los dos* jugadores, sin
    embargo, es perfectamente legal." Money alone can only meet the Gnomes' goal; with secret
    goals (ruling 34), in a very long game (ruling 35) or from face-down Gnomes (ruling 38) no
    goal a gift could meet is public."""
    if state.secret_goals or state.very_long or state.illuminati[receiver] != GNOMES:
        return False
    if concealment.conceals(state, receiver):
        return False
    total = sum(state.money[c] for c in state.cards_of(receiver)) + mb
    return total >= goals.GNOMES_MB and not goals.special_goal(state, receiver)


def money_gift_limits(state: IlluminatiState, seat: int) -> list[tuple[tuple[str, int], int]]:
    """Each other seat alive (as ``("give_money", seat)``) and the most MB ``seat`` may give it
    now: any amount from 1 up to that is legal, since an amount that gives the game away is
    only ever followed by larger ones that do too."""
    top = min(MAX_SPEND, state.money[state.illuminati[seat]])
    out: list[tuple[tuple[str, int], int]] = []
    for other in range(state.n):
        if other == seat or not state.alive[other]:
            continue
        most = top
        while most and gives_the_game_away(state, seat, other, most):
            most -= 1
        out.append((("give_money", other), most))
    return out


def money_gifts(state: IlluminatiState, seat: int) -> list[tuple]:
    return [(*head, mb) for head, most in money_gift_limits(state, seat) for mb in range(1, most + 1)]


def special_gifts(state: IlluminatiState, seat: int) -> list[tuple]:
    if not state.hands[seat]:
        return []
    faces = dict.fromkeys(FACE[c] for c in state.hands[seat])
    return [
        ("give_special", other, face)
        for other in range(state.n)
        if other != seat and state.alive[other]
        for face in faces
    ]


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    kind = action[0]
    state.acted = state.acted or seat == state.active  # White Collar Crime may be out of turn
    if kind == "drop":
        conflict.release(state, CARD_OF[action[1]], events)
        goals.eliminate(state, events)
    elif kind == "transfer":
        state.phase = PAYING
        state.t_from, state.t_to, state.t_free = CARD_OF[action[1]], CARD_OF[action[2]], False
    elif kind == "amount":
        _amount(state, seat, action[1], events)
    elif kind == "more":
        state.money[state.t_from] -= MAX_SPEND
        state.money[state.t_to] += MAX_SPEND
        state.t_moved += MAX_SPEND
    elif kind == "move":
        state.phase, state.p_stage = PLACE, "move"
        state.p_target, state.p_attacker = CARD_OF[action[1]], CARD_OF[action[2]]
    elif kind == "recycle":
        state.recycled = True
        state.pay(RECYCLERS, RECYCLERS_COST)
        draw(state, seat, events)
    elif kind == "give_money":
        root, other = state.illuminati[seat], state.illuminati[action[1]]
        state.money[root] -= action[2]
        state.money[other] += action[2]
        if events is not None:
            events.append(Event("gave_money", {"seat": seat, "to_seat": action[1], "mb": action[2]}))
    else:
        card = next(c for c in state.hands[seat] if FACE[c] == action[2])
        state.hands[seat].remove(card)
        state.hands[action[1]].append(card)
        specials.moved(state, card, seat, action[1])
        if events is not None:
            events.append(Event("gave_special", {"seat": seat, "to_seat": action[1]}))
            events.append(Event("gave_special_face", {"seat": seat, "card": action[2]}, to=(seat, action[1])))


def _amount(state: IlluminatiState, seat: int, amount: int | str, events: list[Event] | None) -> None:
    source, target = state.t_from, state.t_to
    mb = state.money[source] if amount == ALL else int(amount)
    if state.redistribute:
        state.shifts += 1
    elif not state.t_free:
        if state.transfers_left > 0:
            state.transfers_left -= 1
        else:
            state.actions_left -= 1
    state.money[source] -= mb
    state.money[target] += mb
    mb += state.t_moved
    state.t_from = state.t_to = -1
    state.t_free = False
    state.t_moved = 0
    state.phase = REDISTRIBUTE if state.redistribute else ACTION
    if events is not None and mb:
        events.append(
            Event("transferred", {"seat": seat, "from_card": FACE[source], "to_card": FACE[target], "mb": mb})
        )


def finish_move(state: IlluminatiState, arrow: str, events: list[Event] | None) -> None:
    """The moved group goes to the chosen arrow; puppets that cannot be re-placed are lost. In
    the Bermuda Triangle's reorganisation the group is laid alone in the new layout, at no
    cost."""
    seat, card = state.active, state.p_target
    placement = next(p for p in conflict.placements(state) if p.arrow == arrow)
    if state.draft:
        state.draft[0].attach(placement, FACE[card])
        lost = []
    else:
        lost = state.structures[seat].move(FACE[card], placement, state.chosen_arrows())
        state.actions_left -= 1
    if events is not None:
        events.append(Event("moved", {"seat": seat, "card": FACE[card], "master_card": placement.master}))
    conflict.free(state, seat, lost, events)
    conflict.clear(state)
    if state.redistribute:
        state.phase = REDISTRIBUTE
    goals.eliminate(state, events)
