"""``backroom games GAME``'s data-provenance table, read in every language: items named as the
game names them, sources in the reader's words, and a legend line for every source code."""

from __future__ import annotations

import re

import pytest

from backroom.cli.main import main
from backroom.engine.game import Game
from backroom.games import all_games
from backroom.i18n import LANGUAGES, catalog, text

GAMES = {g.id: g for g in all_games()}

ENGLISH = {
    "corruption": [
        "Contract:",
        "Player card",
        "Government body",
        "colour",
        "per player",
        "character",
        "per body",
        "name:",
        "value:",
        "(sourced)",
        "proposed default",
        "says",
        "Swiss half",
        "telephone",
    ],
    "stool-pigeon": ["Players", "Card:", "value", "agree", "adopted", "draw-pile"],
    "slush-fund": [
        "Designer",
        "Politician",
        "Layout",
        "Corners",
        "Card:",
        "agree",
        "tie-break",
        "name and rank",
        "proposed",
        "sourced in R",
        "first-player marker",
    ],
    "politburo": [
        "Candidates per player",
        "Hand size",
        "Office:",
        "Card type",
        "Special card",
        "loyalty",
        "per office",
        "living rulebook",
        "no source found",
        "proposed",
        "cancel one",
    ],
    "illuminati": ["Power ", "Resistance", "Income", "Weird", "Conservative"],
}
"""Words of each game's English table (items, values, sources) that no other language's table has."""

CODE = re.compile(r"(?<![\w/.-])(?:[RPGA]|S\d+)(?![\w/-])")
"""A source code as the data files write them: R, P, G, A, S1…"""


def cells(game: Game, lang: str) -> list[tuple[str, str, str]]:
    return [
        (text(lang, r["item"]), text(lang, r["value"]), text(lang, r["source"])) for r in game.data_status()
    ]


def params(value: object) -> list[dict]:
    """Every message inside a row's message, itself first."""
    if isinstance(value, dict):
        return [value, *(m for v in value.values() for m in params(v))] if "$" in value else []
    if isinstance(value, list):
        return [m for v in value for m in params(v)]
    return []


@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_the_english_table_has_the_words_the_others_must_not(game_id):
    shown = " ".join(" ".join(c) for c in cells(GAMES[game_id], "en"))
    assert [word for word in ENGLISH[game_id] if word not in shown] == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_a_table_in_another_language_has_no_english_item_value_or_source(game_id, lang):
    for item, value, source in cells(GAMES[game_id], lang):
        row = f"{item} | {value} | {source}"
        assert not [w for w in ENGLISH[game_id] if w in row], row
        assert not re.search(r"\b[a-z-]+\.(data|card|body|office|politician)\.", row), row  # no catalog key


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_items_name_cards_as_the_games_catalog_does(game_id, lang):
    for row in GAMES[game_id].data_status():
        for msg in params(row["item"]) + params(row["value"]):
            assert msg["$"] in catalog(lang) or f"{msg['$']}.other" in catalog(lang) or "text" in msg, msg
            if ".card." in msg["$"]:
                assert text(lang, msg) in text(lang, row["item"])
    sp = [text(lang, r["item"]) for r in GAMES["stool-pigeon"].data_status()]
    assert any(catalog(lang)["stool-pigeon.card.maton"] in item for item in sp)


@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_every_code_a_source_cites_is_listed_and_explained(game_id):
    game = GAMES[game_id]
    legend = game.data_sources()
    for row in game.data_status():
        english = text("en", row["source"])
        assert set(CODE.findall(english)) <= set(row["codes"]), english
        assert set(row["codes"]) <= set(legend), row
    for lang in LANGUAGES:
        for code, line in legend.items():
            shown, original = text(lang, line), line["text"]
            assert (
                shown and [t for t in original.split() if "/" in t and t.strip("(),;:") not in shown] == []
            ), (
                code,
                lang,
                shown,
            )


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_every_worded_source_and_legend_line_is_translated(game_id, lang):
    """A source cell or legend line may stay as the data file writes it only where it has no
    words: codes, addresses and paths."""
    game = GAMES[game_id]
    lines = [r["source"] for r in game.data_status()] + list(game.data_sources().values())
    codes = re.compile("|".join(rf"\b{code}\b" for code in game.data_sources()))
    for line in lines:
        if text(lang, line) == text("en", line):
            words = re.sub(r"\S*[/.]\S*", "", codes.sub("", text("en", line)))
            assert not re.search(r"[A-Za-z]{3,}", words), text("en", line)


@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_the_english_catalog_repeats_the_data_files_words_exactly(game_id):
    """A data file's source or legend text changed without its catalogs is caught here: the
    English message must be the file's text, and es/fr then need a new translation."""
    game = GAMES[game_id]
    lines = [m for r in game.data_status() for k in ("value", "source") for m in params(r[k])]
    for msg in [*lines, *game.data_sources().values()]:
        if "text" in msg and msg["$"] in catalog("en") and msg["$"] != "ui.data.as_given":
            assert catalog("en")[msg["$"]] == msg["text"], msg


@pytest.mark.parametrize("columns", ["80", "120"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", list(ENGLISH))
def test_the_command_prints_a_legend_line_for_every_code_shown(capsys, monkeypatch, game_id, lang, columns):
    monkeypatch.setenv("COLUMNS", columns)
    assert main(["games", game_id, "--lang", lang]) == 0
    out = capsys.readouterr().out
    cited = {code for row in GAMES[game_id].data_status() for code in row["codes"]}
    assert cited
    for code in cited:
        assert re.search(rf"^  {re.escape(code)} +\S", out, re.M), code
    table = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]
    assert table and not [line for line in table if len(line.rstrip()) > int(columns)]
