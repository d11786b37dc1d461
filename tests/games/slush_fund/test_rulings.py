"""Slush Fund rulings: what the rulebook leaves open, decided in ``docs/games/slush-fund.md``
("Rulings") and in ``shared/rules/slush-fund-data.md``. One test per ruling, named after it."""

from __future__ import annotations

import json
from pathlib import Path

from backroom.games.slush_fund.cards import load_deck_file
from tests.helpers import event, kinds, play

from .conftest import PRESIDENT, SENATOR, SPEAKER, VICE_PRESIDENT, faces_of, final, pile, position


def test_ruling_thief_takes_the_topmost_money_card_skipping_vp_cards():
    # Ruling 1: the topmost *money* card of the chosen pile, onto the top of the thief's pile.
    state = position(
        {(0, SENATOR): ["money-50", "money-10", "vp", "vp"]}, held=["thief", "vp"], phase="play", active=1
    )
    state.apply(1, ("thief", 0, SENATOR))
    assert pile(state, 0, SENATOR) == ["money-50", "vp", "vp"]
    assert pile(state, 1, SENATOR) == ["money-10"]


def test_ruling_thief_may_target_only_piles_that_may_hold_money_as_far_as_the_thief_can_see():
    # A pile whose only card is a VP card is visibly without money: not a target. A pile with a
    # covered card the thief has not seen may hold money: a target (hidden cards never decide).
    piles = {(0, PRESIDENT): ["vp"], (0, SENATOR): ["vp", "vp"], (0, SPEAKER): ["money-10"]}
    state = position(piles, held=["thief", "vp"], phase="play", active=1)
    thefts = sorted(a for a in state.legal_actions(1) if a[0] == "thief")
    assert thefts == [("thief", 0, SPEAKER), ("thief", 0, SENATOR)]
    # Once a Spy has shown the thief that the Senator pile is all VP, it is no target either.
    seen = position(piles, held=["thief", "vp"], phase="play", active=1, known={1: [(0, SENATOR)]})
    assert [a for a in seen.legal_actions(1) if a[0] == "thief"] == [("thief", 0, SPEAKER)]


def test_ruling_thief_finding_no_money_is_spent_and_the_pile_is_shown_to_everyone():
    state = position({(0, SENATOR): ["vp", "vp"]}, held=["thief", "vp"], phase="play", active=1)
    events = state.apply(1, ("thief", 0, SENATOR))
    assert event(events, "thief_empty").params["cards"] == ["vp", "vp"]
    assert event(events, "thief_empty").to is None
    assert pile(state, 0, SENATOR) == ["vp", "vp"] and faces_of(state, state.out) == ["thief"]
    assert state.view(1)["piles"][0][SENATOR]["cards"] == ["vp", "vp"]


def test_ruling_spy_parts_are_optional_but_one_must_be_possible():
    # Ruling 2: move a Scandal and/or look. With no Scandal anywhere only the look is offered;
    # after a move the look may be skipped.
    state = position({(1, SPEAKER): ["money-10"]}, held=["spy", "vp"], phase="play")
    assert [a for a in state.legal_actions(0) if a[0].startswith("spy")] == [("spy",)]
    moved = position({(1, SPEAKER): ["money-10"]}, held=["spy", "vp"], phase="play", scandals={SENATOR: 1})
    moved.apply(0, ("spy_move", SENATOR, PRESIDENT))
    assert ("no_look",) in moved.legal_actions(0)
    play(moved, (0, ("no_look",)))
    assert moved.phase == "play" and faces_of(moved, moved.held) == ["vp"]
    # Without a move the look is the whole point: it cannot be skipped.
    state.apply(0, ("spy",))
    assert ("no_look",) not in state.legal_actions(0)


