"""Exact Illuminati positions written out by card face, so no test depends on a deal.

A position is built the public way: ``start()`` a real game, take its JSON, overwrite the
Illuminati, the structures, the treasuries, the uncontrolled area, the hands and the deck with
what a test names, and read it back through ``from_json`` (which lays every card again by the
structure rules and checks that each of the 106 cards is somewhere exactly once). It is
``active``'s turn, after income and draw, two actions left, nothing done yet; every seat has
played ``turns`` turns (1 by default: nobody can be eliminated yet); a seat laid with groups
holds them as after a check of eliminations (``stripped``, ruling 41).

``structures[seat]`` lists ``(card, master, arrow)``: the card hangs on its master's printed
``arrow`` side. ``dice(total)`` is a ``Chance`` whose next two dice make ``total``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from backroom.engine.chance import Chance
from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import CARD_OF, FACE, ILLUMINATI, NUM_CARDS, is_special
from backroom.games.illuminati.goals import HOLDING, NEVER_HELD
from backroom.games.illuminati.layout import new_structure
from backroom.games.illuminati.state import IlluminatiState

Laid = Sequence[tuple[str, str, str]]


def position(
    roots: Sequence[str],
    *,
    structures: Mapping[int, Laid] | None = None,
    money: Mapping[str, int] | None = None,
    uncontrolled: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    active: int = 0,
    turns: int = 1,
) -> IlluminatiState:
    """``deck`` lists the top of the deck from the top down; every card not named lies under
    it. Treasuries are 0 unless ``money`` names them."""
    players = len(roots)
    state, _ = GAME.start(players, {}, seed=1)
    data = state.to_json()
    placed: set[int] = set()
    owner = [-1] * NUM_CARDS
    laid = []
    for seat, root in enumerate(roots):
        structure = new_structure(CARD_OF[root])
        owner[CARD_OF[root]] = seat
        placed.add(CARD_OF[root])
        for card, master, arrow in (structures or {}).get(seat, ()):
            fit = next(p for p in structure.placements(master, card) if p.arrow == arrow)
            structure.attach(fit, card)
            owner[CARD_OF[card]] = seat
            placed.add(CARD_OF[card])
        laid.append(structure.to_json())
    cash = [0] * NUM_CARDS
    for face, mb in (money or {}).items():
        cash[CARD_OF[face]] = mb
    held = []
    for seat in range(players):
        hand = []
        for face in (hands or {}).get(seat, ()):
            card = next(c for c in range(NUM_CARDS) if FACE[c] == face and c not in placed)
            placed.add(card)
            hand.append(card)
        held.append(hand)
    area = [CARD_OF[f] for f in uncontrolled]
    placed.update(area)
    top = [CARD_OF[f] for f in deck]
    placed.update(top)
    rest = [c for c in range(NUM_CARDS) if c not in placed and c not in ILLUMINATI]
    data.update(
        illuminati=[CARD_OF[r] for r in roots],
        owner=owner,
        money=cash,
        issued=sum(cash),
        structures=laid,
        uncontrolled=area,
        hands=held,
        deck=rest + top[::-1],
        bottom=0,  # the cards are placed by hand: the table saw none go under the deck
        dead=[],
        discard=[],
        out=sorted(c for c in ILLUMINATI if owner[c] < 0),
        active=active,
        first=active,
        turns=[turns] * players,
        alive=[True] * players,
        destroyed=[0] * players,
        stripped=[HOLDING if (structures or {}).get(seat) else NEVER_HELD for seat in range(players)],
        phase="action",
        actions_left=2,
        transfers_left=2,
        acted=False,
        used=[0] * NUM_CARDS,
        cancelled=[],
        privileged_used=False,
    )
    state = IlluminatiState.from_json(data)
    assert all(not is_special(c) for c in state.uncontrolled)
    return state


def dice(total: int) -> Chance:
    """A chance whose next roll of two dice adds up to ``total``."""
    seed = 0
    while sum(Chance(seed).roll(2)[0]) != total:
        seed += 1
    return Chance(seed)


def declare(
    state: IlluminatiState,
    mode: str,
    target: str,
    attacker: str,
    helpers: Sequence[str] = (),
    how: str = "open",
) -> None:
    """The active player announces an attack, its attacking and aiding groups and whether it is
    privileged; the spending round is then open."""
    seat = state.active
    state.apply(seat, ("attack", mode, target))
    state.apply(seat, ("attacker", attacker))
    for helper in helpers:
        state.apply(seat, ("aid", helper))
    state.apply(seat, ("announce", how))
    let_through(state)


def let_through(state: IlluminatiState) -> list:
    """Every seat asked whether it cancels the special just played (ruling 32) passes; the
    events."""
    events = []
    while state.phase == "counter":
        events += state.apply(state.actors()[0], ("pass",))
    return events


def play_special(state: IlluminatiState, seat: int, action: tuple) -> list:
    """``seat`` plays a special and nobody cancels it; the events."""
    return state.apply(seat, action) + let_through(state)


def all_pass(state: IlluminatiState) -> list:
    """Every seat asked passes until the dice are rolled; the events."""
    events = []
    while state.phase == "spend":
        events += state.apply(state.actors()[0], ("pass",))
    return events
