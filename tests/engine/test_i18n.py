"""Every word a person reads exists in Spanish, English and French, with the same placeholders."""

import string

import pytest

from backroom.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    bot_name,
    catalog,
    default_language,
    describe_error,
    normalize_language,
    preferred_language,
    translate,
)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_has_every_english_key_with_the_same_placeholders(lang):
    english = catalog("en")
    other = catalog(lang)
    missing = sorted(set(english) - set(other))
    assert not missing, f"{lang} lacks {missing}"
    extra = sorted(set(other) - set(english))
    assert not extra, f"{lang} has keys English lacks: {extra}"
    wrong = [k for k in english if placeholders(english[k]) != placeholders(other[k])]
    assert not wrong, f"{lang} placeholders differ for {wrong}"


def test_seat_card_and_slot_parameters_are_rendered_for_people():
    text = translate(
        "es",
        "stool-pigeon.event.snap_hit",
        {"seat": 0, "target_seat": 1, "slot": 2, "card": "witness-5"},
        ["Ana", "Luis"],
    )
    assert text == "¡Ana elimina Testigo 5 de la carta 3 de Luis!"


def test_large_numbers_are_grouped_as_each_language_writes_them_and_totals_name_their_player():
    totals = {"round": 1, "totals": [4400000, 950]}
    names = ["Ana", "Luis"]
    assert translate("en", "corruption.event.round_end", totals, names).endswith("Ana $4,400,000; Luis $950.")
    assert translate("es", "corruption.event.round_end", totals, names).endswith("Ana $4.400.000; Luis $950.")
    assert "Ana 4\u202f400\u202f000" in translate("fr", "corruption.event.round_end", totals, names).replace(
        "\xa0", "\u202f"
    )


def test_a_seed_is_printed_as_it_is_typed_back() -> None:
    assert "--seed 1234567)" in translate("en", "ui.seed_line", {"seed": 1234567})
    assert translate("fr", "ui.replay_title", {"game": "Soplón", "seed": 98765}).endswith("98765")


def test_missing_key_falls_back_to_the_key_itself():
    assert translate("fr", "no.such.key") == "no.such.key"


@pytest.mark.parametrize(
    ("tag", "lang"), [("fr-CA", "fr"), ("es_ES.UTF-8", "es"), ("de", "en"), (None, "en")]
)
def test_language_tags_map_to_a_supported_language(tag, lang):
    assert normalize_language(tag) == lang


@pytest.mark.parametrize(("lang", "text"), [("en", "7,600,000"), ("es", "7.600.000"), ("fr", "7 600 000")])
def test_scores_are_written_the_way_each_language_writes_numbers(lang, text):
    from backroom.i18n import format_number

    written = format_number(lang, 7600000.0)
    assert written.replace("\u202f", " ").replace("\xa0", " ") == text  # French uses a narrow space
    assert format_number(lang, 14.0) == "14"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_government_body_is_named_without_a_broken_article(lang: str) -> None:
    """French "de État" (for "de l'État") and Spanish "de Capitolio": the body's name is not
    glued to a preposition that its article would change."""
    glued = {key: text for key, text in catalog(lang).items() if "de {body}" in text}
    assert not glued


def test_an_error_whose_text_is_no_format_string_reads_as_written_with_its_parameters(monkeypatch):
    monkeypatch.setitem(catalog(DEFAULT_LANGUAGE), "error.test_brace", "A stray { brace.")
    assert describe_error("error.test_brace", {"seat": 0}) == "A stray { brace. (seat=0)"


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [("en", 1, "1 bot seat:"), ("en", 0, "0 bot seats:"), ("fr", 0, "0 place de bot"), ("fr", 2, "2 places")],
)
def test_a_message_after_a_number_takes_the_plural_form_of_its_language(lang, count, text):
    assert text in translate(lang, "error.too_many_bots", {"kinds": 3, "count": count})


def test_the_search_bot_is_named_ismcts_as_it_is_typed_in_every_language():
    assert {bot_name(lang, 2, "ismcts") for lang in LANGUAGES} == {"Bot 3 (ismcts)"}


@pytest.mark.parametrize(
    ("lang", "key", "count", "text"),
    [
        ("en", "ui.bench_server_workers", 1, "server: 1 worker process"),
        ("fr", "ui.lineups", 1, "1 composition"),
        ("es", "ui.lineups", 3, "3 alineaciones"),
    ],
)
def test_counted_words_agree_with_their_number(lang, key, count, text):
    assert translate(lang, key, {"count": count}) == text


