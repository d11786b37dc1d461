"""What the research adapters cost: random playouts through each one against the engine loop.

``python -m backroom.interop.bench GAME --players N --seconds S`` plays uniformly random games,
for about ``S`` CPU seconds each (in turns: ``_rates``), through the bare engine (``actors``,
``random_action``, ``apply_quiet``, as ``backroom.sim.bench`` plays), through the engine's
API doing what each adapter's agents do (``BASELINES``: the legal list, and the view for a
learner) and through every adapter, in the same process, and prints actions per CPU second
and each adapter's costs as multiples of a time per action: ``cost`` against the bare loop,
which never lists a legal action nor reads a view (the cheapest loop there is), ``cost_api``
against its API baseline, and ``least_cost``, the least its ``cost`` could be: the engine's
step and its framework's own (``FLOORS``, the framework's loop over a game that does nothing,
``floor.py``), the adapter's work left out.
Each adapter is measured twice where its API allows (``LOOPS``): as a learner's loop, which
takes the observation vector and the legal mask every step (``pettingzoo``, ``openspiel``), and
as a random player's, which takes the mask alone (``pettingzoo-mask``: ``last(observe=False)``
and the mask in ``info``; ``openspiel-mask``: ``legal_actions()`` without the observer).
Gymnasium's ``step`` always returns the vector, so ``gymnasium`` is the learner's loop; its
bots' actions count too. The agents pick among the legal indices (``legal``: the mask read as
booleans, since NumPy finds the non-zero entries of an ``int8`` array 30 times slower than
those of a ``bool`` one — 48 µs against 1.4 µs over an Illuminati mask of about 28,000 actions). Figures live
in ``docs/benchmarks.md``; this is a measurement, never a timed test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console

from backroom.cli.arguments import language_in, speaking
from backroom.cli.main import refused
from backroom.engine.errors import BadOptions, EngineError
from backroom.games import get_game
from backroom.i18n import LANGUAGES, format_number, texts, translate
from backroom.interop import research_extra
from backroom.interop.table import Table
from backroom.sim.bench import machine, midgame_states

with research_extra():
    import numpy as np


def _rates(loops: dict[str, Callable[[int], int]], seconds: float, rounds: int = 10) -> dict[str, float]:
    """Actions per CPU second of each ``play_one(seed) -> actions``, whole games, the loops
    taking turns: ``rounds`` slices of ``seconds / rounds`` each, so that a change of load on
    a shared machine (other work comes and goes by the minute) falls on every loop alike,
    where one loop after the other gave ratios that moved by a third between runs."""
    games = dict.fromkeys(loops, 0)
    actions = dict.fromkeys(loops, 0)
    spent = dict.fromkeys(loops, 0.0)
    for _ in range(rounds):
        for name, play_one in loops.items():
            began = time.process_time()
            while True:
                actions[name] += play_one(games[name])
                games[name] += 1
                elapsed = time.process_time() - began
                if elapsed >= seconds / rounds:
                    break
            spent[name] += elapsed
    return {name: actions[name] / spent[name] for name in loops}


def legal(mask: np.ndarray) -> np.ndarray:
    """The legal indices of an ``int8`` action mask, the fast way a learner would find them."""
    return mask.view(np.bool_).nonzero()[0]


def pettingzoo_loop(game: str, players: int, observe: bool = True) -> Callable[[int], int]:
    from backroom.interop.pettingzoo import env

    return _pettingzoo_agents(env(game, players), observe)


def _pettingzoo_agents(e: Any, observe: bool) -> Callable[[int], int]:
    """Random agents playing whole games of the AEC environment ``e``, by its masks."""
    rng = random.Random(0)

    def play_one(seed: int) -> int:
        e.reset(seed=seed)
        actions = 0
        for _agent in e.agent_iter():
            obs, _, done, truncated, info = e.last(observe)
            if done or truncated:
                e.step(None)
                continue
            indices = legal(obs["action_mask"] if observe else info["action_mask"])
            e.step(int(indices[int(rng.random() * len(indices))]))
            actions += 1
        return actions

    return play_one


def gym_loop(game: str, players: int) -> Callable[[int], int]:
    from backroom.interop.gym import BackroomEnv

    e = BackroomEnv(game, players, opponents="random")
    rng = random.Random(0)

    def play_one(seed: int) -> int:
        obs, info = e.reset(seed=seed)
        actions = 0
        while True:
            indices = legal(obs["action_mask"])
            obs, _, done, truncated, info = e.step(int(indices[int(rng.random() * len(indices))]))
            actions += 1 + info["opponent_actions"]
            if done or truncated:
                return actions

    return play_one


def openspiel_loop(game: str, players: int, observe: bool = True) -> Callable[[int], int]:
    from open_spiel.python.observation import make_observation

    from backroom.interop.openspiel import load_game

    spiel = load_game(game, players)
    return _openspiel_agents(spiel, make_observation(spiel) if observe else None)


def _openspiel_agents(spiel: Any, observation: Any) -> Callable[[int], int]:
    """Random players (and chance) playing whole games of the OpenSpiel game ``spiel``; with
    an ``observation``, the player to move's is filled at every decision, as a learner's."""
    rng = random.Random(0)

    def play_one(seed: int) -> int:
        state = spiel.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            if observation is not None:
                observation.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        return actions

    return play_one


def pettingzoo_floor(game: str, players: int) -> Callable[[int], int]:
    from backroom.interop.floor import NullAEC

    return _pettingzoo_agents(NullAEC(players), observe=False)


def openspiel_floor(game: str, players: int) -> Callable[[int], int]:
    import pyspiel

    from backroom.interop.floor import FLOOR_GAME

    return _openspiel_agents(pyspiel.load_game(FLOOR_GAME, {"players": players}), None)


def api_loop(game: str, players: int, viewers: int, listing: bool = True) -> Callable[[int], int]:
    """Random games through the engine's own Python API. With ``listing``, an adapter agent's
    work: every seat that acts lists its legal actions (``legal_actions``) to choose among
    them, and seats below ``viewers`` also read their ``view`` (a learner's input through the
    engine). Without, the bare loop (``random_action``, no list): the cheapest there is."""
    table = Table(game, players)
    rng = random.Random(0)

    def play_one(seed: int) -> int:
        state = table.start(seed)
        actions = 0
        while actors := state.actors():
            seat = actors[0]
            if seat < viewers:
                state.view(seat)
            if listing:
                legal = state.legal_actions(seat)
                action = legal[int(rng.random() * len(legal))]
            else:
                action = state.random_action(seat, rng)
            state.apply_quiet(seat, action)
            actions += 1
        return actions

    return play_one


BASELINES: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "engine": lambda game, players: api_loop(game, players, 0, listing=False),
    "api-legal": lambda game, players: api_loop(game, players, 0),
    "api-view": lambda game, players: api_loop(game, players, players),
    "api-seat": lambda game, players: api_loop(game, players, 1),
}
"""The bare loop, and each adapter loop's baseline through the engine API, by what its agents
take: the legal list alone (the mask-only loops), the list and the view at every step (the
learner loops), or the view at the learner's seat only (Gymnasium: seat 0 learns, its bots
list legal actions)."""

LOOPS: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "pettingzoo": pettingzoo_loop,
    "pettingzoo-mask": partial(pettingzoo_loop, observe=False),
    "gymnasium": gym_loop,
    "openspiel": openspiel_loop,
    "openspiel-mask": partial(openspiel_loop, observe=False),
}

FLOORS: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "pettingzoo-floor": pettingzoo_floor,
    "openspiel-floor": openspiel_floor,
}
"""Each framework's loop, with the adapters' agents, over a game that does nothing
(``floor.py``): what an adapter loop costs beyond the engine even if its own work were free.
Gymnasium has none: its ``step`` is a plain call, with no loop of the framework's around it."""

