"""Scoring a finished Stool Pigeon game: the lowest District total wins (the rulebook's "Fin
de la partida"), the Soplón worth the top draw-pile card, then the tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.game import Outcome
from backroom.engine.ranking import rank
from backroom.games.stool_pigeon.cards import EMPTY, FACES, PRINTED, SOPLON, SOPLON_FALLBACK_VALUE

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState


def outcome(state: StoolPigeonState) -> Outcome:
    """The result of a finished game (computed once and kept in the state's cache)."""
    if state._outcome is None:
        totals = []
        keys = []
        for district in state.districts:
            values = [card_value(state, c) for c in district if c != EMPTY]
            totals.append(float(sum(values)))
            # Lowest total wins; then fewer cards; then the lowest single card.
            keys.append((sum(values), len(values), min(values, default=99)))
        ranks, tiebreak = rank(keys, ("fewer_cards", "lowest_card"))
        if ranks.count(1) > 1:
            tiebreak = "play_again"  # "Si aún hay empate, jugad otra partida"
        state._outcome = Outcome(
            scores=tuple(totals),
            ranks=ranks,
            reason=state.end_reason,
            tiebreak=tiebreak,
            details={
                "closer": state.closer if state.closer >= 0 else None,
                "soplon_card": FACES[state.soplon_card] if state.soplon_card != EMPTY else None,
                "cards": [len([c for c in d if c != EMPTY]) for d in state.districts],
            },
        )
    return state._outcome


def soplon_value(state: StoolPigeonState) -> int:
    if state.soplon_card == EMPTY:
        return SOPLON_FALLBACK_VALUE
    return PRINTED[state.soplon_card]


def card_value(state: StoolPigeonState, card: int) -> int:
    return soplon_value(state) if card == SOPLON else PRINTED[card]
