"""Illuminati's groups are named with their article ("Los OVNIs", "Le Triangle des Bermudes"):
in the middle of a sentence the article is written lower-case, and contracted with "de"/"a" in
Spanish and "de"/"à" in French, whichever message puts the name there. The words that agree
with a card's name ("Los OVNIs cobran", "Democrats collect") take its number, which each
language's catalog lists (``<game>.plural_cards``)."""

import pytest

from backroom.articles import agreeing, grammar, mark, settle
from backroom.i18n import translate


@pytest.mark.parametrize(
    ("lang", "key", "params", "text"),
    [
        (
            "es",
            "illuminati.event.spent",
            {"mb": 4, "card": "bavarian_illuminati", "source": "x"},
            "Ana gasta 4 MB de los Illuminati de Baviera (x).",
        ),
        (
            "es",
            "illuminati.event.captured",
            {"card": "bermuda_triangle", "from_seat": 1},
            "Ana toma el control del Triángulo de las Bermudas.",
        ),
        (
            "es",
            "illuminati.action.transfer",
            {"from_card": "network", "to_card": "bermuda_triangle"},
            "Transferir dinero de la Red al Triángulo de las Bermudas",
        ),
        ("es", "illuminati.action.attack.control", {"card": "ufos"}, "Atacar a los OVNIs para controlarlo"),
        (
            "fr",
            "illuminati.event.spent",
            {"mb": 4, "card": "ufos", "source": "x"},
            "Ana dépense 4 MB des OVNI (x).",
        ),
        (
            "fr",
            "illuminati.event.captured",
            {"card": "bermuda_triangle", "from_seat": 1},
            "Ana prend le contrôle du Triangle des Bermudes.",
        ),
        (
            "fr",
            "illuminati.action.transfer",
            {"from_card": "network", "to_card": "ufos"},
            "Transférer de l’argent du Réseau aux OVNI",
        ),
        (
            "fr",
            "illuminati.action.transfer",
            {"from_card": "post_office", "to_card": "bermuda_triangle"},
            "Transférer de l’argent de la Poste au Triangle des Bermudes",
        ),
        (
            "en",
            "illuminati.event.captured",
            {"card": "ufos", "from_seat": 1},
            "Ana takes control of the UFOs.",
        ),
    ],
)
def test_a_name_after_a_preposition_takes_the_article_as_the_language_writes_it(lang, key, params, text):
    assert translate(lang, key, {"seat": 0, **params}, ["Ana", "Bo"]) == text


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "3 jugadores; los Illuminati: los OVNIs, la Red, el Triángulo de las Bermudas."),
        ("fr", "3 joueurs ; les Illuminati : les OVNI, le Réseau, le Triangle des Bermudes."),
    ],
)
def test_every_name_of_a_list_in_a_sentence_has_a_lower_case_article(lang, text):
    cards = ["ufos", "network", "bermuda_triangle"]
    assert translate(lang, "illuminati.event.setup", {"players": 3, "cards": cards}) == text


def test_a_name_that_starts_the_text_keeps_its_capital():
    assert translate("es", "illuminati.action.aid", {"card": "ufos"}).startswith("Los OVNIs ")
    assert translate("fr", "illuminati.card.bermuda_triangle") == "Le Triangle des Bermudes"


@pytest.mark.parametrize("chosen", ["La Redacción", "Los OVNIs", "El Triángulo"])
def test_a_players_chosen_name_is_never_rewritten_even_one_that_starts_like_a_card(chosen):
    """Only a card's name is a name with an article: "La Red" is a card, "La Redacción" a player."""
    said = translate("es", "stool-pigeon.event.close", {"seat": 0}, [chosen])
    assert chosen in said
    said = translate(
        "es", "illuminati.event.captured", {"seat": 0, "card": "ufos", "from_seat": 1}, [chosen, "Bo"]
    )
    assert said.startswith(chosen) and "de los OVNIs" in said


@pytest.mark.parametrize("opening", ["", "Fin. ", "¡", "¿", "«", "“"])
def test_a_card_name_keeps_its_capital_where_a_sentence_or_a_quote_opens(opening):
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    assert settle(said, opening + mark("Los OVNIs", plural=True) + " ganan") == f"{opening}Los OVNIs ganan"
    assert settle(said, "de " + mark("El Triángulo")) == "del Triángulo"


def test_a_marker_with_no_card_name_takes_the_singular():
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    assert settle(said, agreeing("Nadie ⟦cobra|cobran⟧.")) == "Nadie cobra."


def test_a_marker_agrees_with_the_nearest_marked_name_before_it_else_the_first_after_it():
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    text = agreeing("⟦Gana|Ganan⟧ {a}; {b} ⟦cobra|cobran⟧ de {c}, que ⟦paga|pagan⟧.")
    both = text.format(a=mark("Los OVNIs", plural=True), b=mark("La Red"), c=mark("Los OVNIs", plural=True))
    assert settle(said, both) == "Ganan los OVNIs; la Red cobra de los OVNIs, que pagan."