FLOOR_OF = {
    "pettingzoo": "pettingzoo-floor",
    "pettingzoo-mask": "pettingzoo-floor",
    "openspiel": "openspiel-floor",
    "openspiel-mask": "openspiel-floor",
}

BASELINE_OF = {
    "pettingzoo": "api-view",
    "pettingzoo-mask": "api-legal",
    "gymnasium": "api-seat",
    "openspiel": "api-view",
    "openspiel-mask": "api-legal",
}


def per_step_microseconds(table: Table, count: int = 200, repeat: int = 20) -> dict[str, float]:
    """What one adapter step spends on the learner's inputs, over mid-game positions: the
    observation vector and the legal mask of the seat to act."""
    states = [s for s in midgame_states(table.game, table.players, count) if s.actors()]
    table.mask(states[0], states[0].actors()[0])  # numbers every action once, outside the timing
    costs = {}
    for name, work in (("observation_us", table.observation), ("mask_us", table.mask)):
        began = time.process_time()
        for _ in range(repeat):
            for state in states:
                work(state, state.actors()[0])
        costs[name] = (time.process_time() - began) / (repeat * len(states)) * 1e6
    return costs


def bench(game: str, players: int, seconds: float, adapters: list[str]) -> dict[str, Any]:
    """Every rate of one process, the loops taking turns (``_rates``): the bare engine loop,
    the API baselines the ``adapters`` need, their frameworks' floors (``FLOORS``), and the
    adapters, each with three figures: ``cost`` against the bare loop, ``cost_api`` against its
    API baseline (``BASELINE_OF``), and ``least_cost``, the cost it would have against the bare
    loop if its own work were free (the engine's step and its framework's, where it has one)."""
    table = Table(game, players)
    out: dict[str, Any] = {"game": game, "players": players}
    out.update(per_step_microseconds(table))
    baselines = ["engine", *dict.fromkeys(BASELINE_OF[a] for a in adapters)]
    floors = list(dict.fromkeys(FLOOR_OF[a] for a in adapters if a in FLOOR_OF))
    loops = {name: BASELINES[name](game, players) for name in baselines}
    loops.update({name: FLOORS[name](game, players) for name in floors})
    loops.update({name: LOOPS[name](game, players) for name in adapters})
    rates = _rates(loops, seconds)
    engine = rates["engine"]
    out["engine_actions_per_second"] = engine
    out["engine_action_us"] = 1e6 / engine
    for name in baselines[1:]:
        out[name] = {"actions_per_second": rates[name], "action_us": 1e6 / rates[name]}
    for name in floors:
        out[name] = {"action_us": 1e6 / rates[name], "per_engine_action": engine / rates[name]}
    for name in adapters:
        rate, api = rates[name], rates[BASELINE_OF[name]]
        out[name] = {"actions_per_second": rate, "cost": engine / rate, "cost_api": api / rate}
        if name in FLOOR_OF:
            out[name]["least_cost"] = 1 + engine / rates[FLOOR_OF[name]]
    out["machine"] = machine()
    return out


