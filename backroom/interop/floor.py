"""The frameworks' own cost: PettingZoo's AEC loop and OpenSpiel's over a game that does nothing.

``python -m backroom.interop.bench`` plays these beside the engine and the adapters, with the
same agent code as the adapter loops, so that each framework's floor is measured in the same
run: an adapter's loop costs at least the engine's step plus its framework's step, whatever
the adapter does. A null game's step only hands the turn on and keeps a fixed mask; its game
lasts ``LENGTH`` steps of ``LEGAL`` legal actions among ``ACTIONS`` (a Stool Pigeon game's
length and a typical number of choices: what the frameworks do per step does not depend on
them). Used by the bench alone: nothing else imports this module.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.interop import research_extra
from backroom.interop.pettingzoo import start_episode

with research_extra():
    import numpy as np
    import pyspiel
    from pettingzoo import AECEnv

LENGTH = 46
ACTIONS = 32
LEGAL = list(range(0, ACTIONS, 3))
FLOOR_GAME = "backroom_floor"


class NullAEC(AECEnv):
    """An AEC environment whose step hands the turn to the next agent with a fresh mask in its
    ``info``, as ``BackroomAEC`` does, and nothing more."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "backroom_floor_v0"}

    def __init__(self, players: int) -> None:
        super().__init__()
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._mask = np.zeros(ACTIONS, np.int8)
        self._mask[LEGAL] = 1
        self._steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        start_episode(self)
        self._steps = 0
        self.agent_selection = self.agents[0]
        self.infos[self.agent_selection] = {"action_mask": self._mask.copy()}

    def observe(self, agent: str) -> None:
        return None

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._steps += 1
        if self._steps < LENGTH:
            self.infos[agent] = {}
            chosen = self.agent_selection = self.possible_agents[self._steps % len(self.possible_agents)]
            self.infos[chosen] = {"action_mask": self._mask.copy()}
            return
        for a in self.agents:
            self.terminations[a] = True
        self._accumulate_rewards()


_TYPE = pyspiel.GameType(
    short_name=FLOOR_GAME,
    long_name="Backroom's null game (the bench's floor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,  # no chance node: nothing to draw
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"players": 4},
)


class NullGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 4))
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=0.0,
            utility_sum=None,
            max_game_length=LENGTH,
        )
        super().__init__(_TYPE, info, {"players": players})

    def new_initial_state(self) -> NullState:
        return NullState(self)


class NullState(pyspiel.State):
    """Answers in Python what ``BackroomState`` answers in Python (whose move, the end, chance,
    the legal list), so the floor crosses from C++ only where the adapter does: ``apply_action``."""

    def __init__(self, game: NullGame) -> None:
        super().__init__(game)
        self.players = game.num_players()
        self.steps = 0
        self.player = 0

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == pyspiel.PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(LEGAL)

    def _legal_actions(self, player: int) -> list[int]:
        return list(LEGAL)

    def _apply_action(self, action: int) -> None:
        self.steps += 1
        self.player = self.steps % self.players if self.steps < LENGTH else int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        return [0.0] * self.players


if FLOOR_GAME not in pyspiel.registered_names():
    pyspiel.register_game(_TYPE, NullGame)
