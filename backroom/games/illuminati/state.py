"""An Illuminati position and what each action does (rulebook:
``shared/seeds/004_4e82edb1c2a01e67.txt``).

Layout: cards are ints (``cards.py``). ``owner[c]`` is the seat controlling card ``c`` (-1:
nobody) and ``money[c]`` its treasury; ``structures[s]`` lays out seat ``s``'s power structure
(``structure.py``: cards by face). The ``deck`` (top at the end), the ``uncontrolled`` area, the
``dead`` pile, the ``discard`` pile of specials and the ``hands`` of specials hold cards;
``out`` the Illuminati of eliminated players; ``known[s]`` the specials in the others' hands
that seat ``s`` has seen (Computer Espionage, a gift), as a bit mask; ``destroyed[s]`` the
groups (and Illuminati put out) seat ``s`` destroyed, and ``stripped[s]`` who took seat ``s``'s
last group (``goals.eliminate``: ``goals.HOLDING`` while it holds groups, ``goals.NEVER_HELD``
before it ever held one, ``goals.GAVE_UP`` once it gave its last group up rather than lose it
to an attack; public, as the structures are). The bank is unlimited:
``issued`` counts the MB it paid out net, so the money in play minus ``issued`` is conserved.

Deals (``deals.py``): ``d_from`` the seat making the offer in hand and ``d_seat`` the other
party (-1: none), ``d_give`` and ``d_take`` the cards each way, ``d_give_mb`` and ``d_take_mb``
the money, ``d_arriving`` the groups accepted and not yet laid, ``d_counters`` the counter-offers
so far and ``d_added`` whether the offer grew since it was last turned round; an offer made in
a window holds it: ``d_phase`` and ``d_window`` (empty: made on turn); ``offers`` made this
turn, ``gifts[s]`` gifts and offers made out of turn.
A special waiting for the others' answer (``secrets.py``): ``c_seat`` played ``c_action`` (JSON)
in phase ``c_phase`` with the window ``c_window``. A group being laid while its player chooses
where colliding puppets go (``settling.py``): ``s_action`` (JSON), ``s_phase``, ``s_window`` and
the ``s_choices`` so far, as pairs (puppet, index of the side in ``SIDES``).

This turn: ``actions_left``, ``transfers_left`` (the two free transfers), ``acted`` (anything
done: a player who does nothing takes 5 MB), ``used[c]`` (attacks and aids of each card),
``cancelled`` (the attacks cancelled since the position last changed, ruling 7),
``privileged_used`` (the Bavarians' paid privilege).

The attack in flight (``p_*``): its mode, target, attacking group and aiding groups, whether it
is privileged, the money spent by each party (``attack.RATES``) and the ``window`` of seats
still to be asked in this round of spending (``spending.py``). A money transfer waiting for its
amount (``t_*``): from which card to which, whether it is the free one after a capture, and the
MB it moved so far (``more``, ruling 28). A redistribution (``redistribution.py``): why, the
transfers made, the phase it interrupted (``resume``) and the Bermuda Triangle's new layout
(``draft``).
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
    deals,
    goals,
    hidden,
    integrity,
    lasers,
    leaving,
    legality,
    moves,
    redistribution,
    secrets,
    settling,
    specials,
    turn,
    view,
)
from backroom.games.illuminati.cards import (
    ACTION,
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
    POWER,
    REDISTRIBUTE,
    ROLLED,
    SETTLE,
    SIDES,
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
        leaving=Bool(),
        goal=Int(),
        very_long=Bool(),
        secret_goals=Bool(),
        hidden_mode=Str(concealment.OFF),
        identified=Bools(),
        shown_power=Ints(),
        shown_income=Ints(),
        ruled_out=Masks(),
        ruled_goals=Masks(),
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
        bottom=Int(),
        uncontrolled=Ints(),
        dead=Ints(),
        discard=Ints(),
        out=Ints(),
        hands=Ints(depth=2),
        known=Masks(),
        destroyed=Ints(),
        stripped=Ints(),
        actions_left=Int(),
        transfers_left=Int(),
        acted=Bool(),
        used=Ints(),
        cancelled=Ints(),
        privileged_used=Bool(),
        redistribute=Str(),
        shifts=Int(),
        resume=Str(),
        draft=Structures(),
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
        t_moved=Int(),
        offers=Int(),
        gifts=Ints(),
        d_from=Int(-1),
        d_seat=Int(-1),
        d_phase=Str(),
        d_window=Ints(),
        d_counters=Int(),
        d_added=Bool(),
        d_give=Ints(),
        d_take=Ints(),
        d_give_mb=Int(),
        d_take_mb=Int(),
        d_arriving=Ints(),
        c_seat=Int(-1),
        c_action=Str(),
        c_phase=Str(),
        c_window=Ints(),
        s_action=Str(),
        s_phase=Str(),
        s_window=Ints(),
        s_choices=Ints(),
        window=WindowField(),
        winners=Ints(),
        end_reason=Str(),
        chance=ChanceField(),
        _outcome=Cached(),
    )
    __slots__ = SCHEMA.slots

    n: int
    round_limit: int
    leaving: bool
    goal: int
    very_long: bool
    secret_goals: bool
    hidden_mode: str
    identified: list[bool]
    shown_power: list[int]
    shown_income: list[int]
    ruled_out: list[int]
    ruled_goals: list[int]
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
    bottom: int
    """How many cards at the bottom of the deck the whole table saw go there: the specials
    turned up while the uncontrolled area filled (``turn.turn_up``), in the order they went."""
    uncontrolled: list[int]
    dead: list[int]
    discard: list[int]
    out: list[int]
    hands: list[list[int]]
    known: list[int]
    destroyed: list[int]
    stripped: list[int]
    actions_left: int
    transfers_left: int
    acted: bool
    used: list[int]
    cancelled: list[int]
    privileged_used: bool
    redistribute: str
    shifts: int
    resume: str
    draft: list[Structure]
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
    t_moved: int
    offers: int
    gifts: list[int]
    d_from: int
    d_seat: int
    d_phase: str
    d_window: list[int]
    d_counters: int
    d_added: bool
    d_give: list[int]
    d_take: list[int]
    d_give_mb: int
    d_take_mb: int
    d_arriving: list[int]
    c_seat: int
    c_action: str
    c_phase: str
    c_window: list[int]
    s_action: str
    s_phase: str
    s_window: list[int]
    s_choices: list[int]
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
        state.ruled_goals = [0] * players
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
        state.stripped = [goals.NEVER_HELD] * players
        state.hands = [[] for _ in range(players)]
        state.known = [0] * players
        state.gifts = [0] * players
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
        """The Illuminati's income (the claimed one while face down: ruling 38), +3 MB at seven
        players and +5 at eight."""
        return concealment.income_taken(self, seat) + EXTRA_INCOME_BY_PLAYERS.get(self.n, 0)

    def chosen_arrows(self) -> dict[str, Any]:
        """The arrows chosen so far for the colliding puppets of the group being laid."""
        pairs = zip(self.s_choices[::2], self.s_choices[1::2], strict=True)
        return {FACE[card]: SIDES[side] for card, side in pairs}

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

    def is_legal(self, seat: int, action: Action) -> bool:
        return seat in self.actors() and legality.is_legal(self, seat, action)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        return legality.random_action(self, seat, rng)

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.is_over:
            return "error.game_over"
        if seat not in self.actors():
            return "illuminati.error.not_your_turn"
        return legality.why(self, seat, action)

    def play(self, seat: int, action: Action, events: list[Event] | None) -> None:
        start = len(events) if events is not None else 0
        if secrets.intercepts(self, seat, action):
            secrets.ask(self, seat, action, events)
        elif self.phase in secrets.PHASES:
            secrets.play(self, seat, action, events)
        elif self.phase == SETTLE:
            settling.play(self, seat, action, events)
        elif settling.intercepts(self, seat, action):
            settling.ask(self, seat, action)
        else:
            self.perform(seat, action, events)
        concealment.mask_events(self, events, start)
        self._outcome = None

    def perform(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """``action`` takes effect (any special in it was let through: ``secrets.py``)."""
        concealment.before(self, seat, action, events)
        kind = action[0]
        if self.cancelled and kind not in conflict.ANNOUNCING:
            self.cancelled = []  # the position changes: cancelled attacks may be tried again
        if events is not None and kind in view.ANNOUNCED:
            events += view.announcement(self, seat, action)
        if kind == "goal":
            goals.choose(self, seat, action[1], events)
        elif kind == "pass" and self.phase == START:
            turn.answer_start(self, seat, events)
        elif kind == "place" and self.p_stage == "move":
            moves.finish_move(self, action[1], events)
        elif kind == "place" and self.p_stage == "bribe":
            conflict.bribe(self, action[1], events)
        elif kind in deals.KINDS:
            deals.play(self, seat, action, events)
        elif kind in leaving.KINDS:
            leaving.leave(self, seat, events)
        elif kind in ("give_money", "give_special") and self.phase != ACTION:
            self.gifts[seat] += 1  # a gift out of the turn's actions (ruling 30)
            moves.play(self, seat, action, events)
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
        elif kind == "end" and self.phase == REDISTRIBUTE:
            ends_turn, lost = redistribution.close(self, seat)
            conflict.free(self, seat, lost, events)
            goals.eliminate(self, events)
            if ends_turn and self.phase != OVER:
                turn.end_turn(self, events)
        elif kind == "end":
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
        self.check_seat(seat, spectator=True)
        return view.view(self, seat)

    def label(self, action: Action) -> Msg:
        return view.label(self, action)

    def check(self) -> None:
        integrity.check(self)

    def inventory(self) -> dict[str, int]:
        return integrity.inventory(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        self.check_seat(seat)
        other = self.clone()
        hidden.redeal(self, other, seat, rng)
        return other
