"""Tables asleep (``backroom.server.sleeping``): ``backroom_tables.wake``, when (wall clock) a
table out of memory has a timer due, indexed for upkeep's look for the due ones; ``clocks``,
JSON, what its timers had run when it went to sleep. Both null for every other table.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("backroom_tables", sa.Column("wake", sa.Float(), nullable=True))
    op.add_column("backroom_tables", sa.Column("clocks", sa.Text(), nullable=True))
    op.create_index("ix_backroom_tables_wake", "backroom_tables", ["wake"])


def downgrade() -> None:
    op.drop_index("ix_backroom_tables_wake", "backroom_tables")
    for column in ("clocks", "wake"):
        op.drop_column("backroom_tables", column)
