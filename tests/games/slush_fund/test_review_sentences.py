"""Slush Fund, a third review against the French rulebook
(``shared/seeds/001_1ea7ea3beec3d275.txt``): rule sentences that no test could catch being
broken, found by changing the rules code one rule at a time and seeing every test still pass.

Each test is named after the rule it pins, quotes the sentence in French and names, in a
comment, the change of the code it catches.
"""

from __future__ import annotations

import json
from pathlib import Path

from backroom.games.slush_fund import GAME
from backroom.games.slush_fund.cards import load_deck_file
from tests.helpers import event, kinds, play

from .conftest import PRESIDENT, SENATOR, SPEAKER, VICE_PRESIDENT, faces_of, pile, position


def test_preparation_melangez_le_paquet_the_game_cards_are_shuffled():
    """« Mélangez le paquet des cartes de jeu, »

    Every game starts from all 90 cards in an order of its own: not the order of the card
    list, and not the same order for every deal."""
    # Catches: no shuffle in ``SlushFundState.deal`` (the deck left in data-file order).
    decks = [GAME.start(2, {}, seed=seed)[0].deck for seed in range(1, 6)]
    for deck in decks:
        assert sorted(deck) == list(range(90))
        assert deck != list(range(90)) and deck != list(range(89, -1, -1))
    assert len({tuple(deck) for deck in decks}) == len(decks)
    # The revealed cards are the shuffled top ones, not a fixed run of the card list.
    tops = {tuple(GAME.start(2, {}, seed=seed)[0].deck[-3:]) for seed in range(1, 6)}
    assert len(tops) > 1


def test_jouer_des_cartes_every_card_is_played_in_view_of_all():
    """« Chaque carte doit être jouée, 1 à la fois, afin que tous la voient. »

    Whatever the card, everyone at the table and a spectator are told it was played and how:
    a bribe, a Scandal (and the removal its fifth makes), a Thief, a Spy's move and whose pile
    it looks at, a Money Transfer, a discard; and, before, the card put into the slush fund or
    taken from it."""
    # Catches: the event of any of these made private to the player (``Event(..., (seat,))``).
    watchers = (None, 1, 2)
    state = position(
        {(0, SENATOR): ["money-20"], (1, SPEAKER): ["money-30", "money-10"]},
        deck=["scandal", "money-20", "vp"],
        fund=["thief", "spy", "transfer"],
        scandals={PRESIDENT: 1, VICE_PRESIDENT: 4},
        players=3,
    )
    events = play(state, (0, ("draw",)), (0, ("stash", "vp")))
    events += play(state, (0, ("scandal", VICE_PRESIDENT)), (0, ("bribe", "money-20", SENATOR)))
    events += play(state, (1, ("take", "thief")), (1, ("take", "spy")), (1, ("take", "transfer")))
    events += play(state, (1, ("thief", 0, SENATOR)), (1, ("spy_move", PRESIDENT, SENATOR)))
    events += play(state, (1, ("look", 0, SENATOR)), (1, ("discard", "transfer")))
    assert pile(state, 1, SENATOR) == ["money-20"] and len(state.scandals[SENATOR]) == 1
    other = position(
        {(2, SPEAKER): ["money-40"], (0, PRESIDENT): ["money-10"]},
        held=["transfer", "spy", "vp"],
        phase="play",
        players=3,
        active=2,
    )
    events += play(other, (2, ("transfer", SPEAKER, "money-40", PRESIDENT)), (2, ("spy",)))
    events += play(other, (2, ("look", 0, PRESIDENT)), (2, ("bribe", "vp", SENATOR)))
    played = [
        "reveal",
        "stash",
        "scandal",
        "politician_removed",
        "bribe",
        "take",
        "thief",
        "spy_move",
        "spy",
        "look",
        "discard",
        "transfer",
    ]
    assert set(played) <= set(kinds(events))
    for e in events:
        if e.kind in played:
            assert all(e.visible_to(w) for w in watchers), (e.kind, e.to)
    # Only what a Spy saw in the pile is its own.
    assert [e.to for e in events if e.kind == "spy_saw"] == [(1,), (2,)]


def test_at_any_time_own_piles_the_fund_the_scandals_and_the_time_are_seen_without_memory():
    """« Un joueur peut regarder sa propre pile de corruption n'importe quand »
    « Chaque joueur peut regarder la caisse noire à tout moment de la partie. »
    « Chaque joueur peut vérifier à tout moment pour voir combien de cartes scandale ont été
    jouées. »
    « Les cartes temps sont placées dans une rangée, il est ainsi facile de voir combien de
    cartes temps ont été révélées. »

    A view without recall (a player who remembers nothing) still shows all that lies open to
    look at now: the whole of one's own piles, the slush fund, the Scandals and the Time row."""
    # Catches: any of these dropped from ``view(seat, recall=False)`` (own piles shown only
    # with recall, or the fund, the Scandal counts or the Time count emptied without it).
    state = position(
        {(0, PRESIDENT): ["money-50", "vp", "money-10"], (1, PRESIDENT): ["money-20", "money-30"]},
        fund=["spy", "money-40", "vp"],
        scandals={SENATOR: 3, SPEAKER: 5},
        time=6,
        active=1,
    )
    for seat in (0, 1):
        remembered, now = state.view(seat), state.view(seat, recall=False)
        for key in ("fund", "time", "politicians"):
            assert now[key] == remembered[key]
        assert now["piles"][seat] == remembered["piles"][seat]
        assert now["fund"] == ["spy", "money-40", "vp"] and now["time"] == 6
        assert [p["scandals"] for p in now["politicians"]] == [0, 0, 5, 3, 0]
        assert now["politicians"][SPEAKER]["removed"] is True
    own = state.view(0, recall=False)["piles"][0][PRESIDENT]
    assert own == {"cards": ["money-50", "vp", "money-10"], "count": 3, "money": 60000, "vp": 1}
    theirs = state.view(0, recall=False)["piles"][1][PRESIDENT]
    assert theirs["cards"] == [None, "money-30"]  # another player's pile: only its top


