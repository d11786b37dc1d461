"""A Corruption position to JSON and back: the whole state, hidden parts included, as plain data
(``State.to_json``/``from_json``). Reading checks the shape, that every contract is somewhere
exactly once and, while the game is on, that every body has a contract on the table, so a
hand-written position file fails with a clear message, not later in play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.games.corruption import award
from backroom.games.corruption.cards import BODIES, DECK_SIZE, Contract

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState


def encode(state: CorruptionState) -> dict[str, Any]:
    from backroom.games.corruption.state import GAME_ID

    return {
        "game": GAME_ID,
        "players": state.n,
        "variant": state.variant,
        "black_book": state.black_book,
        "contracts": [list(c) for c in state.contracts],
        "deck": state.deck,
        "table": state.table,
        "body_of": state.body_of,
        "won": state.won,
        "hands": state.hands,
        "spent": state.spent,
        "round": state.round,
        "leader": state.leader,
        "phase": state.phase,
        "up_mask": state.up_mask,
        "turn": state.turn,
        "plays": [
            [s, k, w, u, o, g]
            for s, k, w, u, o, g in zip(
                state.p_seat, state.p_kind, state.p_where, state.p_up, state.p_on, state.p_gone, strict=True
            )
        ],
        "bb_left": state.bb_left,
        "bb_used": state.bb_used,
        "seen": state.seen,
        "declined": state.declined,
        "step": state.step,
        "pending": state.pending,
        "cancelled": state.cancelled,
        "results": state.results,
    }


def decode(state: CorruptionState, data: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``data``; ``ValueError`` if it is not a Corruption position."""
    from backroom.games.corruption.state import GAME_ID

    try:
        if data["game"] != GAME_ID:
            raise ValueError(f"a {data['game']} position is not a {GAME_ID} position")
        state.n = int(data["players"])
        state.variant = str(data["variant"])
        state.black_book = bool(data["black_book"])
        state.contracts = tuple(
            Contract(str(i), str(name), int(v), str(st), str(src))
            for i, name, v, st, src in data["contracts"]
        )
        state.deck = [int(c) for c in data["deck"]]
        state.table = [int(c) for c in data["table"]]
        state.body_of = [int(b) for b in data["body_of"]]
        state.won = [[int(c) for c in w] for w in data["won"]]
        state.hands = [[int(k) for k in h] for h in data["hands"]]
        state.spent = [[int(k) for k in s] for s in data["spent"]]
        state.round = int(data["round"])
        state.leader = int(data["leader"])
        state.phase = str(data["phase"])
        state.up_mask = int(data["up_mask"])
        state.turn = int(data["turn"])
        plays = data["plays"]
        state.p_seat = [int(p[0]) for p in plays]
        state.p_kind = [int(p[1]) for p in plays]
        state.p_where = [int(p[2]) for p in plays]
        state.p_up = [bool(p[3]) for p in plays]
        state.p_on = [int(p[4]) for p in plays]
        state.p_gone = [int(p[5]) for p in plays]
        state.bb_left = [int(b) for b in data["bb_left"]]
        state.bb_used = [int(b) for b in data["bb_used"]]
        state.seen = [int(s) for s in data["seen"]]
        state.declined = int(data["declined"])
        state.step = str(data["step"])
        state.pending = int(data["pending"])
        state.cancelled = [int(c) for c in data["cancelled"]]
        state.results = [[r[0], r[1], r[2], r[3]] for r in data["results"]]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"not a valid {GAME_ID} position: {exc}") from exc
    check(state)


def check(state: CorruptionState) -> None:
    from backroom.games.corruption.state import GAME_ID, OVER, PHASES, VARIANTS

    if state.phase not in PHASES or state.variant not in VARIANTS or state.step not in award.STEPS:
        raise ValueError(f"not a valid {GAME_ID} position: unknown phase, variant or step")
    if len(state.contracts) != DECK_SIZE or len(state.body_of) != DECK_SIZE:
        raise ValueError(f"a {GAME_ID} position holds {DECK_SIZE} contracts")
    places = state.deck + state.table + [c for w in state.won for c in w]
    if sorted(places) != list(range(DECK_SIZE)):
        raise ValueError(f"a {GAME_ID} position must hold each contract once")
    if not 0 <= state.leader < state.n or any(
        len(x) != state.n for x in (state.hands, state.spent, state.won, state.bb_left, state.seen)
    ):
        raise ValueError(f"a {GAME_ID} position needs one hand, pile and book count per seat")
    bodies = {state.body_of[c] for c in state.table}
    if not bodies <= set(range(len(BODIES))) or (state.phase != OVER and len(bodies) != len(BODIES)):
        # Every round deals two contracts under each body, so in play none is ever empty; a
        # hand-written one would leave a Swiss bribe there with nowhere to go and stall the award.
        raise ValueError(
            f"a {GAME_ID} position in play has a contract under every body, and each on the table under one"
        )
