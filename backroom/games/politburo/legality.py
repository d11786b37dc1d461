"""What a seat may do in a Politburó position, and why anything else is refused.

One function, ``actions(state, seat)``, lists every legal action; a reaction window asks a seat
only when that list holds more than a pass (``can_answer``), so the windows and the legal lists
can never disagree and a seat with nothing playable is never asked (issue 13).

Actions name what the player sees: a card by its face (two Agresión -3 are one choice), a
candidate by its number on the table, an office by its index (0 Industria ... 4 Secretario).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.games.politburo.cards import (
    AGRESION,
    ATTACK,
    BETRAY,
    DEFAME,
    DEMAGOGIA,
    DIFAMACION,
    DYING,
    FACE,
    FACE_TYPE,
    GAME_ID,
    HEALTH_DEFENCE,
    HEALTH_MAX,
    IN_PLAY,
    INITIATIVE,
    INTERIOR,
    LOYALTY_DEFENCE,
    MAX_ASSIGNED,
    MURDERED,
    NC,
    NKVD,
    OFFENSIVE,
    OFFICE,
    OFFICE_MIN,
    ON_OFFICE,
    OVER,
    PLAN,
    PROPAGANDA,
    REDRAW,
    ROUND_END,
    SECRETARIO,
    SETUP,
    TURN,
    TURN_END,
    TYPE,
)

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

PASS: Action = ("pass",)


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
        return [*initiative(state, seat), *candidate_plays(state, seat), PASS]
    return [*round_end_plays(state, seat), PASS]  # ROUND_END


def can_answer(state: PolitburoState, seat: int, react: str) -> bool:
    """Whether ``seat`` holds something playable in this window: only then is it asked."""
    if react == ROUND_END:
        return bool(round_end_plays(state, seat))
    if react == TURN_END:
        return bool(initiative(state, seat)) or any_candidate_play(state, seat)
    if react == SETUP:
        return True
    return bool(answers(state, seat, react))


def faces(cards: list[int]) -> list[str]:
    """Distinct faces in first-seen order: identical cards are one choice."""
    return list({FACE[c]: None for c in cards})


# ------------------------------------------------------------------- candidates


def own(state: PolitburoState, seat: int) -> list[int]:
    """``seat``'s candidates in play (who owns whom never changes after the deal: kept)."""
    mine = state._mine
    if mine is None:
        owner = state.owner
        mine = state._mine = tuple(tuple(c for c in range(NC) if owner[c] == s) for s in range(state.n))
    fate = state.fate
    return [c for c in mine[seat] if fate[c] == IN_PLAY]


def offices_of(state: PolitburoState, seat: int) -> list[int]:
    owner = state.owner
    return [o for o, c in enumerate(state.office) if c >= 0 and owner[c] == seat]


def office_of(state: PolitburoState, c: int) -> int:
    """The office candidate ``c`` holds, or -1."""
    for o, holder in enumerate(state.office):
        if holder == c:
            return o
    return -1


def targets(state: PolitburoState, kind: int) -> list[int]:
    """Candidates a card of basic type ``kind`` may be played on: any candidate in play; a
    hospitalized one only receives a Difamación (R, card 20)."""
    return [
        c for c in range(NC) if state.fate[c] == IN_PLAY and (kind == DIFAMACION or state.hospital[c] < 0)
    ]


def type_allowed(state: PolitburoState, seat: int, kind: int, c: int) -> bool:
    """One card of a type per turn on the same candidate (R); on their own turn the Ministro
    de Interior may add a second Agresión and the Ministro de Propaganda a second Demagogia or
    Difamación, once per round (R, office powers)."""
    if not (state.typed[kind] >> c) & 1:
        return True
    if seat != state.active or state.phase != TURN:
        return False
    power = INTERIOR if kind == AGRESION else PROPAGANDA if kind in (DEMAGOGIA, DIFAMACION) else -1
    return power >= 0 and power in offices_of(state, seat) and not (state.powers >> power) & 1


