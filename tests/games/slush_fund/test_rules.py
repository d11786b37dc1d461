"""Slush Fund (Caisse noire): the rulebook's setup, turn, card types, the Time and the end.

Each test builds its position card by card (see ``conftest.position``) and cites the section
of the French rulebook (``shared/seeds/001_1ea7ea3beec3d275.txt``) it pins.
"""

from __future__ import annotations

from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.cards import POLITICIANS
from tests.helpers import event, kinds, play, refuse

from .conftest import PRESIDENT, REPRESENTATIVE, SENATOR, SPEAKER, VICE_PRESIDENT, faces_of, pile, position

# ------------------------------------------------------------------ PRÉPARATION DE LA PARTIE


def test_setup_two_players_five_politicians_in_a_row():
    # "A 2 joueurs : Placez les cartes politicien dans une rangée horizontale ... numérotées de 1 à 5."
    state, events = GAME.start(2, {}, seed=3)
    view = state.view(0)
    assert view["layout"] == "row"
    assert [p["id"] for p in view["politicians"]] == list(POLITICIANS)
    assert [p["rank"] for p in view["politicians"]] == [1, 2, 3, 4, 5]
    assert POLITICIANS[0] == "president" and POLITICIANS[1] == "vice_president"
    assert "corners" not in view
    assert len(state.deck) == 90  # "Mélangez le paquet des cartes de jeu": all 90 face down
    assert event(events, "setup").params == {"players": 2, "layout": "row"}


def test_setup_three_or_four_players_four_politicians_around_the_president():
    # "A 3-4 joueurs : Placez 4 cartes politicien pour former un grand carré et placez la carte
    # président au centre du carré."
    for players in (3, 4):
        view = GAME.start(players, {}, seed=3)[0].view(None)
        assert view["layout"] == "square"
        assert len(view["politicians"]) == 5
        assert sorted(view["corners"].values()) == sorted(POLITICIANS[1:])
        assert "president" not in view["corners"].values()  # the President is the centre


def test_each_player_has_own_bribery_pile_beside_each_politician():
    for players in (2, 3, 4):
        view = GAME.start(players, {}, seed=5)[0].view(None)
        assert len(view["piles"]) == players
        assert all(len(row) == 5 for row in view["piles"])
        assert all(p == {"cards": [], "count": 0, "money": 0, "vp": 0} for row in view["piles"] for p in row)


# ------------------------------------------------------------- ACTION #1 : CHOISIR DES CARTES


def test_turn_a_reveal_three_put_one_in_slush_fund_and_play_the_other_two():
    # Bill's example: he reveals $20K, $10K and a Thief, puts the Thief into the slush fund and
    # bribes the President with $20K then $10K: $30K in all, but only $10K shows.
    state = position(deck=["money-20", "money-10", "thief"])
    events = state.apply(0, ("draw",))
    assert [e.params["card"] for e in events if e.kind == "reveal"] == ["money-20", "money-10", "thief"]
    assert sorted(state.legal_actions(0)) == [
        ("stash", "money-10"),
        ("stash", "money-20"),
        ("stash", "thief"),
    ]
    play(state, (0, ("stash", "thief")))
    assert faces_of(state, state.fund) == ["thief"]
    assert state.phase == "play" and faces_of(state, state.held) == ["money-20", "money-10"]
    events = play(state, (0, ("bribe", "money-20", PRESIDENT)), (0, ("bribe", "money-10", PRESIDENT)))
    assert pile(state, 0, PRESIDENT) == ["money-20", "money-10"]
    assert state.view(0)["piles"][0][PRESIDENT]["money"] == 30000
    assert state.view(1)["piles"][0][PRESIDENT]["cards"] == [None, "money-10"]
    assert kinds(events)[-1] == "turn" and state.active == 1 and state.phase == "choose"


