"""The schema of release 0.1.0, exactly as its ``create_all`` made it.

Revision ID: 0001
Revises: (none)
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "backroom_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("turn_timer", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("outcome", sa.Text, nullable=True),
    )
    op.create_table(
        "backroom_seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_backroom_seats_token_hash", "backroom_seats", ["token_hash"])
    op.create_table(
        "backroom_actions",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
    )
    op.create_table(
        "backroom_snapshots",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("backroom_snapshots", "backroom_actions", "backroom_seats", "backroom_tables"):
        op.drop_table(name)
