"""Where each played card goes (ruling 5 of ``docs/games/slush-fund.md``), one test per place,
named after the rulebook section whose sentence sends it there.

The rulebook names no discard pile; its "Elle ne va pas dans la caisse noire" for used power
cards only makes sense if discarded cards go into the slush fund, so they do. Every test also
checks that no card was created or lost (``inventory``).
"""

from __future__ import annotations

from backroom.games.slush_fund.state import SlushFundState
from tests.helpers import play

from .conftest import PRESIDENT, REPRESENTATIVE, SENATOR, SPEAKER, faces_of, pile, position


def conserved(state: SlushFundState) -> None:
    assert state.inventory()["cards"] == len(state.deck_def)


def test_action_2_jouer_des_cartes_a_discarded_card_goes_into_the_caisse_noire():
    # "Un joueur peut choisir de défausser une carte et de ne pas utiliser sa puissance
    # ("défausser" compte comme "jouer " une carte)." with the power cards' "Elle ne va pas dans
    # la caisse noire": a discard goes face up into the slush fund, after what was there.
    state = position(held=["scandal", "money-20", "vp"], phase="play", fund=["money-40"])
    play(state, (0, ("discard", "scandal")), (0, ("discard", "money-20")), (0, ("discard", "vp")))
    assert faces_of(state, state.fund) == ["money-40", "scandal", "money-20", "vp"]
    assert state.view(1)["fund"] == ["money-40", "scandal", "money-20", "vp"]
    assert state.out == [] and "discard" not in state.view(1)
    conserved(state)


def test_option_b_de_la_caisse_noire_a_discarded_card_may_be_taken_again():
    # "Regardez la caisse noire et choisissez 3 cartes quelconques." The next player may take
    # the cards just discarded.
    state = position(held=["money-50", "scandal", "vp"], phase="play")
    play(state, (0, ("discard", "money-50")), (0, ("discard", "scandal")), (0, ("discard", "vp")))
    assert state.active == 1 and state.phase == "choose"
    assert [a for a in state.legal_actions(1) if a[0] == "take"] == [
        ("take", "money-50"),
        ("take", "scandal"),
        ("take", "vp"),
    ]
    play(state, (1, ("take", "money-50")), (1, ("take", "scandal")), (1, ("take", "vp")))
    play(state, (1, ("bribe", "money-50", PRESIDENT)))
    assert pile(state, 1, PRESIDENT) == ["money-50"] and state.fund == []
    conserved(state)


def test_vue_d_ensemble_a_discarded_power_card_was_not_used_so_it_goes_into_the_caisse_noire():
    # "Les cartes puissance sont utilisées pour effectuer diverses actions et sont retirées de
    # la partie après utilisation." A discarded Thief, Spy or Transfer was not used: it goes
    # into the slush fund like any discard, not out of the game.
    state = position({(1, SPEAKER): ["money-10"]}, held=["thief", "spy", "transfer"], phase="play")
    play(state, (0, ("discard", "thief")), (0, ("discard", "spy")), (0, ("discard", "transfer")))
    assert faces_of(state, state.fund) == ["thief", "spy", "transfer"] and state.out == []
    conserved(state)


def test_cartes_voleur_espion_transfert_a_used_power_card_leaves_the_game_not_into_the_caisse_noire():
    # "Après qu'une carte voleur a été jouée, elle est retirée de la partie. Elle ne va pas dans
    # la caisse noire." (the same two sentences for the Spy and the Money Transfer)
    piles = {(1, SPEAKER): ["money-10", "money-20"], (0, SENATOR): ["money-30"]}
    state = position(piles, held=["thief", "spy", "transfer"], phase="play")
    play(state, (0, ("thief", 1, SPEAKER)), (0, ("spy",)), (0, ("look", 1, SPEAKER)))
    play(state, (0, ("transfer", SENATOR, "money-30", PRESIDENT)))
    assert faces_of(state, state.out) == ["thief", "spy", "transfer"] and state.fund == []
    assert pile(state, 0, SPEAKER) == ["money-20"] and pile(state, 0, PRESIDENT) == ["money-30"]
    conserved(state)


def test_cartes_scandales_a_removed_politician_takes_its_scandals_and_piles_out_of_the_game():
    # "Si un politicien collecte 5 cartes scandales, il est retiré de la partie ainsi que toutes
    # les piles de corruption le concernant, c’est-à-dire que chaque joueur perd sa corruption
    # sur ce politicien." Nothing goes into the slush fund: the cards stay with it, out of play.
    piles = {(0, REPRESENTATIVE): ["money-50"], (1, REPRESENTATIVE): ["money-10", "vp"]}
    state = position(piles, held=["scandal", "money-10"], phase="play", scandals={REPRESENTATIVE: 4})
    state.apply(0, ("scandal", REPRESENTATIVE))
    assert state.removed[REPRESENTATIVE] and len(state.scandals[REPRESENTATIVE]) == 5
    assert pile(state, 1, REPRESENTATIVE) == ["money-10", "vp"] and state.fund == []
    conserved(state)