def test_turn_a_time_card_is_set_aside_face_up_at_once_and_replaced():
    # "Si une carte temps est révélée, elle est immédiatement mise de côté, face visible, et une
    # autre carte est piochée à sa place."
    state = position(deck=["money-10", "time", "money-20", "time", "scandal"])
    events = state.apply(0, ("draw",))
    assert faces_of(state, state.held) == ["money-10", "money-20", "scandal"]
    assert len(state.time) == 2 and state.view(1)["time"] == 2
    assert [e.params["count"] for e in events if e.kind == "time"] == [1, 2]
    # Never into the slush fund, never played.
    assert ("stash", "time") not in state.legal_actions(0)


def test_turn_b_take_any_three_from_slush_fund_and_play_all_three_in_chosen_order():
    # "Regardez la caisse noire et choisissez 3 cartes quelconques ... Jouer les 3 cartes dans
    # l'ordre choisi par le joueur."
    state = position(fund=["money-10", "scandal", "money-50", "vp"])
    assert ("take", "money-50") in state.legal_actions(0) and ("draw",) in state.legal_actions(0)
    play(state, (0, ("take", "vp")), (0, ("take", "money-50")), (0, ("take", "scandal")))
    assert state.phase == "play" and faces_of(state, state.fund) == ["money-10"]
    assert len(state.deck) == 90 - 4  # nothing was drawn
    # Any order: the last card taken first.
    play(state, (0, ("scandal", SENATOR)), (0, ("bribe", "vp", PRESIDENT)))
    assert state.active == 0  # a third card is still to play: option (b) plays all three
    play(state, (0, ("bribe", "money-50", PRESIDENT)))
    assert pile(state, 0, PRESIDENT) == ["vp", "money-50"] and state.active == 1


def test_turn_b_needs_at_least_three_cards_in_the_slush_fund():
    # "Pour qu'un joueur puisse utiliser l'option (b), il faut au moins 3 cartes dans la caisse noire."
    state = position(fund=["money-10", "money-20"])
    assert state.legal_actions(0) == [("draw",)]
    assert refuse(state, 0, ("take", "money-10")) == "slush-fund.error.fund_too_small"


def test_every_player_may_look_through_the_slush_fund_at_any_time():
    state = position(fund=["money-10", "thief", "vp"], active=1)
    for seat in (None, 0, 1):
        assert state.view(seat)["fund"] == ["money-10", "thief", "vp"]


# ------------------------------------------------------------------ ACTION #2 : JOUER DES CARTES


def test_cards_are_played_one_at_a_time_in_view_of_all():
    # "Chaque carte doit être jouée, 1 à la fois, afin que tous la voient."
    state = position(held=["money-30", "scandal"], phase="play")
    events = state.apply(0, ("bribe", "money-30", SPEAKER))
    assert event(events, "bribe").to is None and event(events, "bribe").params["card"] == "money-30"
    assert faces_of(state, state.held) == ["scandal"]  # the other card waits its turn


def test_any_card_may_be_discarded_instead_of_used():
    # "Un joueur peut choisir de défausser une carte et de ne pas utiliser sa puissance."
    state = position(held=["money-30", "scandal", "thief"], phase="play", piles={(1, 0): ["money-10"]})
    legal = state.legal_actions(0)
    for face in ("money-30", "scandal", "thief"):
        assert ("discard", face) in legal
    events = state.apply(0, ("discard", "money-30"))
    assert event(events, "discard").params == {"seat": 0, "card": "money-30"}
    assert faces_of(state, state.fund)[-1] == "money-30"  # ruling 5: into the slush fund


def test_a_card_with_no_legal_use_must_be_discarded():
    # "Dans certains cas, un joueur peut être obligé de défausser une ou plusieurs cartes."
    # A Thief with no opponent pile, a Spy with no Scandal and no pile, a Transfer with no money.
    state = position(held=["thief", "spy", "transfer"], phase="play")
    assert sorted(state.legal_actions(0)) == [
        ("discard", "spy"),
        ("discard", "thief"),
        ("discard", "transfer"),
    ]


# -------------------------------------------------------------------------- CARTES ARGENT / PV


