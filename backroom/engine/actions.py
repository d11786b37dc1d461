"""Actions: small immutable tuples such as ``("snap", 2, 1)``.

The first item names the kind of action; the rest are ints or strings. Tuples are hashable
(a stable identity within a state), cheap to build in the hot path, and turn into JSON lists
without loss, which is how the terminal, the browser, the bots and network agents all speak.
"""

from __future__ import annotations

from typing import Any

Action = tuple[Any, ...]
"""``(kind, *params)`` where every param is an ``int`` or a ``str``."""


def action_to_json(action: Action) -> list[Any]:
    return list(action)


def action_from_json(data: Any) -> Action:
    """Read an action sent as JSON; raise ``ValueError`` if it is not of the action shape."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError("an action is a list whose first item is the action's kind")
    for item in data[1:]:
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            raise ValueError("an action's parameters are whole numbers or strings")
    return tuple(data)
