"""Gymnasium: one seat learns, Backroom's bots play the others (``backroom/StoolPigeon-v0``…).

``BackroomEnv(game, players, seat=0, opponents="heuristic", **options)``: the learner holds
``seat``; every other seat is a bot of the kind named (one kind for all, or a list, one per
other seat in seat order): ``random``, ``heuristic``, or any kind a game's manifest declares
(``backroom.bots.bot_kinds``), so a search bot joins by registration. The spaces are the
PettingZoo adapter's: ``Discrete`` actions from the game's encoding and a dict observation
with the vector and the ``action_mask``. ``step`` plays the learner's action, then the bots'
until the learner is asked again (windows included: seats are asked in the kernel's priority
order) or the game ends; the reward is the learner's return at the end (+1 first … -1 last,
``backroom.interop.table.returns``), 0 before.

An action outside the mask ends the episode as a loss (reward -1, ``info["illegal_action"]``):
agents should sample with the mask, and an illegal choice must not pass for a move.

Every registered game is registered as ``backroom/<CamelCaseId>-v0`` at four players (or the
nearest the game allows) when this module is imported: ``gymnasium.make
("backroom/Corruption-v0", players=7, opponents="random")`` overrides the defaults.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from backroom.bots import Bot, Observation, make_bot
from backroom.engine.errors import IllegalAction
from backroom.engine.game import State
from backroom.games import all_games
from backroom.interop import research_extra
from backroom.interop.table import RETURN_BOUNDS, Table, default_players, returns

with research_extra():
    import gymnasium
    import numpy as np
    from gymnasium import spaces


class BackroomEnv(gymnasium.Env[dict[str, Any], Any]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it a plain attribute)

    def __init__(
        self,
        game: str,
        players: int = 4,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.table = Table(game, players, options)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player table")
        self.seat = seat
        others = players - 1
        kinds = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(kinds) != others:
            raise ValueError(f"{others} opponent kinds are needed, not {len(kinds)}")
        for kind in dict.fromkeys(kinds):  # a misspelt kind is refused here, as a bad seat is,
            make_bot(kind, self.table.game, 0)  # not at the first reset
        self.kinds = kinds
        self.render_mode = render_mode
        self.reward_range = RETURN_BOUNDS
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.table.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.game_state: State | None = None
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.game_state = self.table.start(int(draw(2**63)))
        game = self.table.game
        others = [s for s in range(self.table.players) if s != self.seat]
        self.bots = {
            s: make_bot(kind, game, int(draw(2**63))) for s, kind in zip(others, self.kinds, strict=True)
        }
        moves = self._play_bots()
        return self._observe(), {"opponent_actions": moves}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.game_state
        assert state is not None, "reset() first"
        index = operator.index(action)  # a float is a bug, not a move (``Table.action``)
        if not 0 <= index < self.table.num_actions:
            return self._refused()
        try:  # checks legality (once: asking is_legal first checked it twice) before any change
            state.apply_quiet(self.seat, self.table.action(index))
        except IllegalAction:
            return self._refused()
        info: dict[str, Any] = {"opponent_actions": self._play_bots()}
        outcome = state.outcome()
        if outcome is None:
            return self._observe(), 0.0, False, False, info
        info.update(score=outcome.scores[self.seat], rank=outcome.ranks[self.seat])
        return self._observe(), returns(outcome)[self.seat], True, False, info

    def _refused(self) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """An action outside the mask: the episode ends as a loss, the position unchanged."""
        return self._observe(), RETURN_BOUNDS[0], True, False, {"illegal_action": True, "opponent_actions": 0}

    def _play_bots(self) -> int:
        """The bots' moves until the learner is first to act or the game is over."""
        state = self.game_state
        assert state is not None
        moves = 0
        while True:
            actors = state.actors()
            if not actors or actors[0] == self.seat:
                return moves
            seat = actors[0]
            state.apply_quiet(seat, self.bots[seat].choose(Observation(state, seat)))
            moves += 1

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.game_state is not None
        return {
            "observation": self.table.observation(self.game_state, self.seat),
            "action_mask": self.table.mask(self.game_state, self.seat),
        }

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        return self.table.render(self.game_state, self.seat)


def env_id(game_id: str) -> str:
    """``stool-pigeon`` → ``backroom/StoolPigeon-v0``."""
    return f"backroom/{''.join(part.capitalize() for part in game_id.split('-'))}-v0"


def register_all() -> None:
    """Register every game of the registry with Gymnasium (idempotent)."""
    for game in all_games():
        if env_id(game.id) not in gymnasium.registry:
            gymnasium.register(
                env_id(game.id),
                entry_point="backroom.interop.gym:BackroomEnv",
                kwargs={"game": game.id, "players": default_players(game)},
            )


register_all()
