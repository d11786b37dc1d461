"""OBJETIVO, FIN DE LA PARTIDA and DESEMPATES: totals, the Soplón's value and the tie-breaks.

Every game here ends the same way: seat 1 has closed, and seat 0 plays the last turn (it draws
the top card into slot 0, plays the Witness 10 that was there, and everyone passes). So seat
0's final District is its listed one with the drawn card in slot 0.
"""

from __future__ import annotations

import pytest

from tests.helpers import event, kinds

from .conftest import faces, position, quiet_turn, top_of_deck


def end_by_closing(districts, deck):
    state = position(districts, deck=deck, closer=1, active=0)
    assert faces(state, 0)[0] == "witness-10"
    events = quiet_turn(state, 0, 0)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "closed"
    return state, events, outcome


def test_objetivo_the_lowest_district_total_wins():
    # OBJETIVO: "Todo el mundo revela las cartas de su Distrito y suma el valor de cada una de
    # ellas. La persona que tenga la suma más baja en su Distrito será quien gane."
    state, events, outcome = end_by_closing(
        [
            ["witness-10", "witness-3", "witness-4", "witness-5"],  # 2+3+4+5 = 14
            ["witness-6", "primo", "capo", "witness-2"],  # 6+0+1+2 = 9
            ["witness-9", "witness-8", "maton", "conductora"],  # 9+8+7+5 = 29
        ],
        deck=["witness-2"],
    )
    assert faces(state, 0) == ["witness-2", "witness-3", "witness-4", "witness-5"]
    assert outcome.scores == (14.0, 9.0, 29.0)
    assert outcome.ranks == (2, 1, 3)
    assert outcome.winners == (1,)
    assert outcome.tiebreak is None
    assert event(events, "game_over").params == {"reason": "closed", "winners": [1]}
    assert [e.params["total"] for e in events if e.kind == "reveal"] == [14, 9, 29]


@pytest.mark.parametrize(
    ("face", "value"),
    [("maton", 7), ("conductora", 5), ("sicario", 3), ("capo", 1), ("primo", 0), ("witness-8", 8)],
)
def test_card_values_are_the_printed_numbers(face, value):
    # The card texts: MATÓN 7, CONDUCTORA 5, SICARIO 3, CAPO 1, PRIMO 0 ("la carta de menor
    # valor"), each Witness its number.
    _, _, outcome = end_by_closing(
        [
            ["witness-10", "witness-2", "witness-2", "witness-2"],
            [face, "witness-3", "witness-3", "witness-3"],
        ],
        deck=["witness-2"],
    )
    assert outcome.scores == (8.0, 9.0 + value)


def test_empty_slots_score_nothing():
    # Eliminated and removed cards leave empty slots; they neither score nor count as cards.
    _, _, outcome = end_by_closing(
        [["witness-10", None, "witness-3", None], ["witness-4", None, None, "witness-5"]],
        deck=["witness-2"],
    )
    assert outcome.scores == (5.0, 9.0)
    assert outcome.details["cards"] == [2, 2]


def test_desempate_fewer_cards_wins():
    # DESEMPATES: "En caso de empate, gana quien tenga menos cartas en su Distrito."
    _, _, outcome = end_by_closing(
        [
            ["witness-10", "witness-3", "witness-4", "witness-5"],  # 14 in 4 cards
            ["witness-10", None, "witness-4", None],  # 14 in 2 cards
            ["witness-9", "witness-8", "witness-7", "witness-6"],
        ],
        deck=["witness-2"],
    )
    assert outcome.scores[:2] == (14.0, 14.0)
    assert outcome.ranks == (2, 1, 3)
    assert outcome.tiebreak == "fewer_cards"


def test_desempate_then_the_lowest_single_card_wins():
    # DESEMPATES: "Si todavía persiste el empate, gana quien tenga la carta con el valor
    # numérico más bajo."
    _, _, outcome = end_by_closing(
        [
            ["witness-10", "witness-3", "witness-4", "witness-5"],  # 14, lowest card 2
            ["primo", "witness-4", "witness-5", "witness-5"],  # 14, lowest card 0
        ],
        deck=["witness-2"],
    )
    assert outcome.scores == (14.0, 14.0)
    assert outcome.ranks == (2, 1)
    assert outcome.tiebreak == "lowest_card"


def test_desempate_still_tied_is_a_shared_first_place():
    # DESEMPATES: "Si aún hay empate, jugad otra partida": the engine reports both as winners
    # (a shared first place, tie-break "play_again"); playing again is the table's decision.
    _, _, outcome = end_by_closing(
        [
            ["witness-10", "witness-3", "witness-4", "witness-5"],
            ["witness-5", None, "witness-4", "witness-3", "witness-2"],
            ["witness-9", "witness-8", "witness-7", "witness-6"],
        ],
        deck=["witness-2"],
    )
    assert outcome.scores[:2] == (14.0, 14.0)
    assert outcome.ranks == (1, 1, 3)
    assert outcome.winners == (0, 1)
    assert outcome.tiebreak == "play_again"  # named, so every interface can say so


def test_soplon_is_worth_the_top_card_of_the_draw_pile_at_the_end():
    # EL SOPLÓN: "Si alguien tiene esta carta al final de la partida, deberá revelar la carta
    # superior del mazo de robo. El valor del Soplón será el de la carta revelada."
    state, events, outcome = end_by_closing(
        [
            ["witness-10", "witness-2", "witness-2", "witness-2"],
            ["soplon", "witness-2", "witness-3", "witness-4"],
        ],
        deck=["witness-3", "witness-6"],
    )
    assert event(events, "soplon_value").params == {"card": "witness-6", "value": 6}
    assert event(events, "soplon_value").to is None
    assert kinds(events).index("soplon_value") < kinds(events).index("reveal")
    assert outcome.scores == (9.0, 6.0 + 9.0)
    assert outcome.details["soplon_card"] == "witness-6"
    assert top_of_deck(state) == ["witness-6"]  # revealed, then left on the draw pile
    assert state.card_value(state.districts[1][0]) == 6


