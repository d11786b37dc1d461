"""Exact Slush Fund positions written out by card face, so no test depends on a deal.

A position is built the public way: ``deal()`` a real game, take its JSON, overwrite the piles,
the deck, the slush fund and the phase with the cards a test names, and read it back through
``from_json`` (which checks that each of the 90 cards is somewhere exactly once). Faces:
``money-10`` … ``money-50``, ``vp``, ``scandal``, ``thief``, ``spy``, ``transfer``, ``time``.
Politicians by index: 0 President, 1 Vice-President, 2 Speaker, 3 Senator, 4 Representative.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from backroom.engine.events import Event
from backroom.games.slush_fund.cards import BUILT_IN, POLITICIANS, Deck
from backroom.games.slush_fund.state import SlushFundState

PRESIDENT, VICE_PRESIDENT, SPEAKER, SENATOR, REPRESENTATIVE = range(len(POLITICIANS))


def position(
    piles: Mapping[tuple[int, int], Sequence[str]] | None = None,
    *,
    players: int = 2,
    deck: Sequence[str] = (),
    fund: Sequence[str] = (),
    held: Sequence[str] = (),
    scandals: Mapping[int, int] | None = None,
    time: int = 0,
    phase: str = "choose",
    active: int = 0,
    known: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    leftover: str = "deck",
    deck_def: Deck = BUILT_IN,
    seed: int = 1,
    turn_limit: int = 200,
) -> SlushFundState:
    """A position with the named cards where a test puts them.

    ``piles`` maps (seat, politician) to that bribery pile from its bottom up (the last is the
    visible top). ``deck`` lists the draw deck from its top down. ``scandals`` maps a politician
    to how many Scandals lie on it (five mark it removed). Every card the test does not name is
    ``leftover``: under the deck (``"deck"``) or out of the game (``"out"``). ``known``
    lists, per seat, the piles that seat has seen whole (a Spy's look).
    """
    pool: dict[str, list[int]] = {}
    for card, face in enumerate(deck_def.faces):
        pool.setdefault(face, []).append(card)

    def take(face: str) -> int:
        if not pool.get(face):
            raise ValueError(f"no {face} card left to place")
        return pool[face].pop(0)

    rows = [[[] for _ in POLITICIANS] for _ in range(players)]
    for (seat, pol), faces in (piles or {}).items():
        rows[seat][pol] = [take(f) for f in faces]
    scandal_cards = [
        [take("scandal") for _ in range((scandals or {}).get(p, 0))] for p in range(len(POLITICIANS))
    ]
    time_cards = [take("time") for _ in range(time)]
    fund_cards = [take(f) for f in fund]
    held_cards = [take(f) for f in held]
    draw_pile = [take(f) for f in reversed(deck)]
    rest = sorted(card for cards in pool.values() for card in cards)
    out: list[int] = []
    if leftover == "deck":
        draw_pile = rest + draw_pile
    else:
        out = rest

    masks = [0] * players
    for seat, places in (known or {}).items():
        for target, pol in places:
            for card in rows[target][pol]:
                masks[seat] |= 1 << card

    start, _ = SlushFundState.deal(players, deck_def, seed, turn_limit)
    data = start.to_json()
    data.update(
        piles=rows,
        scandals=scandal_cards,
        removed=[len(s) >= 5 for s in scandal_cards],
        time=time_cards,
        fund=fund_cards,
        held=held_cards,
        deck=draw_pile,
        out=out,
        known=[str(m) for m in masks],
        phase=phase,
        active=active,
    )
    return SlushFundState.from_json(data)


def pile(state: SlushFundState, seat: int, pol: int) -> list[str]:
    """The faces of one bribery pile, bottom up."""
    return [state.deck_def.faces[c] for c in state.piles[seat][pol]]


def faces_of(state: SlushFundState, cards: Sequence[int]) -> list[str]:
    return [state.deck_def.faces[c] for c in cards]


def final(
    piles: Mapping[tuple[int, int], Sequence[str]],
    *,
    players: int = 2,
    scandals: Mapping[int, int] | None = None,
) -> tuple[SlushFundState, list[Event]]:
    """The position, ended the rulebook's way: nine Time cards are out and the active player
    reveals the tenth. Returns the finished state and the events of the end."""
    state = position(piles, players=players, scandals=scandals, time=9, deck=["time"])
    return state, state.apply(0, ("draw",))
