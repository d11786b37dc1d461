"""The odds of the attack in flight, term by term, for the board's odds dialog.

``attack.needed`` gives one number; a player deciding whether to announce (or how much to
spend) wants to see where it comes from. ``breakdown`` shows the terms ``attack.needed`` adds
up (``attack.terms``), so the parts always add up to it. Everything here is public (ruling
11; a face-down Illuminati attacks with the Power its player claimed: ruling 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.games.illuminati import attack
from backroom.games.illuminati.cards import FACE
from backroom.games.illuminati.concealment import mask

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

ALWAYS = frozenset({"power", "aid", "resistance", "target_power"})
"""Terms shown even at zero: what attacks and what defends."""


def breakdown(state: IlluminatiState, hide: frozenset[str]) -> list[dict[str, Any]]:
    """The terms of ``attack.needed`` for the attack in flight (``attack.terms``), each
    ``{"part", "value"}`` with the ``card`` it comes from where there is one (masked as the
    viewer sees it), and ``mb`` with the money terms; zero terms are left out but those that
    say what attacks and what defends."""
    parts: list[dict[str, Any]] = []
    for part, value, card, mb in attack.terms(state):
        if not value and part not in ALWAYS:
            continue
        entry: dict[str, Any] = {"part": part, "value": value}
        if card >= 0:
            entry["card"] = mask(hide, FACE[card])
        if mb:
            entry["mb"] = mb
        parts.append(entry)
    return parts
