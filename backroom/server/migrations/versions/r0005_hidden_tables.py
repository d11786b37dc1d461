"""Tables a player hid from the lobby's public list (``backroom_tables.hidden``): reachable by
their links only. Tables stored before this revision stay listed, as they were.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "backroom_tables", sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("backroom_tables", "hidden")
