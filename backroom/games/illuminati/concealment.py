"""The hidden Illuminati (rulebook, "Reglas avanzadas", "ILLUMINATI OCULTOS"; ruling 38).

With the option ``hidden_illuminati`` every Illuminati is dealt face down: until it is
identified, another seat sees it as ``illuminati`` in views and public events, and it plays
with the Power and income its player has claimed (public, only ever raised, at most the
printed number, or one more with the alternative rule "exaggerating"; one Power claimed for
attacking and aiding, so at most the lesser of Power and Transferable Power), never with its
ability. Using an ability turns the card up: the player ``reveal``s it, or the Bavarians'
privilege and the UFOs' second attack turn it up as they are used. ``accuse target_seat card``
costs an action: right, the target is identified; wrong, the table learns "not that card".
An eliminated player, and everyone once the game is over, shows its card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.games.illuminati.cards import (
    ACTION,
    CARD_OF,
    FACE,
    ILLUMINATI,
    INCOME,
    OVER,
    POWER,
    TRANSFER,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

HIDDEN_FACE = "illuminati"
"""How a face-down Illuminati is named to the other seats (``illuminati.card.illuminati``)."""
OFF, FACE_DOWN, EXAGGERATING = "off", "face_down", "exaggerating"
MODES = (OFF, FACE_DOWN, EXAGGERATING)
"""The option's values: the rule off, the rule, the rule with its alternative."""
POWER_FLOOR = min(POWER[c] for c in ILLUMINATI)
INCOME_FLOOR = min(INCOME[c] for c in ILLUMINATI)
"""What a face-down card uses until its player claims more: the least any Illuminati has, so
the first numbers the table sees tell it nothing."""
CLAIMS = ("power", "income")
KINDS = frozenset({"accuse", "claim", "reveal"})
OPEN_EVENTS = frozenset({"accused_right", "accused_wrong", "identified"})
"""Public events that name an Illuminati on purpose: they are never masked."""


def conceals(state: IlluminatiState, seat: int) -> bool:
    """Whether the seat's Illuminati is face down now."""
    if state.hidden_mode == OFF or state.phase == OVER:
        return False
    return state.alive[seat] and not state.identified[seat]


def hidden_root(state: IlluminatiState, card: int) -> bool:
    """Whether ``card`` is an Illuminati in play face down."""
    owner = state.owner[card] if card < len(ILLUMINATI) else -1
    return owner >= 0 and state.illuminati[owner] == card and conceals(state, owner)


def bound(state: IlluminatiState, card: int, claim: str) -> int:
    """The most the Illuminati ``card`` may claim: printed, one more when exaggerating.

    The Power claimed is one number, used to attack and to aid (ruling 38), so it never passes
    the lesser of the card's Power and Transferable Power: for every Illuminati the two are
    equal but for the UFOs with secret goals, Power 7 and Transferable Power 6 (ruling 34),
    who claim at most 6 (7 exaggerating) and reach their Power 7 by turning the card up. The
    resample (``fits``) rules cards out by the same bound."""
    printed = min(state.power(card), TRANSFER[card]) if claim == "power" else INCOME[card]
    return printed + (1 if state.hidden_mode == EXAGGERATING else 0)


def power_used(state: IlluminatiState, card: int) -> int:
    """The Power ``card`` attacks with: the claimed one while it is face down."""
    return state.shown_power[state.owner[card]] if hidden_root(state, card) else state.power(card)


def transfer_used(state: IlluminatiState, card: int) -> int:
    """The Power ``card`` aids with: the claimed one while it is face down (never more than its
    Transferable Power, +1 exaggerating: ``bound``)."""
    return state.shown_power[state.owner[card]] if hidden_root(state, card) else TRANSFER[card]


def income_taken(state: IlluminatiState, seat: int) -> int:
    """The printed income of the seat's Illuminati, or the claimed one while face down."""
    root = state.illuminati[seat]
    return state.shown_income[seat] if conceals(state, seat) else INCOME[root]


def has_ability(state: IlluminatiState, seat: int) -> bool:
    """Abilities that act by themselves (the Network's draw, the Gnomes' and the Bermuda
    Triangle's end of turn, the bonuses, the Discordians' immunity) need the card face up."""
    return not conceals(state, seat)


def masked(state: IlluminatiState, viewer: int | None) -> frozenset[str]:
    """The faces ``viewer`` may not see: the other seats' face-down Illuminati."""
    if state.hidden_mode == OFF:
        return frozenset()
    return frozenset(FACE[state.illuminati[s]] for s in range(state.n) if s != viewer and conceals(state, s))


