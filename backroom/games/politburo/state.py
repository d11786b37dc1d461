"""A Politburó position and what each action does (rulebook: ``shared/seeds/002_afd13eeeb37cd482.txt``).

Layout: candidates are the ints 0-14 (``owner``, ``health``, ``loyalty``, ``fate``, ``marker``
= the action marker, ``hospital`` = the Hospitalización card on it or -1, ``assigned`` = its
face-down cards); ``office[o]`` is the candidate holding office ``o`` or -1; ``hands``, the
``deck`` (top at the end) and the public ``discard`` pile hold cards (ints, see ``cards.py``);
``effects`` are the special cards lying in play, rows ``[card, kind, seat, until, candidate]``
(``until``: the seat whose next turn ends it, -1 for the end of the round; a Hospitalización's
row adds the round its candidate had been activated in before it, or 0).

This turn: ``typed[type]`` is a bit mask of the candidates a card of that basic type was
played on (one of a type per turn), ``used_from[seat]`` the candidate a seat activated (one
per turn), ``powers`` the office powers used this round, ``acted`` whether the player on turn
has done anything (the redraw is a whole turn).

An attack in flight (``p_*``) waits for its windows; ``react``/``window`` is the reaction
window open now, ``base`` the window at the end of a turn, of the round or of the setup;
``step`` a second decision owed by ``step_seat``. ``flow.advance`` settles all of these after
every action; ``legality.py`` states what is legal (``reactions.py`` in a window) and
``listing.py`` lists it; ``view.py`` shows them; ``hidden.py`` resamples what a seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import floor
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.chance import Chance
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.schema import (
    Bool,
    Bools,
    Cached,
    ChanceField,
    Frozen,
    Int,
    Ints,
    Masks,
    Schema,
    Str,
    WindowField,
)
from backroom.engine.window import Window
from backroom.games.politburo import (
    answers,
    effects,
    flow,
    hidden,
    integrity,
    legality,
    listing,
    refusals,
    scoring,
    specials,
    view,
)
from backroom.games.politburo.cards import (
    AGRESION,
    DEAD,
    DECK_SIZE,
    DEMAGOGIA,
    DIFAMACION,
    DYING,
    FACE,
    FACE_BITS,
    FACE_TYPE,
    FACE_VALUE,
    GAME_ID,
    IN_PLAY,
    INTERIOR,
    NC,
    OFFICES,
    OVER,
    PER_PLAYER,
    PROPAGANDA,
    REDRAW,
    REDRAW_EXTRA,
    ROUND_END,
    ROUND_LIMIT,
    SETUP,
    SPECIAL_MASK,
    START_HEALTH,
    START_LOYALTY,
    TURN,
    TURN_END,
    TYPES,
    UNUSED,
    cand,
)
from backroom.games.politburo.flow import HEALTH, LOYALTY, Events
from backroom.games.politburo.segments import pick


class PolitburoState(State):
    GAME_ID = GAME_ID
    SCHEMA = Schema(
        n=Int(json="players"),
        round=Int(1),
        round_limit=Int(ROUND_LIMIT),
        turns=Int(),
        active=Int(),
        phase=Str(SETUP),
        deck=Ints(),
        discard=Ints(),
        hands=Ints(depth=2),
        extra=Int(-1),
        owner=Ints(),
        health=Ints(),
        loyalty=Ints(),
        fate=Ints(),
        marker=Bools(),
        hospital=Ints(),
        assigned=Ints(depth=2),
        office=Ints(),
        known=Masks(),
        open_hand=Masks(),
        effects=Ints(depth=2),
        typed=Ints(),
        powers=Int(),
        used_from=Ints(),
        acted=Bool(),
        p_kind=Int(),
        p_amount=Int(),
        p_target=Int(-1),
        p_seat=Int(-1),
        p_from=Int(-1),
        p_face=Str(),
        p_stage=Int(),
        p_sure=Bool(),
        react=Str(),
        window=WindowField(),
        base=WindowField(),
        step=Str(),
        step_seat=Int(-1),
        step_arg=Int(-1),
        dying=Int(-1),
        wounded=Bool(),
        culled=Bool(),
        murdered=Ints(),
        office_dirty=Bool(),
        office_event=Bool(),
        winner=Int(-1),
        end_reason=Str(),
        chance=ChanceField(),
        facts=Frozen((), encode=hidden.encode, decode=hidden.decode),
        _outcome=Cached(),
        _mine=Cached(),
        _board=Cached(),
        _held=Cached(),
        _turn=Cached(shared=False),
        _picked=Cached(shared=False),
    )
    __slots__ = SCHEMA.slots

    n: int
    round: int
    round_limit: int
    turns: int
    active: int
    phase: str
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    extra: int
    owner: list[int]
    health: list[int]
    loyalty: list[int]
    fate: list[int]
    marker: list[bool]
    hospital: list[int]
    assigned: list[list[int]]
    office: list[int]
    known: list[int]
    open_hand: list[int]
    """Per seat, a mask of the cards in its hand that the whole table saw go there (taken from
    the discard pile with Contrabando) and knows are still there: a resample leaves them."""
    effects: list[list[int]]
    typed: list[int]
    powers: int
    used_from: list[int]
    acted: bool
    p_kind: int
    p_amount: int
    p_target: int
    p_seat: int
    p_from: int
    p_face: str
    p_stage: int
    p_sure: bool
    react: str
    window: Window
    base: Window
    step: str
    step_seat: int
    step_arg: int
    dying: int
    wounded: bool
    culled: bool
    """A candidate left the game since the last look for a last player standing."""
    """A candidate lost health since the last look for candidates at 0 (``flow._dying``)."""
    murdered: list[int]
    office_dirty: bool
    office_event: bool
    winner: int
    end_reason: str
    chance: Chance
    facts: tuple[hidden.Fact | hidden.Pass | hidden.Shown, ...]
    """What passing in a window told the table about a seat's hidden cards (``hidden.py``)."""
    _outcome: Outcome | None
    _mine: tuple[tuple[int, ...], ...] | None
    """Each seat's candidates (in play or not): fixed at the deal, so clones share them."""
    _board: legality.Board | None  # legality.board
    _held: tuple[list[int], tuple[tuple[int, ...], ...]] | None  # legality.offices_of
    _turn: listing.Kept | None
    """A seat's legal actions as segments, until the next action (``listing.kept``)."""
    _picked: tuple[int, Action] | None
    """The seat and action ``random_action`` just drew from ``_turn``: legal without a look."""

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, seed: int, round_limit: int) -> tuple[Self, list[Event]]:
        """R, "Inicio de la partida": three candidates each (health 10, loyalty 5), five game
        cards each; then every player keeps, assigns or discards them and all draw back to
        five (the setup window), and the starting player (seat 0) begins."""
        state = cls()
        state.n = players
        state.round_limit = round_limit
        state.chance = Chance(seed)
        candidates = list(range(NC))
        state.chance = state.chance.shuffle(candidates)
        state.owner = [-1] * NC
        for seat in range(players):
            for c in candidates[seat * PER_PLAYER : (seat + 1) * PER_PLAYER]:
                state.owner[c] = seat
        state.fate = [IN_PLAY if o >= 0 else UNUSED for o in state.owner]
        state.health = [START_HEALTH if o >= 0 else 0 for o in state.owner]
        state.loyalty = [START_LOYALTY if o >= 0 else 0 for o in state.owner]
        state.marker = [False] * NC
        state.hospital = [-1] * NC
        state.assigned = [[] for _ in range(NC)]
        state.office = [-1] * len(OFFICES)
        state.known = [0] * players
        state.open_hand = [0] * players
        state.typed = [0] * len(TYPES)
        state.used_from = [-1] * players
        state.hands = [[] for _ in range(players)]
        state.deck = list(range(DECK_SIZE))
        state.chance = state.chance.shuffle(state.deck)
        events: list[Event] = [Event("setup", {"players": players, "owners": list(state.owner)})]
        for seat in range(players):
            flow.draw(state, seat, 5, events)
        state.base = Window(range(players))
        return state, events

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.step:
            return (self.step_seat,)
        if self.react:
            return self.window
        if self.phase in (TURN, REDRAW):
            return (self.active,)
        return self.base

    def legal_actions(self, seat: int) -> list[Action]:
        return listing.actions(self, seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        if self._picked is not None and self._picked[1] is action and self._picked[0] == seat:
            return True
        return listing.listed(self, seat, action)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """Uniform over the legal actions, drawn without listing them where the list is long."""
        _, segments, total, _, listed = listing.kept(self, seat)
        r = rng.random()
        action = pick(segments, total, r) if listed is None else listed[floor(r * total)]  # see ``pick``
        self._picked = (seat, action)
        return action

    def apply_quiet(self, seat: int, action: Action) -> None:
        """The action ``random_action`` just drew is legal without a look (a playout's case)."""
        picked = self._picked
        if picked is not None and picked[1] is action and picked[0] == seat:
            self.play(seat, action, None)
        else:
            super().apply_quiet(seat, action)

    def why_illegal(self, seat: int, action: Action) -> str:
        return refusals.why_illegal(self, seat, action)

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kept, self._turn, self._picked = self._turn, None, None
        kind = action[0]
        passed = False
        if kind == "pass":
            passed = not self.react and not self.step and self.phase != REDRAW
            if self.react or self.phase in (TURN_END, ROUND_END):  # a window: the pass tells something
                hidden.remember(self, seat)
        if self.react and not self.step:
            self.window = self.window.answered(seat)
        handler, n = _HANDLERS[kind], len(action)
        if n == 3:  # arguments spelled out: a call with ``*action[1:]`` is not inlined on CPython 3.11
            handler(self, seat, action[1], action[2], events)
        elif n == 1:
            handler(self, seat, events)
        elif n == 2:
            handler(self, seat, action[1], events)
        else:
            handler(self, seat, *action[1:], events)
        if kept is not None and kept[3] and kind in ("assign", "discard"):
            # from its turn's list: only the hand, a candidate's cards and the pile changed, and
            # the turn goes on with nothing for ``advance`` to settle (a quarter of all actions)
            listing.keep_patched(self, kept, seat, action)
        else:
            flow.advance(self, events, passed)

    # -------------------------------------------------------------- helpers

    def _take(self, cards: list[int], face: str) -> int:
        """Remove the last card of ``face`` from ``cards`` (a hand or a candidate's cards)."""
        for i in range(len(cards) - 1, -1, -1):
            if FACE[cards[i]] == face:
                return cards.pop(i)
        raise AssertionError(face)

    def _spend(
        self,
        seat: int,
        face: str,
        events: Events,
        kind: str = "special",
        c: int = -1,
        more: dict[str, Any] | None = None,
    ) -> int:
        """A card from ``seat``'s hand onto the discard pile, in view of all (played on
        candidate ``c``, named in the event with ``more``: built only when events are). No
        ``**params``: CPython 3.11 calls a function that takes them without inlining it."""
        card = self._take(self.hands[seat], face)
        self.discard.append(card)
        if self.open_hand[seat]:  # a card of this face went: the table cannot tell which copy
            self.open_hand[seat] &= ~FACE_BITS[face]
        if events is not None:
            params = {"seat": seat, "card": face}
            if c >= 0:
                params["candidate"] = cand(c)
            if more:
                params.update(more)
            events.append(Event(kind, params))
        return card

    def _mark(self, kind: int, c: int, seat: int) -> None:
        """A card of basic type ``kind`` lands on ``c``; a second one uses an office power."""
        if (self.typed[kind] >> c) & 1:
            self.powers |= 1 << (INTERIOR if kind == AGRESION else PROPAGANDA)
        self.typed[kind] |= 1 << c

    def _reveal(self, card: int) -> None:
        """An assigned card played goes face up to the discard pile: no one's secret now."""
        self.discard.append(card)
        if any(self.known):  # most games no one has looked (Líder del NKVD)
            self.known = list(map((~(1 << card)).__and__, self.known))  # no cell, as a comprehension's

    def _activate(self, seat: int, c: int, events: list[Event] | None) -> None:
        if self.used_from[seat] != c:
            self.used_from[seat] = c
            self.marker[c] = True
            if events is not None:
                events.append(Event("activate", {"seat": seat, "candidate": cand(c)}))

    # -------------------------------------------------------------- actions

    def _do_pass(self, seat: int, events: list[Event] | None) -> None:
        if self.step == "counter_add":
            answers.counter(self, seat, 0, events)
        elif self.react:
            if self.react == DYING:
                c, self.dying = self.dying, -1
                effects.remove(self, c, DEAD, events)
        elif self.phase == TURN:
            if events is not None:
                events.append(Event("pass", {"seat": seat}))
            flow.end_turn(self, events)
        else:
            self.base = self.base.answered(seat)

    def _do_redraw(self, seat: int, events: list[Event] | None) -> None:
        """Turn option 2 (R): discard the whole hand, draw seven, discard two, end the turn."""
        hand = self.hands[seat]
        if events is not None:
            events.append(Event("redraw", {"seat": seat, "cards": [FACE[c] for c in hand]}))
        self.discard += hand
        self.hands[seat] = []
        self.open_hand[seat] = 0
        self.acted = True
        self.phase = REDRAW
        limit = flow.hand_max(self, seat)
        flow.draw(self, seat, limit + REDRAW_EXTRA, events)
        if len(self.hands[seat]) <= limit:  # the deck and the discards ran short: nothing to throw
            flow.end_turn(self, events)

    def _do_discard(self, seat: int, face: str, events: list[Event] | None) -> None:
        self._spend(seat, face, events, "discard")
        if self.step != "trim":  # the discard-down opens the turn like the draw (ruling 9)
            self.acted = True
        if self.step != "trim" and self.phase != REDRAW:
            return  # a discard on one's turn ends nothing
        if len(self.hands[seat]) <= flow.hand_max(self, seat):  # down to the hand size
            if self.step == "trim":
                self.step = ""
            else:
                flow.end_turn(self, events)

    def _do_assign(self, seat: int, face: str, c: int, events: list[Event] | None) -> None:
        card = self._take(self.hands[seat], face)
        self.assigned[c].append(card)
        if self.open_hand[seat]:  # face down: the table cannot tell which basic card went
            self.open_hand[seat] &= SPECIAL_MASK
        self.acted = True
        if events is not None:
            events.append(Event("assign", {"seat": seat, "candidate": cand(c)}))
            events.append(Event("assigned", {"seat": seat, "candidate": cand(c), "card": face}, (seat,)))

    def _do_play(self, seat: int, face: str, c: int, events: list[Event] | None) -> None:
        self._spend(seat, face, events, "play", c)
        self.acted = True
        self._basic(seat, face, c, -1, events)

    def _do_use(self, seat: int, source: int, face: str, c: int, events: list[Event] | None) -> None:
        """Out of turn, from an activated candidate (R, "Jugar cartas desde un candidato")."""
        self._activate(seat, source, events)
        self._reveal(self._take(self.assigned[source], face))
        if events is not None:
            events.append(
                Event("use", {"seat": seat, "source": cand(source), "card": face, "candidate": cand(c)})
            )
        self._basic(seat, face, c, source, events)

    def _basic(self, seat: int, face: str, c: int, source: int, events: list[Event] | None) -> None:
        kind = FACE_TYPE[face]
        self._mark(kind, c, seat)
        if kind == DEMAGOGIA:
            effects.gain(self, c, FACE_VALUE[face], events, face)
        elif kind == DIFAMACION:
            flow.attack(self, seat, LOYALTY, FACE_VALUE[face], c, source, face)
        else:
            flow.attack(self, seat, HEALTH, FACE_VALUE[face], c, source, face)

    # --------------------------------------------------------------- the end

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self._outcome is None:
            self._outcome = scoring.outcome(self)
        return self._outcome

    # ------------------------------------------- views, labels, checks, hidden

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        self.check_seat(seat, spectator=True)
        return view.view(self, seat, recall)

    def label(self, action: Action) -> Msg:
        return view.label(self, action)

    def check(self) -> None:
        integrity.check(self)

    def _all_cards(self) -> list[int]:
        return integrity.all_cards(self)

    def inventory(self) -> dict[str, int]:
        return integrity.inventory(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A redeal consistent with ``seat``'s view and with what windows told (``hidden.py``)."""
        self.check_seat(seat)
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other


_HANDLERS: dict[str, Callable[..., None]] = {
    **{name.removeprefix("_do_"): f for name, f in vars(PolitburoState).items() if name.startswith("_do_")},
    **answers.HANDLERS,
    **specials.HANDLERS,
}
"""Each action kind's effect, ``(state, seat, *arguments, events)``: the ``_do_`` methods
above, the answers to an attack (``answers.HANDLERS``) and the special cards'
(``specials.HANDLERS``), looked up once per action."""
