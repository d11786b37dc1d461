"""Corruption's cards, read from ``contracts.json``, and the loader of a table's corrected file.

A player card in play is its kind index ``0..9`` in ``FACES`` (six bribes, the district
attorney, two reporters, the hitman); the seat is kept beside it. A contract is its index into
the state's own contract list, which is resolved once at setup (built-in or a table's file) and
carried by the state, so a replay never depends on a file that may since have changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from backroom.engine.errors import BadOptions
from backroom.engine.files import FileProblem, read_json
from backroom.engine.provenance import Message, as_given, legend, message, row, sourced_row

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "contracts.json").read_text("utf-8"))

FACES: tuple[str, ...] = tuple(e["face"] for e in DATA["player_set"] for _ in range(e["count"]))
"""Face of each kind index: ``bribe-1000`` … ``bribe-10000``, ``attorney``, ``reporter`` ×2,
``hitman``."""

BRIBE_VALUE: tuple[int, ...] = tuple(e.get("value", 0) for e in DATA["player_set"] for _ in range(e["count"]))
"""Face value of each kind (0 for characters). Swiss-account plays count half of it."""

SET_SIZE = len(FACES)
KINDS: tuple[str, ...] = tuple(dict.fromkeys(FACES))
"""The distinct faces, in set order: what actions name (two reporters are one kind to play)."""
KINDS_OF: dict[str, tuple[int, ...]] = {f: tuple(k for k in range(SET_SIZE) if FACES[k] == f) for f in KINDS}
"""The kind indices of each face (the reporter's two)."""
BRIBES: tuple[int, ...] = tuple(k for k in range(SET_SIZE) if BRIBE_VALUE[k] > 0)
ATTORNEY = FACES.index("attorney")
HITMAN = FACES.index("hitman")
REPORTERS: tuple[int, ...] = tuple(k for k in range(SET_SIZE) if FACES[k] == "reporter")
CHARACTERS: tuple[int, ...] = tuple(k for k in range(SET_SIZE) if BRIBE_VALUE[k] == 0)
IS_BRIBE: tuple[bool, ...] = tuple(v > 0 for v in BRIBE_VALUE)

BODIES: tuple[str, ...] = tuple(b["id"] for b in DATA["bodies"])
ROUNDS: int = DATA["rounds"]["value"]
PER_BODY: int = DATA["new_contracts_per_round"]["per_body"]
PLAYS_PER_ROUND: int = DATA["new_contracts_per_round"]["value"]
"""Six cards each a round; it happens to equal the six new contracts (two per body)."""

DECK_SIZE = ROUNDS * PER_BODY * len(BODIES)
"""24: four rounds of six new contracts. A corrected file must hold exactly this many."""

BLACK_BOOK_CARDS: int = DATA["black_book"]["per_player"]


class Contract(NamedTuple):
    """One contract card as the state carries it."""

    id: str
    name: str
    value: int
    status: str
    source: str


BUILTIN: tuple[Contract, ...] = tuple(
    Contract(e["id"], e["name"], e["value"], e["status"], e["source"])
    for e in DATA["contracts"]
    for _ in range(e["count"])
)
BUILTIN_NAMES: dict[str, str] = {e["id"]: e["name"] for e in DATA["contracts"]}
"""Contracts with a catalog name (``corruption.card.<id>``): a file entry with the same id and
English name is shown translated; any other is shown by the name its file gives."""


def contract_label(contract: Contract) -> dict[str, Any]:
    """A contract's name as a message (``{"$": key, ...}``), translated where the catalogs know it."""
    if BUILTIN_NAMES.get(contract.id) == contract.name:
        return {"$": f"corruption.card.{contract.id}"}
    return {"$": "corruption.contract_named", "name": contract.name}


TABLE_FILE = "table file"
"""The source of a corrected file's entry that names none."""

FILE_STATUSES = ("sourced", "proposed-default", "table-supplied")
"""What a corrected file may say of an entry (each has a ``ui.status.<status>`` label)."""


def load_contracts(path: str) -> tuple[Contract, ...]:
    """The contracts of a table's corrected file, or the built-in list for ``""``.

    The file has the shape of ``contracts.json``: ``{"contracts": [{"id", "name", "value",
    "count"?, "status"?, "source"?}, ...]}`` holding 24 cards in all. Every problem raises
    ``BadOptions`` with a ``corruption.error.contracts_file_*`` key naming the path and the fault.
    """
    if not path:
        return BUILTIN
    try:
        data = read_json(path)
    except FileProblem as exc:
        key = "not_json" if exc.key == "error.file.not_json" else "unreadable"
        raise BadOptions(
            f"corruption.error.contracts_file_{key}", path=path, reason={"$": exc.key, **exc.params}
        ) from exc
    entries = data.get("contracts") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise BadOptions("corruption.error.contracts_file_shape", path=path)
    contracts: list[Contract] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries, start=1):
        contracts.extend(_entry(path, index, entry, seen))
    if len(contracts) != DECK_SIZE:
        raise BadOptions(
            "corruption.error.contracts_file_count", path=path, count=len(contracts), expected=DECK_SIZE
        )
    return tuple(contracts)


