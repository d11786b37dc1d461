"""Attacks (rulebook: "Ataques", "Ataque para controlar", "... para neutralizar", "... para
destruir", and the summary's table).

The number needed is the attacker's Power plus the Transferable Power of the groups aiding it,
minus the target's Resistance (its Power, to destroy) and its proximity bonus, plus the
alignment modifier (+4 per identical, -4 per opposite alignment; reversed to destroy), the
printed bonuses, +6 to neutralize, and the money spent at the summary's rates. Two dice at or
under that number succeed; 11 and 12 always fail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Msg
from backroom.games.illuminati import concealment
from backroom.games.illuminati.cards import (
    ALIGN,
    ALIGNMENT_BONUS,
    AUTOMATIC_FAILURE,
    BONUSES,
    CARD_OF,
    COMMUNIST,
    CONTROL,
    DESTROY,
    DISCORDIAN_IMMUNE_TO,
    DISCORDIANS,
    FACE,
    GAME_ID,
    GOVERNMENT,
    GUN_LOBBY,
    GUN_LOBBY_AGAINST,
    GUN_LOBBY_RESISTANCE,
    LOWEST_ROLL,
    MODES,
    NEUTRALIZE,
    NEUTRALIZE_BONUS,
    POWER,
    PROXIMITY,
    RATE_ATTACKER,
    RATE_DEFENDER_ILLUMINATI,
    RATE_DEFENDING_GROUP,
    RATE_OTHERS,
    RESISTANCE,
    SURVIVALISTS,
    SURVIVALISTS_BONUS,
    TRANSFER,
    UFOS,
    is_group,
    same_and_opposite,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

CHINESE_CAMPAIGN_DONORS = CARD_OF["chinese_campaign_donors"]
ATTACKER, DEFENDING_GROUP, DEFENDER_ILLUMINATI, SUPPORT, OPPOSE = range(5)
"""Indices of ``state.p_spent``: the money spent on the attack in flight, by whom."""
RATES = (RATE_ATTACKER, -RATE_DEFENDING_GROUP, -RATE_DEFENDER_ILLUMINATI, RATE_OTHERS, -RATE_OTHERS)
SPENT = ("attacker", "defending_group", "defender_illuminati", "support", "oppose")
"""Who spent each part of ``state.p_spent``, in the order of ``RATES``."""


def align(state: IlluminatiState | None, card: int) -> int:
    """``card``'s alignments now: the Orbital Mind Control Lasers may have changed one of them
    for this turn."""
    if state is not None and card == state.laser_card:
        return state.laser_align
    return ALIGN[card]


def groups_in_play(state: IlluminatiState) -> list[int]:
    """Every group in play: the uncontrolled area, then each structure's groups."""
    out = list(state.uncontrolled)
    for seat in range(state.n):
        if state.alive[seat]:
            out += state.cards_of(seat)[1:]
    return out


def uses_per_turn(card: int) -> int:
    """ "Ningún Grupo, excepto los OVNIs, puede atacar más de una vez por turno": the UFOs
    may attack or aid twice."""
    return 2 if card == UFOS else 1


def is_fresh(state: IlluminatiState, card: int) -> bool:
    """Whether ``card`` may still attack or aid this turn."""
    return state.used[card] < uses_per_turn(card)


def immune(state: IlluminatiState, card: int, target: int) -> bool:
    """The Discordians: "Ningún Grupo Convencional o Gubernamental podrá atacar a la
    Estructura de Poder Discordiana de ninguna forma, ni ayudar a un ataque contra ella"; face
    up only (ruling 38)."""
    return discordian(state, target) and bool(align(state, card) & DISCORDIAN_IMMUNE_TO)


def discordian(state: IlluminatiState, card: int) -> bool:
    """Whether ``card`` is in the Discordians' power structure, their ability in force (face up:
    ruling 38)."""
    owner = state.owner[card]
    return owner >= 0 and state.illuminati[owner] == DISCORDIANS and concealment.has_ability(state, owner)


