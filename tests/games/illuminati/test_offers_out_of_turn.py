"""Illuminati: offers out of turn and counter-offers (rulebook: "Regalos e intercambios",
"Transferencia de Grupos", "Regalar la partida"; rulings 29 and 30).

"Pueden transferirse dinero o cartas Especiales en cualquier momento, excepto durante un ataque
Confidencial, y esto no cuenta como acción." A seat asked in a window may open an offer of
money and specials to any other player, which the other accepts (both sides move at once),
declines or counters."""

from __future__ import annotations

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import CARD_OF, GIFTS_OUT_OF_TURN, MAX_COUNTERS
from backroom.server.idle import IdleClock, Timers, window_passes
from tests.helpers import event, refuse

from .conftest import declare, position

MAFIA = [("the_mafia", "network", "right")]


def money(state, face):
    return state.money[CARD_OF[face]]


def three_seats():
    """The Network attacks the Pentagon; the UFOs and the Bermuda Triangle look on."""
    return position(
        ["network", "ufos", "bermuda_triangle"],
        structures={0: MAFIA},
        money={"network": 10, "ufos": 8, "bermuda_triangle": 6, "the_mafia": 4},
        uncontrolled=["pentagon"],
        hands={0: ["deep_agent"], 1: ["murphys_law"], 2: ["slush_fund"]},
    )


def asked(state, seat):
    """Pass in the spending round until ``seat`` is the one asked."""
    while state.actors() != (seat,):
        state.apply(state.actors()[0], ("pass",))


def in_spending_round(seat):
    state = three_seats()
    declare(state, "control", "pentagon", "the_mafia")
    asked(state, seat)
    return state


def test_money_and_specials_are_exchanged_at_once_between_two_players_neither_on_turn():
    # "Pueden transferirse dinero o cartas Especiales en cualquier momento": the UFOs sell
    # Murphy's Law to the Bermuda Triangle for 5 MB in the middle of the Network's attack.
    state = in_spending_round(1)
    window = state.window
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_give", "murphys_law"))
    state.apply(1, ("offer_money", "take", 5))
    state.apply(1, ("propose",))
    assert state.actors() == (2,) and ("accept",) in state.legal_actions(2)
    assert money(state, "ufos") == 8 and state.view(2)["hand"] == ["slush_fund"]  # nothing moved yet
    events = state.apply(2, ("accept",))
    assert event(events, "deal_accepted").params == {"seat": 2, "to_seat": 1}
    assert money(state, "ufos") == 13 and money(state, "bermuda_triangle") == 1
    assert state.view(2)["hand"] == ["murphys_law", "slush_fund"] and state.view(1)["hand"] == []
    # the spending round goes on as it was, the UFOs still asked; nothing the Network did
    assert state.phase == "spend" and state.window == window and state.actors() == (1,)
    assert state.view(0)["deal"] is None and not state.acted and state.actions_left == 2


def test_offers_and_gifts_out_of_turn_share_the_bound_of_two_a_turn():
    state = in_spending_round(1)
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_money", "give", 1))
    state.apply(1, ("propose",))
    state.apply(2, ("decline",))
    state.apply(1, ("give_money", 0, 1))
    assert state.gifts[1] == GIFTS_OUT_OF_TURN
    legal = state.legal_actions(1)
    assert not any(a[0] in ("offer", "give_money", "give_special") for a in legal)
    assert refuse(state, 1, ("offer", 2)) == "illuminati.error.cannot_deal"


def test_groups_change_hands_only_in_the_action_phase_of_a_party():
    # "Los Grupos sólo pueden transferirse en el turno de uno de los jugadores involucrados."
    # An offer out of the action phase moves money and specials only, even the active player's.
    state = in_spending_round(0)
    state.apply(0, ("offer", 1))
    legal = state.legal_actions(0)
    assert ("offer_give", "deep_agent") in legal and ("offer_money", "take", 8) in legal
    assert ("offer_give", "the_mafia") not in legal
    assert refuse(state, 0, ("offer_give", "the_mafia")) == "illuminati.error.cannot_deal"


def test_an_offer_out_of_turn_holds_the_window_and_lapses_when_its_seat_does_not_answer():
    # Ruling 30: the offer is answered at once, before the window goes on; a seat that does not
    # answer in time lets it lapse, as a table passes for it (the window's pass: ``decline``
    # for the addressee, ``withdraw`` for a proposer that stops building). Nothing moves, and
    # the window goes on where it was.
    state = in_spending_round(1)
    before = state.to_json()
    passes = window_passes(GAME)
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_money", "give", 3))
    assert state.actors() == (1,)  # the round waits for the offer
    lapse = [a for a in state.legal_actions(1) if a in passes]
    assert lapse == [("withdraw",)]
    state.apply(1, ("propose",))
    assert state.actors() == (2,) and state.phase == "answer"
    lapse = [a for a in state.legal_actions(2) if a in passes]
    assert lapse == [("decline",)]
    state.apply(2, lapse[0])
    after = state.to_json()
    assert after.pop("gifts") == [0, 1, 0]  # the offer counts against the UFOs' bound
    before.pop("gifts")
    assert after == before


