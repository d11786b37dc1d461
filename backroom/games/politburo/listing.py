"""A seat's legal actions: listed in full (``actions``), or as segments kept for playouts.

The rules of what may be played are in ``legality.py``; this module puts them together phase
by phase. A turn's list is long (every card of the hand on every candidate) and changes a
little with each card placed, so within a turn it is patched rather than rebuilt: after an
``assign`` or a ``discard``, which touch only the hand, the candidate's face-down cards and
the discard pile (``patched``). Anything else rebuilds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.politburo.cards import (
    AGRESION,
    CONTRABANDO_CARDS,
    DIFAMACION,
    FACE,
    FACE_OF,
    FACE_TYPE,
    FACES,
    IN_PLAY,
    MAX_ASSIGNED,
    NC,
    NKVD,
    OFFENSIVE,
    OVER,
    REDRAW,
    SETUP,
    TURN,
    TURN_END,
)
from backroom.games.politburo.legality import (
    PASS,
    allowed,
    board,
    candidate_segments,
    distinct,
    faces,
    initiative,
    initiative_of,
    offices_of,
    own,
    return_targets,
    round_end_plays,
    usurpers,
)
from backroom.games.politburo.reactions import answers
from backroom.games.politburo.segments import Segment, expand, member, size

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

REDRAW_SEGMENT: Segment = (("redraw",), None)
PASS_SEGMENT: Segment = (PASS, None)


def actions(state: PolitburoState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it is not asked)."""
    if state.phase == OVER or seat not in state.actors():
        return []
    if state.step:
        return step_actions(state, seat)
    react = state.react
    if react:
        return [*answers(state, seat, react), PASS]
    phase = state.phase
    if phase == SETUP:
        return [*expand(arrange(state, seat)), PASS]
    if phase == REDRAW:
        return [("discard", f) for f in faces(state.hands[seat])]
    if phase == TURN:
        return expand(turn_segments(state, seat))
    if phase == TURN_END:
        return expand(turn_end_segments(state, seat))
    return [*round_end_plays(state, seat), PASS]  # ROUND_END


def step_actions(state: PolitburoState, seat: int) -> list[Action]:
    """The second decision of a card that needs two (ruling 11: one choice per decision)."""
    step = state.step
    hand = state.hands[seat]
    if step == "trim":
        return [("discard", f) for f in faces(hand)]
    if step == "industry":
        return [
            ("industry_discard",),
            ("industry_return",),
            *(("industry_swap", f) for f in faces(hand)),
        ]
    if step == "return":
        return [("target", c) for c in return_targets(state)]
    if step == "counter_add":
        return [*(("add", f) for f in faces(hand) if FACE_TYPE[f] == AGRESION), PASS]
    if step == "redirect":
        return [("target", c) for c in range(NC) if state.fate[c] == IN_PLAY and c != state.p_target]
    if step == "usurp":
        return [("target", c) for c in usurpers(state, seat, state.step_arg)]
    return [("target", c) for c in own(state, seat)]  # "smuggle": who pays the two loyalty


Kept = tuple[int, list[Segment], int, bool, list[Action] | None]
"""A seat, its legal actions as segments (none: listed in full, last), how many they are,
whether they are its turn's list (which an assign or a discard patches), and the full list
where it is short (a window, a step: no segments made, no count walked): what
``state._turn`` keeps for the next action."""


def kept(state: PolitburoState, seat: int) -> Kept:
    """``seat``'s legal actions, kept until the next action: a playout asks for a random
    action and then checks it, and the turn's long list is never expanded for that. In bulk
    (segments) where a list is long: a turn, the end of a turn, the setup."""
    out = state._turn
    if out is not None and out[0] == seat:
        return out
    phase = state.phase
    if state.step or state.react or phase not in _BULK:
        listed = actions(state, seat)
        out = (seat, [], len(listed), False, listed)
    elif phase == TURN:
        if seat == state.active:
            segments, total = turn_list(state, seat)
            out = (seat, segments, total, True, None)
        else:
            out = (seat, [], 0, False, [])
    elif seat not in state.base:
        out = (seat, [], 0, False, [])
    elif phase == TURN_END:
        segments = turn_end_segments(state, seat)
        out = (seat, segments, size(segments), False, None)
    else:
        segments = [*arrange(state, seat), PASS_SEGMENT]
        out = (seat, segments, size(segments), False, None)
    state._turn = out
    return out


