"""What every Illuminati position holds: the invariants a decoded position must keep
(``IlluminatiState.check``) and the inventory of its cards and money (the conformance suite's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.games.illuminati.cards import CARD_OF, NUM_CARDS, PHASES, is_special

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def check(state: IlluminatiState) -> None:
    """Raise ``ValueError`` where a position breaks the game's invariants."""
    per_seat = (
        state.illuminati,
        state.structures,
        state.goal_choice,
        state.identified,
        state.shown_power,
        state.ruled_goals,
        state.destroyed,
        state.stripped,
    )
    if not 2 <= state.n <= 8 or any(len(f) != state.n for f in per_seat):
        raise ValueError("not a valid illuminati position: seats")
    if len(state.owner) != NUM_CARDS or len(state.money) != NUM_CARDS or len(state.used) != NUM_CARDS:
        raise ValueError("not a valid illuminati position: per-card lists")
    if sorted(all_cards(state)) != list(range(NUM_CARDS)):
        raise ValueError("not a valid illuminati position: every card once")
    for seat, structure in enumerate(state.structures):
        if state.alive[seat] and any(state.owner[CARD_OF[f]] != seat for f in structure.cards()):
            raise ValueError("not a valid illuminati position: owners")
    if not 0 <= state.bottom <= len(state.deck) or not all(map(is_special, state.deck[: state.bottom])):
        raise ValueError("not a valid illuminati position: the deck's known bottom")
    if state.phase not in PHASES:
        raise ValueError("not a valid illuminati position: phase")
    if any(m < 0 for m in state.money):
        raise ValueError("not a valid illuminati position: negative treasury")


def all_cards(state: IlluminatiState) -> list[int]:
    """Every card, wherever it lies: in a live structure, a hand, a pile or out of the game."""
    held = [c for s in range(state.n) if state.alive[s] for c in state.cards_of(s)]
    hands = [c for h in state.hands for c in h]
    return held + hands + state.deck + state.uncontrolled + state.dead + state.discard + state.out


def inventory(state: IlluminatiState) -> dict[str, int]:
    return {"cards": len(all_cards(state)), "mb": sum(state.money) - state.issued}
