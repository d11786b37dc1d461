"""A Corruption position and the rules of its rounds (rulebook: ``shared/seeds/000_cc2ae405b88df7bc.txt``).

Layout of a position:

- ``contracts``: the 24 contract cards of this table (built-in or a table's corrected file),
  resolved at setup and carried here so a replay is exact. A contract is its index into it.
- ``deck``: contract indices still face down, top at the end. ``table``: contracts on the
  table in the order dealt; ``body_of[c]`` is the body (0 City Hall, 1 County Seat, 2 State
  Capitol) a contract sits under, ``-1`` when it is not on the table.
- ``hands[seat]``: the kind indices (``cards.FACES``) a seat may still play; ``spent[seat]``:
  its character cards out of the game.
- This round's plays, in the order played, as parallel lists: ``p_seat``, ``p_kind``,
  ``p_where`` (a contract index, or ``-1 - body`` for a Swiss account), ``p_up`` (played face
  up), ``p_on`` (the contract the card counts on: its contract, or the one a Swiss bribe was
  assigned to, ``-1`` before), ``p_gone`` (0 in play, else how it left: killed, removed by a
  reporter, a hitman without a target).
- Little Black Book: ``bb_left`` cards per seat, ``bb_used``, ``seen[seat]`` a bit mask over
  this round's play indices that the seat looked at, ``declined`` a bit mask of seats that
  passed since the last card was played (so every window closes).

Chance happens only at setup (the contract shuffle and, unless the table chose, the first
leading player), so a position carries no random generator: clones and JSON stay small.

Actions name what the player sees: a card by its face (``("play", "reporter", contract)``:
two reporters are one choice), a contract by its index in the table's contract list, a card
already played by its place in this round's plays (public: ``view["plays"][i]["index"]``).

Legality and refusal reasons live in ``legality.py``, the award steps in ``award.py``; the view
is built by ``view.build_view``, whose shape is documented there.
"""

from __future__ import annotations

import random
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.ranking import rank
from backroom.engine.schema import Bool, Bools, Cached, Frozen, Int, Ints, Schema, Str
from backroom.games.corruption import award, hidden, integrity, legality, view
from backroom.games.corruption.cards import (
    AWARD,
    BLACK_BOOK_CARDS,
    BODIES,
    BRIBES,
    CERRADO,
    CORRUPTION,
    DECK_SIZE,
    FACES,
    GAME_ID,
    IS_BRIBE,
    OVER,
    PER_BODY,
    PLAYS_PER_ROUND,
    POSITIONS,
    ROUNDS,
    SET_SIZE,
    STANDARD,
    STUD_LIBRE,
    Contract,
    contract_label,
    face_up_mask,
    load_contracts,
    mask_positions,
    swiss,
)


