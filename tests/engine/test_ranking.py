"""Ranks with tie-breaks: lower keys are better, equal keys share a place."""

from backroom.engine.ranking import rank


def test_distinct_scores_need_no_tiebreak():
    ranks, decided = rank([(5,), (3,), (9,)], ())
    assert ranks == (2, 1, 3)
    assert decided is None


def test_first_tiebreak_decides_when_scores_tie():
    ranks, decided = rank([(5, 4), (5, 3), (9, 1)], ("fewer_cards",))
    assert ranks == (2, 1, 3)
    assert decided == "fewer_cards"


def test_second_tiebreak_named_when_first_ties_too():
    ranks, decided = rank([(5, 4, 2), (5, 4, 0), (7, 1, 0)], ("fewer_cards", "lowest_card"))
    assert ranks == (2, 1, 3)
    assert decided == "lowest_card"


def test_earlier_tiebreak_named_when_it_already_separates_the_leader():
    ranks, decided = rank([(5, 4, 2), (5, 4, 0), (5, 3, 9)], ("fewer_cards", "lowest_card"))
    assert ranks == (3, 2, 1)
    assert decided == "fewer_cards"


def test_unbroken_tie_shares_first_place():
    ranks, decided = rank([(5, 4, 2), (5, 4, 2), (7, 1, 0)], ("fewer_cards", "lowest_card"))
    assert ranks == (1, 1, 3)
    assert decided is None


def test_tie_below_first_place_does_not_name_a_tiebreak():
    ranks, decided = rank([(1, 9), (5, 4), (5, 3)], ("fewer_cards",))
    assert ranks == (1, 3, 2)
    assert decided is None
