"""The corrected deck file (option ``deck_file``) and the data status: no public source gives
the 90-card breakdown, so a group with the physical game can load its real counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backroom.engine.errors import BadOptions
from backroom.engine.record import Record, replay
from backroom.games.slush_fund import GAME, cards
from backroom.games.slush_fund.cards import DATA
from backroom.i18n import LANGUAGES, catalog, text, translate

REAL = [
    {"type": "money", "value": 10000, "count": 20},
    {"type": "money", "value": 20000, "count": 10},
    {"type": "money", "value": 60000, "count": 10},
    {"type": "vp", "value": 1, "count": 10},
    {"type": "scandal", "count": 15},
    {"type": "thief", "count": 5},
    {"type": "spy", "count": 5},
    {"type": "money_transfer", "count": 5},
    {"type": "time", "count": 10},
]


def write(tmp_path: Path, data: object, name: str = "deck.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def test_deck_file_option_plays_with_the_tables_real_counts(tmp_path: Path):
    path = write(tmp_path, {"cards": REAL})
    state, _ = GAME.start(2, {"deck_file": path}, seed=4)
    assert state.deck_def.faces.count("money-60") == 10 and len(state.deck_def) == 90
    view = state.view(0)
    assert view["deck_source"] == path
    assert {"face": "money-60", "count": 10} in view["deck_composition"]


def test_deck_file_the_built_in_deck_json_is_itself_a_valid_deck_file():
    path = str(Path(cards.__file__).parent / "deck.json")
    state, _ = GAME.start(2, {"deck_file": path}, seed=4)
    assert state.deck_def.faces == GAME.start(2, {}, seed=4)[0].deck_def.faces


def test_deck_file_state_carries_the_deck_so_a_saved_position_replays_exactly(tmp_path: Path):
    path = write(tmp_path, {"cards": REAL})
    state, _ = GAME.start(2, {"deck_file": path}, seed=9)
    record = Record(GAME.id, 2, GAME.resolve_options({"deck_file": path}), 9, GAME.rules_version)
    while not state.is_over and len(record.actions) < 40:
        action = state.legal_actions(state.active)[0]
        record.actions.append((state.active, action))
        state.apply(state.active, action)
    saved = json.dumps(state.to_json(), sort_keys=True)
    assert json.dumps(replay(GAME, record).to_json(), sort_keys=True) == saved
    Path(path).unlink()  # the file is gone: the saved position still has its deck
    again = GAME.state_from_json(json.loads(saved))
    assert again.deck_def.faces.count("money-60") == 10


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (None, "slush-fund.error.deck_file_unreadable"),
        ("{not json", "slush-fund.error.deck_file_not_json"),
        ([1, 2], "slush-fund.error.deck_file_shape"),
        ({"cards": [{"type": "bribe", "count": 90}]}, "slush-fund.error.deck_file_unknown_type"),
        ({"cards": [{"type": "time", "count": -1}]}, "slush-fund.error.deck_file_bad_count"),
        ({"cards": [{"type": "money", "value": 15000, "count": 90}]}, "slush-fund.error.deck_file_bad_money"),
        ({"cards": [{"type": "vp", "value": 2, "count": 90}]}, "slush-fund.error.deck_file_bad_vp"),
        (
            {"cards": [{"type": "spy", "count": 45}, {"type": "spy", "count": 45}]},
            "slush-fund.error.deck_file_duplicate",
        ),
        ({"cards": REAL[:-1]}, "slush-fund.error.deck_file_total"),
    ],
)
def test_deck_file_errors_are_bad_options_with_a_key(tmp_path: Path, content: object, key: str):
    path = str(tmp_path / "missing.json") if content is None else write(tmp_path, content)
    with pytest.raises(BadOptions) as caught:
        GAME.resolve_options({"deck_file": path})
    assert caught.value.key == key
    assert caught.value.params["option"] == "deck_file" and caught.value.params["path"] == path
    for lang in LANGUAGES:
        assert key in catalog(lang)


def test_data_status_lists_every_entry_with_its_status_and_source():
    rows = GAME.data_status()
    assert all(set(r) == {"item", "value", "status", "source", "codes"} for r in rows)
    assert {r["status"] for r in rows} == {"sourced", "proposed-default"}
    by_item = {text("en", r["item"]): r for r in rows}
    assert text("en", by_item["Politician 1"]["value"]) == "President"
    assert by_item["Politician 1"]["status"] == "sourced"
    assert by_item["Politician 3"]["status"] == "proposed-default"
    assert by_item["Politician 5"]["status"] == "proposed-default"
    assert by_item["Card: $10K"]["status"] == "proposed-default"
    assert by_item["Game cards"]["status"] == "sourced"
    assert len([r for r in rows if r["item"]["$"] == "slush-fund.data.item.card"]) == len(DATA["cards"])


def test_rules_help_names_the_proposed_defaults_in_every_language():
    """The rules tell a player that the 90 cards' counts are estimates; how to load real ones
    is the deck_file option's own help (issue 12: no developer notes in the player's rules)."""
    for lang in LANGUAGES:
        assert "90" in catalog(lang)["slush-fund.rules"]
        assert "deck_file" not in catalog(lang)["slush-fund.rules"]
        assert catalog(lang)["slush-fund.option.deck_file.help"]


def test_deck_file_action_specs_name_the_faces_of_the_tables_deck(tmp_path: Path):
    # Actions name faces; a deck file brings its own ($60K here, no $30K to $50K), so the
    # numbered action space follows it, and every legal action of a game with it lies inside.
    path = write(tmp_path, {"cards": REAL})
    options = GAME.resolve_options({"deck_file": path})
    space = GAME.action_space(2, options)
    assert space.check(("bribe", "money-60", 0)) and space.check(("transfer", 1, "money-60", 2))
    assert not space.check(("take", "money-30"))
    assert not GAME.action_space(2, GAME.resolve_options({})).check(("take", "money-60"))
    state, _ = GAME.start(2, options, seed=3)
    steps = 0
    while not state.is_over and steps < 300:
        legal = state.legal_actions(state.active)
        assert all(space.check(a) for a in legal)
        state.apply(state.active, legal[steps % len(legal)])
        steps += 1


@pytest.mark.parametrize("content", [None, "{not json"])
def test_an_unreadable_deck_file_is_said_in_the_readers_language_without_pythons_english(
    tmp_path: Path, content: object
) -> None:
    path = str(tmp_path / "missing.json") if content is None else write(tmp_path, content)
    with pytest.raises(BadOptions) as caught:
        GAME.resolve_options({"deck_file": path})
    said = translate("es", caught.value.key, caught.value.params)
    assert said.startswith(("No se puede leer el archivo de mazo", "El archivo de mazo"))
    assert "no existe" in said or "(línea 1, columna 2)" in said  # "{not json": column 2
    assert "Errno" not in said and "Expecting" not in said and "{" not in said
