"""A seat's Corruption observation as a fixed-size vector (``backroom.engine.observation``).

It holds what ``view(seat, recall=True)`` shows, written straight from the state: the 24
contracts (value, where they lie, who won them, the last award's result), this round's plays
(whose, the card when this seat may know it, where, face up, what it counts on, its fate, a
look of this seat's), the seat's hand, hand sizes, spent characters, Little Black Book cards,
and the award decision awaited. Seats are absolute, like the seats in actions. Kinds are the 9
faces of a player's set (``cards.KINDS``: six bribes, attorney, reporter, hitman); contract
values are divided by the table's highest. Award totals are left out: every number in them is
derived from the revealed plays.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING, Any

from backroom.engine.observation import Layout
from backroom.games.corruption import award
from backroom.games.corruption.cards import (
    AWARD,
    BLACK_BOOK_CARDS,
    BODIES,
    CORRUPTION,
    DECK_SIZE,
    FACES,
    KINDS,
    PHASES,
    PLAYS_PER_ROUND,
    ROUNDS,
    SET_SIZE,
    VARIANTS,
    Contract,
)

if TYPE_CHECKING:
    from backroom.games.corruption.state import CorruptionState

KIND_OF = tuple(KINDS.index(f) for f in FACES)
"""The face (0-8) of every card of a set (two reporters share one)."""
COPIES = tuple(FACES.count(k) for k in KINDS)
SHARE = tuple(1.0 / COPIES[kind] for kind in KIND_OF)
"""What one card adds to its face's count: ``1 / copies`` (no dictionary to count in)."""
RESULTS = (award.WON, award.TIED, award.UNBID, award.CANCELLED)
B = len(BODIES)
K = len(KINDS)


def _contract_size(n: int) -> int:
    return 1 + B + 1 + n + 1 + len(RESULTS) + n


def _play_size(n: int) -> int:
    return 1 + n + K + 1 + DECK_SIZE + B + 1 + DECK_SIZE + len(award.GONE_NAMES) + 1


@cache
def _layout(players: int) -> Layout:
    n = players
    plays = PLAYS_PER_ROUND * n
    return Layout(
        [
            ("seat", n, "the observing seat, one-hot"),
            ("phase", len(PHASES), "positions, corruption, award, over"),
            ("round", ROUNDS, "the round, one-hot"),
            ("variant", len(VARIANTS), "standard, rio_abajo, stud_libre, cerrado"),
            ("black_book", 1, "the Little Black Book is in play"),
            ("leader", n, "the leading player"),
            ("mover", n, "whose card is next (corruption phase)"),
            ("actors", n, "the seats that may act now (several in a Black Book window)"),
            ("face_up", PLAYS_PER_ROUND, "which of each player's six cards are played face up"),
            ("deck", 1, "contracts left to deal / 24"),
            (
                "contracts",
                DECK_SIZE * _contract_size(n),
                "per contract of the table's list: value / highest value, under body (3, one-hot), "
                "cancelled, won by seat (n), last award present, result (won, tied, unbid, "
                "cancelled), the seat that won it then (n)",
            ),
            (
                "plays",
                plays * _play_size(n),
                "per play of this round, in order: present, seat (n), card face (9) or unknown, "
                "contract (24), Swiss account (3), face up, counts on contract (24), fate "
                "(in play, killed, removed, left), this seat looked at it",
            ),
            ("hand", K, "this seat's hand per face / copies in a set"),
            ("hand_sizes", n, "cards in each seat's hand / 10"),
            ("spent", n * K, "each seat's characters out of the game per face / copies"),
            ("black_book_left", n, "Little Black Book cards left per seat / 2"),
            ("award_step", len(award.STEPS), "none, swiss, hitmen, reporters"),
            ("award_play", plays, "the play whose owner must decide"),
        ]
    )