def test_ruling_spy_moves_the_scandal_first_then_looks():
    """« Une carte espion est utilisée pour faire 2 choses : (1) déplacer une carte scandale d'un
    politicien vers un autre et (2) regarder la pile de corruption d'un autre joueur. »

    Ruling 3: the two parts come in the rulebook's order. Playing the Spy is choosing the move
    (or no move); the look comes after it, so a spy cannot look first and then pick the move."""
    state = position({(1, SPEAKER): ["money-10"]}, held=["spy", "vp"], phase="play", scandals={SENATOR: 1})
    first = state.legal_actions(0)
    assert ("spy_move", SENATOR, PRESIDENT) in first and ("spy",) in first
    assert not [a for a in first if a[0] in ("look", "no_look")]
    state.apply(0, ("spy_move", SENATOR, PRESIDENT))
    assert state.phase == "spy_look"
    assert {a[0] for a in state.legal_actions(0)} == {"look", "no_look"}


def test_ruling_spy_look_is_private_to_the_spy():
    state = position({(1, SPEAKER): ["money-50", "money-10"]}, held=["spy", "vp"], phase="play")
    events = play(state, (0, ("spy",)), (0, ("look", 1, SPEAKER)))
    assert event(events, "look").to is None and "cards" not in event(events, "look").params
    assert event(events, "spy_saw").to == (0,)
    assert state.view(0)["piles"][1][SPEAKER]["cards"] == ["money-50", "money-10"]
    assert state.view(None)["piles"][1][SPEAKER]["cards"] == [None, "money-10"]
    # Without recall (a person's memory) only what lies face up now is shown.
    assert state.view(0, recall=False)["piles"][1][SPEAKER]["cards"] == [None, "money-10"]


def test_ruling_a_spy_moving_a_fifth_scandal_removes_the_politician():
    state = position(held=["spy", "vp"], phase="play", scandals={SENATOR: 1, VICE_PRESIDENT: 4})
    events = state.apply(0, ("spy_move", SENATOR, VICE_PRESIDENT))
    assert "politician_removed" in kinds(events) and state.removed[VICE_PRESIDENT]


def test_ruling_covered_bribes_are_hidden_even_from_players_who_saw_them_played():
    # Every card is played face up, but the rules forbid looking at others' piles: Backroom
    # models a covered bribe as hidden from opponents, perfect recall or not.
    state = position(held=["money-50", "money-10"], phase="play")
    play(state, (0, ("bribe", "money-50", PRESIDENT)), (0, ("bribe", "money-10", PRESIDENT)))
    for recall in (True, False):
        assert state.view(1, recall=recall)["piles"][0][PRESIDENT]["cards"] == [None, "money-10"]


def test_ruling_a_moved_card_is_seen_on_its_new_top_and_forgotten_where_it_was():
    # A Spy saw the Senator pile; the owner transfers its $50K away: it now shows on the
    # President pile's top, and the spy's memory of the Senator pile keeps the rest.
    piles = {(1, SENATOR): ["money-50", "money-20", "vp"], (1, PRESIDENT): ["money-10"]}
    state = position(piles, held=["transfer", "money-30"], phase="play", active=1, known={0: [(1, SENATOR)]})
    state.apply(1, ("transfer", SENATOR, "money-50", PRESIDENT))
    view = state.view(0)["piles"][1]
    assert view[SENATOR]["cards"] == ["money-20", "vp"]
    assert view[PRESIDENT]["cards"] == [None, "money-50"]
    # The spy's look does not follow the card: once the owner covers it on the President pile
    # it is a covered bribe like any other (ruling 7), hidden from the spy too.
    state.apply(1, ("bribe", "money-30", PRESIDENT))
    assert state.view(0)["piles"][1][PRESIDENT]["cards"] == [None, None, "money-30"]


def test_ruling_nobody_wins_a_politician_without_money():
    state, events = final({(0, SPEAKER): ["vp", "vp"]})
    assert state.politician_result(SPEAKER)["winners"] == []
    assert any(e.kind == "politician_unclaimed" and e.params["pol"] == SPEAKER for e in events)


