"""What an offer shows (ruling 29): to the two parties its specials' faces, to anyone else the
groups, the money and only how many specials; and how the log reads it, side by side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.events import Event
from backroom.games.illuminati.cards import FACE, MAX_COUNTERS, is_group, is_special

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState


def announce(state: IlluminatiState, events: list[Event] | None) -> None:
    """``deal_offered`` for everyone, ``deal_offered_faces`` for the two parties alone."""
    if events is None:
        return
    me, other = state.d_from, state.d_seat
    public: dict[str, Any] = {"seat": me, "to_seat": other}
    public.update(give_mb=state.d_give_mb, take_mb=state.d_take_mb)
    for name, cards, mb in (("give", state.d_give, state.d_give_mb), ("take", state.d_take, state.d_take_mb)):
        groups = public[f"{name}_groups"] = [FACE[c] for c in cards if is_group(c)]
        count = public[f"{name}_specials"] = sum(1 for c in cards if is_special(c))
        public[name] = side(groups, count, mb)
    events.append(Event("deal_offered", public))
    if not (public["give_specials"] or public["take_specials"]):
        return  # no special in the deal: no faces to tell the two parties
    faces: dict[str, list[Any]] = {
        f"{name}_cards": sorted(FACE[c] for c in cards if is_special(c)) or [NOTHING]
        for name, cards in (("give", state.d_give), ("take", state.d_take))
    }
    events.append(Event("deal_offered_faces", {"seat": me, **faces}, to=(me, other)))


NOTHING = {"$": "illuminati.deal.nothing"}
"""An empty side of an offer, as the log names it."""


def side(cards: list[str], specials: int, mb: int) -> list[dict[str, Any]]:
    """One side of an offer as the log says it: only what it holds ("nothing" when empty),
    not "0 specials and 0 MB". ``cards``: the faces the reader sees; ``specials``: how many
    specials it holds face unseen."""
    parts: list[dict[str, Any]] = []
    if cards:
        parts.append({"$": "illuminati.deal.groups", "cards": cards})
    if specials:
        parts.append({"$": "illuminati.deal.specials", "count": specials})
    if mb:
        parts.append({"$": "illuminati.deal.mb", "mb": mb})
    return parts or [NOTHING]


def shown(state: IlluminatiState, seat: int | None) -> dict[str, Any] | None:
    """The offer on the table: the two parties see its specials; anyone else their number.
    ``added``: it grew since it was last turned round (nothing may be taken out now)."""
    if state.d_seat < 0:
        return None
    party = seat in (state.d_from, state.d_seat)
    data: dict[str, Any] = {
        "from": state.d_from,
        "to": state.d_seat,
        "out_of_turn": bool(state.d_phase),
        "counters_left": MAX_COUNTERS - state.d_counters,
        "added": state.d_added,
        "give_mb": state.d_give_mb,
        "take_mb": state.d_take_mb,
        "arriving": [FACE[c] for c in state.d_arriving],
    }
    for name, cards in (("give", state.d_give), ("take", state.d_take)):
        data[f"{name}_groups"] = [FACE[c] for c in cards if is_group(c)]
        data[f"{name}_specials"] = sorted(FACE[c] for c in cards if is_special(c)) if party else []
        data[f"{name}_special_count"] = sum(1 for c in cards if is_special(c))
    return data
