"""Contract award, the third phase of a round, in the rulebook's five steps.

Every step walks the round's plays in the order they were played (the sequential table makes
"simultaneous cards left to right" moot). Where an owner chooses (where a Swiss bribe goes,
which card a hitman kills, which bribe a reporter removes) the state stops with ``pending``
naming the play and that play's owner acts; a choice with one option is made at once.

1. Swiss bribes are assigned to a contract of their body, at half value (ruling 4).
2. Hitmen kill a district attorney, reporter or other hitman on their contract (ruling 2).
3. Contracts with a living district attorney are cancelled; they stay, their bribes go back.
4. Each reporter allows its owner to remove one non-Swiss bribe from its contract, or none
   (ruling 3: "le permite", where the hitman "debe").
5. The highest total wins; a tie or no bribe at all wins nothing and the contract stays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Event
from backroom.games.corruption.cards import ATTORNEY, BRIBE_VALUE, FACES, HITMAN, IS_BRIBE

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState

NONE, SWISS, HITMEN, REPORTERS = "none", "swiss", "hitmen", "reporters"
STEPS = (NONE, SWISS, HITMEN, REPORTERS)

IN_PLAY, KILLED, REMOVED, LEFT = 0, 1, 2, 3
GONE_NAMES = ("in_play", "killed", "removed", "left")
"""How a card left its contract during the award (``p_gone``)."""

WON, TIED, UNBID, CANCELLED = "won", "tied", "unbid", "cancelled"


def begin(state: CorruptionState, events: list[Event] | None) -> None:
    state.step = SWISS
    state.cancelled = []
    _advance(state, 0, events)


def options(state: CorruptionState) -> list[Action]:
    """The pending owner's choices."""
    i = state.pending
    if state.step == SWISS:
        return [("assign", c) for c in swiss_targets(state, i)]
    if state.step == HITMEN:
        return [("kill", j) for j in hit_targets(state, i)]
    return [*(("remove", j) for j in report_targets(state, i)), ("no_removal",)]


def decide(state: CorruptionState, action: Action, events: list[Event] | None) -> None:
    """Carry out the pending owner's (already validated) choice, then go on."""
    i = state.pending
    kind = action[0]
    if kind == "assign":
        _assign(state, i, action[1], events)
    elif kind == "kill":
        _kill(state, i, action[1], events)
    elif kind == "remove":
        _remove(state, i, action[1], events)
    elif events is not None:
        events.append(Event("reporter_declines", {"seat": state.p_seat[i], **_place(state, i)}))
    _advance(state, i + 1, events)


def swiss_targets(state: CorruptionState, i: int) -> list[int]:
    """Ruling 4: any contract of that body on the table this round, even one a district
    attorney will cancel."""
    body = -1 - state.p_where[i]
    return [c for c in state.table if state.body_of[c] == body]


def hit_targets(state: CorruptionState, i: int) -> list[int]:
    """Living characters on the hitman's contract other than itself, its owner's included."""
    where = state.p_where[i]
    return [
        j
        for j in range(len(state.p_seat))
        if j != i
        and state.p_where[j] == where
        and not IS_BRIBE[state.p_kind[j]]
        and state.p_gone[j] == IN_PLAY
    ]


def report_targets(state: CorruptionState, i: int) -> list[int]:
    """Bribes played on the reporter's contract and still there; Swiss bribes assigned to it
    are not among them (they stay sideways and cannot be cancelled)."""
    where = state.p_where[i]
    return [
        j
        for j in range(len(state.p_seat))
        if state.p_where[j] == where and IS_BRIBE[state.p_kind[j]] and state.p_gone[j] == IN_PLAY
    ]


def _advance(state: CorruptionState, start: int, events: list[Event] | None) -> None:
    plays = len(state.p_seat)
    while True:
        step = state.step
        for i in range(start, plays):
            if step == SWISS and state.p_where[i] < 0:
                targets = swiss_targets(state, i)
                if len(targets) != 1:
                    state.pending = i
                    return
                _assign(state, i, targets[0], events)
            elif step == HITMEN and state.p_kind[i] == HITMAN and state.p_gone[i] == IN_PLAY:
                targets = hit_targets(state, i)
                if len(targets) > 1:
                    state.pending = i
                    return
                if targets:
                    _kill(state, i, targets[0], events)
                else:
                    state.p_gone[i] = LEFT
                    if events is not None:
                        events.append(Event("hitman_leaves", {"seat": state.p_seat[i], **_place(state, i)}))
            elif (
                step == REPORTERS
                and state.p_gone[i] == IN_PLAY
                and FACES[state.p_kind[i]] == "reporter"
                and state.p_where[i] not in state.cancelled
            ):
                if report_targets(state, i):  # removing is the owner's choice, even of one bribe
                    state.pending = i
                    return
                if events is not None:
                    events.append(Event("reporter_idle", {"seat": state.p_seat[i], **_place(state, i)}))
        start = 0
        if step == SWISS:
            state.step = HITMEN
        elif step == HITMEN:
            _cancel(state, events)
            state.step = REPORTERS
        else:
            state.pending = -1
            return


