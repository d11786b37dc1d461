"""What a seat may do in a Politburó position (why anything else is refused: ``refusals.py``).

The functions here state each rule once; ``listing.actions(state, seat)`` puts them together
into every legal action. A reaction window asks a seat only when its list holds more than a
pass (``reactions.can_answer``, from the same functions), so the windows and the legal lists
can never disagree and a seat with nothing playable is never asked (issue 13).

Actions name what the player sees: a card by its face (two Agresión -3 are one choice), a
candidate by its number on the table, an office by its index (0 Industria ... 4 Secretario).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.politburo.cards import (
    AGRESION,
    DEMAGOGIA,
    DIFAMACION,
    FACE,
    FACE_OF,
    FACE_TYPE,
    HEALTH_MAX,
    IN_PLAY,
    INITIATIVE,
    INITIATIVE_CARDS,
    INTERIOR,
    NC,
    OFFENSIVE,
    OFFENSIVE_CARDS,
    OFFICE_MIN,
    ON_OFFICE,
    PLAN,
    PROPAGANDA,
    PURGE_LOYALTY,
    ROUND_END_CARDS,
    SECRETARIO,
    TURN,
    TYPE,
)
from backroom.games.politburo.segments import Segment, expand

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

PASS: Action = ("pass",)
Board = tuple[list[int], list[int], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
"""``board``: the ``fate`` and ``hospital`` it was read from, each seat's candidates in play,
the candidates in play, and those of them not hospitalized."""


def at_turn_end(state: PolitburoState, seat: int) -> bool:
    """``reactions.can_answer`` at the end of another's turn (asked of every other seat at every turn's
    end, so asked directly): a card from a candidate, or a special card of one's own accord.
    Most seats hold no offensive card on a candidate: seen in C before anything else."""
    assigned = state.assigned
    for c in own(state, seat):
        if not OFFENSIVE_CARDS.isdisjoint(assigned[c]):
            if any_candidate_play(state, seat):  # the cheaper first
                return True
            break
    return any_initiative(state, seat)


distinct = dict.fromkeys
"""Distinct items in first-seen order, as a dict's keys (``distinct(map(FACE_OF, hand))``: a
hand's faces, each one choice): ``dict.fromkeys`` looked up once, as the attribute makes a new
bound method at every use (some 500 machine instructions on CPython 3.11)."""


def faces(cards: list[int]) -> list[str]:
    """Distinct faces in first-seen order: identical cards are one choice."""
    return list(distinct(map(FACE_OF, cards)))


def holds(cards: list[int], f: str) -> bool:
    """Whether a card of face ``f`` is among ``cards`` (no list of faces made)."""
    return f in map(FACE_OF, cards)


# ------------------------------------------------------------------- candidates


def board(state: PolitburoState) -> Board:
    """Who is in play: each seat's candidates, all of them, and those not hospitalized.

    Asked for many times an action, so kept, and checked against ``fate`` and ``hospital``
    (two C-level list comparisons) rather than trusted: nothing can leave it stale."""
    kept = state._board
    if kept is not None and kept[0] == state.fate and kept[1] == state.hospital:
        return kept
    return _read_board(state)


def _read_board(state: PolitburoState) -> Board:
    """``board`` worked out and kept (apart, so that ``board``'s frequent look makes no cells
    for the comprehensions here: each captured variable is one, made at every call)."""
    fate, hospital = state.fate, state.hospital
    mine = state._mine
    if mine is None:  # who owns whom never changes after the deal
        owner = state.owner
        mine = state._mine = tuple([tuple([c for c in range(NC) if owner[c] == s]) for s in range(state.n)])
    live = tuple([c for c in range(NC) if fate[c] == IN_PLAY])  # lists, not generators: cheaper on 3.11
    kept = state._board = (
        fate[:],
        hospital[:],
        tuple([tuple([c for c in m if fate[c] == IN_PLAY]) for m in mine]),
        live,
        tuple([c for c in live if hospital[c] < 0]),
    )
    return kept


def own(state: PolitburoState, seat: int) -> tuple[int, ...]:
    """``seat``'s candidates in play."""
    kept = state._board
    if kept is None or kept[0] != state.fate:  # who is in play depends on ``fate`` alone
        kept = _read_board(state)
    return kept[2][seat]


