"""OpenSpiel: every registered game as a ``pyspiel`` game (``pyspiel.load_game("backroom_corruption",
{"players": 4})``, or ``load_game("corruption", 4)`` here).

Game type: sequential, imperfect information, general sum (equal places share a return),
terminal rewards, **explicit stochastic**. Chance is chance: the deal is a chance node, and
so is every player action that draws from the kernel's ``Chance`` (a Stool Pigeon reshuffle):
the adapter notices the draw on a copy, stops before the action takes effect and asks chance
for the seed the kernel then draws from. A seed is ``SEED_NODES`` chance outcomes, each one
of ``CHANCE_OUTCOMES`` equally likely: the kernel deals and shuffles from a seed, and
enumerating the deals themselves (54! orders) is out of reach. So a history — chance outcomes
and player actions — replays exactly, and a determinized state (``resample_from_infostate``,
the kernel's ``resample``) knows no more of future reshuffles than the player: they come from
chance nodes still to be played. Sampled-stochastic was the alternative; it would make
histories unreplayable.

Actions are the game's integer encoding (``Game.action_space``). With several seats able to
act (a reaction window) the current player is the kernel's first actor, and a pass is an
action like any other, as in the PettingZoo adapter. Returns are ``table.returns``.

Per seat: ``observation_string`` is the seat's JSON view (for people), ``observation_tensor``
the game's observation vector; ``information_state_string`` is a canonical key: a digest of
everything the seat has observed (every event it could see, who acted at each step, and what
the seat itself chose). A view is not a key: different histories reach the same view (3 of
7,374 Stool Pigeon decisions). No information-state tensor is provided (the vector holds the
present, not the history).

A resampled state (``resample_from_infostate(player, sampler)``) holds the kernel's resample,
keeps ``player``'s key, and gives every other seat a key built from the public record and what
that seat sees in the resampled position, never from the real one; its ``history()`` is empty
(no sequence of this game's chance outcomes deals exactly that position) and its serialization
carries the resampled position itself, so it deserializes exactly and holds nothing real that
the player cannot see.

OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) works with these games
through ``resample_from_infostate``; OpenSpiel's C++ ``ISMCTSBot`` crashes on any game written
in Python (its own Python Kuhn poker too): use the Python one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from backroom.bots import Observation, make_bot
from backroom.engine.chance import Chance
from backroom.engine.game import State
from backroom.engine.memory import Memory, fold
from backroom.engine.rng import derive_seed
from backroom.games import all_games, get_game
from backroom.interop.table import RETURN_BOUNDS, Table, default_players, returns

CHANCE_OUTCOMES = 2**12
"""Outcomes of one chance node, equally likely. A seed is ``SEED_NODES`` such choices in a
row: one node of all the seeds would make every ``chance_outcomes()`` call list them, and
OpenSpiel's bots call it at every chance node they meet."""
SEED_NODES = 6
"""72 bits, at least the kernel's 63-bit seeds. A seed is a whole deal (or reshuffled pile):
with two nodes (2**24 seeds) a seat found the real one by dealing every seed and comparing its
own first view, about an hour of one core, and so knew every hand and the deck's order."""
CHANCE = pyspiel.PlayerId.CHANCE
TERMINAL = pyspiel.PlayerId.TERMINAL

LONGEST = 2**31 - 1
"""OpenSpiel's ``max_game_length`` is a C ``int``. A game's declared bound may exceed it
(Illuminati's counts every cancelled attack between two other decisions), though no game comes
near: the bound given to OpenSpiel is then this."""


def short_name(game_id: str) -> str:
    return "backroom_" + game_id.replace("-", "_")


def load_game(game_id: str, players: int, **options: Any) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), {"players": players, **options})


OUTCOMES = tuple((i, 1.0 / CHANCE_OUTCOMES) for i in range(CHANCE_OUTCOMES))
"""Every chance node's outcomes and probabilities; each node hands out a fresh list of them."""