def test_a_games_rules_never_send_the_reader_to_the_command_that_shows_them():
    for lang in LANGUAGES:
        for key, text in catalog(lang).items():
            game = key.removesuffix(".summary")
            assert key == game or f"`backroom games {game}`" not in text


@pytest.mark.parametrize(
    ("lang", "key", "count", "text"),
    [
        ("es", "politburo.event.draw", 1, "Ana roba 1 carta."),
        ("es", "politburo.event.draw", 5, "Ana roba 5 cartas."),
        ("en", "politburo.event.draw", 1, "Ana draws 1 card."),
        ("fr", "politburo.event.draw", 2, "Ana pioche 2 cartes."),
        ("fr", "illuminati.deal.specials", 1, "1 carte spéciale"),
        ("es", "politburo.event.reshuffle", 1, "Los descartes se barajan como nuevo mazo (1 carta)."),
        ("en", "politburo.event.reshuffle", 2, "The discard pile is shuffled into a new deck (2 cards)."),
        ("fr", "web.stool-pigeon.breakdown", 1, "1 carte :"),
        ("en", "web.stool-pigeon.breakdown", 3, "3 cards:"),
        ("en", "illuminati.deal.specials", 2, "2 special cards"),
    ],
)
def test_counted_cards_in_the_log_agree_with_their_number_not_card_s(lang, key, count, text):
    assert translate(lang, key, {"seat": 0, "count": count}, ["Ana"]) == text


def test_how_a_game_ended_and_its_tiebreak_are_whole_sentences():
    """The terminal and the table print them on a line of their own after the results: "a
    candidate became General Secretary" or "highest office" alone read as fragments."""
    from backroom.games import all_games

    fragments = [
        (lang, key)
        for lang in LANGUAGES
        for game in all_games()
        for key, text in catalog(lang).items()
        if key.startswith((f"{game.id}.end.", f"{game.id}.tiebreak."))
        and not (text[:1].isupper() and text.endswith("."))
    ]
    assert fragments == []
    said = translate("en", "politburo.event.game_over", {"reason": {"$": "politburo.end.secretary"}})
    assert said == "A candidate became General Secretary. The game is over."


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de, es;q=0.5", "es"),
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr"),
        ("en;q=0.3, es;q=0.3", "en"),  # a tie keeps the header's order
        ("es;q=0, fr;q=0.1", "fr"),  # q=0: not acceptable
        ("es;q=nope, fr", "fr"),
        ("de, it", "en"),
        ("", "en"),
        ("de," * 40 + "es", "en"),  # only the first 32 ranges are read
        ("es;level=1;q=0, fr;q=0.2", "fr"),  # q is read among the other parameters
        ("es;q=inf, fr;q=0.5", "fr"),  # a quality outside 0..1 is none
        ("es;Q=0.1, fr;q=0.2", "fr"),
    ],
)
def test_accept_language_header_ranks_by_quality(header: str, lang: str) -> None:
    assert preferred_language(header) == lang


def test_every_declared_action_kind_of_every_game_has_a_short_label_in_every_language():
    """Tables such as the balance report name an action by its kind alone (``snap``), without
    the arguments its full label (``<game>.action.<kind>``) needs: ``<game>.kind.<kind>``."""
    from backroom.games import all_games

    missing = [
        (lang, f"{game.id}.kind.{spec.kind}")
        for game in all_games()
        for variant in game.test_variants()
        for spec in game.action_specs(game.max_players, game.resolve_options(variant))
        for lang in LANGUAGES
        if f"{game.id}.kind.{spec.kind}" not in catalog(lang)
    ]
    assert missing == []
    assert translate("es", "stool-pigeon.kind.snap") == "Eliminar una carta igual"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "C.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "es"),
        ({"BACKROOM_LANG": "en", "LC_ALL": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "es_ES.UTF-8"}, "es"),
        ({}, "en"),
    ],
)
def test_the_command_line_language_is_backroom_lang_else_the_locale_in_posix_order(
    monkeypatch, env, expected
):
    """$BACKROOM_LANG, else the first of $LC_ALL, $LC_MESSAGES and $LANG that is set."""
    for name in ("BACKROOM_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert default_language() == expected