def offices_of(state: PolitburoState, seat: int) -> tuple[int, ...]:
    """The offices ``seat`` holds, lowest first (kept like ``board``, against ``office``)."""
    kept = state._held
    office = state.office
    if kept is None or kept[0] != office:
        owner = state.owner
        held: list[list[int]] = [[] for _ in range(state.n)]
        for o, c in enumerate(office):
            if c >= 0:
                held[owner[c]].append(o)
        kept = state._held = (office[:], tuple(map(tuple, held)))
    return kept[1][seat]


def office_of(state: PolitburoState, c: int) -> int:
    """The office candidate ``c`` holds, or -1."""
    for o, holder in enumerate(state.office):
        if holder == c:
            return o
    return -1


def targets(state: PolitburoState, kind: int) -> tuple[int, ...]:
    """Candidates a card of basic type ``kind`` may be played on: any candidate in play; a
    hospitalized one only receives a Difamación (R, card 20)."""
    kept = board(state)
    return kept[3] if kind == DIFAMACION else kept[4]


def type_allowed(state: PolitburoState, seat: int, kind: int, c: int) -> bool:
    """One card of a type per turn on the same candidate (R); on their own turn the Ministro
    de Interior may add a second Agresión and the Ministro de Propaganda a second Demagogia or
    Difamación, once per round (R, office powers)."""
    return not (state.typed[kind] >> c) & 1 or _second(state, seat, kind)


def allowed(state: PolitburoState, seat: int, kind: int, cands: tuple[int, ...]) -> tuple[int, ...]:
    """Those of ``cands`` that a card of basic type ``kind`` may go on now (``type_allowed``)."""
    played = state.typed[kind]
    if not played or _second(state, seat, kind):
        return cands
    out = []  # a loop: a comprehension would capture ``played`` in a cell
    for c in cands:
        if not (played >> c) & 1:
            out.append(c)
    return tuple(out)


def _second(state: PolitburoState, seat: int, kind: int) -> bool:
    """Whether ``seat`` may play a second card of ``kind`` on a candidate (its office power)."""
    if seat != state.active or state.phase != TURN:
        return False
    power = INTERIOR if kind == AGRESION else PROPAGANDA if kind in (DEMAGOGIA, DIFAMACION) else -1
    return power >= 0 and power in offices_of(state, seat) and not (state.powers >> power) & 1


def activatable(state: PolitburoState, seat: int) -> list[int]:
    """``seat``'s candidates whose assigned cards may be played now, out of its turn: one
    candidate per player per turn, activated once per round, never while hospitalized (R).
    Asked of every other seat at every turn's end, so one look per seat, not per candidate."""
    if seat == state.active:
        return []
    hospital = state.hospital
    used = state.used_from[seat]
    if used >= 0:  # the candidate it activated this turn, and no other
        return [used] if state.fate[used] == IN_PLAY and hospital[used] < 0 else []
    marker = state.marker
    out = []
    for c in own(state, seat):
        if hospital[c] < 0 and not marker[c]:
            out.append(c)
    return out


# ----------------------------------------------------------------------- turns


def initiative(state: PolitburoState, seat: int) -> list[Segment]:
    """Special cards a seat may play of its own accord (ruling 4), as segments: each card's
    targets are one entry (Atentado on every candidate in play is not a dozen actions)."""
    hand = state.hands[seat]
    if INITIATIVE_CARDS.isdisjoint(hand):  # in C: many hands hold no such card
        return []
    specials = [FACE[c] for c in hand if TYPE[c] < 0]
    return initiative_of(state, seat, distinct(specials), own(state, seat))


def initiative_of(
    state: PolitburoState, seat: int, specials: Iterable[str], mine: tuple[int, ...]
) -> list[Segment]:
    """``initiative`` for the special faces ``specials`` (distinct) of ``seat``'s hand and its
    candidates in play ``mine``."""
    out: list[Segment] = []
    if mine:
        for f in specials:
            if f in INITIATIVE:
                segment = special_segment(state, seat, f, mine)
                if segment is not None:
                    out.append(segment)
    return out


