"""What the database holds: its tables (the newest schema revision, which the migrations in
``backroom.server.migrations`` make) and the rows the server reads and writes, decoded so that a
row that is not what was written fails its own table (``chain.Damaged``), never the server."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table, Text, false

from backroom.server.chain import GENESIS, Damaged

metadata = MetaData()
"""The newest schema revision, as the code reads and writes it (the migrations make it)."""

tables_t = Table(
    "backroom_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("bot_delay", Float, nullable=False),
    Column("turn_timer", Integer, nullable=True),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("outcome", Text, nullable=True),
    Column("head", String(64), nullable=True),
    Column("seeded", Boolean, nullable=False, server_default=false()),
    Column("timers", Text, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("hidden", Boolean, nullable=False, server_default=false()),
    Column("wake", Float, nullable=True, index=True),
    Column("clocks", Text, nullable=True),
)

seats_t = Table(
    "backroom_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("joined", Boolean, nullable=False, server_default=false()),
)

actions_t = Table(
    "backroom_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("client_id", String(64), nullable=True),
    Column("chain", String(64), nullable=True),
)

leases_t = Table(
    "backroom_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires", Float, nullable=False),
)

snapshots_t = Table(
    "backroom_snapshots",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("state", Text, nullable=False),
)


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None
    joined: bool = False
    """Someone has sat here (opened the seat, or claimed it from the lobby): stored, so that
    after a restart an away player's seat is never offered to a newcomer."""

    @property
    def open(self) -> bool:
        """A seat for a person or an agent: the lobby's ``open_seats`` counts those nobody is
        connected to, in memory or not."""
        return self.kind != "bot"

    @property
    def unclaimed(self) -> bool:
        """A person's seat nobody has ever sat in: the lobby's ``free_seats`` while nobody is
        connected, offered to whoever claims one (``Seating.is_free``)."""
        return self.kind == "human" and not self.joined


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules_version: int
    bot_delay: float
    turn_timer: int | None
    created: float
    status: str
    outcome: dict[str, Any] | None
    head: str = GENESIS
    """The chain of the table's latest action (``backroom.server.chain``)."""
    seats: list[SeatRow] = field(default_factory=list)
    seeded: bool = False
    """The table's creator chose ``seed`` (a server started with ``--allow-seed``): whoever
    knows it can replay the deal, so every seat is told."""
    timers: dict[str, Any] | None = None
    """Idle timers for seats that are asked and do not answer (``backroom.server.idle``)."""
    rematch: str | None = None
    """The table that followed this one (one at most: ``backroom.server.rematch``)."""
    rematch_of: str | None = None
    """The table this one followed."""
    hidden: bool = False
    """A player hid the table from the lobby's public list: only its links lead to it."""
    clocks: dict[str, Any] | None = None
    """The timers' clocks of a table that went to sleep (``backroom.server.sleeping``)."""


@dataclass(slots=True)
class ActionRow:
    n: int
    seat: int
    action: list[Any]
    client_id: str | None


@dataclass(slots=True)
class Write:
    """One action to store, with what changes beside it (a snapshot, the end of the game).
    ``action`` is its JSON text, stored and hashed exactly so; ``chain`` links it to the
    table's previous action and becomes the table's head."""

    table_id: str
    n: int
    seat: int
    action: str
    client_id: str | None
    chain: str
    snapshot: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    epoch: int | None = None
    """The writer's lease on the table (``backroom.server.leases``): the write commits only if
    the lease is still at this epoch. None: no lease checked (tools, a table's creation)."""


def decode(table_id: str, key: str, text: str, n: int = 0) -> Any:
    """JSON stored in a column; ``Damaged`` (naming the table and the column) if it is not."""
    try:
        return json.loads(text)
    except ValueError as exc:
        raise Damaged(table_id, key, {"n": n, "error": str(exc)}) from None


def _clocks(text: str) -> Any:
    """A sleeping table's clocks: no part of its log, so text that does not decode is no
    damage; it reads as clocks that do not fit (``sleeping.restore`` passes them by)."""
    try:
        return json.loads(text)
    except ValueError:
        return {}


def seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.joined))


def table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        players=r.players,
        options=decode(r.id, "options_json", r.options),
        seed=int(r.seed),
        seeded=bool(r.seeded),
        hidden=bool(r.hidden),
        rules_version=r.rules_version,
        bot_delay=float(r.bot_delay),
        turn_timer=r.turn_timer,
        created=float(r.created),
        status=r.status,
        outcome=decode(r.id, "outcome_json", r.outcome) if r.outcome else None,
        head=r.head or GENESIS,
        timers=decode(r.id, "timers_json", r.timers) if r.timers else None,
        rematch=r.rematch,
        rematch_of=r.rematch_of,
        clocks=_clocks(r.clocks) if r.clocks else None,
    )


def listed_row(r: Any) -> TableRow:
    """A row of the lobby's list: a damaged one is listed as such, never failing the list."""
    try:
        return table_row(r)
    except Damaged:
        return TableRow(
            r.id, r.game, r.players, {}, 0, r.rules_version, 0.0, None, float(r.created), "damaged", None
        )


TABLE_COLUMNS = (
    "id",
    "game",
    "players",
    "options",
    "seed",
    "seeded",
    "hidden",
    "rules_version",
    "bot_delay",
    "turn_timer",
    "timers",
    "rematch_of",
    "created",
    "status",
    "outcome",
)
"""The columns a new table's row is stored with (``table_values``); the others keep their
defaults."""

SEAT_COLUMNS = ("table_id", "seat", "kind", "bot", "name", "token_hash", "joined")
"""The columns of a new table's seats (``seat_values``)."""


def table_values(row: TableRow) -> tuple[Any, ...]:
    """A new table's ``TABLE_COLUMNS``, in order."""
    timers = None if row.timers is None else json.dumps(row.timers)
    return (
        row.id,
        row.game,
        row.players,
        json.dumps(row.options),
        row.seed,
        row.seeded,
        row.hidden,
        row.rules_version,
        row.bot_delay,
        row.turn_timer,
        timers,
        row.rematch_of,
        row.created,
        row.status,
        None,
    )


def seat_values(row: TableRow) -> list[tuple[Any, ...]]:
    """A new table's ``SEAT_COLUMNS`` for each seat, in order."""
    return [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash, s.joined) for s in row.seats]


def new_table_rows(row: TableRow, mark: str) -> list[tuple[str, list[Any]]]:
    """The statements that store a new table and its seats on a DB-API cursor (parameters
    marked ``mark``), with their values: the rows ``Store.create_table`` writes."""
    table_marks = ", ".join([mark] * len(TABLE_COLUMNS))
    statements = [
        (
            f"INSERT INTO backroom_tables ({', '.join(TABLE_COLUMNS)}) VALUES ({table_marks})",
            list(table_values(row)),
        )
    ]
    seats = seat_values(row)
    if seats:  # every table has some
        seat_marks = ", ".join(["(" + ", ".join([mark] * len(SEAT_COLUMNS)) + ")"] * len(seats))
        statements.append(
            (
                f"INSERT INTO backroom_seats ({', '.join(SEAT_COLUMNS)}) VALUES {seat_marks}",
                [v for s in seats for v in s],
            )
        )
    return statements