def keep_listed(state: PolitburoState, seat: int, listed: list[Action]) -> None:
    """Keep ``listed``, ``seat``'s whole legal list now, for its next action (``kept``)."""
    state._turn = (seat, [], len(listed), False, listed)


def listed(state: PolitburoState, seat: int, action: Action) -> bool:
    """Whether ``action`` is among ``seat``'s kept legal actions (no list expanded)."""
    _, segments, _, _, full = kept(state, seat)
    if full is not None:
        return action in full
    return type(action) is tuple and len(action) > 0 and member(segments, action)


_BULK = frozenset((TURN, TURN_END, SETUP))
"""The phases whose lists (outside a window or a second decision) are kept as segments."""


def keep_patched(state: PolitburoState, before: Kept, seat: int, action: Action) -> None:
    """After an assign or a discard from ``seat``'s turn's list ``before``, which leave it on
    its turn (no window, no second decision): keep that list, patched, for its next action."""
    listed = patched(state, before[1], before[2], action)
    if listed is not None:
        state._turn = (seat, *listed, True, None)


def arrange(state: PolitburoState, seat: int) -> list[Segment]:
    """Assigning (face down, at most two per candidate, basic cards only) and discarding: the
    setup's choices (a turn's are written out in ``turn_segments``)."""
    out: list[Segment] = []
    room = _room(state, board(state)[2][seat])
    for f in distinct(map(FACE_OF, state.hands[seat])):
        assign, discard, _, _ = _PREFIXES[f]
        if room and assign is not None:
            out.append((assign, room))
        out.append(discard)
    return out


def _room(state: PolitburoState, mine: tuple[int, ...]) -> list[int]:
    """Those of a seat's candidates in play, ``mine``, that may take a face-down card: fewer
    than two, not hospitalized."""
    assigned, hospital = state.assigned, state.hospital
    room = []
    for c in mine:  # a loop, not a comprehension: cheaper on CPython 3.11 for three candidates
        if len(assigned[c]) < MAX_ASSIGNED and hospital[c] < 0:
            room.append(c)
    return room


def turn_segments(state: PolitburoState, seat: int) -> list[Segment]:
    """The main phase of a turn: redraw (first), assign, discard, play from the hand, special
    cards, office powers, pass."""
    return turn_list(state, seat)[0]


def turn_list(state: PolitburoState, seat: int) -> tuple[list[Segment], int]:
    """``turn_segments`` and how many actions they are. Rebuilt after most actions of a turn,
    so written for speed: one walk over the hand's faces with their choices' prefixes made
    once (``_PREFIXES``), each basic type's targets found once, the board read once, the
    actions counted as the segments are made (none of them is empty)."""
    _, _, mine, live, healthy = board(state)
    room = _room(state, mine[seat])
    typed = state.typed
    out: list[Segment] = [] if state.acted else [REDRAW_SEGMENT]
    plays: list[Segment] = []
    specials: list[str] = []
    chosen: list[tuple[int, ...] | None] = [None, None, None]  # by offensive type
    more = 0  # the actions beyond one per segment
    beyond = len(room) - 1  # those of each assign segment
    seen: list[str] = []  # the hand's faces so far: a loop is cheaper than ``distinct`` here
    for card in state.hands[seat]:
        f = FACE[card]
        if f in seen:
            continue
        seen.append(f)
        assign, discard, play, kind = _PREFIXES[f]
        if assign is None:
            specials.append(f)
        elif room:
            out.append((assign, room))
            more += beyond
        out.append(discard)
        if play is not None:
            on = chosen[kind]
            if on is None:
                on = live if kind == DIFAMACION else healthy
                if typed[kind]:
                    on = allowed(state, seat, kind, on)
                chosen[kind] = on
            if on:
                plays.append((play, on))
                more += len(on) - 1
    out += plays
    if specials:
        for segment in initiative_of(state, seat, specials, mine[seat]):
            out.append(segment)
            if segment[1] is not None:
                more += len(segment[1]) - 1
    held = offices_of(state, seat)
    if held:
        if 0 in held and not state.powers & 1 and (state.deck or state.discard):
            out.append((("industry",), None))
        if NKVD in held and not (state.powers >> NKVD) & 1:
            looked = []  # a loop: a comprehension would make ``state`` and ``seat`` cells
            for c in range(NC):
                if state.assigned[c] and state.owner[c] != seat:
                    looked.append(c)
            if looked:
                out.append((("nkvd",), looked))
                more += len(looked) - 1
    out.append(PASS_SEGMENT)
    return out, len(out) + more


