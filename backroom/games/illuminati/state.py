"""An Illuminati position and what each action does (rulebook:
``shared/seeds/004_4e82edb1c2a01e67.txt``).

Layout: cards are ints (``cards.py``). ``owner[c]`` is the seat controlling card ``c`` (-1:
nobody) and ``money[c]`` its treasury; ``structures[s]`` lays out seat ``s``'s power structure
(``structure.py``: cards by face). The ``deck`` (top at the end), the ``uncontrolled`` area, the
``dead`` pile, the ``discard`` pile of specials and the ``hands`` of specials hold cards;
``out`` the Illuminati of eliminated players; ``known[s]`` the specials in the others' hands
that seat ``s`` has seen (Computer Espionage, a gift), as a bit mask. The bank is unlimited:
``issued`` counts the MB it paid out net, so the money in play minus ``issued`` is conserved.

This turn: ``actions_left``, ``transfers_left`` (the two free transfers), ``acted`` (anything
done: a player who does nothing takes 5 MB), ``used[c]`` (attacks and aids of each card),
``cancelled`` (attacks announced and cancelled), ``privileged_used`` (the Bavarians' paid
privilege).

The attack in flight (``p_*``): its mode, target, attacking group and aiding groups, whether it
is privileged, the money spent by each party (``attack.RATES``) and the ``window`` of seats
still to be asked in this round of spending (``spending.py``). A money transfer waiting for its
amount (``t_*``): from which card to which, and whether it is the free one after a capture.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
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
    Int,
    Ints,
    Masks,
    Schema,
    Str,
    WindowField,
)
from backroom.engine.window import Window
from backroom.games.illuminati import (
    concealment,
    conflict,
    goals,
    hidden,
    lasers,
    legality,
    moves,
    redistribution,
    specials,
    turn,
    view,
)
from backroom.games.illuminati.cards import (
    CARD_OF,
    CHOOSE,
    EXTRA_INCOME_BY_PLAYERS,
    FACE,
    GAME_ID,
    GOAL_BY_PLAYERS,
    GROUPS,
    ILLUMINATI,
    NUM_CARDS,
    OVER,
    PHASES,
    POWER,
    REDISTRIBUTE,
    ROLLED,
    SPECIAL_CARDS,
    START,
    TURN_LIMIT,
    UFOS,
)
from backroom.games.illuminati.layout import Structures, new_structure
from backroom.games.illuminati.structure import Structure


class IlluminatiState(State):
    GAME_ID = GAME_ID
    SCHEMA = Schema(
        n=Int(json="players"),
        round_limit=Int(TURN_LIMIT),
        goal=Int(),
        very_long=Bool(),
        secret_goals=Bool(),
        hidden_mode=Str(concealment.OFF),
        identified=Bools(),
        shown_power=Ints(),
        shown_income=Ints(),
        ruled_out=Masks(),
        first=Int(),
        active=Int(),
        turns=Ints(),
        alive=Bools(),
        phase=Str(OVER),
        illuminati=Ints(),
        owner=Ints(),
        money=Ints(),
        issued=Int(),
        structures=Structures(),
        deck=Ints(),
        uncontrolled=Ints(),
        dead=Ints(),
        discard=Ints(),
        out=Ints(),
        hands=Ints(depth=2),
        known=Masks(),
        destroyed=Ints(),
        actions_left=Int(),
        transfers_left=Int(),
        acted=Bool(),
        used=Ints(),
        cancelled=Int(),
        privileged_used=Bool(),
        redistribute=Str(),
        sent=Ints(),
        market=Bool(),
        recycled=Bool(),
        laser_card=Int(-1),
        laser_align=Int(),
        goal_choice=Ints(),
        p_mode=Str(),
        p_stage=Str(),
        p_target=Int(-1),
        p_attacker=Int(-1),
        p_helpers=Ints(),
        p_privileged=Bool(),
        p_committed=Bool(),
        p_spent=Ints(),
        p_interferers=Ints(),
        p_roll=Int(),
        p_need=Int(),
        t_from=Int(-1),
        t_to=Int(-1),
        t_free=Bool(),
        window=WindowField(),
        winners=Ints(),
        end_reason=Str(),
        chance=ChanceField(),
        _outcome=Cached(),
    )
    __slots__ = SCHEMA.slots

    n: int
    round_limit: int
    goal: int
    very_long: bool
    secret_goals: bool
    hidden_mode: str
    identified: list[bool]
    shown_power: list[int]
    shown_income: list[int]
    ruled_out: list[int]
    first: int
    active: int
    turns: list[int]
    alive: list[bool]
    phase: str
    illuminati: list[int]
    owner: list[int]
    money: list[int]
    issued: int
    structures: list[Structure]
    deck: list[int]
    uncontrolled: list[int]
    dead: list[int]
    discard: list[int]
    out: list[int]
    hands: list[list[int]]
    known: list[int]
    destroyed: list[int]
    actions_left: int
    transfers_left: int
    acted: bool
    used: list[int]
    cancelled: int
    privileged_used: bool
    redistribute: str
    sent: list[int]
    market: bool
    recycled: bool
    laser_card: int
    laser_align: int
    goal_choice: list[int]
    p_mode: str
    p_stage: str
    p_target: int
    p_attacker: int
    p_helpers: list[int]
    p_privileged: bool
    p_committed: bool
    p_spent: list[int]
    p_interferers: list[int]
    p_roll: int
    p_need: int
    t_from: int
    t_to: int
    t_free: bool
    window: Window
    winners: list[int]
    end_reason: str
    chance: Chance
    _outcome: Outcome | None

    # ----------------------------------------------------------------- setup

    @classmethod
    def deal(cls, players: int, seed: int, options: Mapping[str, Any]) -> tuple[Self, list[Event]]:
        """ "Preparar el juego": an Illuminati card each, dealt at random (ruling 1), with its
        income on it; the shuffled deck of groups and specials; four uncontrolled groups; the
        highest roll starts. ``options``: the table's (``Illuminati.options``)."""
        state = cls()
        state.n = players
        state.round_limit = options["round_limit"]
        state.goal = GOAL_BY_PLAYERS[players] + options["goal_extra"]
        state.very_long = options["very_long"]
        state.secret_goals = options["secret_goals"]
        state.hidden_mode = options["hidden_illuminati"]
        state.identified = [False] * players
        state.shown_power = [concealment.POWER_FLOOR] * players
        state.shown_income = [concealment.INCOME_FLOOR] * players
        state.ruled_out = [0] * players
        state.chance = Chance(seed)
        roots = list(ILLUMINATI)
        state.chance = state.chance.shuffle(roots)
        state.illuminati = roots[:players]
        state.out = sorted(roots[players:])
        state.owner = [-1] * NUM_CARDS
        state.money = [0] * NUM_CARDS
        state.used = [0] * NUM_CARDS
        state.structures = []
        state.p_spent = [0] * 5
        state.turns = [0] * players
        state.alive = [True] * players
        state.destroyed = [0] * players
        state.hands = [[] for _ in range(players)]
        state.known = [0] * players
        state.goal_choice = [-1] * players
        events: list[Event] = [
            Event("setup", {"players": players, "cards": [FACE[r] for r in state.illuminati]})
        ]
        for seat, root in enumerate(state.illuminati):
            state.owner[root] = seat
            state.structures.append(new_structure(root))
            state.earn(root, state.root_income(seat))
        state.deck = list(GROUPS + SPECIAL_CARDS)
        state.chance = state.chance.shuffle(state.deck)
        turn.setup_area(state, events)
        state.first = state.active = turn.starting_roll(state, events)
        if goals.chooser(state) >= 0:
            state.phase = CHOOSE  # "al principio de la partida, después de elegir Illuminati"
        else:
            turn.begin_turn(state, events)
        concealment.mask_events(state, events, 0)
        return state, events

    # ----------------------------------------------------------- helpers

    def cards_of(self, seat: int) -> list[int]:
        """Seat's cards, its Illuminati first, in structure order."""
        return [CARD_OF[f] for f in self.structures[seat].cards()]

    def power(self, card: int) -> int:
        """The card's Power; with secret goals the UFOs have 1 more: "Aumenta el Poder de los
        OVNIs en 1 punto para compensarlos por la pérdida de una de sus ventajas." """
        return POWER[card] + 1 if self.secret_goals and card == UFOS else POWER[card]

    def root_income(self, seat: int) -> int:
        """The Illuminati's income (the claimed one while face down: ruling 32), +3 MB at seven
        players and +5 at eight."""
        return concealment.income_taken(self, seat) + EXTRA_INCOME_BY_PLAYERS.get(self.n, 0)

    def earn(self, card: int, mb: int) -> None:
        """``mb`` from the bank onto ``card``."""
        self.money[card] += mb
        self.issued += mb

    def pay(self, card: int, mb: int) -> None:
        """``mb`` from ``card`` back to the bank."""
        self.money[card] -= mb
        self.issued -= mb

    def check_end(self, events: list[Event] | None) -> None:
        goals.check(self, events)

    def finish_by_limit(self, events: list[Event] | None) -> None:
        goals.finish_by_limit(self, events)

    # ----------------------------------------------------------- the contract

    @property
    def players(self) -> int:
        return self.n

    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.window:
            return (self.window[0],)
        if self.phase == CHOOSE:
            return (goals.chooser(self),)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        return legality.actions(self, seat)

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.is_over:
            return "error.game_over"
        if seat not in self.actors():
            return "error.not_your_turn"
        return legality.why(self, seat, action)

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        start = len(events) if events is not None else 0
        concealment.before(self, seat, action, events)
        self._apply(seat, action, events)
        concealment.mask_events(self, events, start)
        self._outcome = None

    def _apply(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kind = action[0]
        if kind == "goal":
            goals.choose(self, seat, action[1], events)
        elif kind == "pass" and self.phase == START:
            turn.answer_start(self, seat, events)
        elif kind == "place" and self.p_stage == "move":
            moves.finish_move(self, action[1], events)
        elif kind == "place" and self.p_stage == "bribe":
            conflict.bribe(self, action[1], events)
        elif kind in concealment.KINDS:
            concealment.play(self, seat, action, events)
        elif kind in lasers.KINDS:
            lasers.play(self, seat, action, events)
        elif kind in specials.KINDS:
            specials.play(self, seat, action, events)
            if self.phase == ROLLED and not self.window:
                conflict.settle(self, events)
            elif self.phase == START and not self.window:
                turn.income_and_draw(self, events)
        elif kind in conflict.KINDS:
            conflict.play(self, seat, action, events)
        elif kind == "end":
            if self.phase == REDISTRIBUTE and not redistribution.close(self):
                return
            if not redistribution.power_first(self):
                turn.end_turn(self, events)
        else:
            moves.play(self, seat, action, events)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self._outcome is None:
            self._outcome = goals.outcome(self)
        return self._outcome

    def view(self, seat: int | None, *, recall: bool = True) -> dict[str, Any]:
        return view.view(self, seat)

    def label(self, action: Action) -> Msg:
        return view.label(self, action)

    def check(self) -> None:
        per_seat = (self.illuminati, self.structures, self.goal_choice, self.identified, self.shown_power)
        if not 2 <= self.n <= 8 or any(len(f) != self.n for f in per_seat):
            raise ValueError("not a valid illuminati position: seats")
        if len(self.owner) != NUM_CARDS or len(self.money) != NUM_CARDS or len(self.used) != NUM_CARDS:
            raise ValueError("not a valid illuminati position: per-card lists")
        if sorted(self._all_cards()) != list(range(NUM_CARDS)):
            raise ValueError("not a valid illuminati position: every card once")
        for seat, structure in enumerate(self.structures):
            if self.alive[seat] and any(self.owner[CARD_OF[f]] != seat for f in structure.cards()):
                raise ValueError("not a valid illuminati position: owners")
        if self.phase not in PHASES:
            raise ValueError("not a valid illuminati position: phase")
        if any(m < 0 for m in self.money):
            raise ValueError("not a valid illuminati position: negative treasury")

    def _all_cards(self) -> list[int]:
        held = [c for s in range(self.n) if self.alive[s] for c in self.cards_of(s)]
        hands = [c for h in self.hands for c in h]
        return held + hands + self.deck + self.uncontrolled + self.dead + self.discard + self.out

    def inventory(self) -> dict[str, int]:
        return {"cards": len(self._all_cards()), "mb": sum(self.money) - self.issued}

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other
