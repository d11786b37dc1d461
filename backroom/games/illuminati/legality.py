"""Who may do what now: the legal actions of a seat, and the rule that refuses any other.

Actions name what every player sees: cards by face, the arrow of a master by its printed
side. The active player acts in the ``action`` phase (attack, drop, end the turn) and through
an attack's announcement (``attack`` phase) and placement (``place``); in the ``spend`` phase
the seat at the head of the spending round raises, passes or (the attacker, before any money
is spent) cancels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.actions import Action
from backroom.games.illuminati import concealment, conflict, goals, lasers, moves, specials, spending
from backroom.games.illuminati.attack import attackers, can_aid, can_target, groups_in_play
from backroom.games.illuminati.cards import (
    ACTION,
    ATTACK,
    BAVARIAN_PRIVILEGE_COST,
    BAVARIANS,
    CHOOSE,
    DESTROY,
    FACE,
    MAX_CANCELLED,
    MODES,
    PAYING,
    PLACE,
    POWER,
    REDISTRIBUTE,
    ROLLED,
    SPEND,
    START,
)
from backroom.games.illuminati.moves import can_drop

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def attack_actions(state: IlluminatiState, seat: int) -> list[Action]:
    if state.actions_left <= 0:
        return []
    out: list[Action] = []
    for target in groups_in_play(state):
        for mode in MODES:
            if can_target(state, seat, mode, target) and attackers(state, seat, mode, target):
                out.append(("attack", mode, FACE[target]))
    return out


def needed_card(state: IlluminatiState) -> str | None:
    """The special the attack in flight cannot do without: Whispering Campaign to destroy a
    group without Power."""
    if state.p_mode == DESTROY and not POWER[state.p_target]:
        return specials.WHISPERING
    return None


def privileges(state: IlluminatiState, seat: int) -> list[str]:
    """How the attack may be made privileged: a special card of the hand (by face), or the
    Bavarians' 5 MB once a turn."""
    out = [f for f in dict.fromkeys(FACE[c] for c in state.hands[seat]) if f != needed_card(state)]
    root = state.illuminati[seat]
    if root == BAVARIANS and not state.privileged_used and state.money[root] >= BAVARIAN_PRIVILEGE_COST:
        out.append(conflict.BAVARIAN)
    return out


def can_cancel(state: IlluminatiState, seat: int) -> bool:
    """ "puede cambiar de idea y cancelarlo *hasta* que gasta dinero en él" (and ruling 7)."""
    return seat == state.active and not state.p_committed and state.cancelled < MAX_CANCELLED


def actions(state: IlluminatiState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == CHOOSE:
        return [("goal", face) for face in goals.goals_to_choose(state, seat)]
    if phase == ACTION:
        out = attack_actions(state, seat)
        out += moves.transfers(state, seat) + moves.moves(state, seat)
        out += [("drop", FACE[c]) for c in state.cards_of(seat)[1:] if can_drop(state, seat, c)]
        out += moves.gifts(state, seat) + specials.plays(state, seat)
        out += lasers.uses(state, seat) + concealment.actions(state, seat)
        if moves.can_recycle(state, seat):
            out.append(("recycle",))
        out.append(("end",))
        return out
    if phase == PAYING:
        return moves.amounts(state)
    if phase == REDISTRIBUTE:
        shifts = moves.moves(state, seat) if state.redistribute == "bermuda" else moves.transfers(state, seat)
        return [*shifts, ("end",)]
    if phase == ATTACK:
        if state.p_stage == "attacker":
            return [("attacker", FACE[c]) for c in attackers(state, seat, state.p_mode, state.p_target)]
        aids: list[Action] = [("aid", FACE[c]) for c in state.cards_of(seat) if can_aid(state, seat, c)]
        return aids + [("announce", conflict.OPEN)] + [("announce", p) for p in privileges(state, seat)]
    if phase == SPEND:
        out = [*spending.raises(state, seat), ("pass",)]
        if can_cancel(state, seat):
            out.append(("cancel",))
        return out + specials.plays(state, seat)
    if phase in (ROLLED, START):
        return [("pass",), *specials.plays(state, seat)]
    if phase == PLACE:
        return [("place", p.arrow) for p in conflict.placements(state)]
    return []


def why(state: IlluminatiState, seat: int, action: Action) -> str:
    """The catalog key of the rule that refuses ``action``."""
    kind = action[0] if isinstance(action, tuple) and action else None
    expected = {
        "attack": ACTION,
        "drop": ACTION,
        "end": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "transfer": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "move": REDISTRIBUTE if state.phase == REDISTRIBUTE else ACTION,
        "give_money": ACTION,
        "give_special": ACTION,
        "amount": PAYING,
        "attacker": ATTACK,
        "aid": ATTACK,
        "announce": ATTACK,
        "spend": SPEND,
        "interfere": SPEND,
        "pass": state.phase if state.phase in (ROLLED, START) else SPEND,
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
    if kind in ("attack", "move", "accuse") and state.actions_left <= 0:
        return "illuminati.error.no_actions_left"
    if kind in ("special", "special_on", "unprivilege", "espionage"):
        return "illuminati.error.cannot_play_special"
    if kind == "cancel":
        return "illuminati.error.cannot_cancel"
    if kind in ("spend", "interfere"):
        return "illuminati.error.cannot_spend"
    return f"illuminati.error.cannot_{kind}"