class _Position:
    """The kernel state inside an OpenSpiel state. OpenSpiel clones a Python state by deep-
    copying its attributes and serializes it by pickling them: this copies by ``clone`` and
    pickles as the game's JSON, both exact."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.state.clone())

    def __getstate__(self) -> tuple[str, dict[str, Any]]:
        return self.state.GAME_ID, self.state.to_json()

    def __setstate__(self, data: tuple[str, dict[str, Any]]) -> None:
        self.state = get_game(data[0]).state_from_json(data[1])


class BackroomGame(pyspiel.Game):
    """One registered game at one table (``players`` and the game's options as parameters).

    ``register_all`` makes one subclass per game, naming its id and game type: OpenSpiel is
    handed that class as the game's factory (a closure as factory makes the interpreter abort
    at exit, when OpenSpiel's registry lets go of it after Python has shut down)."""

    GAME_ID: str
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = get_game(self.GAME_ID)
        game_type = self.GAME_TYPE
        players = int(params.pop("players", default_players(game)))
        self.table = Table(
            game, players, {k: v for k, v in params.items() if k in {o.name for o in game.options}}
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=players,
            min_utility=RETURN_BOUNDS[0],
            max_utility=RETURN_BOUNDS[1],
            utility_sum=None,
            max_game_length=min(game.max_actions(players, self.table.options), LONGEST),
        )
        super().__init__(game_type, info, {"players": players, **self.table.options})

    def new_initial_state(self) -> BackroomState:
        return BackroomState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The seat's own observation (the default) or, with perfect recall, its information
        state. Other kinds are refused, not answered with the seat's private view: a public
        observer (``private_info`` ``NONE``) would otherwise be shown the seat's hidden cards."""
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if params or not kind.public_info or kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                "a Backroom observer shows public information and one seat's private information "
                f"(perfect recall or not), not public_info={kind.public_info}, private_info="
                f"{kind.private_info.name}, with parameters {params or {}}"
            )
        return _Observer(self.table, kind.perfect_recall)

    def __deepcopy__(self, memo: dict[int, Any]) -> BackroomGame:
        return self


class BackroomState(pyspiel.State):
    """A position: before the deal (a chance node), a decision, a pending draw (a chance node
    after a player chose an action that draws), or the end."""

    def __init__(self, game: BackroomGame) -> None:
        super().__init__(game)
        self.table = game.table
        self.position: _Position | None = None
        self.memory: Memory | None = None
        self.pending: tuple[int, int] | None = None
        """(seat, action index) chosen but waiting for chance to seed the draw it makes."""
        self.digits: tuple[int, ...] = ()
        """The chance outcomes of the seed being drawn so far (``SEED_NODES`` make one)."""
        self.player = int(CHANCE)
        """Whose move it is, kept by ``_moved``: OpenSpiel asks ``current_player`` (and
        ``is_terminal``) several times a step, each one a crossing from C++."""

    # -- whose move ----------------------------------------------------------------------

    def _moved(self) -> None:
        """Note whose move it is after the position, the pending draw or the deal changed."""
        if self.position is None or self.pending is not None:
            self.player = int(CHANCE)
        else:
            actors = self.position.state.actors()
            self.player = actors[0] if actors else int(TERMINAL)

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def is_chance_node(self) -> bool:
        """Answered here: the C++ method calls ``current_player`` back across the boundary."""
        return self.player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """What OpenSpiel's C++ ``LegalActions`` answers, without its four crossings back into
        Python (``current_player`` three times, ``is_terminal`` once) before it calls
        ``_legal_actions``: nothing at the end, every chance outcome at a chance node, the
        player's actions, nothing for another seat. C++ callers still take the C++ path, which
        ends here through ``_legal_actions`` (the two are compared in the tests)."""
        to_move = self.player
        if to_move == TERMINAL:
            return []
        if to_move == CHANCE:
            return list(range(CHANCE_OUTCOMES))
        if player is None or player == to_move:
            return self._legal_actions(to_move)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.player:
            return []
        assert self.position is not None
        indices = self.table.legal_indices(self.position.state, player)
        indices.sort()
        return indices

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A fresh list: a caller that sorts or pops its copy must not change every node's."""
        return list(OUTCOMES)

    # -- moves ---------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        self._advance(action)
        self._moved()

    def _advance(self, action: int) -> None:
        if self.position is None or self.pending is not None:
            if not 0 <= action < CHANCE_OUTCOMES:
                raise ValueError(f"chance outcome {action} is outside 0..{CHANCE_OUTCOMES - 1}")
            self.digits += (action,)
            if len(self.digits) < SEED_NODES:
                return
            seed = derive_seed(0x5EED, *self.digits)
            self.digits = ()
            if self.position is None:
                state, events = self.table.game.start(self.table.players, self.table.options, seed)
                self.position = _Position(state)
                self.memory = Memory(None, -1, events, self.table.players)
                return
            assert self.pending is not None
            seat, index = self.pending
            self.pending = None
            self.position.state.chance = Chance(seed)  # type: ignore[attr-defined]
            self._play(seat, index, restart=True)  # changed outside apply: replays start here
            return
        state = self.position.state
        seat = self.player
        drawn = _draws(state)
        if drawn is None:
            self._play(seat, action)
            return
        # Play it, keeping a copy to go back to if it drew: one clone and one apply, where
        # trying it on a copy first cost a second apply at every step.
        before = state.clone(), self.memory
        self._play(seat, action, before[0])
        if _draws(state) != drawn:
            self.position.state, self.memory = before
            self.pending = (seat, action)

    def _play(self, seat: int, index: int, copy: State | None = None, restart: bool = False) -> None:
        """Play quietly; the step's events are worked out only if a key is asked (``Memory``,
        unplayed steps): a playout that asks none pays for none. ``copy``: one the caller made
        of the position before, which nothing else will change; ``restart``: the position was
        changed outside ``apply``, so a replay must start from it."""
        assert self.position is not None and self.memory is not None
        state = self.position.state
        action = self.table.action(index)
        before = None
        if restart or not self.memory.replays:
            before = copy if copy is not None else state.clone()
        state.apply_quiet(seat, action)
        self.memory = self.memory.then_unplayed(seat, action, before)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"seed digit {action}"
        return repr(self.table.action(action))

    # -- results -------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.table.players
        assert self.position is not None
        outcome = self.position.state.outcome()
        assert outcome is not None
        return returns(outcome)

    def seat(self, player: int | None) -> int:
        """``player`` (the player to move if ``None``) as a seat, refused if it is none: a
        negative number would index the kernel's per-seat lists from the end and read the last
        seats' hidden cards (OpenSpiel's C++ checks this itself; Python overrides must)."""
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.table.players:
            raise ValueError(f"player {seat} is not a seat of this {self.table.players}-player game")
        return seat

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.seat(player)
        return self.memory.key(seat) if self.memory is not None else "start"

    def observation_string(self, player: int | None = None) -> str:
        seat = self.seat(player)
        if self.position is None:
            return "start"
        return json.dumps(self.position.state.view(seat), sort_keys=True, ensure_ascii=False)

    def resample_from_infostate(self, player: int, sampler: Any) -> BackroomState:
        """A state ``player`` cannot tell from this one, hidden parts redrawn (see the module
        docstring). ``sampler()`` (OpenSpiel's uniform sampler) seeds the redraw."""
        assert self.position is not None and self.memory is not None and self.pending is None
        rng = random.Random(int(sampler() * 2**53))
        other = self.position.state.resample(player, rng)
        real = self.memory.digests()
        public = real[-1]
        digests = tuple(
            real[s] if s == player else fold(public, self.table.observation(other, s).tobytes())
            for s in range(self.table.players)
        )
        fresh = self.get_game().new_initial_state()
        fresh.position = _Position(other)
        fresh.memory = Memory(None, -1, [], self.table.players, (*digests, public))
        fresh._moved()
        return fresh

    def __str__(self) -> str:
        if self.position is None:
            return "before the deal"
        text = json.dumps(self.position.state.to_json(), sort_keys=True)
        if self.pending is not None:
            seat, index = self.pending
            text += f"\nseat {seat} plays {self.table.action(index)!r} once chance seeds its draw"
        return text


