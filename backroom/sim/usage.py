"""Which actions and cards each seat used in a game, read from its record, for any game.

An action's kind is its first element (``("play", "bribe-2000", 3)`` is a ``play``), and a
card is any argument whose parameter is named ``card`` or ``*_card`` in the game's action specs
(the convention the catalogs already follow to show ``<game>.card.<face>``). Nothing here knows
a game: a game added later is counted by its registration alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from backroom.engine.actions import Action
from backroom.engine.game import Game

Usage = tuple[str, str]
"""``("action", kind)`` or ``("card", face)``: a kind and a card may share a name (Slush Fund's
``scandal`` is both), so the first element says which."""


def card_positions(game: Game, players: int, options: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    """For every action kind, where its card arguments stand in the action tuple."""
    return {
        spec.kind: tuple(
            i + 1 for i, p in enumerate(spec.params) if p.name == "card" or p.name.endswith("_card")
        )
        for spec in game.action_specs(players, options)
    }


def count_usage(
    actions: Iterable[tuple[int, Action]], players: int, cards: dict[str, tuple[int, ...]]
) -> tuple[Counter[Usage], ...]:
    """Per seat, how many times it took each action kind and used each card."""
    used: tuple[Counter[Usage], ...] = tuple(Counter() for _ in range(players))
    for seat, action in actions:
        kind = action[0]
        counter = used[seat]
        counter["action", kind] += 1
        for position in cards.get(kind, ()):
            counter["card", str(action[position])] += 1
    return used
