"""The kernel's parts on their own: action specs, the schema, chance and windows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from backroom.engine.chance import Chance, shuffle
from backroom.engine.schema import (
    BigInt,
    Bool,
    Cached,
    ChanceField,
    Int,
    Ints,
    Masks,
    Schema,
    Str,
    WindowField,
)
from backroom.engine.spec import ActionSpace, ActionSpec, Param
from backroom.engine.window import Window, WindowRule, clockwise

SPACE = ActionSpace(
    (
        ActionSpec("pass"),
        ActionSpec("play", Param("card", ("hitman", "reporter")), Param("contract", range(3))),
        ActionSpec("snap", Param("target", range(2))),
    )
)


def test_action_space_numbers_every_action_once_in_declared_order():
    actions = [SPACE.action(i) for i in range(SPACE.num_distinct_actions)]
    assert SPACE.num_distinct_actions == 1 + 2 * 3 + 2
    assert actions[:3] == [("pass",), ("play", "hitman", 0), ("play", "hitman", 1)]
    assert actions[-1] == ("snap", 1)
    assert [SPACE.index(a) for a in actions] == list(range(SPACE.num_distinct_actions))


@pytest.mark.parametrize(
    "bad",
    [
        (),
        ("pass", 1),
        ("play", "hitman"),
        ("play", "spy", 0),
        ("play", "hitman", 3),
        ("snap", True),
        ["pass"],
        7,
    ],
)
def test_action_space_check_refuses_shapes_outside_the_specs(bad: Any):
    assert not SPACE.check(bad)
    with pytest.raises(ValueError):
        SPACE.index(bad)


def test_action_space_mask_marks_the_legal_actions():
    mask = SPACE.mask([("pass",), ("snap", 1)])
    assert [i for i, m in enumerate(mask) if m] == [0, 8]
    with pytest.raises(ValueError):
        SPACE.action(9)


def test_param_refuses_repeated_or_non_scalar_values():
    with pytest.raises(ValueError):
        Param("x", (1, 1))
    with pytest.raises(ValueError):
        Param("x", (True,))
    assert ActionSpec("play", Param("card", ("a", "b")), Param("slot", range(4))).describe() == (
        "play(card: a|b, slot: 0..3)"
    )


def test_chance_is_reproducible_immutable_and_reseeding_forgets_the_real_seed():
    a, b = Chance(42), Chance(42)
    deck_a, deck_b = list(range(20)), list(range(20))
    after_a = a.shuffle(deck_a)
    after_b = b.shuffle(deck_b)
    assert deck_a == deck_b and after_a.draws == 1 and a.draws == 0
    assert after_a.roll(2, 6) == after_b.roll(2, 6)
    dice, after = Chance(3).roll(50)
    assert all(1 <= r <= 6 for r in dice) and len(set(dice)) == 6 and after.draws == 50
    with pytest.raises(AttributeError):
        a.draws = 5  # type: ignore[misc]
    fresh = a.reseeded(random.Random(1))
    assert fresh.seed != a.seed and fresh.draws == 0
    assert Chance.from_json(after_a.to_json()) == after_a
    assert "42" not in repr(a)


def test_chance_shuffles_exactly_as_the_standard_library_does():
    """Every deal of every game (and its golden playthroughs) rests on the same permutation."""
    for seed in [*range(300), 2**62 + 7]:
        for size in (0, 1, 2, 3, 5, 31, 32, 33, 98, 300):
            expected, got = list(range(size)), list(range(size))
            random.Random(seed).shuffle(expected)
            shuffle(got, seed)
            assert got == expected, (seed, size)


def test_chance_refuses_malformed_json():
    for bad in (None, [1], ["x", 0], ["1", -1], ["1", True]):
        with pytest.raises(ValueError):
            Chance.from_json(bad)


def test_window_asks_in_priority_order_and_closes():
    assert clockwise(2, 4) == (2, 3, 0, 1)
    assert clockwise(1, 4, skip=3) == (1, 2, 0)
    opened = Window(clockwise(1, 3))
    w = opened.answered(1)
    assert w.waiting == (2, 0) and w.may_answer(0) and not w.may_answer(1)
    assert opened.waiting == (1, 2, 0)  # immutable: clones share windows
    assert not w.claimed().is_open and w.reopen([0, 1]).waiting == (0, 1)
    with pytest.raises(ValueError):
        WindowRule("x", "order", "never")


class _Toy:
    GAME_ID = "toy"
    SCHEMA = Schema(
        n=Int(json="players"),
        deck=Ints(),
        hands=Ints(depth=2),
        known=Masks(),
        mask=BigInt(),
        phase=Str("draw"),
        over=Bool(),
        chance=ChanceField(),
        window=WindowField(),
        _cache=Cached(shared=False),
    )
    __slots__ = SCHEMA.slots


_Toy.SCHEMA.install(_Toy, "toy")


def toy() -> Any:
    state = object.__new__(_Toy)
    _Toy.SCHEMA.initialize(state)
    state.n, state.deck, state.hands, state.known, state.mask = 2, [1, 2], [[3], [4, 5]], [2**70, 1], 2**64
    state.chance = Chance(9, 3)
    state.window = Window([1, 0])
    state._cache = "derived"
    return state


def test_schema_clone_is_deep_and_drops_unshared_caches():
    state = toy()
    other = state._schema_clone()
    other.hands[1].append(6)
    other.deck.append(7)
    other.chance = other.chance.shuffle([1, 2])
    other.window = other.window.answered(1)
    assert state.hands == [[3], [4, 5]] and state.deck == [1, 2] and state.chance.draws == 3
    assert state.window.waiting == (1, 0)
    assert other._cache is None


def test_schema_replacer_sets_the_named_fields_and_copies_the_rest_as_clone_does():
    state = toy()
    replaced = _Toy.SCHEMA.replacer("deck", "_cache")(state, [9], "new")
    assert replaced.deck == [9] and replaced._cache == "new" and state.deck == [1, 2]
    replaced.hands[1].append(6)
    replaced.known[0] = 0
    assert state.hands == [[3], [4, 5]] and state.known == [2**70, 1]
    restored = {"deck": [1, 2], "hands": [[3], [4, 5]], "known": [str(2**70), "1"]}
    assert {**replaced._schema_encode(), **restored} == state._schema_encode()
    for bad in (("deck", "deck"), ("nothing",)):
        with pytest.raises(ValueError):
            _Toy.SCHEMA.replacer(*bad)


def test_schema_json_is_fresh_data_and_round_trips():
    state = toy()
    data = state._schema_encode()
    assert data["players"] == 2 and data["known"] == [str(2**70), "1"] and "_cache" not in data
    state.hands[0].append(99)
    assert data["hands"] == [[3], [4, 5]]
    again = object.__new__(_Toy)
    _Toy.SCHEMA.decode_into(again, data, "toy")
    assert again._schema_encode() == data


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("hands", [[1], "x"]),
        ("deck", [True]),
        ("players", "2"),
        ("over", 1),
        ("chance", [1]),
        ("game", "other"),
    ],
)
def test_schema_decode_names_the_wrong_field(key: str, value: Any):
    data = toy()._schema_encode()
    data[key] = value
    with pytest.raises(ValueError, match=key if key != "game" else "not a toy position"):
        _Toy.SCHEMA.decode_into(object.__new__(_Toy), data, "toy")


def test_schema_decode_reports_a_missing_field():
    data = toy()._schema_encode()
    del data["deck"]
    with pytest.raises(ValueError, match="deck is missing"):
        _Toy.SCHEMA.decode_into(object.__new__(_Toy), data, "toy")


def test_a_spec_described_for_a_terminal_counts_a_long_list_of_values_instead_of_listing_it():
    spec = ActionSpec(
        "play", Param("card", ("a", "b", "c")), Param("mode", ("x", "y")), Param("slot", range(4))
    )
    assert spec.describe(2) == "play(card: 3 values, mode: x|y, slot: 0..3)"
    assert spec.describe(2, "{} valeurs".format) == "play(card: 3 valeurs, mode: x|y, slot: 0..3)"