def activatable(state: PolitburoState, seat: int, c: int) -> bool:
    """Cards assigned to ``c`` may be played now, out of ``seat``'s turn: one candidate per
    player per turn, activated once per round, never while hospitalized (R)."""
    if seat == state.active or state.fate[c] != IN_PLAY or state.hospital[c] >= 0:
        return False
    used = state.used_from[seat]
    return used == c or (used < 0 and not state.marker[c])


# ----------------------------------------------------------------------- turns


Segment = tuple[tuple[Any, ...], list[Any] | None]
"""Actions in bulk: ``(prefix, options)`` stands for ``prefix + (x,)`` for each option, or for
the one action ``prefix`` when ``options`` is None. A turn's long list (every card on every
candidate) is built from segments, and ``pick`` draws one of its actions uniformly without
building it: random playouts are most of the cost of search and simulation."""


def expand(segments: list[Segment]) -> list[Action]:
    out: list[Action] = []
    for prefix, options in segments:
        if options is None:
            out.append(prefix)
        else:
            out.extend((*prefix, x) for x in options)
    return out


def member(segments: list[Segment], action: Action) -> bool:
    """Whether ``action`` is among the segments' actions (without expanding them)."""
    n = len(action) - 1
    for prefix, options in segments:
        if options is None:
            if action == prefix:
                return True
        elif len(prefix) == n and action[:n] == prefix and type(action[n]) is int and action[n] in options:
            return True
    return False


def pick(segments: list[Segment], r: float) -> Action:
    """The action at fraction ``r`` (0 <= r < 1) of the expanded list."""
    total = sum(1 if options is None else len(options) for _, options in segments)
    i = int(r * total)
    for prefix, options in segments:
        size = 1 if options is None else len(options)
        if i < size:
            return prefix if options is None else (*prefix, options[i])
        i -= size
    raise AssertionError(r)


def arrange(state: PolitburoState, seat: int) -> list[Segment]:
    """Assigning (face down, at most two per candidate, basic cards only) and discarding: the
    setup's choices (a turn's are written out in ``turn_segments``)."""
    out: list[Segment] = []
    hospital = state.hospital
    assigned = state.assigned
    room = [c for c in own(state, seat) if len(assigned[c]) < MAX_ASSIGNED and hospital[c] < 0]
    for f in faces(state.hands[seat]):
        if room and FACE_TYPE[f] >= 0:
            out.append((("assign", f), room))
        out.append((("discard", f), None))
    return out


def turn_segments(state: PolitburoState, seat: int) -> list[Segment]:
    """The main phase of a turn: redraw (first), assign, discard, play from the hand, special
    cards, office powers, pass. Written out flat: it is rebuilt after every action of a turn."""
    cards = state.hands[seat]
    hand = faces(cards)
    fate, hospital, typed, assigned = state.fate, state.hospital, state.typed, state.assigned
    out: list[Segment] = [(("redraw",), None)] if not state.acted else []
    mine = own(state, seat)
    room = [c for c in mine if len(assigned[c]) < MAX_ASSIGNED and hospital[c] < 0]
    live = [c for c in range(NC) if fate[c] == IN_PLAY]
    healthy = [c for c in live if hospital[c] < 0]
    special = False
    for f in hand:
        if FACE_TYPE[f] < 0:
            special = True
        elif room:
            out.append((("assign", f), room))
        out.append((("discard", f), None))
    for f in hand:
        kind = FACE_TYPE[f]
        if kind in OFFENSIVE:
            chosen = live if kind == DIFAMACION else healthy
            if typed[kind]:
                chosen = [c for c in chosen if type_allowed(state, seat, kind, c)]
            if chosen:
                out.append((("play", f), chosen))
    if special:
        out += [(a, None) for a in initiative(state, seat)]
    held = offices_of(state, seat)
    if held:
        if 0 in held and not state.powers & 1 and (state.deck or state.discard):
            out.append((("industry",), None))
        if NKVD in held and not (state.powers >> NKVD) & 1:
            looked = [c for c in range(NC) if assigned[c] and state.owner[c] != seat]
            if looked:
                out.append((("nkvd",), looked))
    out.append((PASS, None))
    return out


