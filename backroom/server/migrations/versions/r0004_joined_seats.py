"""Remember which seats someone has sat in (``backroom_seats.joined``), so that the lobby can
offer a seat nobody came to after a restart too, and never the seat of a player who is away.

Seats stored before this revision are marked joined: nothing says whether anyone sat in them,
and offering an away player's seat to a stranger is the mistake to avoid.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "backroom_seats", sa.Column("joined", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    seats = sa.table("backroom_seats", sa.column("joined", sa.Boolean))
    op.execute(sa.update(seats).values(joined=True))


def downgrade() -> None:
    op.drop_column("backroom_seats", "joined")
