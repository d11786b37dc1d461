"""``estimate.evaluate``: each seat's chance to win from a whole position, for searches whose
playouts are cut short (docs/bots.md, Illuminati)."""

from __future__ import annotations

import random

import pytest

from backroom.bots import make_bot
from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import GOAL_BY_PLAYERS, GROUP_FACES
from backroom.games.illuminati.estimate import evaluate, progress
from tests.helpers import assert_chances, random_positions

from .conftest import position
from .test_goals import grown


def test_illuminati_declares_its_estimate_so_the_search_may_cut_playouts():
    assert GAME.manifest.evaluate == "backroom.games.illuminati.estimate:evaluate"
    assert make_bot("ismcts:horizon=0:lap=1", GAME, 1).budget.horizon == 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_one_chance_per_seat_bounded_and_summing_to_one_through_whole_games(players):
    rng = random.Random(players)
    for seed in range(4):
        seen = 0
        for state in random_positions(GAME, players, seed, rng):
            chances = evaluate(state)
            if chances is not None:
                seen += 1
                assert_chances(chances, players, [s for s in range(players) if not state.alive[s]])
        assert seen > 0


def test_the_seat_with_more_groups_is_the_likelier_winner():
    even = evaluate(position(["network", "ufos"]))
    assert even is not None and even[0] == pytest.approx(even[1], abs=0.05)
    ahead = evaluate(position(["network", "ufos"], structures={0: grown("network", GROUP_FACES[:6])}))
    assert ahead is not None and ahead[0] > 0.8
    further = evaluate(position(["network", "ufos"], structures={0: grown("network", GROUP_FACES[:9])}))
    assert further is not None and further[0] > ahead[0]


def test_a_won_game_gives_the_winner_everything():
    goal = GOAL_BY_PLAYERS[2]
    state = position(["ufos", "network"], structures={0: grown("ufos", GROUP_FACES[: goal - 1])})
    assert progress(state, 0)[0] == 1.0
    state.apply(0, ("end",))
    assert state.is_over and state.winners == [0]
    assert evaluate(state) == [1.0, 0.0]


def test_progress_toward_the_special_goal_counts():
    # The Bavarians pursue 35 Power: strong groups bring them nearer than weak ones
    strong = ["c_i_a", "big_media", "federal_reserve"]
    state = position(["bavarian_illuminati", "ufos"], structures={0: grown("bavarian_illuminati", strong)})
    basic, special = progress(state, 0)
    assert basic == pytest.approx(3 / 12)
    assert special > 2 * basic  # from the Illuminati's own 10 Power: 15 of the 25 still needed


def test_no_estimate_while_an_attack_is_in_flight():
    state = position(["network", "ufos"], uncontrolled=["yuppies"])
    assert evaluate(state) is not None
    state.apply(0, ("attack", "control", "yuppies"))
    assert evaluate(state) is None


def test_money_in_the_structure_makes_the_likelier_winner_as_the_games_say():
    # WEIGHTS were fitted to who won games between heuristic bots: money buys attacks and
    # defences, so 30 MB more with the same groups is a clear edge (0.44 -> 0.69 here; the
    # hand-set weights before the fit gave 0.44 -> 0.54), and less than a lead of six groups
    groups = {s: grown(root, GROUP_FACES[3 * s : 3 * s + 3]) for s, root in enumerate(["network", "ufos"])}
    even = evaluate(position(["network", "ufos"], structures=groups))
    richer = evaluate(position(["network", "ufos"], structures=groups, money={"network": 30}))
    ahead = evaluate(position(["network", "ufos"], structures={0: grown("network", GROUP_FACES[:9])}))
    assert even is not None and richer is not None and ahead is not None
    assert even[0] == pytest.approx(0.5, abs=0.1)
    assert richer[0] - even[0] > 0.2
    assert richer[0] < ahead[0]
