"""The order of play: turns, the end of a round, and the reaction windows between them.

``advance`` runs after every action. It settles what the action set in motion, in the order a
table would: an attack in flight (Traición for its player, then the target's defence, then
the blow), a candidate at 0 health (the cure window, else death), Patriotismo Heroico for an
assassination, the offices (and the office window when one changed hands), and only then
gives the turn back, or closes the window at the end of a turn or of the round. Each window
asks exactly the seats whose legal list holds more than a pass (``reactions.can_answer``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import and_
from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.window import CLOSED, Window
from backroom.games.politburo import effects, hidden
from backroom.games.politburo.cards import (
    ATTACK,
    BETRAY,
    DEAD,
    DEFAME,
    DYING,
    FACE,
    HAND,
    HOSPITAL,
    HOSPITAL_HEALTH,
    IN_PLAY,
    MURDERED,
    OFFICE,
    OVER,
    PER_PLAYER,
    PLAN,
    REDRAW,
    ROUND_END,
    SETUP,
    SIBERIA,
    TURN,
    TURN_END,
    cand,
)
from backroom.games.politburo.legality import PASS, at_turn_end, board, offices_of, own
from backroom.games.politburo.listing import keep_listed
from backroom.games.politburo.reactions import answers, can_answer

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState

Events = list[Event] | None
HEALTH, LOYALTY = 1, 2
"""``state.p_kind``: the attack in flight is on health (Agresión, Atentado) or loyalty."""


def advance(state: PolitburoState, events: Events, passed: bool = False) -> None:
    """``passed``: the action was a pass in the window at the end of a turn, of the round or
    of the setup, or the pass that ended a turn. It changes nothing the others' answers
    depend on, so the seats left in that window (sifted when it last asked, or by
    ``end_turn``) need not be sifted again."""
    while state.phase != OVER and not state.step:
        if state.react:
            if state.window:  # an answer may have left others in it with nothing to play
                state.window = _sifted(state, state.window, state.react)
            if state.window:
                return
            state.react = ""
        if state.p_kind:
            if _pending(state, events):
                return
            continue
        if state.wounded and _dying(state, events):
            return
        if state.murdered:
            if _ask(state, MURDERED, state.murdered.pop(0), events):
                return
            continue
        if state.culled:
            state.culled = False
            if _survivors(state, events):
                return
        if state.office_dirty:
            effects.promote(state, events)
            if state.phase == OVER:
                finish(state, state.end_reason, events)
                return
        if state.office_event:
            state.office_event = False
            seats = []  # seldom any (a loop: a comprehension would make ``state`` a cell here)
            for s in range(state.n):
                if can_answer(state, s, OFFICE):
                    seats.append(s)
            if seats:
                seats = priority(state, seats=seats) if len(seats) > 1 else seats
                _open(state, OFFICE, Window(seats), events)
                return
            continue
        phase = state.phase
        if phase in (TURN, REDRAW):
            if own(state, state.active):
                return
            end_turn(state, events)  # its last candidate fell during its own turn
            continue
        if passed:
            passed = False
        elif phase != SETUP:  # the setup asks everyone until they pass
            state.base = _sifted(state, state.base, phase)
        if state.base:
            return
        if phase == SETUP:
            for seat in range(state.n):
                draw(state, seat, HAND - len(state.hands[seat]), events)
            start_turn(state, 0, events)
        elif phase == TURN_END:
            _next_turn(state, events)
        else:
            end_round(state, events)


def _sifted(state: PolitburoState, window: Window, react: str) -> Window:
    """The seats of ``window`` that can still answer (a loop, not a generator: cheaper on
    CPython 3.11, and the end of a turn asks its own test directly)."""
    seats = []
    if react == TURN_END:
        for s in window:
            if at_turn_end(state, s):
                seats.append(s)
    else:
        for s in window:
            if can_answer(state, s, react):
                seats.append(s)
    return window if len(seats) == len(window) else Window(seats)  # most often none left it


def _open(state: PolitburoState, react: str, window: Window, events: Events) -> None:
    state.react = react
    state.window = window
    if events is not None:
        events.append(Event("window", {"window": {"$": f"politburo.window.{react}"}, "seats": list(window)}))


@cache
def _alone(seat: int) -> Window:
    """The window asking ``seat`` alone, made once a seat: a window is immutable, and making
    one (a tuple subclass) costs some 1,000 machine instructions, at most actions of a turn."""
    return Window((seat,))


def _ask(state: PolitburoState, react: str, seat: int, events: Events) -> bool:
    """Open window ``react`` for ``seat`` alone if it holds an answer (``can_answer``), and keep
    its list, those answers and a pass, for its next action: they are not looked for twice."""
    found = answers(state, seat, react)
    if not found:
        return False
    _open(state, react, _alone(seat), events)
    keep_listed(state, seat, [*found, PASS])
    return True


def _pending(state: PolitburoState, events: Events) -> bool:
    """The attack in flight; True when a window was opened for it."""
    if state.p_stage == 0:
        state.p_stage = 1
        if state.p_kind == LOYALTY and not state.p_sure and _ask(state, BETRAY, state.p_seat, events):
            return True
    if state.p_stage == 1:
        state.p_stage = 2
        react = ATTACK if state.p_kind == HEALTH else DEFAME
        # no card answers a sure attack (Atentado, Traición): "no puede emplear ninguna carta
        # para defenderse" (ruling 24); a Popularidad already in force still softens it
        if not state.p_sure and _ask(state, react, state.owner[state.p_target], events):
            return True
    c = state.p_target
    if state.fate[c] == IN_PLAY:
        if state.p_kind == HEALTH:
            effects.hurt(state, c, state.p_amount, events, state.p_face)
        else:
            effects.lose(state, c, state.p_amount, events, state.p_face)
    clear_pending(state)
    return False


def clear_pending(state: PolitburoState) -> None:
    state.p_kind = 0
    state.p_stage = 0
    state.p_sure = False
    state.p_target = state.p_seat = state.p_from = -1
    state.p_amount = 0
    state.p_face = ""


def attack(
    state: PolitburoState, seat: int, kind: int, amount: int, target: int, source: int, face: str
) -> None:
    """An attack is in flight from ``seat`` (and its candidate ``source``, or -1 from a hand)."""
    state.p_kind = kind
    state.p_amount = amount
    state.p_target = target
    state.p_seat = seat
    state.p_from = source
    state.p_face = face
    state.p_stage = 0
    state.p_sure = False


def _dying(state: PolitburoState, events: Events) -> bool:
    """A candidate at 0 health dies unless its owner plays a cure in the window (R)."""
    state.wounded = False
    health = state.health
    for c in board(state)[3]:  # a removal below changes only that candidate's fate
        if health[c] <= 0:
            state.dying = c
            if _ask(state, DYING, state.owner[c], events):
                state.wounded = True  # others may be at 0 too: look again after this one
                return True
            state.dying = -1
            effects.remove(state, c, DEAD, events)
    return False


def _survivors(state: PolitburoState, events: Events) -> bool:
    """A player without candidates is out; the last player with any wins (ruling 13)."""
    if state.phase == SETUP:
        return False
    mine = board(state)[2]
    if len(mine) - mine.count(()) > 1:  # counted in C: asked after every removal and round
        return False
    alive = [s for s in range(state.n) if mine[s]]
    state.winner = alive[0] if alive else -1
    finish(state, "last_standing" if alive else "no_candidates", events)
    return True


def finish(state: PolitburoState, reason: str, events: Events) -> None:
    state.phase = OVER
    state.end_reason = reason
    state.react = ""
    state.window = CLOSED
    state.base = CLOSED
    if events is not None:
        result = state.outcome()
        assert result is not None
        events.append(
            Event("game_over", {"reason": {"$": f"politburo.end.{reason}"}, "winners": list(result.winners)})
        )


def priority(state: PolitburoState, skip: int = -1, seats: Iterable[int] | None = None) -> list[int]:
    """Who answers first when several may (R, FAQ): the player on turn, then the highest
    office held, then the most loyalty in play, then the nearest to the player on turn, and
    on the right (the seat before it) before the left. Seats without candidates are out
    (``seats``: only those, when given)."""
    n, active, owner, loyalty = state.n, state.active, state.owner, state.loyalty
    mine = board(state)[2]
    best = [0] * n
    for o, c in enumerate(state.office):
        if c >= 0 and best[owner[c]] <= o:
            best[owner[c]] = o + 1
    keys = []
    for s in range(n) if seats is None else seats:
        if s == skip or not mine[s]:
            continue
        distance = min((s - active) % n, (active - s) % n)
        side = 0 if (active - s) % n == distance else 1
        total = sum(map(loyalty.__getitem__, mine[s]))
        keys.append((0 if s == active else 1, -best[s], -total, distance * 2 + side, s))
    keys.sort()
    return [k[-1] for k in keys]


def _in_priority(state: PolitburoState, skip: int, seats: list[int]) -> Window:
    """A window asking ``seats``, sorted into priority only when several (seldom in a random
    playout); none: the closed window, shared, not a new one."""
    if not seats:
        return CLOSED
    return Window(priority(state, skip, seats) if len(seats) > 1 else seats)


# ------------------------------------------------------------------------- turns


def hand_max(state: PolitburoState, seat: int) -> int:
    """Five, plus one per office held, minus one per candidate lost (R)."""
    lost = PER_PLAYER - len(own(state, seat))  # a player's candidates not in play are dead or in Siberia
    size = HAND + len(offices_of(state, seat)) - lost
    return size if size > 0 else 0  # not ``max``: see ``effects._set_loyalty``


def draw(state: PolitburoState, seat: int, count: int, events: Events) -> None:
    """Draw from the deck; an empty deck is the discard pile shuffled (ruling 3)."""
    deck = state.deck
    if 0 < count <= len(deck):  # most draws: the top ``count`` cards, last first, at once
        drawn = deck[-1 : -count - 1 : -1]
        del deck[len(deck) - count :]
        count = 0
    else:
        drawn = []
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            hidden.reshuffled(state)
            state.deck, state.discard = state.discard, []
            state.chance = state.chance.shuffle(state.deck)
            if events is not None:
                events.append(Event("reshuffle", {"count": len(state.deck)}))
        drawn.append(state.deck.pop())
    state.hands[seat] += drawn
    if events is not None and drawn:
        events.append(Event("draw", {"seat": seat, "count": len(drawn)}))
        events.append(Event("drew", {"seat": seat, "cards": [FACE[c] for c in drawn]}, (seat,)))


def start_turn(state: PolitburoState, seat: int, events: Events) -> None:
    """A turn begins: effects lasting "until every player has had a turn" end (also those
    waiting for a player who is out of the game: ruling 27), then the player draws up to the
    hand size, first discarding down to it if the hand is over (ruling 9)."""
    state.active = seat
    state.phase = TURN
    state.acted = False
    state.used_from = [-1] * state.n
    state.typed = [0] * len(state.typed)
    if events is not None:
        events.append(Event("turn", {"seat": seat, "round": state.round}))
    ending = []  # a loop, not a comprehension: most turns there is no effect in play
    for e in state.effects:
        if e[3] == seat or (e[3] >= 0 and not own(state, e[3])):
            ending.append(e)
    for e in ending:
        state.effects.remove(e)
        state.discard.append(e[0])
        if e[1] == HOSPITAL:
            c = e[4]
            state.hospital[c] = -1
            # its marker comes off, unless it had been activated this round before (a stay that
            # ends within the round: ruling 27); "solo puede activarse una vez por ronda"
            state.marker[c] = len(e) > 5 and e[5] == state.round
            if events is not None:
                events.append(Event("discharged", {"candidate": cand(c)}))
            effects.heal(state, c, HOSPITAL_HEALTH, events, "hospitalizacion")
        elif events is not None:
            events.append(Event("effect_over", {"card": FACE[e[0]], "seat": e[2]}))
    limit = hand_max(state, seat)
    if len(state.hands[seat]) > limit:
        state.step = "trim"
        state.step_seat = seat
    else:
        draw(state, seat, limit - len(state.hands[seat]), events)


def end_turn(state: PolitburoState, events: Events) -> None:
    """The player passes: the others may now play from their candidates or their specials;
    the window asks those who hold such a play, in priority order (``_in_priority``)."""
    state.phase = TURN_END
    seats = []  # a loop, not a comprehension (cheaper on CPython 3.11): at every turn's end
    for s in range(state.n):
        if s != state.active and at_turn_end(state, s):
            seats.append(s)
    state.base = _in_priority(state, state.active, seats)


def _next_turn(state: PolitburoState, events: Events) -> None:
    state.turns += 1
    for seat in range(state.active + 1, state.n):
        if own(state, seat):
            start_turn(state, seat, events)
            return
    state.phase = ROUND_END
    state.typed = [0] * len(state.typed)
    state.used_from = [-1] * state.n
    seats = []  # those who can answer (seldom any)
    for s in range(state.n):
        if can_answer(state, s, ROUND_END):
            seats.append(s)
    state.base = _in_priority(state, -1, seats)
    if events is not None:
        events.append(Event("round_ending", {"round": state.round}))


def end_round(state: PolitburoState, events: Events) -> None:
    """R, "El final de una candidatura": action markers come off, every candidate in play
    gains a point of loyalty (three with Plan quinquenal), and those still negative go to
    Siberia (ruling 7: in that order). The starting player begins the next round."""
    # In C where it can be (once a round, some 4% of a playout): markers stay on those in
    # hospital only, and Siberia is looked for only when a loyalty in play is negative.
    state.marker = list(map(and_, state.marker, map((-1).__lt__, state.hospital)))
    plans = [e for e in state.effects if e[1] == PLAN] if state.effects else []
    effects.round_gain(state, {e[2] for e in plans}, events)
    live, loyalty = board(state)[3], state.loyalty
    if live and min(map(loyalty.__getitem__, live)) < 0:
        for c in live:  # a removal changes no one else's loyalty
            if loyalty[c] < 0:
                effects.remove(state, c, SIBERIA, events)
    for e in plans:
        state.effects.remove(e)
        state.discard.append(e[0])
    state.powers = 0
    if events is not None:
        events.append(Event("round_over", {"round": state.round}))
    state.round += 1
    effects.promote(state, events)
    if state.phase == OVER:
        finish(state, state.end_reason, events)
        return
    if _survivors(state, events):
        return
    if state.round > state.round_limit:
        finish(state, "round_limit", events)
        return
    mine = board(state)[2]
    for seat in range(state.n):  # the first seat with a candidate in play (two have, at least)
        if mine[seat]:
            start_turn(state, seat, events)
            return
