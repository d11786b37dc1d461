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

Two settings serve games where plain search misjudges (docs/bots.md, Stool Pigeon). ``depth``
cuts the tree (``depth=1``: flat Monte Carlo over the root's moves): below a node whose actor
has many lottery-like moves — a snap at an unseen card hits in a few determinizations — the
maximum over few samples each makes the luckiest look good, which a flat search averages away.
``margin`` blends each seat's score margin into its reward, where a place alone is flat.
``horizon`` cuts each playout after so many actions and scores it by the game's estimate
(``Manifest.evaluate``), where a whole playout's result is mostly the luck of the draws still to
come (docs/bots.md, Slush Fund); ``lap`` takes that estimate only where the searching seat is
to act again, so a playout that ends its turn also plays the other seats' turns (with the
playout policy, a model of how they will answer); one still in its turn is scored at once
where the game estimates mid-turn positions (Politburó). ``model`` plays each opponent in a
playout as it has been seen to play: at random in that playout with the chance the game
gives from its public record (``Manifest.erratic``), else with the playout policy, which
models a careful player.

The budget is a number of iterations (reproducible: the same seed and position give the same
move), cut short by ``actions`` once the iterations have applied that many (reproducible too),
or, with ``seconds``, a time per move (not reproducible). The decision depends only on
the seat's information and the seed, because a resample does (a conformance property).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from backroom.bots.base import Bot, Observation
from backroom.engine.actions import Action
from backroom.engine.errors import BadOptions
from backroom.engine.game import Game, State, load

RANGES: dict[str, tuple[type[int] | type[float], int, int]] = {
    "iterations": (int, 1, 10_000_000),
    "seconds": (float, 0, 3600),
    "actions": (int, 1, 10_000_000_000),
    "c": (float, 0, 3600),
    "depth": (int, 1, 10_000_000),
    "margin": (float, 0, 1),
    "horizon": (int, 0, 10_000_000),
    "model": (int, 0, 1),
    "lap": (int, 0, 1),
}
"""Each number the search takes after its name: whole or not, and its bounds (in the order an
unknown setting's answer lists them)."""

HOOKS = {"horizon": "evaluate", "model": "erratic", "lap": "evaluate"}
"""Settings that use a function the game may not declare (``Manifest``): refused without it."""


def settings(game: Game) -> list[str]:
    """The settings ``game``'s search takes: what ``Budget.parse`` reads and what an unknown
    setting's answer lists, from one place so that the list cannot leave one out."""
    numbers = [n for n in RANGES if n not in HOOKS or getattr(game.manifest, HOOKS[n]) is not None]
    return [*numbers, "playout"]


def playouts(game: Game) -> list[str]:
    """What ``playout=`` may name in ``game``: random play, its rollout policy, its bots."""
    return ["random", *(["rollout"] if game.manifest.rollout is not None else []), *game.manifest.bots]


def settings_said(game: Game) -> list[dict[str, Any]]:
    """Each setting of ``game`` as a message (``ui.ismcts_setting.<name>``) with its bounds."""
    said: list[dict[str, Any]] = []
    for name in settings(game):
        low, high = RANGES[name][1:] if name in RANGES else (0, 0)
        said.append(
            {"$": f"ui.ismcts_setting.{name}", "low": low, "high": high, "choices": "|".join(playouts(game))}
        )
    return said


