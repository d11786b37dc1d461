"""JSON the server writes or reads on every move by shorter roads than the standard library:
the text an action's chain hashes (``chain._content``), an action's stored text, kept per
action (``live.action_text``), and a client's message, read by orjson where it can
(``protocol._loads``). Each must stay exactly what ``json.dumps`` writes or ``json.loads``
reads: a log written otherwise would no longer check against the hashes any other version
computes, and a message would mean something else."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.server.chain import _content, link
from backroom.server.live import action_text
from backroom.server.protocol import _loads

texts = st.text(alphabet=st.characters(exclude_categories=()) | st.sampled_from('"\\\n\t\x00\x7f\u2028é🂡'))
"""Any characters, lone surrogates and the ones JSON escapes included."""
numbers = st.integers(min_value=-(2**70), max_value=2**70)


@settings(max_examples=400, deadline=None)
@given(texts, texts, numbers, numbers, texts, st.none() | texts)
def test_the_hashed_text_is_what_json_dumps_writes(
    previous: str, table_id: str, n: int, seat: int, action: str, client_id: str | None
) -> None:
    assert _content(previous, table_id, n, seat, action, client_id) == json.dumps(
        [previous, table_id, n, seat, action, client_id]
    )


def test_fields_of_other_types_are_left_to_json_dumps() -> None:
    class Name(str):
        pass

    others = [("", "t", True, 0, "[]", None), ("", Name("t"), 1, 0, "[]", "id"), ("", "t", 1, 0, "[]", 5)]
    for fields in others:
        assert _content(*fields) == json.dumps(list(fields))  # type: ignore[arg-type]
    hashed = b'["", "t", 1, 0, "[\\"draw\\"]", null]'
    assert link("", "t", 1, 0, '["draw"]', None) == hashlib.sha256(hashed).hexdigest()


@settings(max_examples=200, deadline=None)
@given(st.tuples(texts, numbers, numbers) | st.tuples(texts) | st.tuples(texts, st.lists(numbers)))
def test_an_action_s_text_is_what_json_dumps_writes_however_often_it_is_asked(action: Any) -> None:
    expected = json.dumps(list(action))
    assert action_text(action) == expected
    assert action_text(action) == expected  # kept


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(alphabet=st.characters(exclude_categories=())),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_a_client_s_message_is_read_as_json_loads_reads_it(value: Any) -> None:
    """``protocol._loads`` reads with orjson where it can: always the same value as before."""
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False), json.dumps(value, indent=1)):
        read = _loads(text)
        expected = json.loads(text)
        assert json.dumps(read) == json.dumps(expected) and type(read) is type(expected)


def test_messages_orjson_would_refuse_or_read_otherwise_are_read_as_before() -> None:
    for text in [
        '{"v": NaN}',
        "[1e400]",
        '{"version": 123456789012345678901234567890}',
        "[" * 5000 + "]" * 5000,
    ]:
        try:
            expected: Any = json.loads(text)
        except RecursionError:
            expected = RecursionError
        try:
            read: Any = _loads(text)
        except RecursionError:
            read = RecursionError
        assert repr(read) == repr(expected)
