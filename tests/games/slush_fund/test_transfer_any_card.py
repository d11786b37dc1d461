"""Slush Fund, "Carte transfert d'argent": a Money Transfer may move any of the player's money
cards, a covered one included, even where a card of the same value lies above it.

Ruling 11 makes identical cards one choice; in a bribery pile two cards of one value are not
identical, since which one leaves decides the card that stays on top (what opponents see, what
a Thief takes). Rules version 3 offers every distinct move (``transfer_copy``).
"""

from __future__ import annotations

from typing import Any

from backroom.games.slush_fund.state import SlushFundState
from tests.helpers import event, refuse

from .conftest import PRESIDENT, SENATOR, pile, position


def results(state: SlushFundState, seat: int, source: int, target: int) -> dict[tuple[str, ...], Any]:
    """Every transfer from ``source`` to ``target`` the seat may make, by the source pile it
    leaves behind (bottom up)."""
    out: dict[tuple[str, ...], Any] = {}
    for action in state.legal_actions(seat):
        if not action[0].startswith("transfer") or action[1] != source or action[-1] != target:
            continue
        after = state.clone()
        after.apply(seat, action)
        left = tuple(pile(after, seat, source))
        assert left not in out, f"{action} and {out.get(left)} are one move offered twice"
        out[left] = action
    return out


def test_carte_transfert_d_argent_a_covered_card_may_move_even_under_one_of_the_same_value():
    """« Un joueur peut choisir de déplacer n'importe quelle carte argent, pas simplement une de
    celles qui se trouvent sur ses piles de corruption. »

    Seat 0's Senator pile is $20K, $10K, $20K (bottom up). Moving the covered $20K keeps a $20K on
    top; moving the top one shows the $10K. Both are the player's choice."""
    state = position(
        {(0, SENATOR): ["money-20", "money-10", "money-20"]}, held=["transfer", "vp"], phase="play"
    )
    moves = results(state, 0, SENATOR, PRESIDENT)
    assert set(moves) == {
        ("money-20", "money-10"),  # the top $20K moved
        ("money-10", "money-20"),  # the covered $20K moved: a $20K still shows
        ("money-20", "money-20"),  # the $10K moved
    }
    covered = moves[("money-10", "money-20")]
    events = state.apply(0, covered)
    assert pile(state, 0, SENATOR) == ["money-10", "money-20"]
    assert pile(state, 0, PRESIDENT) == ["money-20"]  # placed on its new pile
    assert state.view(1)["piles"][0][SENATOR]["cards"] == [None, "money-20"]
    assert event(events, "transfer").params["card"] == "money-20"


def test_carte_transfert_d_argent_cards_of_one_value_side_by_side_are_one_choice():
    """« Un joueur peut choisir de déplacer n'importe quelle carte argent, pas simplement une de
    celles qui se trouvent sur ses piles de corruption. »

    Two $20K cards lying one on the other leave the same pile whichever moves: one move, offered
    once (ruling 11); a third one under a $10K is another move."""
    state = position(
        {(0, SENATOR): ["money-20", "money-10", "money-20", "money-20"]},
        held=["transfer", "vp"],
        phase="play",
    )
    moves = results(state, 0, SENATOR, PRESIDENT)
    assert set(moves) == {
        ("money-20", "money-10", "money-20"),
        ("money-10", "money-20", "money-20"),
        ("money-20", "money-20", "money-20"),
    }
    assert refuse(state, 0, ("transfer_copy", SENATOR, "money-20", 2, PRESIDENT)) == "error.illegal_action"
    assert refuse(state, 0, ("transfer_copy", SENATOR, "money-20", 4, PRESIDENT)) == "error.illegal_action"
    state.apply(0, ("transfer_copy", SENATOR, "money-20", 3, PRESIDENT))
    assert pile(state, 0, SENATOR) == ["money-10", "money-20", "money-20"]
