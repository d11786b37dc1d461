"""Illuminati: rulebook sentences that no other test could catch being broken, found by a
sentence-by-sentence review with mutations of the engine (each test's docstring quotes its
sentence; the review's report names the mutation each one catches)."""

from __future__ import annotations

from backroom.games.illuminati.attack import terms
from backroom.games.illuminati.cards import CARD_OF, GOAL_BY_PLAYERS, GROUP_FACES, POWER
from tests.helpers import event

from .conftest import all_pass, declare, dice, position
from .test_goals import ROOTS, grown, last_group_under_attack

MAFIA_AND_SHARKS = [("the_mafia", "ufos", "right"), ("loan_sharks", "the_mafia", "top")]


def to_next_turn_of(state, seat):
    """Every other player ends its turn at once, and every window before an income passes,
    until ``seat`` is on turn again in its action phase."""
    state.apply(seat, ("end",))
    while not (state.phase == "action" and state.active == seat):
        if state.phase == "start":
            state.apply(state.actors()[0], ("pass",))
        else:
            assert state.phase == "action", state.phase
            state.apply(state.active, ("end",))


def money(state, face):
    return state.money[CARD_OF[face]]


def test_the_number_of_groups_to_win_does_not_change_when_players_are_eliminated():
    """ "Si un jugador abandona o es eliminado el número de Grupos necesarios para ganar (ver
    pág. 28) *no* cambia." Five players need 10 groups (the summary's table); three of them go
    out, and the two left still need 10, not the 13 of a two-player game."""
    goal = GOAL_BY_PLAYERS[5]
    pool = [g for g in GROUP_FACES if g not in ("the_mafia",)]
    laid = grown("ufos", pool[:goal])  # one group more than the goal asks
    state = position(
        ROOTS[:5],
        structures={0: laid, 1: [("the_mafia", "network", "right")]},
        turns=4,  # past their third turn: a seat with only its Illuminati goes out
    )
    leaf = laid[-1][0]  # the last group laid holds no puppet
    events = state.apply(0, ("drop", leaf))
    assert sorted(e.params["seat"] for e in events if e.kind == "eliminated") == [2, 3, 4]
    assert sum(state.alive) == 2 and GOAL_BY_PLAYERS[2] > goal
    assert len(state.structures[0]) == goal and not state.is_over
    events = state.apply(0, ("end",))
    assert event(events, "game_over").params["winners"] == [0]
    assert state.outcome().reason == "goal"


def test_actions_cannot_be_saved_for_another_turn():
    """ "Las acciones **NO** pueden guardarse para otros turnos." A turn without an action
    leaves the next one two actions, not four: after its two free transfers and two transfers
    made as actions, nothing else costing an action is offered."""
    state = position(["ufos", "society_of_assassins"], structures={0: MAFIA_AND_SHARKS}, uncontrolled=["kkk"])
    to_next_turn_of(state, 0)  # a turn with no action at all
    assert state.actions_left == 2
    for _ in range(4):  # the Mafia's income pays them: 1 MB each
        state.apply(0, ("transfer", "the_mafia", "loan_sharks"))
        state.apply(0, ("amount", 1))
    legal = state.legal_actions(0)
    assert not [a for a in legal if a[0] in ("transfer", "attack", "move")]
    assert state.actions_left == 0 and state.transfers_left == 0


def test_the_two_free_transfers_come_back_every_turn():
    """ "5. *Transferir dinero*: el jugador puede transferir una parte o todo el tesoro de dos
    Grupos a los de grupos *adyacentes* a ellos (ver pág. 10)." and "Un jugador puede realizar
    dos transferencias como parte de su turno": two free transfers in every turn, whatever the
    turn before spent."""
    state = position(
        ["ufos", "society_of_assassins"],
        structures={0: MAFIA_AND_SHARKS},
        money={"the_mafia": 4},
    )
    for _ in range(2):
        state.apply(0, ("transfer", "the_mafia", "loan_sharks"))
        state.apply(0, ("amount", 1))
    assert state.transfers_left == 0 and state.actions_left == 2
    to_next_turn_of(state, 0)
    assert state.transfers_left == 2
    for left in (1, 0):
        state.apply(0, ("transfer", "the_mafia", "loan_sharks"))
        state.apply(0, ("amount", 1))
        assert state.transfers_left == left and state.actions_left == 2


def test_the_bavarians_make_one_attack_privileged_in_each_of_their_turns():
    """ "Los Illuminati de Baviera tienen la aptitud especial de declarar uno de sus ataques por
    turno Confidencial pagando 5 MB de su tesoro." Once in a turn, for 5 MB, and again in the next."""
    state = position(
        ["bavarian_illuminati", "society_of_assassins"],
        structures={0: [("multinational_oil_companies", "bavarian_illuminati", "right")]},
        uncontrolled=["kkk", "punk_rockers"],
        money={"bavarian_illuminati": 12},
    )
    declare(state, "control", "kkk", "bavarian_illuminati", how="bavarian")
    assert state.p_privileged and money(state, "bavarian_illuminati") == 7
    state.chance = dice(12)
    all_pass(state)
    state.apply(0, ("attack", "control", "punk_rockers"))
    state.apply(0, ("attacker", "multinational_oil_companies"))
    assert ("announce", "bavarian") not in state.legal_actions(0)  # one a turn
    state.apply(0, ("announce", "open"))
    state.chance = dice(12)
    all_pass(state)
    to_next_turn_of(state, 0)
    state.apply(0, ("attack", "control", "kkk"))
    state.apply(0, ("attacker", "bavarian_illuminati"))
    assert money(state, "bavarian_illuminati") >= 5
    assert ("announce", "bavarian") in state.legal_actions(0)  # a new turn, a new one
    before = money(state, "bavarian_illuminati")
    state.apply(0, ("announce", "bavarian"))
    assert state.p_privileged and money(state, "bavarian_illuminati") == before - 5


