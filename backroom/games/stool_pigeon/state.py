"""A Stool Pigeon position and its rules (rulebook: ``shared/seeds/003_1366dfa301d66c84.txt``).

Cards are ints (indices into ``cards.FACES``); a District is a list of slots in a two-row grid
where ``EMPTY`` marks a slot whose card left (slots are not compacted, so a remembered position
stays valid; ruling 15 caps them at ``MAX_SLOTS``). The draw pile and the discard pile keep
their top at the end of the list. What each seat has seen is a bit mask over card ids:
knowledge follows a card when it moves in view of everyone (a blind swap moves it, but every
player saw which slots moved). The view, labels and resampling live in ``view.py`` and
``hidden.py``.
"""

from __future__ import annotations

import random
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.chance import Chance
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.ranking import rank
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
from backroom.games.stool_pigeon import hidden, view
from backroom.games.stool_pigeon.cards import (
    BOTTOM_ROW,
    CAPO,
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
    OVER,
    PEEK,
    PHASES,
    PRINTED,
    SNAP,
    SOPLON,
    SOPLON_FALLBACK_VALUE,
    STARTING_CARDS,
    SWAP,
    SWITCH,
    WITNESS_LIKE,
)

SNAP_ACTIONS = tuple(tuple(("snap", t, s) for s in range(MAX_SLOTS)) for t in range(8))
"""Snap actions built once: a window lists every face-down card, often, in random play."""

