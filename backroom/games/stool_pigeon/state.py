"""A Stool Pigeon position and its rules (rulebook: ``shared/seeds/003_1366dfa301d66c84.txt``).

Cards are ints (indices into ``cards.FACES``); a District is a list of slots in a two-row grid
where ``EMPTY`` marks a slot whose card left (slots are not compacted, so a remembered position
stays valid; ruling 15 caps them at ``MAX_SLOTS``). The draw pile and the discard pile keep
their top at the end of the list. What each seat has seen is a bit mask over card ids:
knowledge follows a card when it moves in view of everyone (a blind swap moves it, but every
player saw which slots moved). Legality lives in ``legality.py``, scoring in ``scoring.py``,
the view and labels in ``view.py``, resampling in ``hidden.py``.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.chance import Chance
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.schema import (
    Bool,
    Cached,
    ChanceField,
    Int,
    Ints,
    IntTuple,
    Masks,
    Schema,
    Str,
    WindowField,
)
from backroom.engine.window import Window, clockwise
from backroom.games.stool_pigeon import hidden, legality, scoring, view
from backroom.games.stool_pigeon.cards import (
    BOTTOM_ROW,
    DECK_SIZE,
    DRAW,
    ELIMINABLE,
    EMPTY,
    FACES,
    FAMILY_PHASE,
    GAME_ID,
    GIVE,
    KINDS,
    MAX_SLOTS,
    NO_PICK,
    OVER,
    PEEK,
    PHASES,
    PRINTED,
    SNAP,
    SOPLON,
    STARTING_CARDS,
    SWAP,
    SWITCH,
    WITNESS_LIKE,
)


def _bit(card: int) -> int:
    return 1 << card


class StoolPigeonState(State):
    GAME_ID = GAME_ID
    STATIC_LABELS = True
    SCHEMA = Schema(
        n=Int(json="players"),
        districts=Ints(depth=2),
        deck=Ints(),
        discard=Ints(),
        removed=Ints(),
        known=Masks(),
        phase=Str(DRAW),
        active=Int(),
        held=Int(EMPTY),
        closer=Int(-1),
        window_value=Int(-1),
        window=WindowField(json="eligible"),
        sicario=Bool(),
        picked=IntTuple(NO_PICK),
        give_target=IntTuple(NO_PICK),
        giver=Int(-1),
        turns=Int(),
        misses=Ints(),
        passes=Ints(),
        turn_limit=Int(),
        memory_aid=Bool(),
        chance=ChanceField(),
        end_reason=Str(),
        soplon_card=Int(EMPTY),
        _outcome=Cached(),
    )
    __slots__ = SCHEMA.slots

    n: int
    districts: list[list[int]]
    deck: list[int]
    discard: list[int]
    removed: list[int]
    known: list[int]
    phase: str
    active: int
    held: int
    closer: int
    window_value: int
    window: Window
    sicario: bool
    picked: tuple[int, ...]
    give_target: tuple[int, ...]
    giver: int
    turns: int
    misses: list[int]
    passes: list[int]
    """Each seat's wrong snaps and passes in windows so far: everyone saw them (search reads
    them, ``rollout.erratic``)."""
    turn_limit: int
    memory_aid: bool
    chance: Chance
    end_reason: str
    soplon_card: int
    _outcome: Outcome | None

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, options: dict[str, Any], seed: int) -> tuple[Self, list[Event]]:
        """Setup 1-4: shuffle, deal four face down to each, peek once at the bottom row."""
        state = cls()
        state.n = players
        state.chance = Chance(seed)
        state.turn_limit = options["round_limit"] * players
        state.memory_aid = options["memory_aid"]
        deck = list(range(DECK_SIZE))
        random.Random(seed).shuffle(deck)
        state.districts = [[deck.pop() for _ in range(STARTING_CARDS)] for _ in range(players)]
        state.deck = deck
        state.known = [0] * players
        state.misses = [0] * players
        state.passes = [0] * players
        events = [Event("deal", {"cards": STARTING_CARDS})]
        for seat, district in enumerate(state.districts):
            seen = [district[slot] for slot in BOTTOM_ROW]
            for card in seen:
                state.known[seat] |= _bit(card)
            events.append(Event("look_bottom", {"seat": seat, "cards": [FACES[c] for c in seen]}, (seat,)))
        events.append(Event("turn", {"seat": 0}))
        return state, events

    def check(self) -> None:
        cards = [c for d in self.districts for c in d if c != EMPTY] + self.deck + self.discard + self.removed
        if self.held != EMPTY:
            cards.append(self.held)
        if sorted(cards) != list(range(DECK_SIZE)):
            raise ValueError(f"a {GAME_ID} position must hold each of the {DECK_SIZE} cards once")
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        if any(len(d) > MAX_SLOTS for d in self.districts) or len(self.known) != self.n:
            raise ValueError(f"a {GAME_ID} District has at most {MAX_SLOTS} slots, and each seat a memory")
        if len(self.misses) != self.n or len(self.passes) != self.n or min(self.misses + self.passes) < 0:
            raise ValueError(f"a {GAME_ID} position counts each seat's wrong snaps and passes, from 0")

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == SNAP:
            return self.window
        if phase == OVER:
            return ()
        if phase == GIVE:
            return (self.giver,)
        return (self.active,)

    # Bound straight from their modules: no extra frame on the hot path of random play.
    legal_actions = legality.legal_actions

    legal_indices = legality.legal_indices

    is_legal = legality.is_legal

    random_action = legality.random_action

    why_illegal = legality.why_illegal

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kind = action[0]
        if kind == "draw":
            self._draw_card(seat, events)
        elif kind == "close":
            self.closer = seat
            if events is not None:
                events.append(Event("close", {"seat": seat}))
            self._end_turn(events)
        elif kind == "swap":
            self._swap_in(seat, action[1], events)
        elif kind == "keep":
            self._place(seat, self.held)
            self.held = EMPTY
            if events is not None:
                events.append(Event("keep", {"seat": seat}))
            self._end_turn(events)
        elif kind == "peek":
            self._peek(seat, action[1], action[2], events)
        elif kind == "pick":
            self.picked = (action[1], action[2])
            if events is not None:
                events.append(Event("pick", {"seat": seat, "target_seat": action[1], "slot": action[2]}))
        elif kind == "switch":
            self._switch(seat, action[1], action[2], events)
        elif kind == "remove":
            self._capo_remove(seat, action[1], events)
        elif kind == "add":
            self._capo_add(seat, action[1], events)
        elif kind == "snap":
            self._snap(seat, action[1], action[2], events)
        elif kind == "pass":
            self.window = self.window.answered(seat)
            self.passes[seat] += 1
            if events is not None:
                events.append(Event("pass", {"seat": seat}))
            if not self.window.is_open:
                if events is not None:
                    events.append(Event("window_closed", {}))
                self._end_turn(events)
        elif kind == "give":
            self._give(seat, action[1], events)

    # -------------------------------------------------------------- the turn

    def _place(self, seat: int, card: int) -> int:
        """Ruling 15: a card added to a District takes a new slot at the end or, once the
        District has ``MAX_SLOTS`` slots, its first empty one (54 cards: one is always free)."""
        district = self.districts[seat]
        if len(district) < MAX_SLOTS:
            district.append(card)
            return len(district) - 1
        slot = district.index(EMPTY)
        district[slot] = card
        return slot

    def _draw_card(self, seat: int, events: list[Event] | None) -> None:
        """How to play: draw the top card; only you see it."""
        card = self._take_top(events)
        self.held = card
        self.known[seat] |= _bit(card)
        self.phase = SWAP
        if events is not None:
            events.append(Event("draw", {"seat": seat}))
            events.append(Event("drew", {"seat": seat, "card": FACES[card]}, (seat,)))

    def _swap_in(self, seat: int, slot: int, events: list[Event] | None) -> None:
        """The drawn card takes a District slot; the card that was there is played."""
        district = self.districts[seat]
        played = district[slot]
        district[slot] = self.held
        self.held = EMPTY
        if events is not None:
            events.append(Event("swap", {"seat": seat, "slot": slot}))
        if played == SOPLON:
            # The Soplón cannot be played: it comes back and the District keeps one card more.
            back = self._place(seat, played)
            self._reveal_to_all(played)
            if events is not None:
                events.append(Event("soplon_returns", {"seat": seat, "slot": back}))
            self._end_turn(events)
            return
        self.discard.append(played)
        if events is not None:
            events.append(Event("discard", {"seat": seat, "card": FACES[played]}))
        if KINDS[played] == "family":
            self.sicario = FACES[played] == "sicario"
            self._enter_family_phase(FAMILY_PHASE[FACES[played]], events)
        elif played in WITNESS_LIKE:
            self._open_window(PRINTED[played], events)
        else:
            self._end_turn(events)

    def _enter_family_phase(self, phase: str, events: list[Event] | None) -> None:
        """A Family action is carried out; one with no possible target is skipped."""
        self.phase = phase
        if not self.legal_actions(self.active):
            if events is not None:
                events.append(Event("no_target", {"seat": self.active, "phase": phase}))
            if phase == PEEK and self.sicario:
                self._enter_family_phase(SWITCH, events)
            else:
                self._end_turn(events)

    def _peek(self, seat: int, target: int, slot: int, events: list[Event] | None) -> None:
        card = self.districts[target][slot]
        self.known[seat] |= _bit(card)
        if events is not None:
            params = {"seat": seat, "target_seat": target, "slot": slot}
            events.append(Event("peek", params))
            events.append(Event("peeked", {**params, "card": FACES[card]}, (seat,)))
        if self.sicario:
            self._enter_family_phase(SWITCH, events)
        else:
            self._end_turn(events)

    def _switch(self, seat: int, b_seat: int, b_slot: int, events: list[Event] | None) -> None:
        """The second card of a blind swap: the two picked cards change places."""
        a_seat, a_slot = self.picked
        a = self.districts[a_seat]
        b = self.districts[b_seat]
        a[a_slot], b[b_slot] = b[b_slot], a[a_slot]
        self.picked = NO_PICK
        if events is not None:
            params = {"seat": seat, "a_seat": a_seat, "a_slot": a_slot, "b_seat": b_seat, "b_slot": b_slot}
            events.append(Event("switch", params))
        self._end_turn(events)

    def _capo_remove(self, seat: int, slot: int, events: list[Event] | None) -> None:
        """Capo: any card of your own District, even a Family card or the Soplón, is removed.
        The Soplón leaves the game ("eliminarla de la partida"); others go to the discard pile."""
        district = self.districts[seat]
        card = district[slot]
        district[slot] = EMPTY
        if card == SOPLON:
            self.removed.append(card)
            self._reveal_to_all(card)
        else:
            self.discard.append(card)
        if events is not None:
            key = "capo_remove_soplon" if card == SOPLON else "capo_remove"
            events.append(Event(key, {"seat": seat, "slot": slot, "card": FACES[card]}))
        self._end_turn(events)

    def _capo_add(self, seat: int, target: int, events: list[Event] | None) -> None:
        """Capo: the next draw-pile card goes face down, unseen, to another District."""
        card = self._take_top(events)
        self._place(target, card)
        if events is not None:
            events.append(Event("capo_add", {"seat": seat, "target_seat": target}))
        self._end_turn(events)

    # ------------------------------------------------------ eliminating witnesses

    def _open_window(self, value: int, events: list[Event] | None) -> None:
        """Anyone may try, in seat order from the player left of the active one."""
        self.phase = SNAP
        self.window_value = value
        self.window = self.window.reopen(clockwise(self.active + 1, self.n))
        if events is not None:
            events.append(Event("window_open", {"value": value}))

    def _snap(self, seat: int, target: int, slot: int, events: list[Event] | None) -> None:
        district = self.districts[target]
        card = district[slot]
        params = (
            {"seat": seat, "target_seat": target, "slot": slot, "card": FACES[card]}
            if events is not None
            else {}
        )
        if card in ELIMINABLE and PRINTED[card] == self.window_value:
            district[slot] = EMPTY
            self.discard.append(card)
            if events is not None:
                events.append(Event("snap_hit", params))
            self.window = self.window.claimed()
            if target != seat and any(c != EMPTY for c in self.districts[seat]):
                self.phase = GIVE
                self.give_target = (target, slot)
                self.giver = seat
                return
            if events is not None:
                events.append(Event("window_closed", {}))
            self._end_turn(events)
            return
        # A wrong guess: the card was shown to everyone and goes back; the snapper draws a penalty.
        self._reveal_to_all(card)
        self.misses[seat] += 1
        if events is not None:
            events.append(Event("snap_miss", params))
        if not self.can_draw():
            if events is not None:
                events.append(Event("no_penalty_card", {"seat": seat}))
                events.append(Event("window_closed", {}))
            self._end_turn(events)
            return
        penalty = self._take_top(events)
        where = self._place(seat, penalty)
        if events is not None:
            events.append(Event("penalty", {"seat": seat, "slot": where}))
        self.window = self.window.reopen(clockwise(self.active + 1, self.n))

    def _give(self, seat: int, slot: int, events: list[Event] | None) -> None:
        """Replace the eliminated Witness with one of your own cards, face down and unseen."""
        own = self.districts[seat]
        target, target_slot = self.give_target
        self.districts[target][target_slot] = own[slot]
        own[slot] = EMPTY
        self.give_target = NO_PICK
        self.giver = -1
        if events is not None:
            params = {"seat": seat, "slot": slot, "target_seat": target, "target_slot": target_slot}
            events.append(Event("give", params))
            events.append(Event("window_closed", {}))
        self._end_turn(events)

    # ------------------------------------------------------------ turn order

    def _end_turn(self, events: list[Event] | None) -> None:
        self.phase = DRAW
        self.sicario = False
        self.picked = NO_PICK
        self.window = self.window.claimed()
        self.window_value = -1
        self.turns += 1
        nxt = (self.active + 1) % self.n
        if nxt == self.closer:
            self._finish("closed", events)
        elif self.closer < 0 and self.turns >= self.turn_limit:
            # Once someone has closed, everyone still gets the last turn the rules promise.
            self._finish("round_limit", events)
        elif not self.can_draw():
            self._finish("deck_exhausted", events)
        else:
            self.active = nxt
            if events is not None:
                events.append(Event("turn", {"seat": nxt}))

    def can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _take_top(self, events: list[Event] | None) -> int:
        """The top draw-pile card. Ruling: an empty pile is rebuilt from the discard pile, all
        but its top card, shuffled by the state's chance; nobody knows where those cards lie."""
        if not self.deck:
            top = self.discard.pop()
            self.deck = self.discard
            self.discard = [top]
            self.chance = self.chance.shuffle(self.deck)
            forget = 0
            for card in self.deck:
                forget |= _bit(card)
            self.known = [k & ~forget for k in self.known]
            if events is not None:
                events.append(Event("reshuffle", {"count": len(self.deck)}))
        return self.deck.pop()

    def _reveal_to_all(self, card: int) -> None:
        bit = _bit(card)
        self.known = [k | bit for k in self.known]

    # --------------------------------------------------------------- the end

    def _finish(self, reason: str, events: list[Event] | None) -> None:
        """End of the game: reveal every District; the Soplón is worth the top draw-pile card."""
        self.phase = OVER
        self.end_reason = reason
        if any(SOPLON in d for d in self.districts) and self.can_draw():
            self.soplon_card = self._take_top(events)
            self.deck.append(self.soplon_card)
            if events is not None:
                events.append(
                    Event("soplon_value", {"card": FACES[self.soplon_card], "value": self.soplon_value()})
                )
        if events is None:
            return
        outcome = self.outcome()
        assert outcome is not None
        for seat, district in enumerate(self.districts):
            cards = [FACES[c] for c in district if c != EMPTY]
            total = int(outcome.scores[seat])  # card values are whole numbers; a log shows "14", not "14.0"
            events.append(Event("reveal", {"seat": seat, "cards": cards, "total": total}))
        events.append(Event("game_over", {"reason": reason, "winners": list(outcome.winners)}))

    soplon_value = scoring.soplon_value

    card_value = scoring.card_value

    def outcome(self) -> Outcome | None:
        return None if self.phase != OVER else scoring.outcome(self)

    # ------------------------------------------------ views, labels, resampling

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        self.check_seat(seat, spectator=True)
        # The view is compiled (``backroom/compiled.py``) and takes a plain ``int`` only: a
        # numpy integer from an adapter is read as the number it holds.
        return view.view(self, None if seat is None else operator.index(seat), recall)

    def label(self, action: Action) -> Msg:
        return view.label(action)

    def inventory(self) -> dict[str, int]:
        placed = sum(1 for d in self.districts for c in d if c != EMPTY)
        held = self.held != EMPTY
        return {"cards": placed + len(self.deck) + len(self.discard) + len(self.removed) + held}

    def resample(self, seat: int, rng: random.Random) -> StoolPigeonState:
        # A method around it, not the function bound here: compiled (``backroom/compiled.py``),
        # it would not bind ``self``, and it takes a plain ``int`` only (a numpy integer from
        # an adapter, ``None`` refused by ``check_seat`` first, as every game refuses it).
        self.check_seat(seat)
        return hidden.resample(self, operator.index(seat), rng)

    _redealt = SCHEMA.replacer("districts", "deck", "known", "held", "chance", "_outcome")
    """``_redealt(districts, deck, known, held, chance, outcome)``: a copy with those replaced
    and nothing else copied twice (``hidden.resample``)."""
