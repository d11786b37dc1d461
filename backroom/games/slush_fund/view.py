"""What each seat sees of a Slush Fund position, and the labels of its actions.

The view (``view(seat)``), JSON-ready, for the terminal and the browser::

    {
      "game": "slush-fund", "seat": 0 | null (spectator), "players": 2..4,
      "layout": "row" (2 players: politicians 1-5 in a row)
              | "square" (3-4: the President in the centre, the others at the corners),
      "corners": {"top_left": "vice_president", ...}   # square layout only
      "phase": "choose" | "take" | "stash" | "play" | "spy_look" | "over",
      "active": seat whose turn it is, "actors": [seats that may act now],
      "turn": turns completed,
      "politicians": [{"id": "president", "rank": 1, "scandals": 0..5, "removed": false}, ...],
      "piles": [                      # piles[seat][politician], every seat, every politician
        [{"cards": ["money-20", null, "vp"],  # bottom -> top; null = a card this viewer
                                              # cannot see; the top card is always shown
          "count": 3,
          "money": 50000 | null,       # the total, when the viewer sees the whole pile
          "vp": 1 | null}, ...],       # VP cards in it, same condition
        ...],
      "fund": ["money-10", "scandal", ...],   # the slush fund (stashed and discarded
                                              # cards), public, oldest first
      "held": ["thief", "money-30"],  # this turn's cards still to play (or to stash), public
      "time": 0..10, "time_to_end": 10,
      "deck": cards left in the draw deck,
      "out": [faces],                 # used power cards, out of the game
      "spy_moved": bool,              # in "spy_look": whether this Spy moved a Scandal
      "deck_composition": [{"face": "money-10", "count": 14}, ...],
      "deck_source": "built-in" | path of the table's deck file,
      "outcome": {...}                # only when the game is over (``Outcome.to_json``)
    }

Faces: ``money-10`` ... ``money-100`` ($10K steps), ``vp``, ``scandal``, ``thief``, ``spy``,
``transfer``, ``time``; politician ids: ``president``, ``vice_president``, ``speaker``,
``senator``, ``representative``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from backroom.engine.actions import Action
from backroom.engine.events import Msg
from backroom.games.slush_fund.cards import CORNERS, GAME_ID, OVER, POLITICIANS, POLS, TIME_TO_END, VP

if TYPE_CHECKING:
    from backroom.games.slush_fund.state import SlushFundState


def view(state: SlushFundState, seat: int | None, recall: bool) -> dict[str, Any]:
    faces = state.deck_def.faces
    kinds = state.deck_def.kinds
    values = state.deck_def.values
    over = state.phase == OVER
    mask = state.known[seat] if (seat is not None and recall) else 0
    piles = []
    for s in range(state.n):
        row = []
        for p in range(POLS):
            pile = state.piles[s][p]
            whole = s == seat or (over and not state.removed[p])
            last = len(pile) - 1
            cards = [faces[c] if whole or i == last or (mask >> c) & 1 else None for i, c in enumerate(pile)]
            seen_all = all(f is not None for f in cards)
            row.append(
                {
                    "cards": cards,
                    "count": len(pile),
                    "money": sum(values[c] for c in pile) if seen_all else None,
                    "vp": sum(1 for c in pile if kinds[c] == VP) if seen_all else None,
                }
            )
        piles.append(row)
    data: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "players": state.n,
        "layout": "row" if state.n == 2 else "square",
        "phase": state.phase,
        "active": state.active,
        "actors": list(state.actors()),
        "turn": state.turns,
        "politicians": [
            {
                "id": POLITICIANS[p],
                "rank": p + 1,
                "scandals": len(state.scandals[p]),
                "removed": state.removed[p],
            }
            for p in range(POLS)
        ],
        "piles": piles,
        "fund": [faces[c] for c in state.fund],
        "held": [faces[c] for c in state.held],
        "time": len(state.time),
        "time_to_end": TIME_TO_END,
        "deck": len(state.deck),
        "out": [faces[c] for c in state.out],
        "spy_moved": state.spy_moved,
        "deck_composition": state.deck_def.composition(),
        "deck_source": state.deck_def.source,
    }
    if state.n > 2:
        data["corners"] = dict(CORNERS)
    if over:
        outcome = state.outcome()
        assert outcome is not None
        data["outcome"] = outcome.to_json()
    return data


def label(action: Action) -> Msg:
    kind = action[0]
    params: dict[str, Any] = {}
    if kind in ("take", "stash", "discard"):
        params = {"card": action[1]}
    elif kind == "bribe":
        params = {"card": action[1], "politician": _pol_msg(action[2])}
    elif kind == "scandal":
        params = {"politician": _pol_msg(action[1])}
    elif kind in ("thief", "look"):
        params = {"target_seat": action[1], "politician": _pol_msg(action[2])}
    elif kind == "spy_move":
        params = {"from_politician": _pol_msg(action[1]), "to_politician": _pol_msg(action[2])}
    elif kind in ("transfer", "transfer_copy"):
        params = {
            "card": action[2],
            "from_politician": _pol_msg(action[1]),
            "to_politician": _pol_msg(action[-1]),
        }
        if kind == "transfer_copy":
            params["copy"] = action[3]
    return Msg(f"{GAME_ID}.action.{kind}", params)


def _pol_msg(p: int) -> Msg:
    return Msg(f"{GAME_ID}.politician.{POLITICIANS[p]}")
