"""A seat's Politburó observation as a fixed-size vector (``backroom.engine.observation``).

It holds what ``view(seat, recall=True)`` shows, written straight from the state: the phase,
the open window, the attack in flight, a second decision owed (``step``), the 15 candidates
(owner, health, loyalty, fate, action marker, hospital, offices, and each of its two assigned
slots: face down, or the face the seat knows), the seat's hand, every hand's size, the deck,
the discard pile, the special cards lying in play and this turn's bookkeeping. Seats are
absolute (seat 0 first), like the seats in actions; candidates are their numbers 0-14, offices
0-4 from Industria to Secretario General. Faces are the 29 distinct faces in ``deck.json`` order
(``cards.FACES``; the 13 basic ones first), counts are divided by the copies of the face.
Health is divided by 10, loyalty mapped from its track (-5..25) onto [0, 1]. Left out because
they follow from the rest: each seat's hand limit, candidates in play and total loyalty.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from backroom.engine.observation import Layout
from backroom.games.politburo.cards import (
    AGRESION_FACES,
    BASIC_FACES,
    DECK_SIZE,
    FACE,
    FACE_VALUE,
    FACES,
    HAND,
    HEALTH_MAX,
    LOYALTY_MAX,
    LOYALTY_MIN,
    MAX_ASSIGNED,
    NC,
    OFFICES,
    PHASES,
    REACTIONS,
    REDRAW_EXTRA,
    ROUND_END,
    SETUP,
    TURN_END,
    TYPES,
)
from backroom.games.politburo.flow import HEALTH

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

F = len(FACES)
B = len(BASIC_FACES)
O = len(OFFICES)  # noqa: E741 (the offices, like the rules' numbering)
FACE_OF = tuple(FACES.index(f) for f in FACE)
"""The distinct face (0-28) of every card id."""
INDEX = {f: i for i, f in enumerate(FACES)}
COPIES = tuple(FACE.count(f) for f in FACES)
WINDOWS = (*REACTIONS, SETUP, TURN_END, ROUND_END)
"""A window's kind: a reaction (betray, attack, defame, dying, murdered, office) or the window
at the end of the setup, of a turn, of the round."""
STEPS = ("trim", "industry", "return", "counter_add", "redirect", "usurp", "smuggle")
EFFECT_FACES = ("popularidad", "patriotismo", "plan_quinquenal", "hospitalizacion")
"""The special cards that lie in play (``state.effects``), in the order of their kinds."""
EFFECT_SLOTS = sum(FACE.count(f) for f in EFFECT_FACES)
"""At most this many lie in play at once (one per card)."""
MOST_IN_HAND = HAND + O + REDRAW_EXTRA
"""Hand sizes are divided by this (and capped at 1): five, an office each, a redraw's two."""
STRONGEST = max(FACE_VALUE[f] for f in AGRESION_FACES) * (1 + FACE.count("contraataque"))
"""Attack amounts are divided by this (and capped at 1): an Agresión with both
¡Contraataque!s added."""
SLOT = 2 + B
"""Per assigned slot: occupied, face down (to this seat), then the basic face when known."""
CANDIDATE = 1 + 1 + 3 + 1 + 1 + O + MAX_ASSIGNED * SLOT
"""Per candidate, after its owner (n): health, loyalty, fate (3), marker, hospitalized,
offices held (5), the assigned slots."""
TRACK = LOYALTY_MAX - LOYALTY_MIN
assert FACES[:B] == BASIC_FACES, "an assigned slot's face is one-hot over the basic faces"


@cache
def _layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("seat", n, "the observing seat, one-hot"),
            ("phase", len(PHASES), "setup, turn, redraw, turn_end, round_end, over"),
            ("round", 1, "the round / the round limit"),
            ("active", n, "whose turn it is"),
            ("actors", n, "the seats that may act now"),
            (
                "window",
                len(WINDOWS),
                "the open window: betray, attack, defame, dying, murdered, office, setup, "
                "turn_end, round_end",
            ),
            ("window_seats", n, "the seats the window still asks"),
            ("dying", NC, "the candidate at 0 health whose cure window is open"),
            (
                "attack",
                2 + F + 1 + NC + n + NC + 1,
                f"the attack in flight: on health or loyalty (2), its card (29), amount / {STRONGEST}, "
                "target candidate (15), attacking seat (n), source candidate (15), "
                "sure (no defence)",
            ),
            (
                "step",
                len(STEPS),
                "a decision owed: trim, industry, return, counter_add, redirect, usurp, smuggle",
            ),
            ("step_seat", n, "the seat that owes it"),
            ("usurp_office", O, "the office a Usurpación claims"),
            ("industry_card", F, "the Ministro de Industria's drawn card, to its owner only"),
            (
                "candidates",
                NC * (n + CANDIDATE),
                "per candidate: owner seat (n, none if not dealt), health / 10, "
                "(loyalty + 5) / 30, fate (in play, dead, Siberia), action marker, "
                "hospitalized, offices held (5), two assigned slots (occupied, face down, "
                "the basic face (13) when this seat knows it)",
            ),
            ("hand", F, "this seat's hand per face / copies"),
            ("hand_sizes", n, f"cards in each seat's hand / {MOST_IN_HAND}"),
            ("deck", 1, f"cards left in the draw deck / {DECK_SIZE}"),
            ("discard", F, "the discard pile per face / copies"),
            (
                "effects",
                EFFECT_SLOTS * (len(EFFECT_FACES) + n + n + NC),
                "per special card lying in play, in order: the card (popularidad, patriotismo, "
                "plan_quinquenal, hospitalizacion), its player (n), the seat whose next turn "
                "ends it (n, none: the end of the round), its candidate (15)",
            ),
            ("typed", len(TYPES) * NC, "per basic type, the candidates a card of it was played on this turn"),
            ("activated", n * NC, "per seat, the candidate it activated this turn"),
            ("powers_used", O, "office powers used this round"),
            ("acted", 1, "the player on turn has acted"),
        ]
    )


