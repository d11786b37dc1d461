"""``ismcts``: information-set Monte Carlo tree search, written once for every game.

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search", single-observer
form (SO-ISMCTS): one tree over the searching seat's information set. Each iteration draws a
determinization with ``resample(seat, rng)`` — a full position consistent with what the seat
has seen, hidden cards and future chance redrawn — so the search never reads a hidden card.
It then walks the tree with UCB1 restricted to the actions legal in that determinization (a
child's exploration term counts the iterations in which it was *available*, not the parent's
visits), adds one node, plays the rest of the game with the playout policy and backs up each
seat's own reward at the nodes where that seat acted: in a multi-player game every seat
maximises its own result.

Reaction windows and turns that take several actions need nothing special: a node's actor is
``actors()[0]`` of the determinization, the order every driver in Backroom uses, and a pass is
an action like any other.

The budget is a number of iterations (reproducible: the same seed and position give the same
move) or, with ``seconds``, a time per move (not reproducible). The decision depends only on
the seat's information and the seed, because a resample does (a conformance property).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from backroom.bots.base import Bot, Observation
from backroom.engine.actions import Action
from backroom.engine.errors import BadOptions
from backroom.engine.game import Game, State, load


@dataclass(frozen=True, slots=True)
class Budget:
    """How much to think per move, and how: parsed from ``ismcts:iterations=…:c=…`` and the
    like, so that every command that names a bot kind (simulate, play, tournament, report) can
    tune the search without new flags. A table at the online server takes the plain kind: the
    server sets the budget (``--search-iterations``)."""

    iterations: int = 1000
    seconds: float | None = None
    c: float = 0.7
    playout: str = "random"

    @classmethod
    def parse(cls, text: str, game: Game) -> Budget:
        """``iterations=500:c=0.5:playout=heuristic:seconds=0.5`` (every part optional)."""
        values: dict[str, Any] = {}
        for part in filter(None, text.split(":")):
            name, _, raw = part.partition("=")
            try:
                if name == "iterations":
                    values[name] = int(raw)
                    ok = 1 <= values[name] <= 10_000_000
                elif name in ("seconds", "c"):
                    values[name] = float(raw)
                    ok = math.isfinite(values[name]) and 0 <= values[name] <= 3600
                elif name == "playout":
                    values[name] = raw
                    ok = raw == "random" or raw in game.manifest.bots
                else:
                    ok = False
            except ValueError:
                ok = False
            if not ok:
                raise BadOptions("error.bad_bot_setting", bot="ismcts", setting=part)
        return cls(**values)


class Node:
    """One action's edge in the tree: who took it, how often it was tried and available, and
    the total reward of the seat that took it."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[Action, Node] = {}


def rewards(state: State) -> list[float]:
    """Each seat's result in [0, 1]: the share of the other seats it finished ahead of, a
    shared place counting half (1 for a sole winner, 0 for a sole last)."""
    outcome = state.outcome()
    assert outcome is not None
    ranks = outcome.ranks
    others = len(ranks) - 1
    return [
        (sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in ranks) - 0.5) / others for mine in ranks
    ]


class IsmctsBot:
    __slots__ = ("budget", "playout_bot", "rng")

    def __init__(self, rng: random.Random, game: Game, budget: Budget) -> None:
        self.rng = rng
        self.budget = budget
        self.playout_bot: Bot | None = None
        if budget.playout != "random":
            self.playout_bot = load(game.manifest.bots[budget.playout])(random.Random(rng.getrandbits(63)))

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        root = Node(obs.seat)
        budget = self.budget
        if budget.seconds is None:
            for _ in range(budget.iterations):
                self._iterate(obs, root, legal)
        else:
            deadline = time.perf_counter() + budget.seconds
            while True:
                self._iterate(obs, root, legal)
                if time.perf_counter() >= deadline:
                    break
        # The most visited move is the most robust; ties go to the first in legal order.
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, obs: Observation, root: Node, legal: list[Action]) -> None:
        state = obs.determinize(self.rng)
        path: list[Node] = []
        node, seat, moves = root, obs.seat, legal
        while True:
            action, child = self._select(node, seat, moves)
            state.apply_quiet(seat, action)
            path.append(child)
            actors = state.actors()
            if child.visits == 0 or not actors:
                break  # a new node (the playout starts here), or the end of the game
            node, seat = child, actors[0]
            moves = state.legal_actions(seat)
        self._playout(state)
        result = rewards(state)
        for visited in path:
            visited.visits += 1
            visited.total += result[visited.seat]

    def _select(self, node: Node, seat: int, moves: list[Action]) -> tuple[Action, Node]:
        """The edge to follow among ``moves`` (those legal in this determinization): an untried
        one at random, else the best UCB1 score, exploration counted over availability."""
        children = node.children
        untried = []
        for a in moves:
            known = children.get(a)
            if known is None:
                untried.append(a)
            else:
                known.available += 1
        if untried:
            action = untried[int(self.rng.random() * len(untried))]
            child = children[action] = Node(seat)
            return action, child
        c = self.budget.c
        best = -math.inf
        action, child = moves[0], children[moves[0]]
        for a in moves:
            candidate = children[a]
            score = candidate.total / candidate.visits + c * math.sqrt(
                math.log(candidate.available) / candidate.visits
            )
            if score > best:
                best, action, child = score, a, candidate
        return action, child

    def _playout(self, state: State) -> None:
        rng = self.rng
        bot = self.playout_bot
        actors = state.actors()
        while actors:
            seat = actors[0]
            action = state.random_action(seat, rng) if bot is None else bot.choose(Observation(state, seat))
            state.apply_quiet(seat, action)
            actors = state.actors()
