"""Slush Fund, an independent review against the French rulebook (second part): the end of the
game and hidden information. The first part, ``test_review.py``, says how the review was made.

The hidden-information tests play the same moves on twin positions that differ only in cards a
watcher may not see, and require every view, legal action, label, event and error message that
watcher receives to be identical.
"""

from __future__ import annotations

import json
from typing import Any

from backroom.engine.errors import IllegalAction
from backroom.engine.events import Event
from backroom.games.slush_fund.state import SlushFundState
from tests.helpers import event, kinds

from .conftest import (
    PRESIDENT,
    REPRESENTATIVE,
    SENATOR,
    SPEAKER,
    VICE_PRESIDENT,
    final,
    position,
)

# ------------------------------------------------------------------------------- FIN DE PARTIE


def test_at_the_end_every_pile_of_every_politician_still_in_play_is_shown():
    # "Les joueurs montrent leurs corruptions pour chaque politicien, un politicien à la fois."
    piles = {(0, PRESIDENT): ["money-50", "vp", "money-10"], (1, SENATOR): ["vp", "money-20", "money-30"]}
    state, events = final(piles)
    for seat in (None, 0, 1):
        view = state.view(seat, recall=False)
        assert view["piles"][0][PRESIDENT]["cards"] == ["money-50", "vp", "money-10"]
        assert view["piles"][1][SENATOR] == {
            "cards": ["vp", "money-20", "money-30"],
            "count": 3,
            "money": 50000,
            "vp": 1,
        }
    won = [
        (e.params["seat"], e.params["pol"], e.params["money"]) for e in events if e.kind == "politician_won"
    ]
    assert won == [(0, PRESIDENT, 60000), (1, SENATOR, 50000)]  # one politician at a time, in rank order


def test_money_card_tie_break_counts_money_cards_only_not_vp_cards():
    # "le joueur qui a joué le plus grand nombre de cartes argent gagne le politicien."
    piles = {(0, SPEAKER): ["money-40", "vp", "vp", "vp"], (1, SPEAKER): ["money-20", "money-20"]}
    state, _ = final(piles)
    result = state.politician_result(SPEAKER)
    assert result["money_cards"] == [1, 2] and result["winners"] == [1]


def test_money_card_tie_break_among_three_keeps_only_the_tied_players():
    # A poorer player with more cards is not part of the tie.
    piles = {
        (0, PRESIDENT): ["money-50"],
        (1, PRESIDENT): ["money-20", "money-30"],
        (2, PRESIDENT): ["money-10", "money-10", "money-10", "money-10"],
    }
    state, _ = final(piles, players=3)
    assert state.politician_result(PRESIDENT)["winners"] == [1]


def test_tiebreak_falls_to_the_vice_president_when_no_tied_player_won_the_president():
    # "le joueur qui a gagné le président gagne la partie. S'il y a égalité sur le président,
    # tenir compte du vice-président, et ainsi de suite." Seat 2 alone won the President; seats
    # 0 and 1 tie for first on 13 VP, and neither won the President, so the Vice-President decides.
    piles = {
        (2, PRESIDENT): ["money-10"],  # 7
        (0, VICE_PRESIDENT): ["money-10"],  # 7
        (0, SPEAKER): ["money-10"],  # 7 - 1
        (1, SENATOR): ["money-10"],  # 7
        (1, REPRESENTATIVE): ["money-10"],  # 7 - 1
    }
    state, _ = final(piles, players=3, scandals={SPEAKER: 1, REPRESENTATIVE: 1})
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (13.0, 13.0, 7.0)
    assert outcome.ranks == (1, 2, 3) and outcome.tiebreak == "vice_president"


def test_tiebreak_skips_a_removed_president():
    # A President removed by five Scandals is won by nobody: the tie passes to the Vice-President.
    piles = {
        (0, PRESIDENT): ["money-50"],
        (1, VICE_PRESIDENT): ["money-10"],
        (0, SPEAKER): ["money-10"],
    }
    state, _ = final(piles, scandals={PRESIDENT: 5})
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (7.0, 7.0)
    assert outcome.winners == (1,) and outcome.tiebreak == "vice_president"


# ------------------------------------------------------------------- INFORMATION CACHÉE


def seen_by(events: list[Event], watcher: int | None) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in events if e.visible_to(watcher)]


