"""What each seat sees of an Illuminati position, and the labels of its actions.

Everything on the table is public: the structures (every card with its cell, turn, master and
treasury: ruling 11), the uncontrolled area, the dead pile, the specials discarded, the number
of specials each player holds, the attack in flight with the number it needs. Private: the
faces of the other players' specials and the order of the deck. The view, JSON-ready::

    {
      "game": "illuminati", "seat": 0 | null, "players": 2..8, "phase": "action"|"attack"|
      "spend"|"place"|"transfer"|"over", "active": seat, "actors": [seats], "round_limit": n,
      "players_info": [{"seat", "illuminati": face ("illuminati" face down: ruling 38),
                        "face_down": null | {"identified", "power", "income", "ruled_out"},
                        "alive": bool, "turns": n, "specials": n,
                        "destroyed": n, "structure": [{"card", "master", "arrow", "rotation",
                        "cell": [x, y], "money": mb, "distance": n, "in": table side of its
                        incoming arrow | null, "out": [{"arrow": printed side, "side": table
                        side, "free": bool}]}]}],
      "cards": {face: {"power", "transfer", "resistance", "income", "alignments"}} (every face
               up card in the structures and the uncontrolled area, the alignments as the
               Lasers leave them this turn),
      "uncontrolled": [faces], "dead": [faces], "discard": [faces], "deck": count,
      "deck_bottom": [faces] (the specials the table saw go under the deck, bottom first),
      "hand": [faces] (own; null for a spectator),
      "turn": {"actions_left", "transfers_left", "acted", "cancelled", "privileged_used",
               "market", "recycled", "offers" (deals opened), "gifts": [per seat, out of
               turn], "redistribute": null|"gnomes"|"bermuda"|"white_collar",
               "shifts": transfers made in it, "used": [faces used this turn],
               "ready": [faces that may still attack this turn] (the active seat's own view only:
               whether a face-down Illuminati may attack again would tell the UFOs),
               "aims": {ready face: [[mode, target face], ...] it may attack with} (the same)},
      "transfer": null | {"from": face, "to": face, "free": bool (the one after a capture),
                          "moved": MB moved so far by ``more``},
      "draft": null | [{"card", "master", "arrow"}] (the Bermuda Triangle's new layout),
      "attack": null | {"mode", "target", "attacker", "helpers", "privileged", "committed",
                        "spent": {"attacker", "defending_group", "defender_illuminati",
                                  "support", "oppose"}, "need": n, "chance": p, "waiting": [seats],
                        "breakdown": [{"part", "value", "card"?, "mb"?}] (``odds.py``: the
                        terms adding up to ``need``; before the roll), "roll" (after it)},
      "placing": null | {"card", "master"} (a group being laid on a free arrow of ``master``),
      "deal": null | {"from", "to", "give_groups", "take_groups", "give_specials",
                      "take_specials" (faces, for the two parties only), "give_special_count",
                      "take_special_count", "give_mb", "take_mb", "arriving": [faces],
                      "out_of_turn" (made in a window: ruling 30), "counters_left", "added"
                      (grown since last turned round: ruling 29)},
      "special_played": null | {"seat", "action"} (a special waiting for the others: ruling 32),
      "laying": null | {"action", "chosen": {puppet: arrow}} (a group being laid: ruling 33),
      "goal": groups to control, "secret_goal": face of the goal the seat wrote down (the UFOs,
      or everyone with secret goals) | null, "very_long": bool, "secret_goals": bool,
      "hidden_illuminati": "off"|"face_down"|"exaggerating" (options),
      "outcome": {...} once over
    }
"""

from __future__ import annotations

