"""PettingZoo: every registered game as an AEC environment (``env("corruption", players=4)``).

Agents are ``player_0`` … ``player_{n-1}``, one per seat. The action space is
``Discrete(num_distinct_actions)`` from the game's integer encoding
(``Game.action_space``); every observation is ``{"observation": float32 vector in [0, 1],
"action_mask": int8 vector}``, the vector written by the game's observation encoder (its
blocks: ``Table.layout.describe()`` and ``docs/research.md``). The agent to act also finds its
``action_mask`` (the same array) in its ``info``: an agent that needs no observation vector (a
random or scripted player, a rollout) calls ``last(observe=False)`` and reads the mask there,
and the vector, a learner's input and the dearest part of a step, is then never written.
Rewards come at the end only:
each seat's return (``backroom.interop.table.returns``, +1 first … -1 last).

Reaction windows map to AEC turns one seat at a time: ``agent_selection`` is always
``actors()[0]``, the first seat in the kernel's priority order, and a pass is an action like
any other; after it the next seat of the window is selected. This is what the kernel's
sequential drivers do, so a window plays as it does at a live table in that order. The
parallel form (``aec_to_parallel``) does not fit: turns take several actions (draw, swap,
a Family card) and windows interrupt the order of seats, so no step has every agent acting
once. Use this AEC form.

An action outside the agent's mask raises ``IllegalAction`` naming the rule, the position
unchanged; an index outside the action space raises ``ValueError``, and one that is not an
integer (NumPy's are) ``TypeError``. Seeding: ``reset(seed=s)`` deals from a generator seeded
with ``s`` (a client-chosen seed is fine for local research); ``reset()`` without a seed deals
the next game of that generator.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from backroom.engine.game import State
from backroom.interop import research_extra
from backroom.interop.table import Table, returns

with research_extra():
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv


def env(game: str, players: int, render_mode: str | None = None, **options: Any) -> BackroomAEC:
    """The AEC environment of ``game`` at ``players`` seats with table ``options``."""
    return BackroomAEC(game, players, render_mode=render_mode, **options)


def start_episode(env: AECEnv) -> None:
    """PettingZoo's bookkeeping at a reset: every agent in, no reward yet, none done, no info."""
    env.agents = env.possible_agents[:]
    env.rewards = dict.fromkeys(env.agents, 0.0)
    env._cumulative_rewards = dict.fromkeys(env.agents, 0.0)
    env.terminations = dict.fromkeys(env.agents, False)
    env.truncations = dict.fromkeys(env.agents, False)
    env.infos = {a: {} for a in env.agents}


class BackroomAEC(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "backroom_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, players: int, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.table = Table(game, players, options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.table.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents}
        self._deals = random.Random()
        self.agent_selection = self.possible_agents[0]
        self.game_state: State | None = None
        """The kernel's position (not PettingZoo's ``state()``, a global observation this
        environment does not offer)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals = random.Random(seed)
        self.game_state = self.table.start(self._deals.getrandbits(63))
        start_episode(self)
        self._select(self.game_state.actors()[0])

    def _select(self, seat: int) -> None:
        """Make ``seat`` the agent to act, its legal mask in its ``info`` (and only its own:
        the previous agent's ``info`` is emptied, so no mask there is ever stale)."""
        assert self.game_state is not None
        self.infos[self.agent_selection] = {}
        agent = self.agent_selection = self.possible_agents[seat]
        self.infos[agent] = {"action_mask": self.table.mask(self.game_state, seat)}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game_state is not None, "reset() first"
        seat = self._seat[agent]
        mask = self.infos[agent].get("action_mask")  # the selected agent's, made by the step
        return {
            "observation": self.table.observation(self.game_state, seat),
            "action_mask": self.table.mask(self.game_state, seat) if mask is None else mask,
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None, "reset() first"
        state.apply_quiet(self._seat[agent], self.table.action(action))
        actors = state.actors()
        if actors:
            # Rewards come only at the end, so mid-game every reward and cumulative reward is
            # still 0: nothing to clear or accumulate (PettingZoo's two dictionary walks were
            # a fifth of a step, and zeroing the agent's cumulative reward one more write).
            self._select(actors[0])
            return
        outcome = state.outcome()
        assert outcome is not None, "no seat may act, so the game is over"
        final = returns(outcome)
        for a in self.agents:
            seat = self._seat[a]
            self.rewards[a] = final[seat]
            self.terminations[a] = True
            self.infos[a] = {"score": outcome.scores[seat], "rank": outcome.ranks[seat]}
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        return self.table.render(self.game_state, self._seat.get(self.agent_selection))

    def close(self) -> None:
        pass
