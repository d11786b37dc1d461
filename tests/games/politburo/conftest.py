"""Exact Politburó positions written out by card face, so no test depends on a deal.

A position is built the public way: ``start()`` a real game, take its JSON, overwrite the
candidates, hands, assigned cards, deck and offices with what a test names, and read it back
through ``from_json`` (which checks that each of the 98 cards is somewhere exactly once).
Candidates are owned in blocks: seat 0 has 0, 1, 2; seat 1 has 3, 4, 5; and so on. The
position is on the turn of ``active``, after its draw (``acted`` false), no window open.
Faces: ``demagogia-2``..``-4``, ``difamacion-2``..``-4``, ``agresion-2``..``-4``,
``guardaespaldas``, ``vengativo``, ``favorito``, ``manipulador`` and the specials by id.
Offices by index: 0 Industria, 1 Interior, 2 Propaganda, 3 NKVD, 4 Secretario General.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from backroom.games.politburo import GAME
from backroom.games.politburo.cards import FACE, HOSPITAL, NC, PER_PLAYER
from backroom.games.politburo.state import PolitburoState

INDUSTRIA, INTERIOR, PROPAGANDA, NKVD, SECRETARIO = range(5)


def position(
    *,
    players: int = 4,
    hands: Mapping[int, Sequence[str]] | None = None,
    assigned: Mapping[int, Sequence[str]] | None = None,
    loyalty: Mapping[int, int] | None = None,
    health: Mapping[int, int] | None = None,
    offices: Mapping[int, int] | None = None,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    active: int = 0,
    markers: Sequence[int] = (),
    out: Mapping[int, str] | None = None,
) -> PolitburoState:
    """A position on ``active``'s turn with the named cards where the test puts them.

    ``deck`` lists the top of the draw deck from the top down; every card not named lies
    under it. ``out`` maps a candidate to its fate (``"dead"`` or ``"siberia"``).
    """
    state, _ = GAME.start(players, {}, seed=1)
    data = state.to_json()
    pool: dict[str, list[int]] = {}
    for card, face in enumerate(FACE):
        pool.setdefault(face, []).append(card)

    def take(face: str) -> int:
        if not pool.get(face):
            raise ValueError(f"no {face} card left to place")
        return pool[face].pop(0)

    owner = [c // PER_PLAYER if c < PER_PLAYER * players else -1 for c in range(NC)]
    fates = {"in_play": 0, "dead": 1, "siberia": 2}
    data["owner"] = owner
    data["fate"] = [0 if o >= 0 else 3 for o in owner]
    for c, fate in (out or {}).items():
        data["fate"][c] = fates[fate]
    data["health"] = [(health or {}).get(c, 10) if o >= 0 else 0 for c, o in enumerate(owner)]
    data["loyalty"] = [(loyalty or {}).get(c, 5) if o >= 0 else 0 for c, o in enumerate(owner)]
    data["marker"] = [c in markers for c in range(NC)]
    data["hands"] = [[take(f) for f in (hands or {}).get(s, ())] for s in range(players)]
    data["assigned"] = [[take(f) for f in (assigned or {}).get(c, ())] for c in range(NC)]
    data["discard"] = [take(f) for f in discard]
    top = [take(f) for f in deck]
    rest = [c for cards in pool.values() for c in cards]
    data["deck"] = rest + top[::-1]
    data["office"] = [(offices or {}).get(o, -1) for o in range(5)]
    data.update(phase="turn", active=active, base=[], window=[], react="", step="", acted=False, round=1)
    return PolitburoState.from_json(data)


def hand(state: PolitburoState, seat: int) -> list[str]:
    return sorted(FACE[c] for c in state.hands[seat])


def hospitalize(state: PolitburoState, c: int) -> None:
    """Candidate ``c`` in hospital as its owner's Hospitalización on this turn would leave it:
    marked, until the turn of the seat on turn comes back."""
    card = next(x for x in state.deck if FACE[x] == "hospitalizacion")
    state.deck.remove(card)
    state.hospital[c] = card
    state.marker[c] = True
    state.effects.append([card, HOSPITAL, state.owner[c], state.active, c])
