"""Resampling a Politburó position: what a seat cannot see, dealt again from the caller's rng.

Hidden from ``seat``: the deck's order, the other players' hands (but a card the table saw
taken into one from the discard pile with Contrabando, ``open_hand``), the cards other players
assigned to their candidates that the seat has not looked at (Líder del NKVD), and the card
another Ministro de Industria is deciding about. Those cards are redealt uniformly over the
same places, an assigned card from the basic cards alone (no special may be assigned); the
discard pile and everything in play are public. The future's chance is
re-seeded from ``rng`` (``Chance.reseeded``), so reshuffles differ from the real ones.

Windows tell the table something: a window asks only the seats that can answer, so a seat
asked holds an answer. A redeal keeps that for the window open now, and for every window a
seat was asked in and passed (``remember``: the cards it passed with are still where they
were, unless shown since). A redeal that breaks one of these is repaired by swapping hidden
cards, and dealt again if no swap repairs it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from backroom.engine.resampling import carry_knowledge
from backroom.engine.resampling import redeal as redeal_places
from backroom.games.politburo.cards import FACE_BITS, ROUND_END, TURN_END, TYPE
from backroom.games.politburo.reactions import can_answer
from backroom.games.politburo.tells import answer_faces

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


Place = tuple[list[int], int]
Fact = tuple[int, tuple[tuple[int, int], ...]]
"""A seat that passed in a window, and what it held then: for each place it hid cards, the
cards there and the cards that would have answered (bit masks of card ids). One of the
first was one of the second."""
Pass = tuple[int, str, "PolitburoState"]
"""A pass not worked out yet: the seat, the window, and a copy of the position then."""
Shown = int
"""The cards face up when the discard pile became the deck (a mask): the facts before it are
settled against them (``settle``) when they are worked out."""
ATTEMPTS = 20
"""Redeals tried before giving up on the windows closed earlier (see ``redeal``)."""


def asked(state: PolitburoState) -> tuple[tuple[int, ...], str]:
    """The seats the open window asks, and the window (none: ``((), "")``)."""
    if state.react:
        return tuple(state.window), state.react
    if state.phase in (TURN_END, ROUND_END) and not state.step:
        return tuple(state.base), state.phase
    return (), ""


def remember(state: PolitburoState, seat: int) -> None:
    """``seat`` passes in the open window, which asked it because it held an answer. Kept as
    the position it passed in, worked out into a fact only when a resample or a save needs
    it (``facts``): most passes of a playout never are."""
    seats, react = asked(state)
    if state.step or seat not in seats:
        return
    state.facts = (*state.facts, (seat, react, state.clone()))


def reshuffled(state: PolitburoState) -> None:
    """The discard pile becomes the deck: its cards, face up until now, hide again. The facts
    so far are settled against them, when worked out (a playout seldom needs them)."""
    if state.facts:
        state.facts = (*state.facts, public(state))


def facts(state: PolitburoState) -> tuple[Fact, ...]:
    """``state``'s facts, each pass worked out (and kept so)."""
    done = written(state.facts)
    state.facts = done
    return done


def written(kept: tuple[Fact | Pass | Shown, ...]) -> tuple[Fact, ...]:
    """The facts, passes worked out: which cards lay at each place, which would have answered;
    each reshuffle settles those before it."""
    out: list[Fact] = []
    for f in kept:
        if isinstance(f, int):
            out = list(settle(tuple(out), f))
        elif len(f) == 3:
            seat, react, then = f
            groups = []
            for cards, answers in answer_faces(then, seat, react):
                held, answering = _mask(cards), _answering(answers)
                if held & answering:
                    groups.append((held, answering))
            out.append((seat, tuple(groups)))
        else:
            out.append(f)
    return tuple(out)


def public(state: PolitburoState) -> int:
    """The cards face up now (the discard pile and the special cards in play), as a mask."""
    return _mask(state.discard) | _mask([e[0] for e in state.effects])


def settle(facts: tuple[Fact, ...], shown: int) -> tuple[Fact, ...]:
    """The facts with the cards in ``shown`` (face up now, perhaps hidden again later, as when
    the discard pile becomes the deck) taken out: a fact one of them answered is settled."""
    out = []
    for seat, groups in facts:
        if any(held & shown & answering for held, answering in groups):
            continue
        out.append((seat, tuple((held & ~shown, answering) for held, answering in groups)))
    return tuple(out)


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


@cache
def _answering(faces: frozenset[str]) -> int:
    mask = 0
    for f in faces:
        mask |= FACE_BITS[f]
    return mask


def encode(kept: tuple[Fact | Pass | Shown, ...]) -> list[Any]:
    """Facts as JSON (masks as decimal strings: 98-bit numbers)."""
    return [[seat, [[str(h), str(a)] for h, a in groups]] for seat, groups in written(kept)]


def decode(data: Any) -> tuple[Fact, ...]:
    try:
        return tuple((int(seat), tuple((int(h), int(a)) for h, a in groups)) for seat, groups in data)
    except (TypeError, ValueError) as error:
        raise ValueError("facts must be [seat, [[held, answering], ...]] rows") from error