def initiative(state: PolitburoState, seat: int) -> list[Action]:
    """Special cards a seat may play of its own accord (ruling 4)."""
    out: list[Action] = []
    specials = [c for c in state.hands[seat] if TYPE[c] < 0]
    if not specials:
        return out  # most hands hold no special card: the common case, answered at once
    mine = own(state, seat)
    if not mine:
        return out
    for f in faces(specials):
        if f in INITIATIVE:
            out += special_plays(state, seat, f, mine)
    return out


def special_plays(state: PolitburoState, seat: int, f: str, mine: list[int]) -> list[Action]:
    """The uses of special card ``f`` by ``seat`` now, restrictions included."""
    holds = bool(offices_of(state, seat))
    if f in ON_OFFICE:
        return [("special_office", f, o) for o in removable(state, seat, f)]
    if f == "ascenso":
        o = first_vacant(state)
        return [] if o < 0 else [("special_on", f, c) for c in mine if office_of(state, c) < o]
    if f == "atentado":
        return [("special_on", f, c) for c in targets(state, AGRESION)]
    if f == "hospitalizacion":
        return [("special_on", f, c) for c in mine if state.hospital[c] < 0]
    if f == "cura":
        return [("special_on", f, c) for c in mine if state.hospital[c] < 0 and state.health[c] < HEALTH_MAX]
    if f == "contrabando":
        return [("smuggle", g) for g in faces(state.discard)]
    if f in ("gran_purga", "industrializacion", "colectivizacion"):
        return [("special", f)] if holds else []
    if f == "plan_quinquenal":
        planned = any(e[1] == PLAN and e[2] == seat for e in state.effects)
        return [("special", f)] if holds and not planned else []
    if f == "revueltas":
        return [("special", f)] if not holds and any(c >= 0 for c in state.office) else []
    return [("special", f)]  # popularidad


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
    """``seat``'s candidates who may take office ``o`` (not its holder; never a step down)."""
    return [c for c in own(state, seat) if c != state.office[o] and office_of(state, c) < o]


def candidate_plays(state: PolitburoState, seat: int) -> list[Action]:
    """Out of turn: activate a candidate and play one of its Demagogia, Difamación or
    Agresión on any candidate (R: defensive cards only answer an attack on itself)."""
    out: list[Action] = []
    for c in own(state, seat):
        if not state.assigned[c] or not activatable(state, seat, c):
            continue
        if all(TYPE[x] not in OFFENSIVE for x in state.assigned[c]):
            continue
        for f in faces(state.assigned[c]):
            kind = FACE_TYPE[f]
            if kind in OFFENSIVE:
                out.extend(
                    ("use", c, f, t) for t in targets(state, kind) if type_allowed(state, seat, kind, t)
                )
    return out


def any_candidate_play(state: PolitburoState, seat: int) -> bool:
    """Whether ``candidate_plays`` is not empty, answered at the first play found: asked of
    every other seat at the end of every turn."""
    for c in own(state, seat):
        if not state.assigned[c] or not activatable(state, seat, c):
            continue
        for x in state.assigned[c]:
            kind = TYPE[x]
            if kind in OFFENSIVE and any(type_allowed(state, seat, kind, t) for t in targets(state, kind)):
                return True
    return False


def round_end_plays(state: PolitburoState, seat: int) -> list[Action]:
    """The end of a round: Demagogia from the hand on a candidate in disgrace (R, Siberia),
    and Plan quinquenal, which acts "at the end of the round" (R, card 11-12; ruling 4)."""
    out: list[Action] = []
    disgraced = [
        c for c in own(state, seat) if state.loyalty[c] < 0 and not (state.typed[DEMAGOGIA] >> c) & 1
    ]
    for f in faces(state.hands[seat]):
        if FACE_TYPE[f] == DEMAGOGIA:
            out.extend(("play", f, c) for c in disgraced)
        elif f == "plan_quinquenal":
            out += special_plays(state, seat, f, own(state, seat))
    return out


# ------------------------------------------------------------------- reactions