def public(state: SlushFundState, watcher: int | None) -> str:
    """Everything ``watcher`` may read of a position: its view and, if it acts, its legal
    actions with their labels."""
    actions = state.legal_actions(watcher) if watcher is not None else []
    labels = [state.label(a).to_json() for a in actions]
    return json.dumps([state.view(watcher), actions, labels], sort_keys=True)


def answer(state: SlushFundState, seat: int, action: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    """What trying ``action`` tells ``seat``: accepted, or the error key and its parameters
    (tried on a copy, so the position goes on unchanged)."""
    try:
        state.clone().apply(seat, action)
    except IllegalAction as error:
        return error.key, error.params
    return "accepted", {}


def test_hidden_information_twins_differing_under_the_top_look_the_same_to_everyone_else():
    # "Aucun joueur ne peut regarder les piles de corruption des autres joueurs (exception : la
    # carte Espion)." Seat 0's President pile hides $50K or $30K under its $20K and $10K. Seat 1
    # steals, spies and transfers; seat 2 and a spectator must never tell the twins apart, and
    # seat 1 only once its Spy has looked (and then only through its private event and view).
    twins = [
        position(
            {(0, PRESIDENT): [hidden, "money-20", "money-10"], (1, SENATOR): ["vp"]},
            held=["thief", "spy", "transfer"],
            phase="play",
            players=3,
            active=1,
        )
        for hidden in ("money-50", "money-30")
    ]
    probes = [
        ("transfer", PRESIDENT, "money-50", SENATOR),
        ("transfer", PRESIDENT, "money-30", SENATOR),
        ("thief", 0, SPEAKER),
        ("look", 0, PRESIDENT),
    ]
    steps = [
        ("thief", 0, PRESIDENT),
        ("spy",),
        ("look", 0, PRESIDENT),
        ("transfer", PRESIDENT, "money-10", SENATOR),
    ]
    for number, action in enumerate(steps):
        looked = number >= 3
        for watcher in (None, 2) if looked else (None, 1, 2):
            assert public(twins[0], watcher) == public(twins[1], watcher), (action, watcher)
        if not looked:
            for probe in probes:
                assert answer(twins[0], 1, probe) == answer(twins[1], 1, probe), probe
        logs = [twin.apply(1, action) for twin in twins]
        for watcher in (None, 2):
            assert seen_by(logs[0], watcher) == seen_by(logs[1], watcher), (action, watcher)
        if action[0] == "look":
            saw = [event(log, "spy_saw") for log in logs]
            assert [e.to for e in saw] == [(1,), (1,)]
            assert [e.params["cards"] for e in saw] == [["money-50", "money-20"], ["money-30", "money-20"]]
    assert twins[0].active == 2 and public(twins[0], 2) == public(twins[1], 2)


def test_hidden_information_removed_politicians_piles_stay_hidden_in_the_final_log_and_outcome():
    # A removed politician's piles are never shown, even when the game ends: nothing the other
    # seat or a spectator receives at the end depends on what lay under the top.
    ends = []
    for hidden in ("money-50", "vp"):
        state = position(
            {(0, SPEAKER): [hidden, "money-10"], (0, PRESIDENT): ["money-20"], (1, SENATOR): ["money-30"]},
            scandals={SPEAKER: 5},
            time=9,
            deck=["time"],
        )
        ends.append((state, state.apply(0, ("draw",))))
    for watcher in (None, 1):
        assert public(ends[0][0], watcher) == public(ends[1][0], watcher)
        assert seen_by(ends[0][1], watcher) == seen_by(ends[1][1], watcher)
    outcomes = [state.outcome() for state, _ in ends]
    assert outcomes[0] is not None and outcomes[1] is not None
    assert json.dumps(outcomes[0].to_json()) == json.dumps(outcomes[1].to_json())


def test_hidden_information_thief_targets_never_depend_on_an_unseen_covered_card():
    # A VP card on top hides whether money lies under it: the pile is a target either way, with
    # the same label; only the theft itself tells (and then in view of all, ruling 2).
    twins = [
        position({(0, SENATOR): [hidden, "vp"]}, held=["thief", "vp"], phase="play", active=1)
        for hidden in ("money-40", "vp")
    ]
    assert public(twins[0], 1) == public(twins[1], 1)
    assert ("thief", 0, SENATOR) in twins[0].legal_actions(1)
    outcomes = [twin.apply(1, ("thief", 0, SENATOR)) for twin in twins]
    assert kinds(outcomes[0])[0] == "thief" and kinds(outcomes[1])[0] == "thief_empty"