def gnomes_near_their_goal_asked(seat):
    """The Gnomes hold 140 MB of their 150; the Network attacks and ``seat`` is asked."""
    state = position(
        ["network", "gnomes_of_zurich", "bermuda_triangle"],
        structures={0: MAFIA},
        money={"network": 10, "gnomes_of_zurich": 140, "bermuda_triangle": 20, "the_mafia": 4},
        uncontrolled=["pentagon"],
    )
    declare(state, "control", "pentagon", "the_mafia")
    asked(state, seat)
    return state


def test_no_player_may_give_the_game_away_out_of_turn_either():
    # "Ningún jugador puede “regalar” la partida a otro limitándose a darle suficiente dinero,
    # Grupos, etc. para que gane."
    state = gnomes_near_their_goal_asked(1)
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_money", "take", 9))
    assert ("propose",) in state.legal_actions(1)
    state.apply(1, ("offer_money", "take", 1))  # 150 MB: the Gnomes alone would win
    assert ("propose",) not in state.legal_actions(1)
    assert refuse(state, 1, ("propose",)) == "illuminati.error.cannot_propose"
    state = gnomes_near_their_goal_asked(2)
    state.apply(2, ("offer", 1))
    state.apply(2, ("offer_money", "give", 10))  # the same, offered by the other side
    assert refuse(state, 2, ("propose",)) == "illuminati.error.cannot_propose"


def test_a_specials_face_in_an_offer_out_of_turn_goes_to_the_two_parties_only():
    state = in_spending_round(1)
    state.apply(1, ("offer", 2))
    events = state.apply(1, ("offer_give", "murphys_law"))
    named = event(events, "chose_offer_give")
    assert named.to == (1, 2) and named.params["card"] == "murphys_law"
    assert event(events, "chose_offer_give_special").to == (0,)
    assert "murphys_law" not in str(event(events, "chose_offer_give_special").params)
    events = state.apply(1, ("propose",))
    assert "murphys_law" not in str(event(events, "deal_offered").params)
    assert event(events, "deal_offered_faces").to == (1, 2)
    assert state.view(2)["deal"]["give_specials"] == ["murphys_law"]
    assert state.view(0)["deal"]["give_specials"] == [] and state.view(0)["deal"]["give_special_count"] == 1
    assert state.view(None)["deal"]["give_specials"] == []
    card = CARD_OF["murphys_law"]
    assert (state.known[2] >> card) & 1 and not (state.known[0] >> card) & 1
    state.apply(2, ("decline",))
    assert not (state.known[0] >> card) & 1


def deep_agent_for_the_pentagon():
    """On the Network's turn: its Deep Agent, the UFOs' Pentagon."""
    return position(
        ["network", "ufos"],
        structures={0: MAFIA, 1: [("pentagon", "ufos", "top")]},
        money={"network": 10, "ufos": 8},
        hands={0: ["deep_agent"]},
    )


def test_a_counter_offer_turns_the_offer_round_for_the_other_seat_to_add_to():
    # "En tu turno puedes ceder un Grupo, incluso si no recibes nada a cambio, venderlo o
    # intercambiarlo": the UFOs answer the Network's Deep Agent with a counter-offer asking for
    # 2 MB more and giving the Pentagon; the group still costs the player on turn an action.
    state = deep_agent_for_the_pentagon()
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_give", "deep_agent"))
    state.apply(0, ("propose",))
    events = state.apply(1, ("counter",))
    assert event(events, "deal_countered").params == {"seat": 1, "to_seat": 0}
    deal = state.view(1)["deal"]
    assert (deal["from"], deal["to"], deal["take_specials"]) == (1, 0, ["deep_agent"])
    assert state.actors() == (1,) and ("offer_give", "pentagon") in state.legal_actions(1)
    state.apply(1, ("offer_give", "pentagon"))
    state.apply(1, ("offer_money", "take", 2))
    state.apply(1, ("propose",))
    assert state.actors() == (0,)
    state.apply(0, ("accept",))
    assert state.view(1)["hand"] == ["deep_agent"] and money(state, "ufos") == 10
    assert state.phase == "arrive" and state.actions_left == 1
    state.apply(0, state.legal_actions(0)[0])
    assert state.owner[CARD_OF["pentagon"]] == 0 and state.phase == "action" and state.actors() == (0,)


def test_counter_offers_are_bounded_and_a_withdrawn_counter_ends_the_negotiation():
    state = in_spending_round(1)
    window = state.window
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_money", "give", 1))
    state.apply(1, ("propose",))
    for answering in range(MAX_COUNTERS):
        seat = state.actors()[0]
        state.apply(seat, ("counter",))
        state.apply(state.actors()[0], ("propose",))
        assert state.d_counters == answering + 1
    seat = state.actors()[0]
    assert ("counter",) not in state.legal_actions(seat)
    assert refuse(state, seat, ("counter",)) == "illuminati.error.cannot_counter"
    state.apply(seat, ("accept",))
    assert money(state, "ufos") == 7 and state.window == window
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_money", "give", 1))
    state.apply(1, ("propose",))
    state.apply(2, ("counter",))
    state.apply(2, ("withdraw",))
    assert money(state, "ufos") == 7 and state.window == window and state.view(1)["deal"] is None


