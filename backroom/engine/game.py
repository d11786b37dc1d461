"""The game contract. Every game is a ``Game`` (metadata and setup) and a ``State`` (a position).

The terminal, the browser, the bots, the simulator and the research adapters are written once
against this surface. A state is mutable and cheap to ``clone``: search copies, play mutates.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from backroom.engine.actions import Action
from backroom.engine.errors import BadOptions
from backroom.engine.events import Event, Msg
from backroom.engine.options import OptionSpec, resolve_options


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: scores, ranks (1 is first; equal ranks are a shared place), the reason
    it ended, and the tie-break that separated the leaders, if one was needed."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str
    tiebreak: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": self.reason,
            "tiebreak": self.tiebreak,
            "details": self.details,
        }


class State(ABC):
    """A position of one game. Subclasses use ``__slots__`` and plain lists for speed."""

    GAME_ID: ClassVar[str]
    STATIC_LABELS: ClassVar[bool] = False
    """True when ``label(action)`` depends on the action alone, never on the position: a
    server may then reuse the labelled legal list of a seat whose actions did not change (a
    conformance test holds every game that claims it to it)."""

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats the game has."""

    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now, in the priority order sequential drivers ask them.

        Several seats form a reaction window. Empty only when the game is over.
        """

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty if it may not act)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat`` and return what happened.

        Raises ``IllegalAction`` naming the rule that forbids it; the state is then unchanged.
        """

    @abstractmethod
    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data.

        ``recall`` False drops what the seat saw in the past but cannot see now, for games
        whose rules make players remember (a table's memory aid off); agents get True.
        """

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, random generator included."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The inverse of ``to_json``; raises ``ValueError`` on data that is not a state."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` has observed, hidden parts redrawn."""

    @abstractmethod
    def inventory(self) -> dict[str, int]:
        """Counts that the rules conserve (cards, money, tokens): constant from move to move."""

    def label(self, action: Action) -> Msg:
        """A translatable label for a legal action: ``<game>.action.<kind>`` by default."""
        return Msg(f"{self.GAME_ID}.action.{action[0]}", {"args": list(action[1:])})

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None


class Game(ABC):
    """A game's metadata and setup. One instance per game lives in the registry."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    state_class: ClassVar[type[State]]
    information: ClassVar[str] = "imperfect"
    """'perfect' or 'imperfect'; research adapters report it."""

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                "error.player_count",
                game=self.id,
                low=self.min_players,
                high=self.max_players,
                value=players,
            )

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.id, self.options, given)

    def start(
        self, players: int, options: dict[str, Any] | None = None, seed: int = 0
    ) -> tuple[State, list[Event]]:
        """A new game: validated options, a seeded deal, and the events of the setup."""
        self.check_players(players)
        return self.setup(players, self.resolve_options(options), seed)

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        """Deal a game from validated options; all randomness from ``seed``."""

    @abstractmethod
    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """A proven bound on the actions of one game: termination is tested against it."""

    def data_status(self) -> list[dict[str, str]]:
        """Provenance of the game's data: rows of {item, value, status, source}, where status
        is 'sourced' or 'proposed-default' (a placeholder until someone checks a real copy)."""
        return []

    def human_recall(self, options: dict[str, Any]) -> bool:
        """Whether a human seat's view shows what it saw earlier (see ``State.view``)."""
        return True

    def test_variants(self) -> list[dict[str, Any]]:
        """Option sets the conformance suite runs every invariant over."""
        return [{}]

    def state_from_json(self, data: dict[str, Any]) -> State:
        return self.state_class.from_json(data)
