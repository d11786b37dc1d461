"""Deals between players (rulebook: "Regalos e intercambios", "Transferencia de Grupos",
"Regalar la partida", "¿Cuándo un trato es vinculante?").

"Cuando dos jugadores llegan a un acuerdo será vinculante si realizan el intercambio
inmediatamente." Online an exchange is an offer that moves at once when accepted, and
nothing else is binding: there is no way to promise the future (ruling 29). The proposer
builds the offer in small steps, so the action space stays finite:

- ``offer to_seat`` opens it: the player on turn in its action phase (``MAX_OFFERS`` a turn),
  any seat asked in a window, where it could give a gift (ruling 30: ``GIFTS_OUT_OF_TURN`` gifts
  and offers a turn, none in a privileged attack). "Pueden transferirse dinero o cartas
  Especiales en cualquier momento"; "Los Grupos sólo pueden transferirse en el turno de uno de
  los jugadores involucrados.": an offer made in a window moves money and specials only, and
  holds the window (``d_phase``, ``d_window``) until it is answered; then the window goes on
  as it was, its proposer still asked;
- ``offer_give card``: one of the proposer's groups (its puppets and treasuries go along) or
  specials; ``offer_take card``: one of the other's groups, or one of their specials the
  proposer has seen; ``offer_money give|take mb``: MB from one Illuminati to the other; each
  group costs the player on turn an action ("Cada Grupo intercambiado cuenta como una acción
  para el jugador activo"), so an offer holds at most ``actions_left`` groups;
- ``propose`` asks the other seat, ``withdraw`` gives up the offer;
- ``accept`` moves the money and the specials and lifts the groups out at once; ``decline``
  leaves everything as it was (a gift of a group needs the receiver's consent: it is an offer
  like any other); ``counter`` (``MAX_COUNTERS`` in a negotiation) turns the offer round: the
  other seat becomes the proposer of the same exchange, first takes out of it what it will not
  have (``offer_remove give|take card``, ``offer_remove_mb give|take mb``), then adds to it and
  proposes it back, or withdraws, which ends the negotiation;
- then each receiver lays each group it gets (``receive master_card arrow``); when it cannot
  be laid, the receiver leaves uncontrolled either it or one of its own groups (``lose
  card``): "el jugador debe solucionarlos eligiendo una o más cartas que choquen, sin
  importar si son nuevas o no, y dejarlas no controladas".

An offer the other seat will see shows it the proposer's specials in it; a third player sees
the groups, the money and only the number of specials. An offer that would hand one of the
two the game is refused (``gives_the_game_away``), in a window as on turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.events import Event, Msg
from backroom.engine.window import CLOSED, Window
from backroom.games.illuminati import concealment, conflict, deal_view, goals, specials
from backroom.games.illuminati.cards import (
    ACTION,
    ANSWER,
    ARRIVE,
    CARD_OF,
    DEAL,
    FACE,
    GAME_ID,
    MAX_COUNTERS,
    MAX_OFFERS,
    MAX_SPEND,
    UFOS,
    is_group,
    is_special,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState
    from backroom.games.illuminati.structure import Structure

PHASES = frozenset({DEAL, ANSWER, ARRIVE})
KINDS = frozenset(
    {"offer", "offer_give", "offer_take", "offer_money", "offer_remove", "offer_remove_mb"}
    | {"propose", "withdraw", "accept", "decline", "counter", "receive", "lose"}
)
MONEY_SIDES = ("give", "take")
ANSWERED = {"accept": "deal_accepted", "decline": "deal_declined", "counter": "deal_countered"}
PHASE_OF = {
    "offer": ACTION,
    "offer_give": DEAL,
    "offer_take": DEAL,
    "offer_money": DEAL,
    "offer_remove": DEAL,
    "offer_remove_mb": DEAL,
    "propose": DEAL,
    "withdraw": DEAL,
    "accept": ANSWER,
    "decline": ANSWER,
    "counter": ANSWER,
    "receive": ARRIVE,
    "lose": ARRIVE,
}


# ----------------------------------------------------------------------------- legal actions


def offers(state: IlluminatiState, seat: int) -> list[tuple]:
    """``offer to_seat``: the player on turn may open an offer to any other player in the game."""
    if state.offers >= MAX_OFFERS:
        return []
    return offers_to_others(state, seat)


def offers_to_others(state: IlluminatiState, seat: int) -> list[tuple]:
    """An offer to each other player still in the game (on turn, or in a window: ruling 30)."""
    return [("offer", s) for s in range(state.n) if s != seat and state.alive[s]]


def _groups(state: IlluminatiState) -> int:
    return sum(1 for c in state.d_give + state.d_take if is_group(c))


def _apart(structure: Structure, face: str, offered: set[str]) -> bool:
    """Whether ``face`` can join the offer: neither it, its puppets nor its masters are in it
    (a group offered carries its puppets already)."""
    if any(f in offered for f in structure.group(face).cards()):
        return False
    master = structure.master(face)
    while master is not None:
        if master in offered:
            return False
        master = structure.master(master)
    return True


def building(state: IlluminatiState) -> list[tuple]:
    """What the proposer may take out of the offer or add to it, then ``propose`` (when it
    moves something and gives nobody the game) and ``withdraw``."""
    out = removals(state) + additions(state)
    if can_propose(state):
        out.append(("propose",))
    out.append(("withdraw",))
    return out


def building_includes(state: IlluminatiState, action: Any) -> bool:
    """Membership in ``building``, judging "giving the game away" only for ``propose``: a
    playout checks each step it applies."""
    if action == ("withdraw",):
        return True
    if action == ("propose",):
        return can_propose(state)
    if isinstance(action, tuple) and action and action[0] in REMOVALS:
        return action in removals(state)
    return action in additions(state)


def can_propose(state: IlluminatiState) -> bool:
    return _moves_something(state) and not gives_the_game_away(state)


REMOVALS = frozenset({"offer_remove", "offer_remove_mb"})


def removals(state: IlluminatiState) -> list[tuple]:
    """What a counter-offer may take out of the exchange it turned round, before it adds
    anything (so that a negotiation ends): each card by side and face, MB each way."""
    if not state.d_counters or state.d_added:
        return []
    out: list[tuple] = []
    for side, cards, mb in (("give", state.d_give, state.d_give_mb), ("take", state.d_take, state.d_take_mb)):
        out += [("offer_remove", side, f) for f in dict.fromkeys(FACE[c] for c in cards)]
        out += [("offer_remove_mb", side, m) for m in range(1, min(MAX_SPEND, mb) + 1)]
    return out


def additions(state: IlluminatiState) -> list[tuple]:
    """The groups (on turn only), specials and MB the proposer may add to the offer; the
    attacker keeps the card its attack cannot do without (Whispering Campaign)."""
    me, other = state.d_from, state.d_seat
    offered = {FACE[c] for c in state.d_give + state.d_take}
    room = not state.d_phase and _groups(state) < state.actions_left
    kept = specials.needed_card(state)
    out: list[tuple] = []
    for kind, seat, chosen in (("offer_give", me, state.d_give), ("offer_take", other, state.d_take)):
        structure = state.structures[seat]
        if room:
            out += [(kind, f) for f in structure.cards()[1:] if _apart(structure, f, offered)]
        hand = [c for c in state.hands[seat] if c not in chosen and (seat == me or _seen(state, me, c))]
        faces = dict.fromkeys(FACE[c] for c in hand)
        out += [(kind, f) for f in faces if not (f == kept and seat == state.active)]
    for side, seat, already in (("give", me, state.d_give_mb), ("take", other, state.d_take_mb)):
        left = state.money[state.illuminati[seat]] - already
        out += [("offer_money", side, mb) for mb in range(1, min(MAX_SPEND, left) + 1)]
    return out


def _seen(state: IlluminatiState, seat: int, card: int) -> bool:
    return bool((state.known[seat] >> card) & 1)


def _moves_something(state: IlluminatiState) -> bool:
    return bool(state.d_give or state.d_take or state.d_give_mb or state.d_take_mb)


def blocked(state: IlluminatiState) -> set[str]:
    """The cards still waiting to change structures, with their puppets: nothing may be laid
    on them nor left uncontrolled in their place."""
    out: set[str] = set()
    for card in state.d_arriving:
        out.update(state.structures[state.owner[card]].group(FACE[card]).cards())
    return out


def arrivals(state: IlluminatiState, seat: int) -> list[tuple]:
    """Where the next group may be laid; when nowhere, which card to leave uncontrolled."""
    face = FACE[state.d_arriving[0]]
    structure = state.structures[seat]
    waiting = blocked(state)
    out: list[tuple] = [
        ("receive", master, p.arrow)
        for master in structure.cards()
        if master not in waiting
        for p in structure.placements(master, face)
    ]
    if out:
        return out
    return [("lose", face)] + [("lose", f) for f in structure.cards()[1:] if f not in waiting]


def actions(state: IlluminatiState, seat: int) -> list[tuple]:
    if state.phase == DEAL:
        return building(state)
    if state.phase == ANSWER:
        return [("accept",), ("decline",)] + ([("counter",)] if state.d_counters < MAX_COUNTERS else [])
    return arrivals(state, seat)


def why(state: IlluminatiState, action: tuple, windows: frozenset[str]) -> str:
    """The catalog key refusing ``action``; an offer may be opened in the ``windows`` too."""
    opening = action[0] == "offer" and state.phase in windows
    if PHASE_OF[action[0]] != state.phase and not opening:
        return "illuminati.error.not_now"
    if action[0] in ("propose", "counter"):
        return f"illuminati.error.cannot_{action[0]}"
    return "illuminati.error.cannot_deal"


# ----------------------------------------------------------------------------- giving the game away


def _wins(state: IlluminatiState, seat: int) -> bool:
    """A goal met, as every player can tell: the UFOs' chosen goal (ruling 24), every goal with
    secret goals (ruling 34) and a face-down seat's (ruling 38) are known to their owner only,
    and a refusal would tell them to the other seat."""
    if not state.alive[seat]:
        return False
    secret = state.secret_goals or state.illuminati[seat] == UFOS or concealment.conceals(state, seat)
    special = not secret and goals.special_goal(state, seat)
    return goals.basic_goal(state, seat) or special


def gives_the_game_away(state: IlluminatiState) -> bool:
    """ "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente
    dinero, Grupos, etc. para que gane. Un intercambio que hace que ganen *los dos* jugadores,
    sin embargo, es perfectamente legal." Refused: an offer after which one of the two meets
    a goal it did not meet before and the other meets none. The groups are judged laid as the
    first free arrows allow (ruling 29)."""
    me, other = state.d_from, state.d_seat
    before = (_wins(state, me), _wins(state, other))
    trial = state.clone()
    _exchange(trial, None)
    while trial.phase == ARRIVE:
        receiver = trial.window[0]
        _arrive(trial, receiver, arrivals(trial, receiver)[0], None)
    after = (_wins(trial, me), _wins(trial, other))
    return after[0] != after[1] and ((after[0] and not before[0]) or (after[1] and not before[1]))


# ----------------------------------------------------------------------------- playing


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    kind = action[0]
    if kind == "offer":
        _open(state, seat, action[1])
    elif kind in ("offer_give", "offer_take"):
        _add(state, kind, CARD_OF[action[1]])
    elif kind == "offer_money":
        state.d_added = True
        _add_mb(state, action[1], action[2])
    elif kind == "offer_remove":
        _remove(state, action[1], action[2])
    elif kind == "offer_remove_mb":
        _add_mb(state, action[1], -action[2])
    elif kind == "propose":
        state.phase, state.window = ANSWER, Window([state.d_seat])
        deal_view.announce(state, events)
    elif kind in ANSWERED and events is not None:
        events.append(Event(ANSWERED[kind], {"seat": seat, "to_seat": state.d_from}))
    if kind == "accept":
        _exchange(state, events)
    elif kind == "counter":
        _turn_round(state)
    elif kind in ("withdraw", "decline"):
        _close(state)
    elif kind in ("receive", "lose"):
        _arrive(state, seat, action, events)


def _remove(state: IlluminatiState, side: str, face: str) -> None:
    """One card out of the offer (a new list: clones share the old one)."""
    cards = state.d_give if side == "give" else state.d_take
    at = next(i for i, c in enumerate(cards) if FACE[c] == face)
    if side == "give":
        state.d_give = cards[:at] + cards[at + 1 :]
    else:
        state.d_take = cards[:at] + cards[at + 1 :]


def _add_mb(state: IlluminatiState, side: str, mb: int) -> None:
    """``mb`` more (or, negative, less) on one side of the offer."""
    if side == "give":
        state.d_give_mb += mb
    else:
        state.d_take_mb += mb


def _open(state: IlluminatiState, seat: int, to_seat: int) -> None:
    """The player on turn opens an offer in its action phase; any other moment is a window,
    which the offer holds until it is answered (ruling 30)."""
    if state.phase == ACTION:
        state.offers += 1
    else:
        state.gifts[seat] += 1
        state.d_phase, state.d_window = state.phase, list(state.window)
    state.d_from, state.d_seat = seat, to_seat
    _ask_proposer(state)


def _ask_proposer(state: IlluminatiState) -> None:
    """The proposer builds: asked in a window unless it is the player on turn in its action
    phase (then it is simply its turn)."""
    state.phase = DEAL
    state.window = CLOSED if building_on_turn(state) else Window([state.d_from])


def building_on_turn(state: IlluminatiState) -> bool:
    """Whether the offer being built is the player on turn's, in its action phase."""
    return state.phase == DEAL and not state.d_phase and state.d_from == state.active


