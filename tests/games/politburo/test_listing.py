"""Politburó's legal lists kept for speed (``listing.py``): the segments a playout draws from
are always the legal list, whether built, patched within a turn or read from a kept board."""

from __future__ import annotations

import random

from backroom.games.politburo import GAME
from backroom.games.politburo.cards import DEAD, OFFICES
from backroom.games.politburo.legality import offices_of, own
from backroom.games.politburo.listing import kept as kept_list
from backroom.games.politburo.listing import turn_segments
from backroom.games.politburo.segments import expand, pick, size

from .conftest import NKVD, position


def test_kept_segments_are_the_legal_list_and_a_patched_turn_list_is_the_rebuilt_one():
    patched = windows = 0
    for seed in range(40):
        rng = random.Random(seed)
        state, _ = GAME.start(2 + seed % 4, {}, seed)
        while state.actors():
            seat = state.actors()[0]
            kept = kept_list(state, seat)
            assert _listed(kept) == state.legal_actions(seat) and kept[2] == len(state.legal_actions(seat))
            if kept[3]:
                assert _same(kept[1], turn_segments(state, seat))
            action = state.random_action(seat, rng)
            state.apply_quiet(seat, action)
            if state._turn is not None:  # a patched turn list, or a window's kept as it opened
                asked = state._turn[0]
                assert state.actors() == (asked,)
                assert _listed(state._turn) == state.legal_actions(asked)
                assert state._turn[2] == len(state.legal_actions(asked))  # counted as patched
                if state._turn[3]:
                    patched += 1
                    assert asked == seat and _same(state._turn[1], turn_segments(state, seat))
                else:
                    windows += 1
    assert patched > 1000 and windows > 500


def _listed(kept) -> list:
    """The actions a kept list stands for: in full, or its segments expanded."""
    return expand(kept[1]) if kept[4] is None else kept[4]


def _same(a, b) -> bool:
    """The same segments, in the same order (options as lists: a tuple and a list alike)."""

    def flat(segments):
        return [(prefix, None if options is None else list(options)) for prefix, options in segments]

    return flat(a) == flat(b)


def test_candidates_in_play_and_offices_are_read_again_when_changed_by_hand():
    state = position(offices={NKVD: 0}, loyalty={0: 21})
    assert own(state, 1) == (3, 4, 5) and offices_of(state, 0) == (NKVD,)
    state.fate[4] = DEAD
    state.office[NKVD] = -1
    state.office[len(OFFICES) - 1] = 3
    assert own(state, 1) == (3, 5) and offices_of(state, 0) == () and offices_of(state, 1) == (4,)


def test_contrabando_may_take_back_the_first_card_discarded_in_a_turn_from_a_kept_list():
    state = position(hands={0: ["contrabando", "demagogia-2", "demagogia-2"]})
    assert not any(a[0] == "smuggle" for a in _listed(kept_list(state, 0)))  # the pile is empty
    state.apply_quiet(0, ("discard", "demagogia-2"))
    assert ("smuggle", "demagogia-2") in _listed(kept_list(state, 0))
    assert _listed(kept_list(state, 0)) == state.legal_actions(0)


def test_a_drawn_action_is_the_expanded_list_at_that_index_from_either_end():
    segments = [(("redraw",), None), (("assign", "a"), [3, 4]), (("discard", "a"), None)]
    segments += [(("play", "b"), (0, 1, 2)), (("pass",), None)]
    listed = expand(segments)
    total = size(segments)
    assert total == len(listed) == 8
    for i in range(total):  # the middle of each index: a fraction r that lands on it
        assert pick(segments, total, (i + 0.5) / total) == listed[i]
