"""The terminal board renders every phase, in every language, without showing hidden cards."""

from __future__ import annotations

import random

from rich.console import Console

from backroom.games.corruption import GAME
from backroom.games.corruption.terminal import render
from backroom.i18n import LANGUAGES


def text_of(view, lang):
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(view, lang, ["Ana", "Bo", "Cy", "Di"]))
    return console.export_text()


def test_terminal_board_renders_each_phase_in_every_language():
    state, _ = GAME.start(4, {"black_book": True, "variant": "stud_libre"}, 8)
    rng = random.Random(1)
    phases = set()
    while state.actors():
        if state.phase not in phases:
            phases.add(state.phase)
            for lang in LANGUAGES:
                assert "1/4" in text_of(state.view(0), lang) or state.round > 1
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    phases.add(state.phase)
    assert phases == {"positions", "corruption", "award", "over"}
    assert "Ana" in text_of(state.view(None), "en")


def test_terminal_board_shows_a_face_down_card_as_a_back():
    state, _ = GAME.start(4, {"first_leader": 0}, 8)
    for _ in range(5):
        seat = state.actors()[0]
        state.apply(
            seat,
            ("play", "hitman", state.table[0])
            if seat == 0 and state.turn == 4
            else state.legal_actions(seat)[0],
        )
    other = text_of(state.view(1), "en")
    mine = text_of(state.view(0), "en")
    assert "Ana: Hitman" in mine
    assert "Ana: Hitman" not in other and "Ana: ▒" in other


def test_a_swiss_bribe_is_worth_dollars_written_as_each_language_writes_money():
    from backroom.i18n import translate

    params = {"seat": 0, "card": "bribe-8000", "value": 4000, "contract": {"$": "corruption.body.city"}}
    said = {lang: translate(lang, "corruption.event.swiss_assigned", params, ["Ana"]) for lang in LANGUAGES}
    assert "(worth $4,000)" in said["en"] and "(vale $4.000)" in said["es"]
    assert "(vaut 4\u202f000 $)" in said["fr"]


def test_the_last_award_agrees_with_a_feminine_contract_in_french_and_spanish():
    # "Université annulé", "Ligne de tramway remporté par Bo": the result now follows a colon
    # in words that agree with any contract.
    state, _ = GAME.start(4, {}, 8)
    rng = random.Random(1)
    while not state.view(0)["results"] or state.phase == "award":
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    view = state.view(0)
    streetcar = next(c["index"] for c in view["contracts"] if c["id"] == "streetcar_line")
    view["results"][1] |= {"contract": streetcar}  # won by Bo
    fr, es = text_of(view, "fr"), text_of(view, "es")
    assert "Université : annulation" in fr and "Ligne de tramway : Bo l’emporte" in fr, fr
    assert "Universidad: cancelación" in es and "Línea de Tranvía: gana Bo" in es, es
    assert "Streetcar Line: won by Bo" in text_of(view, "en")
