"""What cards do to candidates: loyalty and health, the end of a candidacy, and the offices.

Each function changes the state and appends events unless ``events`` is ``None`` (a quiet
apply). None of them asks anyone anything: the reaction windows that follow an effect are
opened by ``flow.advance``, which reads the flags set here (``office_dirty``, ``murdered``,
a candidate at 0 health).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.politburo.cards import (
    DEAD,
    FACE,
    FATES,
    HEALTH_MAX,
    HOSPITAL,
    LOYALTY_MAX,
    LOYALTY_MIN,
    NC,
    OFFICE_MIN,
    OFFICES,
    OVER,
    PATRIOTISMO,
    PLAN_GAIN,
    POPULARIDAD,
    ROUND_GAIN,
    SECRETARIO,
    cand,
    cause,
)
from backroom.games.politburo.legality import board

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

Events = list[Event] | None


def effect_count(state: PolitburoState, kind: int, seat: int) -> int:
    count = 0  # a loop: a comprehension would capture ``kind`` and ``seat`` in cells at every gain
    for e in state.effects:
        if e[1] == kind and e[2] == seat:
            count += 1
    return count


def gain(state: PolitburoState, c: int, amount: int, events: Events, why: str) -> None:
    """Loyalty up (track to 25); each Patriotismo Heroico in force adds one (R, card 17)."""
    if amount > 0:
        amount += effect_count(state, PATRIOTISMO, state.owner[c])
    _set_loyalty(state, c, state.loyalty[c] + amount, events, why)


def round_gain(state: PolitburoState, planned: set[int], events: Events) -> None:
    """The end of a round: ``gain`` for every candidate in play, a point of loyalty, three for
    the players in ``planned`` (Plan quinquenal in force); Patriotismo counted once a player."""
    n = state.n
    bonus = [effect_count(state, PATRIOTISMO, seat) for seat in range(n)] if state.effects else [0] * n
    loyalty, owner = state.loyalty, state.owner
    for c in board(state)[3]:
        seat = owner[c]
        if seat in planned:
            _set_loyalty(state, c, loyalty[c] + PLAN_GAIN + bonus[seat], events, "plan_quinquenal")
        else:
            _set_loyalty(state, c, loyalty[c] + ROUND_GAIN + bonus[seat], events, "round")


def lose(state: PolitburoState, c: int, amount: int, events: Events, why: str) -> None:
    """Loyalty down (track to -5); each Popularidad in force takes one off (R, card 09-10)."""
    amount -= effect_count(state, POPULARIDAD, state.owner[c])
    if amount < 0:  # not ``max``: see ``_set_loyalty``
        amount = 0
    _set_loyalty(state, c, state.loyalty[c] - amount, events, why)


def _set_loyalty(state: PolitburoState, c: int, value: int, events: Events, why: str) -> None:
    before = state.loyalty[c]
    # Clamped without ``min`` and ``max``: on CPython 3.11 each call of them parses its keyword
    # arguments, some 1,200 machine instructions, a few times an action in a playout.
    state.loyalty[c] = LOYALTY_MAX if value > LOYALTY_MAX else LOYALTY_MIN if value < LOYALTY_MIN else value
    state.office_dirty = True
    if events is not None:
        events.append(
            Event(
                "loyalty",
                {"candidate": cand(c), "before": before, "after": state.loyalty[c], "cause": cause(why)},
            )
        )


def hurt(state: PolitburoState, c: int, amount: int, events: Events, why: str) -> None:
    """Health down (0 is death, decided by ``flow.advance`` after the cure window)."""
    before = state.health[c]
    state.health[c] = before - amount if before > amount else 0  # not ``max``: see ``_set_loyalty``
    state.wounded = True
    if events is not None:
        events.append(
            Event(
                "health",
                {"candidate": cand(c), "before": before, "after": state.health[c], "cause": cause(why)},
            )
        )


def heal(state: PolitburoState, c: int, amount: int, events: Events, why: str) -> None:
    before = state.health[c]
    state.health[c] = min(HEALTH_MAX, before + amount)
    if events is not None:
        events.append(
            Event(
                "health",
                {"candidate": cand(c), "before": before, "after": state.health[c], "cause": cause(why)},
            )
        )


def remove(state: PolitburoState, c: int, fate: int, events: Events) -> None:
    """The end of a candidacy (R, "Descartando un candidato"): the card is turned face down,
    its assigned cards are discarded (and shown: the discard pile is public, ruling 2), its
    office falls vacant, it leaves the hospital, and its player's hand shrinks by one
    (``state.hand_max``)."""
    state.fate[c] = fate
    shown = [state.assigned[c][i] for i in range(len(state.assigned[c]))]
    state.discard += shown
    state.assigned[c] = []
    _forget(state, shown)
    for e in [e for e in state.effects if e[1] == HOSPITAL and e[4] == c]:
        state.effects.remove(e)
        state.discard.append(e[0])
        state.hospital[c] = -1  # out of the game, out of hospital: its marker comes off with the round's
    for o in range(len(OFFICES)):
        if state.office[o] == c:
            state.office[o] = -1
            state.office_event = True
    state.office_dirty = True
    state.culled = True
    if fate == DEAD:
        state.murdered.append(state.owner[c])
    if events is not None:
        events.append(
            Event(
                "removed",
                {
                    "candidate": cand(c),
                    "seat": state.owner[c],
                    "fate": {"$": f"politburo.fate.{FATES[fate]}"},
                    "cards": [FACE[x] for x in shown],
                },
            )
        )


def _forget(state: PolitburoState, cards: list[int]) -> None:
    """Cards that leave a candidate face up are public: nobody 'knows' them any more."""
    mask = 0
    for x in cards:
        mask |= 1 << x
    if mask:
        state.known = [k & ~mask for k in state.known]


# ------------------------------------------------------------------------ offices


def promote(state: PolitburoState, events: Events) -> None:
    """Offices follow loyalty (R, "Ostentar Cargos", "Ascensos", "Empates"), highest first.

    An office is open when it is vacant or its holder is below its minimum; then the candidate
    in play with the most loyalty at or above the minimum, holding no office as high, takes it
    (leaving a lower office vacant for the offices below, looked at next). Equal loyalty: the
    player whose candidates in play total more loyalty; still equal, the office stays as it
    is until there is a clear candidate, and the tied pair still leads every lower office
    they both qualify for (ruling 34). A holder below the minimum keeps the office until
    someone takes it (the NKVD example). One pass from the top settles every office, because
    a move only ever frees an office lower than the one being filled.
    """
    state.office_dirty = False
    office, loyalty = state.office, state.loyalty
    reach = bisect_right(OFFICE_MIN, max(loyalty))  # the offices above: no one has their loyalty
    rank: list[int] | None = None  # each candidate's office: built only if an office is open
    live: tuple[int, ...] = ()
    top_loyalty = LOYALTY_MAX + 1  # the most loyalty in play: looked up only if an office is open
    for o in range(reach - 1, -1, -1):
        holder = office[o]
        need = OFFICE_MIN[o]
        if holder >= 0 and loyalty[holder] >= need:
            continue
        if top_loyalty > LOYALTY_MAX:
            live = board(state)[3]
            top_loyalty = max(map(loyalty.__getitem__, live), default=LOYALTY_MIN)
        if top_loyalty < need:
            continue
        if rank is None:
            rank = [-1] * NC
            for held, c in enumerate(office):
                if c >= 0:
                    rank[c] = held
        rivals = []  # a loop, not a comprehension (cheaper on CPython 3.11): most find none
        for c in live:
            if loyalty[c] >= need and c != holder and rank[c] < o:
                rivals.append(c)
        if not rivals:
            continue
        best, tied = _leader(state, rivals)
        if best < 0:
            if events is not None:
                events.append(Event("office_tied", {"office": office_param(o), "candidates": tied}))
            continue
        if holder >= 0:
            rank[holder] = -1
        rank[best] = o
        take_office(state, best, o, events)


def _leader(state: PolitburoState, rivals: list[int]) -> tuple[int, list[int]]:
    """Who of ``rivals`` takes an office (``promote``): the most loyalty, then the most
    loyalty of its player's candidates in play; -1 and the tied candidates when none leads.
    Apart from ``promote``, whose every call would otherwise make a cell for each variable
    these comprehensions capture."""
    loyalty = state.loyalty
    top = max([loyalty[c] for c in rivals])
    rivals = [c for c in rivals if loyalty[c] == top]
    if len(rivals) == 1:
        return rivals[0], rivals
    totals = {c: total_loyalty(state, state.owner[c]) for c in rivals}
    most = max(totals.values())
    leaders = [c for c in rivals if totals[c] == most]
    return (leaders[0] if len(leaders) == 1 else -1), rivals


def take_office(state: PolitburoState, c: int, o: int, events: Events) -> None:
    """``c`` holds office ``o`` now; its former (lower) office falls vacant; the Secretary
    General's office wins the game at once (R)."""
    previous = state.office[o]
    for h in range(len(OFFICES)):
        if state.office[h] == c:
            state.office[h] = -1
    state.office[o] = c
    state.office_event = True
    if events is not None:
        events.append(
            Event(
                "office",
                {
                    "office": office_param(o),
                    "candidate": cand(c),
                    "seat": state.owner[c],
                    "previous": cand(previous) if previous >= 0 else None,
                },
            )
        )
    if o == SECRETARIO:
        state.winner = state.owner[c]
        state.end_reason = "secretary"
        state.phase = OVER


def vacate(state: PolitburoState, o: int, events: Events) -> None:
    """¡Destitución!: the office is free until a candidate has the loyalty it needs (R)."""
    previous = state.office[o]
    state.office[o] = -1
    state.office_event = True
    state.office_dirty = True
    if events is not None:
        events.append(
            Event(
                "office_vacated",
                {"office": office_param(o), "candidate": cand(previous) if previous >= 0 else None},
            )
        )


def total_loyalty(state: PolitburoState, seat: int) -> int:
    loyalty = state.loyalty  # a list, not a generator: cheaper on CPython 3.11
    return sum([loyalty[c] for c in board(state)[2][seat]])


def office_param(o: int) -> dict[str, str]:
    return {"$": f"politburo.office.{OFFICES[o]}"}
