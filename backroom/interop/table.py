"""What every research adapter shares: one table's spaces, observations, masks and returns.

A ``Table`` is a game at one player count and option set. It numbers the actions
(``Game.action_space``), sizes the observation (the game's ``ObservationEncoder``), writes a
seat's observation and legal mask into fresh NumPy arrays, and turns an ``Outcome`` into
returns. PettingZoo, Gymnasium and OpenSpiel all go through it, so the three agree on every
number.

Returns: ``1 - 2 (rank - 1) / (players - 1)``: +1 for first place, -1 for last, evenly between,
equal places sharing a value (``Outcome.ranks``). Ranks, not game scores, because each game
scores differently (in Stool Pigeon a lower total is better, in Corruption a higher one) and a
learner compares its return across games; the game scores are in the adapters' ``info``.
"""

from __future__ import annotations

import operator
from io import StringIO
from typing import Any

from backroom.engine.actions import Action
from backroom.engine.game import Game, Outcome, State, load
from backroom.games import get_game
from backroom.interop import research_extra

with research_extra():
    import numpy as np

RETURN_BOUNDS = (-1.0, 1.0)
"""The least and the greatest return of a seat, in every game."""


def returns(outcome: Outcome) -> list[float]:
    """Each seat's return (see the module docstring)."""
    n = len(outcome.ranks)
    return [1.0 - 2.0 * (r - 1) / (n - 1) for r in outcome.ranks]


def default_players(game: Game) -> int:
    """The table size an adapter registers a game at: four, or the nearest the game allows."""
    return min(max(4, game.min_players), game.max_players)


class Table:
    """A registered game at one table size and option set, as the adapters see it."""

    def __init__(self, game: str | Game, players: int, options: dict[str, Any] | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.game.check_players(players)
        self.players = players
        self.options = self.game.resolve_options(options)
        self.space = self.game.action_space(players, self.options)
        self.num_actions = self.space.num_distinct_actions
        self.encoder = self.game.observation_encoder()
        self.layout = self.encoder.layout(players, self.options)
        self.size = self.layout.size

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A table never changes: copies of an adapter's state (OpenSpiel clones Python states
        by deep-copying their attributes) share it."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's serialization of Python states) as what makes it."""
        return Table, (self.game.id, self.players, self.options)

    def start(self, seed: int) -> State:
        state, _ = self.game.start(self.players, self.options, seed)
        return state

    def observation(self, state: State, seat: int) -> np.ndarray:
        """``seat``'s observation vector, fresh (``float32``, entries in ``[0, 1]``);
        ``ValueError`` for a seat not at the table (``State.check_seat``): an encoder indexes
        its per-seat lists with the seat, so -1 would read the last seat's hidden cards."""
        state.check_seat(seat)
        out = np.zeros(self.size, np.float32)
        self.encoder.encode(state, seat, out.data)
        return out

    def legal_indices(self, state: State, seat: int) -> list[int]:
        return state.legal_indices(seat, self.space)

    def mask(self, state: State, seat: int) -> np.ndarray:
        """``seat``'s legal actions as a fresh ``int8`` mask over every action index."""
        out = np.zeros(self.num_actions, np.int8)
        view = out.data
        for i in state.legal_indices(seat, self.space):
            view[i] = 1
        return out

    def action(self, index: int) -> Action:
        """The action numbered ``index``, an integer (NumPy's too): ``TypeError`` for a float,
        which ``int()`` would have rounded down to some other, perhaps legal, action."""
        return self.space.action(operator.index(index))

    def render(self, state: State, seat: int | None) -> str:
        """The game's terminal board for ``seat``'s view, as plain text."""
        from rich.console import Console
        from rich.pretty import Pretty

        names = [f"player_{s}" for s in range(self.players)]
        view = state.view(seat)
        terminal = self.game.manifest.terminal
        board = load(terminal)(view, "en", names) if terminal else Pretty(view)
        buffer = StringIO()
        Console(file=buffer, width=120, color_system=None).print(board)
        return buffer.getvalue()