def target_modes(state: IlluminatiState, seat: int, target: int, whispering: bool) -> tuple[str, ...]:
    """The modes in which ``seat`` may attack ``target`` at all, in ``MODES`` order;
    ``whispering``: whether ``seat`` holds the Whispering Campaign.

    Control: any group in play not already ``seat``'s. Neutralize: a group another player
    controls. Destroy: any group in play with Power ("Un Grupo sin Poder *no puede ser
    destruido* más que por la carta Especial *Campaña de Rumores*."), one's own included.
    Illuminati are never targets."""
    if not is_group(target):
        return ()
    owner = state.owner[target]
    if owner < 0 and target not in state.uncontrolled:
        return ()
    destroy = POWER[target] > 0 or whispering
    if owner == seat:
        return _DESTROY_ONLY if destroy else ()
    if owner < 0:
        return _UNCONTROLLED[destroy]
    return MODES if destroy else _NOT_DESTROY


_DESTROY_ONLY = (DESTROY,)
_UNCONTROLLED = ((CONTROL,), (CONTROL, DESTROY))
_NOT_DESTROY = (CONTROL, NEUTRALIZE)


def holds_whispering(state: IlluminatiState, seat: int) -> bool:
    return any(FACE[c] == "whispering_campaign" for c in state.hands[seat])


def can_attack_with(state: IlluminatiState, seat: int, mode: str, attacker: int, target: int) -> bool:
    """ "Una carta sin Poder no puede atacar"; no group attacks twice a turn; to control it
    needs a free outward arrow; nothing attacks itself; the Discordians' immunity."""
    if state.owner[attacker] != seat or attacker == target or POWER[attacker] <= 0:
        return False
    if not is_fresh(state, attacker) or immune(state, attacker, target):
        return False
    return mode != CONTROL or bool(state.structures[seat].free_arrows(FACE[attacker]))


def attackers(state: IlluminatiState, seat: int, mode: str, target: int) -> list[int]:
    return [c for c in state.cards_of(seat) if can_attack_with(state, seat, mode, c, target)]


def ready_attackers(state: IlluminatiState, seat: int) -> list[int]:
    """``seat``'s cards that may attack something this turn (with Power, still fresh): what
    ``can_attack_with`` asks before the target and the arrows."""
    return [c for c in state.cards_of(seat) if POWER[c] > 0 and is_fresh(state, c)]


def can_aid(state: IlluminatiState, seat: int, helper: int) -> bool:
    """Transferable Power from another fresh group of the attacker's structure, announced
    before any money is spent; a group cannot aid an attempt to destroy itself."""
    return (
        state.owner[helper] == seat
        and TRANSFER[helper] > 0
        and helper not in (state.p_attacker, state.p_target)
        and helper not in state.p_helpers
        and is_fresh(state, helper)
        and not immune(state, helper, state.p_target)
    )


def defender(state: IlluminatiState) -> int:
    """The seat defending the attack in flight: the target's controller unless it is the
    attacker (who may destroy its own group: "su cercanía a los Illuminati no lo protege"),
    else -1."""
    owner = state.owner[state.p_target]
    return owner if owner >= 0 and owner != state.active else -1


def resistance(state: IlluminatiState, attacker: int, target: int) -> int:
    """The printed Resistance, the Gun Lobby's 10 against a Liberal, Communist or Weird
    attacking group (ruling 8: the attacking group's alignments only), and the Survivalists'
    +2 to their controller's other groups."""
    value = RESISTANCE[target]
    if target == GUN_LOBBY and align(state, attacker) & GUN_LOBBY_AGAINST:
        value = GUN_LOBBY_RESISTANCE
    owner = state.owner[target]
    if owner >= 0 and target != SURVIVALISTS and state.owner[SURVIVALISTS] == owner:
        value += SURVIVALISTS_BONUS
    return value


