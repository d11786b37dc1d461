"""The text an action's chain hashes is written out directly on the hot path
(``chain._content``) and an action's stored text is kept per action (``live.action_text``):
both must stay exactly what ``json.dumps`` writes, or a log written by this server would no
longer check against the hashes any other version computes."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from backroom.server.chain import _content, link
from backroom.server.live import action_text

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
