"""PettingZoo's own checks on every game, variant and the smallest and largest table: its API
test (``api_test`` at ``num_cycles=1000``) and its determinism test (``seed_test``)."""

from __future__ import annotations

import pytest

from tests.helpers import require, snapshot
from tests.interop.cases import TABLES

np = require("numpy")
pz_test = require("pettingzoo.test")
from backroom.interop.pettingzoo import env  # noqa: E402 (after the library check)


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_pettingzoo_api_test_and_seed_test_pass(game, variant, players):
    pz_test.api_test(env(game, players, **variant), num_cycles=1000)
    pz_test.seed_test(lambda: env(game, players, **variant), num_cycles=500)


def test_a_window_walks_its_seats_in_priority_order_and_a_pass_is_an_action():
    """Stool Pigeon's snap window: the selected agent is the kernel's first actor, and after a
    pass the next seat of the window is selected."""
    e = env("stool-pigeon", 4)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    table = e.table
    for agent in e.agent_iter(5000):
        state = e.game_state
        if len(state.actors()) > 1:
            window = list(state.actors())
            assert agent == f"player_{window[0]}"
            e.step(table.space.index(("pass",)))
            assert e.agent_selection == f"player_{state.actors()[0]}"
            assert state.actors() == tuple(window[1:]) or len(state.actors()) <= 1
            return
        obs, _, done, _, _ = e.last()
        e.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pytest.fail("no snap window opened in 5000 steps")


def test_rewards_are_the_returns_at_the_end_and_zero_before():
    e = env("slush-fund", 3)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, _, _ = e.last()
        total[agent] += reward
        if not done:
            assert reward == 0.0
        e.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert max(total.values()) == 1.0 and min(total.values()) >= -1.0


def test_render_ansi_draws_the_terminal_board():
    e = env("corruption", 3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "player_0" in text


def test_the_agent_to_act_finds_its_legal_mask_in_its_info_and_no_other_agent_has_one():
    """``last(observe=False)`` is enough for an agent that needs no vector: the mask in ``info``
    is the selected seat's legal actions at every step, never a stale one."""
    e = env("stool-pigeon", 4)
    e.reset(seed=5)
    rng = np.random.default_rng(2)
    for agent in e.agent_iter():
        _, _, done, _, info = e.last(observe=False)
        others = [a for a in e.agents if a != agent]
        assert all("action_mask" not in e.infos[a] for a in others)
        if done:
            assert "action_mask" not in info
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        legal = sorted(e.table.legal_indices(e.game_state, seat))
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(e.observe(agent)["action_mask"], info["action_mask"])
        e.step(int(rng.choice(legal)))


def test_an_action_that_is_not_an_integer_is_refused_not_rounded_down():
    """``step(1.5)`` played action 1 (``int()`` rounds down): a float is an agent's bug, and
    the action it lands on may be legal. NumPy integers are integers."""
    e = env("stool-pigeon", 2)
    e.reset(seed=1)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    before = snapshot(e.game_state)
    for action in (legal + 0.5, float(legal), np.float32(legal)):
        with pytest.raises(TypeError):
            e.step(action)
        assert snapshot(e.game_state) == before
    e.step(np.int64(legal))
    assert snapshot(e.game_state) != before