def _entry(path: str, index: int, entry: Any, seen: set[str]) -> list[Contract]:
    def fault(field: str) -> BadOptions:
        return BadOptions("corruption.error.contracts_file_entry", path=path, index=index, field=field)

    if not isinstance(entry, dict):
        raise fault("entry")
    cid, name, value = entry.get("id"), entry.get("name"), entry.get("value")
    count = entry.get("count", 1)
    if not isinstance(cid, str) or not cid.strip():
        raise fault("id")
    if not isinstance(name, str) or not name.strip():
        raise fault("name")
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise fault("value")
    if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
        raise fault("count")
    status, source = entry.get("status", "table-supplied"), entry.get("source", TABLE_FILE)
    if status not in FILE_STATUSES:
        raise fault("status")
    if not isinstance(source, str):
        raise fault("source")
    if cid in seen:
        raise BadOptions("corruption.error.contracts_file_duplicate", path=path, id=cid)
    seen.add(cid)
    return [Contract(cid, name, value, status, source)] * count


def _money(value: int) -> Message:
    return message("corruption.data.money", amount=value)


def data_status(contracts: tuple[Contract, ...] = BUILTIN) -> list[dict[str, Any]]:
    """Rows ``{item, value, status, source, codes}`` (``backroom.engine.provenance``) for every
    fact and card the game plays with, named as the game names them.

    ``status`` is ``sourced``, ``proposed-default`` or, for a table's corrected file,
    whatever the file says (``table-supplied`` by default). A built-in contract whose name is
    attested but whose value is not is ``proposed-default``; its source says which part is which.
    """
    players, values = DATA["players"], DATA["contract_value_range"]
    rows = [
        _row("players", message("ui.data.players", low=players["min"], high=players["max"]), players),
        _row("rounds", message("ui.data.count", count=ROUNDS), DATA["rounds"]),
        _row(
            "per_round",
            message("corruption.data.per_round", count=PLAYS_PER_ROUND, per_body=PER_BODY),
            DATA["new_contracts_per_round"],
        ),
        _row(
            "value_range",
            message("corruption.data.money_range", low=_money(values["low"]), high=_money(values["high"])),
            values,
        ),
        _row("contract_body", message("corruption.data.body_dealt"), DATA["contract_body"]),
    ]
    rows += [
        _row(
            "body",
            message("corruption.data.printed_names", name=b["name"], name_es=b["name_es"]),
            b,
            name=message(f"corruption.body.{b['id']}"),
        )
        for b in DATA["bodies"]
    ]
    for e in DATA["player_set"]:
        card = message(f"corruption.card.{e['face']}")
        if "value" in e:
            value = message(
                "corruption.data.bribe",
                value=_money(e["value"]),
                swiss=_money(e["swiss_value"]),
                count=e["count"],
            )
        else:
            value = message("corruption.data.character", count=e["count"])
        rows.append(_row("player_card", value, e, card=card))
    rows += [
        _row("colour", message(f"corruption.data.colour.{c['colour']}"), c, number=i + 1)
        for i, c in enumerate(DATA["colours"])
    ]
    rows.append(
        _row("black_book", message("corruption.data.per_player", count=BLACK_BOOK_CARDS), DATA["black_book"])
    )
    for c in dict.fromkeys(contracts):
        count = contracts.count(c)
        value = (
            message("corruption.data.times", value=_money(c.value), count=count)
            if count > 1
            else _money(c.value)
        )
        item = message("corruption.data.item.contract", contract=contract_label(c))
        if c in BUILTIN:
            rows.append(sourced_row(GAME_ID, item, value, c.status, c.source, DATA["sources"]))
        else:
            given = message("corruption.data.table_file") if c.source == TABLE_FILE else as_given(c.source)
            rows.append({"item": item, "value": value, "status": c.status, "source": given, "codes": []})
    return rows


def data_sources() -> dict[str, Message]:
    """What each source code of ``data_status`` stands for."""
    return legend(GAME_ID, DATA["sources"])


def _row(item: str, value: Message, entry: dict[str, Any], **params: Any) -> dict[str, Any]:
    return row(GAME_ID, message(f"corruption.data.item.{item}", **params), value, entry, DATA["sources"])


GAME_ID = "corruption"

POSITIONS = "positions"  # Stud Libre: the leading player picks the face-up positions
CORRUPTION = "corruption"  # cards are played one at a time, clockwise from the leader
AWARD = "award"  # an owner decides a Swiss assignment, a hitman's victim or a reporter's bribe
OVER = "over"
PHASES = (POSITIONS, CORRUPTION, AWARD, OVER)

STANDARD, RIO_ABAJO, STUD_LIBRE, CERRADO = "standard", "rio_abajo", "stud_libre", "cerrado"
VARIANTS = (STANDARD, RIO_ABAJO, STUD_LIBRE, CERRADO)

RIO_ABAJO_UP = (0b000100, 0b001100, 0b001110, 0b011110)
"""Río Abajo, bit p = the player's (p+1)-th card: round 1 the 3rd; round 2 the 3rd and 4th;
round 3 the 2nd to 4th; round 4 the 2nd to 5th."""


def face_up_mask(variant: str, round_number: int) -> int:
    """Which of a player's six cards are face up this round (bit p = the (p+1)-th card)."""
    if variant == CERRADO:
        return 0
    if variant == RIO_ABAJO:
        return RIO_ABAJO_UP[round_number - 1]
    return (1 << round_number) - 1


def mask_positions(mask: int) -> list[int]:
    return [p + 1 for p in range(PLAYS_PER_ROUND) if (mask >> p) & 1]


SWISS_ACCOUNTS = len(BODIES)
"""One per government body: the places a bribe may go besides the contracts."""


def swiss(body: int) -> int:
    """The ``p_where`` code of a body's Swiss account."""
    return -1 - body
