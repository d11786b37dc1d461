"""Special cards (rulebook: "Cartas Especiales"; each card's text in ``cards.json``).

"Cada carta Especial sólo puede usarse una vez. Algunas pueden usarse en cualquier momento,
mientras que otras tienen restricciones, indicadas en la carta. Jugar una carta Especial no
cuenta como acción a no ser que la carta diga lo contrario. Una vez que se juega, debe
descartarse." Played here:

- any time (ruling 16: whenever the holder is asked to act, on its turn or in a window): Slush
  Fund (15 MB) and Swiss Bank Account (25 MB) to the Illuminati, Media Campaign (a dead group
  back to the uncontrolled area), White Collar Crime (``redistribution.py``, ruling 22);
- after the dice of any attack, in the roll window (ruling 17): Assassination (the roll is a
  2), Murphy's Law (the roll is a 12); "la última que se juegue será la que se aplique";
- Bribery, an action on one's turn: an uncontrolled group joins the structure, no roll;
- Whispering Campaign: with it in hand a player may attack to destroy a group without Power,
  power against its Resistance; the card is discarded when the dice are rolled.

- in a privileged attack's spending round (ruling 20): Deep Agent or two specials discarded
  together cancel the privilege; Interference lets its holder interfere.

- at the start of a turn, before income (ruling 21): the Senate Investigating Committee (another
  player loses the whole turn), Market Manipulation (the player on turn doubles its income).

- Computer Espionage, any time: the player sees another player's specials (ruling 25).

- Secrets Man Was Not Meant to Know, against any other special as it is played
  (``secrets.py``, ruling 32).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.window import CLOSED, Window
from backroom.games.illuminati.attack import defender
from backroom.games.illuminati.cards import (
    ACTION,
    CARD_OF,
    DESTROY,
    FACE,
    PLACE,
    POWER,
    ROLLED,
    SPEND,
    START,
)
from backroom.games.illuminati.redistribution import WHITE_COLLAR_CRIME, white_collar
from backroom.games.illuminati.spending import reopen
from backroom.games.illuminati.turn import end_turn, order

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

CASH = {"slush_fund": 15, "swiss_bank_account": 25}
DEEP_AGENT, INTERFERENCE = "deep_agent", "interference"
SENATE, MARKET = "senate_investigating_committee", "market_manipulation"
ROLL_CARDS = {"assassination": 2, "murphys_law": 12}
SECRETS = "secrets_man_was_not_meant_to_know"
PLAIN = (*CASH, *ROLL_CARDS, DEEP_AGENT, INTERFERENCE, SENATE, MARKET, SECRETS)
"""Specials played with no argument (``("special", face)``)."""
ON_CARD = ("media_campaign", WHITE_COLLAR_CRIME)
"""Specials played on a card (``("special_on", face, card)``)."""
BRIBERY, WHISPERING = "bribery", "whispering_campaign"
KINDS = frozenset({"special", "special_on", "bribe", "unprivilege", "espionage"})
ESPIONAGE = "computer_espionage"


def needed_card(state: IlluminatiState) -> str | None:
    """The special the attack in flight cannot do without: Whispering Campaign to destroy a
    group without Power (the attacker may not give it away nor trade it)."""
    if state.p_mode == DESTROY and not POWER[state.p_target]:
        return WHISPERING
    return None


def show(state: IlluminatiState, seat: int, face: str) -> None:
    """An announcement told the table that ``seat`` holds a ``face`` it will spend later (a
    bribe, an attack only Whispering Campaign allows): everyone knows that card now, so a
    resample keeps it in that hand."""
    card = next(c for c in state.hands[seat] if FACE[c] == face)
    for s in range(state.n):
        state.known[s] |= 1 << card


def holds(state: IlluminatiState, seat: int, face: str) -> bool:
    return any(FACE[c] == face for c in state.hands[seat])


def discard(state: IlluminatiState, seat: int, face: str) -> None:
    card = next(c for c in state.hands[seat] if FACE[c] == face)
    state.hands[seat].remove(card)
    state.discard.append(card)


def anytime(state: IlluminatiState, seat: int) -> bool:
    """Ruling 16: "en cualquier momento" online is whenever the holder is asked to act."""
    return state.phase in (START, ACTION, SPEND, ROLLED) and seat in state.actors()


def plays(state: IlluminatiState, seat: int) -> list[tuple]:
    """The specials ``seat`` may play now (none from an empty hand: most seats asked)."""
    if not state.hands[seat]:
        return []
    faces = dict.fromkeys(FACE[c] for c in state.hands[seat])
    out: list[tuple] = []
    if anytime(state, seat):
        out += [("special", f) for f in faces if f in CASH]
        if ESPIONAGE in faces:
            out += [("espionage", s) for s in range(state.n) if s != seat and state.hands[s]]
        if "media_campaign" in faces:
            out += [("special_on", "media_campaign", FACE[c]) for c in state.dead]
        if WHITE_COLLAR_CRIME in faces:
            out += [("special_on", WHITE_COLLAR_CRIME, f) for f in state.structures[seat].cards()]
    if state.phase == ROLLED:
        out += [("special", f) for f in faces if f in ROLL_CARDS]
    if state.phase == START and seat in state.actors():
        if seat == state.active and MARKET in faces and not state.market:
            out.append(("special", MARKET))
        if seat != state.active and SENATE in faces:
            out.append(("special", SENATE))
    if state.phase == SPEND and state.p_privileged and seat in state.actors():
        out += privilege_answers(state, seat, list(faces))
    if state.phase == ACTION and BRIBERY in faces and state.actions_left > 0:
        out += bribes(state, seat)
    return out


def privilege_answers(state: IlluminatiState, seat: int, faces: list[str]) -> list[tuple]:
    """Against a privileged attack: Deep Agent ("Cancels that privilege; the attack cannot be
    made privileged again."), two specials discarded together ("Un jugador puede descartar
    *dos* cartas Especiales cualesquiera, juntas, para cancelar la confidencialidad de
    otro."), or Interference (its holder alone may then interfere)."""
    out: list[tuple] = []
    if seat == state.active:
        return out
    if DEEP_AGENT in faces:
        out.append(("special", DEEP_AGENT))
    if INTERFERENCE in faces and seat not in state.p_interferers and seat != defender(state):
        out.append(("special", INTERFERENCE))
    held = sorted(FACE[c] for c in state.hands[seat])
    pairs = {(a, b) for i, a in enumerate(held) for b in held[i + 1 :]}
    out += [("unprivilege", a, b) for a, b in sorted(pairs)]
    return out


def bribes(state: IlluminatiState, seat: int) -> list[tuple]:
    """ "Take control of any one uncontrolled group automatically": it goes on a free arrow
    of a card the briber names (the card does not say; SOURCES.md), as a capture would."""
    structure = state.structures[seat]
    return [
        ("bribe", FACE[target], master)
        for target in state.uncontrolled
        for master in structure.cards()
        if structure.placements(master, FACE[target])
    ]


def roll_window(state: IlluminatiState, start: int) -> Window:
    """The seats that may answer the dice: every seat holding specials (their number is
    public, so being asked tells nothing), in the order of play from ``start``."""
    return Window([s for s in order(state, start) if state.hands[s]])


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    kind, face = action[0], action[1]
    if seat == state.active:
        # "Usar una carta Especial" is a free action, so no 5 MB for the turn: in its action
        # phase or in a window of its turn (before its income, in its own attack)
        state.acted = True
    if kind == "bribe":
        show(state, seat, BRIBERY)
        state.phase, state.p_stage = PLACE, "bribe"
        state.p_target, state.p_attacker = CARD_OF[face], CARD_OF[action[2]]
        return
    if kind == "espionage":
        discard(state, seat, ESPIONAGE)
        _spy(state, seat, action[1], events)
        return
    if kind == "unprivilege":
        discard(state, seat, face)
        discard(state, seat, action[2])
        _open(state, seat, events)
        return
    discard(state, seat, face)
    if events is not None:
        events.append(Event("special", {"seat": seat, "card": face}))
    if face in CASH:
        state.earn(state.illuminati[seat], CASH[face])
    elif face == MARKET:
        state.market = True
    elif face == SENATE:
        # "That player loses the entire turn": no income, draw or action, nor the 5 MB of a
        # turn passed (ruling 21)
        state.acted = True
        state.window = CLOSED
        end_turn(state, events)
    elif face == DEEP_AGENT:
        _open(state, seat, events)
    elif face == INTERFERENCE:
        state.p_interferers.append(seat)
    elif face in ROLL_CARDS:
        state.p_roll = ROLL_CARDS[face]
        rest = order(state, seat)
        state.window = Window([s for s in rest[1:] + rest[:1] if state.hands[s]])
    elif face == WHITE_COLLAR_CRIME:
        white_collar(state, seat, action[2], events)
    else:
        card = CARD_OF[action[2]]
        state.dead.remove(card)
        state.uncontrolled.append(card)


def _open(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    """The privilege is cancelled: "Si se cancela la confidencialidad no podrá volver a
    aplicarse a ese ataque." Everyone who can spend is asked again, from the next seat."""
    state.p_privileged = False
    reopen(state, seat)
    if events is not None:
        events.append(Event("unprivileged", {"seat": seat}))


def _spy(state: IlluminatiState, seat: int, target: int, events: list[Event] | None) -> None:
    """Computer Espionage: "Either count the money on any one group card, or look at all of one
    player's Special cards." Treasuries are public here (ruling 11), so it shows a hand."""
    for card in state.hands[target]:
        state.known[seat] |= 1 << card
    if events is not None:
        events.append(Event("espionage", {"seat": seat, "target_seat": target}))
        seen = sorted(FACE[c] for c in state.hands[target])
        events.append(Event("espionage_seen", {"target_seat": target, "cards": seen}, to=(seat,)))


def moved(state: IlluminatiState, card: int, giver: int, receiver: int) -> None:
    """A special changed hands: only the two players know where it went."""
    bit = 1 << card
    for s in range(state.n):
        if s == giver:
            state.known[s] |= bit
        elif s != receiver:
            state.known[s] &= ~bit
