"""The Illuminati terminal board (``terminal.py``) draws every structure as a tree with the
money on each card, the uncontrolled area, the seat's own specials only, and the attack in
flight with the number needed and its chance before the roll, in es, en and fr."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from backroom.games.illuminati import GAME
from backroom.games.illuminati.terminal import render
from backroom.i18n import translate

from .conftest import declare, dice, position

NAMES = ["Ana", "Bo", "Cy", "Di"]


def text(renderable: object) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(renderable)
    return console.export_text()


def attacked():
    """The Network's Oil Companies (6) attack the Chinese Campaign Donors (Resistance 2):
    a 4 or less, 6 chances in 36 (rulebook, "Ataques": "si un Poder de 6 ataca a una
    Resistencia de 2 sólo tendrá éxito si saca un 4 o menos")."""
    state = position(
        ["network", "ufos"],
        structures={0: [("multinational_oil_companies", "network", "right")], 1: [("c_i_a", "ufos", "left")]},
        money={"network": 12, "multinational_oil_companies": 3, "c_i_a": 7},
        uncontrolled=["chinese_campaign_donors"],
        hands={0: ["deep_agent"], 1: ["murphys_law"]},
    )
    declare(state, "control", "chinese_campaign_donors", "multinational_oil_companies")
    return state


def test_structures_are_trees_with_the_money_on_every_card():
    out = text(render(attacked().view(0), "en", NAMES))
    assert "Ana's Power Structure" in out and "Bo's Power Structure" in out
    network = out.splitlines().index(next(line for line in out.splitlines() if "The Network" in line))
    puppet = out.splitlines()[network + 1]
    assert "└── " in puppet and "Multinational Oil Companies" in puppet and "3 MB" in puppet
    assert "12 MB" in out.splitlines()[network] and "7 MB" in out


def test_the_attack_prompt_shows_the_number_needed_and_the_chance_before_the_roll():
    out = text(render(attacked().view(0), "en", NAMES))
    assert "Attack to control Chinese Campaign Donors with Multinational Oil Companies" in out
    assert "Needs 4 or less on two dice: 17% (11 and 12 always fail)" in out


def test_a_need_of_twelve_shows_the_chance_of_ten_or_less_since_eleven_and_twelve_fail():
    state = attacked()
    state.apply(0, ("spend", "illuminati", 8))  # 4 + 8 = 12: only 2-10 succeed, 33 of 36
    assert "Needs 12 or less on two dice: 92%" in text(render(state.view(0), "en", NAMES))


def hopeless():
    """The Oil Companies (6) attack the C.I.A. (Resistance 5, +10 beside the UFOs): -9."""
    state = position(
        ["network", "ufos"],
        structures={0: [("multinational_oil_companies", "network", "right")], 1: [("c_i_a", "ufos", "left")]},
    )
    declare(state, "control", "c_i_a", "multinational_oil_companies")
    return state


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "No puede tener éxito: le faltan 11 para la tirada más baja, 2"),
        ("en", "Cannot succeed: 11 short of the lowest roll, 2"),
        ("fr", "Ne peut pas réussir : il manque 11 pour le plus petit jet, 2"),
    ],
)
def test_an_attack_needing_less_than_two_says_it_cannot_succeed_and_by_how_much(lang, said):
    out = text(render(hopeless().view(0), lang, NAMES))
    assert said in out and "-9" not in out, out


def test_after_the_roll_the_board_shows_the_roll_and_no_chance():
    state = attacked()
    state.chance = dice(11)
    while state.phase == "spend":
        state.apply(state.actors()[0], ("pass",))
    assert state.phase == "rolled"  # the Deep Agent's holder may still answer the dice
    out = text(render(state.view(0), "en", NAMES))
    assert "Rolled 11 (needing 4 or less)" in out and "Needs" not in out


def test_only_the_seats_own_specials_are_named():
    out = text(render(attacked().view(0), "en", NAMES))
    assert "Deep Agent" in out and "Murphy" not in out and "  1 special card\n" in out


def test_uncontrolled_groups_show_their_printed_numbers():
    out = text(render(attacked().view(1), "en", NAMES))
    assert "Uncontrolled groups" in out and "Chinese Campaign Donors  Power 3/0 · Resistance 2" in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ("Estructura de Poder de", "Grupos no controlados", "con dos dados", "Tus cartas Especiales")),
        ("en", ("Power Structure", "Uncontrolled groups", "on two dice", "Your special cards")),
        ("fr", ("Structure de Pouvoir de", "Groupes non contrôlés", "aux deux dés", "Vos cartes Spéciales")),
    ],
)
def test_the_board_renders_in_every_language(lang, words):
    out = text(render(attacked().view(0), lang, NAMES))
    assert all(word in out for word in words), out