class BackroomBot(pyspiel.Bot):
    """A Backroom bot (``random``, ``heuristic``, any kind in the game's manifest) as an
    OpenSpiel bot, so an OpenSpiel algorithm can be measured against Backroom's own players.
    It sees what Backroom's bots see (the seat's legal actions and view), nothing more."""

    def __init__(self, game: BackroomGame, kind: str, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self._table = game.table
        self._bot = make_bot(kind, game.table.game, seed)

    def step(self, state: BackroomState) -> int:
        assert state.position is not None
        seat = state.current_player()
        return self._table.space.index(self._bot.choose(Observation(state.position.state, seat)))

    def restart_at(self, state: BackroomState) -> None:
        """Nothing to forget: Backroom's bots read the seat's view, which holds its memory."""


class _Observer:
    """OpenSpiel's observer protocol: ``tensor`` (the game's vector, written in place) and
    strings; with perfect recall, the information-state key and no tensor."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else table.size, np.float32)
        self.dict = {"observation": self.tensor}
        self._encoder = table.encoder

    def set_from(self, state: BackroomState, player: int) -> None:
        seat = state.seat(player)
        self.tensor.fill(0)
        if not self.perfect_recall and state.position is not None:
            self._encoder.encode(state.position.state, seat, self.tensor.data)

    def string_from(self, state: BackroomState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _draws(state: State) -> int | None:
    """How many draws the state's ``Chance`` has made; ``None`` for a game without one."""
    chance = getattr(state, "chance", None)
    return None if chance is None else int(chance.draws)


def register_all() -> None:
    """Register every game of the registry with OpenSpiel (idempotent)."""
    known = set(pyspiel.registered_names())
    for game in all_games():
        name = short_name(game.id)
        if name in known:
            continue
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"Backroom {game.id}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=game.max_players,
            min_num_players=game.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={
                "players": default_players(game),
                **{o.name: o.default for o in game.options},
            },
        )
        factory = type(f"{name}_game", (BackroomGame,), {"GAME_ID": game.id, "GAME_TYPE": game_type})
        pyspiel.register_game(game_type, factory)


register_all()
