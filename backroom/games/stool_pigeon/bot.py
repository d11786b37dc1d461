"""A Stool Pigeon bot that plays as a careful person would, from its seat's view alone.

It keeps low cards, remembers what it has seen (the perfect-recall view), counts an unseen card
at the mean of the cards it has not seen, snaps only when it knows a matching Witness, and
closes when its estimated total is low and below everyone else's estimate.
"""

from __future__ import annotations

from typing import Any

from backroom.bots.base import Observation, SeededBot
from backroom.engine.actions import Action
from backroom.games.stool_pigeon.cards import FACE_VALUE, FACES

SOPLON_GUESS = 5.0
"""What the Soplón is expected to be worth at scoring: about the mean of the deck."""

CLOSE_BELOW = 9.0
"""Close when the estimate of one's own total is at most this, and lowest at the table."""

CLOSE_MARGIN = 3.0
"""How far below every rival's estimate one's own estimate must be to close early."""


def face_value(face: str) -> float:
    value = FACE_VALUE[face]
    return SOPLON_GUESS if value is None else float(value)


class HeuristicBot(SeededBot):
    __slots__ = ()

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        view = obs.view()
        me = obs.seat
        unseen = _unseen_mean(view)
        kind = legal[0][0] if legal[0][0] != "pass" else "snap"
        if kind in ("draw", "close"):
            return self._draw_or_close(view, me, unseen, legal)
        if kind == "swap":
            return self._swap(view, me, unseen, legal)
        if kind == "peek":
            return self._peek(view, me, legal)
        if kind == "pick":
            return self._pick(view, me, unseen, legal)
        if kind == "switch":
            return self._switch(view, me, unseen, legal)
        if kind in ("remove", "add"):
            return self._capo(view, me, unseen, legal)
        if kind == "snap":
            return self._snap(view, me, legal)
        if kind == "give":
            return max(legal, key=lambda a: _slot_value(view["districts"][me][a[1]], unseen))
        return legal[int(self.rng.random() * len(legal))]

    def _draw_or_close(self, view: dict[str, Any], me: int, unseen: float, legal: list[Action]) -> Action:
        if ("close",) not in legal:
            return ("draw",)
        estimates = [_estimate(d, unseen) for d in view["districts"]]
        mine = estimates[me]
        rivals = min(e for s, e in enumerate(estimates) if s != me)
        settled = view["turn"] >= view["players"] * 2
        if (mine <= CLOSE_BELOW and mine < rivals) or (settled and mine + CLOSE_MARGIN <= rivals):
            return ("close",)
        return ("draw",)

    def _swap(self, view: dict[str, Any], me: int, unseen: float, legal: list[Action]) -> Action:
        """Swap out the card that gains most; never the Soplón, which would only come back."""
        held = face_value(view["held"])
        district = view["districts"][me]

        def gain(action: Action) -> float:
            face = district[action[1]]
            if face == "soplon":
                return -100.0
            return _slot_value(face, unseen) - held

        return max(legal, key=gain)

    def _peek(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        """Look at an unseen card of one's own District first, else of the leading rival."""
        unknown = [a for a in legal if view["districts"][a[1]][a[2]] == "back"]
        own = [a for a in unknown if a[1] == me]
        if own:
            return own[0]
        return unknown[0] if unknown else legal[0]

    def _pick(self, view: dict[str, Any], me: int, unseen: float, legal: list[Action]) -> Action:
        """The first card of a blind swap: one's own worst card if a rival holds a better one,
        else anything (the swap then changes nothing for this seat)."""
        districts = view["districts"]
        own = [a for a in legal if a[1] == me]
        rivals = [a for a in legal if a[1] != me]
        if own and rivals:
            worst = max(own, key=lambda a: _slot_value(districts[me][a[2]], unseen))
            best = min(_slot_value(districts[a[1]][a[2]], unseen) for a in rivals)
            if _slot_value(districts[me][worst[2]], unseen) > best:
                return worst
        return rivals[0] if rivals else legal[0]

    def _switch(self, view: dict[str, Any], me: int, unseen: float, legal: list[Action]) -> Action:
        """The second card: trade the picked card of one's own for the rival card that is best
        for this seat; when the first card was a rival's, the worst of one's own goes to it."""
        districts = view["districts"]
        picked_seat, picked_slot = view["picked"]
        picked = _slot_value(districts[picked_seat][picked_slot], unseen)

        def gain(action: Action) -> float:
            seat, slot = action[1], action[2]
            value = _slot_value(districts[seat][slot], unseen)
            if (seat == me) == (picked_seat == me):
                return 0.0 if seat != me else -1.0
            return picked - value if picked_seat == me else value - picked

        return max(legal, key=gain)

    def _capo(self, view: dict[str, Any], me: int, unseen: float, legal: list[Action]) -> Action:
        district = view["districts"][me]
        removals = [a for a in legal if a[0] == "remove"]
        if removals:
            best = max(removals, key=lambda a: _slot_value(district[a[1]], unseen))
            if _slot_value(district[best[1]], unseen) >= 4 or district[best[1]] == "soplon":
                return best
        adds = [a for a in legal if a[0] == "add"]
        if adds:
            return min(adds, key=lambda a: _estimate(view["districts"][a[1]], unseen))
        return removals[0]

    def _snap(self, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        """Snap only a card known to be a Witness of the window's number: own District first."""
        value = view["window"]
        districts = view["districts"]
        sure = [a for a in legal if a[0] == "snap" and districts[a[1]][a[2]] == f"witness-{value}"]
        if not sure:
            return ("pass",)
        return min(sure, key=lambda a: a[1] != me)


def _slot_value(face: str | None, unseen: float) -> float:
    if face is None:
        return 0.0
    return unseen if face == "back" else face_value(face)


def _estimate(district: list[str | None], unseen: float) -> float:
    return sum(_slot_value(face, unseen) for face in district)


def _unseen_mean(view: dict[str, Any]) -> float:
    """The mean value of the cards this seat has not seen anywhere."""
    remaining = [float(v) if v is not None else SOPLON_GUESS for v in (FACE_VALUE[f] for f in FACES)]
    total = sum(remaining)
    count = len(remaining)
    seen: list[str] = [f for d in view["districts"] for f in d if f not in (None, "back")]
    seen += view["discard"] + view["removed"]
    if view["held"] not in (None, "back"):
        seen.append(view["held"])
    for face in seen:
        total -= face_value(face)
        count -= 1
    return total / count if count > 0 else 5.0