class CorruptionObservation:
    """The encoder the manifest declares."""

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        return _layout(players)

    def encode(self, state: CorruptionState, seat: int, out: Any) -> None:
        n = state.n
        at = _layout(n).at
        phase = state.phase
        out[at["seat"] + seat] = 1.0
        out[at["phase"] + PHASES.index(phase)] = 1.0
        out[at["round"] + min(state.round, ROUNDS) - 1] = 1.0
        out[at["variant"] + VARIANTS.index(state.variant)] = 1.0
        if state.black_book:
            out[at["black_book"]] = 1.0
        out[at["leader"] + state.leader] = 1.0
        if phase == CORRUPTION:
            out[at["mover"] + state.mover] = 1.0
        for s in state.actors():
            out[at["actors"] + s] = 1.0
        for position in range(PLAYS_PER_ROUND):
            if (state.up_mask >> position) & 1:
                out[at["face_up"] + position] = 1.0
        out[at["deck"]] = len(state.deck) / DECK_SIZE
        _contracts(state, at["contracts"], out)
        _plays(state, seat, at["plays"], out)
        _counts(out, at["hand"], state.hands[seat])
        sizes, left, spent = at["hand_sizes"], at["black_book_left"], at["spent"]
        for s in range(n):
            out[sizes + s] = len(state.hands[s]) / SET_SIZE
            out[left + s] = state.bb_left[s] / BLACK_BOOK_CARDS
            _counts(out, spent + s * K, state.spent[s])
        out[at["award_step"] + award.STEPS.index(state.step)] = 1.0
        if phase == AWARD and state.pending >= 0:
            out[at["award_play"] + state.pending] = 1.0


def _counts(out: Any, start: int, kinds: list[int]) -> None:
    """Cards per face / copies of the face in a set."""
    for k in kinds:
        out[start + KIND_OF[k]] += SHARE[k]


@cache
def _values(contracts: tuple[Contract, ...]) -> memoryview:
    """Each contract's value / the table's highest (a table's list never changes), as
    ``float32``: written into every contract's cell by one slice assignment."""
    top = max(c.value for c in contracts) or 1
    return memoryview(array("f", [c.value / top for c in contracts]))


def _contracts(state: CorruptionState, start: int, out: Any) -> None:
    n = state.n
    size = _contract_size(n)
    values = _values(state.contracts)
    out[start : start + len(values) * size : size] = values
    for c in state.table:
        out[start + c * size + 1 + state.body_of[c]] = 1.0
    for c in state.cancelled:
        out[start + c * size + 1 + B] = 1.0
    for s in range(n):
        for c in state.won[s]:
            out[start + c * size + 2 + B + s] = 1.0
    for c, result, winner, _total in state.results:
        cell = start + c * size + 2 + B + n
        out[cell] = 1.0
        out[cell + 1 + RESULTS.index(result)] = 1.0
        if winner >= 0:
            out[cell + 1 + len(RESULTS) + winner] = 1.0


def _plays(state: CorruptionState, seat: int, start: int, out: Any) -> None:
    n = state.n
    size = _play_size(n)
    revealed = state.phase == AWARD
    seen = state.seen[seat]
    # Offsets within a play's cell: its card, contract, face-up flag, counted-on contract,
    # fate and look blocks.
    kind = 1 + n
    place = kind + K + 1
    up = place + DECK_SIZE + B
    on = up + 1
    gone = on + DECK_SIZE
    look = gone + len(award.GONE_NAMES)
    plays = zip(state.p_seat, state.p_kind, state.p_where, state.p_up, state.p_on, state.p_gone, strict=True)
    for i, (owner, card, where, face_up, counts_on, fate) in enumerate(plays):
        cell = start + i * size
        out[cell] = 1.0
        out[cell + 1 + owner] = 1.0
        looked = (seen >> i) & 1
        if revealed or face_up or owner == seat or looked:
            out[cell + kind + KIND_OF[card]] = 1.0
        else:
            out[cell + kind + K] = 1.0
        out[cell + place + (where if where >= 0 else DECK_SIZE - 1 - where)] = 1.0
        if face_up:
            out[cell + up] = 1.0
        if counts_on >= 0:
            out[cell + on + counts_on] = 1.0
        out[cell + gone + fate] = 1.0
        if looked:
            out[cell + look] = 1.0


ENCODER = CorruptionObservation()
