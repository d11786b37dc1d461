"""Illuminati's catalogs (es, en, fr) name every action, event, end, error and card a game
shows, before the game is registered (the registered games get this from the conformance
suite, which reads only registered games' catalogs)."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po

from backroom.games.illuminati import GAME
from backroom.games.illuminati.cards import FACE
from tests.test_conformance import random_game

LANGUAGES = ("es", "en", "fr")


def catalog(lang: str) -> dict[str, str]:
    with (GAME.manifest.catalogs / f"{lang}.po").open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle, locale=lang) if m.id and m.string}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def shown_messages() -> list[tuple[str, set[str]]]:
    """Every message key a few random games show, with the parameters it is given."""
    shown: list[tuple[str, set[str]]] = []
    hidden = {"hidden_illuminati": "exaggerating"}
    for variant, seed in [({}, seed) for seed in range(6)] + [(hidden, seed) for seed in range(3)]:
        for players in (2, 5, 8):
            for state, events in random_game(GAME, variant, players, seed):
                shown += [(f"illuminati.event.{e.kind}", set(e.params)) for e in events]
                for seat in state.actors():
                    for action in state.legal_actions(seat)[:40]:
                        label = state.label(action)
                        shown.append((label.key, set(label.params)))
                    refused = ("attack", "control", FACE[0])
                    shown.append((state.why_illegal(seat, refused), set()))
                outcome = state.outcome()
                if outcome is not None:
                    shown.append((f"illuminati.end.{outcome.reason}", set()))
                    if outcome.tiebreak:
                        shown.append((f"illuminati.tiebreak.{outcome.tiebreak}", set()))
    return shown


SHOWN = shown_messages()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_a_game_shows_is_in_the_catalog_with_only_given_parameters(lang):
    book = catalog(lang)
    for key, params in SHOWN:
        if key.startswith("error."):
            continue  # the interface's own catalog
        assert key in book, f"{lang} lacks {key}"
        assert fields(book[key]) <= params, f"{lang} {key} names {fields(book[key]) - params}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_and_every_catalog_has_the_same_keys(lang):
    book = catalog(lang)
    assert all(f"illuminati.card.{face}" in book for face in FACE)
    assert set(book) == set(catalog("en"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_every_end_reason_has_text(lang):
    # The ends random play rarely reaches: a very long game scored on points (ruling 35).
    book = catalog(lang)
    for option in GAME.options:
        assert f"illuminati.option.{option.name}" in book and f"illuminati.option.{option.name}.help" in book
        assert all(f"illuminati.option.{option.name}.{choice}" in book for choice in option.choices)
    for reason in ("goal", "limit", "last_standing", "points", "points_limit"):
        assert f"illuminati.end.{reason}" in book


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_alignment_has_a_short_form_of_its_own_for_the_cards_on_the_board(lang):
    # Conservador/Convencional and Conservateur/Conventionnel cut at three letters were all "Con".
    texts = catalog(lang)
    short = {k: v for k, v in texts.items() if k.startswith("illuminati.alignment_short.")}
    full = {k for k in texts if k.startswith("illuminati.alignment.")}
    assert {k.rsplit(".", 1)[1] for k in short} == {k.rsplit(".", 1)[1] for k in full}
    assert len(set(short.values())) == len(short) and all(len(v) <= 4 for v in short.values())