def test_soplon_value_also_counts_for_the_lowest_card_tiebreak():
    # The revealed Witness 2 makes the Soplón the lowest single card on the table: both
    # Districts total 15 in four cards, and seat 1's lowest card (2) beats seat 0's (3).
    _, _, outcome = end_by_closing(
        [
            ["witness-10", "witness-4", "witness-4", "witness-4"],  # drawn 3 + 4+4+4 = 15
            ["soplon", "witness-5", "witness-5", "witness-3"],  # Soplón 2 + 5+5+3 = 15
        ],
        deck=["witness-3", "witness-2"],
    )
    assert outcome.scores == (15.0, 15.0)
    assert outcome.tiebreak == "lowest_card"
    assert outcome.winners == (1,)


@pytest.mark.parametrize(
    ("top", "value"), [("maton", 7), ("conductora", 5), ("sicario", 3), ("capo", 1), ("primo", 0)]
)
def test_soplon_revealing_a_family_card_or_the_primo_takes_its_printed_number_ruling(top, value):
    # Ruling 6: "El valor del Soplón será el de la carta revelada." (The Soplón's value will be
    # that of the revealed card.) A Family card or the Primo has a printed number too, and that
    # is its value.
    _, events, outcome = end_by_closing(
        [
            ["witness-10", "witness-2", "witness-2", "witness-2"],
            ["soplon", "witness-3", "witness-3", "witness-3"],
        ],
        deck=["witness-4", top],
    )
    assert event(events, "soplon_value").params == {"card": top, "value": value}
    assert outcome.scores[1] == 9.0 + value


def test_soplon_is_worth_10_when_no_card_can_be_revealed_ruling():
    # Ruling: with an empty draw pile and only the top discard left (nothing to reshuffle),
    # the Soplón takes the highest Witness number, 10. Seat 0 is the last to pass in the
    # window of its last turn; seat 1 had closed.
    state = position(
        [["soplon", "witness-2", "witness-3", "witness-4"], ["witness-5", "witness-6"]],
        deck=[],
        discard=["witness-7"],
        leftover=1,
        phase="snap",
        window=7,
        eligible=[0],
        closer=1,
    )
    events = state.apply(0, ("pass",))
    assert "soplon_value" not in kinds(events)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "closed"
    assert outcome.scores[0] == 10.0 + 9.0
    assert outcome.details["soplon_card"] is None


def test_soplon_value_reshuffles_the_discard_pile_when_the_draw_pile_is_empty():
    # FIN DE LA PARTIDA: "Si alguien tiene la carta de Soplón, deberá robar la carta superior
    # del mazo para determinar su valor." (If anyone has the Soplón card, they must draw the
    # top card of the pile to find its value.) Ruling 4 rebuilds an empty draw pile from the
    # discard pile, so with cards to reshuffle a card is revealed: the fallback 10 is only for
    # when nothing can be drawn. Seat 0's last turn draws the last card and plays its Witness
    # 10 on top of the Matón, Capo and Witness 9; those three become the new draw pile.
    state = position(
        [
            ["witness-10", "witness-2", "witness-2", "witness-2"],
            ["soplon", "witness-3", "witness-3", "witness-3"],
        ],
        deck=["witness-4"],
        discard=["maton", "capo", "witness-9"],
        leftover=1,
        closer=1,
    )
    events = quiet_turn(state, 0, 0)
    assert kinds(events).index("reshuffle") < kinds(events).index("soplon_value")
    revealed = event(events, "soplon_value").params
    assert revealed["card"] in {"maton", "capo", "witness-9"}  # one of the reshuffled cards
    assert revealed == {"card": "capo", "value": 1}  # this seed's shuffle puts the Capo on top
    outcome = state.outcome()
    assert outcome is not None and outcome.details["soplon_card"] == "capo"


def test_soplon_value_is_revealed_only_when_someone_has_the_soplon():
    # FIN DE LA PARTIDA: "Si alguien tiene la carta de Soplón, deberá robar la carta superior
    # del mazo para determinar su valor." (If anyone has the Soplón card, they must draw the
    # top card of the pile to find its value.) Nobody has it here (it lies in the draw pile),
    # so no card is revealed and the draw pile is untouched.
    state, events, outcome = end_by_closing(
        [
            ["witness-10", "witness-2", "witness-2", "witness-2"],
            ["witness-3", "witness-3", "witness-3", "witness-4"],
        ],
        deck=["witness-5", "witness-6"],
    )
    assert not any("soplon" in d for d in (faces(state, 0), faces(state, 1)))
    assert "soplon_value" not in kinds(events)
    assert outcome.details["soplon_card"] is None
    assert top_of_deck(state) == ["witness-6"]


def test_reveal_total_is_a_whole_number_bug():
    # The reveal event carried the Outcome's float score, so the log read "total 14.0".
    _, events, _ = end_by_closing(
        [["witness-10", "witness-3", "witness-4", "witness-5"], ["witness-6", "primo", "capo", "witness-2"]],
        deck=["witness-2"],
    )
    totals = [e.params["total"] for e in events if e.kind == "reveal"]
    assert totals == [14, 9]
    assert all(type(t) is int for t in totals)
