"""A seat's Illuminati observation as a fixed-size vector (``backroom.engine.observation``).

It holds what ``view(seat)`` shows, written straight from the state: the phase and who acts,
each player (Illuminati, alive, turns played, specials held, groups destroyed), every card
that can sit in a structure (where it lies, its treasury, its place in its structure, and its
part in this turn and in the attack or transfer in flight), the specials by face (this seat's
hand, the ones it has seen in other hands, the discard pile), the deck's size, the turn's
bookkeeping, the attack in flight, the UFOs' chosen goal (to the UFOs only) and the deal being
made (its specials' faces to its two parties only, as ``deal_view`` shows it); with hidden
Illuminati, what the table knows of each seat's card (face up or not, claims, treasury,
accusations). Left out: how many attacks were cancelled (whether one was is written) and the
layout a Bermuda Triangle redistribution is drafting. Seats are absolute (seat 0 first), like
the seats in actions; cards are their ids 0-90 (the eight Illuminati, then the groups,
``cards.py``), specials the 14 faces of ``SPECIAL_FACES`` (the two Interference cards share
one, counted / 2). A structure is drawn by each card's cell (the Illuminati at the origin), its
turn and its distance from the Illuminati: which master a card hangs from follows from the
cells of the cards beside it. Money is divided by ``MONEY_SCALE`` and capped at 1.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Any

from backroom.engine.observation import Layout
from backroom.games.illuminati import attack, concealment, goals
from backroom.games.illuminati.cards import (
    ACTIONS_PER_TURN,
    ALIGNMENTS,
    CARD_OF,
    CONTROLLABLE,
    FACE,
    FREE_TRANSFERS,
    GIFTS_OUT_OF_TURN,
    ILLUMINATI,
    INCOME,
    MAX_COUNTERS,
    MAX_OFFERS,
    MODES,
    NUM_CARDS,
    PHASES,
    POWER,
    SPECIAL_CARDS,
    SPECIAL_FACES,
    is_special,
)
from backroom.games.illuminati.view import chance_of

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

C = len(CONTROLLABLE)
S = len(SPECIAL_FACES)
SPECIAL_INDEX = {f: i for i, f in enumerate(SPECIAL_FACES)}
COPIES = tuple(sum(1 for c in SPECIAL_CARDS if FACE[c] == f) for f in SPECIAL_FACES)
MONEY_SCALE = 150
"""Treasuries and sums spent are divided by this (the Gnomes' goal, the most money the rules
name) and capped at 1."""
REACH = 16
"""Cells and distances are divided by this: a structure of at most ``REACH`` links each way."""
STAGES = ("attacker", "aid", "place", "move", "bribe")
"""The step of an attack (or of a move or a bribe) that waits for a decision."""
REDISTRIBUTIONS = ("gnomes", "bermuda", "white_collar")
CLAIM_SCALE = max(max(POWER[c], INCOME[c]) for c in ILLUMINATI) + 1
"""Claimed Power and income are divided by this: the most any Illuminati may claim (its printed
number, one more exaggerating)."""
CARD = 20
"""Per card after its owner: uncontrolled, dead, out, money, distance, rotation (4), cell x,
cell y, used, offered, target, attacker, helper, transfer from, transfer to, laser changed."""


@cache
def _layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("seat", n, "the observing seat, one-hot"),
            ("phase", len(PHASES), ", ".join(PHASES)),
            ("active", n, "whose turn it is"),
            ("actors", n, "the seats that may act now"),
            ("window_seats", n, "the seats the spending round still asks"),
            (
                "players",
                n * (len(ILLUMINATI) + 4),
                f"per seat: its Illuminati (8), alive, turns played / round limit, specials held / {S}, "
                "groups destroyed / 10",
            ),
            (
                "cards",
                C * (n + CARD),
                f"per Illuminati or group (91): owner seat (n), uncontrolled, dead, out (an eliminated "
                f"player's Illuminati), money / {MONEY_SCALE}, distance from its Illuminati / {REACH}, "
                f"rotation (4), (cell x + {REACH}) / {2 * REACH}, (cell y + {REACH}) / {2 * REACH}, "
                "used this turn, offered in the deal being made, the attack's target, attacker, helper, "
                "the transfer's source, destination, its alignments changed by the Lasers",
            ),
            ("hand", S, "this seat's specials per face / copies"),
            ("seen", n * S, "per seat, the specials in its hand this seat has seen, per face / copies"),
            ("discard", S, "the discarded specials per face / copies"),
            ("deck", 1, f"cards left in the deck / {NUM_CARDS}"),
            (
                "turn",
                8 + len(REDISTRIBUTIONS),
                f"actions left / {ACTIONS_PER_TURN}, free transfers left / {FREE_TRANSFERS}, acted, "
                "an attack cancelled since the position last changed, Bavarian privilege used, "
                "Market Manipulation played, "
                "Recyclers drawn, goal (groups to control) / 20, "
                "redistribution: gnomes, bermuda, white_collar",
            ),
            (
                "attack",
                len(MODES) + len(STAGES) + 4 + len(attack.RATES) + n + 2,
                "the attack in flight: mode (3), stage (attacker, aid, place, move, bribe), privileged, "
                f"committed, the chance of success, a free transfer after a capture, spent by each party "
                f"(attacker, defending group, defender's Illuminati, support, oppose) / {MONEY_SCALE}, "
                "interfering seats (n), the roll / 12 once rolled, rolled",
            ),
            (
                "lasers",
                len(ALIGNMENTS),
                "the alignments the Orbital Mind Control Lasers gave a group this turn",
            ),
            (
                "secret_goal",
                len(ILLUMINATI),
                "the special goal this seat wrote down (the UFOs, or every seat with secret goals or "
                "hidden Illuminati), to this seat only",
            ),
            (
                "deal",
                3 * n + 8 + 2 * S,
                f"the deal being made: offering seat (n), receiving seat (n), made out of turn, "
                f"counter-offers left / {MAX_COUNTERS}, grown since last turned round, money given and "
                f"money asked / {MONEY_SCALE}, specials given and specials asked per face / copies (to "
                f"its two parties only), and how many of each / {S}; offers made this turn / "
                f"{MAX_OFFERS}, gifts and offers out of turn per seat / {GIFTS_OUT_OF_TURN}",
            ),
            (
                "face_down",
                n * (4 + len(ILLUMINATI)),
                "with hidden Illuminati, per seat: identified (its card face up), the Power and the "
                f"income claimed / {CLAIM_SCALE}, its Illuminati's money / {MONEY_SCALE} (a face-down "
                "card's entries in `cards` are blank), the Illuminati an accusation ruled out (8)",
            ),
        ]
    )


class IlluminatiObservation:
    """The encoder the manifest declares."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        return _layout(players)

    def encode(self, state: IlluminatiState, seat: int, out: Any) -> None:
        n = state.n
        at = _layout(n).at
        out[at["seat"] + seat] = 1.0
        out[at["phase"] + PHASES.index(state.phase)] = 1.0
        out[at["active"] + state.active] = 1.0
        for s in state.actors():
            out[at["actors"] + s] = 1.0
        for s in state.window:
            out[at["window_seats"] + s] = 1.0
        _players(state, at["players"], out)
        _cards(state, at["cards"], out)
        _specials(out, at["hand"], state.hands[seat], lambda c: True)
        for s in range(n):
            if s != seat:
                known = state.known[seat]
                _specials(out, at["seen"] + s * S, state.hands[s], lambda c, k=known: bool((k >> c) & 1))
        _specials(out, at["discard"], state.discard, lambda c: True)
        out[at["deck"]] = len(state.deck) / NUM_CARDS
        _turn(state, at["turn"], out)
        _attack(state, at["attack"], out)
        if state.laser_card >= 0:
            for i in range(len(ALIGNMENTS)):
                if (state.laser_align >> i) & 1:
                    out[at["lasers"] + i] = 1.0
        if goals.chooses(state, seat) and state.goal_choice[seat] >= 0:
            out[at["secret_goal"] + state.goal_choice[seat]] = 1.0
        _deal(state, seat, at["deal"], out)
        if state.hidden_mode != concealment.OFF:
            _face_down(state, at["face_down"], out)
        _conceal(state, seat, at["players"], at["cards"], out)


