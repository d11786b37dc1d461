"""One game between bots, start to finish: the loop every simulation and benchmark runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from backroom.bots import Bot, Observation, make_bot
from backroom.engine.errors import BadOptions, EngineError
from backroom.engine.game import Game, Outcome, State
from backroom.engine.record import Record
from backroom.engine.rng import derive_seed


@dataclass(slots=True)
class Playout:
    outcome: Outcome
    actions: int
    record: Record | None


def seat_bots(kinds: Sequence[str], players: int) -> list[str]:
    """Bot kinds for every seat: the list is repeated cyclically, as the CLI documents; a kind
    more than there are seats would never play, so it is refused rather than dropped."""
    if not kinds:
        raise EngineError("error.no_bots")
    if len(kinds) > players:
        raise BadOptions("error.too_many_bots", kinds=len(kinds), count=players)
    return [kinds[i % len(kinds)] for i in range(players)]


def make_seat_bots(game: Game, kinds: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(kind, game, derive_seed(seed, 1000 + seat)) for seat, kind in enumerate(kinds)]


def play_game(
    game: Game,
    players: int,
    options: dict[str, Any] | None,
    seed: int,
    kinds: Sequence[str],
    *,
    keep_record: bool = False,
) -> Playout:
    """Play one seeded game; reaction windows are offered to seats in the state's order."""
    state, _ = game.start(players, options, seed)
    bots = make_seat_bots(game, seat_bots(kinds, players), seed)
    record = (
        Record(game.id, players, game.resolve_options(options), seed, game.rules_version)
        if keep_record
        else None
    )
    limit = game.max_actions(players, game.resolve_options(options))
    count = 0
    while True:
        actors = state.actors()
        if not actors:
            break
        seat = actors[0]
        action = bots[seat].choose(Observation(state, seat))
        state.apply_quiet(seat, action)
        if record is not None:
            record.actions.append((seat, action))
        count += 1
        if count > limit:
            raise EngineError("error.action_bound", game=game.id, limit=limit)
    outcome = final_outcome(state)
    return Playout(outcome, count, record)


def final_outcome(state: State) -> Outcome:
    outcome = state.outcome()
    if outcome is None:
        raise EngineError("error.no_actors")
    return outcome
