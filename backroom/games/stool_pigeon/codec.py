"""A Stool Pigeon position to JSON and back: the whole state, hidden parts included, as plain
data (``State.to_json``/``from_json``). Reading checks the shape and that each of the 54 cards
is somewhere exactly once, so a hand-written position file fails with a clear message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.games.stool_pigeon.cards import DECK_SIZE, EMPTY, GAME_ID, PHASES

if TYPE_CHECKING:
    from backroom.games.stool_pigeon.state import StoolPigeonState


def encode(state: StoolPigeonState) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "players": state.n,
        "districts": state.districts,
        "deck": state.deck,
        "discard": state.discard,
        "known": [str(k) for k in state.known],
        "phase": state.phase,
        "active": state.active,
        "held": state.held,
        "closer": state.closer,
        "window_value": state.window_value,
        "eligible": state.eligible,
        "sicario": state.sicario,
        "give_target": list(state.give_target),
        "giver": state.giver,
        "turns": state.turns,
        "turn_limit": state.turn_limit,
        "memory_aid": state.memory_aid,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "end_reason": state.end_reason,
        "soplon_card": state.soplon_card,
    }


def decode(state: StoolPigeonState, data: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``data``; ``ValueError`` says what is wrong."""
    try:
        if data["game"] != GAME_ID:
            raise ValueError(f"a {data['game']} position is not a {GAME_ID} position")
        state.n = int(data["players"])
        state.districts = [[int(c) for c in d] for d in data["districts"]]
        state.deck = [int(c) for c in data["deck"]]
        state.discard = [int(c) for c in data["discard"]]
        state.known = [int(k) for k in data["known"]]
        state.phase = str(data["phase"])
        state.active = int(data["active"])
        state.held = int(data["held"])
        state.closer = int(data["closer"])
        state.window_value = int(data["window_value"])
        state.eligible = [int(s) for s in data["eligible"]]
        state.sicario = bool(data["sicario"])
        target, slot = data["give_target"]
        state.give_target = (int(target), int(slot))
        state.giver = int(data["giver"])
        state.turns = int(data["turns"])
        state.turn_limit = int(data["turn_limit"])
        state.memory_aid = bool(data["memory_aid"])
        state.seed = int(data["seed"])
        state.shuffles = int(data["shuffles"])
        state.end_reason = str(data["end_reason"])
        state.soplon_card = int(data["soplon_card"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a valid {GAME_ID} position: {exc}") from exc
    check_cards(state)


def check_cards(state: StoolPigeonState) -> None:
    cards = [c for d in state.districts for c in d if c != EMPTY] + state.deck + state.discard
    if state.held != EMPTY:
        cards.append(state.held)
    if sorted(cards) != list(range(DECK_SIZE)):
        raise ValueError(f"a {GAME_ID} position must hold each of the {DECK_SIZE} cards once")
    if state.phase not in PHASES:
        raise ValueError(f"unknown phase {state.phase!r}")
