"""The bot interface: an observation in, one legal action out."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from backroom.engine.actions import Action
from backroom.engine.game import State

T = TypeVar("T")


class Observation:
    """What one seat may use to decide: its legal actions and (lazily) its view.

    The view is built only if a bot asks for it, which keeps random playouts fast.
    """

    __slots__ = ("_state", "_view", "legal", "seat")

    def __init__(self, state: State, seat: int, legal: list[Action] | None = None) -> None:
        self._state = state
        self.seat = seat
        self.legal = state.legal_actions(seat) if legal is None else legal
        self._view: dict[str, Any] | None = None

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def read(self, reader: Callable[[Any, int], T]) -> T:
        """The seat's position through a game's own typed reader: a heuristic bot that needs a
        few numbers is spared the JSON view, which can cost more than its whole decision. A
        reader lives beside its game's view and reads only what that view shows the seat (its
        bot's tests check that a resample of the hidden cards never changes a decision)."""
        return reader(self._state, self.seat)

    def determinize(self, rng: random.Random) -> State:
        """A full position drawn from what this seat knows (``State.resample``): hidden cards
        and future chance redrawn from ``rng``. The one way a search bot reaches a state."""
        return self._state.resample(self.seat, rng)


class Bot(Protocol):
    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal``. Memory lives in the view: a seat's view (with recall)
        holds everything that seat has observed, so bots need no event stream."""


class SeededBot(ABC):
    """Base of the game bots: a seeded generator of their own, and no deliberation when the
    rules leave a single legal action."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[0] if len(legal) == 1 else self.decide(obs)

    @abstractmethod
    def decide(self, obs: Observation) -> Action:
        """One of ``obs.legal``, of which there are at least two."""