def test_money_and_vp_cards_go_on_own_bribery_pile_at_a_politician():
    state = position(held=["money-40", "vp"], phase="play")
    play(state, (0, ("bribe", "money-40", VICE_PRESIDENT)), (0, ("bribe", "vp", VICE_PRESIDENT)))
    assert pile(state, 0, VICE_PRESIDENT) == ["money-40", "vp"]
    assert pile(state, 1, VICE_PRESIDENT) == []


def test_opponents_see_only_the_top_card_of_each_pile_and_how_many_cards_it_holds():
    # "on ne peut voir que la carte la plus récemment jouée ... Aucun joueur ne peut regarder les
    # piles de corruption des autres joueurs."
    state = position({(0, PRESIDENT): ["money-20", "vp", "money-10"]})
    seen = state.view(1)["piles"][0][PRESIDENT]
    assert seen == {"cards": [None, None, "money-10"], "count": 3, "money": None, "vp": None}
    assert state.view(None)["piles"][0][PRESIDENT] == seen


def test_you_may_look_at_your_own_piles():
    # "Un joueur peut regarder sa propre pile de corruption n'importe quand."
    state = position({(0, PRESIDENT): ["money-20", "vp", "money-10"]}, active=1)
    own = state.view(0)["piles"][0][PRESIDENT]
    assert own == {"cards": ["money-20", "vp", "money-10"], "count": 3, "money": 30000, "vp": 1}


# ---------------------------------------------------------------------------- CARTES SCANDALE


def test_scandal_lies_on_a_politician_counted_openly():
    # "elles doivent être placées de telle manière qu'il soit facile de voir combien..."
    state = position(held=["scandal", "money-10"], phase="play", scandals={SENATOR: 1})
    events = state.apply(0, ("scandal", SENATOR))
    assert event(events, "scandal").params["count"] == 2
    for seat in (None, 0, 1):
        assert state.view(seat)["politicians"][SENATOR]["scandals"] == 2


def test_fifth_scandal_removes_the_politician_and_every_bribery_pile_on_it():
    # "Si un politicien collecte 5 cartes scandales, il est retiré de la partie ainsi que toutes
    # les piles de corruption le concernant."
    piles = {(0, REPRESENTATIVE): ["money-50", "money-50"], (1, REPRESENTATIVE): ["money-10"]}
    state = position(piles, held=["scandal", "money-10"], phase="play", scandals={REPRESENTATIVE: 4})
    events = state.apply(0, ("scandal", REPRESENTATIVE))
    assert event(events, "politician_removed").params["pol"] == REPRESENTATIVE
    assert state.view(1)["politicians"][REPRESENTATIVE]["removed"] is True
    # No more play on it, and nobody scores it.
    assert ("bribe", "money-10", REPRESENTATIVE) not in state.legal_actions(0)
    assert refuse(state, 0, ("bribe", "money-10", REPRESENTATIVE)) == "slush-fund.error.politician_removed"
    assert state.politician_result(REPRESENTATIVE)["winners"] == []


# ----------------------------------------------------------------------------- CARTES VOLEUR


def test_thief_takes_only_money_never_vp_onto_own_pile_at_the_same_politician():
    # Rulebook example: Bill has $10K at the President, $10K at the Senator, $20K at the
    # Vice-President; Steve's Thief takes the $20K onto his own side of the Vice-President.
    piles = {
        (0, PRESIDENT): ["money-10"],
        (0, SENATOR): ["money-10"],
        (0, VICE_PRESIDENT): ["money-20", "vp"],
    }
    state = position(piles, held=["thief", "money-10"], phase="play", active=1)
    events = state.apply(1, ("thief", 0, VICE_PRESIDENT))
    assert pile(state, 0, VICE_PRESIDENT) == ["vp"]  # a VP card cannot be stolen
    assert pile(state, 1, VICE_PRESIDENT) == ["money-20"]
    assert event(events, "thief").params["card"] == "money-20"
    assert state.politician_result(VICE_PRESIDENT)["money"] == [0, 20000]