class PolitburoObservation:
    """The encoder the manifest declares."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        return _layout(players)

    def encode(self, state: PolitburoState, seat: int, out: Any) -> None:
        n = state.n
        at = _layout(n).at
        out[at["seat"] + seat] = 1.0
        out[at["phase"] + PHASES.index(state.phase)] = 1.0
        out[at["round"]] = min(state.round / max(state.round_limit, 1), 1.0)
        out[at["active"] + state.active] = 1.0
        for s in state.actors():
            out[at["actors"] + s] = 1.0
        _window(state, at, out)
        _attack(state, n, at["attack"], out)
        if state.step:
            out[at["step"] + STEPS.index(state.step)] = 1.0
            out[at["step_seat"] + state.step_seat] = 1.0
            if state.step == "usurp":
                out[at["usurp_office"] + state.step_arg] = 1.0
            elif state.step == "industry" and seat == state.step_seat:
                out[at["industry_card"] + FACE_OF[state.extra]] = 1.0
        _candidates(state, seat, at["candidates"], out)
        _counts(out, at["hand"], state.hands[seat])
        for s in range(n):
            out[at["hand_sizes"] + s] = min(len(state.hands[s]) / MOST_IN_HAND, 1.0)
        out[at["deck"]] = len(state.deck) / DECK_SIZE
        _counts(out, at["discard"], state.discard)
        _effects(state, n, at["effects"], out)
        typed = at["typed"]
        for t, mask in enumerate(state.typed):
            c = 0
            while mask:
                if mask & 1:
                    out[typed + t * NC + c] = 1.0
                mask >>= 1
                c += 1
        for s, c in enumerate(state.used_from):
            if c >= 0:
                out[at["activated"] + s * NC + c] = 1.0
        for o in range(O):
            if (state.powers >> o) & 1:
                out[at["powers_used"] + o] = 1.0
        if state.acted:
            out[at["acted"]] = 1.0


def _window(state: PolitburoState, at: dict[str, int], out: Any) -> None:
    """The window as ``view`` shows it: a reaction, else the setup's or a turn's or round's end."""
    if state.react:
        out[at["window"] + WINDOWS.index(state.react)] = 1.0
        seats = state.window
        if state.dying >= 0:
            out[at["dying"] + state.dying] = 1.0
    elif state.phase in (SETUP, TURN_END, ROUND_END):
        out[at["window"] + WINDOWS.index(state.phase)] = 1.0
        seats = state.base
    else:
        return
    for s in seats:
        out[at["window_seats"] + s] = 1.0


def _attack(state: PolitburoState, n: int, cell: int, out: Any) -> None:
    if not state.p_kind:
        return
    out[cell + (0 if state.p_kind == HEALTH else 1)] = 1.0
    cell += 2
    out[cell + INDEX[state.p_face]] = 1.0
    cell += F
    out[cell] = min(state.p_amount / STRONGEST, 1.0)
    out[cell + 1 + state.p_target] = 1.0
    cell += 1 + NC
    out[cell + state.p_seat] = 1.0
    cell += n
    if state.p_from >= 0:
        out[cell + state.p_from] = 1.0
    if state.p_sure:
        out[cell + NC] = 1.0


def _candidates(state: PolitburoState, seat: int, cell: int, out: Any) -> None:
    """Per candidate (its fields bound once: this loop is half the encoder's time)."""
    n = state.n
    size = n + CANDIDATE
    for o, c in enumerate(state.office):
        if c >= 0:
            out[cell + c * size + n + 7 + o] = 1.0
    mask = state.known[seat]
    health, loyalty, fate = state.health, state.loyalty, state.fate
    marker, hospital, assigned = state.marker, state.hospital, state.assigned
    for c, owner in enumerate(state.owner):
        if owner >= 0:
            out[cell + owner] = 1.0
            k = cell + n
            out[k] = health[c] / HEALTH_MAX
            out[k + 1] = (loyalty[c] - LOYALTY_MIN) / TRACK
            out[k + 2 + fate[c]] = 1.0
            if marker[c]:
                out[k + 5] = 1.0
            if hospital[c] >= 0:
                out[k + 6] = 1.0
            cards = assigned[c]
            if cards:
                slot = k + 7 + O
                mine = owner == seat
                for x in cards:
                    out[slot] = 1.0
                    if mine or (mask >> x) & 1:
                        out[slot + 2 + FACE_OF[x]] = 1.0
                    else:
                        out[slot + 1] = 1.0
                    slot += SLOT
        cell += size


def _effects(state: PolitburoState, n: int, cell: int, out: Any) -> None:
    size = len(EFFECT_FACES) + 2 * n + NC
    for card, _kind, by, until, c, *_ in state.effects:
        out[cell + EFFECT_FACES.index(FACE[card])] = 1.0
        k = cell + len(EFFECT_FACES)
        out[k + by] = 1.0
        if until >= 0:
            out[k + n + until] = 1.0
        if c >= 0:
            out[k + 2 * n + c] = 1.0
        cell += size


def _counts(out: Any, start: int, cards: list[int]) -> None:
    """Cards per face / copies of the face (counted first: the sum does not depend on order)."""
    counts: dict[int, int] = {}
    for x in cards:
        face = FACE_OF[x]
        counts[face] = counts.get(face, 0) + 1
    for face, count in counts.items():
        out[start + face] = count / COPIES[face]


ENCODER = PolitburoObservation()
