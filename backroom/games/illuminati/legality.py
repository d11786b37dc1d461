"""Who may do what now: the legal actions of a seat, and the rule that refuses any other.

Actions name what every player sees: cards by face, the arrow of a master by its printed
side. The active player acts in the ``action`` phase (attack, drop, end the turn) and through
an attack's announcement (``attack`` phase) and placement (``place``); in the ``spend`` phase
the seat at the head of the spending round raises, passes or (the attacker, before any money
is spent) cancels.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.games.illuminati import (
    concealment,
    conflict,
    deals,
    goals,
    lasers,
    leaving,
    moves,
    redistribution,
    secrets,
    settling,
    specials,
    spending,
)
from backroom.games.illuminati.attack import (
    attackers,
    can_aid,
    discordian,
    groups_in_play,
    holds_whispering,
    immune,
    ready_attackers,
    target_modes,
)
from backroom.games.illuminati.cards import (
    ACTION,
    ATTACK,
    BAVARIAN_PRIVILEGE_COST,
    BAVARIANS,
    CARD_OF,
    CHOOSE,
    CONTROL,
    DEAL,
    FACE,
    GIFTS_OUT_OF_TURN,
    PAYING,
    PLACE,
    REDISTRIBUTE,
    REPLACE,
    ROLLED,
    SETTLE,
    SPEND,
    START,
)
from backroom.games.illuminati.moves import can_drop

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def attack_actions(state: IlluminatiState, seat: int) -> list[Action]:
    """Each mode and target some fresh group of ``seat`` can attack: the groups able to attack
    at all are found once, and each target's owner once, not once per mode (the longest list
    of a turn, ``bench``)."""
    if state.actions_left <= 0:
        return []
    ready = ready_attackers(state, seat)
    if not ready:
        return []
    armed = armed_attackers(state, seat, ready)
    whispering = holds_whispering(state, seat)
    out: list[Action] = []
    for target in groups_in_play(state):
        modes = target_modes(state, seat, target, whispering)
        if modes:
            shielded = discordian(state, target)
            face = FACE[target]
            out += [
                ("attack", mode, face)
                for mode in modes
                if reaches(state, target, armed if mode == CONTROL else ready, shielded)
            ]
    return out


def armed_attackers(state: IlluminatiState, seat: int, ready: list[int]) -> list[int]:
    """The ready groups that can take a captured group: those with a free outward arrow."""
    return [c for c in ready if state.structures[seat].free_arrows(FACE[c])]


def reaches(state: IlluminatiState, target: int, pool: list[int], shielded: bool) -> bool:
    """Whether one of the ``pool`` groups other than ``target`` may attack it; ``shielded``:
    the target is the Discordians' (``discordian``), immune to some groups."""
    if not pool:
        return False
    if not shielded:  # no group is immune: any other than the target will do
        return len(pool) > 1 or pool[0] != target
    return any(c != target and not immune(state, c, target) for c in pool)


def can_attack(state: IlluminatiState, seat: int, action: Action) -> bool:
    """Whether ``action`` is in ``attack_actions``, looking at its one target only."""
    if len(action) != 3 or state.actions_left <= 0:
        return False
    _, mode, face = action
    target = CARD_OF.get(face) if isinstance(face, str) else None
    if target is None or mode not in target_modes(state, seat, target, holds_whispering(state, seat)):
        return False
    ready = ready_attackers(state, seat)
    pool = armed_attackers(state, seat, ready) if mode == CONTROL else ready
    return reaches(state, target, pool, discordian(state, target))


def privileges(state: IlluminatiState, seat: int) -> list[str]:
    """How the attack may be made privileged: a special card of the hand (by face), or the
    Bavarians' 5 MB once a turn."""
    out = [f for f in dict.fromkeys(FACE[c] for c in state.hands[seat]) if f != specials.needed_card(state)]
    root = state.illuminati[seat]
    if root == BAVARIANS and not state.privileged_used and state.money[root] >= BAVARIAN_PRIVILEGE_COST:
        out.append(conflict.BAVARIAN)
    return out


Counted = list[tuple[tuple[Any, ...], int]]
"""Actions counted rather than listed: each ``(head, most)`` stands for ``head + (mb,)``, ``mb``
from 1 to ``most``."""


def gifts_out_of_turn(state: IlluminatiState, seat: int) -> list[Action]:
    """Ruling 30: "*Regalar dinero o una carta Especial*: esto puede hacerse en cualquier
    momento, no sólo durante tu turno." A seat gives when it is asked in a window (before a
    turn's income, in a spending round, after the dice), ``GIFTS_OUT_OF_TURN`` times a turn, and
    never in a privileged attack ("excepto durante un ataque Confidencial"). The attacker keeps
    the card its attack cannot do without (Whispering Campaign). The same moments open offers
    (``window_offers``)."""
    listed, counted = _window_gifts(state, seat)
    return [(*head, mb) for head, most in counted for mb in range(1, most + 1)] + listed


