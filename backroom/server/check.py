"""``backroom serve --check-db``: every table of a database verified offline, one verdict a line.

A table passes when its rows are what was written (the hash chain, ``backroom.server.chain``),
every row decodes, its whole log replays from the deal under the engine's rules, and each
stored snapshot equals the replay at its action. The server does less at load (the chain, and
a replay from the latest snapshot): this is the check to run before trusting a backup, or
after a table was quarantined and the database repaired.
"""

from __future__ import annotations

import json
from typing import TextIO

from sqlalchemy import select

from backroom.games import get_game
from backroom.i18n import translate
from backroom.server.chain import Damaged
from backroom.server.rows import snapshots_t
from backroom.server.store import Store


def check_database(url: str, lang: str, out: TextIO) -> int:
    """Print a verdict per table and a summary; 0 if every table is sound, else 1."""
    store = Store(url)
    try:
        ids = store.table_ids()
        damaged = 0
        for table_id in ids:
            try:
                line = check_table(store, table_id, lang)
            except Damaged as problem:
                damaged += 1
                line = translate(
                    lang, "ui.check_db_damaged", {"table": table_id, "reason": problem.text(lang)}
                )
            print(line, file=out)
        # The counts choose each noun's plural form: "1 table checked", "1 mesa dañada".
        damaged_tables = {"$": "ui.check_db_damaged_count", "count": damaged}
        summary = translate(lang, "ui.check_db_summary", {"count": len(ids), "damaged": damaged_tables})
        print(summary, file=out)
    finally:
        store.engine.dispose()
    return 1 if damaged else 0


def check_table(store: Store, table_id: str, lang: str) -> str:
    """The verdict on one table, or ``Damaged`` saying what is wrong with it."""
    loaded = store.load_table(table_id)
    assert loaded is not None  # listed a moment ago, and nothing else uses the database
    row, _, _, actions = loaded
    try:
        game = get_game(row.game)
    except Exception as exc:
        raise Damaged(table_id, "no_load", {"error": f"{type(exc).__name__}: {exc}"}) from None
    if row.rules_version != game.rules_version:
        return translate(lang, "ui.check_db_other_rules", {"table": table_id})
    with store.engine.connect() as conn:
        query = select(snapshots_t.c.n, snapshots_t.c.state).where(snapshots_t.c.table_id == table_id)
        snapshots: dict[int, str] = {n: state for n, state in conn.execute(query)}
    try:
        state, _ = game.start(row.players, row.options, row.seed)
    except Exception as exc:
        raise Damaged(table_id, "no_load", {"error": f"{type(exc).__name__}: {exc}"}) from None
    for a in actions:
        try:
            state.apply(a.seat, tuple(a.action))
        except Exception as exc:
            raise Damaged(
                table_id, "no_replay", {"n": a.n, "error": f"{type(exc).__name__}: {exc}"}
            ) from None
        stored = snapshots.pop(a.n, None)
        if stored is not None and _json(stored) != _json(json.dumps(state.to_json())):
            raise Damaged(table_id, "snapshot_differs", {"n": a.n})
    if snapshots:  # a snapshot beyond the log: the log lost its end
        raise Damaged(table_id, "snapshot_differs", {"n": min(snapshots)})
    return translate(lang, "ui.check_db_ok", {"table": table_id, "count": len(actions)})


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text
