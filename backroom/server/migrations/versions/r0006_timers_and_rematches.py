"""Idle timers for connected seats (``backroom_tables.timers``, JSON, null: none) and rematches
(``backroom_tables.rematch``: the table that followed this one; ``rematch_of``: the one it
followed), so that the lobby links them and a table is followed once only, across restarts.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("backroom_tables", sa.Column("timers", sa.Text(), nullable=True))
    op.add_column("backroom_tables", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("backroom_tables", sa.Column("rematch_of", sa.String(32), nullable=True))


def downgrade() -> None:
    for column in ("rematch_of", "rematch", "timers"):
        op.drop_column("backroom_tables", column)
