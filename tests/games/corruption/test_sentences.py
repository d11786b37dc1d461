"""Rulebook sentences (shared/seeds/000_cc2ae405b88df7bc.txt) that a fresh reading found with no
test able to fail: the code was right, but breaking it left every rule test green. Each test
quotes the whole sentence it checks."""

from __future__ import annotations

from backroom.games.corruption import GAME
from backroom.games.corruption.cards import FACES
from backroom.i18n import LANGUAGES, translate

from .conftest import contract, play, position, run, swiss
from .test_review import finish_round_books

ROUND_ONE = [["monument", "opera_house"], ["stadium", "subway"], ["university", "airport"]]


def smallest_bribes_on_the_monument(state):
    """Finish the Corruption phase: each seat in turn plays its smallest bribe on the Monument;
    the events of those plays (the reveal among them, after the last card)."""
    events = []
    while state.phase == "corruption":
        seat = state.mover
        face = min(
            (f for f in state.view(seat)["hands"][seat]["cards"] if f.startswith("bribe")),
            key=lambda f: int(f.split("-")[1]),
        )
        events += play(state, seat, face, "monument")
    return events


def test_little_black_book_looks_at_one_card_not_at_a_place_in_the_next_rounds_order():
    """ "En cualquier momento durante el juego, un jugador puede usar su carta de pequeño libro
    negro para mirar una carta boca abajo que ha sido jugada en un contrato."

    A look shows one card. Seat 2 looks at seat 0's seventh play of round one (a face-down
    district attorney); in round two the seventh play is another card, which seat 2 has not
    seen: it stays hidden from seat 2 and is a card its second book may look at."""
    state = position(3, ROUND_ONE, options={"black_book": True})
    run(state, [(s, "bribe-1000", "stadium") for s in range(3)])
    run(state, [(s, "bribe-2000", "stadium") for s in range(3)])
    play(state, 0, "attorney", "subway")  # play 6, face down
    state.apply(2, ("look", 6))
    assert state.view(2)["plays"][6]["card"] == "attorney"
    finish_round_books(state)
    assert state.round == 2 and state.leader == 0 and state.bb_left[2] == 1

    run(state, [(s, "bribe-1000", "stadium") for s in range(3)])
    run(state, [(s, "bribe-2000", "stadium") for s in range(3)])  # round two: two cards up
    play(state, 0, "bribe-10000", "university")  # play 6 of round two, face down
    seen_by_2 = state.view(2)["plays"][6]
    assert seen_by_2["card"] == "back" and seen_by_2["looked"] is False and seen_by_2["looked_by"] == []
    assert 6 in state.look_targets(2)
    assert ("look", 6) in state.legal_actions(2)


def test_swiss_bribe_is_shown_at_half_value_wherever_its_value_is_shown():
    """ "Sin embargo, los valores de los sobornos jugados en cuentas de bancos suizos son
    divididos en dos, como está impreso en el lado de las cartas de soborno."

    The view tells a player what each card counts: its owner sees a Swiss $8,000 count $4,000
    from the moment it is played, everyone sees it once revealed, beside a $8,000 played on a
    contract that counts in full."""
    state = position(3, ROUND_ONE)
    swiss(state, 0, "bribe-8000", "city")
    play(state, 1, "bribe-8000", "monument")
    assert state.view(0)["plays"][0]["value"] == 4000
    assert state.view(1)["plays"][0]["value"] is None  # face down: unknown to the others
    run(state, [(2, "bribe-1000", "stadium")])
    while state.phase == "corruption":
        seat = state.mover
        face = min(
            (f for f in state.view(seat)["hands"][seat]["cards"] if f.startswith("bribe")),
            key=lambda f: int(f.split("-")[1]),
        )
        play(state, seat, face, "airport")
    public = state.view(None)
    assert public["phase"] == "award"
    assert [public["plays"][i]["value"] for i in (0, 1)] == [4000, 8000]
    state.apply(0, ("assign", contract(state, "monument")))
    assert [r[1:] for r in state.results if r[0] == contract(state, "monument")] == [("won", 1, 8000)]


