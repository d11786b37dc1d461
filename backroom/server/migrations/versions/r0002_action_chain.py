"""Chain the action log (``backroom.server.chain``): ``backroom_actions.chain`` and
``backroom_tables.head``, computed here for the rows already stored.

A log that was already damaged before this step gets a chain over what is there: the chain
finds what happens to a log from now on, and the load still refuses a gap or a row that does
not decode.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

from backroom.server.chain import GENESIS, link

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("backroom_actions", sa.Column("chain", sa.String(64), nullable=True))
    op.add_column("backroom_tables", sa.Column("head", sa.String(64), nullable=True))
    actions = sa.table(
        "backroom_actions",
        sa.column("table_id", sa.String),
        sa.column("n", sa.Integer),
        sa.column("seat", sa.Integer),
        sa.column("action", sa.Text),
        sa.column("client_id", sa.String),
        sa.column("chain", sa.String),
    )
    tables = sa.table("backroom_tables", sa.column("id", sa.String), sa.column("head", sa.String))
    connection = op.get_bind()
    set_chain = (
        sa.update(actions)
        .where(actions.c.table_id == sa.bindparam("t"), actions.c.n == sa.bindparam("k"))
        .values(chain=sa.bindparam("c"))
    )
    set_head = sa.update(tables).where(tables.c.id == sa.bindparam("t")).values(head=sa.bindparam("h"))
    # One table at a time: memory holds one log, however large the database.
    for table_id in connection.scalars(sa.select(actions.c.table_id).distinct()).all():
        chain = GENESIS
        chains = []
        for row in connection.execute(
            sa.select(actions.c.n, actions.c.seat, actions.c.action, actions.c.client_id)
            .where(actions.c.table_id == table_id)
            .order_by(actions.c.n)
        ).all():
            chain = link(chain, table_id, row.n, row.seat, row.action, row.client_id)
            chains.append({"t": table_id, "k": row.n, "c": chain})
        connection.execute(set_chain, chains)
        connection.execute(set_head, {"t": table_id, "h": chain})


def downgrade() -> None:
    op.drop_column("backroom_tables", "head")
    op.drop_column("backroom_actions", "chain")
