"""Research adapters: every registered game as a PettingZoo AEC environment (``pettingzoo``),
a Gymnasium environment against Backroom's bots (``gym``) and an OpenSpiel game (``openspiel``),
all through ``table.Table``. They need the ``research`` extra (``pip install -e
'.[research]'``); nothing else in Backroom imports them. See ``docs/research.md``.
"""

from collections.abc import Iterator
from contextlib import contextmanager

import backroom.i18n  # noqa: F401 (engine errors read as English sentences: ``backroom.engine.errors``)
from backroom.engine.errors import MissingExtra


@contextmanager
def research_extra() -> Iterator[None]:
    """Around an adapter's imports of the extra's libraries: one that is missing is said with
    the command that installs it, not as a bare ``ModuleNotFoundError: numpy``."""
    try:
        yield
    except ModuleNotFoundError as missing:
        raise MissingExtra("error.research_missing", module=missing.name or "") from None