def main(argv: list[str] | None = None) -> int:
    """The command, as the ``backroom`` commands behave: help and argparse's words in the
    ``--lang`` language, a mistake one sentence on standard error and status 2 (the JSON
    figures alone on standard output)."""
    argv = sys.argv[1:] if argv is None else argv
    lang = language_in(argv)
    say = texts(lang, "cli.interop_bench")
    with speaking(lang):
        parser = argparse.ArgumentParser(prog="python -m backroom.interop.bench", description=say())
        parser.add_argument("game", help=say("game"))
        parser.add_argument("--players", type=int, default=4, help=say("players"))
        parser.add_argument("--seconds", type=float, default=5.0, help=say("seconds"))
        parser.add_argument(
            "--adapters", default=",".join(LOOPS), help=say("adapters", adapters=", ".join(LOOPS))
        )
        parser.add_argument("--lang", choices=LANGUAGES, default=lang, help=translate(lang, "cli.lang"))
        args = parser.parse_args(argv)
    adapters = args.adapters.split(",")
    try:
        get_game(args.game).check_players(args.players)  # before any timing
        for adapter in adapters:
            if adapter not in LOOPS:
                raise BadOptions("error.unknown_adapter", adapter=adapter, known=", ".join(LOOPS))
        if not args.seconds > 0:
            raise BadOptions("error.bench_seconds", value=f"{args.seconds:g}")
    except EngineError as exc:
        return refused(Console(stderr=True, highlight=False), lang, exc)
    # A minute of silence by default (--seconds for each loop, a dozen loops): say how long on
    # standard error, as `backroom bench` does, and leave standard output to the JSON.
    loops = len({"engine", *(BASELINE_OF[a] for a in adapters)}) + len(dict.fromkeys(adapters))
    loops += len({FLOOR_OF[a] for a in adapters if a in FLOOR_OF})
    total = format_number(lang, args.seconds * loops)
    notice = {"game": args.game, "players": args.players, "seconds": total}
    Console(stderr=True, highlight=False).print(translate(lang, "ui.benchmarking", notice))
    print(json.dumps(bench(args.game, args.players, args.seconds, adapters), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
