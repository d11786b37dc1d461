"""A Stool Pigeon position and its rules (rulebook: ``shared/seeds/003_1366dfa301d66c84.txt``).

Cards are ints (indices into ``cards.FACES``); a District is a list of slots in a two-row grid
where ``EMPTY`` marks a slot whose card left (slots are never compacted, so a remembered
position stays valid). The draw pile and the discard pile keep their top at the end of the list.
What each seat has seen is a bit mask over card ids: knowledge follows a card when it moves in
view of everyone (a blind swap moves it, but every player saw which slots moved).
"""

from __future__ import annotations

import random
from typing import Any, Self

from backroom.engine.actions import Action
from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event, Msg
from backroom.engine.game import Outcome, State
from backroom.engine.ranking import rank
from backroom.engine.rng import derive_seed
from backroom.games.stool_pigeon import codec
from backroom.games.stool_pigeon.cards import (
    DECK_SIZE,
    ELIMINABLE,
    EMPTY,
    FACES,
    GAME_ID,
    KINDS,
    PHASES,
    PRINTED,
    SOPLON,
    SOPLON_FALLBACK_VALUE,
    WITNESS_LIKE,
)

STARTING_CARDS = 4
BOTTOM_ROW = (1, 3)
"""Slot ``i`` is in column ``i // 2``, row ``i % 2`` (0 top, 1 bottom)."""

# Phases: who acts and what they may do.
# DRAW: the active seat draws, or closes instead of playing the turn.
# SWAP: the active seat holds the drawn card and swaps it into the District.
# PEEK: Matón, or the first half of the Sicario.  SWITCH: Conductora, or the Sicario's second half.
# CAPO: remove a card of one's own District, or add the next card to another.
# SNAP: the elimination window: every eligible seat may snap or pass.
# GIVE: a snapper who took from another District gives one of their own cards.
DRAW, SWAP, PEEK, SWITCH, CAPO, SNAP, GIVE, OVER = PHASES

MAX_SLOTS = 64
SNAP_ACTIONS = tuple(tuple(("snap", t, s) for s in range(MAX_SLOTS)) for t in range(8))
"""Snap actions built once: a window lists every face-down card, often, in random play."""

FAMILY_PHASE = {"maton": PEEK, "conductora": SWITCH, "sicario": PEEK, "capo": CAPO}


def _bit(card: int) -> int:
    return 1 << card