def test_thief_leaves_the_game_after_use_not_into_the_slush_fund():
    state = position({(0, PRESIDENT): ["money-10"]}, held=["thief", "vp"], phase="play", active=1)
    state.apply(1, ("thief", 0, PRESIDENT))
    assert faces_of(state, state.out) == ["thief"]
    assert "thief" not in faces_of(state, state.fund)


# ------------------------------------------------------------------------------ CARTE ESPION


def test_spy_moves_one_scandal_between_politicians_and_looks_at_one_opponent_pile():
    state = position(
        {(1, SPEAKER): ["money-50", "money-10", "money-20"]},
        held=["spy", "money-10"],
        phase="play",
        scandals={PRESIDENT: 2},
    )
    events = state.apply(0, ("spy_move", PRESIDENT, SPEAKER))
    assert event(events, "spy_move").params["to_pol"] == SPEAKER
    assert [len(s) for s in state.scandals] == [1, 0, 1, 0, 0]
    assert state.phase == "spy_look"
    events = state.apply(0, ("look", 1, SPEAKER))
    assert event(events, "spy_saw").params["cards"] == ["money-50", "money-10", "money-20"]
    assert state.view(0)["piles"][1][SPEAKER]["cards"] == ["money-50", "money-10", "money-20"]
    assert state.view(0)["piles"][1][SPEAKER]["money"] == 80000


def test_spy_leaves_the_game_after_use():
    state = position({(1, SPEAKER): ["money-50"]}, held=["spy", "vp"], phase="play")
    play(state, (0, ("spy",)), (0, ("look", 1, SPEAKER)))
    assert faces_of(state, state.out) == ["spy"] and state.phase == "play"


# -------------------------------------------------------------------- CARTE TRANSFERT D'ARGENT


def test_money_transfer_moves_any_own_money_card_not_just_the_top_onto_another_pile():
    # "Un joueur peut choisir de déplacer n'importe quelle carte argent ... Quand une carte argent
    # est transférée, elle est placée sur sa nouvelle pile de corruption."
    piles = {(0, SENATOR): ["money-50", "vp", "money-10"], (0, PRESIDENT): ["money-20"]}
    state = position(piles, held=["transfer", "vp"], phase="play")
    events = state.apply(0, ("transfer", SENATOR, "money-50", PRESIDENT))
    assert pile(state, 0, SENATOR) == ["vp", "money-10"]
    assert pile(state, 0, PRESIDENT) == ["money-20", "money-50"]
    assert event(events, "transfer").params["card"] == "money-50"
    assert faces_of(state, state.out) == ["transfer"]  # then it leaves the game


def test_money_transfer_cannot_move_vp_cards():
    state = position({(0, SENATOR): ["vp", "money-10"]}, held=["transfer", "vp"], phase="play")
    moves = [a for a in state.legal_actions(0) if a[0] == "transfer"]
    assert moves and all(a[2] == "money-10" for a in moves)
    assert refuse(state, 0, ("transfer", SENATOR, "vp", PRESIDENT)) == "error.illegal_action"


# ------------------------------------------------------------------------------- CARTE TEMPS


def test_tenth_time_card_ends_the_game_at_once_and_the_active_player_does_not_finish_the_turn():
    # "La partie se termine immédiatement quand la 10ème carte temps est révélée. Le joueur actif
    # ne termine pas son tour."
    state = position({(1, PRESIDENT): ["money-10"]}, deck=["money-50", "time", "money-40"], time=9)
    events = state.apply(0, ("draw",))
    assert state.is_over and state.actors() == ()
    assert faces_of(state, state.held) == ["money-50"]  # revealed but never played
    assert pile(state, 0, PRESIDENT) == []
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "time" and outcome.winners == (1,)
    assert kinds(events)[-1] == "game_over"
    assert event(events, "time").params == {"card": "time", "count": 10, "limit": 10}
