"""Exact Corruption positions written out by contract id, so no test depends on a deal.

A position is built the public way: start a real game, take its JSON, put the contracts a test
names under the bodies it names (the rest back in the deck), set the round, the leading player
and the contracts already won, and read it back through ``from_json`` (which checks that every
contract is somewhere exactly once). Cards are then played with ``play``/``swiss`` by face
(``bribe-8000``, ``attorney``, ``reporter``, ``hitman``), exactly as a player would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from backroom.engine.events import Event
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BODIES, CHARACTERS, FACES, face_up_mask
from backroom.games.corruption.state import CorruptionState


def position(
    players: int,
    bodies: Sequence[Sequence[str]],
    *,
    leader: int = 0,
    round_number: int = 1,
    won: Mapping[int, Sequence[str]] | None = None,
    options: dict[str, Any] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> CorruptionState:
    """A position at the start of round ``round_number``'s Corruption phase (or Stud Libre's
    choice), ``bodies[b]`` the contract ids under body ``b`` (City Hall, County Seat, State
    Capitol), ``won[seat]`` the contract ids a seat already holds."""
    state, _ = GAME.start(players, {**(options or {}), "first_leader": leader}, 0)
    data = state.to_json()
    ids = [c[0] for c in data["contracts"]]
    placed = [ids.index(name) for names in bodies for name in names]
    owned = {seat: [ids.index(name) for name in names] for seat, names in (won or {}).items()}
    taken = set(placed) | {c for cs in owned.values() for c in cs}
    data["deck"] = [c for c in range(len(ids)) if c not in taken]
    data["table"] = placed
    data["body_of"] = [-1] * len(ids)
    for b, names in enumerate(bodies):
        for name in names:
            data["body_of"][ids.index(name)] = b
    data["won"] = [owned.get(seat, []) for seat in range(players)]
    data["round"] = round_number
    data["leader"] = leader
    if hands is not None:
        for seat, faces in hands.items():
            data["hands"][seat] = kinds_for(faces)
            data["spent"][seat] = [k for k in CHARACTERS if k not in data["hands"][seat]]
    if data["phase"] == "corruption":
        data["up_mask"] = face_up_mask(data["variant"], round_number)
    return CorruptionState.from_json(data)


def kinds_for(faces: Sequence[str]) -> list[int]:
    """Kind indices for a hand written by face (``reporter`` may appear twice)."""
    out: list[int] = []
    for face in faces:
        out.append(next(k for k in range(len(FACES)) if FACES[k] == face and k not in out))
    return sorted(out)


def contract(state: CorruptionState, cid: str) -> int:
    return [c.id for c in state.contracts].index(cid)


def card(state: CorruptionState, seat: int, face: str) -> int:
    """A kind of ``face`` still in ``seat``'s hand (reporters: the first left)."""
    return next(k for k in state.hands[seat] if FACES[k] == face)


def play(state: CorruptionState, seat: int, face: str, cid: str) -> list[Event]:
    return state.apply(seat, ("play", face, contract(state, cid)))


def swiss(state: CorruptionState, seat: int, face: str, body: str) -> list[Event]:
    return state.apply(seat, ("swiss", face, BODIES.index(body)))


def run(state: CorruptionState, moves: Sequence[tuple[int, str, str]]) -> list[Event]:
    """Play ``(seat, face, contract id or 'swiss:<body>')`` in order; the events of them all."""
    events: list[Event] = []
    for seat, face, where in moves:
        if where.startswith("swiss:"):
            events += swiss(state, seat, face, where.split(":", 1)[1])
        else:
            events += play(state, seat, face, where)
    return events


def plays_of(state: CorruptionState, seat: int, face: str, cid: str) -> int:
    """The play index of ``seat``'s ``face`` on contract ``cid`` this round."""
    c = contract(state, cid)
    return next(
        i
        for i in range(len(state.p_seat))
        if state.p_seat[i] == seat and FACES[state.p_kind[i]] == face and state.p_where[i] == c
    )