class StoolPigeonState(State):
    GAME_ID = GAME_ID
    STATIC_LABELS = True
    __slots__ = (
        "n",
        "districts",
        "deck",
        "discard",
        "known",
        "phase",
        "active",
        "held",
        "closer",
        "window_value",
        "eligible",
        "sicario",
        "give_target",
        "giver",
        "turns",
        "turn_limit",
        "memory_aid",
        "seed",
        "shuffles",
        "end_reason",
        "soplon_card",
        "_outcome",
    )

    def __init__(self) -> None:
        self.n = 0
        self.districts: list[list[int]] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.known: list[int] = []
        self.phase = DRAW
        self.active = 0
        self.held = EMPTY
        self.closer = -1
        self.window_value = -1
        self.eligible: list[int] = []
        self.sicario = False
        self.give_target: tuple[int, int] = (-1, -1)
        self.giver = -1
        self.turns = 0
        self.turn_limit = 0
        self.memory_aid = False
        self.seed = 0
        self.shuffles = 0
        self.end_reason = ""
        self.soplon_card = EMPTY
        self._outcome: Outcome | None = None

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, options: dict[str, Any], seed: int) -> tuple[Self, list[Event]]:
        """Setup 1-4: shuffle, deal four face down to each, peek once at the bottom row."""
        state = cls()
        state.n = players
        state.seed = seed
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
            events.append(Event("look_bottom", {"seat": seat, "cards": [_face(c) for c in seen]}, (seat,)))
        events.append(Event("turn", {"seat": 0}))
        return state, events

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    def actors(self) -> tuple[int, ...]:
        if self.phase == SNAP:
            return tuple(self.eligible)
        if self.phase == OVER:
            return ()
        if self.phase == GIVE:
            return (self.giver,)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == SNAP:
            if seat not in self.eligible:
                return []
            actions: list[Action] = [("pass",)]
            for target in self._snap_districts(seat):
                district = self.districts[target]
                if len(district) > MAX_SLOTS:
                    actions += [("snap", target, s) for s, c in enumerate(district) if c != EMPTY]
                else:
                    row = SNAP_ACTIONS[target]
                    actions += [row[s] for s, c in enumerate(district) if c != EMPTY]
            return actions
        if phase == GIVE:
            own = self.districts[seat] if seat == self.giver else []
            return [("give", s) for s, c in enumerate(own) if c != EMPTY]
        if phase == OVER or seat != self.active:
            return []
        if phase == DRAW:
            actions = [("draw",)]
            if self.closer < 0:
                actions.append(("close",))
            return actions
        own = self.districts[seat]
        if phase == SWAP:
            slots = [("swap", s) for s, c in enumerate(own) if c != EMPTY]
            return slots or [("keep",)]
        if phase == PEEK:
            return [("peek", t, s) for t, s in self._family_targets()]
        if phase == SWITCH:
            targets = self._family_targets()
            return [("switch", *a, *b) for i, a in enumerate(targets) for b in targets[i + 1 :]]
        if phase == CAPO:
            actions = [("remove", s) for s, c in enumerate(own) if c != EMPTY]
            if self._can_draw():
                actions.extend(("add", t) for t in range(self.n) if t != seat and t != self.closer)
            return actions
        raise AssertionError(phase)

    def is_legal(self, seat: int, action: Action) -> bool:
        """``action in legal_actions(seat)``, decided without building the list (hot path)."""
        phase = self.phase
        if not isinstance(action, tuple) or not action:
            return False
        kind = action[0]
        size = len(action)
        if phase == SNAP:
            if seat not in self.eligible:
                return False
            if kind == "pass":
                return size == 1
            return (
                kind == "snap"
                and size == 3
                and action[1] in self._snap_districts(seat)
                and self._occupied(action[1], action[2])
            )
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
            return (
                kind == "switch"
                and size == 5
                and self._family_target(action[1], action[2])
                and self._family_target(action[3], action[4])
                and (action[1], action[2]) < (action[3], action[4])
            )
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

    def _occupied(self, target: Any, slot: Any) -> bool:
        if type(target) is not int or type(slot) is not int or not 0 <= target < self.n:
            return False
        district = self.districts[target]
        return 0 <= slot < len(district) and district[slot] != EMPTY

    def _family_target(self, target: Any, slot: Any) -> bool:
        return target != self.closer and self._occupied(target, slot)

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not self.is_legal(seat, action):
            raise IllegalAction(self._why_illegal(seat, action), seat=seat, action=list(action))
        kind = action[0]
        events: list[Event] = []
        if kind == "draw":
            self._draw_card(seat, events)
        elif kind == "close":
            self.closer = seat
            events.append(Event("close", {"seat": seat}))
            self._end_turn(events)
        elif kind == "swap":
            self._swap_in(seat, action[1], events)
        elif kind == "keep":
            self.districts[seat].append(self.held)
            self.held = EMPTY
            events.append(Event("keep", {"seat": seat}))
            self._end_turn(events)
        elif kind == "peek":
            self._peek(seat, action[1], action[2], events)
        elif kind == "switch":
            self._switch(seat, action[1:], events)
        elif kind == "remove":
            self._capo_remove(seat, action[1], events)
        elif kind == "add":
            self._capo_add(seat, action[1], events)
        elif kind == "snap":
            self._snap(seat, action[1], action[2], events)
        elif kind == "pass":
            self.eligible.remove(seat)
            events.append(Event("pass", {"seat": seat}))
            if not self.eligible:
                events.append(Event("window_closed", {}))
                self._end_turn(events)
        elif kind == "give":
            self._give(seat, action[1], events)
        return events

    # -------------------------------------------------------------- the turn

    def _draw_card(self, seat: int, events: list[Event]) -> None:
        """How to play: draw the top card; only you see it."""
        card = self._take_top(events)
        self.held = card
        self.known[seat] |= _bit(card)
        self.phase = SWAP
        events.append(Event("draw", {"seat": seat}))
        events.append(Event("drew", {"seat": seat, "card": _face(card)}, (seat,)))

    def _swap_in(self, seat: int, slot: int, events: list[Event]) -> None:
        """The drawn card takes a District slot; the card that was there is played."""
        district = self.districts[seat]
        played = district[slot]
        district[slot] = self.held
        self.held = EMPTY
        events.append(Event("swap", {"seat": seat, "slot": slot}))
        if played == SOPLON:
            # The Soplón cannot be played: it comes back and the District keeps one card more.
            district.append(played)
            self._reveal_to_all(played)
            events.append(Event("soplon_returns", {"seat": seat, "slot": len(district) - 1}))
            self._end_turn(events)
            return
        self.discard.append(played)
        events.append(Event("discard", {"seat": seat, "card": _face(played)}))
        kind = KINDS[played]
        if kind == "family":
            self.sicario = FACES[played] == "sicario"
            self._enter_family_phase(FAMILY_PHASE[FACES[played]], events)
        elif played in WITNESS_LIKE:
            self._open_window(PRINTED[played], events)
        else:
            self._end_turn(events)

    def _enter_family_phase(self, phase: str, events: list[Event]) -> None:
        """A Family action is carried out; one with no possible target is skipped."""
        self.phase = phase
        if not self.legal_actions(self.active):
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

    def _peek(self, seat: int, target: int, slot: int, events: list[Event]) -> None:
        card = self.districts[target][slot]
        self.known[seat] |= _bit(card)
        events.append(Event("peek", {"seat": seat, "target_seat": target, "slot": slot}))
        events.append(
            Event("peeked", {"seat": seat, "target_seat": target, "slot": slot, "card": _face(card)}, (seat,))
        )
        if self.sicario:
            self._enter_family_phase(SWITCH, events)
        else:
            self._end_turn(events)

    def _switch(self, seat: int, where: tuple[Any, ...], events: list[Event]) -> None:
        a_seat, a_slot, b_seat, b_slot = where
        a = self.districts[a_seat]
        b = self.districts[b_seat]
        a[a_slot], b[b_slot] = b[b_slot], a[a_slot]
        events.append(
            Event(
                "switch",
                {"seat": seat, "a_seat": a_seat, "a_slot": a_slot, "b_seat": b_seat, "b_slot": b_slot},
            )
        )
        self._end_turn(events)

    def _capo_remove(self, seat: int, slot: int, events: list[Event]) -> None:
        """Capo: any card of your own District, even a Family card or the Soplón, is removed."""
        district = self.districts[seat]
        card = district[slot]
        district[slot] = EMPTY
        self.discard.append(card)
        events.append(Event("capo_remove", {"seat": seat, "slot": slot, "card": _face(card)}))
        self._end_turn(events)

    def _capo_add(self, seat: int, target: int, events: list[Event]) -> None:
        """Capo: the next draw-pile card goes face down, unseen, to another District."""
        card = self._take_top(events)
        self.districts[target].append(card)
        events.append(Event("capo_add", {"seat": seat, "target_seat": target}))
        self._end_turn(events)

    # ------------------------------------------------------ eliminating witnesses

    def _open_window(self, value: int, events: list[Event]) -> None:
        self.phase = SNAP
        self.window_value = value
        self._reset_eligible()
        events.append(Event("window_open", {"value": value}))

    def _reset_eligible(self) -> None:
        """Everyone may try, in seat order from the player left of the active one."""
        self.eligible = [(self.active + i) % self.n for i in range(1, self.n + 1)]

    def _snap_districts(self, seat: int) -> range | list[int]:
        """Ruling: the closer's District is locked against other players' snaps too."""
        if self.closer < 0 or self.closer == seat:
            return range(self.n)
        return [t for t in range(self.n) if t != self.closer]

    def _snap(self, seat: int, target: int, slot: int, events: list[Event]) -> None:
        district = self.districts[target]
        card = district[slot]
        params = {"seat": seat, "target_seat": target, "slot": slot, "card": _face(card)}
        if card in ELIMINABLE and PRINTED[card] == self.window_value:
            district[slot] = EMPTY
            self.discard.append(card)
            events.append(Event("snap_hit", params))
            if target != seat and any(c != EMPTY for c in self.districts[seat]):
                self.phase = GIVE
                self.give_target = (target, slot)
                self.giver = seat
                self.eligible = []
                return
            events.append(Event("window_closed", {}))
            self._end_turn(events)
            return
        # A wrong guess: the card was shown to everyone and goes back; the snapper draws a penalty.
        self._reveal_to_all(card)
        events.append(Event("snap_miss", params))
        if not self._can_draw():
            events.append(Event("no_penalty_card", {"seat": seat}))
            events.append(Event("window_closed", {}))
            self._end_turn(events)
            return
        penalty = self._take_top(events)
        self.districts[seat].append(penalty)
        events.append(Event("penalty", {"seat": seat, "slot": len(self.districts[seat]) - 1}))
        self._reset_eligible()

    def _give(self, seat: int, slot: int, events: list[Event]) -> None:
        """Replace the eliminated Witness with one of your own cards, face down and unseen."""
        own = self.districts[seat]
        target, target_slot = self.give_target
        self.districts[target][target_slot] = own[slot]
        own[slot] = EMPTY
        self.give_target = (-1, -1)
        self.giver = -1
        events.append(
            Event("give", {"seat": seat, "slot": slot, "target_seat": target, "target_slot": target_slot})
        )
        events.append(Event("window_closed", {}))
        self._end_turn(events)

    # ------------------------------------------------------------ turn order

    def _end_turn(self, events: list[Event]) -> None:
        self.phase = DRAW
        self.sicario = False
        self.eligible = []
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
            events.append(Event("turn", {"seat": nxt}))

    def _can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _take_top(self, events: list[Event]) -> int:
        """The top draw-pile card. Ruling: an empty pile is rebuilt from the discard pile, all
        but its top card, shuffled; nobody knows where those cards now lie."""
        if not self.deck:
            top = self.discard.pop()
            self.deck = self.discard
            self.discard = [top]
            # Each reshuffle draws from its own generator derived from the deal's seed: as
            # reproducible as one running generator, and a clone copies two ints, not 625.
            random.Random(derive_seed(self.seed, self.shuffles)).shuffle(self.deck)
            self.shuffles += 1
            forget = 0
            for card in self.deck:
                forget |= _bit(card)
            self.known = [k & ~forget for k in self.known]
            events.append(Event("reshuffle", {"cards": len(self.deck)}))
        return self.deck.pop()

    def _reveal_to_all(self, card: int) -> None:
        bit = _bit(card)
        self.known = [k | bit for k in self.known]

    # --------------------------------------------------------------- the end

    def _finish(self, reason: str, events: list[Event]) -> None:
        """End of the game: reveal every District; the Soplón is worth the top draw-pile card."""
        self.phase = OVER
        self.end_reason = reason
        if any(SOPLON in d for d in self.districts) and self._can_draw():
            self.soplon_card = self._take_top(events)
            self.deck.append(self.soplon_card)
            events.append(
                Event("soplon_value", {"card": _face(self.soplon_card), "value": self.soplon_value()})
            )
        outcome = self.outcome()
        assert outcome is not None
        for seat, district in enumerate(self.districts):
            cards = [_face(c) for c in district if c != EMPTY]
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
                    "soplon_card": _face(self.soplon_card) if self.soplon_card != EMPTY else None,
                    "cards": [len([c for c in d if c != EMPTY]) for d in self.districts],
                },
            )
        return self._outcome

    # --------------------------------------------------------------- views

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        """District cards are backs (``"back"``), faces the seat knows, or ``None`` (empty)."""
        over = self.phase == OVER
        mask = self.known[seat] if (seat is not None and recall) else 0
        districts = [
            [None if c == EMPTY else (FACES[c] if over or (mask >> c) & 1 else "back") for c in district]
            for district in self.districts
        ]
        held: str | None = None
        if self.held != EMPTY:
            held = FACES[self.held] if seat == self.active else "back"
        view: dict[str, Any] = {
            "game": GAME_ID,
            "seat": seat,
            "players": self.n,
            "phase": self.phase,
            "active": self.active,
            "actors": list(self.actors()),
            "districts": districts,
            "held": held,
            "deck": len(self.deck),
            "discard": [FACES[c] for c in self.discard],
            "closer": self.closer if self.closer >= 0 else None,
            "window": self.window_value if self.phase == SNAP else None,
            "sicario": self.sicario,
            "give_to": list(self.give_target) if self.phase == GIVE else None,
            "giver": self.giver if self.phase == GIVE else None,
            "turn": self.turns,
            "turn_limit": self.turn_limit,
        }
        if over:
            outcome = self.outcome()
            assert outcome is not None
            view["outcome"] = outcome.to_json()
        return view

    def label(self, action: Action) -> Msg:
        kind = action[0]
        params: dict[str, Any] = {}
        if kind in ("swap", "remove", "give"):
            params = {"slot": action[1]}
        elif kind in ("peek", "snap"):
            params = {"target_seat": action[1], "slot": action[2]}
        elif kind == "add":
            params = {"target_seat": action[1]}
        elif kind == "switch":
            params = {"a_seat": action[1], "a_slot": action[2], "b_seat": action[3], "b_slot": action[4]}
        return Msg(f"{GAME_ID}.action.{kind}", params)

    def _why_illegal(self, seat: int, action: Action) -> str:
        if seat not in self.actors():
            return "stool-pigeon.error.not_your_turn" if self.phase != OVER else "error.game_over"
        kind = action[0] if action else ""
        if kind == "close" and self.closer >= 0:
            return "stool-pigeon.error.already_closed"
        if kind in ("peek", "switch", "snap", "add") and self.closer >= 0 and self.closer in action[1::2][:2]:
            return "stool-pigeon.error.closer_immune"
        if kind == "discard" and self.phase == SWAP:
            return "stool-pigeon.error.discard_drawn"
        return "error.illegal_action"

    # ---------------------------------------------------- copies and JSON

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.n = self.n
        other.districts = [d[:] for d in self.districts]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.known = self.known[:]
        other.phase = self.phase
        other.active = self.active
        other.held = self.held
        other.closer = self.closer
        other.window_value = self.window_value
        other.eligible = self.eligible[:]
        other.sicario = self.sicario
        other.give_target = self.give_target
        other.giver = self.giver
        other.turns = self.turns
        other.turn_limit = self.turn_limit
        other.memory_aid = self.memory_aid
        other.seed = self.seed
        other.shuffles = self.shuffles
        other.end_reason = self.end_reason
        other.soplon_card = self.soplon_card
        other._outcome = self._outcome
        return other

    def to_json(self) -> dict[str, Any]:
        return codec.encode(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        state = cls()
        codec.decode(state, data)
        return state

    def inventory(self) -> dict[str, int]:
        placed = sum(1 for d in self.districts for c in d if c != EMPTY)
        return {"cards": placed + len(self.deck) + len(self.discard) + (self.held != EMPTY)}

    # ------------------------------------------------------ hidden information

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redeal every card ``seat`` has not seen among the places it cannot see into."""
        other = self.clone()
        mask = self.known[seat]
        if self.phase == OVER:  # every District and the Soplón's card are face up by now
            for district in self.districts:
                for c in district:
                    if c != EMPTY:
                        mask |= _bit(c)
            if self.soplon_card != EMPTY:
                mask |= _bit(self.soplon_card)
        places: list[tuple[list[int], int]] = []
        for district in other.districts:
            for s, c in enumerate(district):
                if c != EMPTY and not (mask >> c) & 1:
                    places.append((district, s))
        deck_places = [(other.deck, i) for i in range(len(other.deck))]
        places.extend(deck_places)
        held_hidden = other.held != EMPTY and not (mask >> other.held) & 1
        cards = [where[i] for where, i in places]
        if held_hidden:
            cards.append(other.held)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        mapping = dict(zip(cards, shuffled, strict=True))
        for where, i in places:
            where[i] = mapping[where[i]]
        if held_hidden:
            other.held = mapping[other.held]
        # Other seats knew the cards that lay where they looked: keep their knowledge in place.
        other.known = [k if s == seat else _remap(k, mapping) for s, k in enumerate(self.known)]
        other._outcome = None
        return other


def _remap(mask: int, mapping: dict[int, int]) -> int:
    out = 0
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        out |= _bit(mapping.get(card, card))
        mask ^= low
    return out


def _face(card: int) -> str:
    return FACES[card]