def any_initiative(state: PolitburoState, seat: int) -> bool:
    """Whether ``initiative`` is not empty, answered at the first special card that can be
    played (Popularidad always can): asked of every other seat at the end of every turn."""
    hand = state.hands[seat]
    if INITIATIVE_CARDS.isdisjoint(hand):  # many hands hold no such card
        return False
    mine = own(state, seat)
    if mine:
        for c in hand:
            f = FACE[c]
            if f in INITIATIVE and (f == "popularidad" or special_segment(state, seat, f, mine) is not None):
                return True
    return False


def special_plays(state: PolitburoState, seat: int, f: str, mine: Sequence[int]) -> list[Action]:
    """The uses of special card ``f`` by ``seat`` now, restrictions included."""
    segment = special_segment(state, seat, f, mine)
    return [] if segment is None else expand([segment])


def special_segment(state: PolitburoState, seat: int, f: str, mine: Sequence[int]) -> Segment | None:
    """``special_plays`` as one segment (None: the card cannot be played now). The cards
    played alone come first: most looks are for them."""
    if f in ON_OFFICE:
        return _some(("special_office", f), removable(state, seat, f))
    if f in _ALONE:
        if f == "revueltas":
            return _ALONE[f] if not offices_of(state, seat) and max(state.office) >= 0 else None
        if f == "popularidad":
            return _ALONE[f]
        if not offices_of(state, seat):  # Gran Purga, Industrialización, Colectivización, Plan
            return None
        if f == "plan_quinquenal":
            for e in state.effects:  # a loop: a generator would make ``seat`` a cell at every call
                if e[1] == PLAN and e[2] == seat:
                    return None
        elif not _hits(state, f):  # ruling 46: nobody it would act on
            return None
        return _ALONE[f]
    if f == "atentado":
        return _some(("special_on", f), targets(state, AGRESION))
    if f == "contrabando":
        return _some(("smuggle",), faces(state.discard))
    return _some(("special_on", f), _own_targets(state, f, mine))


def _hits(state: PolitburoState, f: str) -> bool:
    """Whether Gran Purga (a candidate at 4 or less) or Industrialización / Colectivización (one
    holding no office and not in hospital) would act on anyone now (ruling 46)."""
    if f == "gran_purga":
        lowest = min(map(state.loyalty.__getitem__, board(state)[3]), default=PURGE_LOYALTY + 1)
        return lowest <= PURGE_LOYALTY
    office = state.office
    return any(c not in office for c in board(state)[4])


_ALONE: dict[str, Segment] = {
    f: (("special", f), None)
    for f in (
        "revueltas",
        "plan_quinquenal",
        "popularidad",
        "gran_purga",
        "industrializacion",
        "colectivizacion",
    )
}
"""The special cards played with no target, each one segment shared by every list."""


def _own_targets(state: PolitburoState, f: str, mine: Sequence[int]) -> list[int]:
    """The candidates of ``mine`` that Cura (hurt), ¡Ascenso! (below the first vacant office)
    or Hospitalización may go on: none hospitalized. Apart from ``special_segment``, whose
    every call would otherwise make a cell for each variable these comprehensions capture."""
    hospital = state.hospital
    if f == "cura":
        health = state.health
        return [c for c in mine if hospital[c] < 0 and health[c] < HEALTH_MAX]
    if f == "ascenso":
        o = first_vacant(state)
        return [c for c in mine if hospital[c] < 0 and office_of(state, c) < o] if o >= 0 else []
    assert f == "hospitalizacion", f  # the faces above are every special card of one's own accord
    return [c for c in mine if hospital[c] < 0]


def _some(prefix: tuple[str, ...], options: Sequence[int] | Sequence[str]) -> Segment | None:
    return (prefix, options) if options else None


def first_vacant(state: PolitburoState) -> int:
    """¡Ascenso!: "the first vacant office", counted from the lowest; never the Secretary."""
    for o in range(SECRETARIO):
        if state.office[o] < 0:
            return o
    return -1