NO_PICK = (-1, -1)


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

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == SNAP:
            if seat not in self.window:
                return []
            actions: list[Action] = [("pass",)]
            for target in range(self.n):  # the closer's too: a close stops Family cards only
                row = SNAP_ACTIONS[target]
                actions += [row[s] for s, c in enumerate(self.districts[target]) if c != EMPTY]
            return actions
        if phase == GIVE:
            own = self.districts[seat] if seat == self.giver else []
            return [("give", s) for s, c in enumerate(own) if c != EMPTY]
        if phase == OVER or seat != self.active:
            return []
        if phase == DRAW:
            return [("draw",), ("close",)] if self.closer < 0 else [("draw",)]
        own = self.districts[seat]
        if phase == SWAP:
            slots: list[Action] = [("swap", s) for s, c in enumerate(own) if c != EMPTY]
            return slots or [("keep",)]
        if phase == PEEK:
            return [("peek", t, s) for t, s in self._family_targets()]
        if phase == SWITCH:
            targets = self._family_targets()
            if self.picked == NO_PICK:
                return [("pick", t, s) for t, s in targets] if len(targets) > 1 else []
            return [("switch", t, s) for t, s in targets if (t, s) != self.picked]
        if phase == CAPO:
            actions = [("remove", s) for s, c in enumerate(own) if c != EMPTY]
            if self._can_draw():
                actions.extend(("add", t) for t in range(self.n) if t != seat and t != self.closer)
            return actions
        raise AssertionError(phase)

    def is_legal(self, seat: int, action: Action) -> bool:
        """``action in legal_actions(seat)``, decided without building the list (hot path)."""
        phase = self.phase
        if type(action) is not tuple or not action:
            return False
        kind = action[0]
        size = len(action)
        if phase == SNAP:
            if seat not in self.window:
                return False
            if kind == "pass":
                return size == 1
            return kind == "snap" and size == 3 and self._occupied(action[1], action[2])
        if phase == GIVE:
            return seat == self.giver and kind == "give" and size == 2 and self._occupied(seat, action[1])
        if phase == OVER or seat != self.active:
            return False
        if phase == DRAW:
            return size == 1 and (kind == "draw" or (kind == "close" and self.closer < 0))
        if phase == SWAP:
            if kind == "keep":
                return size == 1 and all(c == EMPTY for c in self.districts[seat])
            return kind == "swap" and size == 2 and self._occupied(seat, action[1])
        if phase == PEEK:
            return kind == "peek" and size == 3 and self._family_target(action[1], action[2])
        if phase == SWITCH:
            if size != 3 or not self._family_target(action[1], action[2]):
                return False
            if self.picked == NO_PICK:
                return kind == "pick" and len(self._family_targets()) > 1
            return kind == "switch" and (action[1], action[2]) != self.picked
        if phase == CAPO:
            if kind == "remove":
                return size == 2 and self._occupied(seat, action[1])
            return (
                kind == "add"
                and size == 2
                and action[1] in range(self.n)
                and action[1] not in (seat, self.closer)
                and self._can_draw()
            )
        return False

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """In a snap window, pass or any face-down card, uniformly, without listing them: a
        slot drawn among all slots (and one entry for pass) is redrawn while it is empty."""
        if self.phase != SNAP or seat not in self.window:
            return super().random_action(seat, rng)
        districts = self.districts
        total = 0
        for district in districts:
            total += len(district)
        while True:
            pick = int(rng.random() * (total + 1))
            if pick == total:
                return ("pass",)
            for target, district in enumerate(districts):
                if pick < len(district):
                    if district[pick] != EMPTY:
                        return SNAP_ACTIONS[target][pick]
                    break
                pick -= len(district)

    def _occupied(self, target: Any, slot: Any) -> bool:
        if type(target) is not int or type(slot) is not int or not 0 <= target < self.n:
            return False
        district = self.districts[target]
        return 0 <= slot < len(district) and district[slot] != EMPTY

    def _family_target(self, target: Any, slot: Any) -> bool:
        return target != self.closer and self._occupied(target, slot)

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.phase == OVER:
            return "error.game_over"
        if seat not in self.actors():
            return "stool-pigeon.error.not_your_turn"
        kind = action[0] if type(action) is tuple and action else ""
        if kind == "close" and self.closer >= 0:
            return "stool-pigeon.error.already_closed"
        targets = [action[1]] if kind in ("peek", "pick", "switch", "add") and len(action) > 1 else []
        if self.closer >= 0 and self.closer in targets:
            return "stool-pigeon.error.closer_immune"
        if kind == "discard" and self.phase == SWAP:
            return "stool-pigeon.error.discard_drawn"
        return "error.illegal_action"

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

    def _family_targets(self) -> list[tuple[int, int]]:
        """Face-down cards a Family card may touch: any District but the closer's."""
        return [
            (t, s)
            for t in range(self.n)
            if t != self.closer
            for s, c in enumerate(self.districts[t])
            if c != EMPTY
        ]

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
        if events is not None:
            events.append(Event("snap_miss", params))
        if not self._can_draw():
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
        elif not self._can_draw():
            self._finish("deck_exhausted", events)
        else:
            self.active = nxt
            if events is not None:
                events.append(Event("turn", {"seat": nxt}))

    def _can_draw(self) -> bool:
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
                events.append(Event("reshuffle", {"cards": len(self.deck)}))
        return self.deck.pop()

    def _reveal_to_all(self, card: int) -> None:
        bit = _bit(card)
        self.known = [k | bit for k in self.known]

    # --------------------------------------------------------------- the end

    def _finish(self, reason: str, events: list[Event] | None) -> None:
        """End of the game: reveal every District; the Soplón is worth the top draw-pile card."""
        self.phase = OVER
        self.end_reason = reason
        if any(SOPLON in d for d in self.districts) and self._can_draw():
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

    def soplon_value(self) -> int:
        if self.soplon_card == EMPTY:
            return SOPLON_FALLBACK_VALUE
        return PRINTED[self.soplon_card]

    def card_value(self, card: int) -> int:
        return self.soplon_value() if card == SOPLON else PRINTED[card]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self._outcome is None:
            totals = []
            keys = []
            for district in self.districts:
                values = [self.card_value(c) for c in district if c != EMPTY]
                totals.append(float(sum(values)))
                # Lowest total wins; then fewer cards; then the lowest single card.
                keys.append((sum(values), len(values), min(values, default=99)))
            ranks, tiebreak = rank(keys, ("fewer_cards", "lowest_card"))
            if ranks.count(1) > 1:
                tiebreak = "play_again"  # "Si aún hay empate, jugad otra partida"
            self._outcome = Outcome(
                scores=tuple(totals),
                ranks=ranks,
                reason=self.end_reason,
                tiebreak=tiebreak,
                details={
                    "closer": self.closer if self.closer >= 0 else None,
                    "soplon_card": FACES[self.soplon_card] if self.soplon_card != EMPTY else None,
                    "cards": [len([c for c in d if c != EMPTY]) for d in self.districts],
                },
            )
        return self._outcome

    # ------------------------------------------------ views, labels, resampling

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        return view.view(self, seat, recall)

    def label(self, action: Action) -> Msg:
        return view.label(action)

    def inventory(self) -> dict[str, int]:
        placed = sum(1 for d in self.districts for c in d if c != EMPTY)
        held = self.held != EMPTY
        return {"cards": placed + len(self.deck) + len(self.discard) + len(self.removed) + held}

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other