def _conceal(state: IlluminatiState, seat: int, players: int, cards: int, out: Any) -> None:
    """With hidden Illuminati, nothing of the cards this seat cannot tell apart: the other
    seats' face-down Illuminati and the Illuminati not dealt are written alike (all zero), so
    neither which card a seat holds nor which cards are in play shows (ruling 38)."""
    concealed = [s for s in range(state.n) if s != seat and concealment.conceals(state, s)]
    if not concealed:
        return
    known = {state.illuminati[s] for s in range(state.n) if s not in concealed}
    size = state.n + CARD
    for s in concealed:
        out[players + s * (len(ILLUMINATI) + 4) + state.illuminati[s]] = 0.0
    for card in ILLUMINATI:
        if card not in known:
            for k in range(cards + card * size, cards + (card + 1) * size):
                out[k] = 0.0


def _players(state: IlluminatiState, cell: int, out: Any) -> None:
    size = len(ILLUMINATI) + 4
    for s in range(state.n):
        out[cell + state.illuminati[s]] = 1.0
        k = cell + len(ILLUMINATI)
        if state.alive[s]:
            out[k] = 1.0
        out[k + 1] = min(state.turns[s] / max(state.round_limit, 1), 1.0)
        out[k + 2] = min(len(state.hands[s]) / S, 1.0)
        out[k + 3] = min(state.destroyed[s] / 10, 1.0)
        cell += size