_PREFIXES: dict[str, tuple[tuple[str, str] | None, Segment, tuple[str, str] | None, int]] = {
    f: (
        ("assign", f) if FACE_TYPE[f] >= 0 else None,
        (("discard", f), None),
        ("play", f) if FACE_TYPE[f] in OFFENSIVE else None,
        FACE_TYPE[f],
    )
    for f in FACES
}
"""Each face's assign prefix (basic cards), discard action, play prefix (offensive cards) and
basic type (-1: a special card), shared by every turn's list (tuples: nothing changes them)."""


def turn_end_segments(state: PolitburoState, seat: int) -> list[Segment]:
    """At the end of another's turn: a special card of one's own accord, a card from an
    activated candidate (ruling 4), or pass."""
    return [*initiative(state, seat), *candidate_segments(state, seat), PASS_SEGMENT]


def patched(
    state: PolitburoState, kept: list[Segment], total: int, action: Action
) -> tuple[list[Segment], int] | None:
    """The turn's segments after ``action`` (an assign or a discard, already played), and how
    many actions they are, from those before it (``total`` of them): what ``turn_list`` would
    build, for less (None: build it).

    What changed: one card of face ``f`` left the hand (its choices go when it was the last),
    the redraw is gone (something was done), the candidate given a card may be full, and a
    discarded card may be a face new to the pile, which Contrabando may now take back."""
    f = action[1]
    if action[0] == "discard" and len(state.discard) == 1:
        return None  # the pile was empty: Contrabando and Industria may have become possible
    if kept[0] is REDRAW_SEGMENT:
        out, total = kept[1:], total - 1
    else:
        out = kept[:]
    hand = state.hands[state.active]
    if f not in map(FACE_OF, hand):  # the last of its face: its choices go
        assign, discard, play, _ = _PREFIXES[f]
        if assign is None:  # a special card's uses, and with Contrabando the discards it could take back
            smuggled = f == "contrabando"
            left = []
            for segment in out:
                prefix, options = segment
                if f in prefix or (smuggled and prefix[0] == "smuggle"):  # a face is only a prefix's second
                    total -= 1 if options is None else len(options)
                else:
                    left.append(segment)
            out = left
        else:  # a basic card's segments hold ``_PREFIXES``' own objects: found by identity, not walked to
            i = out.index(discard)
            del out[i]
            total -= 1
            if i and out[i - 1][0] is assign:  # its assign segment comes just before
                i -= 1
                total -= len(out[i][1])  # type: ignore[arg-type]
                del out[i]
            if play is not None:  # and its play segment after every face's
                for j in range(i, len(out)):
                    if out[j][0] is play:
                        total -= len(out[j][1])  # type: ignore[arg-type]
                        del out[j]
                        break
    if action[0] == "assign":
        c = action[2]
        if len(state.assigned[c]) >= MAX_ASSIGNED:
            left = []
            for segment in out:
                if segment[0][0] != "assign":
                    left.append(segment)
                    continue
                total -= 1  # each assign segment shares one list of candidates, ``c`` among them
                if len(segment[1]) > 1:  # type: ignore[arg-type]
                    left.append(segment)
            for prefix, room in left:
                if prefix[0] == "assign" and isinstance(room, list):
                    room.remove(c)  # one list, shared by every assign segment
                    break
            out = left
        return out, total
    if CONTRABANDO_CARDS.isdisjoint(hand):  # no Contrabando to take the card back
        return out, total
    for i, (prefix, options) in enumerate(out):
        if prefix[0] == "smuggle" and options is not None:
            face = FACE[state.discard[-1]]
            if face not in options:
                out[i] = (prefix, [*options, face])  # a new list: the one before may still be read
                total += 1
            break
    return out, total
