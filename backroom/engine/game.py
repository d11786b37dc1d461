"""The game contract. Every game is a ``Game`` (metadata and setup) and a ``State`` (a position).

The terminal, the browser, the bots, the simulator and the research adapters are written once
against this surface. A state is mutable and cheap to ``clone``: search copies, play mutates.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any, ClassVar, Self

from backroom.engine.actions import Action
from backroom.engine.errors import BadOptions, IllegalAction
from backroom.engine.events import Event, Msg
from backroom.engine.observation import ObservationEncoder
from backroom.engine.options import OptionSpec, resolve_options
from backroom.engine.schema import Schema
from backroom.engine.spec import ActionSpace, ActionSpec
from backroom.engine.window import WindowRule


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
    """A position of one game.

    A game declares its fields once in ``SCHEMA`` (``__slots__ = SCHEMA.slots``); the kernel
    generates ``clone``, ``to_json`` and ``from_json`` from it. ``apply`` is the kernel's: it
    asks ``is_legal`` (membership in ``legal_actions`` unless the game answers faster), raises
    ``IllegalAction`` with the rule's key from ``why_illegal`` and only then calls the game's
    effect, ``play``. So a game states legality once and never half-applies a move.
    """

    __slots__ = ()
    GAME_ID: ClassVar[str]
    SCHEMA: ClassVar[Schema]
    STATIC_LABELS: ClassVar[bool] = False
    """True when ``label(action)`` depends on the action alone, never on the position: a
    server may then reuse the labelled legal list of a seat whose actions did not change (a
    conformance test holds every game that claims it to it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        schema = cls.__dict__.get("SCHEMA")
        if schema is not None:
            schema.install(cls, cls.GAME_ID)

    def __init__(self) -> None:
        self.SCHEMA.initialize(self)

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

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(seat)``; games may answer without the list."""
        return action in self.legal_actions(seat)

    def why_illegal(self, seat: int, action: Action) -> str:
        """The catalog key of the rule that refuses ``action``; games name their own rules."""
        if self.is_over:
            return "error.game_over"
        if seat not in self.actors():
            return "error.not_your_turn"
        return "error.illegal_action"

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat`` and return what happened.

        Raises ``IllegalAction`` naming the rule that forbids it; the state is then unchanged.
        """
        if not self.is_legal(seat, action):
            raise self._refused(seat, action)
        events: list[Event] = []
        self.play(seat, action, events)
        return events

    def apply_quiet(self, seat: int, action: Action) -> None:
        """``apply`` without events, for playouts and search that never read them."""
        if not self.is_legal(seat, action):
            raise self._refused(seat, action)
        self.play(seat, action, None)

    def _refused(self, seat: int, action: Any) -> IllegalAction:
        shown = list(action) if isinstance(action, tuple) else repr(action)
        return IllegalAction(self.why_illegal(seat, action), seat=seat, action=shown)

    @abstractmethod
    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """The effect of a legal action. Append events to ``events`` unless it is ``None``
        (a quiet apply): a game builds no event, message or parameter dict then."""

    def legal_indices(self, seat: int, space: ActionSpace) -> list[int]:
        """``space.indices(self.legal_actions(seat))`` (``space``: this table's action space),
        the research adapters' legal mask at every step. A game whose lists are long may
        number them without hashing every tuple (the conformance suite compares the two)."""
        return space.indices(self.legal_actions(seat))

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action; games with long lists draw one without building it."""
        legal = self.legal_actions(seat)
        return legal[int(rng.random() * len(legal))]

    def check_seat(self, seat: int | None, *, spectator: bool = False) -> None:
        """Refuse (``ValueError``) a seat that is not at this table, or ``None`` unless
        ``spectator``: ``view`` and ``resample`` call it first, since a negative number would
        read their per-seat lists from the end, that is another seat's hidden cards."""
        if seat is None and spectator:
            return
        players = self.players
        if seat is None or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not at this table (seats 0 to {players - 1})")

    @abstractmethod
    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data; ``ValueError``
        for a seat not at the table (``check_seat``).

        ``recall`` False drops what the seat saw in the past but cannot see now, for games
        whose rules make players remember (a table's memory aid off); agents get True.
        """

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def clone(self) -> Self:
        """An independent copy, chance included (generated from ``SCHEMA``)."""
        return self._schema_clone()  # type: ignore[attr-defined]

    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as fresh JSON-ready data that no later move
        changes (generated from ``SCHEMA``)."""
        return self._schema_encode()  # type: ignore[attr-defined]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The inverse of ``to_json``; raises ``ValueError`` on data that is not a state."""
        state = cls.__new__(cls)
        cls.SCHEMA.decode_into(state, data, cls.GAME_ID)
        state.check()
        return state

    def check(self) -> None:  # noqa: B027 (a hook: most games have invariants to check)
        """Raise ``ValueError`` if a decoded position breaks the game's invariants."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` has observed, hidden parts redrawn
        from ``rng`` — the future's chance too (``Chance.reseeded``), never the real seed;
        ``ValueError`` for a seat not at the table (``check_seat``)."""

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
    low_score_wins: ClassVar[bool] = False
    """True when the lowest ``Outcome.scores`` is best (a total of penalties): search that
    values a margin, not only a place, needs the direction."""
    windows: ClassVar[tuple[WindowRule, ...]] = ()
    """The game's reaction windows and their rules (who is asked, in which order, what
    closes them)."""
    manifest: ClassVar[Manifest]

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

    def data_status(self) -> list[dict[str, Any]]:
        """Provenance of the game's data: rows ``{item, value, status, source, codes}``
        (``backroom.engine.provenance``). ``item``, ``value`` and ``source`` are messages
        (``{"$": key, ...}``: ``backroom.i18n.text`` writes them in a language); ``status`` is
        'sourced' or 'proposed-default' (a placeholder until someone checks a real copy), or
        'table-supplied'; ``codes`` are the source codes the source cites."""
        return []

    def data_sources(self) -> dict[str, dict[str, Any]]:
        """What each source code of ``data_status`` stands for, as a message per code."""
        return {}

    def window_pass(self, state: State, seat: int, passes: frozenset[Action]) -> Action | None:
        """The pass (one of ``passes``, those the windows declare) by which ``seat`` lets the
        window asking it go by; None when its question is a turn, which a table's idle timers
        answer with its bot (``backroom.server.idle``). A game whose turn may end by such an
        action too says so here."""
        return next((a for a in state.legal_actions(seat) if a in passes), None)

    def human_recall(self, options: dict[str, Any]) -> bool:
        """Whether a human seat's view shows what it saw earlier (see ``State.view``)."""
        return True

    def test_variants(self) -> list[dict[str, Any]]:
        """Option sets the conformance suite runs every invariant over."""
        return [{}]

    def state_from_json(self, data: dict[str, Any]) -> State:
        return self.state_class.from_json(data)

    @abstractmethod
    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Every kind of action and its argument ranges at this table size and option set."""

    def observation_encoder(self) -> ObservationEncoder:
        """The encoder the manifest names; ``LookupError`` for a game that declares none."""
        if self.manifest.observation is None:
            raise LookupError(f"{self.id} declares no observation encoder in its manifest")
        encoder: ObservationEncoder = load(self.manifest.observation)
        return encoder

    def action_space(self, players: int, options: dict[str, Any] | None = None) -> ActionSpace:
        """The numbered actions of a table (one space per size and option set, kept)."""
        resolved = self.resolve_options(options)
        key = (players, tuple(sorted((k, repr(v)) for k, v in resolved.items())))
        cache: dict[Any, ActionSpace] = vars(self).setdefault("_space_cache", {})
        space = cache.get(key)
        if space is None:
            space = cache[key] = ActionSpace(self.action_specs(players, resolved))
        return space


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a game ships beside its rules, declared rather than discovered, so a broken module
    fails loudly instead of quietly missing: bot classes by kind, the terminal board and the
    observation encoder as ``"module:attribute"`` paths (imported when first used: the rules
    never import Rich), the folder of its catalogs and the file name of its browser board.

    ``observation`` names the game's ``ObservationEncoder`` (``backroom.engine.observation``):
    the research adapters (``backroom.interop``) need nothing else from a game.

    ``rollout`` names a playout policy for search, ``(state, seat, rng) -> action``: cheaper
    than a bot (no view, no observation) and better than uniform play where uniform play makes
    a playout's result noise (``ismcts:playout=rollout``). It reads only what ``seat`` knows,
    so that in a playout every seat plays on its own information. ``evaluate`` names an estimate
    of every seat's final score from a position, ``(state) -> list[float]``, for playouts cut
    short (``ismcts:horizon=N``) where the draws still to come make a whole playout's result
    noise; it reads the whole (determinized) position, as ``outcome()`` does. ``erratic`` names
    the chance that each seat plays at random rather than as the rollout policy, ``(state) ->
    list[float]``, judged from what everyone has seen it do (public facts only, the same in
    every resample): a playout then plays each opponent as it has been seen to play. ``search`` holds
    the game's default ``ismcts`` settings, tuned against its heuristic bot (docs/bots.md)."""

    package: str
    bots: dict[str, str] = field(default_factory=dict)
    terminal: str | None = None
    board: str | None = None
    observation: str | None = None
    rollout: str | None = None
    evaluate: str | None = None
    erratic: str | None = None
    search: str = ""

    @property
    def catalogs(self) -> Path:
        spec = find_spec(self.package)
        assert spec is not None and spec.submodule_search_locations is not None, self.package
        return Path(next(iter(spec.submodule_search_locations))) / "locale"


def load(path: str) -> Any:
    """The object a manifest names (``"package.module:attribute"``); import errors propagate."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)
