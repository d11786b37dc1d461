"""Goals, elimination and the end (rulebook: "Fin de la partida", "Eliminar a un jugador",
the summary's "Objetivos básicos" and "Objetivos especiales").

"El juego se acaba cuando un jugador cumple, al final de su turno o del de otro, uno de sus
Objetivos. Si dos o más jugadores los cumplen a la vez compartirán la victoria": the goals are
checked at the end of every turn, and every seat meeting one then wins. The basic goal counts
the cards controlled, Illuminati included, by the number of players at the start. The UFOs'
secret goal is chosen before the first turn, seen by them alone (ruling 24); with the option
``secret_goals`` every player chooses one so (ruling 34). The option ``very_long`` replaces the
goals with points once no group is left uncontrolled (ruling 35). A check nobody wins rules out,
for resampling, the hidden cards and goals that would have won (ruling 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from backroom.engine.events import Event
from backroom.engine.game import Outcome
from backroom.engine.ranking import rank
from backroom.engine.window import CLOSED
from backroom.games.illuminati import concealment, turn
from backroom.games.illuminati.attack import align
from backroom.games.illuminati.cards import (
    ALIGNMENTS,
    ASSASSINS,
    BAVARIANS,
    BERMUDA,
    CARD_OF,
    CTHULHU,
    DISCORDIANS,
    ELIMINATION_AFTER_TURN,
    FACE,
    GNOMES,
    ILLUMINATI,
    NETWORK,
    OVER,
    TRANSFER,
    UFOS,
    VIOLENT,
    WEIRD,
    is_group,
)

if TYPE_CHECKING:
    from backroom.games.illuminati.state import IlluminatiState

ALL_ALIGNMENTS = (1 << len(ALIGNMENTS)) - 1
GNOMES_MB, BAVARIANS_POWER, NETWORK_TRANSFER, CTHULHU_KILLS = 150, 35, 25, 8
DISCORDIANS_WEIRD, ASSASSINS_VIOLENT = 5, 6
NEVER_HELD, HOLDING, GAVE_UP = -1, -2, -3
"""``stripped[s]`` before seat ``s`` ever held a group, while it holds one, and once it lost its
last group otherwise than to an attack (dropped, given away in a deal, lost in a move): nobody
took it (ruling 41)."""


def special_goal(state: IlluminatiState, seat: int) -> bool:
    """The special goal of the seat's Illuminati (summary, "Objetivos especiales"); the UFOs,
    and everyone with secret goals, have the goal they chose ("el jugador de los OVNIs escoge el
    Objetivo especial de cualquier otro Grupo y lo escribe, manteniéndolo en secreto"). A very
    long game has none."""
    goal = goal_of(state, seat)
    return goal >= 0 and goal_met(state, seat, goal)


def goal_of(state: IlluminatiState, seat: int) -> int:
    """The Illuminati whose special goal the seat pursues; -1: none (yet)."""
    if state.very_long:
        return -1
    return state.goal_choice[seat] if chooses(state, seat) else state.illuminati[seat]


def goal_met(state: IlluminatiState, seat: int, goal: int, root: int = -1) -> bool:
    """Whether ``seat``'s structure meets the special goal of the Illuminati ``goal``. ``root``:
    another Illuminati supposed at the structure's root (ruling 38), bringing its printed numbers
    but not a treasury: as in a resample, the seat's treasury stays in its place."""
    held = state.cards_of(seat)
    return meets(state, seat, goal, held, held if root < 0 else [root, *held[1:]])


def meets(state: IlluminatiState, seat: int, goal: int, held: list[int], cards: list[int]) -> bool:
    """``goal_met`` on the seat's cards ``held`` (whose treasuries count) with ``cards`` (whose
    printed numbers count) computed once by the caller."""
    if goal == GNOMES:
        return sum(state.money[c] for c in held) >= GNOMES_MB
    if goal == BAVARIANS:
        return sum(state.power(c) for c in cards) >= BAVARIANS_POWER
    if goal == NETWORK:
        return sum(TRANSFER[c] for c in cards) >= NETWORK_TRANSFER
    if goal == CTHULHU:
        return state.destroyed[seat] >= CTHULHU_KILLS
    if goal == DISCORDIANS:
        return sum(1 for c in cards if align(state, c) & WEIRD) >= DISCORDIANS_WEIRD
    if goal == ASSASSINS:
        return sum(1 for c in cards if align(state, c) & VIOLENT) >= ASSASSINS_VIOLENT
    if goal == BERMUDA:
        covered = 0
        for c in cards:
            covered |= align(state, c)
        return covered == ALL_ALIGNMENTS
    return False


def basic_goal(state: IlluminatiState, seat: int) -> bool:
    return not state.very_long and len(state.structures[seat]) >= state.goal


def check(state: IlluminatiState, events: list[Event] | None) -> None:
    """The end of a turn: every seat meeting a goal wins, together; a very long game ends once
    no group is left to control (ruling 35)."""
    if state.very_long and not state.uncontrolled and not any(is_group(c) for c in state.deck):
        finish_on_points(state, "points", events)
        return
    winners = [
        s for s in range(state.n) if state.alive[s] and (basic_goal(state, s) or special_goal(state, s))
    ]
    if winners:
        finish(state, winners, "goal", events)
    else:
        rule_out_met(state)
        eliminate(state, events, turn_over=True)


def finish(state: IlluminatiState, winners: list[int], reason: str, events: list[Event] | None) -> None:
    state.winners = winners
    state.end_reason = reason
    state.phase = OVER
    state.window = CLOSED
    if events is not None:
        events.append(Event("game_over", {"reason": reason, "winners": list(winners)}))


def finish_by_limit(state: IlluminatiState, events: list[Event] | None) -> None:
    """Ruling 12: after ``round_limit`` rounds nobody has won; places go by the cards
    controlled, then by the money in the structure. A very long game is scored instead
    (ruling 35)."""
    if state.very_long:
        finish_on_points(state, "points_limit", events)
    else:
        finish(state, [], "limit", events)


def points(state: IlluminatiState, seat: int) -> int:
    """ "sumad el Poder de los Grupos de cada jugador, y 1 punto por Grupo controlado": the
    Power of every card of the structure, Illuminati included, plus one a card (ruling 35)."""
    if not state.alive[seat]:
        return 0
    return sum(state.power(c) + 1 for c in state.cards_of(seat))


def finish_on_points(state: IlluminatiState, reason: str, events: list[Event] | None) -> None:
    """ "El ganador será el jugador que logre más puntos"; equal best scores share the win."""
    scores = [points(state, s) for s in range(state.n)]
    best = max(scores[s] for s in range(state.n) if state.alive[s])
    finish(state, [s for s in range(state.n) if state.alive[s] and scores[s] == best], reason, events)


def eliminate(
    state: IlluminatiState, events: list[Event] | None, *, turn_over: bool = False, attack: bool = False
) -> None:
    """ "Un jugador queda eliminado si en algún momento posterior a su tercer turno no controla
    más Grupos que sus Illuminati. Su dinero pasa al banco." An Illuminati put out of the game
    counts as destroyed for the goal of destroying eight, to whoever took its last group
    (``strip``, ruling 41); the public tally counts it for every player, so it tells nothing of
    a secret goal (ruling 34). A player pursuing that goal does not go out if it destroyed its
    own last group and that destruction meets it (not if it dropped it or gave it away: "si los
    Servidores de Cthulhu destruyen su último Grupo"): it wins at the end of the turn, as every
    goal does, with whoever else meets one then (ruling 42). The last player left wins (ruling 13).
    Checked after every loss of groups and at the end of every turn (``turn_over``: the active
    player's turn counts as played); ``attack``: the losses come from an attack of the player on
    turn (a capture, a neutralisation, a destruction), the only way a group is taken (ruling
    41)."""
    strip(state, attack)
    for seat in range(state.n):
        done = state.turns[seat] > ELIMINATION_AFTER_TURN or (
            state.turns[seat] == ELIMINATION_AFTER_TURN and (turn_over or seat != state.active)
        )
        if not state.alive[seat] or not done or len(state.structures[seat]) > 1:
            continue
        hunter = state.stripped[seat] if state.stripped[seat] != NEVER_HELD else state.active
        if 0 <= hunter != seat:
            state.destroyed[hunter] += 1
        if seat == hunter and goal_of(state, seat) == CTHULHU and special_goal(state, seat):
            continue  # "no quedan destruidos": the end of the turn finds the goal met (ruling 42)
        discarded = put_out(state, seat)
        if events is not None:
            card = FACE[state.illuminati[seat]]
            events.append(Event("eliminated", {"seat": seat, "card": card, "discarded": discarded}))
    alive = [s for s in range(state.n) if state.alive[s]]
    if len(alive) <= 1:
        finish(state, alive, "last_standing", events)
    elif not turn_over and not state.alive[state.active]:
        turn.end_turn(state, events)


def put_out(state: IlluminatiState, seat: int) -> list[str]:
    """``seat`` leaves the game, eliminated or of its own will: its Illuminati's money to the
    bank ("Su dinero pasa al banco"), its card out of play, its specials face up to the discard
    pile (rulings 13 and 31). The specials discarded, by name."""
    root = state.illuminati[seat]
    state.alive[seat] = False
    state.pay(root, state.money[root])
    state.owner[root] = -1
    state.out.append(root)
    discarded = sorted(FACE[c] for c in state.hands[seat])
    state.discard.extend(state.hands[seat])
    state.hands[seat] = []
    return discarded


def strip(state: IlluminatiState, attack: bool = False) -> None:
    """Who took each seat's last group (ruling 41): "Si echan de la partida a otros Illuminati
    quitándoles su último Grupo los Illuminati destruidos también cuentan para el Objetivo." A
    seat losing its last group before its third turn is over goes out only when that turn ends,
    its own: the player on turn when it lost the group, remembered here, is the one who put it
    out. A seat holding groups is marked ``HOLDING``; one so marked holding only its Illuminati
    now lost its last group on the active player's turn: to that player's attack (``attack``:
    "capturando, neutralizando o destruyendo su último Grupo"), or else it gave it up, and
    nobody took it (``GAVE_UP``). A seat that never held a group (every seat at the start)
    records nobody, and its elimination counts for the player on turn."""
    for seat in range(state.n):
        if not state.alive[seat]:
            continue
        if len(state.structures[seat]) > 1:
            state.stripped[seat] = HOLDING
        elif state.stripped[seat] == HOLDING:
            state.stripped[seat] = state.active if attack else GAVE_UP


def outcome(state: IlluminatiState) -> Outcome:
    if state.very_long and state.end_reason != "last_standing":
        return points_outcome(state)
    controlled = [len(state.structures[s]) if state.alive[s] else 0 for s in range(state.n)]
    wealth = [sum(state.money[c] for c in state.cards_of(s)) if state.alive[s] else 0 for s in range(state.n)]
    keys = [
        (0.0, 0.0, 0.0) if s in state.winners else (1.0, -float(controlled[s]), -float(wealth[s]))
        for s in range(state.n)
    ]
    ranks, tiebreak = rank(keys, ("groups", "money"))
    return Outcome(
        scores=tuple(1.0 if s in state.winners else 0.0 for s in range(state.n)),
        ranks=ranks,
        reason=state.end_reason,
        tiebreak=tiebreak,
        details={"winners": list(state.winners), "groups": controlled, "money": wealth},
    )


def points_outcome(state: IlluminatiState) -> Outcome:
    """A very long game's places: by points, equal points sharing a place."""
    scores = [points(state, s) for s in range(state.n)]
    ranks, tiebreak = rank([(-float(p),) for p in scores], ())
    return Outcome(
        scores=tuple(1.0 if s in state.winners else 0.0 for s in range(state.n)),
        ranks=ranks,
        reason=state.end_reason,
        tiebreak=tiebreak,
        details={"winners": list(state.winners), "points": scores},
    )


def chooses(state: IlluminatiState, seat: int) -> bool:
    """Whether the seat writes its goal down: the UFOs always, everyone with secret goals ("Cada
    jugador elige un Objetivo de la lista y lo apunta, como suelen hacer los OVNIs"); nobody in
    a very long game, which has no special goals. With hidden Illuminati everyone is asked, so
    that the UFOs' turn to write does not name them (ruling 38)."""
    everyone = state.secret_goals or state.hidden_mode != concealment.OFF
    return not state.very_long and (everyone or state.illuminati[seat] == UFOS)


def chooser(state: IlluminatiState) -> int:
    """The next seat, in turn order from the first player, still to write its goal; -1: none."""
    waiting = (s for s in turn.order(state, state.first) if chooses(state, s) and state.goal_choice[s] < 0)
    return next(waiting, -1)


def goals_to_choose(state: IlluminatiState, seat: int) -> list[str]:
    return [FACE[c] for c in goals_for(state, state.illuminati[seat])]


def goals_for(state: IlluminatiState, root: int) -> list[int]:
    """The goals on the list the Illuminati ``root`` may write: never the UFOs' (they have none
    of their own), nor, with secret goals, its own printed one ("ninguno, salvo los OVNIs, tiene
    su Objetivo especial habitual"; ruling 34). With hidden Illuminati and no secret goals the
    others write their own printed goal, the one choice they have (ruling 38)."""
    if not state.secret_goals and root != UFOS:
        return [root]
    return [c for c in ILLUMINATI if c != UFOS and c != root]


def choose(state: IlluminatiState, seat: int, face: str, events: list[Event] | None) -> None:
    """A secret goal written down (rulings 24, 28); once all are, the first turn begins."""
    state.goal_choice[seat] = CARD_OF[face]
    if events is not None:
        events.append(Event("goal_chosen", {"seat": seat}))
        events.append(Event("goal_chosen_face", {"seat": seat, "card": face}, to=(seat,)))
    if chooser(state) < 0:
        turn.begin_turn(state, events)


def rule_out_met(state: IlluminatiState) -> None:
    """A check that nobody won tells the table that no seat holds an Illuminati and a goal its
    structure meets ("Un jugador gana si cumple su Objetivo especial al final de cualquier
    turno"). Those pairs are public knowledge: every card a face-down seat could hold is tried,
    on the structures, treasuries and tally of destructions all can see, so neither the real
    card nor the real goal goes into them. They are kept, for every later check adds to what an
    earlier one ruled out; a resample never draws one (ruling 38)."""
    if state.very_long:
        return
    for seat in range(state.n):
        if not state.alive[seat] or not chooses(state, seat):
            continue
        roots = ILLUMINATI if concealment.conceals(state, seat) else (state.illuminati[seat],)
        pairs = [(root, goal) for root in roots for goal in goals_for(state, root)]
        if len(pairs) == 1:
            continue  # nothing hidden: its own goal, which it has not won
        held = state.cards_of(seat)
        for root, goal in pairs:
            if not ruled_out(state, seat, root, goal) and meets(state, seat, goal, held, [root, *held[1:]]):
                state.ruled_goals[seat] |= 1 << (root * len(ILLUMINATI) + goal)


def ruled_out(state: IlluminatiState, seat: int, root: int, goal: int) -> bool:
    """Whether a check the seat did not win has ruled out its holding ``root`` and pursuing
    ``goal``."""
    return bool(state.ruled_goals[seat] >> (root * len(ILLUMINATI) + goal) & 1)
