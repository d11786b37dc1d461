"""A Slush Fund position and its rules (rulebook: ``shared/seeds/001_1ea7ea3beec3d275.txt``).

Cards are ints, indices into the state's ``Deck`` (``deck_def.faces[i]``). Piles are lists with
their top at the end: the draw deck, the slush fund, each player's bribery pile at each
politician (``piles[seat][politician]``) and the Scandals on each politician. Politician ``0``
is the President; the index is the tie-break rank. A removed politician keeps its cards where
they lay (out of the game, never counted again), so what each seat saw stays where it saw it.

Hidden information. Every card is played face up, but a bribery pile shows only its top card;
Backroom models a covered bribe as hidden from opponents (not remembered), which is what the
rules intend (no one may look at another's piles; the Spy exists to do so). ``known[seat]`` is a
bit mask of the covered cards ``seat`` has seen in others' piles (a Spy's look, a pile shown
when a Thief found no money); a card that moves is forgotten by everyone, since it moves to a
top where all see it. The deck is hidden; the slush fund (discards included, ruling 5), the
cards in play this turn, the used power cards, the Time cards and the Scandals are public.

This module moves the cards; what is legal and why not lives in ``legality.py``, the end's
scores in ``scoring.py``, the view and labels in ``view.py``, resampling in ``hidden.py``.
"""

from __future__ import annotations

import random
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.schema import Bool, Bools, Cached, Frozen, Int, Ints, Masks, Schema, Str
from backroom.games.slush_fund import hidden, legality, scoring, view
from backroom.games.slush_fund.cards import (
    BUILT_IN,
    CARDS_TO_TAKE,
    CHOOSE,
    GAME_ID,
    MONEY,
    OVER,
    PHASES,
    PLAY,
    POLS,
    SCANDALS_TO_REMOVE,
    SPY_LOOK,
    STASH,
    TAKE,
    TIME,
    TIME_TO_END,
    Deck,
    deck_from_json,
    politician_param,
)