import json
from itertools import compress
from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Event, Msg
from backroom.games.illuminati import attack, concealment, deal_view, deals, legality, odds
from backroom.games.illuminati.cards import (
    ACTION,
    ALIGNMENTS,
    CARD_OF,
    FACE,
    GAME_ID,
    ILLUMINATI,
    INCOME,
    OVER,
    PLACE,
    RESISTANCE,
    SPECIAL_FACES,
    TRANSFER,
)
from backroom.games.illuminati.concealment import OFF, mask
from backroom.games.illuminati.geometry import turned
from backroom.games.illuminati.layout import ARROWS

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def chance_of(need: int) -> float:
    """The chance that two dice make ``need`` or less, 11 and 12 always failing."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if attack.succeeds(a + b, need))
    return hits / 36


def structure(state: IlluminatiState, seat: int, hide: frozenset[str], brief: bool) -> list[dict[str, Any]]:
    """Each card of ``seat``'s structure; ``brief`` leaves out where it lies (arrow, rotation,
    cell, sides), which only a screen draws."""
    s = state.structures[seat]
    out = []
    for face in s.cards():
        placed = s.placement(face)
        entry: dict[str, Any] = {
            "card": mask(hide, face),
            "master": mask(hide, placed.master) if placed else None,
        }
        if not brief:
            turn, printed = s.rotation(face), ARROWS[face]
            entry["arrow"] = placed.arrow if placed else None
            entry["rotation"] = turn
            entry["cell"] = list(s.cell(face))
        entry["money"] = state.money[CARD_OF[face]]
        entry["distance"] = s.distance(face)
        if not brief:
            free = s.free_arrows(face)
            entry["in"] = None if printed.incoming is None else turned(printed.incoming, turn)
            entry["out"] = [
                {"arrow": a, "side": turned(a, turn), "free": a in free} for a in printed.outgoing
            ]
        out.append(entry)
    return out


def card_data(state: IlluminatiState, hide: frozenset[str]) -> dict[str, dict[str, Any]]:
    """The printed numbers of every face-up card on the table, for drawing it: a face-down
    Illuminati (masked) is left out, its claims are in ``face_down``."""
    cards = [c for s in range(state.n) if state.alive[s] for c in state.cards_of(s)]
    return {
        FACE[c]: {
            "power": state.power(c),
            "transfer": TRANSFER[c],
            "resistance": RESISTANCE[c],
            "income": INCOME[c],
            "alignments": alignment_names(attack.align(state, c)),
        }
        for c in [*cards, *state.uncontrolled]
        if FACE[c] not in hide
    }


def alignment_names(bits: int) -> list[str]:
    """The alignments set in ``bits`` (read once per card, not once per alignment)."""
    return [a for i, a in enumerate(ALIGNMENTS) if (bits >> i) & 1]


def pending(state: IlluminatiState, hide: frozenset[str], brief: bool) -> dict[str, Any] | None:
    if not state.p_mode:
        return None
    data: dict[str, Any] = {
        "mode": state.p_mode,
        "target": FACE[state.p_target],
        "attacker": mask(hide, FACE[state.p_attacker]) if state.p_attacker >= 0 else None,
        "helpers": mask(hide, [FACE[h] for h in state.p_helpers]),
        "privileged": state.p_privileged,
        "interferers": list(state.p_interferers),
        "committed": state.p_committed,
        "spent": dict(zip(attack.SPENT, state.p_spent, strict=True)),
        "waiting": list(state.window),
    }
    if state.p_roll:  # rolled: the dice stay shown while a captured group is placed
        data["roll"] = state.p_roll
        data["need"] = state.p_need
    elif state.p_attacker >= 0:
        need = attack.needed(state)
        data["need"] = need
        if not brief:
            data["chance"] = chance_of(need)
            data["breakdown"] = odds.breakdown(state, hide)
    return data


def aims(state: IlluminatiState, seat: int) -> dict[str, list[list[str]]]:
    """For each group of ``seat`` that may still attack, the attacks it may make: a target
    some other group could attack may be immune to this one (the Discordians' immunity), or it
    may lack the free arrow a control needs."""
    attacks = legality.attack_actions(state, seat)  # the action phase's attacks, not its whole list
    return {
        FACE[c]: [
            [mode, face]
            for _, mode, face in attacks
            if attack.can_attack_with(state, seat, mode, c, CARD_OF[face])
        ]
        for c in attack.ready_attackers(state, seat)
    }


def concealed(state: IlluminatiState, seat: int) -> dict[str, Any] | None:
    """What the table knows of a seat's Illuminati with hidden Illuminati (ruling 38)."""
    if state.hidden_mode == OFF:
        return None
    return {
        "identified": not concealment.conceals(state, seat),
        "power": state.shown_power[seat],
        "income": state.shown_income[seat],
        "ruled_out": [FACE[c] for c in ILLUMINATI if (state.ruled_out[seat] >> c) & 1],
    }


def bot_view(state: IlluminatiState, seat: int) -> dict[str, Any]:
    """The heuristic bot's reading (``Observation.read``): ``seat``'s view, ``brief``."""
    return view(state, seat, brief=True)


def view(state: IlluminatiState, seat: int | None, *, brief: bool = False) -> dict[str, Any]:
    """``brief``: what a bot reads, at a fraction of the cost: without what only a screen
    needs (the cards' printed data, where structure cards lie, the attack's breakdown and
    chance, each ready group's aims). It hides exactly what the full view hides."""
    hide = concealment.masked(state, seat)
    data: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "players": state.n,
        "phase": state.phase,
        "active": state.active,
        "actors": list(state.actors()),
        "round_limit": state.round_limit,
        "goal": state.goal,
        "players_info": [
            {
                "seat": s,
                "illuminati": mask(hide, FACE[state.illuminati[s]]),
                "face_down": concealed(state, s),
                "alive": state.alive[s],
                "turns": state.turns[s],
                "specials": len(state.hands[s]),
                "seen": sorted(FACE[c] for c in state.hands[s] if (state.known[seat] >> c) & 1)
                if seat is not None and s != seat
                else [],
                "destroyed": state.destroyed[s],
                "structure": structure(state, s, hide, brief) if state.alive[s] else [],
            }
            for s in range(state.n)
        ],
        "cards": None if brief else card_data(state, hide),
        "uncontrolled": [FACE[c] for c in state.uncontrolled],
        "dead": [FACE[c] for c in state.dead],
        "discard": [FACE[c] for c in state.discard],
        "deck": len(state.deck),
        "deck_bottom": [FACE[c] for c in state.deck[: state.bottom]],
        "hand": sorted(FACE[c] for c in state.hands[seat]) if seat is not None else None,
        "turn": {
            "actions_left": state.actions_left,
            "transfers_left": state.transfers_left,
            "acted": state.acted,
            "cancelled": len(state.cancelled),
            "privileged_used": state.privileged_used,
            "market": state.market,
            "recycled": state.recycled,
            "offers": state.offers,
            "gifts": list(state.gifts),
            "redistribute": state.redistribute or None,
            "shifts": state.shifts,
            "used": mask(hide, list(compress(FACE, state.used))),
            "ready": [FACE[c] for c in attack.ready_attackers(state, seat)] if seat == state.active else [],
            "aims": aims(state, seat) if seat == state.active and state.phase == ACTION and not brief else {},
        },
        "attack": pending(state, hide, brief),
        "placing": {"card": mask(hide, FACE[state.p_target]), "master": mask(hide, FACE[state.p_attacker])}
        if state.phase == PLACE
        else None,
        "deal": deal_view.shown(state, seat),
        "special_played": None
        if state.c_seat < 0
        else {"seat": state.c_seat, "action": mask(hide, json.loads(state.c_action))},
        "laying": None
        if not state.s_action
        else {"action": mask(hide, json.loads(state.s_action)), "chosen": state.chosen_arrows()},
        "lasers": None
        if state.laser_card < 0
        else {
            "card": FACE[state.laser_card],
            "alignments": [a for i, a in enumerate(ALIGNMENTS) if (state.laser_align >> i) & 1],
        },
        "secret_goal": FACE[state.goal_choice[seat]]
        if seat is not None and state.goal_choice[seat] >= 0
        else None,
        "very_long": state.very_long,
        "secret_goals": state.secret_goals,
        "hidden_illuminati": state.hidden_mode,
        "transfer": None
        if state.t_from < 0
        else {
            "from": mask(hide, FACE[state.t_from]),
            "to": mask(hide, FACE[state.t_to]),
            "free": state.t_free,
            "moved": state.t_moved,
        },
        "draft": [
            {
                "card": mask(hide, f),
                "master": mask(hide, p.master) if p else None,
                "arrow": p.arrow if p else None,
            }
            for f in state.draft[0].cards()
            for p in [state.draft[0].placement(f)]
        ]
        if state.draft
        else None,
    }
    if state.phase == OVER:
        outcome = state.outcome()
        assert outcome is not None
        data["outcome"] = outcome.to_json()
    return data