def mask(faces: frozenset[str], value: object) -> object:
    if isinstance(value, str):
        return HIDDEN_FACE if value in faces else value
    if isinstance(value, list):
        return [mask(faces, v) for v in value]
    return value


def mask_events(state: IlluminatiState, events: list[Event] | None, start: int) -> None:
    """Name every face-down Illuminati ``illuminati`` in the public events from ``start`` on
    (its owner knows it from its view); private events name only their reader's cards."""
    faces = masked(state, None)
    if events is None or not faces:
        return
    for i in range(start, len(events)):
        event = events[i]
        if event.to is None and event.kind not in OPEN_EVENTS:
            events[i] = Event(event.kind, {k: mask(faces, v) for k, v in event.params.items()})


def identify(state: IlluminatiState, seat: int, events: list[Event] | None) -> None:
    """The card is turned face up for good; it plays with its printed numbers and ability."""
    state.identified[seat] = True
    if events is not None:
        events.append(Event("identified", {"seat": seat, "card": FACE[state.illuminati[seat]]}))


def uses_ability(state: IlluminatiState, seat: int, action: tuple) -> bool:
    """The explicit abilities, which identify the card as they are used: the Bavarians'
    privilege, the UFOs' second attack or aid."""
    if action == ("announce", "bavarian"):
        return True
    root = state.illuminati[seat]
    return action[0] in ("attacker", "aid") and CARD_OF[action[1]] == root and state.used[root] > 0


def before(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    if conceals(state, seat) and uses_ability(state, seat, action):
        identify(state, seat, events)


def actions(state: IlluminatiState, seat: int) -> list[tuple]:
    """In the action phase: claims (free, only upwards), turning one's card up (free) and
    accusations (an action each) against face-down Illuminati, never naming one's own card,
    one turned up or one the table already ruled out for that seat."""
    if state.phase != ACTION or state.hidden_mode == OFF:
        return []
    out: list[tuple] = []
    root = state.illuminati[seat]
    if conceals(state, seat):
        for claim, shown in zip(CLAIMS, (state.shown_power[seat], state.shown_income[seat]), strict=True):
            out += [("claim", claim, n) for n in range(shown + 1, bound(state, root, claim) + 1)]
        out.append(("reveal",))
    if state.actions_left <= 0:
        return out
    open_cards = {state.illuminati[s] for s in range(state.n) if not conceals(state, s)}
    for target in range(state.n):
        if target == seat or not conceals(state, target):
            continue
        for card in ILLUMINATI:
            if card != root and card not in open_cards and not (state.ruled_out[target] >> card) & 1:
                out.append(("accuse", target, FACE[card]))
    return out


def play(state: IlluminatiState, seat: int, action: tuple, events: list[Event] | None) -> None:
    kind = action[0]
    if kind == "reveal":
        identify(state, seat, events)
    elif kind == "claim":
        _claim(state, seat, action[1], action[2], events)
    else:
        _accuse(state, seat, action[1], action[2], events)


def _claim(state: IlluminatiState, seat: int, claim: str, amount: int, events: list[Event] | None) -> None:
    """Claims are public and only rise: what the table has seen used it cannot unsee."""
    if claim == "power":
        state.shown_power[seat] = amount
    else:
        state.shown_income[seat] = amount
    if events is not None:
        events.append(Event(f"claimed_{claim}", {"seat": seat, "amount": amount}))


def _accuse(state: IlluminatiState, seat: int, target: int, face: str, events: list[Event] | None) -> None:
    """ "Esto cuenta como una de sus dos acciones, pero no cuenta como acción específica para
    ninguno de sus grupos. Una acusación incorrecta no hace nada" (but it was said aloud)."""
    state.actions_left -= 1
    state.acted = True
    right = state.illuminati[target] == CARD_OF[face]
    if right:
        state.identified[target] = True
    else:
        state.ruled_out[target] |= 1 << CARD_OF[face]
    if events is not None:
        kind = "accused_right" if right else "accused_wrong"
        events.append(Event(kind, {"seat": seat, "target_seat": target, "card": face}))


def fits(state: IlluminatiState, seat: int, card: int) -> bool:
    """Whether ``card`` agrees with what the table knows of the seat: not ruled out by an
    accusation, and bounds (``bound``: printed numbers, +1 exaggerating) at least those claimed."""
    return (
        not (state.ruled_out[seat] >> card) & 1
        and bound(state, card, "power") >= state.shown_power[seat]
        and bound(state, card, "income") >= state.shown_income[seat]
    )
