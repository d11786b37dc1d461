"""What each seat sees of a Politburó position, and the labels of its actions.

The view, JSON-ready, for the terminal and the browser::

    {
      "game": "politburo", "seat": 0 | null, "players": 2..5,
      "round": 1.., "round_limit": 60, "phase": "setup"|"turn"|"redraw"|"turn_end"|"round_end"|"over",
      "active": seat on turn, "actors": [seats that may act now],
      "window": null | {"kind": "attack"|"defame"|"betray"|"dying"|"murdered"|"office"
                        |"turn_end"|"round_end"|"setup", "seats": [...]},
      "pending": null | {"kind": "health"|"loyalty", "card": face, "amount": n,
                         "candidate": target, "seat": attacker, "source": candidate or null,
                         "sure": bool},                    # the attack in flight, public
      "step": null | {"seat": s, "kind": "trim"|"industry"|"return"|"counter_add"|"redirect"
                      |"usurp"|"smuggle", "card": face (the Industria card, its owner only)},
      "candidates": [{"id": 0..14, "name": "Stalin", "seat": owner, "health": 0..10,
                      "loyalty": -5..25, "fate": "in_play"|"dead"|"siberia",
                      "marker": bool (action marker), "hospitalized": bool,
                      "office": office id or null,
                      "assigned": [face or null (face down, unseen)]}, ...],   # dealt ones
      "offices": [{"id": "industria", "loyalty": 10, "holder": candidate or null}, ...],
      "hand": [faces] (own; null for a spectator),
      "players_info": [{"seat", "hand": size, "hand_max", "candidates": in play,
                        "loyalty": total in play}],
      "deck": count, "discard": [faces] (public, oldest first),
      "effects": [{"card": face, "seat": s, "until": seat or null, "candidate": c or null}],
      "this_turn": {"typed": {type: [candidates]}, "activated": [candidate or null per seat],
                    "powers_used": [office ids this round], "acted": bool},
      "outcome": {...}   # once over
    }
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Msg
from backroom.games.politburo import effects
from backroom.games.politburo.cards import (
    CANDIDATES,
    FACE,
    FATES,
    GAME_ID,
    NC,
    OFFICE_MIN,
    OFFICES,
    OVER,
    ROUND_END,
    SETUP,
    TURN_END,
    TYPES,
    cand,
)
from backroom.games.politburo.flow import HEALTH, hand_max
from backroom.games.politburo.legality import own

if TYPE_CHECKING:
    from backroom.games.politburo.state import PolitburoState


def view(state: PolitburoState, seat: int | None, recall: bool = True) -> dict[str, Any]:
    mask = state.known[seat] if seat is not None and recall else 0
    held = {c: o for o, c in enumerate(state.office) if c >= 0}  # one look, not one per candidate
    candidates = []
    for c in range(NC):
        owner = state.owner[c]
        if owner < 0:
            continue
        o = held.get(c, -1)
        candidates.append(
            {
                "id": c,
                "name": CANDIDATES[c],
                "seat": owner,
                "health": state.health[c],
                "loyalty": state.loyalty[c],
                "fate": FATES[state.fate[c]],
                "marker": state.marker[c],
                "hospitalized": state.hospital[c] >= 0,
                "office": OFFICES[o] if o >= 0 else None,
                "assigned": [
                    FACE[x] if owner == seat or (mask >> x) & 1 else None for x in state.assigned[c]
                ],
            }
        )
    data: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "players": state.n,
        "round": state.round,
        "round_limit": state.round_limit,
        "phase": state.phase,
        "active": state.active,
        "actors": list(state.actors()),
        "window": _window(state),
        "pending": _pending(state),
        "step": _step(state, seat),
        "candidates": candidates,
        "offices": [
            {"id": OFFICES[o], "loyalty": OFFICE_MIN[o], "holder": h if h >= 0 else None}
            for o, h in enumerate(state.office)
        ],
        "hand": [FACE[x] for x in state.hands[seat]] if seat is not None else None,
        "players_info": [
            {
                "seat": s,
                "hand": len(state.hands[s]),
                "hand_max": hand_max(state, s),
                "candidates": len(own(state, s)),
                "loyalty": effects.total_loyalty(state, s),
            }
            for s in range(state.n)
        ],
        "deck": len(state.deck),
        "discard": [FACE[x] for x in state.discard],
        "effects": [
            {
                "card": FACE[e[0]],
                "seat": e[2],
                "until": e[3] if e[3] >= 0 else None,
                "candidate": e[4] if e[4] >= 0 else None,
            }
            for e in state.effects
        ],
        "this_turn": {
            "typed": {
                TYPES[t]: [c for c in range(NC) if (m >> c) & 1] for t, m in enumerate(state.typed) if m
            },
            "activated": [c if c >= 0 else None for c in state.used_from],
            "powers_used": [OFFICES[o] for o in range(len(OFFICES)) if (state.powers >> o) & 1],
            "acted": state.acted,
        },
    }
    if state.phase == OVER:
        outcome = state.outcome()
        assert outcome is not None
        data["outcome"] = outcome.to_json()
    return data


def _window(state: PolitburoState) -> dict[str, Any] | None:
    if state.phase == OVER:
        return None
    if state.react:
        return {
            "kind": state.react,
            "seats": list(state.window),
            "candidate": state.dying if state.dying >= 0 else None,
        }
    if state.phase in (SETUP, TURN_END, ROUND_END):
        return {"kind": state.phase, "seats": list(state.base), "candidate": None}
    return None


def _pending(state: PolitburoState) -> dict[str, Any] | None:
    if not state.p_kind:
        return None
    return {
        "kind": "health" if state.p_kind == HEALTH else "loyalty",
        "card": state.p_face,
        "amount": state.p_amount,
        "candidate": state.p_target,
        "seat": state.p_seat,
        "source": state.p_from if state.p_from >= 0 else None,
        "sure": state.p_sure,
    }


def _step(state: PolitburoState, seat: int | None) -> dict[str, Any] | None:
    if not state.step:
        return None
    out: dict[str, Any] = {"seat": state.step_seat, "kind": state.step}
    if state.step == "usurp":
        out["office"] = OFFICES[state.step_arg]
    if state.step == "industry" and seat == state.step_seat:
        out["card"] = FACE[state.extra]
    return out


def label(state: PolitburoState, action: Action) -> Msg:
    """``politburo.action.<kind>`` (a choice of candidate: ``politburo.action.target.<step>``)
    with the card, the candidate and the office as translatable parameters."""
    kind = action[0]
    params: dict[str, Any] = {}
    args = action[1:]
    if kind in ("discard", "add", "smuggle", "industry_swap", "special"):
        params["card"] = args[0]
    elif kind in ("assign", "play", "special_on"):
        params = {"card": args[0], "candidate": cand(args[1])}
    elif kind == "special_office":
        params = {"card": args[0], "office": effects.office_param(args[1])}
    elif kind == "use":
        params = {"source": cand(args[0]), "card": args[1], "candidate": cand(args[2])}
    elif kind == "defend":
        params = {"card": args[0], "candidate": cand(state.p_target)}
        kind = f"defend.{args[1]}"
    elif kind in ("nkvd", "target"):
        params = {"candidate": cand(args[0])}
        if kind == "target":
            kind = f"target.{state.step}"
    elif kind == "pass":
        kind = f"pass.{state.step or state.react or state.phase}"
    return Msg(f"{GAME_ID}.action.{kind}", params)
