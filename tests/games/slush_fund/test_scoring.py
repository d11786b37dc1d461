"""Slush Fund scoring ("Fin de la partie et décompte"): who wins each politician, what it is
worth, and the tie-break by the President, then the Vice-President, and so on.

Every position is ended the rulebook's way (``conftest.final``: the tenth Time card is revealed).
"""

from __future__ import annotations

from .conftest import PRESIDENT, REPRESENTATIVE, SENATOR, SPEAKER, VICE_PRESIDENT, final


def test_rulebook_example_steve_240k_beats_bill_230k_scores_8_vp_and_wins_13_13_by_the_president():
    # "Steve a joué un total de $240K sur le président, Bill y a joué un total de $230K ... Le
    # président a eu une carte scandale, mais Steve a mis 2 cartes PV ... Steve marque donc 8 PV
    # (7-1+2) ... Bill et Steve ont tous les deux 13 PV. Steve, ayant gagné le président, gagne."
    steve, bill = 0, 1
    piles = {
        (steve, PRESIDENT): ["money-50", "money-50", "vp", "money-50", "money-50", "vp", "money-40"],
        (bill, PRESIDENT): ["money-50", "money-40", "money-40", "money-40", "money-40", "money-20"],
        (steve, SPEAKER): ["money-10"],  # 7 - 2 Scandals = 5
        (bill, VICE_PRESIDENT): ["money-10"],  # 7
        (bill, SENATOR): ["money-10"],  # 7 - 1 Scandal = 6
    }
    state, events = final(piles, scandals={PRESIDENT: 1, SPEAKER: 2, SENATOR: 1})
    president = state.politician_result(PRESIDENT)
    assert president["money"] == [240000, 230000]
    assert president["winners"] == [steve] and president["vp"] == [8, 0]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (13.0, 13.0)
    assert outcome.winners == (steve,) and outcome.ranks == (1, 2)
    assert outcome.tiebreak == "president"
    won = [e.params for e in events if e.kind == "politician_won"]
    assert {"seat": steve, "pol": PRESIDENT, "vp": 8} == {k: won[0][k] for k in ("seat", "pol", "vp")}


def test_most_money_wins_the_politician():
    state, _ = final({(0, SENATOR): ["money-10", "money-10", "money-10"], (1, SENATOR): ["money-40"]})
    assert state.politician_result(SENATOR)["winners"] == [1]


def test_money_tie_goes_to_the_player_with_most_money_cards():
    # "S'il y a une égalité ..., le joueur qui a joué le plus grand nombre de cartes argent gagne."
    state, _ = final({(0, SENATOR): ["money-10", "money-10", "vp"], (1, SENATOR): ["money-20", "vp", "vp"]})
    result = state.politician_result(SENATOR)
    assert result["money"] == [20000, 20000] and result["money_cards"] == [2, 1]
    assert result["winners"] == [0]


def test_still_tied_every_tied_player_wins_the_politician():
    # "S'il y a toujours égalité, chaque joueur encore concerné par l'égalité gagne le politicien."
    piles = {(0, SPEAKER): ["money-20"], (1, SPEAKER): ["money-20", "vp"], (2, SPEAKER): ["money-10"]}
    state, _ = final(piles, players=3, scandals={SPEAKER: 1})
    result = state.politician_result(SPEAKER)
    assert result["winners"] == [0, 1]
    assert result["vp"] == [6, 7, 0]  # each winner scores it in full, VP cards their own


def test_politician_worth_7_minus_1_per_scandal_plus_1_per_vp_card_in_the_winners_own_pile():
    piles = {(0, PRESIDENT): ["money-50", "vp", "vp", "vp"], (1, PRESIDENT): ["vp", "vp", "money-10"]}
    state, _ = final(piles, scandals={PRESIDENT: 3})
    assert state.politician_result(PRESIDENT)["vp"] == [
        7 - 3 + 3,
        0,
    ]  # the loser's VP cards are worth nothing
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (7.0, 0.0)


def test_most_vp_wins_ties_broken_by_president_then_vice_president_and_so_on():
    # Both win the President (a full tie), so the Vice-President decides.
    piles = {
        (0, PRESIDENT): ["money-20"],
        (1, PRESIDENT): ["money-20"],
        (0, VICE_PRESIDENT): ["money-10"],  # 7 - 4 = 3
        (1, REPRESENTATIVE): ["money-10"],  # 7 - 4 = 3
    }
    state, _ = final(piles, scandals={VICE_PRESIDENT: 4, REPRESENTATIVE: 4})
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (10.0, 10.0)
    assert outcome.winners == (0,) and outcome.tiebreak == "vice_president"


def test_players_tied_on_every_politician_share_the_win():
    state, _ = final({(0, SENATOR): ["money-30"], (1, SENATOR): ["money-30"]})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.tiebreak is None


def test_ruling_17_the_same_tie_break_orders_the_places_below_the_first():
    """The rulebook names only the winner of a tie; the places below it, which tournaments,
    ratings and the search's rewards read, are ordered by the same politicians in the same
    order (ruling 17): tied on 7, the Speaker's winner is placed above the Senator's."""
    piles = {
        (2, PRESIDENT): ["money-10"],
        (2, VICE_PRESIDENT): ["money-10"],
        (0, SPEAKER): ["money-10"],
        (1, SENATOR): ["money-10"],
    }
    state, _ = final(piles, players=3)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (7.0, 7.0, 14.0)
    assert outcome.ranks == (2, 3, 1)


def test_removed_politician_scores_for_nobody():
    state, _ = final({(0, SPEAKER): ["money-50"], (1, SENATOR): ["money-10"]}, scandals={SPEAKER: 5})
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0.0, 7.0)
