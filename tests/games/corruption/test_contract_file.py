"""The data file and its provenance, and a table's corrected contract file (option
``contracts_file``), so a group holding the physical game can play with its real cards."""

from __future__ import annotations

import json

import pytest

from backroom.engine.errors import BadOptions
from backroom.games.corruption import GAME
from backroom.games.corruption.cards import BUILTIN, DATA
from backroom.games.corruption.state import CorruptionState
from backroom.i18n import text

ONE = '{"contracts": [{"id": "a", "name": "A", "value": 1}]}'
NEGATIVE = '{"contracts": [{"id": "a", "name": "A", "value": -5}]}'


def real_cards(path, **changes):
    entries = [{"id": f"site_{i}", "name": f"Site {i}", "value": 50_000 * (i + 1)} for i in range(24)]
    data = {"contracts": entries, **changes}
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_data_file_every_contract_carries_its_status_and_source():
    assert len(BUILTIN) == 24
    statuses = [(e["name_status"], e["value_status"]) for e in DATA["contracts"]]
    assert sum(v == "proposed-default" for _, v in statuses) == 21
    assert sum(n == "proposed-default" for n, _ in statuses) == 11
    assert all(e["source"] for e in DATA["contracts"])
    assert {e["value"] for e in DATA["contracts"]} == {100_000 * k for k in range(1, 13)}


def test_data_status_rows_show_item_value_status_source():
    rows = GAME.data_status()
    assert all(set(r) == {"item", "value", "status", "source", "codes"} for r in rows)
    assert all("$" in r[k] for r in rows for k in ("item", "value", "source"))
    by_item = {text("en", r["item"]): r for r in rows}
    assert text("en", by_item["Players"]["value"]) == "3–7" and by_item["Players"]["status"] == "sourced"
    assert by_item["Contract: Monument"]["status"] == "sourced"
    assert by_item["Contract: Hospital"]["status"] == "proposed-default"
    assert by_item["Contract: Airport"]["status"] == "proposed-default"
    assert "name: R" in text("en", by_item["Contract: Airport"]["source"])
    assert by_item["Contract: Airport"]["codes"] == ["R", "S2", "S5", "P"]
    assert {r["status"] for r in rows} <= {"sourced", "proposed-default"}


def test_corrected_contract_file_is_played_and_carried_by_the_state(tmp_path):
    path = real_cards(tmp_path / "real.json")
    state, _ = GAME.start(3, {"contracts_file": path}, 1)
    assert [c.name for c in state.contracts][:2] == ["Site 0", "Site 1"]
    assert state.contracts[0].status == "table-supplied"
    (tmp_path / "real.json").unlink()  # the position no longer needs the file
    again = CorruptionState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.contracts == state.contracts
    label = state.view(0)["contracts"][0]["label"]
    assert label == {"$": "corruption.contract_named", "name": "Site 0"}


def test_corrected_contract_file_data_status_rows(tmp_path):
    path = real_cards(tmp_path / "real.json")
    rows = GAME.data_status(path)
    shown = [
        {k: text(lang, r[k]) for k in ("item", "value", "source")} | {"status": r["status"]}
        for lang in ("en", "fr")
        for r in rows
    ]
    assert {
        "item": "Contract: Site 3",
        "value": "$200,000",
        "status": "table-supplied",
        "source": "the table's file",
    } in shown
    assert {
        "item": "Contrat : Site 3",
        "value": "200\u202f000 $",
        "status": "table-supplied",
        "source": "le fichier de la table",
    } in shown


@pytest.mark.parametrize(
    ("content", "key", "field"),
    [
        (None, "corruption.error.contracts_file_unreadable", None),
        ("{not json", "corruption.error.contracts_file_not_json", None),
        ('{"cards": []}', "corruption.error.contracts_file_shape", None),
        (ONE, "corruption.error.contracts_file_count", None),
        (NEGATIVE, "corruption.error.contracts_file_entry", "value"),
        ('{"contracts": [{"id": "a", "value": 5}]}', "corruption.error.contracts_file_entry", "name"),
        ('{"contracts": [{"id": "a", "name": "A", "value": 5, "status": "maybe"}]}',
         "corruption.error.contracts_file_entry", "status"),
        ('{"contracts": [{"id": "a", "name": "A", "value": 5}, {"id": "a", "name": "B", "value": 5}]}',
         "corruption.error.contracts_file_duplicate", None),
    ],
)  # fmt: skip
def test_bad_contract_file_is_refused_with_a_clear_error(tmp_path, content, key, field):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BadOptions) as refused:
        GAME.start(3, {"contracts_file": str(path)}, 0)
    assert refused.value.key == key
    assert refused.value.params["path"] == str(path)
    if field is not None:
        assert refused.value.params["field"] == field


def test_contract_file_count_field_makes_copies(tmp_path):
    entries = [{"id": f"site_{i}", "name": f"Site {i}", "value": 100_000, "count": 2} for i in range(12)]
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps({"contracts": entries}), encoding="utf-8")
    state, _ = GAME.start(4, {"contracts_file": str(path)}, 0)
    assert len(state.contracts) == 24 and state.contracts[0] == state.contracts[1]


def test_first_leader_option_must_name_a_seat_at_the_table():
    with pytest.raises(BadOptions) as refused:
        GAME.start(3, {"first_leader": 5}, 0)
    assert refused.value.params["option"] == "first_leader"