def test_voleur_a_pile_found_without_money_is_shown_to_every_player():
    """« Une carte voleur ne peut voler qu'une carte argent sur la pile de corruption d'un
    adversaire. »

    Ruling 2 (docs/games/slush-fund.md): if the covered cards of the pile a Thief chose hold no
    money, the owner shows the pile to everyone and the Thief is spent. Every player, not only
    the thief, then sees the whole pile."""
    # Catches: the pile shown to the thief alone (``self.known[seat] |= shown`` in ``_steal``).
    state = position(
        {(0, SENATOR): ["vp", "vp"]}, held=["thief", "money-10"], phase="play", players=3, active=1
    )
    assert state.view(2)["piles"][0][SENATOR]["cards"] == [None, "vp"]
    events = state.apply(1, ("thief", 0, SENATOR))
    assert event(events, "thief_empty").to is None
    assert event(events, "thief_empty").params["cards"] == ["vp", "vp"]
    for seat in (0, 1, 2):
        seen = state.view(seat)["piles"][0][SENATOR]
        assert seen == {"cards": ["vp", "vp"], "count": 2, "money": 0, "vp": 2}, seat
    assert faces_of(state, state.out) == ["thief"]


def test_voleur_a_stolen_card_once_covered_on_the_thiefs_pile_is_hidden_from_a_spy_who_saw_it():
    """« Après le vol d'une carte argent, elle doit être déplacée pour corrompre le même
    politicien, mais elle est maintenant placée sur la pile de corruption du joueur actif pour
    ce politicien. »
    « Aucun joueur ne peut regarder les piles de corruption des autres joueurs (exception : la
    carte "Spy [Espion]"). »

    Ruling 7: a Spy's look does not follow a card that moves. Seat 2 has looked at seat 0's
    Senator pile; seat 1's Thief takes its $50K, in view of all, and then covers it: the $50K is
    a covered bribe of seat 1 that seat 2 never looked at, hidden like any other."""
    # Catches: the stolen card kept in what the spy saw (no ``_forget`` in ``_steal``).
    state = position(
        {(0, SENATOR): ["money-20", "money-50"]},
        held=["thief", "money-10"],
        phase="play",
        players=3,
        active=1,
        known={2: [(0, SENATOR)]},
    )
    assert state.view(2)["piles"][0][SENATOR]["cards"] == ["money-20", "money-50"]
    state.apply(1, ("thief", 0, SENATOR))
    assert state.view(2)["piles"][1][SENATOR]["cards"] == ["money-50"]  # on top, in view of all
    assert state.view(2)["piles"][0][SENATOR]["cards"] == ["money-20"]
    state.apply(1, ("bribe", "money-10", SENATOR))
    for seat in (0, 2):
        assert state.view(seat)["piles"][1][SENATOR]["cards"] == [None, "money-10"], seat


def test_fin_de_partie_the_tenth_time_card_ends_the_game_even_with_time_cards_left(tmp_path: Path):
    """« La partie se termine immédiatement quand la 10ème carte temps est révélée. Le joueur
    actif ne termine pas son tour. »

    The tenth Time card, not the last one: with a table's deck of twelve Time cards, the game
    ends when the tenth is revealed and two are never seen."""
    # Catches: the game ending when the deck holds no more Time cards (the built-in deck has
    # exactly ten, so no other test tells the two apart), or on the eleventh.
    cards = [
        {"type": "money", "value": 10000, "count": 40},
        {"type": "money", "value": 20000, "count": 38},
        {"type": "time", "count": 12},
    ]
    path = tmp_path / "twelve-time.json"
    path.write_text(json.dumps({"cards": cards}), "utf-8")
    deck = load_deck_file(str(path))
    state = position(
        {(1, PRESIDENT): ["money-10"]},
        deck=["money-20", "time", "money-10", "time", "time"],
        time=9,
        deck_def=deck,
    )
    assert sum(1 for c in state.deck if deck.faces[c] == "time") == 3
    events = state.apply(0, ("draw",))
    assert state.is_over and [e.params["count"] for e in events if e.kind == "time"] == [10]
    assert faces_of(state, state.held) == ["money-20"]  # never played
    assert sum(1 for c in state.deck if deck.faces[c] == "time") == 2
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "time" and outcome.winners == (1,)


def test_ruling_12_turns_pass_in_seat_order_from_the_first_player():
    """« Décidez du premier joueur. » The rulebook names no direction of play: turns pass to
    the next seat up and round again to the first (ruling 12), at three and four players."""
    for players in (3, 4):
        state, _ = GAME.start(players, {}, seed=players)
        order = [state.active]
        while len(order) < 2 * players + 1:
            seat = state.active
            state.apply(seat, state.legal_actions(seat)[0])
            if state.active != seat:
                order.append(state.active)
        assert order == [s % players for s in range(2 * players + 1)]
