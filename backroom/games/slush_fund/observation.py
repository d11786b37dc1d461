"""A seat's Slush Fund observation as a fixed-size vector (``backroom.engine.observation``).

It holds what ``view(seat, recall=True)`` shows, written straight from the state. Faces are
the distinct faces of the table's deck in data-file order (11 with the built-in deck: money-10
to money-50, vp, scandal, thief, spy, transfer, time), so a corrected deck file changes the
size; counts are divided by the number of copies of the face in the deck, pile sizes by the
deck's size. Piles are ``[seat][politician]`` with absolute seats, like the seats in actions.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from backroom.engine.observation import Layout
from backroom.games.slush_fund.cards import (
    BUILT_IN,
    OVER,
    PHASES,
    POLS,
    SCANDALS_TO_REMOVE,
    TIME_TO_END,
    Deck,
    load_deck_file,
)

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


class _Faces:
    """A deck's distinct faces, the face of every card id and what one card of each face counts."""

    __slots__ = ("names", "of", "share")

    def __init__(self, deck: Deck) -> None:
        self.names = tuple(dict.fromkeys(deck.faces))
        self.of = tuple(self.names.index(f) for f in deck.faces)
        self.share = tuple(1.0 / deck.faces.count(f) for f in self.names)
        """What one card of a face counts (1 / its copies)."""


@cache
def _faces(deck: Deck) -> _Faces:
    return _Faces(deck)


@cache
def _layout(players: int, deck: Deck) -> Layout:
    n = players
    f = len(_faces(deck).names)
    pile = 2 + 2 * f
    return Layout(
        [
            ("seat", n, "the observing seat, one-hot"),
            ("phase", len(PHASES), "choose, take, stash, play, spy_look, over"),
            ("active", n, "whose turn it is"),
            ("scandals", POLS, "Scandals on each politician / 5 (President first)"),
            ("removed", POLS, "the politician is out of the game"),
            (
                "piles",
                n * POLS * pile,
                "per seat, per politician: size / deck, cards this seat cannot see / deck, "
                "the top face one-hot, the faces this seat sees per face / copies",
            ),
            ("fund", f, "the slush fund per face / copies"),
            ("held", f, "this turn's cards still to play, per face / copies"),
            ("out", f, "used power cards per face / copies"),
            ("time", 1, "Time cards / 10"),
            ("deck", 1, "cards left in the draw deck / deck size"),
            ("spy_moved", 1, "this Spy moved a Scandal"),
            ("turn", 1, "turns played / turn limit"),
        ]
    )


class SlushFundObservation:
    """The encoder the manifest declares."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        path: str = options.get("deck_file", "")
        return _layout(players, load_deck_file(path) if path else BUILT_IN)

    def encode(self, state: SlushFundState, seat: int, out: Any) -> None:
        n = state.n
        deck = state.deck_def
        faces = _faces(deck)
        face_of = faces.of
        f = len(faces.names)
        size = len(deck)
        at = _layout(n, deck).at
        out[at["seat"] + seat] = 1.0
        out[at["phase"] + PHASES.index(state.phase)] = 1.0
        out[at["active"] + state.active] = 1.0
        over = state.phase == OVER
        for p in range(POLS):
            out[at["scandals"] + p] = min(len(state.scandals[p]) / SCANDALS_TO_REMOVE, 1.0)
            if state.removed[p]:
                out[at["removed"] + p] = 1.0
        mask = state.known[seat]
        cell = at["piles"]
        for s in range(n):
            for p in range(POLS):
                pile = state.piles[s][p]
                if pile:
                    top = face_of[pile[-1]]
                    out[cell] = len(pile) / size
                    out[cell + 2 + top] = 1.0
                    if s == seat or (over and not state.removed[p]):
                        _counts(out, cell + 2 + f, pile, faces)
                    elif mask:  # covered cards this seat saw (a Spy's look, a Thief's miss)
                        seen = [c for c in pile[:-1] if (mask >> c) & 1]
                        seen.append(pile[-1])
                        out[cell + 1] = (len(pile) - len(seen)) / size
                        _counts(out, cell + 2 + f, seen, faces)
                    else:  # the top card only, the common case: no loop over the pile
                        out[cell + 1] = (len(pile) - 1) / size
                        out[cell + 2 + f + top] = faces.share[top]
                cell += 2 + 2 * f
        _counts(out, at["fund"], state.fund, faces)
        _counts(out, at["held"], state.held, faces)
        _counts(out, at["out"], state.out, faces)
        out[at["time"]] = min(len(state.time) / TIME_TO_END, 1.0)
        out[at["deck"]] = len(state.deck) / size
        if state.spy_moved:
            out[at["spy_moved"]] = 1.0
        out[at["turn"]] = min(state.turns / max(state.turn_limit, 1), 1.0)


def _counts(out: Any, start: int, cards: list[int], faces: _Faces) -> None:
    """Cards per face / copies of the face in the deck: each card adds its share (no
    dictionary to count in)."""
    face_of, share = faces.of, faces.share
    for c in cards:
        face = face_of[c]
        out[start + face] += share[face]


ENCODER = SlushFundObservation()
