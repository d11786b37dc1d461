"""Slush Fund, an independent review against the French rulebook
(``shared/seeds/001_1ea7ea3beec3d275.txt``) and the data notes' rulings
(``shared/rules/slush-fund-data.md``): the rule sentences the other test files left unpinned.

Each test is named after the rule it pins and quotes it; positions are built card by card with
``conftest.position``. The end of the game and hidden information are in ``test_review_end.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backroom.engine.errors import BadOptions
from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.cards import POLITICIAN_ARGS, load_deck_file
from backroom.games.slush_fund.state import SlushFundState
from tests.helpers import event, kinds, play, refuse

from .conftest import (
    PRESIDENT,
    REPRESENTATIVE,
    SENATOR,
    SPEAKER,
    VICE_PRESIDENT,
    faces_of,
    final,
    pile,
    position,
)


def politicians_in(action: tuple[Any, ...]) -> list[int]:
    return [action[i] for i in POLITICIAN_ARGS.get(action[0], ())]


def actions_of(state: SlushFundState, seat: int, kind: str) -> list[tuple[Any, ...]]:
    return sorted(a for a in state.legal_actions(seat) if a[0] == kind)


# ------------------------------------------------------------------ DÉROULEMENT DE LA PARTIE


def test_two_to_four_players():
    # "Un jeu de Steve Finn pour 2 à 4 joueurs."
    for players in (1, 5):
        with pytest.raises(BadOptions) as refused:
            GAME.check_players(players)
        assert refused.value.key == "error.player_count"
    for players in (2, 3, 4):
        GAME.check_players(players)
        assert GAME.start(players, {}, seed=1)[0].players == players


def test_first_player_starts_and_only_the_active_player_acts():
    # "Décidez du premier joueur. Le joueur dont c'est le tour s'appelle le joueur actif."
    # Ruling 12: the first seat starts.
    state, events = GAME.start(3, {}, seed=8)
    assert state.active == 0 and state.actors() == (0,)
    assert event(events, "turn").params == {"seat": 0}
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    assert refuse(state, 1, ("draw",)) == "slush-fund.error.not_your_turn"


def test_turn_starts_with_exactly_the_two_ways_of_choosing_cards():
    # "Le joueur actif choisit des cartes par 1 des 2 méthodes suivantes : (a) Du paquet OU
    # (b) De la caisse noire." Nothing can be played before the cards are chosen.
    state = position(fund=["money-10", "scandal", "thief"])
    assert sorted(state.legal_actions(0)) == [
        ("draw",),
        ("take", "money-10"),
        ("take", "scandal"),
        ("take", "thief"),
    ]
    assert refuse(state, 0, ("bribe", "money-10", PRESIDENT)) == "error.illegal_action"
    assert refuse(state, 0, ("discard", "money-10")) == "error.illegal_action"


def test_turn_b_is_allowed_with_exactly_three_cards_in_the_slush_fund():
    # "il faut au moins 3 cartes dans la caisse noire": three is enough.
    state = position(fund=["vp", "vp", "money-20"])
    assert ("take", "vp") in state.legal_actions(0)
    play(state, (0, ("take", "vp")), (0, ("take", "money-20")), (0, ("take", "vp")))
    assert state.fund == [] and state.phase == "play"
    assert faces_of(state, state.held) == ["vp", "money-20", "vp"]


def test_turn_b_takes_three_cards_before_playing_any_and_cannot_switch_to_the_deck():
    # "Regardez la caisse noire et choisissez 3 cartes quelconques" then "Jouer les 3 cartes".
    state = position(fund=["money-10", "money-20", "money-30", "scandal"])
    state.apply(0, ("take", "money-30"))
    assert state.phase == "take"
    assert sorted(state.legal_actions(0)) == [
        ("take", "money-10"),
        ("take", "money-20"),
        ("take", "scandal"),
    ]
    assert refuse(state, 0, ("draw",)) == "error.illegal_action"
    assert refuse(state, 0, ("bribe", "money-30", PRESIDENT)) == "error.illegal_action"
    state.apply(0, ("take", "scandal"))
    assert state.phase == "take"
    state.apply(0, ("take", "money-10"))
    assert state.phase == "play" and faces_of(state, state.fund) == ["money-20"]


def test_turn_b_never_reveals_a_card_of_the_deck_not_even_a_time_card():
    # Option (b) takes from the slush fund "au lieu de choisir des cartes du paquet".
    state = position(fund=["money-10", "money-20", "money-30"], deck=["time", "time"], time=8)
    events = play(state, (0, ("take", "money-10")), (0, ("take", "money-20")), (0, ("take", "money-30")))
    assert "time" not in kinds(events) and len(state.time) == 8 and not state.is_over


def test_turn_a_the_revealed_cards_are_face_up_for_everyone():
    # "Révélez les 3 premières cartes du paquet et placez-les face visible."
    state = position(deck=["money-20", "spy", "vp"], players=3)
    events = state.apply(0, ("draw",))
    reveals = [e for e in events if e.kind == "reveal"]
    assert [e.params["card"] for e in reveals] == ["money-20", "spy", "vp"]
    assert all(e.to is None for e in reveals)
    for seat in (None, 1, 2):
        assert state.view(seat)["held"] == ["money-20", "spy", "vp"]


def test_turn_a_one_card_goes_into_the_slush_fund_first_then_the_other_two_are_played():
    # "Choisissez d'abord l'une d'entre elles et mettez-la dans la caisse noire ... Puis jouez
    # les 2 autres cartes." No card is played before the stash; the turn ends after two plays.
    state = position(deck=["money-20", "scandal", "vp"], fund=["thief"])
    state.apply(0, ("draw",))
    assert state.phase == "stash"
    assert refuse(state, 0, ("bribe", "money-20", PRESIDENT)) == "error.illegal_action"
    assert refuse(state, 0, ("discard", "vp")) == "error.illegal_action"
    state.apply(0, ("stash", "scandal"))
    assert faces_of(state, state.fund) == ["thief", "scandal"]  # face up, on top of the fund
    assert state.view(1)["fund"] == ["thief", "scandal"]
    state.apply(0, ("bribe", "vp", SENATOR))
    assert state.active == 0 and faces_of(state, state.held) == ["money-20"]
    events = state.apply(0, ("bribe", "money-20", SENATOR))
    assert kinds(events)[-1] == "turn" and state.active == 1 and state.phase == "choose"


def test_turn_a_time_cards_never_reach_the_fund_the_cards_in_play_or_the_used_cards():
    # "Elles ne sont ni mises dans la caisse noire ni utilisées par les joueurs." A Time card
    # revealed as the third card is replaced too, and several in a row are all set aside.
    state = position(deck=["money-10", "money-20", "time", "time", "time", "money-30"])
    events = state.apply(0, ("draw",))
    assert faces_of(state, state.held) == ["money-10", "money-20", "money-30"]
    assert faces_of(state, state.time) == ["time", "time", "time"]
    assert [e.params["count"] for e in events if e.kind == "time"] == [1, 2, 3]
    assert all(e.to is None for e in events)
    assert len(state.deck) == 90 - 6
    play(state, (0, ("stash", "money-30")), (0, ("discard", "money-10")), (0, ("discard", "money-20")))
    assert "time" not in faces_of(state, state.fund + state.out)
    assert state.view(1)["time"] == 3


def test_turn_a_tenth_time_card_as_a_replacement_ends_the_game_before_the_stash():
    # "La partie se termine immédiatement quand la 10ème carte temps est révélée. Le joueur
    # actif ne termine pas son tour." Here the ninth and tenth come back to back, after one card.
    state = position(
        {(1, SENATOR): ["money-10"]}, deck=["money-50", "time", "time", "money-40"], fund=["vp"], time=8
    )
    events = state.apply(0, ("draw",))
    assert [e.params["count"] for e in events if e.kind == "time"] == [9, 10]
    assert "turn" not in kinds(events) and kinds(events)[-1] == "game_over"
    assert state.is_over and state.phase == "over"
    assert faces_of(state, state.fund) == ["vp"]  # nothing stashed
    assert faces_of(state, state.held) == ["money-50"]  # never played
    assert faces_of(state, state.deck[-1:]) == ["money-40"]  # never revealed
    assert state.legal_actions(0) == [] and state.actors() == ()
    assert refuse(state, 0, ("stash", "money-50")) == "error.game_over"
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "time" and outcome.scores == (0.0, 7.0)


def test_turn_a_tenth_time_card_as_the_first_card_revealed_ends_the_game():
    state = position(deck=["time", "money-40", "money-30"], time=9)
    events = state.apply(0, ("draw",))
    assert "reveal" not in kinds(events) and state.held == [] and state.is_over


# ---------------------------------------------------------------------------- JOUER DES CARTES


def test_discarding_counts_as_playing_a_card():
    # "défausser compte comme jouer une carte": two discards end an option (a) turn, three an
    # option (b) turn.
    state = position(deck=["money-10", "scandal", "vp"])
    play(state, (0, ("draw",)), (0, ("stash", "vp")), (0, ("discard", "money-10")))
    events = state.apply(0, ("discard", "scandal"))
    assert kinds(events)[-1] == "turn" and state.active == 1
    assert faces_of(state, state.fund)[-2:] == ["money-10", "scandal"]
    taker = position(fund=["thief", "spy", "transfer"], active=1)
    play(taker, (1, ("take", "thief")), (1, ("take", "spy")), (1, ("take", "transfer")))
    play(taker, (1, ("discard", "spy")), (1, ("discard", "thief")))
    assert taker.active == 1
    taker.apply(1, ("discard", "transfer"))
    assert taker.active == 0 and taker.out == []  # discarded power cards are not "used"


def test_forced_discard_of_a_transfer_whose_only_money_lies_on_a_removed_politician():
    # "Dans certains cas, un joueur peut être obligé de défausser une ou plusieurs cartes."
    state = position(
        {(0, SPEAKER): ["money-50"]}, held=["transfer", "vp"], phase="play", scandals={SPEAKER: 5}
    )
    assert actions_of(state, 0, "transfer") == []
    assert ("discard", "transfer") in state.legal_actions(0)


def test_forced_discard_when_every_politician_is_removed(tmp_path: Path):
    # Data notes, ruling 3: "a Scandal or bribe when every politician is gone" must be discarded.
    # Twenty-five Scandals need a table's deck file.
    cards = [
        {"type": "money", "value": 10000, "count": 55},
        {"type": "scandal", "count": 25},
        {"type": "time", "count": 10},
    ]
    path = tmp_path / "scandalous.json"
    path.write_text(json.dumps({"cards": cards}), "utf-8")
    state = position(
        held=["money-10", "money-10"],
        phase="play",
        scandals=dict.fromkeys(range(5), 5),
        deck_def=load_deck_file(str(path)),
    )
    assert state.legal_actions(0) == [("discard", "money-10")]


# ------------------------------------------------------------------------------- CARTES ARGENT


def test_rulebook_example_jill_20k_out_bribes_bill_10k_at_the_president():
    # "Bill met une carte $10K de son côté du président, alors que Jill met $20K de son côté du
    # président. A ce stade, Jill a plus corrompu le président."
    bill, jill = 0, 1
    state = position(fund=["money-10", "vp", "scandal", "money-20", "thief", "spy"])
    play(state, *((bill, ("take", face)) for face in ("money-10", "vp", "scandal")))
    play(
        state,
        (bill, ("bribe", "money-10", PRESIDENT)),
        (bill, ("discard", "vp")),
        (bill, ("discard", "scandal")),
    )
    play(state, *((jill, ("take", face)) for face in ("money-20", "thief", "spy")))
    play(
        state,
        (jill, ("bribe", "money-20", PRESIDENT)),
        (jill, ("discard", "thief")),
        (jill, ("discard", "spy")),
    )
    assert pile(state, bill, PRESIDENT) == ["money-10"] and pile(state, jill, PRESIDENT) == ["money-20"]
    president = state.politician_result(PRESIDENT)
    assert president["money"] == [10000, 20000] and president["winners"] == [jill]


def test_money_goes_on_the_active_players_own_side_only():
    # "Une carte argent est jouée en étant placée face visible du côté du joueur actif."
    state = position(held=["money-30", "vp"], phase="play", players=4, active=2)
    bribes = actions_of(state, 2, "bribe")
    assert len(bribes) == 2 * 5  # each card at each politician; no seat to choose
    state.apply(2, ("bribe", "money-30", REPRESENTATIVE))
    assert [pile(state, s, REPRESENTATIVE) for s in range(4)] == [[], [], ["money-30"], []]


def test_vp_card_is_stacked_like_money_and_only_the_latest_card_shows():
    # "Une carte PV est jouée selon les mêmes règles que les cartes argent ... de sorte que seule
    # la carte la plus récemment jouée soit visible."
    state = position(
        {(0, PRESIDENT): ["money-20"], (0, SENATOR): ["vp"]}, held=["vp", "money-10"], phase="play"
    )
    play(state, (0, ("bribe", "vp", PRESIDENT)), (0, ("bribe", "money-10", SENATOR)))
    theirs = state.view(1)["piles"][0]
    assert theirs[PRESIDENT]["cards"] == [None, "vp"] and theirs[SENATOR]["cards"] == [None, "money-10"]
    assert theirs[PRESIDENT]["money"] is None and theirs[PRESIDENT]["vp"] is None


# ---------------------------------------------------------------------------- CARTES SCANDALE


def test_scandals_are_counted_per_politician_and_a_removed_one_takes_no_more():
    # "Si un politicien collecte 5 cartes scandales, il est retiré de la partie." Four do not.
    state = position(held=["scandal", "scandal", "vp"], phase="play", scandals={SENATOR: 3})
    state.apply(0, ("scandal", SENATOR))
    assert not state.removed[SENATOR] and [len(s) for s in state.scandals] == [0, 0, 0, 4, 0]
    events = state.apply(0, ("scandal", SENATOR))
    assert event(events, "scandal").params["count"] == 5 and state.removed[SENATOR]
    assert kinds(events) == ["scandal", "politician_removed"]
    assert state.view(None)["politicians"][SENATOR] == {
        "id": "senator",
        "rank": 4,
        "scandals": 5,
        "removed": True,
    }


def test_a_removed_politician_is_out_of_reach_of_every_card():
    # "il est retiré de la partie ainsi que toutes les piles de corruption le concernant": no
    # bribe, Scandal, theft, transfer, Spy move or look may touch it any more.
    piles = {
        (0, SPEAKER): ["money-20", "money-50"],
        (0, PRESIDENT): ["money-10"],
        (1, SPEAKER): ["money-30"],
        (1, SENATOR): ["money-40"],
    }
    held = ["money-10", "scandal", "thief", "spy", "transfer"]
    state = position(piles, held=held, phase="play", scandals={SPEAKER: 5, SENATOR: 1}, active=0)
    assert all(SPEAKER not in politicians_in(a) for a in state.legal_actions(0))
    assert actions_of(state, 0, "thief") == [("thief", 1, SENATOR)]
    assert all(a[1] != SPEAKER and a[3] != SPEAKER for a in actions_of(state, 0, "transfer"))
    assert refuse(state, 0, ("thief", 1, SPEAKER)) == "slush-fund.error.politician_removed"
    assert (
        refuse(state, 0, ("transfer", SPEAKER, "money-50", PRESIDENT))
        == "slush-fund.error.politician_removed"
    )
    assert refuse(state, 0, ("spy_move", SENATOR, SPEAKER)) == "slush-fund.error.politician_removed"
    state.apply(0, ("spy",))
    assert sorted(state.legal_actions(0)) == [("look", 1, SENATOR)]


def test_refusal_names_a_removed_politician_only_when_the_action_names_it_bug():
    # A Thief and a Spy's look name a seat first: seat 1 is not the removed Vice-President, so a
    # theft from seat 1's empty Senator pile is refused as illegal, not as "politician removed".
    state = position(
        {(1, PRESIDENT): ["money-10"]}, held=["thief", "spy"], phase="play", scandals={VICE_PRESIDENT: 5}
    )
    assert refuse(state, 0, ("thief", 1, SENATOR)) == "error.illegal_action"
    assert refuse(state, 0, ("thief", 1, VICE_PRESIDENT)) == "slush-fund.error.politician_removed"
    state.apply(0, ("spy",))
    assert refuse(state, 0, ("look", 1, SENATOR)) == "error.illegal_action"
    assert refuse(state, 0, ("look", 1, VICE_PRESIDENT)) == "slush-fund.error.politician_removed"


def test_removing_a_politician_costs_every_player_the_corruption_on_it():
    # "chaque joueur perd sa corruption sur ce politicien": the biggest briber scores nothing.
    piles = {
        (0, PRESIDENT): ["money-50", "money-50", "vp"],
        (1, PRESIDENT): ["money-10"],
        (1, SENATOR): ["money-10"],
    }
    state, events = final(piles, scandals={PRESIDENT: 5})
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0.0, 7.0) and outcome.winners == (1,)
    assert not any(e.params.get("pol") == PRESIDENT for e in events if e.kind.startswith("politician_"))


# ----------------------------------------------------------------------------- CARTES VOLEUR


def test_rulebook_example_steve_thief_moves_bills_20k_to_his_own_side_of_the_vice_president():
    # "Bill a une carte $10K de son côté du président, une carte $10K de son côté du sénateur et
    # une carte $20K de son côté du vice-président. Steve joue une carte voleur, prend la carte
    # $20K de Bill et la déplace vers son propre côté du vice-président."
    bill, steve = 0, 1
    piles = {
        (bill, PRESIDENT): ["money-10"],
        (bill, SENATOR): ["money-10"],
        (bill, VICE_PRESIDENT): ["money-20"],
        (steve, VICE_PRESIDENT): ["money-30"],
    }
    state = position(piles, held=["thief", "vp"], phase="play", active=steve)
    assert actions_of(state, steve, "thief") == [
        ("thief", bill, PRESIDENT),
        ("thief", bill, VICE_PRESIDENT),
        ("thief", bill, SENATOR),
    ]  # only an opponent's piles, never the thief's own
    before = state.politician_result(VICE_PRESIDENT)["money"]
    events = state.apply(steve, ("thief", bill, VICE_PRESIDENT))
    after = state.politician_result(VICE_PRESIDENT)["money"]
    assert before == [20000, 30000] and after == [0, 50000]  # Bill -$20K, Steve +$20K
    assert pile(state, steve, VICE_PRESIDENT) == ["money-30", "money-20"]  # on top, in view
    assert pile(state, bill, PRESIDENT) == ["money-10"] and pile(state, bill, SENATOR) == ["money-10"]
    assert event(events, "thief").to is None
    assert faces_of(state, state.out) == ["thief"] and "thief" not in faces_of(state, state.fund)


def test_thief_may_rob_any_opponent_in_a_four_player_game():
    # "voler de la corruption aux autres joueurs": every opponent's pile is a target.
    piles = {(0, PRESIDENT): ["money-10"], (1, SENATOR): ["money-20"], (3, SPEAKER): ["money-30"]}
    piles[(2, PRESIDENT)] = ["money-40"]
    state = position(piles, held=["thief", "vp"], phase="play", players=4, active=2)
    assert actions_of(state, 2, "thief") == [
        ("thief", 0, PRESIDENT),
        ("thief", 1, SENATOR),
        ("thief", 3, SPEAKER),
    ]


def test_thief_takes_one_card_only():
    # "Une carte voleur ne peut voler qu'une carte argent."
    piles = {(0, SENATOR): ["money-10", "money-20", "money-30"]}
    state = position(piles, held=["thief", "vp"], phase="play", active=1)
    state.apply(1, ("thief", 0, SENATOR))
    assert pile(state, 0, SENATOR) == ["money-10", "money-20"] and pile(state, 1, SENATOR) == ["money-30"]


# ------------------------------------------------------------------------------ CARTE ESPION


def test_spy_leaves_the_game_after_moving_a_scandal_too():
    # "Après qu'une carte d'espion a été jouée, elle est retirée de la partie. Elle ne va pas dans
    # la caisse noire." (The look-only path is pinned in test_rules.py.)
    state = position(held=["spy", "vp"], phase="play", scandals={PRESIDENT: 1})
    state.apply(0, ("spy_move", PRESIDENT, REPRESENTATIVE))
    assert faces_of(state, state.out) == ["spy"]
    assert "spy" not in faces_of(state, state.fund + state.held)
    assert state.phase == "play"  # no opponent pile to look at: the Spy is done


def test_spy_moves_a_scandal_from_one_politician_to_another():
    # "déplacer une carte scandale d'un politicien vers un autre": never onto the same one,
    # only from a politician that has one.
    state = position(held=["spy", "vp"], phase="play", scandals={SENATOR: 2})
    moves = actions_of(state, 0, "spy_move")
    assert moves == [("spy_move", SENATOR, p) for p in (PRESIDENT, VICE_PRESIDENT, SPEAKER, REPRESENTATIVE)]
    events = state.apply(0, ("spy_move", SENATOR, PRESIDENT))
    assert event(events, "spy_move").to is None
    assert [len(s) for s in state.scandals] == [1, 0, 0, 1, 0]


def test_spy_look_shows_the_spy_a_whole_pile_of_another_player_once_per_spy():
    # "regarder la pile de corruption d'un autre joueur": one pile, not one's own.
    piles = {
        (0, PRESIDENT): ["money-10", "money-20"],
        (1, PRESIDENT): ["money-50", "vp"],
        (2, SENATOR): ["vp", "money-40"],
    }
    state = position(piles, held=["spy", "vp"], phase="play", players=3)
    state.apply(0, ("spy",))
    assert sorted(state.legal_actions(0)) == [("look", 1, PRESIDENT), ("look", 2, SENATOR)]
    events = state.apply(0, ("look", 2, SENATOR))
    assert event(events, "spy_saw").params["cards"] == ["vp", "money-40"]
    assert state.phase == "play" and actions_of(state, 0, "look") == []
    assert state.view(0)["piles"][1][PRESIDENT]["cards"] == [None, "vp"]  # the other pile stays hidden


# -------------------------------------------------------------------- CARTE TRANSFERT D'ARGENT


def test_transfer_moves_only_the_players_own_money_between_the_players_own_piles():
    # "déplacer une des propres cartes argent d'un joueur d'une de ses propres piles de
    # corruption à une autre": opponents' piles are untouched, the card changes politician, and
    # an empty pile of one's own may receive it.
    piles = {
        (0, PRESIDENT): ["money-20", "money-10"],
        (1, PRESIDENT): ["money-50"],
        (1, SPEAKER): ["money-40"],
    }
    state = position(piles, held=["transfer", "vp"], phase="play")
    moves = actions_of(state, 0, "transfer")
    assert {(a[1], a[2]) for a in moves} == {(PRESIDENT, "money-20"), (PRESIDENT, "money-10")}
    assert all(a[3] != a[1] for a in moves) and len(moves) == 2 * 4
    assert refuse(state, 0, ("transfer", SPEAKER, "money-40", SENATOR)) == "error.illegal_action"
    state.apply(0, ("transfer", PRESIDENT, "money-20", SENATOR))
    assert pile(state, 0, PRESIDENT) == ["money-10"] and pile(state, 0, SENATOR) == ["money-20"]
    assert pile(state, 1, PRESIDENT) == ["money-50"] and pile(state, 1, SPEAKER) == ["money-40"]
    assert state.view(1)["piles"][0][SENATOR]["cards"] == ["money-20"]