class SlushFundState(State):
    GAME_ID = GAME_ID
    STATIC_LABELS = True
    SCHEMA = Schema(
        n=Int(json="players"),
        deck_def=Frozen(BUILT_IN, encode=lambda d: d.to_json(), decode=deck_from_json),
        deck=Ints(),
        fund=Ints(),
        held=Ints(),
        time=Ints(),
        out=Ints(),
        scandals=Ints(depth=2),
        removed=Bools(),
        piles=Ints(depth=3),
        known=Masks(),
        phase=Str(CHOOSE),
        active=Int(),
        spy_moved=Bool(),
        turns=Int(),
        turn_limit=Int(200),
        end_reason=Str(),
        _outcome=Cached(),
        _legal=Cached(shared=False),
    )
    __slots__ = SCHEMA.slots

    n: int
    deck_def: Deck
    deck: list[int]
    fund: list[int]
    held: list[int]
    time: list[int]
    out: list[int]
    scandals: list[list[int]]
    removed: list[bool]
    piles: list[list[list[int]]]
    known: list[int]
    phase: str
    active: int
    spy_moved: bool
    turns: int
    turn_limit: int
    end_reason: str
    _outcome: Outcome | None
    _legal: list[Action] | None
    """The active seat's legal actions, kept until the next action (asked twice a move)."""

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, deck_def: Deck, seed: int, turn_limit: int) -> tuple[Self, list[Event]]:
        """Setup: lay out the five politicians (a row for two, a square around the President
        for three or four), shuffle the 90 game cards; the first seat starts. The shuffle is
        the game's only chance, so the state keeps no generator: clones stay cheap."""
        state = cls()
        state.n = players
        state.turn_limit = turn_limit
        state.scandals = [[] for _ in range(POLS)]
        state.removed = [False] * POLS
        state.deck_def = deck_def
        state.deck = list(range(len(deck_def)))
        random.Random(seed).shuffle(state.deck)
        state.piles = [[[] for _ in range(POLS)] for _ in range(players)]
        state.known = [0] * players
        layout = "row" if players == 2 else "square"
        return state, [Event("setup", {"players": players, "layout": layout}), Event("turn", {"seat": 0})]

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.active or self.phase == OVER:
            return []
        if self._legal is None:
            self._legal = legality.legal_actions(self, seat)
        return self._legal

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._legal = None
        kind = action[0]
        if kind == "draw":
            self._reveal(seat, events)
        elif kind == "take":
            self._take(seat, action[1], events)
        elif kind == "stash":
            card = _pop_face(self.held, action[1], self.deck_def.faces)
            self.fund.append(card)
            self.phase = PLAY
            if events is not None:
                events.append(Event("stash", {"seat": seat, "card": action[1]}))
        elif kind == "look":
            self._look(seat, action[1], action[2], events)
            self._after_play(events)
        elif kind == "no_look":
            self._after_play(events)
        else:
            self._use(seat, action, events)

    # -------------------------------------------------------------- choosing

    def _reveal(self, seat: int, events: list[Event] | None) -> None:
        """Option (a): reveal three cards; a Time card is set aside at once and replaced, and
        the tenth ends the game on the spot (the active player does not finish the turn)."""
        faces = self.deck_def.faces
        kinds = self.deck_def.kinds
        while len(self.held) < CARDS_TO_TAKE:
            if not self.deck:
                self._finish("deck_exhausted", events)
                return
            card = self.deck.pop()
            if kinds[card] == TIME:
                self.time.append(card)
                if events is not None:
                    events.append(
                        Event("time", {"card": faces[card], "count": len(self.time), "limit": TIME_TO_END})
                    )
                if len(self.time) >= TIME_TO_END:
                    self._finish("time", events)
                    return
                continue
            self.held.append(card)
            if events is not None:
                events.append(Event("reveal", {"seat": seat, "card": faces[card]}))
        self.phase = STASH

    def _take(self, seat: int, face: str, events: list[Event] | None) -> None:
        """Option (b): any three cards of the slush fund, one pick at a time."""
        self.held.append(_pop_face(self.fund, face, self.deck_def.faces))
        if events is not None:
            events.append(Event("take", {"seat": seat, "card": face}))
        self.phase = PLAY if len(self.held) == CARDS_TO_TAKE else TAKE

    # -------------------------------------------------------------- playing

    def _use(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """One held card played: used for its power, or discarded into the slush fund."""
        kind = action[0]
        faces = self.deck_def.faces
        if kind == "bribe":
            face, p = action[1], action[2]
            card = _pop_face(self.held, face, faces)
            self.piles[seat][p].append(card)
            if events is not None:
                events.append(
                    Event("bribe", {"seat": seat, "card": face, "pol": p, "politician": politician_param(p)})
                )
        elif kind == "scandal":
            card = _pop_face(self.held, "scandal", faces)
            self._add_scandal(action[1], card, events, seat)
        elif kind == "thief":
            self.out.append(_pop_face(self.held, "thief", faces))
            self._steal(seat, action[1], action[2], events)
        elif kind == "spy_move":
            self.out.append(_pop_face(self.held, "spy", faces))
            a, b = action[1], action[2]
            card = self.scandals[a].pop()
            if events is not None:
                events.append(
                    Event(
                        "spy_move",
                        {
                            "seat": seat,
                            "from_pol": a,
                            "to_pol": b,
                            "from_politician": politician_param(a),
                            "to_politician": politician_param(b),
                        },
                    )
                )
            self._add_scandal(b, card, events, None)
            self.spy_moved = True
            if legality.look_targets(self, seat):
                self.phase = SPY_LOOK
                return
        elif kind == "spy":
            self.out.append(_pop_face(self.held, "spy", faces))
            if events is not None:
                events.append(Event("spy", {"seat": seat}))
            self.spy_moved = False
            self.phase = SPY_LOOK
            return
        elif kind in ("transfer", "transfer_copy"):
            self.out.append(_pop_face(self.held, "transfer", faces))
            a, face, b = action[1], action[2], action[-1]
            own = self.piles[seat]
            card = _pop_face(own[a], face, faces, action[3] if kind == "transfer_copy" else 1)
            own[b].append(card)
            self._forget(card)
            if events is not None:
                events.append(
                    Event(
                        "transfer",
                        {
                            "seat": seat,
                            "card": face,
                            "from_pol": a,
                            "to_pol": b,
                            "from_politician": politician_param(a),
                            "to_politician": politician_param(b),
                        },
                    )
                )
        else:  # discarded: into the slush fund (ruling 5), where anyone may take it later
            self.fund.append(_pop_face(self.held, action[1], faces))
            if events is not None:
                events.append(Event("discard", {"seat": seat, "card": action[1]}))
        self._after_play(events)

    def _add_scandal(self, p: int, card: int, events: list[Event] | None, seat: int | None) -> None:
        """A Scandal lies openly on a politician; the fifth removes it and every pile on it."""
        self.scandals[p].append(card)
        if seat is not None and events is not None:
            events.append(
                Event(
                    "scandal",
                    {
                        "seat": seat,
                        "pol": p,
                        "politician": politician_param(p),
                        "count": len(self.scandals[p]),
                    },
                )
            )
        if len(self.scandals[p]) >= SCANDALS_TO_REMOVE:
            self.removed[p] = True
            if events is not None:
                events.append(Event("politician_removed", {"pol": p, "politician": politician_param(p)}))

    def _steal(self, seat: int, target: int, p: int, events: list[Event] | None) -> None:
        """Ruling 1: the Thief takes the topmost money card of the pile (VP cards are skipped)
        onto the thief's own pile at the same politician. If the covered cards turn out to hold
        no money, the owner shows the pile to everyone and the Thief is spent for nothing."""
        pile = self.piles[target][p]
        kinds = self.deck_def.kinds
        for i in range(len(pile) - 1, -1, -1):
            if kinds[pile[i]] == MONEY:
                card = pile.pop(i)
                self.piles[seat][p].append(card)
                self._forget(card)
                if events is not None:
                    events.append(
                        Event(
                            "thief",
                            {
                                "seat": seat,
                                "target_seat": target,
                                "pol": p,
                                "politician": politician_param(p),
                                "card": self.deck_def.faces[card],
                            },
                        )
                    )
                return
        shown = 0
        for c in pile:
            shown |= 1 << c
        self.known = [k | shown for k in self.known]
        if events is not None:
            events.append(
                Event(
                    "thief_empty",
                    {
                        "seat": seat,
                        "target_seat": target,
                        "pol": p,
                        "politician": politician_param(p),
                        "cards": [self.deck_def.faces[c] for c in pile],
                    },
                )
            )

    def _look(self, seat: int, target: int, p: int, events: list[Event] | None) -> None:
        """The Spy's look is private: everyone sees whose pile, only the spy sees the cards."""
        pile = self.piles[target][p]
        for c in pile:
            self.known[seat] |= 1 << c
        params = {"seat": seat, "target_seat": target, "pol": p, "politician": politician_param(p)}
        if events is not None:
            events.append(Event("look", params))
            events.append(
                Event("spy_saw", {**params, "cards": [self.deck_def.faces[c] for c in pile]}, (seat,))
            )

    def _forget(self, card: int) -> None:
        bit = ~(1 << card)
        self.known = [k & bit for k in self.known]

    def _after_play(self, events: list[Event] | None) -> None:
        self.phase = PLAY
        self.spy_moved = False
        if not self.held:
            self._end_turn(events)

    def _end_turn(self, events: list[Event] | None) -> None:
        """Ruling (data file, unknown 5): a deck that runs out ends the game. Ruling 15: so does
        the table's turn limit."""
        self.turns += 1
        if not self.deck:
            self._finish("deck_exhausted", events)
            return
        if self.turns >= self.turn_limit:
            self._finish("turn_limit", events)
            return
        self.active = (self.active + 1) % self.n
        self.phase = CHOOSE
        if events is not None:
            events.append(Event("turn", {"seat": self.active}))

    # --------------------------------------------------------------- the end

    def _finish(self, reason: str, events: list[Event] | None) -> None:
        """The game is over: bribes are revealed and scored (``scoring.py``)."""
        self.phase = OVER
        self.end_reason = reason
        if events is not None:
            result = self.outcome()
            assert result is not None
            scoring.final_events(result, self.n, events)

    def politician_result(self, p: int) -> dict[str, Any]:
        return scoring.politician_result(self, p)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self._outcome is None:
            self._outcome = scoring.outcome(self)
        return self._outcome

    # ------------------------------------------- views, labels, refusals, checks

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        """What ``seat`` sees; the shape is documented in this module's docstring."""
        self.check_seat(seat, spectator=True)
        return view.view(self, seat, recall)

    def label(self, action: Action) -> Msg:
        return view.label(action)

    def why_illegal(self, seat: int, action: Action) -> str:
        return legality.why_illegal(self, seat, action)

    def check(self) -> None:
        if not 2 <= self.n <= 4 or len(self.piles) != self.n or len(self.known) != self.n:
            raise ValueError(f"a {GAME_ID} position has 2 to 4 players, each with piles and knowledge")
        if len(self.scandals) != POLS or len(self.removed) != POLS or any(len(r) != POLS for r in self.piles):
            raise ValueError(f"a {GAME_ID} position has {POLS} politicians")
        if sorted(self._all_cards()) != list(range(len(self.deck_def))):
            raise ValueError(f"a {GAME_ID} position must hold each of the {len(self.deck_def)} cards once")
        if self.phase not in PHASES or not 0 <= self.active < self.n:
            raise ValueError(f"unknown phase {self.phase!r} or active seat {self.active}")

    def _all_cards(self) -> list[int]:
        cards = self.deck + self.fund + self.held + self.time + self.out
        for s in self.scandals:
            cards += s
        for row in self.piles:
            for pile in row:
                cards += pile
        return cards

    def inventory(self) -> dict[str, int]:
        """All 90 cards, wherever they are, and the money they print: nothing is created or
        destroyed (a removed politician's cards stay counted where they lay)."""
        cards = self._all_cards()
        values = self.deck_def.values
        return {"cards": len(cards), "money": sum(values[c] for c in cards)}

    # ------------------------------------------------------ hidden information

    def resample(self, seat: int, rng: random.Random) -> Self:
        self.check_seat(seat)
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other


def _pop_face(cards: list[int], face: str, faces: tuple[str, ...], copy: int = 1) -> int:
    """Remove and return the ``copy``-th card of ``face`` from the top (the end of the list):
    the topmost one by default."""
    for i in range(len(cards) - 1, -1, -1):
        if faces[cards[i]] == face:
            copy -= 1
            if not copy:
                return cards.pop(i)
    raise AssertionError(face)