def answers(state: PolitburoState, seat: int, react: str) -> list[Action]:
    """What ``seat`` may play in reaction window ``react`` (a pass is always added)."""
    hand = state.hands[seat]
    if react == BETRAY:
        return [("special", "traicion")] if seat == state.p_seat and "traicion" in faces(hand) else []
    if react in (ATTACK, DEFAME):
        return defences(state, seat, react)
    if react == DYING:
        c = state.dying
        return [("special_on", "cura", c)] if state.owner[c] == seat and "cura" in faces(hand) else []
    if react == MURDERED:
        return [("special", "patriotismo")] if "patriotismo" in faces(hand) and own(state, seat) else []
    if react == OFFICE:
        mine = own(state, seat)
        out: list[Action] = []
        if mine:
            for f in faces(hand):
                if f in ON_OFFICE or f == "ascenso":
                    out += special_plays(state, seat, f, mine)
        return out
    return []


def defences(state: PolitburoState, seat: int, react: str) -> list[Action]:
    """The target's owner answers an Agresión (Guardaespaldas, Vengativo, ¡Contraataque!,
    Hospitalización) or a Difamación (Favorito, Manipulador, Popularidad). A basic card comes
    from the candidate attacked (activating it) off-turn, from the hand on the owner's turn."""
    c = state.p_target
    if state.owner[c] != seat or state.hospital[c] >= 0:
        return []
    kinds = HEALTH_DEFENCE if react == ATTACK else LOYALTY_DEFENCE
    out: list[Action] = []
    returnable = bool(return_targets(state))
    if seat == state.active:
        sources = [("hand", state.hands[seat])]
    else:
        sources = [("assigned", state.assigned[c])] if activatable(state, seat, c) else []
    for where, cards in sources:
        for f in faces(cards):
            kind = FACE_TYPE[f]
            if kind in kinds and type_allowed(state, seat, kind, c) and (f != "vengativo" or returnable):
                out.append(("defend", f, where))
    hand = faces(state.hands[seat])
    if react == ATTACK:
        if "contraataque" in hand and returnable:
            out.append(("special", "contraataque"))
        if "hospitalizacion" in hand:
            out.append(("special_on", "hospitalizacion", c))
    elif "popularidad" in hand:
        out.append(("special", "popularidad"))
    return out


def return_targets(state: PolitburoState) -> list[int]:
    """Where a returned attack goes: back to the candidate that made it, or, for an Agresión
    played from a hand, to a candidate of that player chosen by the defender (ruling 6)."""
    source = state.p_from
    if source >= 0:
        return [source] if state.fate[source] == IN_PLAY and state.hospital[source] < 0 else []
    return [c for c in own(state, state.p_seat) if state.hospital[c] < 0]


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


# ---------------------------------------------------------------------- refusals


def why_illegal(state: PolitburoState, seat: int, action: Action) -> str:
    """The catalog key of the rule an illegal action breaks; never a fact hidden from ``seat``."""
    if state.phase == OVER:
        return "error.game_over"
    if seat not in state.actors():
        return f"{GAME_ID}.error.not_your_turn"
    kind = action[0] if type(action) is tuple and action else ""
    shaped = len(action) > 1 if kind else False
    cards = ("play", "assign", "discard", "special", "special_on", "special_office")
    if kind in cards and shaped and action[1] not in faces(state.hands[seat]):
        return f"{GAME_ID}.error.not_in_hand"
    c = action[2] if kind in ("assign", "play") and len(action) == 3 else None
    if kind == "assign" and type(c) is int and 0 <= c < NC and len(state.assigned[c]) >= MAX_ASSIGNED:
        return f"{GAME_ID}.error.two_assigned"
    if kind == "play" and len(action) == 3 and type(action[2]) is int and 0 <= action[2] < NC:
        t = FACE_TYPE.get(action[1], -1) if isinstance(action[1], str) else -1
        if t >= 0 and (state.typed[t] >> action[2]) & 1:
            return f"{GAME_ID}.error.one_of_a_type"
    if kind == "use" and state.active == seat:
        return f"{GAME_ID}.error.own_turn_from_hand"
    return "error.illegal_action"