@dataclass(frozen=True, slots=True)
class Budget:
    """How much to think per move, and how: parsed from ``ismcts:iterations=…:c=…`` and the
    like, so that every command that names a bot kind (simulate, play, tournament, report) can
    tune the search without new flags. A table at the online server takes the plain kind: the
    server sets the budget (``--search-iterations``)."""

    iterations: int = 1000
    seconds: float | None = None
    actions: int | None = None
    """A decision stops early once its iterations have applied this many actions in all (tree
    and playouts): a bound on its time that, unlike ``seconds``, is reproducible. A game whose
    playouts vary in length sets it where a few positions would otherwise take seconds."""
    c: float = 0.7
    playout: str = "random"
    margin: float = 0.0
    depth: int = 1_000_000
    horizon: int = 1_000_000
    model: int = 0
    lap: int = 0

    @classmethod
    def parse(cls, text: str, game: Game) -> Budget:
        """``iterations=500:c=0.5:playout=heuristic:seconds=0.5`` (every part optional), over
        the game's own defaults (``Manifest.search``)."""
        values: dict[str, Any] = {}
        taken = settings(game)
        for part in filter(None, f"{game.manifest.search}:{text}".split(":")):
            name, _, raw = part.partition("=")
            if name not in taken:
                raise BadOptions(
                    "error.bad_bot_setting", bot="ismcts", setting=part, settings=settings_said(game)
                )
            if name in RANGES:
                kind, low, high = RANGES[name]
                try:
                    values[name] = kind(raw)
                except ValueError:
                    values[name] = math.nan
                if not low <= values[name] <= high:  # nan too
                    key = "error.bot_setting_whole" if kind is int else "error.bot_setting_number"
                    raise BadOptions(key, setting=name, low=low, high=high, value=raw)
            else:  # playout
                known = playouts(game)
                if raw not in known:
                    raise BadOptions(
                        "error.bot_setting_choice", setting=name, known=", ".join(known), value=raw
                    )
                values[name] = raw
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


def rewards(
    state: State, margin: float = 0.0, low_score_wins: bool = False, estimated: list[float] | None = None
) -> list[float]:
    """Each seat's result in [0, 1]: the share of the other seats it finished ahead of, a
    shared place counting half (1 for a sole winner, 0 for a sole last), blended with weight
    ``margin`` with its score margin (``margins``). A place alone is flat where every playout
    ends the same way: a seat far behind sees no difference between a blunder and a good move.
    A playout cut at the horizon is scored by the game's ``estimated`` scores, places too."""
    outcome = state.outcome()
    scores = outcome.scores if outcome is not None else tuple(estimated or ())
    if outcome is not None:
        ranks = outcome.ranks
    else:  # a better score (in the game's direction) than s places ahead of s
        sign = 1.0 if low_score_wins else -1.0
        ranks = tuple(1 + sum(sign * (t - s) < 0 for t in scores) for s in scores)
    others = len(ranks) - 1
    placed = [
        (sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in ranks) - 0.5) / others for mine in ranks
    ]
    if not margin:
        return placed
    scored = margins(scores, low_score_wins)
    return [(1 - margin) * p + margin * m for p, m in zip(placed, scored, strict=True)]


def margins(scores: tuple[float, ...], low_score_wins: bool) -> list[float]:
    """Each seat's score against each other seat's, ``(mine - theirs) / (|mine| + |theirs|)``
    (bounded whatever the game's scale), averaged over the others and mapped onto [0, 1]."""
    sign = -1.0 if low_score_wins else 1.0
    others = len(scores) - 1
    out = []
    for mine in scores:
        total = 0.0
        for theirs in scores:
            spread = abs(mine) + abs(theirs)
            if spread:
                total += sign * (mine - theirs) / spread
        out.append(0.5 + 0.5 * total / others)
    return out


Policy = Callable[[State, int, random.Random], Action]
"""A playout policy: the action ``seat`` takes in ``state``, drawing on the generator."""

Estimate = Callable[[State], list[float] | None]
"""A game's estimate of every seat's final score from a position (``Manifest.evaluate``), or
``None`` where it has none (in the middle of a turn, say): the playout then goes on."""

Erratic = Callable[[State], list[float]]
"""A game's chance that each seat plays at random, from its public record (``Manifest.erratic``)."""


def playout_policy(game: Game, playout: str, rng: random.Random) -> Policy:
    """The policy a ``playout`` setting names: random play, the game's rollout policy, or one
    of its bots (seeded from ``rng``), which decides from the acting seat's observation."""
    if playout == "random":
        return game.state_class.random_action  # the function itself: no extra call per step
    if playout == "rollout":
        assert game.manifest.rollout is not None
        rollout: Policy = load(game.manifest.rollout)
        return rollout
    bot: Bot = load(game.manifest.bots[playout])(random.Random(rng.getrandbits(63)))
    return lambda state, seat, _rng: bot.choose(Observation(state, seat))


STRIDES = tuple(math.sqrt(p) % 1.0 for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53))
"""One irrational stride per seat (more than any game seats) for the opponent model's draws."""


