"""Action specs: each game's action kinds and their argument ranges, as data.

    SPECS = (
        ActionSpec("draw"),
        ActionSpec("play", Param("card", FACES), Param("contract", range(24))),
    )

From the specs the kernel derives argument checking (``ActionSpace.check``), a fixed integer
index for every action of a game and option set (``index``/``action``,
``num_distinct_actions``: what OpenSpiel's integer actions and a Gymnasium ``Discrete`` space
need) and a seat's boolean legal mask. Indices are mixed-radix numbers over the parameters, in
the order the specs are listed, so they are stable as long as the specs are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from backroom.engine.actions import Action


@dataclass(frozen=True, slots=True)
class Param:
    """One argument of an action: its name and the values it may take, in index order."""

    name: str
    values: tuple[Any, ...]
    _position: dict[Any, int] = field(init=False, repr=False, compare=False)

    def __init__(self, name: str, values: Iterable[Any]) -> None:
        values = tuple(values)
        if not values:
            raise ValueError(f"parameter {name} has no values")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "values", values)
        position = {}
        for i, v in enumerate(values):
            if isinstance(v, bool) or not isinstance(v, (int, str)):
                raise ValueError(f"parameter {name}: values are whole numbers or strings")
            position[(type(v), v)] = i
        if len(position) != len(values):
            raise ValueError(f"parameter {name} repeats a value")
        object.__setattr__(self, "_position", position)

    def position(self, value: Any) -> int | None:
        """Where ``value`` stands among the values, or None if it is not one of them."""
        return self._position.get((type(value), value))


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action kind: ``(kind, *params)`` with each param from its ``Param``'s values."""

    kind: str
    params: tuple[Param, ...] = ()

    def __init__(self, kind: str, *params: Param) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", params)

    @property
    def size(self) -> int:
        total = 1
        for p in self.params:
            total *= len(p.values)
        return total

    def describe(self, most: int | None = None, many: Callable[[int], str] = "{} values".format) -> str:
        """``play(card: a|b, contract: 0..23)``, for documentation and ``backroom games``. With
        ``most``, a parameter of more values than that says how many (``target_card: 83
        values``, in the reader's words with ``many``): a terminal line, not a flood of faces."""
        parts = []
        for p in self.params:
            v = p.values
            if all(isinstance(x, int) for x in v) and list(v) == list(range(v[0], v[0] + len(v))):
                parts.append(f"{p.name}: {v[0]}..{v[-1]}")
            elif most is not None and len(v) > most:
                parts.append(f"{p.name}: {many(len(v))}")
            else:
                parts.append(f"{p.name}: {'|'.join(map(str, v))}")
        return f"{self.kind}({', '.join(parts)})"


class ActionSpace:
    """Every action a game can ever offer at one table size and option set, numbered."""

    __slots__ = ("specs", "_by_kind", "_offsets", "num_distinct_actions", "_numbers", "_actions")

    def __init__(self, specs: Sequence[ActionSpec]) -> None:
        self.specs = tuple(specs)
        self._by_kind: dict[str, ActionSpec] = {}
        self._offsets: dict[str, int] = {}
        offset = 0
        for spec in self.specs:
            if spec.kind in self._by_kind:
                raise ValueError(f"action kind {spec.kind} is declared twice")
            self._by_kind[spec.kind] = spec
            self._offsets[spec.kind] = offset
            offset += spec.size
        self.num_distinct_actions = offset
        self._numbers: dict[Any, int] | None = None
        self._actions: list[Action] | None = None

    def check(self, action: Any) -> bool:
        """Whether ``action`` has the shape of some declared action (not whether it is legal)."""
        return self.index_or_none(action) is not None

    def index_or_none(self, action: Any) -> int | None:
        if not isinstance(action, tuple) or not action:
            return None
        spec = self._by_kind.get(action[0]) if isinstance(action[0], str) else None
        if spec is None or len(action) != len(spec.params) + 1:
            return None
        index = 0
        for param, value in zip(spec.params, action[1:], strict=True):
            position = param.position(value)
            if position is None:
                return None
            index = index * len(param.values) + position
        return self._offsets[spec.kind] + index

    def index(self, action: Action) -> int:
        """The action's integer; ``ValueError`` for an action outside the specs."""
        index = self.index_or_none(action)
        if index is None:
            raise ValueError(f"{action!r} is not an action of this game")
        return index

    def action(self, index: int) -> Action:
        """The action numbered ``index``; ``ValueError`` outside ``range(num_distinct_actions)``."""
        actions = self._actions
        if actions is not None and type(index) is int and 0 <= index < len(actions):
            return actions[index]
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index < self.num_distinct_actions
        ):
            raise ValueError(f"action index {index!r} is outside 0..{self.num_distinct_actions - 1}")
        for spec in self.specs:
            offset = self._offsets[spec.kind]
            if index < offset + spec.size:
                rest = index - offset
                values = []
                for param in reversed(spec.params):
                    rest, position = divmod(rest, len(param.values))
                    values.append(param.values[position])
                return (spec.kind, *reversed(values))
        raise AssertionError(index)  # unreachable: the bound was checked above

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The indices of ``legal`` actions, by one dictionary lookup each: the research
        adapters build a mask every step, and mixed-radix arithmetic in Python would cost more
        than the game's own step. The dictionary of every action (and the list ``action``
        then reads) is built on first use."""
        numbers = self._numbers
        if numbers is None:
            actions = [self.action(i) for i in range(self.num_distinct_actions)]
            numbers = self._numbers = {a: i for i, a in enumerate(actions)}
            self._actions = actions
        try:
            return list(map(numbers.__getitem__, legal))  # half the cost of a comprehension
        except KeyError:
            return [self.index(a) for a in legal]  # raises ValueError naming the odd action

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """One boolean per action index: True where the action is in ``legal``."""
        out = [False] * self.num_distinct_actions
        for action in legal:
            out[self.index(action)] = True
        return out