def test_only_the_group_that_attacked_passes_money_to_the_group_it_captured():
    """ "El Grupo que atacó podrá transferir inmediatamente todo su tesoro o parte de él al
    Grupo que ha capturado. Esta no es una acción distinta, sino que se considera parte del
    ataque." The Mafia captures the K.K.K.: the Mafia's treasury may follow it, not the
    Network's."""
    state = position(
        ["network", "ufos"],
        structures={0: [("the_mafia", "network", "right")]},
        uncontrolled=["kkk"],
        money={"network": 10, "the_mafia": 5},
    )
    declare(state, "control", "kkk", "the_mafia")
    state.chance = dice(2)
    all_pass(state)
    state.apply(0, state.legal_actions(0)[0])  # the first free arrow of the Mafia
    assert state.owner[CARD_OF["kkk"]] == 0 and state.phase == "transfer"
    amounts = [a[1] for a in state.legal_actions(0) if a[0] == "amount" and a[1] != "all"]
    assert max(amounts) == 5  # the Mafia's 5 MB, not the Network's 10
    state.apply(0, ("amount", "all"))
    assert (money(state, "the_mafia"), money(state, "kkk"), money(state, "network")) == (0, 5, 10)
    assert state.transfers_left == 2 and state.actions_left == 1


def test_proximity_to_the_illuminati_still_counts_for_the_defence_against_destroy():
    """ "1. En vez de tirar Poder menos Resistencia, el atacante tira Poder menos Poder. Es
    decir, el Grupo defensor se defiende con su Poder y no con su Resistencia. La cercanía a los
    Illuminati, explicada en la página 7, sigue teniéndose en cuenta para la defensa." The UFOs
    (no alignment) destroy the Mafia next to the Network (+10) or the Loan Sharks one group
    away (+5)."""
    laid = [("the_mafia", "network", "right"), ("loan_sharks", "the_mafia", "top")]
    for target, bonus in (("the_mafia", 10), ("loan_sharks", 5)):
        state = position(["ufos", "network"], structures={1: laid})
        declare(state, "destroy", target, "ufos")
        parts = {part: value for part, value, _card, _mb in terms(state)}
        assert parts["proximity"] == -bonus
        assert sum(parts.values()) == POWER[CARD_OF["ufos"]] - POWER[CARD_OF[target]] - bonus


def test_an_eliminated_players_specials_go_face_up_to_the_discard_pile():
    """ "Un jugador queda eliminado si en algún momento posterior a su tercer turno no controla
    más Grupos que sus Illuminati. Su dinero pasa al banco." The rule names no place for its
    special cards: they go face up to the discard pile, as a player's who leaves (ruling 13),
    in view of all, and no window asks the player out of the game again."""
    state = last_group_under_attack(hands={1: ["murphys_law", "deep_agent"]})
    events = all_pass(state)
    while state.phase != "action":  # seat 1, holding specials, may answer the dice: it passes
        events += state.apply(state.actors()[0], ("pass",))
    out = event(events, "eliminated")
    assert out.params["seat"] == 1 and out.to is None
    assert out.params["discarded"] == ["deep_agent", "murphys_law"]
    assert state.hands[1] == [] and state.view(2)["discard"][-2:] == ["murphys_law", "deep_agent"]
    assert state.inventory() == {"cards": 106, "mb": 0}
    while state.phase != "action" or state.active == 0:
        assert 1 not in state.actors()
        seat = state.actors()[0]
        state.apply(seat, ("end",) if state.phase == "action" else ("pass",))


def test_chinese_campaign_donors_may_attack_the_discordians_government_groups_as_communists():
    """ "Ningún Grupo Convencional o Gubernamental podrá atacar a la Estructura de Poder
    Discordiana de ninguna forma, ni ayudar a un ataque contra ella." The Donors are Communist;
    their card makes them count as Government only for the alignment bonus of an attempt to
    control a Government group (ruling 9), so the Discordians' immunity, read off the attacking
    group's alignments, does not stop them, and the attempt gets the +4 (ruling 43)."""
    state = position(
        ["ufos", "discordian_society"],
        structures={
            0: [("chinese_campaign_donors", "ufos", "right")],
            1: [("post_office", "discordian_society", "left")],
        },
    )
    assert ("attack", "control", "post_office") in state.legal_actions(0)
    declare(state, "control", "post_office", "chinese_campaign_donors")
    assert ("alignment", 4) in [(part, value) for part, value, _, _ in terms(state)]