def alignment_modifier(mode: str, attacker: int, target: int, state: IlluminatiState | None = None) -> int:
    """+4 per identical and -4 per opposite alignment; the other way round to destroy. The
    Chinese Campaign Donors count as Government instead of Communist when they attack to
    control a Government group (ruling 9: +4 where Communist gave -4)."""
    mine, theirs = align(state, attacker), align(state, target)
    if attacker == CHINESE_CAMPAIGN_DONORS and mode == CONTROL and theirs & GOVERNMENT:
        mine = mine & ~COMMUNIST | GOVERNMENT
    same, opposite = same_and_opposite(mine, theirs)
    sign = -1 if mode == DESTROY else 1
    return sign * ALIGNMENT_BONUS * (same - opposite)


def ability_bonus(state: IlluminatiState, seat: int, mode: str, attacker: int, target: int) -> int:
    """Printed bonuses: "cualquier intento" ones from every card ``seat`` controls, the
    others only when their card attacks; a face-down Illuminati's only once turned up (ruling
    32)."""
    total = 0
    for card, modes, mask, cards, amount, any_attempt in BONUSES:
        if mode not in modes or state.owner[card] != seat or not (any_attempt or card == attacker):
            continue
        if concealment.hidden_root(state, card):
            continue
        if (mask and align(state, target) & mask) or target in cards or (not mask and not cards):
            total += amount
    return total


def proximity(state: IlluminatiState, target: int) -> int:
    """+10, +5, +2 to a group 1, 2, 3 links from its Illuminati, when another player controls
    it (figure 3)."""
    owner = state.owner[target]
    if owner < 0 or owner == state.active:
        return 0
    distance = state.structures[owner].distance(FACE[target])
    return PROXIMITY[distance - 1] if 1 <= distance <= len(PROXIMITY) else 0


def terms(state: IlluminatiState) -> list[tuple[str, int, int, int]]:
    """Each term of the number the attack in flight needs (the summary's table), as
    ``(part, value, card or -1, MB or 0)``: the attacker's Power, each aiding group's
    Transferable Power, the target's Resistance (its Power, to destroy), proximity, alignments,
    printed abilities, the +6 to neutralize and the money spent by each side at its rate. The
    odds dialog shows them (``odds.py``); ``needed`` adds them up."""
    mode, attacker, target = state.p_mode, state.p_attacker, state.p_target
    out = [("power", concealment.power_used(state, attacker), attacker, 0)]
    out += [("aid", concealment.transfer_used(state, h), h, 0) for h in state.p_helpers]
    if mode == DESTROY and POWER[target]:
        out.append(("target_power", -POWER[target], target, 0))
    else:  # to control or neutralize, or the Whispering Campaign's destroy: against Resistance
        out.append(("resistance", -resistance(state, attacker, target), target, 0))
    out += [
        ("proximity", -proximity(state, target), -1, 0),
        ("alignment", alignment_modifier(mode, attacker, target, state), -1, 0),
        ("abilities", ability_bonus(state, state.active, mode, attacker, target), -1, 0),
        ("neutralize", NEUTRALIZE_BONUS if mode == NEUTRALIZE else 0, -1, 0),
    ]
    out += [
        (f"money_{name}", rate * mb, -1, mb)
        for name, rate, mb in zip(SPENT, RATES, state.p_spent, strict=True)
    ]
    return out


def needed(state: IlluminatiState) -> int:
    """The roll the attack in flight needs, at or under."""
    return sum(term[1] for term in terms(state))


def succeeds(roll: int, need: int) -> bool:
    """ "Una tirada de 11 o 12 es un fallo automático"."""
    return roll < AUTOMATIC_FAILURE and roll <= need


def needing(need: int) -> Msg:
    """What a roll needs, in words: "{need} or less", or, below what two dice can make (2),
    that no roll could make it good, rather than "needing -9 or less"."""
    if need < LOWEST_ROLL:
        return Msg(f"{GAME_ID}.needing.none")
    return Msg(f"{GAME_ID}.needing.some", {"need": need})
