"""Mark the tables dealt from a seed their creator chose (``--allow-seed``): every seat of such
a table is told, since whoever knows the seed knows every hidden card.

Before this revision a chosen seed was kept as the bitwise complement of the seed (a negative
value); such rows are turned into the seed and the mark.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "backroom_tables", sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    tables = sa.table("backroom_tables", sa.column("seed", sa.BigInteger), sa.column("seeded", sa.Boolean))
    # ~seed == -seed - 1: the complement read back as the seed it stood for.
    op.execute(sa.update(tables).where(tables.c.seed < 0).values(seed=-tables.c.seed - 1, seeded=True))


def downgrade() -> None:
    tables = sa.table("backroom_tables", sa.column("seed", sa.BigInteger), sa.column("seeded", sa.Boolean))
    op.execute(sa.update(tables).where(tables.c.seeded).values(seed=-tables.c.seed - 1))
    op.drop_column("backroom_tables", "seeded")