def _turn_round(state: IlluminatiState) -> None:
    """A counter-offer: the same exchange, seen from the other side, for it to add to."""
    state.d_from, state.d_seat = state.d_seat, state.d_from
    state.d_give, state.d_take = state.d_take, state.d_give
    state.d_give_mb, state.d_take_mb = state.d_take_mb, state.d_give_mb
    state.d_counters += 1
    state.d_added = False
    _ask_proposer(state)


def _add(state: IlluminatiState, kind: str, card: int) -> None:
    """One card more in the offer; a special the proposer puts in is shown to the other seat."""
    state.d_added = True
    proposer = state.d_from
    holder = proposer if kind == "offer_give" else state.d_seat
    if is_special(card):
        card = next(
            c
            for c in state.hands[holder]
            if FACE[c] == FACE[card]
            and c not in state.d_give + state.d_take
            and (holder == proposer or _seen(state, proposer, c))
        )
        if holder == proposer:
            state.known[state.d_seat] |= 1 << card
    if kind == "offer_give":
        state.d_give = [*state.d_give, card]
    else:
        state.d_take = [*state.d_take, card]


def _exchange(state: IlluminatiState, events: list[Event] | None) -> None:
    """Everything moves at once: money from Illuminati to Illuminati, specials hand to hand;
    the groups are lifted out to be laid by their receivers, and cost the player on turn an
    action each."""
    me, other = state.d_from, state.d_seat
    for giver, receiver, mb in ((me, other, state.d_give_mb), (other, me, state.d_take_mb)):
        state.money[state.illuminati[giver]] -= mb
        state.money[state.illuminati[receiver]] += mb
    for giver, receiver, cards in ((me, other, state.d_give), (other, me, state.d_take)):
        for card in cards:
            if is_special(card):
                state.hands[giver].remove(card)
                state.hands[receiver].append(card)
                specials.moved(state, card, giver, receiver)
    state.actions_left -= _groups(state)
    state.acted = state.acted or state.active in (me, other)
    state.d_arriving = [c for c in state.d_give + state.d_take if is_group(c)]
    state.d_give, state.d_take = [], []
    state.d_give_mb = state.d_take_mb = 0
    _next(state, events)