def _place(state: CorruptionState, i: int) -> dict[str, Any]:
    return {"contract": state.label_of(state.p_where[i]), "play": i}


def _assign(state: CorruptionState, i: int, contract: int, events: list[Event] | None) -> None:
    state.p_on[i] = contract
    kind = state.p_kind[i]
    if events is not None:
        events.append(
            Event(
                "swiss_assigned",
                {
                    "seat": state.p_seat[i],
                    "card": FACES[kind],
                    "value": BRIBE_VALUE[kind] // 2,
                    "contract": state.label_of(contract),
                    "play": i,
                },
            )
        )


def _kill(state: CorruptionState, i: int, victim: int, events: list[Event] | None) -> None:
    state.p_gone[victim] = KILLED
    if events is not None:
        events.append(
            Event(
                "hitman_kills",
                {
                    "seat": state.p_seat[i],
                    "target_seat": state.p_seat[victim],
                    "card": FACES[state.p_kind[victim]],
                    "victim": victim,
                    **_place(state, i),
                },
            )
        )


def _remove(state: CorruptionState, i: int, bribe: int, events: list[Event] | None) -> None:
    state.p_gone[bribe] = REMOVED
    if events is not None:
        events.append(
            Event(
                "reporter_removes",
                {
                    "seat": state.p_seat[i],
                    "target_seat": state.p_seat[bribe],
                    "card": FACES[state.p_kind[bribe]],
                    "bribe": bribe,
                    **_place(state, i),
                },
            )
        )


def _cancel(state: CorruptionState, events: list[Event] | None) -> None:
    """Step 3: any living district attorney cancels its contract for this round."""
    for i in range(len(state.p_seat)):
        c = state.p_where[i]
        if state.p_kind[i] == ATTORNEY and state.p_gone[i] == IN_PLAY and c not in state.cancelled:
            state.cancelled.append(c)
            if events is not None:
                events.append(
                    Event("contract_cancelled", {"seat": state.p_seat[i], "contract": state.label_of(c)})
                )


def totals(state: CorruptionState) -> dict[int, list[int]]:
    """Each contract's bribe total per seat as it stands: Swiss bribes at half value, cards
    removed or on a cancelled contract not counted."""
    out: dict[int, list[int]] = {}
    cancelled = state.cancelled
    for i, seat in enumerate(state.p_seat):
        kind = state.p_kind[i]
        c = state.p_on[i]
        if c < 0 or not IS_BRIBE[kind] or state.p_gone[i] != IN_PLAY or c in cancelled:
            continue
        value = BRIBE_VALUE[kind] // 2 if state.p_where[i] < 0 else BRIBE_VALUE[kind]
        out.setdefault(c, [0] * state.n)[seat] += value
    return out


def score(state: CorruptionState, events: list[Event] | None) -> list[tuple[int, int]]:
    """Step 5: the winners ``(contract, seat)``; ``state.results`` keeps every contract's fate."""
    sums = totals(state)
    winners: list[tuple[int, int]] = []
    results: list[tuple[int, str, int, int]] = []
    for c in state.table:
        if c in state.cancelled:
            results.append((c, CANCELLED, -1, 0))
            continue
        row = sums.get(c)
        if row is None:
            results.append((c, UNBID, -1, 0))
            if events is not None:
                events.append(Event("contract_unbid", {"contract": state.label_of(c)}))
            continue
        best = max(row)
        leaders = [s for s, v in enumerate(row) if v == best]
        if len(leaders) == 1:
            winners.append((c, leaders[0]))
            results.append((c, WON, leaders[0], best))
            if events is not None:
                params = {"seat": leaders[0], "contract": state.label_of(c), "total": best}
                events.append(Event("contract_won", params))
        else:
            results.append((c, TIED, -1, best))
            if events is not None:
                params = {"contract": state.label_of(c), "total": best, "tied_seat": leaders}
                events.append(Event("contract_tied", params))
    state.results = tuple(results)
    return winners
