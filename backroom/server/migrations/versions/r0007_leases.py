"""Leases (``backroom_leases``): which worker process owns each table, until when, and the
epoch that grows at every change of owner, so that a worker that lost a table can never write
its log again (``backroom.server.leases``).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "backroom_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("backroom_leases")