def test_ruling_removed_politicians_piles_stay_hidden_at_the_end():
    # Piles of a politician removed by its fifth Scandal leave the game face down; the others
    # are all revealed when the game ends.
    piles = {(0, SPEAKER): ["money-50", "money-20"], (0, SENATOR): ["money-40", "money-30"]}
    state, _ = final(piles, scandals={SPEAKER: 5})
    view = state.view(1)
    assert view["piles"][0][SPEAKER]["cards"] == [None, "money-20"]
    assert view["piles"][0][SENATOR]["cards"] == ["money-40", "money-30"]
    outcome = state.outcome()
    assert outcome is not None and outcome.details["politicians"][SPEAKER]["money"] is None


def test_ruling_an_exhausted_deck_ends_the_game(tmp_path: Path):
    # Data file, unknown 5: with a deck of fewer than ten Time cards, the end of the deck ends
    # the game (at the end of a turn, or at once during a reveal).
    cards = [{"type": "money", "value": 10000, "count": 80}, {"type": "vp", "count": 10}]
    path = tmp_path / "no-time.json"
    path.write_text(json.dumps({"cards": cards}), "utf-8")
    deck = load_deck_file(str(path))
    state = position(deck=["money-10"] * 3, leftover="out", deck_def=deck)
    play(state, (0, ("draw",)), (0, ("stash", "money-10")))
    events = play(state, (0, ("bribe", "money-10", PRESIDENT)), (0, ("bribe", "money-10", SENATOR)))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "deck_exhausted" and kinds(events)[-1] == "game_over"
    short = position(deck=["money-10"] * 2, leftover="out", deck_def=deck)
    short.apply(0, ("draw",))
    assert short.is_over and faces_of(short, short.held) == ["money-10", "money-10"]


def test_ruling_identical_cards_are_one_choice():
    # Two $10K cards in the fund are one choice: the same card for every purpose.
    state = position(fund=["money-10", "money-10", "vp"])
    assert state.legal_actions(0) == [("draw",), ("take", "money-10"), ("take", "vp")]


def test_ruling_identical_cards_are_one_choice_a_transfer_moves_the_topmost_of_its_face():
    # Ruling 11: "your $20K" in a pile holding two is the topmost one; the $20K below the $10K
    # stays covered where it was.
    state = position(
        {(0, SENATOR): ["money-20", "money-10", "money-20"]}, held=["transfer", "vp"], phase="play"
    )
    state.apply(0, ("transfer", SENATOR, "money-20", PRESIDENT))
    assert state.view(1)["piles"][0][SENATOR]["cards"] == [None, "money-10"]


def test_ruling_15_the_turn_limit_ends_the_game():
    # Ruling 15: discards feed the slush fund, so option (b) turns could go on for ever; the
    # table's turn limit scores the game after that many turns.
    state = position(fund=["money-10", "money-20", "money-30"], turn_limit=20)
    state.turns = 19
    play(state, (0, ("take", "money-10")), (0, ("take", "money-20")), (0, ("take", "money-30")))
    play(state, (0, ("discard", "money-10")), (0, ("discard", "money-20")))
    events = state.apply(0, ("discard", "money-30"))
    assert state.is_over and state.outcome().reason == "turn_limit"
    assert events[-1].kind == "game_over"


def test_ruling_16_money_cards_are_counted_in_the_pile_at_the_end_so_a_stolen_one_counts_for_the_thief():
    # Ruling 16: "le joueur qui a joué le plus grand nombre de cartes argent" counts the money
    # cards in each pile when the piles are shown. Seat 0 played two cards on the President and
    # seat 1 one; seat 1's Thief takes the $10K: $30K each, and the thief's pile holds two
    # money cards to one, so the thief wins the President although it played fewer. Seat 0's
    # VP card is no money card and does not count.
    piles = {(0, PRESIDENT): ["vp", "money-30", "money-10"], (1, PRESIDENT): ["money-20"]}
    state = position(piles, held=["thief", "vp"], phase="play", active=1, time=9, deck=["time"])
    play(state, (1, ("thief", 0, PRESIDENT)), (1, ("discard", "vp")), (0, ("draw",)))
    assert state.is_over
    president = state.politician_result(PRESIDENT)
    assert president["money"] == [30000, 30000] and president["money_cards"] == [1, 2]
    assert president["winners"] == [1]