def _window_gifts(state: IlluminatiState, seat: int) -> tuple[list[Action], Counted]:
    """``gifts_out_of_turn`` as the specials listed and the money counted (``_draw``)."""
    if not may_give(state, seat):
        return [], []
    kept = specials.needed_card(state) if seat == state.active else None
    listed: list[Action] = [a for a in moves.special_gifts(state, seat) if a[2] != kept]
    return listed, moves.money_gift_limits(state, seat)


def may_give(state: IlluminatiState, seat: int) -> bool:
    """Whether a window lets ``seat`` give or open an offer now (ruling 30)."""
    return not state.p_privileged and state.gifts[seat] < GIFTS_OUT_OF_TURN


def window_offers(state: IlluminatiState, seat: int) -> list[Action]:
    """``offer to_seat`` out of the action phase: where a gift could be given (ruling 30)."""
    return deals.offers_to_others(state, seat) if may_give(state, seat) else []


def drops(state: IlluminatiState, seat: int) -> list[Action]:
    return [("drop", FACE[c]) for c in state.cards_of(seat)[1:] if can_drop(state, seat, c)]


def recycle_leave_and_end(state: IlluminatiState, seat: int) -> list[Action]:
    out: list[Action] = [("recycle",)] if moves.can_recycle(state, seat) else []
    if leaving.can_leave(state, seat):
        out.append(("leave",))
    out.append(("end",))
    return out


ACTION_LISTINGS = (
    attack_actions,
    moves.transfers,
    moves.moves,
    drops,
    moves.money_gifts,
    moves.special_gifts,
    specials.plays,
    lasers.uses,
    concealment.actions,
    deals.offers,
    recycle_leave_and_end,
)
"""The active player's actions in the ``action`` phase, in the order they are listed."""
LISTING_OF_KIND = {
    "transfer": moves.transfers,
    "move": moves.moves,
    "drop": drops,
    "give_money": moves.money_gifts,
    "give_special": moves.special_gifts,
    "lasers": lasers.uses,
    "recycle": recycle_leave_and_end,
    "leave": recycle_leave_and_end,
    "end": recycle_leave_and_end,
    "offer": deals.offers,
    **dict.fromkeys(concealment.KINDS, concealment.actions),
    **dict.fromkeys(specials.KINDS, specials.plays),
}
"""The one listing of ``ACTION_LISTINGS`` that can hold an action of each kind."""


def is_legal(state: IlluminatiState, seat: int, action: Action) -> bool:
    """Membership in ``actions``, listing in the ``action`` phase only the kind asked for and,
    in the windows, counting the raises and gifts of money: a playout checks each action it
    applies, and the whole list is long."""
    phase = state.phase
    kind = action[0] if isinstance(action, tuple) and action else None
    if phase in WINDOWS:
        return isinstance(kind, str) and window_answers_include(state, seat, kind, action)
    if phase == DEAL:
        return deals.building_includes(state, action)
    if phase != ACTION:
        return action in actions(state, seat)
    if kind == "attack":
        return can_attack(state, seat, action)
    listing = LISTING_OF_KIND.get(kind) if isinstance(kind, str) else None
    return listing is not None and action in listing(state, seat)


def random_action(state: IlluminatiState, seat: int, rng: random.Random) -> Action:
    """A uniform draw from ``actions``; the gifts of money and the raises, most of those
    lists, are counted rather than listed."""
    if state.phase == ACTION:
        listed = [
            a for listing in ACTION_LISTINGS if listing is not moves.money_gifts for a in listing(state, seat)
        ]
        return _draw(rng, listed, moves.money_gift_limits(state, seat))
    if state.phase in WINDOWS:
        return _draw(rng, *window_answers(state, seat))
    legal = actions(state, seat)
    return legal[int(rng.random() * len(legal))]


def _draw(rng: random.Random, listed: list[Action], counted: Counted) -> Action:
    """Uniform over ``listed`` and, for each ``(head, most)`` of ``counted``, the actions
    ``head + (mb,)`` for ``mb`` from 1 to ``most``."""
    pick = int(rng.random() * (len(listed) + sum(most for _head, most in counted)))
    if pick < len(listed):
        return listed[pick]
    pick -= len(listed)
    for head, most in counted:
        if pick < most:
            return (*head, pick + 1)
        pick -= most
    raise AssertionError("the draw falls inside the counted amounts")


WINDOWS = frozenset({SPEND, ROLLED, START})
"""The windows where raises and gifts of money are counted, not listed."""
COUNTED_KINDS = frozenset({"spend", "interfere", "give_money"})


def window_answers(state: IlluminatiState, seat: int) -> tuple[list[Action], Counted]:
    """What ``seat`` may answer in a window: listed (passing, cancelling, specials played or
    given) and counted (raises in a spending round, gifts of money)."""
    gifts, money = _window_gifts(state, seat)
    listed: list[Action] = [("pass",)]
    if state.phase == SPEND and conflict.can_cancel(state, seat):
        listed.append(("cancel",))
    listed += specials.plays(state, seat) + gifts + window_offers(state, seat)
    raises = spending.raise_limits(state, seat) if state.phase == SPEND else []
    return listed, raises + money


