"""The repository's conformance suite (``tests/test_conformance.py``) run on Illuminati before
it is registered: the same invariants (determinism, no leaks, termination within the declared
bound, conservation, JSON round trip, refusals, action numbering, resampling) at 2 and 8
players, so the engine is held to them while it grows."""

from __future__ import annotations

import pytest

from backroom.games.illuminati import GAME
from tests import test_conformance as suite

SEEDED = [
    suite.test_determinism_same_seed_and_actions_give_same_states_and_events,
    suite.test_termination_random_play_ends_within_declared_bound,
    suite.test_conservation_inventory_is_constant,
    suite.test_json_round_trip_at_every_step,
    suite.test_no_leaks_view_unchanged_when_hidden_information_is_resampled,
    suite.test_refused_action_changes_nothing,
    suite.test_action_specs_number_every_legal_action_and_the_mask_marks_exactly_them,
    suite.test_identical_views_give_identical_legal_actions,
    suite.test_to_json_returns_data_no_later_move_changes,
    suite.test_quiet_apply_and_random_action_play_the_same_game_as_apply,
    suite.test_random_action_is_uniform_over_legal_actions,
    suite.test_resample_depends_only_on_what_the_seat_knows,
    suite.test_resample_redraws_chance_so_the_future_is_not_the_real_one,
]


@pytest.mark.parametrize("players", [2, 8])
@pytest.mark.parametrize("check", SEEDED, ids=lambda f: f.__name__.removeprefix("test_"))
def test_conformance_invariant_holds_for_illuminati(check, players):
    check(GAME, {}, players)


@pytest.mark.parametrize(
    "check",
    [
        suite.test_determinism_same_seed_and_actions_give_same_states_and_events,
        suite.test_termination_random_play_ends_within_declared_bound,
        suite.test_conservation_inventory_is_constant,
        suite.test_json_round_trip_at_every_step,
        suite.test_no_leaks_view_unchanged_when_hidden_information_is_resampled,
        suite.test_identical_views_give_identical_legal_actions,
        suite.test_resample_depends_only_on_what_the_seat_knows,
    ],
    ids=lambda f: f.__name__.removeprefix("test_"),
)
def test_conformance_invariant_holds_for_every_variant(check):
    for variant in GAME.test_variants()[1:]:
        check(GAME, variant, 5)


def test_schema_declares_every_field_of_the_state():
    """The suite's check asserts that ``__slots__`` and the schema name the same fields."""
    suite.test_schema_declares_every_field_of_the_state(GAME)