def removable(state: PolitburoState, seat: int, f: str) -> list[int]:
    """Offices held below their minimum loyalty: what ¡Destitución! may empty and ¡Usurpación!
    (not the Secretary's, and with a candidate of the player to take it) may seize."""
    out = []
    for o, c in enumerate(state.office):
        if c < 0 or state.loyalty[c] >= OFFICE_MIN[o]:
            continue
        if f == "usurpacion" and (o == SECRETARIO or not usurpers(state, seat, o)):
            continue
        out.append(o)
    return out


def usurpers(state: PolitburoState, seat: int, o: int) -> list[int]:
    """``seat``'s candidates who may take office ``o`` (not its holder; never a step down; not
    hospitalized: no card goes on them, ruling 18)."""
    return [
        c
        for c in board(state)[4]
        if state.owner[c] == seat and c != state.office[o] and office_of(state, c) < o
    ]


def candidate_segments(state: PolitburoState, seat: int) -> list[Segment]:
    """Out of turn: activate a candidate and play one of its Demagogia, Difamación or
    Agresión on any candidate (R: defensive cards only answer an attack on itself)."""
    out: list[Segment] = []
    for c in activatable(state, seat):
        cards = state.assigned[c]
        if OFFENSIVE_CARDS.isdisjoint(cards):
            continue
        for f in faces(cards):
            kind = FACE_TYPE[f]
            if kind in OFFENSIVE:
                out.append((("use", c, f), allowed(state, seat, kind, targets(state, kind))))
    return out


def candidate_plays(state: PolitburoState, seat: int) -> list[Action]:
    return expand(candidate_segments(state, seat))


def any_candidate_play(state: PolitburoState, seat: int) -> bool:
    """Whether ``candidate_plays`` is not empty, answered at the first play found: asked of
    every other seat at the end of every turn."""
    assigned = state.assigned
    for c in activatable(state, seat):
        cards = assigned[c]
        if cards:
            for x in cards:
                kind = TYPE[x]
                if kind in OFFENSIVE and any_target(state, seat, kind):
                    return True
    return False


def round_end_plays(state: PolitburoState, seat: int) -> list[Action]:
    """The end of a round: Demagogia from the hand on a candidate in disgrace (R, Siberia),
    and Plan quinquenal, which acts "at the end of the round" (R, card 11-12; ruling 4)."""
    out: list[Action] = []
    hand = state.hands[seat]
    if ROUND_END_CARDS.isdisjoint(hand):  # asked of every seat at every round's end
        return out
    for f in faces(hand):
        if FACE_TYPE[f] == DEMAGOGIA:
            out.extend(("play", f, c) for c in disgraced(state, seat))
        elif f == "plan_quinquenal":
            out += special_plays(state, seat, f, own(state, seat))
    return out


def disgraced(state: PolitburoState, seat: int) -> list[int]:
    """``seat``'s candidates a last Demagogia may save: negative loyalty, no Demagogia on them
    this turn, not hospitalized (ruling 18: a hospitalized one goes to Siberia unsaved)."""
    loyalty, typed = state.loyalty, state.typed[DEMAGOGIA]
    return [c for c in board(state)[4] if state.owner[c] == seat and loyalty[c] < 0 and not (typed >> c) & 1]


def any_target(state: PolitburoState, seat: int, kind: int) -> bool:
    """Whether a card of basic type ``kind`` may go on some candidate now (``allowed`` not
    empty, answered at the first candidate without such a card this turn)."""
    on = targets(state, kind)
    played = state.typed[kind]
    if played:
        for c in on:
            if not (played >> c) & 1:
                return True
        return bool(on) and _second(state, seat, kind)
    return bool(on)


def return_targets(state: PolitburoState) -> list[int]:
    """Where a returned attack goes: back to the candidate that made it, or, for an Agresión
    played from a hand, to a candidate of that player chosen by the defender (ruling 6)."""
    source = state.p_from
    if source >= 0:
        return [source] if state.fate[source] == IN_PLAY and state.hospital[source] < 0 else []
    return [c for c in own(state, state.p_seat) if state.hospital[c] < 0]