def redeal(real: PolitburoState, other: PolitburoState, seat: int, rng: random.Random) -> None:
    """Fill ``other`` (a clone of ``real``) with a redeal consistent with ``seat``'s view."""
    mask = real.known[seat]
    places: list[Place] = []
    owners: list[int] = []
    slots: list[int] = []
    """The places that are cards assigned face down: basic cards only, as every seat knows."""
    for s in range(real.n):
        if s != seat:
            hand = other.hands[s]
            shown = real.open_hand[s]  # taken from the discard pile in view of all: left in place
            hidden = [(hand, i) for i in range(len(hand)) if not (shown >> hand[i]) & 1]
            places += hidden
            owners += [s] * len(hidden)
    for c, cards in enumerate(other.assigned):
        if real.owner[c] != seat:
            mine = [(cards, i) for i in range(len(cards)) if not (mask >> cards[i]) & 1]
            slots += range(len(places), len(places) + len(mine))
            places += mine
            owners += [real.owner[c]] * len(mine)
    held = [other.extra]
    if other.extra >= 0 and other.step_seat != seat:
        places.append((held, 0))
        owners.append(other.step_seat)
    before = [where[i] for where, i in places]
    known = facts(real)
    # Met by every deal, the assigned cards' check comes first: no repair may break it.
    basic: Check = (slots, partial(_basic, places, slots))
    checks = [basic, *_checks(other, seat, places, owners, before, known)]
    for _ in range(ATTEMPTS):  # the window open now is checked first: the last redeal keeps it
        redeal_places(places, other.deck, rng, _is_basic, slots)
        if _repaired(checks, places, other.deck, rng):
            break
    other.extra = held[0]
    after = [where[i] for where, i in places]
    other.known = carry_knowledge(real.known, seat, before, after)
    other.facts = _moved(known, dict(zip(before, after, strict=True))) if known else ()
    other.chance = real.chance.reseeded(rng)
    other._outcome = None


def _is_basic(card: int) -> bool:
    """Whether ``card`` may lie assigned face down: "Solo las cartas de juego pueden ser
    asignadas a un candidato, nunca las especiales ni las de cura." (Dealt from every card,
    about a fifth of the assigned cards were specials.)"""
    return TYPE[card] >= 0


def _basic(places: list[Place], slots: list[int]) -> bool:
    for n in slots:
        where, i = places[n]
        if not _is_basic(where[i]):
            return False
    return True


Check = tuple[list[int], Callable[[], bool]]
"""A constraint on a redeal: the places (indexes) that may be changed to meet it, and it."""


def _checks(
    other: PolitburoState,
    seat: int,
    places: list[Place],
    owners: list[int],
    before: list[int],
    known: tuple[Fact, ...],
) -> list[Check]:
    """What the redeal must keep: an answer for each other seat the open window asks, then an
    answer among the cards each fact names (a card dealt again: whatever lies at its place)."""
    waiting, react = asked(other)
    out: list[Check] = [
        ([k for k, o in enumerate(owners) if o == s], partial(can_answer, other, s, react))
        for s in waiting
        if s != seat
    ]
    at = {card: k for k, card in enumerate(before)}
    for s, groups in known:
        if s == seat:
            continue
        tests: list[tuple[int, int]] = []
        settled = False
        for held, answering in groups:
            for card in _cards(held):
                if card in at:
                    tests.append((at[card], answering))
                elif (answering >> card) & 1:
                    settled = True  # a card the seat sees (its own, or shown to it by the NKVD)
        if not settled:
            out.append((sorted(k for k, _ in tests), partial(_holds, places, tests)))
    return out


def _moved(facts: tuple[Fact, ...], moved: dict[int, int]) -> tuple[Fact, ...]:
    """The facts about the cards dealt again, now about the cards dealt to their places."""
    out = []
    for seat, groups in facts:
        again = []
        for held, answering in groups:
            mask = 0
            for card in _cards(held):
                mask |= 1 << moved.get(card, card)
            again.append((mask, answering))
        out.append((seat, tuple(again)))
    return tuple(out)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _holds(places: list[Place], tests: list[tuple[int, int]]) -> bool:
    for k, answering in tests:
        where, i = places[k]
        if (answering >> where[i]) & 1:
            return True
    return False


def _repaired(checks: list[Check], places: list[Place], deck: list[int], rng: random.Random) -> bool:
    """Meet every check by swapping, for each one broken, a card at one of its places with a
    hidden card anywhere (tried in random order) that breaks none of those met already."""
    met: list[Callable[[], bool]] = []
    for fixable, check in checks:
        if check():
            met.append(check)
            continue
        pool = places + [(deck, i) for i in range(len(deck))]
        if not _swapped(fixable, pool, check, met, rng):
            return False
        met.append(check)
    return True


def _swapped(
    fixable: list[int],
    pool: list[Place],
    check: Callable[[], bool],
    met: list[Callable[[], bool]],
    rng: random.Random,
) -> bool:
    spots = fixable[:]
    donors = list(range(len(pool)))
    rng.shuffle(spots)
    rng.shuffle(donors)
    for k in spots:
        where, i = pool[k]
        for j in donors:
            there, m = pool[j]
            where[i], there[m] = there[m], where[i]
            if check() and all(c() for c in met):
                return True
            where[i], there[m] = there[m], where[i]
    return False
