"""One name per card per language (issue 12, bug 6): the English rules and labels once said
Matón, Capo and Soplón while the English cards read Stool Pigeon, Kingpin and Rat. Every text a
player reads in one language (rules, action labels, log lines, phases, the browser's hints and
the terminal, which all draw on these catalogs) names each card exactly as its card does."""

from __future__ import annotations

import re

import pytest

from backroom.games.stool_pigeon.cards import FACE_VALUE
from backroom.i18n import LANGUAGES, catalog

FACES = sorted(FACE_VALUE)


def card_name(lang: str, face: str) -> str:
    return catalog(lang)[f"stool-pigeon.card.{face}"]


def player_texts(lang: str) -> dict[str, str]:
    """Every Stool Pigeon text of ``lang`` but the game's title (French keeps the English title
    beside its own, "Soplón (Stool Pigeon)", which names the game, not a card)."""
    return {
        key: text
        for key, text in catalog(lang).items()
        if (key.startswith("stool-pigeon.") or key.startswith("web.stool-pigeon."))
        and key != "stool-pigeon.name"
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_names_a_card_as_another_language_does(lang: str) -> None:
    foreign = {
        card_name(other, face)
        for other in LANGUAGES
        for face in FACES
        if other != lang and card_name(other, face) != card_name(lang, face)
    }
    own = {card_name(lang, face) for face in FACES}
    foreign -= own  # a word that is also one of this language's card names is no mix-up
    mixed = [
        (key, name)
        for key, text in player_texts(lang).items()
        for name in foreign
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
    ]
    assert not mixed, f"{lang}: {mixed}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_name_every_family_card_by_its_card_name_and_number(lang: str) -> None:
    rules = catalog(lang)["stool-pigeon.rules"]
    for face, value in FACE_VALUE.items():
        if face in ("maton", "conductora", "sicario", "capo"):
            assert f"{card_name(lang, face)} ({value})" in rules, (lang, face)
