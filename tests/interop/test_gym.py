"""Gymnasium's own environment checker on every game, variant and the smallest and largest
table, the registered ids, and what a learner's episode looks like."""

from __future__ import annotations

import pytest

from tests.helpers import require, snapshot, strongest_bot
from tests.interop.cases import TABLES

np = require("numpy")
gymnasium = require("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402 (after the library check)

from backroom.games import all_games, get_game  # noqa: E402
from backroom.interop.gym import BackroomEnv, env_id  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_gymnasium_check_env_passes(game, variant, players):
    opponents = strongest_bot(get_game(game))
    check_env(BackroomEnv(game, players, seat=players - 1, opponents=opponents, **variant))


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_game_is_registered_and_made_by_id(game):
    env = gymnasium.make(env_id(game), opponents="random")
    check_env(env.unwrapped)
    assert env.unwrapped.table.game.id == game


def test_an_episode_against_heuristic_bots_ends_with_the_learners_return():
    env = BackroomEnv("corruption", 4, seat=2, opponents=["heuristic", "random", "heuristic"])
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    rewards = []
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        rewards.append(reward)
    assert all(r == 0.0 for r in rewards[:-1])
    assert rewards[-1] == 1.0 - 2.0 * (info["rank"] - 1) / 3


def test_an_action_outside_the_mask_ends_the_episode_as_a_loss():
    env = BackroomEnv("stool-pigeon", 2, opponents="random")
    obs, _ = env.reset(seed=1)
    before = snapshot(env.game_state)
    for illegal in (int(np.flatnonzero(obs["action_mask"] == 0)[0]), env.table.num_actions, -1):
        _, reward, done, _, info = env.step(illegal)
        assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
        assert snapshot(env.game_state) == before


def test_an_action_that_is_not_an_integer_is_refused_not_rounded_down():
    env = BackroomEnv("stool-pigeon", 2, opponents="random")
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    before = snapshot(env.game_state)
    with pytest.raises(TypeError):
        env.step(legal + 0.5)
    assert snapshot(env.game_state) == before
    _, _, _, _, info = env.step(np.int64(legal))
    assert "illegal_action" not in info