def _cards(state: IlluminatiState, cell: int, out: Any) -> None:
    """Where each card lies and what it did; a structure's cards by their cell and turn."""
    n = state.n
    size = n + CARD
    for c in state.uncontrolled:
        out[cell + c * size + n] = 1.0
    for c in state.dead:
        out[cell + c * size + n + 1] = 1.0
    for c in state.out:
        out[cell + c * size + n + 2] = 1.0
    for s in range(n):
        if not state.alive[s]:
            continue
        structure = state.structures[s]
        for face in structure.cards():
            k = cell + CARD_OF[face] * size
            out[k + s] = 1.0
            k += n
            x, y = structure.cell(face)
            out[k + 4] = min(structure.distance(face) / REACH, 1.0)
            out[k + 5 + structure.rotation(face) % 4] = 1.0
            out[k + 9] = min(max((x + REACH) / (2 * REACH), 0.0), 1.0)
            out[k + 10] = min(max((y + REACH) / (2 * REACH), 0.0), 1.0)
    money = state.money
    for c in compress(range(C), money):  # the few cards with money or used, found in C
        out[cell + c * size + n + 3] = min(money[c] / MONEY_SCALE, 1.0)
    for c in compress(range(C), state.used):
        out[cell + c * size + n + 11] = 1.0
    for c in (*state.d_give, *state.d_take):
        if c < C:  # a group: specials offered are the two parties' alone (ruling 29)
            out[cell + c * size + n + 12] = 1.0
    roles = ([state.p_target], [state.p_attacker], state.p_helpers, [state.t_from], [state.t_to])
    for flag, cards in enumerate((*roles, [state.laser_card])):
        for c in cards:
            if 0 <= c < C:
                out[cell + c * size + n + 13 + flag] = 1.0


def _specials(out: Any, start: int, cards: list[int], shown: Any) -> None:
    """The specials of ``cards`` that ``shown`` lets through, per face / copies."""
    for c in cards:
        if shown(c):
            face = SPECIAL_INDEX[FACE[c]]
            out[start + face] += 1.0 / COPIES[face]


