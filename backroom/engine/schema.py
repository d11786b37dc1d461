"""A state's fields, declared once: ``__slots__``, defaults, ``clone``, ``to_json`` and
``from_json`` are generated from the declaration.

Written by hand, a state's field list appeared five times (slots, init, clone, encode,
decode), and a field forgotten in both ``clone`` and ``to_json`` passed every invariant. The
generated ``clone`` and ``to_json`` are straight-line functions compiled once per class (as
``dataclasses`` does), so a clone costs what the hand-written one did.

    class MyState(State):
        SCHEMA = Schema(
            n=Int(json="players"),
            deck=Ints(),
            hands=Ints(depth=2),
            known=Masks(),
            phase=Str("draw"),
            chance=ChanceField(),
            _outcome=Cached(),
        )
        __slots__ = SCHEMA.slots

``to_json`` copies every list, so a kept dict never changes with later moves; ``from_json``
converts every item and turns any shape error into ``ValueError`` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from backroom.engine.chance import Chance
from backroom.engine.window import Window


class Field:
    """One attribute of a state. Subclasses say how it is copied, written and read."""

    json: str | None
    """The key in ``to_json`` (the attribute's name unless given); ``None`` for caches."""

    def __init__(self, default: Any = None, *, json: str | None = None) -> None:
        self.default = default
        self.json = json
        self.name = ""

    def bind(self, name: str) -> None:
        self.name = name
        if self.json is None and type(self) is not Cached:
            self.json = name

    def initial(self) -> Any:
        """A fresh default value (lists are never shared between states)."""
        default = self.default
        return default() if callable(default) else default

    def copy_expr(self, ref: str) -> str:
        """Python source copying the value at ``ref`` for a clone."""
        return ref

    def encode_expr(self, ref: str) -> str:
        """Python source writing the value at ``ref`` as fresh JSON-ready data."""
        return ref

    def decode(self, value: Any) -> Any:
        return value


class Scalar(Field):
    """An immutable value: ``int``, ``str``, ``bool`` or ``float``, or ``None`` when allowed."""

    kind: type = object

    def __init__(self, default: Any = None, *, json: str | None = None, optional: bool = False) -> None:
        super().__init__(self.kind() if default is None and not optional else default, json=json)
        self.optional = optional

    def decode(self, value: Any) -> Any:
        if value is None and self.optional:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false")
            return value
        if self.kind in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ValueError(f"{self.name} must be a number")
        if self.kind is str and not isinstance(value, str):
            raise ValueError(f"{self.name} must be a string")
        return self.kind(value)


class Int(Scalar):
    kind = int


class Str(Scalar):
    kind = str


class Bool(Scalar):
    kind = bool


class Float(Scalar):
    kind = float


class BigInt(Field):
    """An int of any size (a bit mask), written as a decimal string so JSON readers with
    53-bit numbers lose nothing."""

    def __init__(self, default: int = 0, *, json: str | None = None) -> None:
        super().__init__(default, json=json)

    def encode_expr(self, ref: str) -> str:
        return f"str({ref})"

    def decode(self, value: Any) -> int:
        return int(str(value))


class Ints(Field):
    """A list of ints (``depth`` 2: a list of lists of ints, and so on)."""

    item: Callable[[Any], Any] = int

    def __init__(self, *, depth: int = 1, json: str | None = None) -> None:
        super().__init__(list, json=json)
        self.depth = depth

    def copy_expr(self, ref: str) -> str:
        return _nested_copy(ref, self.depth)

    def encode_expr(self, ref: str) -> str:
        return _nested_copy(ref, self.depth)

    def decode(self, value: Any) -> Any:
        return _nested_decode(value, self.depth, self._item)

    def _item(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.name} holds whole numbers")
        return value


class Bools(Ints):
    """A list of booleans (nested to ``depth``)."""

    def _item(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError(f"{self.name} holds true or false")
        return value


class Strs(Ints):
    """A list of strings (nested to ``depth``)."""

    def _item(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(f"{self.name} holds strings")
        return value


class Masks(Field):
    """A list of bit masks (one per seat, say), each written as a decimal string."""

    def __init__(self, *, json: str | None = None) -> None:
        super().__init__(list, json=json)

    def copy_expr(self, ref: str) -> str:
        return f"{ref}[:]"

    def encode_expr(self, ref: str) -> str:
        return f"[str(m) for m in {ref}]"

    def decode(self, value: Any) -> list[int]:
        if not isinstance(value, list):
            raise ValueError(f"{self.name} must be a list")
        return [int(str(m)) for m in value]


class IntTuple(Field):
    """An immutable tuple of ints: shared by clones, written as a list."""

    def __init__(self, default: tuple[int, ...] = (), *, json: str | None = None) -> None:
        super().__init__(default, json=json)

    def encode_expr(self, ref: str) -> str:
        return f"list({ref})"

    def decode(self, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise ValueError(f"{self.name} must be a list of whole numbers")
        return tuple(value)


class Frozen(Field):
    """An immutable object (card data, a deck definition) shared by clones and written and
    read by the given functions."""

    def __init__(
        self,
        default: Any,
        *,
        encode: Callable[[Any], Any],
        decode: Callable[[Any], Any],
        json: str | None = None,
    ) -> None:
        super().__init__(default, json=json)
        self.encoder = encode
        self.decoder = decode

    def encode_expr(self, ref: str) -> str:
        return f"_enc_{self.name}({ref})"

    def decode(self, value: Any) -> Any:
        return self.decoder(value)


class ChanceField(Field):
    """The state's ``Chance`` (immutable: clones share it), re-seeded by ``resample``."""

    def __init__(self, *, json: str | None = None) -> None:
        super().__init__(lambda: Chance(0), json=json)

    def encode_expr(self, ref: str) -> str:
        return f"{ref}.to_json()"

    def decode(self, value: Any) -> Chance:
        return Chance.from_json(value)


class WindowField(Field):
    """A reaction ``Window`` (closed by default; immutable: clones share it), written as its
    seat list."""

    def __init__(self, *, json: str | None = None) -> None:
        super().__init__(Window, json=json)

    def encode_expr(self, ref: str) -> str:
        return f"{ref}.to_json()"

    def decode(self, value: Any) -> Window:
        return Window.from_json(value)


class Cached(Field):
    """Derived data kept for speed (an outcome, a legal list): never written to JSON; a clone
    shares it when ``shared`` (immutable values) or starts without it."""

    def __init__(self, *, shared: bool = True) -> None:
        super().__init__(None)
        self.shared = shared

    def copy_expr(self, ref: str) -> str:
        return ref if self.shared else "None"


def _nested_copy(ref: str, depth: int) -> str:
    """Source copying a list nested ``depth`` deep: a list of lists is copied by ``map`` in C
    (``_copied`` is ``x[:]``), not by a comprehension, which on CPython 3.11 is a Python call
    and a loop; a clone kept for every pass in a Politburó window copies two dozen lists."""
    if depth == 1:
        return f"{ref}[:]"
    if depth == 2:
        return f"list(map(_copied, {ref}))"
    var = f"x{depth}"
    return f"[{_nested_copy(var, depth - 1)} for {var} in {ref}]"


_COPIED = itemgetter(slice(None))
"""``x[:]`` as a C callable, for ``map``."""


def _nested_decode(value: Any, depth: int, item: Callable[[Any], Any]) -> Any:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    if depth == 1:
        return [item(v) for v in value]
    return [_nested_decode(v, depth - 1, item) for v in value]


class Schema:
    """The fields of one state class, in order. ``install`` generates its methods."""

    def __init__(self, **fields: Field) -> None:
        self.fields = fields
        for name, f in fields.items():
            f.bind(name)

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(self.fields)

    @property
    def stored(self) -> list[Field]:
        """The fields written to JSON, caches excluded."""
        return [f for f in self.fields.values() if f.json is not None]

    def install(self, cls: type, game_id: str) -> None:
        """Give ``cls`` generated ``__init__`` defaults, ``clone``, ``to_json`` and a decoder."""
        namespace: dict[str, Any] = {"_new": object.__new__, "_copied": _COPIED}
        for f in self.fields.values():
            if isinstance(f, Frozen):
                namespace[f"_enc_{f.name}"] = f.encoder
        copies = self._copies(())
        writes = ",\n".join(f"        {f.json!r}: {f.encode_expr('self.' + f.name)}" for f in self.stored)
        source = (
            "def clone(self):\n"
            "    o = _new(type(self))\n"
            f"{copies}\n"
            "    return o\n"
            "def encode(self):\n"
            "    return {\n"
            f"        'game': {game_id!r},\n"
            f"{writes}\n"
            "    }\n"
        )
        exec(compile(source, f"<schema of {cls.__qualname__}>", "exec"), namespace)
        cls._schema_clone = namespace["clone"]  # type: ignore[attr-defined]
        cls._schema_encode = namespace["encode"]  # type: ignore[attr-defined]

    def replacer(self, *names: str) -> Callable[..., Any]:
        """A compiled ``replaced(state, *values)``: a copy of ``state`` whose fields ``names``
        are ``values`` (in that order), every other field copied as ``clone`` copies it.

        For a resample, which replaces most of a position: a clone would copy lists only for
        them to be thrown away (half the clone's cost in Stool Pigeon).
        """
        unknown = [n for n in names if n not in self.fields]
        if unknown or len(set(names)) != len(names):
            raise ValueError(f"replacer names unknown or repeated fields: {names}")
        params = "".join(f", v{i}" for i in range(len(names)))
        body = self._copies(names)
        source = f"def replaced(self{params}):\n    o = _new(type(self))\n{body}\n    return o\n"
        namespace: dict[str, Any] = {"_new": object.__new__, "_copied": _COPIED}
        exec(compile(source, "<schema replacer>", "exec"), namespace)
        replaced: Callable[..., Any] = namespace["replaced"]
        return replaced

    def _copies(self, given: tuple[str, ...]) -> str:
        """Source setting every field of ``o``: parameter ``v<i>`` for ``given[i]``, else a copy."""
        return "\n".join(
            f"    o.{n} = {f'v{given.index(n)}' if n in given else f.copy_expr('self.' + n)}"
            for n, f in self.fields.items()
        )

    def initialize(self, state: Any) -> None:
        for name, f in self.fields.items():
            setattr(state, name, f.initial())

    def decode_into(self, state: Any, data: dict[str, Any], game_id: str) -> None:
        """Fill ``state`` from ``data``; ``ValueError`` names the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a {game_id} position is a JSON object")
        if data.get("game") != game_id:
            raise ValueError(f"a {data.get('game')} position is not a {game_id} position")
        for name, f in self.fields.items():
            if f.json is None:
                setattr(state, name, f.initial())
                continue
            if f.json not in data:
                raise ValueError(f"not a valid {game_id} position: {f.json} is missing")
            try:
                setattr(state, name, f.decode(data[f.json]))
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                raise ValueError(f"not a valid {game_id} position: {f.json}: {exc}") from exc
