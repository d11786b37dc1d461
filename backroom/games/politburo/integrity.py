"""What every Politburó position holds: the invariants a decoded position must keep
(``PolitburoState.check``) and the inventory of its cards (the conformance suite's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.games.politburo import hidden
from backroom.games.politburo.cards import DECK_SIZE, GAME_ID, NC, OFFICES, PHASES, REACTIONS, VALUE

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def check(state: PolitburoState) -> None:
    """Raise ``ValueError`` where a position breaks the game's invariants."""
    if not 2 <= state.n <= 5 or len(state.hands) != state.n or len(state.known) != state.n:
        raise ValueError(f"a {GAME_ID} position has 2 to 5 players, each with a hand")
    if len(state.owner) != NC or len(state.assigned) != NC or len(state.office) != len(OFFICES):
        raise ValueError(f"a {GAME_ID} position has {NC} candidates and {len(OFFICES)} offices")
    if sorted(all_cards(state)) != list(range(DECK_SIZE)):
        raise ValueError(f"a {GAME_ID} position must hold each of the {DECK_SIZE} cards once")
    if state.react not in ("", *REACTIONS) or state.phase not in PHASES or not 0 <= state.active < state.n:
        raise ValueError(f"unknown phase {state.phase!r} or active seat {state.active}")
    if len(state.open_hand) != state.n or any(
        mask & ~sum(1 << c for c in hand) for mask, hand in zip(state.open_hand, state.hands, strict=True)
    ):
        raise ValueError("a card known to be in a hand is not there")
    if any(not 0 <= f[0] < state.n for f in hidden.written(state.facts)):
        raise ValueError("a fact names a seat that is not at the table")


def all_cards(state: PolitburoState) -> list[int]:
    """Every card, wherever it lies: deck, discards, effects, the card set aside, hands, candidates."""
    cards = state.deck + state.discard + [e[0] for e in state.effects]
    cards += [state.extra] if state.extra >= 0 else []
    for hand in state.hands:
        cards += hand
    for a in state.assigned:
        cards += a
    return cards


def inventory(state: PolitburoState) -> dict[str, int]:
    """All 98 cards wherever they are, and the printed value of the basic cards."""
    cards = all_cards(state)
    return {
        "cards": len(cards),
        "printed": sum(VALUE[c] for c in cards),
        "candidates": sum(1 for o in state.owner if o >= 0),
    }