def _turn(state: IlluminatiState, cell: int, out: Any) -> None:
    out[cell] = max(state.actions_left, 0) / ACTIONS_PER_TURN
    out[cell + 1] = max(state.transfers_left, 0) / FREE_TRANSFERS
    out[cell + 2] = float(state.acted)
    out[cell + 3] = float(bool(state.cancelled))
    out[cell + 4] = float(state.privileged_used)
    out[cell + 5] = float(state.market)
    out[cell + 6] = float(state.recycled)
    out[cell + 7] = min(state.goal / 20, 1.0)
    if state.redistribute:
        out[cell + 8 + REDISTRIBUTIONS.index(state.redistribute)] = 1.0


def _attack(state: IlluminatiState, cell: int, out: Any) -> None:
    if state.p_stage:
        out[cell + len(MODES) + STAGES.index(state.p_stage)] = 1.0
    k = cell + len(MODES) + len(STAGES)
    out[k + 3] = float(state.t_free)
    if not state.p_mode:
        return
    out[cell + MODES.index(state.p_mode)] = 1.0
    out[k] = float(state.p_privileged)
    out[k + 1] = float(state.p_committed)
    if state.phase != "rolled" and state.p_attacker >= 0:
        out[k + 2] = chance_of(attack.needed(state))
    k += 4
    for i, mb in enumerate(state.p_spent):
        out[k + i] = min(mb / MONEY_SCALE, 1.0)
    k += len(attack.RATES)
    for s in state.p_interferers:
        out[k + s] = 1.0
    if state.phase == "rolled":
        out[k + state.n] = state.p_roll / 12
        out[k + state.n + 1] = 1.0


def _deal(state: IlluminatiState, seat: int, cell: int, out: Any) -> None:
    """The offer on the table as ``deal_view.shown`` gives it, and the turn's count of offers."""
    n = state.n
    counts = cell + 2 * n + 7 + 2 * S  # after the offer: the turn's offers, each seat's gifts
    out[counts] = min(state.offers / MAX_OFFERS, 1.0)
    for s, gifts in enumerate(state.gifts):
        out[counts + 1 + s] = min(gifts / GIFTS_OUT_OF_TURN, 1.0)
    if state.d_seat < 0:
        return
    out[cell + state.d_from] = 1.0
    out[cell + n + state.d_seat] = 1.0
    k = cell + 2 * n
    out[k] = float(bool(state.d_phase))
    out[k + 1] = (MAX_COUNTERS - state.d_counters) / MAX_COUNTERS
    out[k + 2] = float(state.d_added)
    out[k + 3] = min(state.d_give_mb / MONEY_SCALE, 1.0)
    out[k + 4] = min(state.d_take_mb / MONEY_SCALE, 1.0)
    party = seat in (state.d_from, state.d_seat)
    for side, cards in enumerate((state.d_give, state.d_take)):
        specials = [c for c in cards if is_special(c)]
        if party:
            _specials(out, k + 5 + side * S, specials, lambda c: True)
        out[k + 5 + 2 * S + side] = min(len(specials) / S, 1.0)


def _face_down(state: IlluminatiState, cell: int, out: Any) -> None:
    """What the table knows of each seat's Illuminati (``view.concealed``): whether it is face
    up, the claims, its treasury (public, ruling 11), and the cards accusations ruled out."""
    for s in range(state.n):
        out[cell] = float(not concealment.conceals(state, s))
        out[cell + 1] = min(state.shown_power[s] / CLAIM_SCALE, 1.0)
        out[cell + 2] = min(state.shown_income[s] / CLAIM_SCALE, 1.0)
        out[cell + 3] = min(state.money[state.illuminati[s]] / MONEY_SCALE, 1.0)
        for card in ILLUMINATI:
            if (state.ruled_out[s] >> card) & 1:
                out[cell + 4 + card] = 1.0
        cell += 4 + len(ILLUMINATI)


ENCODER = IlluminatiObservation()