def test_the_board_renders_every_player_count_from_a_real_deal():
    for players in (2, 8):
        state, _ = GAME.start(players, {}, seed=4)
        out = text(render(state.view(0), "fr", [f"P{i}" for i in range(players)]))
        assert out.count("Structure de Pouvoir de") == players


def test_terminal_play_against_random_bots_in_spanish_to_the_end(capsys, monkeypatch):
    # Issue 14: `backroom play illuminati --players 4 --bots random --lang es`
    from backroom.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    table = ["--players", "4", "--bots", "random", "--lang", "es", "--seed", "3", "--option", "round_limit=5"]
    code = main(["play", "illuminati", *table])
    out = capsys.readouterr().out
    assert code == 0 and "Resultados" in out and "Estructura de Poder de" in out


def test_a_face_down_illuminati_is_drawn_by_its_table_name_and_claims_never_its_card() -> None:
    # "¡Los jugadores mantienen sus Grupos de Illuminati boca abajo! Sólo el propio jugador sabe
    # qué Grupo controla." (ruling 38)
    state, _ = GAME.start(4, {"hidden_illuminati": "face_down"}, 3)
    own = state.view(1)["players_info"][1]["illuminati"]
    others = {state.view(s)["players_info"][s]["illuminati"] for s in (0, 2, 3)}
    shown = text(render(state.view(1), "en", NAMES))
    # Every face-down seat shows what it claimed, one's own too (the table sees those numbers).
    assert shown.count("face down: Power 6, income 7 claimed") == 4
    assert translate_card(own) in shown
    assert not any(translate_card(face) in shown for face in others)


def translate_card(face: str) -> str:
    return translate("en", f"illuminati.card.{face}", {}, NAMES)


def test_the_offer_on_the_table_shows_what_each_side_gives_and_the_others_only_count_its_specials():
    from .test_deals import network_and_ufos

    state = network_and_ufos(players=3)
    state.apply(0, ("offer", 1))
    for step in (("offer_give", "the_mafia"), ("offer_give", "deep_agent"), ("offer_money", "take", 2)):
        state.apply(0, step)
    party = text(render(state.view(0), "en", NAMES))
    assert "Deal offered by Ana to Bo: The Mafia, Deep Agent for 2 MB" in party
    other = text(render(state.view(2), "fr", NAMES))
    assert "Marché proposé par Ana à Bo : La Mafia, 1 carte spéciale contre 2 MB" in other
    assert "Agent infiltré" not in other


@pytest.mark.parametrize(("lang", "written"), [("en", ": 17% ("), ("es", ": 17 % ("), ("fr", " : 17 % (")])
def test_the_chance_of_an_attack_is_a_percentage_as_each_language_writes_it(lang, written):
    assert written in text(render(attacked().view(0), lang, NAMES))


def test_a_french_board_puts_a_space_before_each_colon():
    import re

    state, _ = GAME.start(4, {}, seed=2)
    out = text(render(state.view(0), "fr", NAMES))
    assert "Vos cartes Spéciales : —" in out
    assert not re.search(r"[\w)]:", out)


@pytest.mark.parametrize(
    ("lang", "roll", "result"),
    [
        ("es", "ninguna tirada podía bastar", "La tirada cuenta 7 (ninguna tirada podía bastar): fallo."),
        (
            "en",
            "which no roll could make good",
            "The roll counts 7 (which no roll could make good): failure.",
        ),
        ("fr", "aucun jet ne pouvait suffire", "Le jet compte 7 (aucun jet ne pouvait suffire) : échec."),
    ],
)
def test_a_hopeless_roll_is_told_as_one_never_as_needing_a_negative_number(lang, roll, result):
    """Two dice make at least 2: the log said "needing -9 or less" after such a roll."""
    state = hopeless()
    state.chance = dice(7)
    events = []
    while state.phase == "spend":
        events += state.apply(state.actors()[0], ("pass",))
    said = [translate(lang, f"illuminati.event.{e.kind}", e.params, NAMES) for e in events]
    rolled = next(line for e, line in zip(events, said, strict=True) if e.kind == "roll")
    assert roll in rolled and result in said, said
    assert not any("-9" in line for line in said), said