def test_no_offer_holds_the_whispering_campaign_its_attack_cannot_do_without():
    # Whispering Campaign: "playing the card is free; the attack it enables is one of your
    # actions": the Servants' attack on the powerless Punk Rockers needs it until the dice.
    state = position(
        ["servants_of_cthulhu", "network"],
        uncontrolled=["punk_rockers"],
        money={"servants_of_cthulhu": 5, "network": 5},
        hands={0: ["whispering_campaign", "deep_agent"]},
    )
    declare(state, "destroy", "punk_rockers", "servants_of_cthulhu")
    state.apply(0, ("offer", 1))
    legal = state.legal_actions(0)
    assert ("offer_give", "deep_agent") in legal and ("offer_give", "whispering_campaign") not in legal
    state.apply(0, ("withdraw",))
    state.apply(0, ("pass",))
    state.known[1] |= 1 << CARD_OF["whispering_campaign"]  # even a card the Network has seen
    state.known[1] |= 1 << CARD_OF["deep_agent"]
    state.apply(1, ("offer", 0))
    legal = state.legal_actions(1)
    assert ("offer_take", "deep_agent") in legal and ("offer_take", "whispering_campaign") not in legal


def test_a_counter_offer_takes_out_what_it_will_not_have_before_it_adds_anything():
    # A modified offer: the UFOs will not part with the Pentagon and pay 3 MB for Deep Agent
    # instead; the Network then asks 1 MB less. Nothing is taken out of a first offer, nor
    # after something was added (so that a negotiation ends).
    state = deep_agent_for_the_pentagon()
    state.apply(0, ("offer", 1))
    state.apply(0, ("offer_give", "deep_agent"))
    state.apply(0, ("offer_take", "pentagon"))
    assert not any(a[0].startswith("offer_remove") for a in state.legal_actions(0))
    state.apply(0, ("propose",))
    state.apply(1, ("counter",))
    assert ("offer_remove", "give", "pentagon") in state.legal_actions(1)
    state.apply(1, ("offer_remove", "give", "pentagon"))
    state.apply(1, ("offer_money", "give", 3))
    assert not any(a[0].startswith("offer_remove") for a in state.legal_actions(1))
    assert refuse(state, 1, ("offer_remove", "take", "deep_agent")) == "illuminati.error.cannot_deal"
    state.apply(1, ("propose",))
    state.apply(0, ("counter",))
    state.apply(0, ("offer_remove_mb", "take", 1))
    state.apply(0, ("propose",))
    state.apply(1, ("accept",))
    assert state.view(1)["hand"] == ["deep_agent"]
    assert money(state, "network") == 12 and money(state, "ufos") == 6
    assert state.owner[CARD_OF["pentagon"]] == 1 and state.actions_left == 2 and state.phase == "action"


def test_a_special_taken_out_of_an_offer_is_named_to_the_two_parties_only():
    state = in_spending_round(1)
    state.apply(1, ("offer", 2))
    state.apply(1, ("offer_give", "murphys_law"))
    state.apply(1, ("offer_money", "take", 5))
    state.apply(1, ("propose",))
    state.apply(2, ("counter",))
    events = state.apply(2, ("offer_remove", "take", "murphys_law"))
    named = event(events, "chose_offer_remove_take")
    assert named.to == (2, 1) and named.params["card"] == "murphys_law"
    assert event(events, "chose_offer_remove_take_special").to == (0,)
    assert "murphys_law" not in str(event(events, "chose_offer_remove_take_special").params)
    deal = state.view(0)["deal"]
    assert (deal["take_special_count"], deal["give_mb"], deal["from"]) == (0, 5, 2)


def test_an_offer_the_player_on_turn_builds_runs_on_its_move_timer_not_as_a_window():
    # Ruling 29: building an offer in one's action phase is "simply its turn", not a window. The
    # idle clock calls a seat's question a window when one of the windows' passes is legal, and
    # ``withdraw`` is one: a player on turn that opened an offer and went silent was never
    # answered for at a table with a move timer and no window timer, and its chess clock stopped.
    state = three_seats()
    clock = IdleClock(Timers(window=None, move=60, clock="game"), GAME, 3)
    clock.observe(state, [True] * 3)
    assert clock.due_at(0) is not None
    state.apply(0, ("offer", 1))
    clock.observe(state, [True] * 3, moved=0)
    assert state.actors() == (0,)
    assert clock.due_at(0) is not None and clock.answer(state, 0) is None  # the bot plays it
    state.apply(0, ("offer_money", "give", 1))
    state.apply(0, ("propose",))
    clock.observe(state, [True] * 3, moved=0)
    assert clock.answer(state, 1) == ("decline",)  # the addressee's question is a window
