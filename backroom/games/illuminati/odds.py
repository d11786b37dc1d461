"""The odds of the attack in flight, term by term, for the board's odds dialog.

``attack.needed`` gives one number; a player deciding whether to announce (or how much to
spend) wants to see where it comes from. ``breakdown`` asks ``attack.py`` for each term of the
summary's table separately, so the parts always add up to ``attack.needed``: the attacker's
Power, each aiding group's Transferable Power, the target's Resistance (its Power, to destroy),
the proximity bonus, the alignments, the printed abilities, the +6 to neutralize and the money
spent by each side at its rate. Everything here is public (ruling 11; a face-down Illuminati
attacks with the Power its player claimed: ruling 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.games.illuminati import attack, concealment
from backroom.games.illuminati.cards import DESTROY, FACE, NEUTRALIZE, NEUTRALIZE_BONUS, POWER
from backroom.games.illuminati.concealment import mask

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

SPENT = ("attacker", "defending_group", "defender_illuminati", "support", "oppose")
"""The money terms, in the order of ``state.p_spent`` and ``attack.RATES``."""


def breakdown(state: IlluminatiState, hide: frozenset[str]) -> list[dict[str, Any]]:
    """The terms of ``attack.needed`` for the attack in flight, each ``{"part", "value"}`` with
    the ``card`` it comes from where there is one (masked as the viewer sees it), and ``mb``
    with the money terms; zero terms are left out but the attacker's Power and the defence."""
    mode, attacker, target = state.p_mode, state.p_attacker, state.p_target
    power = concealment.power_used(state, attacker)
    parts: list[dict[str, Any]] = [{"part": "power", "card": mask(hide, FACE[attacker]), "value": power}]
    for helper in state.p_helpers:
        aid = concealment.transfer_used(state, helper)
        parts.append({"part": "aid", "card": mask(hide, FACE[helper]), "value": aid})
    whispering = mode == DESTROY and not POWER[target]  # Whispering Campaign: against Resistance
    if mode == DESTROY and not whispering:
        parts.append({"part": "target_power", "card": FACE[target], "value": -POWER[target]})
    else:
        defence = attack.resistance(state, attacker, target)
        parts.append({"part": "resistance", "card": FACE[target], "value": -defence})
    optional = [
        ("proximity", -attack.proximity(state, target)),
        ("alignment", attack.alignment_modifier(mode, attacker, target, state)),
        ("abilities", attack.ability_bonus(state, state.active, mode, attacker, target)),
        ("neutralize", NEUTRALIZE_BONUS if mode == NEUTRALIZE else 0),
    ]
    parts += [{"part": name, "value": value} for name, value in optional if value]
    for name, rate, mb in zip(SPENT, attack.RATES, state.p_spent, strict=True):
        if mb:
            parts.append({"part": f"money_{name}", "mb": mb, "value": rate * mb})
    return parts
