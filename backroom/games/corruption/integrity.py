"""What every Corruption position holds: the invariants a decoded position must keep
(``CorruptionState.check``) and the inventory of its cards (the conformance suite's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.games.corruption import award
from backroom.games.corruption.cards import BODIES, DECK_SIZE, GAME_ID, OVER, PHASES, VARIANTS

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState


def check(state: CorruptionState) -> None:
    """A decoded position holds every contract once and, in play, a contract under every body,
    so a hand-written position fails with a clear message, not later in play."""
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
    plays = len(state.p_seat)
    if any(len(p) != plays for p in (state.p_kind, state.p_where, state.p_up, state.p_on, state.p_gone)):
        raise ValueError(f"a {GAME_ID} position lists each play's seat, card, place and fate")
    bodies = {state.body_of[c] for c in state.table}
    if not bodies <= set(range(len(BODIES))) or (state.phase != OVER and len(bodies) != len(BODIES)):
        # Every round deals two contracts under each body, so in play none is ever empty; a
        # hand-written one would leave a Swiss bribe there with nowhere to go and stall the award.
        raise ValueError(
            f"a {GAME_ID} position in play has a contract under every body, and each on the table under one"
        )


def inventory(state: CorruptionState) -> dict[str, int]:
    return {
        "player_cards": sum(map(len, state.hands)) + len(state.p_seat) + sum(map(len, state.spent)),
        "contracts": len(state.deck) + len(state.table) + sum(map(len, state.won)),
        "black_book": sum(state.bb_left) + sum(state.bb_used),
    }
