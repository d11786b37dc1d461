"""Stool Pigeon (Soplón): the rulebook's setup, turn, Family cards, the Soplón and closing.

Each test builds its position card by card (see ``conftest.position``) and cites the section
of the Spanish rulebook (``shared/seeds/003_1366dfa301d66c84.txt``) it pins. Slot ``i`` of a
District lies in column ``i // 2``, row ``i % 2``: slots 1 and 3 are the bottom row.
"""

from __future__ import annotations

from collections import Counter

import pytest

from backroom.games.stool_pigeon import GAME
from backroom.games.stool_pigeon.cards import BOTTOM_ROW, FACE_VALUE, FACES, KINDS, PRINTED
from tests.helpers import event, kinds, play, refuse

from .conftest import FILLER, faces, position, quiet_turn

# ------------------------------------------------------------------------------ COMPONENTES


def test_componentes_36_witnesses_16_family_cards_one_primo_and_one_soplon():
    # COMPONENTES: "Cartas de Testigo x36", "Cartas de Familia x16", "Carta de Primo x1",
    # "Carta de Soplón x1". The cards print MATÓN 7, CONDUCTORA 5, SICARIO 3, CAPO 1, PRIMO 0
    # and SOPLÓN "?"; the Witnesses are 2-10, four of each (source G; 9 × 4 = 36).
    assert len(FACES) == 54
    assert Counter(KINDS) == {"witness": 36, "family": 16, "primo": 1, "soplon": 1}
    witnesses = Counter(PRINTED[c] for c, kind in enumerate(KINDS) if kind == "witness")
    assert witnesses == {number: 4 for number in range(2, 11)}
    family = Counter(face for face, kind in zip(FACES, KINDS, strict=True) if kind == "family")
    assert family == {"maton": 4, "conductora": 4, "sicario": 4, "capo": 4}
    printed = {face: FACE_VALUE[face] for face in ("maton", "conductora", "sicario", "capo", "primo")}
    assert printed == {"maton": 7, "conductora": 5, "sicario": 3, "capo": 1, "primo": 0}
    assert FACE_VALUE["soplon"] is None  # "?": its value is only known at the end


# ------------------------------------------------------------------ PREPARACIÓN DE LA PARTIDA


def test_preparacion_four_face_down_cards_per_district_in_a_two_row_grid():
    # "Reparte 4 a cada persona, bocabajo ... formen una cuadrícula": a 2 × 2 grid each,
    # the rest of the 54 cards is the draw pile, and the discard pile starts empty.
    state, _ = GAME.start(3, {}, seed=11)
    assert [len(d) for d in state.districts] == [4, 4, 4]
    assert len(state.deck) == 54 - 12
    assert state.discard == []
    assert BOTTOM_ROW == (1, 3)  # slot i: column i // 2, row i % 2 (0 top, 1 bottom)
    # Face down: a spectator sees four backs per District.
    assert state.view(None)["districts"] == [["back"] * 4] * 3


def test_preparacion_each_player_may_look_once_at_the_two_bottom_cards():
    # "Cada persona puede ver una vez las dos cartas de la zona inferior de su Distrito.
    # Después de esto, todas las cartas permanecerán bocabajo."
    state, events = GAME.start(3, {}, seed=11)
    for seat in range(3):
        own = faces(state, seat)
        look = [e for e in events if e.kind == "look_bottom" and e.params["seat"] == seat]
        assert len(look) == 1
        assert look[0].to == (seat,)  # a secret look: only that seat's log shows the faces
        assert look[0].params["cards"] == [own[1], own[3]]
        # A seat that remembers (an agent, or the memory aid) knows its bottom row only...
        assert state.view(seat)["districts"][seat] == ["back", own[1], "back", own[3]]
        for other in range(3):
            if other != seat:
                assert state.view(seat)["districts"][other] == ["back"] * 4
        # ...and the look happens once: the cards are face down again on the table.
        assert state.view(seat, recall=False)["districts"][seat] == ["back"] * 4
    # The first turn: there is no action that looks again.
    assert state.legal_actions(0) == [("draw",), ("close",)]