ANNOUNCED = frozenset(
    {
        "transfer",
        "move",
        "place",
        "bribe",
        "more",
        "settle",
        "offer",
        "offer_give",
        "offer_take",
        "offer_money",
        "offer_remove",
        "offer_remove_mb",
    }
)
"""Decisions whose effect waits for a later step, or whose events do not name the choice: each
is announced (all of it public but a special's face in an offer), so the events a seat has seen
tell apart every position it may be asked to act in (the information-state key,
``backroom.engine.memory``)."""


def announcement(state: IlluminatiState, seat: int, action: Action) -> list[Event]:
    """``chose_<kind>``: events naming the choice, public but for a special card put in an
    offer, whose face only the two parties learn (the others learn that a special went in)."""
    kind, args = action[0], action[1:]
    params: dict[str, Any] = {"seat": seat}
    if kind == "transfer":
        params.update(from_card=args[0], to_card=args[1])
    elif kind == "move":
        params.update(card=args[0], master_card=args[1])
    elif kind == "bribe":
        params.update(target_card=args[0], master_card=args[1])
    elif kind in ("place", "settle"):
        params["side"] = {"$": f"{GAME_ID}.side.{args[0]}"}
    elif kind == "offer":
        params["to_seat"] = args[0]
    elif kind in ("offer_money", "offer_remove_mb"):
        prefix = "offer" if kind == "offer_money" else "offer_remove"
        return [Event(f"chose_{prefix}_{args[0]}_mb", {**params, "mb": args[1]})]
    elif kind in ("offer_give", "offer_take", "offer_remove"):
        return _offered_card(
            state, params, *((kind, args[0]) if kind != "offer_remove" else (f"{kind}_{args[0]}", args[1]))
        )
    return [Event(f"chose_{kind}", params)]


