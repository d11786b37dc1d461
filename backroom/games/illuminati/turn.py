"""Setting up and the order of play (rulebook: "Preparar el juego", "Orden de juego").

Setup: an Illuminati card per player with its income on it; the rest of the deck, specials
included, shuffled; four groups turned up as the uncontrolled area (a special turned up goes
back under the deck and another card is turned); each player rolls two dice, the highest roll
starts (ruling 1: tied highest rolls roll again). Play runs counter-clockwise (ruling 1: seats
are numbered clockwise, so the next player is the seat before).

A turn: income on every card with income (the I.R.S. taxes, the Post Office costs), a card
drawn (two for the Network), two actions and any free actions, then the end of the turn: the
uncontrolled area is refilled to two groups (ruling 2) and the next player begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.window import Window
from backroom.games.illuminati import concealment
from backroom.games.illuminati.cards import (
    ACTION,
    ACTIONS_PER_TURN,
    CARD_OF,
    FACE,
    FREE_TRANSFERS,
    INCOME,
    IRS,
    IRS_TAX,
    NETWORK,
    OVER,
    PASS_INCOME,
    POST_OFFICE,
    START,
    UNCONTROLLED_AT_START,
    UNCONTROLLED_REFILL,
    is_special,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def next_seat(state: IlluminatiState, seat: int) -> int:
    """The next player still in the game, counter-clockwise (ruling 1)."""
    n = state.n
    for step in range(1, n + 1):
        other = (seat - step) % n
        if state.alive[other]:
            return other
    return seat


def starting_roll(state: IlluminatiState, events: list[Event] | None) -> int:
    """ "Cada jugador tira dos dados y el jugador con la tirada más alta inicia la partida":
    tied highest rolls roll again (ruling 1); every roll is reported."""
    rolling = list(range(state.n))
    while True:
        totals = []
        for seat in rolling:
            dice, state.chance = state.chance.roll(2)
            totals.append(sum(dice))
            if events is not None:
                events.append(Event("start_roll", {"seat": seat, "dice": list(dice)}))
        best = max(totals)
        rolling = [s for s, t in zip(rolling, totals, strict=True) if t == best]
        if len(rolling) == 1:
            return rolling[0]


def turn_up(state: IlluminatiState, events: list[Event] | None) -> bool:
    """Turn the deck's top group into the uncontrolled area; a special turned up goes back
    under the deck ("devuélvela al fondo del mazo y saca otra carta de Grupo"). False when
    the deck holds no group."""
    deck = state.deck
    for _ in range(len(deck)):
        card = deck.pop()
        state.bottom = min(state.bottom, len(deck))
        if not is_special(card):
            state.uncontrolled.append(card)
            if events is not None:
                events.append(Event("turned_up", {"card": FACE[card]}))
            return True
        deck.insert(0, card)
        state.bottom += 1  # turned face up, in view of all: the table knows the deck's bottom
        if events is not None:
            events.append(Event("under_deck", {"card": FACE[card]}))
    return False


def setup_area(state: IlluminatiState, events: list[Event] | None) -> None:
    for _ in range(UNCONTROLLED_AT_START):
        turn_up(state, events)


def begin_turn(state: IlluminatiState, events: list[Event] | None) -> None:
    """Steps 1 and 2 of "Orden de juego": income, then the draw; then the actions. First the
    seats holding specials are asked, for the Senate Investigating Committee ("at the beginning
    of another player's turn") and Market Manipulation ("during your own income phase"):
    ruling 21."""
    seat = state.active
    state.turns[seat] += 1
    state.actions_left = ACTIONS_PER_TURN
    state.transfers_left = FREE_TRANSFERS
    state.acted = False
    state.cancelled = []
    state.offers = 0
    state.gifts = [0] * state.n
    state.privileged_used = False
    state.used = [0] * len(state.used)
    state.market = False
    state.recycled = False
    state.laser_card, state.laser_align = -1, 0
    if events is not None:
        events.append(Event("turn", {"seat": seat, "turn": state.turns[seat]}))
    state.window = Window([s for s in order(state, seat) if state.hands[s]])
    if state.window:
        state.phase = START
    else:
        income_and_draw(state, events)


def order(state: IlluminatiState, start: int) -> list[int]:
    """Seats still in the game, from ``start`` in the order of play (counter-clockwise, as
    ``next_seat``)."""
    n, alive = state.n, state.alive
    return [start] + [seat for step in range(1, n) if alive[seat := (start - step) % n]]


def answer_start(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    """A pass in the window at the start of a turn (ruling 21): income and the draw follow
    the last one."""
    state.window = state.window.answered(seat)
    if not state.window:
        income_and_draw(state, events)


def income_and_draw(state: IlluminatiState, events: list[Event] | None) -> None:
    state.phase = ACTION
    seat = state.active
    collect_income(state, seat, events)
    network = state.illuminati[seat] == NETWORK and concealment.has_ability(state, seat)
    for _ in range(2 if network else 1):
        draw(state, seat, events)


def collect_income(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    """ "saca del banco los Ingresos de todos los Grupos que tengan Ingresos", onto each card.
    Once every income is in, the Post Office costs 1 MB, "que pagará su controlador o sus
    Illuminati": its master's treasury, else its Illuminati's, else nothing (ruling 4); the
    I.R.S. takes 2 MB from every other player (ruling 4)."""
    root = state.illuminati[seat]
    for card in state.cards_of(seat):
        if card == POST_OFFICE:
            continue
        amount = state.root_income(seat) if card == root else INCOME[card]
        if state.market:
            amount *= 2  # Market Manipulation: the I.R.S. and the Post Office are not doubled
        if amount > 0:
            state.earn(card, amount)
            if events is not None:
                events.append(Event("income", {"seat": seat, "card": FACE[card], "mb": amount}))
        if card == IRS:
            for other in range(state.n):
                if other != seat and state.alive[other]:
                    tax(state, other, card, events)
    if POST_OFFICE in state.cards_of(seat):
        master = state.structures[seat].master(FACE[POST_OFFICE])
        controller = CARD_OF[master] if master is not None else root
        payer = controller if state.money[controller] else root if state.money[root] else -1
        if payer >= 0:
            state.pay(payer, 1)
            if events is not None:
                events.append(
                    Event("upkeep", {"seat": seat, "card": FACE[POST_OFFICE], "payer_card": FACE[payer]})
                )


def tax(state: IlluminatiState, seat: int, irs: int, events: list[Event] | None) -> None:
    """The I.R.S. tax: 2 MB from the taxed player's Illuminati, then from its groups in
    structure order; a player with less pays what it has (ruling 4)."""
    owed = IRS_TAX
    for card in state.cards_of(seat):
        take = min(owed, state.money[card])
        if take:
            state.money[card] -= take
            state.money[irs] += take
            owed -= take
            if events is not None:
                events.append(Event("tax", {"seat": seat, "card": FACE[card], "mb": take}))
        if not owed:
            return


def draw(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    """A group goes to the uncontrolled area, face up; a special to the player's hand (its
    number public, its face private). An empty deck gives nothing (ruling 5)."""
    if not state.deck:
        return
    card = state.deck.pop()
    state.bottom = min(state.bottom, len(state.deck))
    if is_special(card):
        state.hands[seat].append(card)
        if events is not None:
            events.append(Event("drew_special", {"seat": seat}))
            events.append(Event("drew_special_face", {"seat": seat, "card": FACE[card]}, to=(seat,)))
    else:
        state.uncontrolled.append(card)
        if events is not None:
            events.append(Event("drew_group", {"seat": seat, "card": FACE[card]}))


def end_turn(state: IlluminatiState, events: list[Event] | None) -> None:
    """The end of a turn: a player who did nothing at all takes 5 MB ("Pasar turno"); the
    uncontrolled area is refilled to two groups (ruling 2); the goals are checked; the next
    player begins, unless the length bound is reached (ruling 12)."""
    seat = state.active
    if not state.acted:
        state.earn(state.illuminati[seat], PASS_INCOME)
        if events is not None:
            events.append(Event("passed", {"seat": seat, "mb": PASS_INCOME}))
    while len(state.uncontrolled) < UNCONTROLLED_REFILL and turn_up(state, events):
        pass
    state.check_end(events)
    if state.phase == OVER:
        return
    if sum(state.turns) >= state.round_limit * state.n:
        state.finish_by_limit(events)
        return
    state.active = next_seat(state, seat)
    begin_turn(state, events)