def test_preparacion_the_first_player_is_seat_zero():
    # "Empieza a jugar la última persona que haya comido queso": the table seats that person
    # first, so seat 0 opens.
    state, events = GAME.start(4, {}, seed=3)
    assert events[-1].kind == "turn" and events[-1].params == {"seat": 0}
    assert state.actors() == (0,)


# --------------------------------------------------------------------------- CÓMO SE JUEGA


def test_como_se_juega_draw_then_swap_then_play_the_card_it_replaced():
    # "Deberás robar la primera carta del mazo ... intercámbiala por una de las cartas bocabajo
    # en tu Distrito. Ahora, juega la carta que había en tu Distrito bocarriba."
    state = position(
        [["witness-9", "witness-4", "witness-6", "witness-8"], FILLER[1]],
        deck=["witness-2", "witness-10"],
    )
    events = state.apply(0, ("draw",))
    assert kinds(events) == ["draw", "drew"]
    assert event(events, "draw").to is None and event(events, "draw").params == {"seat": 0}
    drew = event(events, "drew")
    assert drew.to == (0,) and drew.params["card"] == "witness-2"  # only the drawer sees it
    assert state.view(0)["held"] == "witness-2"
    assert state.view(1)["held"] == "back"
    assert state.legal_actions(0) == [("swap", 0), ("swap", 1), ("swap", 2), ("swap", 3)]

    events = state.apply(0, ("swap", 0))
    assert faces(state, 0) == ["witness-2", "witness-4", "witness-6", "witness-8"]
    assert event(events, "discard").params == {"seat": 0, "card": "witness-9"}
    assert state.view(1)["discard"][-1] == "witness-9"  # played face up
    assert state.view(0)["held"] is None


def test_como_se_juega_the_drawn_card_cannot_be_played_directly():
    # "No puedes jugar inmediatamente la carta que acabas de robar del mazo de robo, primero
    # debe formar parte de tu Distrito."
    state = position([FILLER[0], FILLER[1]], deck=["witness-2"])
    state.apply(0, ("draw",))
    assert all(action[0] == "swap" for action in state.legal_actions(0))
    assert refuse(state, 0, ("discard",)) == "stool-pigeon.error.discard_drawn"


def test_como_se_juega_play_goes_clockwise():
    # "La partida continúa en sentido horario": seat 0, 1, 2, then 0 again.
    state = position(FILLER, deck=["witness-10", "witness-10", "witness-10"])
    order = []
    for seat in (0, 1, 2):
        assert state.actors() == (seat,)
        events = quiet_turn(state, seat, 0)
        order.append(events[-1].params["seat"])
    assert order == [1, 2, 0]


def test_como_se_juega_a_played_witness_lets_anyone_eliminate_one():
    # "Si es una carta de Testigo, cualquier persona tendrá la oportunidad de eliminar una
    # carta de Testigo de cualquier Distrito": a window for its number, open to every seat,
    # asked from the left of the player who played it.
    state = position(FILLER, deck=["witness-2"], active=1)
    events = play(state, (1, ("draw",)), (1, ("swap", 2)))
    assert event(events, "window_open").params == {"value": 8}
    assert state.phase == "snap"
    assert state.actors() == (2, 0, 1)


def test_como_se_juega_the_primo_is_treated_as_a_witness():
    # "Si es la carta de Primo, trátala como si fuera una carta de Testigo": its number, 0.
    state = position([["primo", "witness-3", "witness-4", "witness-5"], FILLER[1]], deck=["witness-2"])
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert event(events, "discard").params["card"] == "primo"
    assert event(events, "window_open").params == {"value": 0}
    assert state.actors() == (1, 0)


# ------------------------------------------------------------------------ CARTAS DE FAMILIA