class CorruptionState(State):
    """A Corruption position. ``view(seat)`` returns this JSON (the browser's contract):

    - ``game`` ``"corruption"``; ``seat`` (``null`` for a spectator); ``players``; ``variant``
      (``standard``/``rio_abajo``/``stud_libre``/``cerrado``); ``black_book`` (bool).
    - ``round`` (1-4), ``rounds`` (4), ``phase`` (``positions``: Stud Libre's leader picks the
      face-up positions; ``corruption``: cards are played; ``award``: an owner decides;
      ``over``), ``leader``, ``mover`` (whose card is next, ``null`` outside ``corruption``),
      ``actors`` (seats that may act now; several in a Little Black Book window).
    - ``face_up_positions``: which of each player's six cards (1-6) are played face up this
      round (Swiss-account plays are always face down).
    - ``bodies``: ``["city", "county", "state"]`` (catalog ``corruption.body.<id>``).
    - ``contracts``: all 24 of this table, by index: ``{index, id, name, value, label, status}``;
      ``label`` is a message (``{"$": key, ...}``) to translate, ``status`` its data provenance.
    - ``deck``: contracts left to deal. ``table``: ``[{contract, body, cancelled}]`` in the
      order dealt, ``contract`` an index into ``contracts``.
    - ``plays``: this round's cards in the order played: ``{index, seat, position (1-6),
      card (face such as "bribe-8000"/"attorney"/"reporter"/"hitman", or "back"), contract
      (index or null), swiss (body id or null), face_up, counts_on (contract it counts for: its
      own, or a Swiss bribe's assignment; null before), value (dollars it counts, Swiss at half;
      null if unknown or a character), fate ("in_play"/"killed"/"removed"/"left"), looked (this
      seat used a Little Black Book on it), looked_by (seats that did)}``.
    - ``hands``: ``[{seat, cards (faces; only the viewer's own, else null), size, spent
      (character cards out of the game)}]``.
    - ``won``: ``[{seat, contracts, total}]``; ``black_book_left``: cards per seat.
    - ``award``: ``null`` or ``{step ("swiss"/"hitmen"/"reporters"), play, seat}`` (the
      decision awaited); ``totals``: during the award, ``{contract: [dollars per seat]}``.
    - ``results``: the last award, ``[{contract, result ("won"/"tied"/"unbid"/"cancelled"),
      seat, total}]``; ``outcome`` once the game is over.
    """

    GAME_ID = GAME_ID
    SCHEMA = Schema(
        n=Int(json="players"),
        variant=Str(STANDARD),
        black_book=Bool(),
        contracts=Frozen((), encode=lambda cs: [list(c) for c in cs], decode=lambda d: _contracts(d)),
        deck=Ints(),
        table=Ints(),
        body_of=Ints(),
        won=Ints(depth=2),
        hands=Ints(depth=2),
        spent=Ints(depth=2),
        round=Int(),
        leader=Int(),
        phase=Str(CORRUPTION),
        up_mask=Int(),
        turn=Int(),
        p_seat=Ints(),
        p_kind=Ints(),
        p_where=Ints(),
        p_up=Bools(),
        p_on=Ints(),
        p_gone=Ints(),
        bb_left=Ints(),
        bb_used=Ints(),
        seen=Ints(),
        declined=Int(),
        step=Str(award.NONE),
        pending=Int(-1),
        cancelled=Ints(),
        results=Frozen((), encode=lambda rs: [list(r) for r in rs], decode=lambda d: _results(d)),
        _outcome=Cached(),
        _moves=Cached(),
        _move_indices=Cached(),
        _choices=Cached(shared=False),
    )
    __slots__ = SCHEMA.slots

    n: int
    variant: str
    black_book: bool
    contracts: tuple[Contract, ...]
    deck: list[int]
    table: list[int]
    body_of: list[int]
    won: list[list[int]]
    hands: list[list[int]]
    spent: list[list[int]]
    round: int
    leader: int
    phase: str
    up_mask: int
    turn: int
    p_seat: list[int]
    p_kind: list[int]
    p_where: list[int]
    p_up: list[bool]
    p_on: list[int]
    p_gone: list[int]
    bb_left: list[int]
    bb_used: list[int]
    seen: list[int]
    declined: int
    step: str
    pending: int
    cancelled: list[int]
    results: tuple[tuple[int, str, int, int], ...]
    _outcome: Outcome | None
    _moves: list[list[Action]] | None
    _move_indices: list[list[int]] | None
    """``_moves`` numbered in the table's action space (``legality.legal_indices``)."""
    _choices: list[Action] | None
    """The pending owner's award choices, kept until the next action (asked twice a move)."""

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, options: dict[str, Any], seed: int) -> tuple[Self, list[Event]]:
        """Setup 1-4: a ten-card set each (six bribes in Cerrado), the three bodies, the 24
        contracts shuffled; the first leading player is drawn (ruling 8) unless the table chose."""
        state = cls()
        state.n = players
        state.variant = options["variant"]
        state.black_book = options["black_book"]
        state.contracts = load_contracts(options["contracts_file"])
        rng = random.Random(seed)
        state.deck = list(range(DECK_SIZE))
        rng.shuffle(state.deck)
        state.body_of = [-1] * DECK_SIZE
        first = options["first_leader"]
        state.leader = first if first >= 0 else rng.randrange(players)
        kinds = list(BRIBES) if state.variant == CERRADO else list(range(SET_SIZE))
        state.hands = [kinds[:] for _ in range(players)]
        state.spent = [[] for _ in range(players)]
        state.won = [[] for _ in range(players)]
        books = BLACK_BOOK_CARDS if state.black_book else 0
        state.bb_left = [books] * players
        state.bb_used = [0] * players
        state.seen = [0] * players
        events = [Event("setup", {"players": players, "contracts": DECK_SIZE, "cards": len(kinds)})]
        state._start_round(events)
        return state, events

    def _start_round(self, events: list[Event] | None) -> None:
        """Invitation to bid: six new contracts, two under each body; unwon ones stay."""
        self.round += 1
        if self.round > 1:
            self.leader = self.leading_player()
        if events is not None:
            events.append(Event("round", {"round": self.round, "leader_seat": self.leader}))
        for body in range(len(BODIES)):
            for _ in range(PER_BODY):
                c = self.deck.pop()
                self.table.append(c)
                self.body_of[c] = body
                if events is not None:
                    events.append(
                        Event("contract_dealt", {"contract": self.label_of(c), "body": body_msg(body)})
                    )
        self.turn = 0
        self.declined = 0
        self.seen = [0] * self.n
        self._moves = self._move_indices = None
        if self.variant == STUD_LIBRE:
            self.phase = POSITIONS
            self.up_mask = 0
        else:
            self.phase = CORRUPTION
            self.up_mask = face_up_mask(self.variant, self.round)
            if events is not None:
                events.append(Event("face_up_positions", {"positions": mask_positions(self.up_mask)}))

    def leading_player(self) -> int:
        """Highest total contract value; tie: more contracts; still tied (Backroom ruling):
        the first of them clockwise from the previous leading player, that player included."""
        best = max((self.total(s), len(self.won[s])) for s in range(self.n))
        for offset in range(self.n):
            seat = (self.leader + offset) % self.n
            if (self.total(seat), len(self.won[seat])) == best:
                return seat
        raise AssertionError("some seat holds the best total")

    def total(self, seat: int) -> int:
        return sum(self.contracts[c].value for c in self.won[seat])

    def label_of(self, contract: int) -> dict[str, Any]:
        return contract_label(self.contracts[contract])

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    @property
    def mover(self) -> int:
        """Whose card is next in the Corruption phase: clockwise from the leading player."""
        return (self.leader + self.turn) % self.n

    def actors(self) -> tuple[int, ...]:
        """In a Little Black Book window the other holders come first (clockwise from the
        mover), so sequential drivers offer them the look before the next card is played."""
        phase = self.phase
        if phase == CORRUPTION:
            mover = (self.leader + self.turn) % self.n
            if self.black_book and self.turn:
                return (*self.reactors(), mover)
            return (mover,)
        if phase == AWARD:
            return (self.p_seat[self.pending],)
        if phase == POSITIONS:
            return (self.leader,)
        return ()

    def reactors(self) -> list[int]:
        mover = self.mover
        out = []
        for offset in range(1, self.n):
            seat = (mover + offset) % self.n
            if self.bb_left[seat] and not (self.declined >> seat) & 1 and self.look_targets(seat):
                out.append(seat)
        return out

    look_targets = legality.look_targets

    # Bound straight from legality.py: no extra frame on the hot path of random play.
    legal_actions = legality.legal_actions

    legal_indices = legality.legal_indices

    random_action = legality.random_action

    is_legal = legality.is_legal

    why_illegal = legality.why_illegal

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._choices = None
        kind = action[0]
        if kind == "play":
            self._play(seat, legality.hand_kind(self, seat, action[1]), action[2], events)
        elif kind == "swiss":
            self._play(seat, legality.hand_kind(self, seat, action[1]), swiss(action[2]), events)
        elif kind == "look":
            self._look(seat, action[1], events)
        elif kind == "decline":
            self.declined |= 1 << seat
            if events is not None:
                events.append(Event("decline", {"seat": seat}, (seat,)))
        elif kind == "face_up":
            self.up_mask |= 1 << action[1]
            if events is not None:
                events.append(Event("face_up_chosen", {"seat": seat, "position": action[1] + 1}))
        elif kind == "positions_done":
            self.phase = CORRUPTION
            if events is not None:
                events.append(Event("face_up_positions", {"positions": mask_positions(self.up_mask)}))
        else:
            award.decide(self, action, events)
            self._after_award(events)

    # ------------------------------------------------------- the corruption

    def _play(self, seat: int, kind: int, where: int, events: list[Event] | None) -> None:
        """One card under a contract (upright) or in a Swiss account (sideways, always face
        down). The seat's (p+1)-th card this round is face up when bit p of ``up_mask`` is set."""
        position = self.turn // self.n
        up = where >= 0 and bool((self.up_mask >> position) & 1)
        self.hands[seat].remove(kind)
        index = len(self.p_seat)
        self.p_seat.append(seat)
        self.p_kind.append(kind)
        self.p_where.append(where)
        self.p_up.append(up)
        self.p_on.append(where)
        self.p_gone.append(0)
        if events is not None:
            self._played(seat, kind, where, up, position, index, events)
        self.turn += 1
        self.declined = 0
        if self.turn == PLAYS_PER_ROUND * self.n:
            self._reveal(events)

    def _played(
        self, seat: int, kind: int, where: int, up: bool, position: int, index: int, events: list[Event]
    ) -> None:
        """The events of a card played: what the table saw, and the face to its owner."""
        params: dict[str, Any] = {"seat": seat, "position": position + 1, "play": index}
        if where < 0:
            events.append(Event("play_swiss", {**params, "body": body_msg(-1 - where)}))
        elif up:
            events.append(
                Event("play_face_up", {**params, "card": FACES[kind], "contract": self.label_of(where)})
            )
        else:
            events.append(Event("play_face_down", {**params, "contract": self.label_of(where)}))
        if not up:
            events.append(Event("played_secretly", {"seat": seat, "card": FACES[kind]}, (seat,)))

    def _look(self, seat: int, index: int, events: list[Event] | None) -> None:
        """Pequeño Libro Negro: spend one card to see one face-down card on a contract."""
        self.bb_left[seat] -= 1
        self.bb_used[seat] += 1
        self.seen[seat] |= 1 << index
        if events is not None:
            where = self.p_where[index]
            owner = self.p_seat[index]
            public = {"seat": seat, "target_seat": owner, "contract": self.label_of(where), "play": index}
            events.append(Event("look", public))
            events.append(Event("looked", {**public, "card": FACES[self.p_kind[index]]}, (seat,)))

    def _reveal(self, events: list[Event] | None) -> None:
        """Every card on the table is turned up; the awards follow."""
        for i, seat in enumerate(self.p_seat):
            if not self.p_up[i] and events is not None:
                where = self.p_where[i]
                place = {"body": body_msg(-1 - where)} if where < 0 else {"contract": self.label_of(where)}
                events.append(
                    Event("reveal", {"seat": seat, "card": FACES[self.p_kind[i]], "play": i, **place})
                )
        self.phase = AWARD
        award.begin(self, events)
        self._after_award(events)

    def _after_award(self, events: list[Event] | None) -> None:
        if self.pending < 0:
            self._end_round(events)

    def _end_round(self, events: list[Event] | None) -> None:
        """Won contracts leave the table; characters leave the game; bribes come back."""
        for c, seat in award.score(self, events):
            self.table.remove(c)
            self.body_of[c] = -1
            self.won[seat].append(c)
        for i, seat in enumerate(self.p_seat):
            kind = self.p_kind[i]
            (self.hands[seat] if IS_BRIBE[kind] else self.spent[seat]).append(kind)
        for hand in self.hands:
            hand.sort()
        for spent in self.spent:
            spent.sort()
        self.p_seat, self.p_kind, self.p_where, self.p_up, self.p_on, self.p_gone = [], [], [], [], [], []
        self.cancelled = []
        self.step = award.NONE
        if events is not None:
            events.append(
                Event("round_end", {"round": self.round, "totals": [self.total(s) for s in range(self.n)]})
            )
        if self.round == ROUNDS:
            self.phase = OVER
            if events is not None:
                outcome = self.outcome()
                assert outcome is not None
                events.append(
                    Event("game_over", {"reason": outcome.reason, "winner_seat": list(outcome.winners)})
                )
        else:
            self._start_round(events)

    # --------------------------------------------------------------- the end

    def outcome(self) -> Outcome | None:
        """Highest total contract value; ruling 1: then more contracts; still equal, shared."""
        if self.phase != OVER:
            return None
        if self._outcome is None:
            totals = [self.total(s) for s in range(self.n)]
            keys = [(-float(totals[s]), -float(len(self.won[s]))) for s in range(self.n)]
            ranks, tiebreak = rank(keys, ("more_contracts",))
            self._outcome = Outcome(
                scores=tuple(float(t) for t in totals),
                ranks=ranks,
                reason="rounds_played",
                tiebreak=tiebreak,
                details={"contracts": [len(w) for w in self.won]},
            )
        return self._outcome

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        self.check_seat(seat, spectator=True)
        return view.build_view(self, seat, recall)

    def label(self, action: Action) -> Msg:
        kind = action[0]
        params: dict[str, Any] = {}
        if kind in ("play", "swiss"):
            params["card"] = action[1]
            if kind == "play":
                params["contract"] = self.label_of(action[2])
            else:
                params["body"] = body_msg(action[2])
        elif kind == "face_up":
            params["position"] = action[1] + 1
        elif kind == "assign":
            params["contract"] = self.label_of(action[1])
        elif kind in ("look", "kill", "remove"):
            i = action[1]
            params["target_seat"] = self.p_seat[i]
            params["contract"] = self.label_of(self.p_where[i])
            if kind != "look":
                params["card"] = FACES[self.p_kind[i]]
        return Msg(f"{GAME_ID}.action.{kind}", params)

    # ------------------------------------------------------------- checks

    def check(self) -> None:
        integrity.check(self)

    def inventory(self) -> dict[str, int]:
        return integrity.inventory(self)

    # ------------------------------------------------------ hidden information

    def resample(self, seat: int, rng: random.Random) -> Self:
        self.check_seat(seat)
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other


def body_msg(body: int) -> dict[str, str]:
    return {"$": f"corruption.body.{BODIES[body]}"}


def _contracts(data: Any) -> tuple[Contract, ...]:
    return tuple(Contract(str(i), str(name), int(v), str(st), str(src)) for i, name, v, st, src in data)


def _results(data: Any) -> tuple[tuple[int, str, int, int], ...]:
    return tuple((int(c), str(r), int(seat), int(total)) for c, r, seat, total in data)