def _receiver(state: IlluminatiState, card: int) -> int:
    return state.d_seat if state.owner[card] == state.d_from else state.d_from


def _next(state: IlluminatiState, events: list[Event] | None) -> None:
    if state.d_arriving:
        state.phase, state.window = ARRIVE, Window([_receiver(state, state.d_arriving[0])])
        return
    _close(state)
    goals.eliminate(state, events)


def _close(state: IlluminatiState) -> None:
    """The negotiation is over: the window an offer held goes on as it was."""
    if state.d_phase:
        state.phase, state.window = state.d_phase, Window(state.d_window)
    else:
        state.phase, state.window = ACTION, CLOSED
    state.d_from = state.d_seat = -1
    state.d_phase, state.d_window, state.d_counters, state.d_added = "", [], 0, False
    state.d_give, state.d_take, state.d_arriving = [], [], []
    state.d_give_mb = state.d_take_mb = 0


def _arrive(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    """ "El jugador que reciba el Grupo debe situarlo inmediatamente en su Estructura de Poder
    junto con sus títeres, como se explicó para los grupos movidos o capturados." The group
    keeps its treasury ("junto con todos sus tesoros"); puppets that collide are re-placed or
    go free as in a capture (``Structure.graft``)."""
    card = CARD_OF[action[1]]
    if action[0] == "lose":
        if card == state.d_arriving[0]:
            state.d_arriving = state.d_arriving[1:]
        conflict.release(state, card, events)
        _next(state, events)
        return
    card = state.d_arriving[0]
    state.d_arriving = state.d_arriving[1:]
    giver, face = state.owner[card], FACE[card]
    placement = next(p for p in state.structures[seat].placements(action[1], face) if p.arrow == action[2])
    shape = state.structures[giver].group(face)
    state.structures[giver].detach(face)
    freed = state.structures[seat].graft(shape, placement, state.chosen_arrows())
    for moved in shape.cards():
        state.owner[CARD_OF[moved]] = seat
    if events is not None:
        where = {"seat": seat, "from_seat": giver, "card": face, "master_card": action[1], "arrow": action[2]}
        events.append(Event("received", where))
    conflict.free(state, seat, freed, events)
    _next(state, events)


# ----------------------------------------------------------------------------- labels


def label(kind: str, args: tuple) -> Msg | None:
    """The label of a deal's action, or ``None`` for any other action."""
    key = f"{GAME_ID}.action.{kind}"
    if kind == "offer":
        return Msg(key, {"to_seat": args[0]})
    if kind in ("offer_give", "offer_take", "lose"):
        return Msg(key, {"card": args[0]})
    if kind in ("offer_money", "offer_remove_mb"):
        return Msg(f"{key}.{args[0]}", {"mb": args[1]})
    if kind == "offer_remove":
        return Msg(f"{key}.{args[0]}", {"card": args[1]})
    if kind == "receive":
        return Msg(key, {"master_card": args[0], "side": Msg(f"{GAME_ID}.side.{args[1]}")})
    if kind in KINDS:
        return Msg(key)
    return None