def test_maton_looks_in_secret_at_one_face_down_card_of_any_district():
    # MATÓN: "Mira en secreto una carta que esté bocabajo en cualquier Distrito (incluso en el
    # tuyo) y vuelve a dejarla en su sitio."
    state = position(
        [["maton", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]], deck=["witness-2"]
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.phase == "peek"
    targets = state.legal_actions(0)
    assert ("peek", 0, 2) in targets  # even one's own District
    assert len(targets) == 12  # every face-down card on the table
    before = [faces(state, s) for s in range(3)]

    events = state.apply(0, ("peek", 1, 2))
    assert event(events, "peek").to is None
    assert "card" not in event(events, "peek").params  # the table sees where, not what
    assert event(events, "peeked").to == (0,) and event(events, "peeked").params["card"] == "witness-8"
    assert [faces(state, s) for s in range(3)] == before  # put back in its place
    assert state.view(0)["districts"][1][2] == "witness-8"
    assert state.view(1)["districts"][1][2] == "back"
    assert state.phase == "draw" and state.active == 1


def test_conductora_swaps_two_face_down_cards_of_any_districts_unseen():
    # CONDUCTORA: "Elige dos cartas bocabajo de cualquier Distrito e intercambia sus
    # posiciones, sin que nadie las vea. No tienes por qué elegir una carta de tu propio
    # Distrito."
    state = position(
        [["conductora", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-2"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.phase == "switch"
    # Two decisions: the first card (any of the 12 face-down cards), then the second.
    assert sorted(state.legal_actions(0)) == sorted(("pick", t, s) for t in range(3) for s in range(4))
    probe = state.clone()
    probe.apply(0, ("pick", 1, 0))
    assert ("switch", 1, 3) in probe.legal_actions(0)  # two cards of the same District
    assert ("switch", 1, 0) not in probe.legal_actions(0) and len(probe.legal_actions(0)) == 11

    events = play(state, (0, ("pick", 1, 0)), (0, ("switch", 2, 1)))  # neither is the player's own
    assert kinds(events)[:2] == ["pick", "switch"] and all(e.to is None for e in events)  # nobody sees
    assert faces(state, 1)[0] == "witness-2" and faces(state, 2)[1] == "witness-6"
    assert state.view(0)["districts"][1][0] == "back"  # the swapper learns nothing
    assert state.phase == "draw" and state.active == 1


def test_sicario_looks_at_one_card_then_swaps_two_face_down_cards():
    # SICARIO: "Mira en secreto una carta ... y luego intercambia las posiciones de dos cartas
    # que estén bocabajo en cualquier Distrito (incluso en el tuyo). La carta que acabas de
    # mirar no tiene por qué estar entre las dos intercambiadas."
    state = position(
        [["sicario", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-2"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.phase == "peek"
    events = state.apply(0, ("peek", 2, 0))
    assert event(events, "peeked").params["card"] == "witness-10"
    assert state.phase == "switch" and state.actors() == (0,)  # the same player goes on
    assert ("pick", 0, 0) in state.legal_actions(0)  # own card included

    play(state, (0, ("pick", 0, 0)), (0, ("switch", 1, 3)))  # the looked-at card is not among them
    assert faces(state, 0)[0] == "witness-9" and faces(state, 1)[3] == "witness-2"
    assert faces(state, 2)[0] == "witness-10"
    assert state.phase == "draw" and state.active == 1


def test_sicario_looks_in_secret_and_follows_the_card_it_looked_at_through_its_swap():
    # SICARIO: "Mira en secreto una carta que esté bocabajo en cualquier Distrito y luego
    # intercambia las posiciones de dos cartas que estén bocabajo en cualquier Distrito
    # (incluso en el tuyo)." Only the player learns the card; it swaps that card into its own
    # District and still knows it there, while the card it gave away stays unknown to it.
    state = position(
        [["sicario", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-2"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    events = state.apply(0, ("peek", 1, 0))
    assert event(events, "peek").to is None and "card" not in event(events, "peek").params
    assert event(events, "peeked").to == (0,) and event(events, "peeked").params["card"] == "witness-6"
    for seat in (1, 2):
        assert state.view(seat)["districts"][1][0] == "back"

    play(state, (0, ("pick", 1, 0)), (0, ("switch", 0, 3)))
    assert faces(state, 0)[3] == "witness-6" and faces(state, 1)[0] == "witness-5"
    assert state.view(0)["districts"][0][3] == "witness-6"  # the looked-at card, now its own
    assert state.view(0)["districts"][1][0] == "back"  # its Witness 5 went over unseen
    for seat in (1, 2):
        assert state.view(seat)["districts"][0][3] == "back"


@pytest.mark.parametrize("removed", ["maton", "witness-10", "capo"])
def test_capo_removes_any_card_of_own_district_even_a_family_card_or_the_soplon(removed):
    # CAPO: "Elimina una carta cualquiera (incluso una carta de Familia o Soplón) de tu
    # Distrito." The slot stays empty (a ruling: positions are never compacted).
    state = position([["capo", removed, "witness-3", "witness-4"], FILLER[1], FILLER[2]], deck=["witness-2"])
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert state.phase == "capo"
    assert state.legal_actions(0) == [
        ("remove", 0),
        ("remove", 1),
        ("remove", 2),
        ("remove", 3),
        ("add", 1),
        ("add", 2),
    ]
    events = state.apply(0, ("remove", 1))
    assert event(events, "capo_remove").params == {"seat": 0, "slot": 1, "card": removed}
    assert faces(state, 0) == ["witness-2", None, "witness-3", "witness-4"]
    assert state.view(1)["discard"][-1] == removed
    assert "window_open" not in kinds(events)  # removing is not playing a card
    assert state.phase == "draw" and state.active == 1


def test_el_soplon_removed_with_the_capo_leaves_the_game():
    # EL SOPLÓN: "Para deshacerte de ella, puedes usar las cartas de Familia para intercambiar el
    # Soplón con una carta del Distrito de otra persona, o incluso eliminarla de la partida
    # utilizando la carta del Capo." Out of the game: not on the discard pile, so no reshuffle
    # brings it back, and nobody's score counts it.
    state = position([["capo", "soplon", "witness-3", "witness-4"], FILLER[1], FILLER[2]], deck=["witness-2"])
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    events = state.apply(0, ("remove", 1))
    assert event(events, "capo_remove_soplon").params == {"seat": 0, "slot": 1, "card": "soplon"}
    assert faces(state, 0) == ["witness-2", None, "witness-3", "witness-4"]
    assert state.view(1)["removed"] == ["soplon"] and "soplon" not in state.view(1)["discard"]
    assert state.inventory() == {"cards": 54}
    state.discard[:0] = state.deck  # the next draw rebuilds the pile from the discard pile
    state.deck.clear()
    state.apply(1, ("draw",))
    assert all(FACES[c] != "soplon" for c in [*state.deck, state.held])


def test_capo_adds_the_next_deck_card_face_down_to_another_district():
    # CAPO: "O añade la siguiente carta del mazo de robo a cualquier otro Distrito, sin mirarla
    # y bocabajo."
    state = position(
        [["capo", "witness-3", "witness-4", "witness-5"], FILLER[1], FILLER[2]],
        deck=["witness-2", "maton"],
    )
    play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert ("add", 0) not in state.legal_actions(0)  # another District, never one's own
    assert refuse(state, 0, ("add", 0)) == "error.illegal_action"

    events = state.apply(0, ("add", 2))
    assert kinds(events)[0] == "capo_add" and all(e.to is None for e in events)
    assert event(events, "capo_add").params == {"seat": 0, "target_seat": 2}
    assert faces(state, 2) == [*FILLER[2], "maton"]
    for seat in range(3):  # nobody looked at it
        assert state.view(seat)["districts"][2][4] == "back"
    assert state.phase == "draw" and state.active == 1


# --------------------------------------------------------------------------------- EL SOPLÓN


def test_soplon_cannot_be_played_it_returns_and_the_drawn_card_is_kept():
    # EL SOPLÓN: "Si, por error, juegas el Soplón, este volverá a tu Distrito y deberás
    # quedarte con la carta que has robado en ese turno, por lo que pasarás a tener una carta
    # más en tu Distrito." (CÓMO SE JUEGA: "devuélvela a tu Distrito".)
    state = position([["soplon", "witness-3", "witness-4", "witness-5"], FILLER[1]], deck=["witness-2"])
    discard_before = list(state.discard)
    events = play(state, (0, ("draw",)), (0, ("swap", 0)))
    assert "discard" not in kinds(events) and "window_open" not in kinds(events)
    assert event(events, "soplon_returns").params == {"seat": 0, "slot": 4}
    assert faces(state, 0) == ["witness-2", "witness-3", "witness-4", "witness-5", "soplon"]
    assert state.discard == discard_before
    # Everyone saw it come back: the table knows where the Soplón is.
    assert state.view(1)["districts"][0][4] == "soplon"
    assert state.phase == "draw" and state.active == 1


def test_soplon_can_be_passed_to_another_district_with_a_family_card():
    # EL SOPLÓN: "Puedes usar las cartas de Familia para intercambiar el Soplón con una carta
    # del Distrito de otra persona."
    state = position([["conductora", "soplon", "witness-4", "witness-5"], FILLER[1]], deck=["witness-2"])
    play(state, (0, ("draw",)), (0, ("swap", 0)), (0, ("pick", 0, 1)), (0, ("switch", 1, 2)))
    assert faces(state, 1)[2] == "soplon"
    assert faces(state, 0)[1] == "witness-8"


# ---------------------------------------------------------------------- FIN DE LA PARTIDA


def test_fin_close_instead_of_playing_and_the_others_get_one_last_turn():
    # FIN DE LA PARTIDA: "En lugar de jugar tu turno, puedes cerrar la partida ... El resto de
    # personas tendrá un último turno antes del final de la partida."
    state = position(FILLER, deck=["witness-10"] * 3, active=1)
    events = state.apply(1, ("close",))
    assert kinds(events) == ["close", "turn"]
    assert state.closer == 1 and state.held == -1  # the closer draws nothing
    assert events[-1].params == {"seat": 2}
    quiet_turn(state, 2, 0)
    assert state.actors() == (0,)
    events = quiet_turn(state, 0, 0)  # the last of the last turns
    assert state.is_over and not state.actors()
    assert event(events, "game_over").params["reason"] == "closed"
    assert "turn" not in kinds(events)  # the closer never plays again


def test_fin_only_one_player_closes():
    # Closing ends the game after one more round, so once someone has closed nobody else can.
    state = position(FILLER, closer=1, active=2)
    assert state.legal_actions(2) == [("draw",)]
    assert refuse(state, 2, ("close",)) == "stool-pigeon.error.already_closed"


def test_fin_close_only_instead_of_a_turn_never_in_the_middle_of_one():
    state = position(FILLER, deck=["witness-2"])
    state.apply(0, ("draw",))
    assert ("close",) not in state.legal_actions(0)
    assert refuse(state, 0, ("close",)) == "error.illegal_action"


FAMILY_STEPS = {
    "maton": [("peek", 1, 0)],
    "conductora": [("pick", 1, 0)],
    "sicario": [("peek", 1, 0)],
    "capo": [("add", 1)],
}


@pytest.mark.parametrize("family", ["maton", "conductora", "sicario", "capo"])
def test_fin_the_closer_district_is_immune_to_family_cards(family):
    # FIN DE LA PARTIDA: "A partir de este momento, tu Distrito ya no podrá ser afectado por
    # cartas de Familia." Seat 1 closed; seat 2 plays a Family card in its last turn.
    state = position(
        [FILLER[0], FILLER[1], [family, "witness-3", "witness-4", "witness-5"]],
        deck=["witness-2"],
        closer=1,
        active=2,
    )
    play(state, (2, ("draw",)), (2, ("swap", 0)))
    for action in state.legal_actions(2):
        if action[0] != "remove":  # the Capo's remove names a slot of one's own District
            assert action[1] != 1, f"{action} touches the closer's District"
    assert refuse(state, 2, FAMILY_STEPS[family][0]) == "stool-pigeon.error.closer_immune"
    if family in ("sicario", "conductora"):
        if family == "sicario":
            state.apply(2, ("peek", 0, 0))
        state.apply(2, ("pick", 0, 1))
        assert refuse(state, 2, ("switch", 1, 1)) == "stool-pigeon.error.closer_immune"


def test_fin_every_district_is_revealed_at_the_end():
    # "Una vez completados estos turnos, se revelan las cartas de todos los Distritos."
    state = position(FILLER, deck=["witness-10"], closer=1, active=0)
    events = quiet_turn(state, 0, 3)
    reveals = [e for e in events if e.kind == "reveal"]
    assert [e.params["seat"] for e in reveals] == [0, 1, 2]
    assert all(e.to is None for e in reveals)
    assert reveals[0].params["cards"] == faces(state, 0)
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["districts"] == [faces(state, s) for s in range(3)]
