"""Illuminati's groups are named with their article ("Los OVNIs", "Le Triangle des Bermudes"):
in the middle of a sentence the article is written lower-case, and contracted with "de"/"a" in
Spanish and "de"/"à" in French, whichever message puts the name there. The words that agree
with a card's name ("Los OVNIs cobran", "Democrats collect") take its number, which each
language's catalog lists (``<game>.plural_cards``)."""

import re

import pytest

from backroom.articles import agreeing, grammar, mark, settle
from backroom.games import all_games
from backroom.i18n import LANGUAGES, catalog, translate


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
        ("es", "illuminati.action.attack.control", {"card": "ufos"}, "Atacar a los OVNIs para controlarlos"),
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
    assert (
        settle(said, opening + mark(said, "Los OVNIs", plural=True) + " ganan") == f"{opening}Los OVNIs ganan"
    )
    assert settle(said, "de " + mark(said, "El Triángulo")) == "del Triángulo"


@pytest.mark.parametrize(
    ("lang", "card", "text"),
    [
        ("es", "ufos", "Los OVNIs cobran 3 MB."),
        ("es", "network", "La Red cobra 3 MB."),
        ("es", "democrats", "Demócratas cobran 3 MB."),
        ("en", "ufos", "The UFOs collect 3 MB."),
        ("en", "network", "The Network collects 3 MB."),
        ("en", "democrats", "Democrats collect 3 MB."),
        ("fr", "ufos", "Les OVNI encaissent 3 MB."),
        ("fr", "network", "Le Réseau encaisse 3 MB."),
        ("fr", "democrats", "Démocrates encaissent 3 MB."),
    ],
)
def test_the_verb_after_a_plural_card_name_is_plural_and_after_a_singular_one_as_it_was(lang, card, text):
    assert translate(lang, "illuminati.event.income", {"card": card, "mb": 3}) == text


@pytest.mark.parametrize(
    ("lang", "text"),
    [("es", "Naciones Unidas cobran 3 MB."), ("en", "The United Nations collects 3 MB.")],
)
def test_a_names_number_is_its_languages_own_not_englishs(lang, text):
    """ "Naciones Unidas" are plural, "The United Nations" is one body: each catalog lists its
    own plural names, and none falls back to English's list."""
    assert translate(lang, "illuminati.event.income", {"card": "the_united_nations", "mb": 3}) == text


@pytest.mark.parametrize(
    ("lang", "params", "text"),
    [
        ("es", {"card": "ufos", "payer_card": "network"}, "Los OVNIs cuestan 1 MB, lo paga la Red."),
        ("en", {"card": "network", "payer_card": "ufos"}, "The Network costs 1 MB, paid by the UFOs."),
    ],
)
def test_a_marker_agrees_with_the_nearest_card_name_before_it(lang, params, text):
    assert translate(lang, "illuminati.event.upkeep", params) == text


def test_a_marker_before_any_name_agrees_with_the_first_name_after_it():
    assert translate("es", "illuminati.event.attacker", {"card": "ufos"}) == "Atacan los OVNIs."
    assert translate("es", "illuminati.event.attacker", {"card": "network"}) == "Ataca la Red."


def test_a_marker_with_no_card_name_takes_the_singular():
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    assert settle(said, agreeing("Nadie ⟦cobra|cobran⟧.")) == "Nadie cobra."
    assert translate("es", "illuminati.event.income", {"mb": 3}) == "{card} cobra 3 MB."


def test_a_marker_agrees_with_the_nearest_marked_name_before_it_else_the_first_after_it():
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    text = agreeing("⟦Gana|Ganan⟧ {a}; {b} ⟦cobra|cobran⟧ de {c}, que ⟦paga|pagan⟧.")
    both = text.format(
        a=mark(said, "Los OVNIs", plural=True), b=mark(said, "La Red"), c=mark(said, "Los OVNIs", plural=True)
    )
    assert settle(said, both) == "Ganan los OVNIs; la Red cobra de los OVNIs, que pagan."


@pytest.mark.parametrize("chosen", ["Los OVNIs", "Demócratas", "⟦Ana|Anas⟧"])
def test_a_players_chosen_name_is_never_plural_and_never_a_marker(chosen):
    """A player named like a plural card is no card: the pronoun after it agrees with the card
    before it ("la Red ... y lo coloca"), and a name written like a marker is shown as written."""
    params = {"seat": 0, "card": "network", "from_seat": 1, "master_card": "pentagon"}
    said = translate("es", "illuminati.event.received", params, ["Ana", chosen])
    assert said == f"Ana recibe la Red de {chosen} y lo coloca bajo Pentágono."
    params = {"seat": 1, "card": "network", "mb": 2, "source": "x"}
    assert translate("es", "illuminati.event.spent", params, ["Ana", chosen]).startswith(chosen)


MARKER = re.compile(r"⟦([^⟦⟧|]*)\|([^⟦⟧|]*)⟧")
CARD_FIELD = re.compile(r"\{(card|\w+_card)\}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_marker_in_every_catalog_has_exactly_two_forms_and_a_card_name_to_agree_with(lang):
    """A marker is ``⟦singular|plural⟧``: two different forms (one may be empty), never nested,
    and in a message that puts a card's name in the sentence (else it would always read as
    singular)."""
    marked = {key: text for key, text in catalog(lang).items() if "⟦" in text or "⟧" in text}
    assert marked, "no catalog has a marker: the check checks nothing"
    malformed = [
        key
        for key, text in marked.items()
        if {"⟦", "⟧"} & set(MARKER.sub("", text)) or any(one == many for one, many in MARKER.findall(text))
    ]
    assert not malformed, f"{lang}: {malformed}"
    nameless = [key for key, text in marked.items() if not CARD_FIELD.search(text)]
    assert not nameless, f"{lang}: {nameless}"


PLURAL_ARTICLES = {"es": ("Los ", "Las "), "fr": ("Les ",)}
SINGULAR_ARTICLES = {"es": ("El ", "La "), "fr": ("Le ", "La ", "L'", "L’")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_games_plural_cards_are_its_cards_and_agree_with_their_articles(lang):
    """Where an article tells a name's number (Spanish, French), the list of plural names agrees
    with it; English's "The" tells nothing."""
    book = catalog(lang)
    for game in all_games():
        faces = {k.split(".card.", 1)[1] for k in book if k.startswith(f"{game.id}.card.")}
        plural = set(book.get(f"{game.id}.plural_cards", "").replace(",", " ").split())
        assert plural <= faces, f"{lang} {game.id}: {sorted(plural - faces)}"
        for face in faces:
            name = book[f"{game.id}.card.{face}"]
            if name.startswith(PLURAL_ARTICLES.get(lang, ("\0",))):
                assert face in plural, f"{lang}: {name}"
            if name.startswith(SINGULAR_ARTICLES.get(lang, ("\0",))):
                assert face not in plural, f"{lang}: {name}"


def test_a_name_is_marked_only_where_something_in_its_message_settles_it():
    """In a message with no marker only a name that starts with an article is marked (for its
    article); in one with a marker every name is, so the marker finds the nearest."""
    said = grammar("El, La, Los, Las", "de el: del, a el: al")
    assert mark(said, "Demócratas", plural=True, agreeing=False) == "Demócratas"
    assert settle(said, "de " + mark(said, "Los OVNIs", plural=True, agreeing=False)) == "de los OVNIs"
    assert settle(said, agreeing("{a} ⟦gana|ganan⟧").format(a=mark(said, "Demócratas", plural=True))) == (
        "Demócratas ganan"
    )