class IsmctsBot:
    __slots__ = (
        "budget",
        "chances",
        "erratic",
        "estimate",
        "low_score_wins",
        "offset",
        "policy",
        "random_policy",
        "rng",
        "spent",
    )

    def __init__(self, rng: random.Random, game: Game, budget: Budget) -> None:
        self.rng = rng
        self.budget = budget
        self.policy = playout_policy(game, budget.playout, rng)
        self.low_score_wins = game.low_score_wins
        self.estimate: Estimate | None = load(game.manifest.evaluate) if game.manifest.evaluate else None
        self.random_policy: Policy = game.state_class.random_action
        self.erratic: Erratic | None = (
            load(game.manifest.erratic) if budget.model and game.manifest.erratic else None
        )
        self.offset = 0.0
        self.spent = 0
        """Actions the current decision's iterations have applied (``Budget.actions``)."""
        self.chances: list[float] | None = None
        """The decision's ``erratic`` chances, taken from its first determinization: they rest
        on public facts alone, the same in every resample (a conformance test), so once does."""

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        root = Node(obs.seat)
        self.chances = None
        if self.erratic is not None:
            self.offset = self.rng.random()
        budget = self.budget
        self.spent = 0
        cap = budget.actions if budget.actions is not None else math.inf
        if budget.seconds is None:
            for _ in range(budget.iterations):
                self._iterate(obs, root, legal)
                if self.spent >= cap:
                    break
        else:
            deadline = time.perf_counter() + budget.seconds
            while True:
                self._iterate(obs, root, legal)
                if time.perf_counter() >= deadline or self.spent >= cap:
                    break
        # The most visited move is the most robust; ties go to the first in legal order.
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, obs: Observation, root: Node, legal: list[Action]) -> None:
        state = obs.determinize(self.rng)
        if self.erratic is not None and self.chances is None:
            self.chances = self.erratic(state)
        chances = self.chances
        path: list[Node] = []
        node, seat, moves = root, obs.seat, legal
        depth = self.budget.depth
        while True:
            action, child = self._select(node, seat, moves)
            state.apply_quiet(seat, action)
            path.append(child)
            actors = state.actors()
            if child.visits == 0 or not actors or len(path) >= depth:
                break  # a new node (the playout starts here), the tree's depth, or the end
            node, seat = child, actors[0]
            moves = state.legal_actions(seat)
        self.spent += len(path)
        erratic = self._erratic_seats(chances, obs.seat, path[0].visits) if chances else frozenset()
        scores = self._playout(state, erratic, obs.seat)
        result = rewards(state, self.budget.margin, self.low_score_wins, scores)
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

    def _erratic_seats(self, chances: list[float], me: int, k: int) -> frozenset[int]:
        """The opponents the ``k``-th playout below a root move plays at random: seat ``s``
        where the ``k``-th point of its own sequence (``STRIDES[s]``, from the decision's random
        offset) falls below its chance. Each root move then meets each kind of opponent in the
        proportion its chance gives: independent draws would add the wide spread between games
        against a careful and a random opponent to every move's mean and bury the differences
        between moves (docs/bots.md, Stool Pigeon)."""
        offset = self.offset
        return frozenset(
            s for s, chance in enumerate(chances) if s != me and (offset + k * STRIDES[s]) % 1.0 < chance
        )

    def _playout(self, state: State, erratic: frozenset[int], me: int) -> list[float] | None:
        """Play on to the end of the game, or for ``horizon`` actions and then to the first
        position the game can estimate (with ``lap``, the first where ``me`` is to act:
        after the other seats' turns where the playout ended ``me``'s): its estimated scores
        then, else ``None``. The seats in ``erratic`` play at random, the others with the
        playout policy."""
        rng = self.rng
        policy = self.policy
        random_policy = self.random_policy
        left = self.budget.horizon
        estimate = self.estimate
        lap = self.budget.lap
        actors = state.actors()
        scores = None
        applied = 0
        while actors:
            if left > 0:
                left -= 1
            elif estimate is not None and (not lap or actors[0] == me):
                scores = estimate(state)
                if scores is not None:
                    break
            seat = actors[0]
            state.apply_quiet(seat, (random_policy if seat in erratic else policy)(state, seat, rng))
            applied += 1
            actors = state.actors()
        self.spent += applied
        return scores