def window_answers_include(state: IlluminatiState, seat: int, kind: str, action: Action) -> bool:
    """Membership in ``window_answers``, looking only at the part that can hold ``kind``: a
    playout checks each answer it applies, and most are a pass or a raise."""
    if kind == "pass":
        return action == ("pass",)
    if kind == "cancel":
        return action == ("cancel",) and state.phase == SPEND and conflict.can_cancel(state, seat)
    if kind in COUNTED_KINDS:
        if len(action) != 3:
            return False
        if kind == "give_money":
            counted = _window_gifts(state, seat)[1]
        else:
            counted = spending.raise_limits(state, seat) if state.phase == SPEND else []
        mb = action[2]
        return (
            isinstance(mb, int)
            and not isinstance(mb, bool)
            and any(action[:2] == head and 1 <= mb <= most for head, most in counted)
        )
    if kind == "give_special":
        return action in _window_gifts(state, seat)[0]
    if kind == "offer":
        return action in window_offers(state, seat)
    return kind in specials.KINDS and action in specials.plays(state, seat)


def actions(state: IlluminatiState, seat: int) -> list[Action]:
    phase = state.phase
    if phase in deals.PHASES:
        return deals.actions(state, seat)
    if phase in secrets.PHASES:
        return secrets.answers(state, seat)
    if phase == SETTLE:
        return settling.answers(state, seat)
    if phase == CHOOSE:
        return [("goal", face) for face in goals.goals_to_choose(state, seat)]
    if phase == ACTION:
        return [a for listing in ACTION_LISTINGS for a in listing(state, seat)]
    if phase == PAYING:
        return moves.amounts(state)
    if phase == REDISTRIBUTE:
        shifts = redistribution.lays(state, seat) if state.draft else moves.transfers(state, seat)
        return [*shifts, ("end",)]
    if phase == ATTACK:
        if state.p_stage == "attacker":
            return [("attacker", FACE[c]) for c in attackers(state, seat, state.p_mode, state.p_target)]
        aids: list[Action] = [("aid", FACE[c]) for c in state.cards_of(seat) if can_aid(state, seat, c)]
        return aids + [("announce", conflict.OPEN)] + [("announce", p) for p in privileges(state, seat)]
    if phase == SPEND:
        out = [*spending.raises(state, seat), ("pass",)]
        if conflict.can_cancel(state, seat):
            out.append(("cancel",))
        return out + _free_in_window(state, seat)
    if phase in (ROLLED, START):
        return [("pass",), *_free_in_window(state, seat)]
    if phase == PLACE:
        return [("place", p.arrow) for p in conflict.placements(state)]
    return []


def _free_in_window(state: IlluminatiState, seat: int) -> list[Action]:
    """What a seat asked in a window may do without answering it: specials, gifts, offers."""
    return specials.plays(state, seat) + gifts_out_of_turn(state, seat) + window_offers(state, seat)


def why(state: IlluminatiState, seat: int, action: Action) -> str:
    """The catalog key of the rule that refuses ``action``."""
    kind = action[0] if isinstance(action, tuple) and action else None
    if kind in deals.KINDS:
        return deals.why(state, action, WINDOWS)
    gifts = state.phase if state.phase in (START, SPEND, ROLLED) else ACTION
    expected = {
        "attack": ACTION,
        "drop": ACTION,
        "end": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "transfer": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "move": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "give_money": gifts,
        "give_special": gifts,
        "leave": ACTION,
        "amount": PAYING,
        "more": PAYING,
        "attacker": ATTACK,
        "aid": ATTACK,
        "announce": ATTACK,
        "spend": SPEND,
        "interfere": SPEND,
        "pass": state.phase if state.phase in (ROLLED, START, *secrets.PHASES) else SPEND,
        "replace": REPLACE,
        "settle": SETTLE,
        "special": state.phase,
        "special_on": state.phase,
        "bribe": ACTION,
        "goal": CHOOSE,
        "recycle": ACTION,
        "lasers": ACTION,
        "espionage": state.phase,
        "unprivilege": SPEND,
        "cancel": SPEND,
        "place": PLACE,
        "accuse": ACTION,
        "claim": ACTION,
        "reveal": ACTION,
    }.get(kind if isinstance(kind, str) else "")
    if expected is None:
        return "error.illegal_action"
    if expected != state.phase:
        return "illuminati.error.not_now"
    if kind in ("attack", "move", "accuse") and state.actions_left <= 0 and state.phase == ACTION:
        return "illuminati.error.no_actions_left"
    if kind in ("special", "special_on", "unprivilege", "espionage", "replace"):
        return "illuminati.error.cannot_play_special"
    if kind == "cancel":
        return "illuminati.error.cannot_cancel"
    if kind in ("spend", "interfere"):
        return "illuminati.error.cannot_spend"
    return f"illuminati.error.cannot_{kind}"