def _offered_card(state: IlluminatiState, params: dict[str, Any], name: str, face: str) -> list[Event]:
    """A card put in an offer or taken out: a special's face to the two parties only."""
    if face not in SPECIAL_FACES:
        return [Event(f"chose_{name}", {**params, "card": face})]
    parties = (state.d_from, state.d_seat)
    others = tuple(s for s in range(state.n) if s not in parties)
    named = Event(f"chose_{name}", {**params, "card": face}, to=parties)
    return [named, Event(f"chose_{name}_special", params, to=others)] if others else [named]


def label(state: IlluminatiState, action: Action) -> Msg:
    """``illuminati.action.<kind>`` with the cards as translatable parameters."""
    kind, args = action[0], action[1:]
    deal = deals.label(kind, args)
    if deal is not None:
        return deal
    params: dict[str, Any] = {}
    if kind == "goal":
        params = {"card": args[0]}
    elif kind == "attack":
        kind = f"attack.{args[0]}"
        params = {"card": args[1]}
    elif kind in ("attacker", "aid", "drop", "replace"):
        params = {"card": args[0]}
    elif kind == "transfer":
        params = {"from_card": args[0], "to_card": args[1]}
    elif kind == "move":
        params = {"card": args[0], "master_card": args[1]}
    elif kind == "amount":
        params = {"mb": args[0]} if args[0] != "all" else {}
        kind = "amount.all" if args[0] == "all" else kind
    elif kind == "give_money":
        params = {"to_seat": args[0], "mb": args[1]}
    elif kind == "special":
        params = {"card": args[0]}
    elif kind == "special_on":
        params = {"card": args[0], "target_card": args[1]}
    elif kind == "unprivilege":
        params = {"card": args[0], "second_card": args[1]}
    elif kind == "bribe":
        params = {"target_card": args[0], "master_card": args[1]}
    elif kind == "lasers":
        kind = f"lasers.{args[1]}"
        params = {"target_card": args[0], "alignment": Msg(f"{GAME_ID}.alignment.{args[2]}")}
    elif kind in ("espionage", "accuse"):
        params = {"target_seat": args[0], **({"card": args[1]} if kind == "accuse" else {})}
    elif kind == "claim":
        kind = f"claim.{args[0]}"
        params = {"amount": args[1]}
    elif kind == "give_special":
        params = {"to_seat": args[0], "card": args[1]}
    elif kind == "announce":
        if args[0] in ("open", "bavarian"):
            kind = f"announce.{args[0]}"
        else:
            params = {"card": args[0]}
    elif kind in ("spend", "interfere"):
        kind = f"{kind}.{args[0]}"
        params = {"mb": args[1]}
    elif kind in ("place", "settle"):
        params = {"side": Msg(f"{GAME_ID}.side.{args[0]}")}
    return Msg(f"{GAME_ID}.action.{kind}", params)
