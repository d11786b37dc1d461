"""Moving money freely within a structure: the Gnomes of Zurich at the end of their turn, and
White Collar Crime; and the Bermuda Triangle's free reorganisation at the end of its turn.

"los Gnomos pueden mover dinero entre sus Grupos como deseen al final de su turno" (step 6 of
"Orden de juego": "si controla a los Gnomos de Zúrich ahora puede distribuir su dinero entre
los tesoros"). White Collar Crime, playable any time: "Move any amounts of your money freely
between any of your groups, and gain an extra 5 MB to place anywhere in your structure." Both
open a phase of ``transfer`` and ``amount`` between any two of the player's cards, at no cost,
any card sending any number of times, until ``end``; at most one transfer fewer than the
structure has cards, which reaches every distribution of its money (ruling 22). White Collar
Crime names the card that takes the 5 MB; its phase over, play goes back where it was.

"el jugador del Triángulo de las Bermudas puede reorganizar libremente su Estructura de Poder
al final de cada turno": its groups are lifted and laid again, one by one, on free arrows of the
cards already laid (``move`` and ``place``), into a new layout; at ``end`` every group not laid
again goes back under its old master as "Mover un Grupo" says (its old arrow, else another free
arrow of the same master, else lost with its puppets), and the structure takes the new layout
(``Structure.relayout``; ruling 23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati import concealment
from backroom.games.illuminati.cards import ACTION, BERMUDA, CARD_OF, FACE, GNOMES, REDISTRIBUTE
from backroom.games.illuminati.layout import new_structure

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState
    from backroom.games.illuminati.structure import Structure

GNOMES_TURN, BERMUDA_TURN, WHITE_COLLAR = "gnomes", "bermuda", "white_collar"
WHITE_COLLAR_CRIME, WHITE_COLLAR_MB = "white_collar_crime", 5


def power_first(state: IlluminatiState) -> bool:
    """At the Gnomes' or the Bermuda Triangle's ``end``: open their end-of-turn power first
    (False when there is nothing to do or it is done)."""
    seat = state.active
    root = state.illuminati[seat]
    if state.phase != ACTION or root not in (GNOMES, BERMUDA) or len(state.structures[seat]) < 2:
        return False
    if not concealment.has_ability(state, seat):
        return False
    if root == BERMUDA:
        state.draft = [new_structure(root)]
    open_phase(state, GNOMES_TURN if root == GNOMES else BERMUDA_TURN)
    return True


def open_phase(state: IlluminatiState, why: str) -> None:
    state.resume = state.phase
    state.phase = REDISTRIBUTE
    state.redistribute = why
    state.shifts = 0


def board(state: IlluminatiState) -> Structure:
    """The layout groups are laid on now: the Bermuda Triangle's new one while it is built."""
    return state.draft[0] if state.draft else state.structures[state.active]


def transfers(state: IlluminatiState, seat: int) -> list[tuple]:
    """Any card to any other, while fewer transfers than cards less one were made (ruling
    22): each transfer can settle one card's surplus or shortfall for good."""
    cards = state.cards_of(seat)
    if state.shifts >= len(cards) - 1:
        return []
    return [("transfer", FACE[c], FACE[d]) for c in cards if state.money[c] > 0 for d in cards if d != c]


def lays(state: IlluminatiState, seat: int) -> list[tuple]:
    """The Bermuda Triangle's next group to lay again: any group not laid yet, on any card of
    the new layout with a free arrow that takes it."""
    draft, faces = state.draft[0], state.structures[seat].cards()[1:]
    return [
        ("move", card, master)
        for card in faces
        if card not in draft
        for master in draft.cards()
        if draft.placements(master, card)
    ]


def white_collar(state: IlluminatiState, seat: int, card: str, events: list[Event] | None) -> None:
    state.earn(CARD_OF[card], WHITE_COLLAR_MB)
    if events is not None:
        events.append(Event("income", {"seat": seat, "card": card, "mb": WHITE_COLLAR_MB}))
    open_phase(state, WHITE_COLLAR)


def close(state: IlluminatiState, seat: int) -> tuple[bool, list[str]]:
    """``end`` in the phase: whether the turn ends now (the Gnomes', the Bermuda Triangle's
    power), and the groups the Bermuda Triangle lost."""
    ends_turn = state.redistribute in (GNOMES_TURN, BERMUDA_TURN)
    lost = _commit_layout(state, seat) if state.draft else []
    state.phase = state.resume if not ends_turn else ACTION
    state.redistribute = state.resume = ""
    state.shifts = 0
    return ends_turn, lost


def _commit_layout(state: IlluminatiState, seat: int) -> list[str]:
    """Every group not laid again goes back under its old master, on its old arrow or else the
    first free one that takes it, masters first; one that fits nowhere is lost with its
    puppets. The structure then takes the new layout."""
    structure, draft = state.structures[seat], state.draft[0]
    lost: list[str] = []
    for card in structure.cards()[1:]:
        if card in draft:
            continue
        old = structure.placement(card)
        assert old is not None
        fits = draft.placements(old.master, card) if old.master in draft else []
        fit = next((p for p in fits if p.arrow == old.arrow), fits[0] if fits else None)
        if fit is None:
            lost.append(card)
        else:
            draft.attach(fit, card)
    structure.relayout(draft.to_json(), lost)
    state.draft = []
    return lost
