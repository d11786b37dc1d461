"""The fast legality check agrees with the list of legal actions, in every reachable position."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.games import get_game

GAME = get_game("stool-pigeon")
KINDS = (
    "draw",
    "close",
    "swap",
    "keep",
    "peek",
    "pick",
    "switch",
    "remove",
    "add",
    "snap",
    "pass",
    "give",
    "discard",
)


def candidates(rng: random.Random, players: int) -> list[tuple]:
    """Well-formed and malformed actions alike: every kind, in- and out-of-range numbers."""
    out = []
    for kind in KINDS:
        for size in range(1, 6):
            out.append((kind, *(rng.randrange(-1, players + 6) for _ in range(size - 1))))
    out += [("snap", "0", 1), ("swap", True), (), ("peek", 0.5, 1)]
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_is_legal_matches_legal_actions(seed, players):
    rng = random.Random(seed)
    state, _ = GAME.start(players, {"round_limit": 4}, seed)
    while state.actors():
        for seat in range(players):
            legal = state.legal_actions(seat)
            for action in legal:
                assert state.is_legal(seat, action)
            for action in candidates(rng, players):
                # True == 1 in Python; a boolean is never a seat or slot number
                expected = action in legal and not any(isinstance(x, bool) for x in action)
                assert state.is_legal(seat, action) == expected, (seat, action)
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