def test_each_play_shows_which_of_its_players_cards_it_is_and_whether_that_one_is_face_up():
    """ "Durante la primera ronda, la primera carta de cada jugador se coloca boca arriba, y el
    resto boca abajo. Durante la segunda ronda, las primeras dos cartas de cada jugador se colocan
    boca arriba, y así sucesivamente."

    The rule counts each player's own cards, so the view numbers every play by its player's
    card (1-6), and the face-up ones are exactly the positions the round lists (Swiss plays
    excepted)."""
    state = position(3, ROUND_ONE, round_number=2, leader=1)
    run(state, [(1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium"), (0, "bribe-1000", "stadium")])
    run(state, [(1, "bribe-2000", "swiss:county"), (2, "bribe-2000", "subway"), (0, "bribe-2000", "subway")])
    run(state, [(1, "bribe-4000", "airport"), (2, "bribe-4000", "airport")])
    view = state.view(None)
    assert view["face_up_positions"] == [1, 2]
    assert [(p["seat"], p["position"]) for p in view["plays"]] == [
        (1, 1), (2, 1), (0, 1), (1, 2), (2, 2), (0, 2), (1, 3), (2, 3),
    ]  # fmt: skip
    assert [p["face_up"] for p in view["plays"]] == [True, True, True, False, True, True, False, False]


def test_the_board_saying_the_next_card_goes_face_up_names_the_swiss_exception():
    """ "La única excepción es que las cartas colocadas en cuentas de bancos suizos siempre se
    colocan boca abajo."

    The board tells a player whose next position is face up "your next card is played face
    up"; said without the exception it was false for a bribe put in a Swiss account, which stays
    face down. Every language names the exception."""
    swiss_account = {"en": "Swiss account", "es": "cuenta suiza", "fr": "compte en Suisse"}
    face_down = {"en": "face down", "es": "boca abajo", "fr": "face cachée"}
    assert set(swiss_account) == set(LANGUAGES)
    for lang in LANGUAGES:
        text = translate(lang, "web.corruption.next_up")
        assert swiss_account[lang] in text and face_down[lang] in text, (lang, text)


def test_a_contract_cancelled_in_the_last_round_is_not_promised_to_a_next_round():
    """ "Estos contratos se mantienen en la mesa y estarán abiertos para nuevos sobornos en la
    próxima ronda de juego." and "Luego de la cuarta ronda, el jugador cuyos contratos tengan el
    mayor valor total es el ganador."

    The log said a cancelled contract "stays for next round" even in round four, after which
    the game ends; it now says what holds in every round: nobody wins it this round and it stays
    on the table."""
    state = position(3, ROUND_ONE, round_number=4)
    run(state, [(0, "attorney", "stadium"), (1, "bribe-10000", "stadium")])
    events = smallest_bribes_on_the_monument(state)
    assert state.phase == "over"
    cancelled = next(e for e in events if e.kind == "contract_cancelled")
    next_round = {"en": "next round", "es": "próxima ronda", "fr": "manche suivante"}
    this_round = {"en": "this round", "es": "esta ronda", "fr": "cette manche"}
    for lang in LANGUAGES:
        text = translate(lang, "corruption.event.contract_cancelled", cancelled.params)
        assert next_round[lang] not in text and this_round[lang] in text, (lang, text)


def test_when_every_player_has_played_six_cards_every_card_on_the_table_is_revealed():
    """ "Cuando cada jugador haya jugado sus seis cartas, todas las cartas en la mesa son
    reveladas."

    Every card: the face-down ones on contracts and the bribes in Swiss accounts alike, to every
    seat and to a spectator, in the view and in a public event for each card that was face down.
    (Making the reveal events private to the owner, or leaving the Swiss ones out, broke no test.)"""
    state = position(3, ROUND_ONE)
    run(state, [(0, "bribe-8000", "swiss:city"), (1, "bribe-1000", "stadium"), (2, "bribe-1000", "stadium")])
    run(state, [(0, "attorney", "opera_house"), (1, "hitman", "subway"), (2, "bribe-10000", "swiss:state")])
    events = smallest_bribes_on_the_monument(state)
    assert state.phase == "award" and state.step == "swiss"  # seat 0 assigns its Swiss bribe
    faces = [FACES[k] for k in state.p_kind]
    face_down = [i for i in range(len(faces)) if not state.p_up[i]]
    assert 0 in face_down and 5 in face_down  # the two Swiss bribes
    reveals = [e for e in events if e.kind == "reveal"]
    assert all(e.to is None for e in reveals)
    assert [(e.params["play"], e.params["card"]) for e in reveals] == [(i, faces[i]) for i in face_down]
    for seat in (0, 1, 2, None):
        assert [p["card"] for p in state.view(seat)["plays"]] == faces
        assert state.view(seat)["plays"][0]["value"] == 4000


def test_the_bribes_on_a_cancelled_contract_no_longer_count_once_it_is_cancelled():
    """ "Contratos con uno o más fiscales de distrito se cancelan." and "Regresa las ahora
    irrelevantes cartas de soborno a sus dueños."

    Until step 3 the Opera House's bribes are on it and the award's running totals show them;
    from step 3 on they are irrelevant, and the totals a player reads while a reporter decides
    leave the cancelled contract out (counting them there changed no result, so no test saw it)."""
    state = position(3, ROUND_ONE)
    run(
        state,
        [(0, "bribe-8000", "swiss:city"), (1, "attorney", "opera_house"), (2, "bribe-10000", "opera_house")],
    )
    run(state, [(0, "reporter", "stadium"), (1, "bribe-6000", "stadium"), (2, "bribe-4000", "opera_house")])
    smallest_bribes_on_the_monument(state)
    opera = str(contract(state, "opera_house"))
    assert state.step == "swiss" and state.view(None)["totals"][opera] == [0, 0, 14000]
    state.apply(0, ("assign", contract(state, "opera_house")))
    assert state.step == "reporters" and state.actors() == (0,)
    view = state.view(None)
    assert opera not in view["totals"]
    assert {"contract": int(opera), "body": "city", "cancelled": True} in view["table"]
    state.apply(0, ("no_removal",))
    assert [r[1] for r in state.results if r[0] == int(opera)] == ["cancelled"]
    assert {FACES[k] for k in state.hands[2]} >= {"bribe-10000", "bribe-4000"}


def test_components_seventy_player_cards_and_fourteen_little_black_book_cards():
    """ "70 cartas de jugador (que consisten en cartas de Personaje y Soborno)", "14 cartas de
    teléfonos, para usar en la variante “Pequeño Libro Negro)" (sic) and "Cada jugador recibe dos
    cartas de Pequeño Libro Negro al principio del juego": seven colours of ten cards, two Little
    Black Book cards for each of seven players, and none without the variant."""
    with_book, _ = GAME.start(7, {"black_book": True}, 0)
    assert with_book.inventory() == {"player_cards": 70, "contracts": 24, "black_book": 14}
    without, _ = GAME.start(7, {}, 0)
    assert without.inventory()["black_book"] == 0
